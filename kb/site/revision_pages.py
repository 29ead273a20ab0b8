"""The revisions page of a wiki page: the revision the page shows, and each older one
read, dated, with its text as the wiki showed it (folded away until asked for).

Older revisions are not part of the graph, so they are read again here
(:func:`kb.sources.corpus.read_old_revision`), and a rule number one cites is linked only
when the site has a page for it: an old revision may cite a number the CR has since
dropped.
"""

from __future__ import annotations

from markupsafe import Markup

from kb.errors import KbError
from kb.graph import RuleGraph
from kb.model import Bullet, BulletList, OldRevision, Paragraph, Section, WikiPage
from kb.site.context import BlockView, BulletView, RevisionsPage, RevisionView, SectionView
from kb.site.markup import LinkEnv, Prose
from kb.site.sitemap import SiteMap
from kb.site.wiki_pages import page_url, revision_label
from kb.sources.corpus import read_old_revision

ORIGINS = {"xml": "XMLエクスポート", "header": "版の見出し", "file name": "ファイル名", "none": "日付なし"}
FORMS = {"indented": "テキスト", "flat": "テキスト（リーダー表示）", "wikitext": "ウィキテキスト",
         "html": "保存したHTML"}


def revisions_page(graph: RuleGraph, page: WikiPage, sitemap: SiteMap, prose: Prose) -> RevisionsPage:
    path = sitemap.revisions[page.title]
    view = RevisionsPage(path=path, title=f"「{page.title}」の版", kind="revisions",
                         description=f"{page.title} の読み込んだ版の一覧。",
                         page_title=page.title, page_path=sitemap.pages[page.title], url=page_url(page))
    view.current = RevisionView(revision_label(page.revision), ORIGINS[page.revision.origin],
                                page.path, FORMS[page.skin])
    env = LinkEnv(path, known=graph.nodes)
    view.older = [_older(page.title, old, prose, env) for old in page.history]
    return view


def _older(title: str, old: OldRevision, prose: Prose, env: LinkEnv) -> RevisionView:
    view = RevisionView(revision_label(old.revision), ORIGINS[old.revision.origin],
                        f"{old.path}:{old.line}", FORMS[old.format])
    try:
        revision = read_old_revision(title, old)
    except KbError as err:
        view.error = str(err)
        return view
    view.lead = [_block(b, prose, env) for b in revision.lead]
    view.sections = [_section(s, prose, env) for s in revision.sections]
    return view


def _section(section: Section, prose: Prose, env: LinkEnv) -> SectionView:
    if section.citation is None:
        return SectionView(section.title, section.level, section.anchor,
                           [_block(b, prose, env) for b in section.blocks])
    # The quoted rules as the revision quoted them: text, with the numbers linked only
    # where the site has the rule.
    items = [BulletView(Markup(prose.inline(f"{e.number} {e.text}", env)),
                        [BulletView(Markup(prose.inline(f"例：{x.text}", env)), []) for x in e.examples])
             for e in section.citation.entries]
    return SectionView(section.title, section.level, section.anchor,
                       [BlockView("bullets", items=items)] if items else [])


def _block(block: Paragraph | BulletList, prose: Prose, env: LinkEnv) -> BlockView:
    if isinstance(block, Paragraph):
        return BlockView("paragraph", Markup(prose.inline(block.text, env)))
    return BlockView("bullets", items=[_bullet(b, prose, env) for b in block.items])


def _bullet(bullet: Bullet, prose: Prose, env: LinkEnv) -> BulletView:
    return BulletView(Markup(prose.inline(bullet.text, env)), [_bullet(c, prose, env) for c in bullet.children])
