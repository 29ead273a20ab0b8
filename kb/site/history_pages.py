"""The history on the site: each rule's timeline and badges, and one page per release.

Built from the rules' runs of releases (:class:`kb.graph.HistorySpan`): a rule page lists
where its English text was added, changed or renumbered, each change as a word-level
diff; a release page lists what that release added, removed, renumbered and changed
(what the official update bulletins describe, computed).

A rule page says nothing that changes with every release (its last run is "since
2021-04-19", with no end), so adding a release renders again only the pages of the
rules it changed.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from markupsafe import Markup, escape

from kb.build.reuse import digest
from kb.graph import HistorySpan, Lineage, RuleGraph, RuleNode, same_text
from kb.releases import release_of
from kb.site.context import (
    ReleaseEntry,
    ReleasePage,
    ReleaseRow,
    ReleasesPage,
    TimelineEntry,
)
from kb.site.diff import WordDiffs
from kb.site.sitemap import SiteMap
from kb.site.urls import RELEASES, release_path

CHANGE_LABELS = {"added": "追加", "changed": "変更", "renumbered": "番号変更"}
BADGE_TEXT = {"added": "で追加", "changed": "で変更", "renumbered": "で番号変更"}


def _span_text(span: HistorySpan) -> str:
    return "\n".join([span.text, *(f"Example: {e}" for e in span.examples)])


def timeline(node: RuleNode, first_release: str | None = None,
             diffs: WordDiffs | None = None) -> list[TimelineEntry]:
    """The rule's English history, oldest first: one entry per run of releases.  A rule
    in ``first_release`` (the oldest read) is "収録" there, not added."""
    diffs = diffs if diffs is not None else WordDiffs()
    entries: list[TimelineEntry] = []
    previous: HistorySpan | None = None
    for index, span in enumerate(node.history):
        final = index == len(node.history) - 1
        if previous is None:
            html = Markup(escape(_span_text(span)))
        elif _span_text(previous) != _span_text(span):
            html = diffs.html(_span_text(previous), _span_text(span))
        else:
            html = Markup("")
        was = str(previous.number) if previous is not None and previous.number != span.number else None
        label = "収録" if span.first == first_release else CHANGE_LABELS.get(span.change, "")
        entries.append(TimelineEntry(span.first, None if final else span.last, str(span.number), was,
                                     span.change, label, html))
        previous = span
    return entries


def keep_timeline_diffs(node: RuleNode, diffs: WordDiffs) -> None:
    """The diffs of the rule's timeline kept for the next build, its page being kept."""
    for previous, span in itertools.pairwise(node.history):
        older, newer = _span_text(previous), _span_text(span)
        if older != newer:
            diffs.keep(older, newer)


def badges(node: RuleNode, first_release: str | None = None) -> list[str]:
    """The latest change of each language: ``2025-02-07 で変更`` (English) and, when its
    newest Japanese text differs from the one before, ``2026-01-16 で変更 (日本語)``."""
    found = []
    changes = [s for s in node.history[1:] if s.change != "unchanged"]
    if changes:
        found.append(f"{changes[-1].first} {BADGE_TEXT[changes[-1].change]}")
    elif node.history and node.history[0].first != first_release:
        found.append(f"{node.history[0].first} {BADGE_TEXT['added']}")
    japanese = sorted((t for t in node.texts), key=lambda t: t.release)
    if len(japanese) > 1 and not same_text(japanese[-1].text, japanese[-2].text):
        found.append(f"{japanese[-1].release} で変更（日本語）")
    return found


# -- release pages ------------------------------------------------------------------------


@dataclass
class ReleaseChanges:
    """What one English release did, from the lineages."""

    added: list[tuple[Lineage, HistorySpan]]
    removed: list[tuple[Lineage, HistorySpan]]
    renumbered: list[tuple[Lineage, HistorySpan, HistorySpan]]
    changed: list[tuple[Lineage, HistorySpan, HistorySpan]]


def release_changes(graph: RuleGraph) -> dict[str, ReleaseChanges]:
    """Per English release, what it added, removed, renumbered and changed (against the
    release before it); one pass over every lineage."""
    releases = graph.english_releases
    following = dict(itertools.pairwise(releases))
    found = {r: ReleaseChanges([], [], [], []) for r in releases}
    for lineage in graph.lineages:
        previous: HistorySpan | None = None
        for span in lineage.spans:
            changes = found[span.first]
            if previous is None:
                changes.added.append((lineage, span))
            elif span.change == "renumbered":
                changes.renumbered.append((lineage, previous, span))
            elif span.change in ("changed", "added"):
                changes.changed.append((lineage, previous, span))
            previous = span
        if previous is not None and previous.last in following:
            found[following[previous.last]].removed.append((lineage, previous))
    return found


def release_page(graph: RuleGraph, sitemap: SiteMap, changes: dict[str, ReleaseChanges],
                 release: str, diffs: WordDiffs | None = None) -> ReleasePage:
    releases = graph.english_releases
    k = releases.index(release)
    found = changes[release]
    path = release_path(release)
    page = ReleasePage(path=path, title=f"総合ルール {release} の変更", kind="release",
                       description=f"総合ルール {release} 版で追加・削除・番号変更・変更されたルール。")
    page.release = release
    page.previous = releases[k - 1] if k > 0 else None
    page.previous_path = release_path(releases[k - 1]) if k > 0 else None
    page.next = releases[k + 1] if k + 1 < len(releases) else None
    page.next_path = release_path(releases[k + 1]) if k + 1 < len(releases) else None
    page.japanese = _japanese_versions(graph).get(release)
    page.first = k == 0
    diffs = diffs if diffs is not None else WordDiffs()
    page.added = [_entry(sitemap, diffs, lineage, span, None, with_text=k > 0) for lineage, span in found.added]
    page.removed = [_entry(sitemap, diffs, lineage, span, None) for lineage, span in found.removed]
    page.renumbered = [_entry(sitemap, diffs, lineage, span, before)
                       for lineage, before, span in found.renumbered]
    page.changed = [_entry(sitemap, diffs, lineage, span, before) for lineage, before, span in found.changed]
    return page


def keep_release_diffs(found: ReleaseChanges, diffs: WordDiffs) -> None:
    """The diffs of a release page kept for the next build, the page being kept (a rule
    removed since shows its changes there alone)."""
    for _, before, span in found.renumbered + found.changed:
        older, newer = _span_text(before), _span_text(span)
        if older != newer:
            diffs.keep(older, newer)


def release_page_keys(graph: RuleGraph, changes: dict[str, ReleaseChanges],
                      site_key: str) -> dict[str, str]:
    """Each release page's inputs, hashed: its neighbours, its Japanese version, and for
    each rule listed its numbers, texts and its link today (number, title, text or not)."""
    releases = graph.english_releases
    japanese = _japanese_versions(graph)
    keys = {}
    for k, release in enumerate(releases):
        found = changes[release]
        parts = [site_key, release, releases[k - 1] if k else "-",
                 releases[k + 1] if k + 1 < len(releases) else "-", japanese.get(release, "-")]
        for kind, lineage, spans in (
                [("added", lineage, (span,)) for lineage, span in found.added]
                + [("removed", lineage, (span,)) for lineage, span in found.removed]
                + [("renumbered", lineage, pair) for lineage, *pair in found.renumbered]
                + [("changed", lineage, pair) for lineage, *pair in found.changed]):
            parts.append(f"{kind}\x01{_link_key(graph, lineage)}")
            parts.extend(f"{s.number}\x02{_span_text(s)}" for s in spans)
        keys[release] = digest("\x00".join(parts))
    return keys


def _link_key(graph: RuleGraph, lineage: Lineage) -> str:
    if lineage.today is None:
        return "-"
    node = graph.nodes.get(lineage.today)
    title = node.title if node is not None else None
    has_text = node is not None and (node.has_text or bool(node.titles))
    return f"{lineage.today}\x03{title}\x03{has_text}"


def _entry(sitemap: SiteMap, diffs: WordDiffs, lineage: Lineage, span: HistorySpan,
           before: HistorySpan | None, with_text: bool = True) -> ReleaseEntry:
    rule = sitemap.rule(lineage.today) if lineage.today is not None else None
    if before is None:
        html = Markup(escape(_span_text(span))) if with_text else Markup("")
    elif _span_text(before) != _span_text(span):
        html = diffs.html(_span_text(before), _span_text(span))
    else:
        html = Markup("")
    was = str(before.number) if before is not None and before.number != span.number else None
    return ReleaseEntry(str(span.number), was, rule, html)


def releases_page(graph: RuleGraph, changes: dict[str, ReleaseChanges]) -> ReleasesPage:
    """Every release with text: English releases (with their page) and Japanese versions."""
    page = ReleasesPage(path=RELEASES, title="総合ルールの版", kind="releases",
                        description="読み込んだ総合ルールの版と、各版の変更。")
    japanese = _japanese_versions(graph)
    quoted = _quoted_counts(graph)
    english = set(graph.english_releases)
    for release in sorted(english | set(japanese), reverse=True):
        found = changes.get(release)
        counts = (len(found.added), len(found.removed), len(found.renumbered), len(found.changed)) \
            if found is not None else None
        version = japanese.get(release)
        complete = version is not None and any(s.kind == "cr" and s.version == version for s in graph.sources)
        page.rows.append(ReleaseRow(release, release_path(release) if release in english else None,
                                    counts, version, complete, quoted.get(version or "", 0)))
    return page


def _japanese_versions(graph: RuleGraph) -> dict[str, str]:
    """Release -> the Japanese version of it the graph has text of."""
    found: dict[str, str] = {}
    for version in graph.versions:
        release = release_of(version)
        if release is not None and version != release:
            found.setdefault(release, version)
    return found


def _quoted_counts(graph: RuleGraph) -> dict[str, int]:
    """Japanese version -> how many rules have a text of it."""
    counts: dict[str, int] = {}
    for node in graph:
        for version in {t.version for t in node.texts}:
            counts[version] = counts.get(version, 0) + 1
    return counts
