"""The context of one rule's page: texts per version with differences, links in and out."""

from __future__ import annotations

from dataclasses import replace

from markupsafe import Markup

from kb.graph import Link, RuleGraph, RuleNode, RuleText, same_text, version_key
from kb.releases import is_japanese_version, release_of
from kb.rulenum import RuleNumber
from kb.site.checks import checks_of
from kb.site.context import (
    ChildView,
    EnglishView,
    PageMention,
    ReferenceIn,
    ReferenceOut,
    RuleLink,
    RulePage,
    TextRow,
    VersionText,
)
from kb.site.diff import WordDiffs, char_diff
from kb.site.history_pages import badges, timeline
from kb.site.markup import LinkEnv, Prose
from kb.site.outdated_notes import rule_notes
from kb.site.sitemap import SiteMap
from kb.site.source_links import citation, english_source, japanese_sources
from kb.site.urls import rule_path

SUMMARY_CHARS = 24
"""How much of an untitled rule's text a sibling list or previous/next link shows."""

SIBLING_WINDOW = 6
"""Siblings listed on each side of a rule when there are more than :data:`ALL_SIBLINGS`;
a chapter of 190 rules is listed by its parent."""
ALL_SIBLINGS = 30

_LEVEL_NAMES = {"section": "セクション", "chapter": "章", "rule": "ルール", "subrule": "サブルール"}
_PAGE_KINDS = {"quote": "引用", "mention": "言及", "infobox": "項目"}


def rule_page(graph: RuleGraph, node: RuleNode, sitemap: SiteMap, prose: Prose,
              diffs: WordDiffs | None = None) -> RulePage:
    number = node.number
    path = rule_path(number)
    env = LinkEnv(path)
    link = sitemap.node_link(node)
    context_title = node.title or next((graph.nodes[a].title for a in number.ancestors()
                                        if a in graph.nodes and graph.nodes[a].title), None)
    heading = f"{number} {context_title}" if context_title else str(number)
    page = RulePage(path=path, title=heading, kind="rule", rule=link,
                    level=_LEVEL_NAMES[number.level.name.lower()], dangling=node.is_dangling,
                    context_title=None if node.title else context_title)
    page.description = _plain_summary(node)
    # Japanese versions only: the English releases a rule is in change with every release
    # (the history says when its English text began).
    page.versions = [v for v in node.versions if is_japanese_version(v)]
    page.crumbs = [sitemap.rule(a) for a in reversed(number.ancestors())]
    page.titles = _versions(node.titles, prose, env, sitemap)
    # The heading is the page's h1: older headings are listed only where they differ.
    page.older_titles = [t for t in page.titles[1:] if not t.same_as_newer]
    page.texts = _versions(node.texts, prose, env, sitemap)
    page.children = [ChildView(sitemap.node_link(c), _summary_html(c, prose, env))
                     for c in graph.children(number)]
    page.siblings, page.siblings_cut = _siblings(graph, node, sitemap)
    previous, following = graph.previous(number), graph.next(number)
    page.previous = summarised_link(sitemap, previous) if previous else None
    page.next = summarised_link(sitemap, following) if following else None
    page.references = _references_out(node.references, sitemap)
    page.referenced_by = _references_in(graph, node.referenced_by, sitemap, prose, env)
    page.pages = _mentions(node, sitemap)
    page.glossary = [(graph.glossary[key].entry.headword or key, sitemap.glossary[key])
                     for key in node.glossary]
    page.checks = checks_of(node)
    page.verified = sum(1 for c in page.checks if c.status == "pass")
    page.citation = citation(str(number), page.versions[0] if page.versions else None)
    page.english, page.older_english = _english(graph, node, sitemap, prose, env)
    page.rows = _rows(page)
    first_release = graph.english_releases[0] if graph.english_releases else None
    page.badges = badges(node, first_release)
    page.timeline = timeline(node, first_release, diffs)
    page.identity = node.identity
    return page


def _rows(page: RulePage) -> list[TextRow]:
    """The newest Japanese text beside the newest English, each older Japanese text beside
    the English of its release; English of a release without Japanese text after."""
    rows: list[TextRow] = []
    left = dict(page.older_english)
    for index, text in enumerate(page.texts):
        if index == 0:
            rows.append(TextRow(text, page.english))
        else:
            rows.append(TextRow(text, left.pop(release_of(text.version) or text.version, None)))
    if not page.texts and page.english is not None:
        rows.append(TextRow(None, page.english))
    rows.extend(TextRow(None, english) for english in left.values())
    return rows


def _english(graph: RuleGraph, node: RuleNode, sitemap: SiteMap, prose: Prose,
             page_env: LinkEnv) -> tuple[EnglishView | None, dict[str, EnglishView]]:
    """The newest English text (labelled with the release its wording began in, not the
    newest release: a page must not change with every release) and older ones."""
    newest: EnglishView | None = None
    older: dict[str, EnglishView] = {}
    for text in node.english:
        env = LinkEnv(page_env.page_path, numbering=sitemap.numbering(text.version))
        html = Markup(prose.inline(text.text, env))
        examples = [Markup(prose.inline(e.text, env)) for e in text.examples]
        if text.release == graph.newest_english:
            since = node.history[-1].first if node.history else None
            newest = EnglishView(html, examples, since, text.release, [])
        else:
            older[text.release] = EnglishView(html, examples, None, text.release,
                                              [english_source(text.release)])
    return newest, older


def _versions(texts: list[RuleText], prose: Prose, page_env: LinkEnv,
              sitemap: SiteMap) -> list[VersionText]:
    """Newest first; each older text carries the diff to the version after it, and links
    the numbers in it as its own release meant them."""
    views: list[VersionText] = []
    for index, text in enumerate(texts):
        env = LinkEnv(page_env.page_path, numbering=sitemap.numbering(text.version))
        examples = [prose.inline(e.text, env) for e in text.examples]
        sources = japanese_sources(text.version, text.sources, sitemap.pages)
        html = Markup(prose.inline(text.text, env))
        newer = texts[index - 1] if index > 0 else None
        if newer is None:
            views.append(VersionText(text.version, html, sources, [Markup(e) for e in examples], True))
            continue
        if newer.version == text.version:  # a conflict: two texts for one version
            views.append(VersionText(text.version, html, sources, [Markup(e) for e in examples],
                                     False, None, False, newer.version))
            continue
        same = same_text(text.text, newer.text)
        diff = None if same else char_diff(text.text, newer.text).html
        views.append(VersionText(text.version, html, sources, [Markup(e) for e in examples],
                                 False, diff, same, newer.version))
    seen: dict[str, int] = {}
    for index, view in enumerate(views):
        seen[view.version] = seen.get(view.version, 0) + 1
        count = seen[view.version]
        views[index] = replace(view, anchor=f"v{view.version}" + (f"-{count}" if count > 1 else ""))
    return views


def _summary_html(node: RuleNode, prose: Prose, env: LinkEnv) -> Markup:
    if node.texts:
        return Markup(prose.inline(node.texts[0].text, env))
    return Markup(prose.inline(node.title or "", env))


def _plain_summary(node: RuleNode) -> str:
    text = node.texts[0].text if node.texts else node.title or ""
    return text[:150]


def _siblings(graph: RuleGraph, node: RuleNode, sitemap: SiteMap) -> tuple[list[RuleLink], bool]:
    siblings, cut = shown_siblings(graph, node, sitemap.families)
    return [summarised_link(sitemap, s) for s in siblings], cut


def summary_of(node: RuleNode) -> str | None:
    """The start of an untitled rule's newest text (None for a heading or no text)."""
    if node.title or not node.texts:
        return None
    text = node.texts[0].text
    return text if len(text) <= SUMMARY_CHARS else text[:SUMMARY_CHARS] + "…"


def summarised_link(sitemap: SiteMap, node: RuleNode) -> RuleLink:
    found = sitemap.summarised.get(node.number)
    if found is None:
        link = sitemap.node_link(node)
        summary = summary_of(node)
        found = sitemap.summarised[node.number] = replace(link, summary=summary) if summary else link
    return found


def shown_siblings(graph: RuleGraph, node: RuleNode,
                   families: dict[RuleNumber | None, tuple[list[RuleNode], dict[RuleNumber, int]]]
                   | None = None) -> tuple[list[RuleNode], bool]:
    """The rules listed beside ``node``: all of its parent's, or a window around it.
    ``families`` keeps each parent's children and their positions across calls."""
    parent = node.number.parent
    family = families.get(parent) if families is not None else None
    if family is None:
        siblings = ([n for n in graph if n.number.parent is None] if parent is None
                    else graph.children(parent))
        family = (siblings, {s.number: i for i, s in enumerate(siblings)})
        if families is not None:
            families[parent] = family
    siblings, positions = family
    if len(siblings) <= ALL_SIBLINGS:
        return siblings, False
    index = positions[node.number]
    low, high = max(0, index - SIBLING_WINDOW), index + SIBLING_WINDOW + 1
    return siblings[low:high], low > 0 or high < len(siblings)


def _references_out(links: list[Link], sitemap: SiteMap) -> list[ReferenceOut]:
    grouped: dict[str, list[Link]] = {}
    for link in links:
        grouped.setdefault(str(link.target), []).append(link)
    return [
        ReferenceOut(sitemap.rule(group[0].target), group[0].raw, _version_list(group))
        for group in grouped.values()
    ]


def _references_in(graph: RuleGraph, links: list[Link], sitemap: SiteMap, prose: Prose,
                   env: LinkEnv) -> list[ReferenceIn]:
    grouped: dict[str, list[Link]] = {}
    for link in links:
        grouped.setdefault(link.origin, []).append(link)
    views = []
    for origin, group in grouped.items():
        found = sitemap.origin(origin)
        if found is None:
            continue
        label, path = found
        views.append(ReferenceIn(label, path, group[0].raw, _version_list(group),
                                 Markup(prose.inline(_holder_text(graph, origin, group[0]), env))))
    rule_first = sorted(views, key=lambda v: (not v.path.startswith("rules/"), _order(graph, v)))
    return rule_first


def _order(graph: RuleGraph, view: ReferenceIn) -> tuple[int, ...]:
    node = graph.get(view.label)
    return node.number.sort_key if node is not None else (0,)


def _holder_text(graph: RuleGraph, origin: str, link: Link) -> str:
    """The text that holds the reference, in the version it was found in."""
    kind, _, name = origin.partition(":")
    if kind == "glossary":
        return graph.glossary[name].entry.definition
    node = graph.get(name)
    if node is None:
        return link.raw
    for text in node.texts + node.titles:
        if text.version == link.version and link.raw in text.text:
            return text.text
        for example in text.examples:
            if link.raw in example.text:
                return "例：" + example.text
    return link.raw


def _version_list(links: list[Link]) -> list[str]:
    versions = {link.version for link in links if link.version}
    return sorted(versions, key=version_key, reverse=True)


def _mentions(node: RuleNode, sitemap: SiteMap) -> list[PageMention]:
    seen: set[tuple[str, str, int]] = set()
    mentions = []
    notes = dict(rule_notes(sitemap, node.number))
    for link in node.pages:
        key = (link.page, link.kind, link.line)
        if key in seen or link.page not in sitemap.pages:
            continue
        seen.add(key)
        path = sitemap.pages[link.page] + (f"#{link.anchor}" if link.anchor else "")
        mentions.append(PageMention(link.page, path, _PAGE_KINDS[link.kind], link.section,
                                    link.version, link.line, link.numbering == "possibly old",
                                    notes.pop((link.page, link.anchor), ())))
    # Passages about the rule that name no number (a check found them): listed too.
    for (title, anchor), found in notes.items():
        page = sitemap.graph.pages.get(title)
        section = next((s.title for s in page.sections if s.anchor == anchor), None) if page else None
        mentions.append(PageMention(title, found[0].passage, "記述", section, None, 0, False, found))
    return mentions
