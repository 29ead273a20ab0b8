"""The context of one wiki page: sections, bullets and citation blocks, with links."""

from __future__ import annotations

from urllib.parse import quote

from markupsafe import Markup

from kb.graph import RuleGraph, page_release
from kb.model import Block, Bullet, Paragraph, RevisionInfo, Section, WikiPage
from kb.numbering import numbering_of
from kb.releases import release_of, version_key
from kb.rulenum import find_references
from kb.site.context import (
    BlockView,
    BulletView,
    CitationEntryView,
    OutdatedNote,
    SectionView,
    WikiPageView,
)
from kb.site.markup import LinkEnv, Prose
from kb.site.outdated_notes import page_notes
from kb.site.sitemap import SiteMap


def wiki_page(graph: RuleGraph, page: WikiPage, sitemap: SiteMap, prose: Prose) -> WikiPageView:
    path = sitemap.pages[page.title]
    release = page_release(page)
    env = LinkEnv(path, sitemap.terms, skip_term=page.title, numbering=sitemap.numbering(release))
    view = WikiPageView(path=path, title=page.title, kind="page", english_name=page.english_name,
                        source=page.path)
    view.description = next((b.text[:150] for b in page.lead if isinstance(b, Paragraph)), "")
    view.infobox = [(key, Markup(prose.inline(value, env))) for key, value in page.infobox.items()]
    notes = page_notes(sitemap, page.title)
    view.lead = [_block(b, prose, env, notes) for b in page.lead]
    view.sections = [_section(s, sitemap, prose, env, notes) for s in page.sections]
    numbers = {sitemap.today(e.number, c.version) for c in page.citations for e in c.entries}
    for block in page.prose():
        numbers.update(sitemap.today(n, release) for ref in find_references(block.text)
                       for n in ref.numbers)
    view.rules = [sitemap.rule(n) for n in sorted(numbers, key=lambda n: n.sort_key)]
    named: dict[str, str] = {}
    for mention in page.cards:
        key = mention.english or mention.japanese
        if key and key in sitemap.cards:
            named.setdefault(mention.japanese or key, sitemap.cards[key])
    view.cards = list(named.items())
    view.revision = revision_label(page.revision) if page.revision.origin != "none" else None
    view.url = page_url(page)
    view.original_url = view.url or wiki_url(page.title)
    view.snapshot = snapshot_label(page)
    view.toc = [(s.anchor, s.title, s.level) for s in page.sections if s.anchor]
    view.revisions_path = sitemap.revisions.get(page.title)
    view.older_revisions = len(page.history)
    # Possibly old only where no renumbering map reaches the page's date (with English
    # releases its numbers were read as that date numbered them, like the graph's).
    current = sitemap.release
    if (release is not None and current is not None and graph.release_in_effect(release) is None
            and numbering_of(release, current) == "possibly old"):
        view.old_numbering = (release, current)
    return view


def revision_label(revision: RevisionInfo) -> str:
    """``2021-02-03 04:05:06 UTC``, ``2015-03-04 10:20``, ``2010-01-01``, with ``(版 25)``
    when the id is known; 日付不明 without a date."""
    stamp = revision.timestamp
    if stamp:
        date, _, time = stamp.partition("T")
        label = date
        if time:
            utc = time.endswith("Z")
            label += " " + time.rstrip("Z") + (" UTC" if utc else "")
    else:
        label = "日付不明"
    return f"{label}（版 {revision.id}）" if revision.id is not None else label


WIKI_BASE = "https://mtgwiki.com/wiki/"
"""Where a page read without an address of its own lives: the MTG Wiki by its title."""


def wiki_url(title: str) -> str:
    """``https://mtgwiki.com/wiki/フェイジング``, percent-encoded (spaces as ``_``, as MediaWiki)."""
    return WIKI_BASE + quote(title.replace(" ", "_"), safe="")


def snapshot_label(page: WikiPage) -> str:
    """When the text shown was the wiki's: the revision's date, else what bounds it (the
    newest CR release it quotes: the page is no older)."""
    if page.revision.origin != "none" and page.revision.timestamp:
        return f"{page.revision.timestamp[:10]} の版"
    quoted = [c.version for c in page.citations if c.entries]
    if quoted:
        newest = max(quoted, key=version_key)
        return f"版の日付不明（総合ルール {release_of(newest) or newest} を引用する版）"
    return "版の日付不明"


def page_url(page: WikiPage) -> str | None:
    """The page's address on the wiki, if it is a web address (never ``javascript:``)."""
    url = page.url
    return url if url and url.startswith(("https://", "http://")) else None


def _section(section: Section, sitemap: SiteMap, prose: Prose, env: LinkEnv,
             notes: dict[int, list[OutdatedNote]] | None = None) -> SectionView:
    notes = notes or {}
    citation = section.citation
    if citation is None:
        return SectionView(section.title, section.level, section.anchor,
                           [_block(b, prose, env, notes) for b in section.blocks])
    quoted = {e.number for e in citation.entries}
    numbering = sitemap.numbering(citation.version)
    quote_env = LinkEnv(env.page_path, numbering=numbering)
    entries = []
    for entry in citation.entries:
        today = sitemap.today(entry.number, citation.version)
        entries.append(CitationEntryView(
            sitemap.rule(today),
            Markup(prose.inline(entry.text, quote_env)),
            [Markup(prose.inline(x.text, quote_env)) for x in entry.examples],
            sum(1 for a in entry.number.ancestors() if a in quoted),
            entry.source.line,
            str(entry.number) if today != entry.number else None,
            notes.get(entry.source.line, []),
        ))
    return SectionView(section.title, section.level, section.anchor, [], citation.version, entries)


def _block(block: Block, prose: Prose, env: LinkEnv,
           notes: dict[int, list[OutdatedNote]] | None = None) -> BlockView:
    """A block; ``notes`` by line: the outdated-claim notes of its top-level passages."""
    notes = notes or {}
    if isinstance(block, Paragraph):
        return BlockView("paragraph", Markup(prose.inline(block.text, env)), notes=notes.get(block.line, []))
    return BlockView("bullets", items=[_bullet(b, prose, env, notes.get(b.line, [])) for b in block.items])


def _bullet(bullet: Bullet, prose: Prose, env: LinkEnv, notes: list[OutdatedNote] | None = None) -> BulletView:
    return BulletView(Markup(prose.inline(bullet.text, env)),
                      [_bullet(c, prose, env) for c in bullet.children], notes or [])
