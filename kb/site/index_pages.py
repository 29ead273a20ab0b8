"""Contexts of the site-wide pages: home, glossary, dangling references, search."""

from __future__ import annotations

from markupsafe import Markup

from kb.graph import RuleGraph
from kb.releases import is_japanese_version
from kb.rulenum import Level
from kb.site.context import (
    CardsPage,
    CardView,
    DanglingPage,
    DanglingView,
    GlossaryPage,
    HomePage,
    NotFoundPage,
    SearchPage,
    TreeNode,
)
from kb.site.glossary_pages import glossary_views
from kb.site.markup import LinkEnv, Prose
from kb.site.sitemap import SiteMap
from kb.site.urls import (
    CARDS,
    DANGLING,
    GLOSSARY,
    INDEX,
    NOT_FOUND,
    SEARCH,
    card_anchor,
)


def home_page(graph: RuleGraph, sitemap: SiteMap) -> HomePage:
    page = HomePage(path=INDEX, title="総合ルール知識ベース", kind="home",
                    description="日本語の総合ルールとMTG Wikiの解説を、番号のリンクと検索でつないだ参照サイト。")
    page.counts = [
        ("本文のあるルール", sum(1 for n in graph if n.has_text)),
        ("ルール番号", len(graph.nodes)),
        ("Wikiページ", len(graph.pages)),
        ("用語集の項目", len(graph.glossary)),
    ]
    page.dangling = len(graph.dangling())
    page.version_notes = version_notes(graph)
    sections = [n for n in graph if n.number.level == Level.SECTION]
    page.tree = [
        TreeNode(sitemap.node_link(s), [TreeNode(sitemap.node_link(c), [])
                                        for c in graph.children(s.number)])
        for s in sections
    ]
    page.wiki_pages = [(title, sitemap.pages[title], graph.pages[title].english_name)
                       for title in sorted(graph.pages)]
    return page


def version_notes(graph: RuleGraph) -> list[tuple[str, str]]:
    """Each Japanese version and the English releases, with what the site has of them:
    the whole CR, or only the rules wiki pages quote (and how many)."""
    notes: list[tuple[str, str]] = []
    complete = {s.version for s in graph.sources if s.kind == "cr" and s.version}
    for version in graph.versions:
        if not is_japanese_version(version):
            continue
        rules = sum(1 for n in graph if n.text_in(version) is not None)
        if version in complete:
            notes.append((version, f"日本語の全文（本文のあるルール {rules:,}、用語集）"))
        else:
            notes.append((version, f"日本語は Wiki ページが引用する {rules:,} ルールの本文のみ"))
    releases = graph.english_releases
    if releases:
        span = releases[0] if len(releases) == 1 else f"{releases[0]} 〜 {releases[-1]}"
        notes.append((releases[-1], f"英語版 {len(releases)} 版（{span}）の本文と履歴"))
    return notes


def glossary_page(graph: RuleGraph, sitemap: SiteMap, prose: Prose) -> GlossaryPage:
    page = GlossaryPage(path=GLOSSARY, title="用語集", kind="glossary",
                        description="総合ルールの用語集。")
    page.entries = glossary_views(graph, sitemap.glossary, prose, GLOSSARY)
    english = graph.english_terms()
    english_env = LinkEnv(GLOSSARY, known=graph.nodes)
    matched = {id(t) for t in english.values()}
    page.english_only = [(t.term, Markup(prose.inline(t.definition, english_env)))
                         for t in graph.english_glossary if id(t) not in matched]
    page.english_release = graph.english_glossary[0].release if graph.english_glossary else None
    seen: set[str] = set()
    for view in page.entries:
        initial = view.reading[:1] or view.headword[:1]
        if initial and initial not in seen:
            seen.add(initial)
            page.groups.append((initial, view.anchor))
    return page


def cards_page(graph: RuleGraph, sitemap: SiteMap) -> CardsPage:
    page = CardsPage(path=CARDS, title="カード索引", kind="cards",
                     description="Wikiページと総合ルールが名前を挙げるカード。")
    cards = sorted(graph.cards.values(), key=lambda c: (c.reading or c.japanese or "~", c.key))
    for card in cards:
        pages = []
        for link in card.pages:
            if link.page in sitemap.pages:
                label = f"{link.page} › {link.section}" if link.section else link.page
                anchor = f"#{link.anchor}" if link.anchor else ""
                pages.append((label, sitemap.pages[link.page] + anchor))
        page.entries.append(CardView(card_anchor(card.key), card.japanese, card.english, card.reading,
                                     pages, [sitemap.rule(n) for n in card.rules]))
    seen: set[str] = set()
    for view in page.entries:
        initial = (view.reading or view.japanese or view.english or "")[:1]
        if initial and initial not in seen:
            seen.add(initial)
            page.groups.append((initial, view.anchor))
    return page


def dangling_page(graph: RuleGraph, sitemap: SiteMap) -> DanglingPage:
    page = DanglingPage(path=DANGLING, title="本文のない参照先", kind="dangling",
                        description="引用・言及されているが、読み込んだ資料に本文がないルール番号。")
    for node in graph.dangling():
        cited: dict[str, str] = {}
        for link in node.referenced_by:
            found = sitemap.origin(link.origin)
            if found is not None:
                cited.setdefault(*found)
        for mention in node.pages:
            if mention.kind != "quote" and mention.page in sitemap.pages:
                anchor = f"#{mention.anchor}" if mention.anchor else ""
                cited.setdefault(mention.page, sitemap.pages[mention.page] + anchor)
        page.entries.append(DanglingView(sitemap.node_link(node), sorted(cited.items())))
    return page


def search_page() -> SearchPage:
    return SearchPage(path=SEARCH, title="検索", kind="search",
                      description="ルール本文・Wikiページ・用語集の全文検索。")




def not_found_page() -> NotFoundPage:
    """``404.html``: what ``kb serve`` and static hosts send for a path with no file."""
    return NotFoundPage(path=NOT_FOUND, title="ページが見つかりません", kind="notfound",
                        description="このアドレスのページはありません。")
