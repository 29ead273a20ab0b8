"""What the history gives the rule graph: each rule of the newest release with its English
texts, its identity and its history, all keyed by its number today.

The graph keeps texts by rule identity, not by number: :func:`english_rules` hands it
every rule's runs of releases (:class:`kb.graph.HistorySpan`), from which the graph
answers what a number written under any release means today
(:meth:`kb.graph.RuleGraph.resolve`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable

from kb.graph import EnglishRules, HistorySpan, Lineage, RuleText
from kb.history.align import Alignment
from kb.history.identity import Change, History
from kb.history.release import Release
from kb.history.text import fold
from kb.model import Example, SourceRef
from kb.releases import ENGLISH
from kb.rulenum import RuleNumber
from kb.sources.cr_en import GlossaryTerm


def english_rules(history: History, glossary: list[GlossaryTerm],
                  releases: Iterable[str] = ()) -> EnglishRules:
    """The graph's English side: the newest release's texts, and those of ``releases``
    (ISO dates: the releases of the Japanese texts the graph holds) where known."""
    latest = history.latest
    k_latest = len(history.releases) - 1
    today = {identity: latest.numbers[j] for j, identity in enumerate(history.ids[k_latest])}
    runs = history_spans(history)
    spans: dict[RuleNumber, list[HistorySpan]] = {}
    gone: dict[RuleNumber, list[tuple[str, str]]] = {}
    lineages = [Lineage(history.name(identity), today.get(identity), found)
                for identity, found in enumerate(runs)]
    for identity, found in enumerate(runs):
        number = today.get(identity)
        if number is not None:
            spans[number] = found
        else:
            for span in found:
                gone.setdefault(span.number, []).append((span.first, span.last))
    wanted = {latest.version, *(r for r in releases if r in history.by_version)}
    # In date order, not the set's (whose order follows the string hash of each process).
    texts = {release: _texts_of(history, history.by_version[release], today)
             for release in sorted(wanted)}
    return EnglishRules(
        releases=[r.version for r in history.releases],
        paths=[r.path for r in history.releases],
        texts=texts,
        history=spans,
        identities={number: history.name(identity) for identity, number in today.items()},
        glossary=glossary,
        gone=gone,
        lineages=lineages,
    )


def _texts_of(history: History, k: int, today: dict[int, RuleNumber]) -> dict[RuleNumber, RuleText]:
    release = history.releases[k]
    found: dict[RuleNumber, RuleText] = {}
    for j, identity in enumerate(history.ids[k]):
        number = today.get(identity)
        if number is None:
            continue
        own = release.numbers[j]
        source = SourceRef(release.path, release.lines[j])
        found[number] = RuleText(release.version, release.texts[j], release.kinds[j], [source],
                                 [Example(e, source) for e in release.examples[j]], ENGLISH,
                                 own if own != number else None)
    return found


def history_spans(history: History) -> list[list[HistorySpan]]:
    """Per identity, its runs of releases with one number and one text (typography of
    texts and examples aside), oldest first.  A run begins where its identity is born
    and at each break of an alignment (:func:`run_breaks`), and ends the release before
    the identity's next break or with the identity's last release: the work is one
    step per run, not per rule and release."""
    versions = [release.version for release in history.releases]
    last: dict[int, int] = {}
    """Each identity's last release (an identity's releases are consecutive)."""
    for k, row in enumerate(history.ids):
        last.update(dict.fromkeys(row, k))
    starts: list[list[tuple[int, int]]] = [[] for _ in history.births]
    folded: dict[str, str] = {}
    for k, release in enumerate(history.releases):
        row = history.ids[k]
        breaks = range(len(release)) if k == 0 else run_breaks(history.alignments[k - 1], folded)
        for j in breaks:
            starts[row[j]].append((k, j))
    runs: list[list[HistorySpan]] = []
    for identity, found in enumerate(starts):
        ends = [k - 1 for k, _ in found[1:]] + [last[identity]]
        spans = []
        for (k, j), end in zip(found, ends, strict=True):
            release = history.releases[k]
            spans.append(HistorySpan(versions[k], versions[end], release.numbers[j],
                                     _change(history, k, j), release.texts[j],
                                     release.kinds[j], release.examples[j]))
        runs.append(spans)
    return runs


def _change(history: History, k: int, j: int) -> Change:
    """What release ``k`` did to its entry ``j``, a break (:meth:`History.step`'s
    change, without comparing the texts again: a break that keeps its number changed
    its text or examples)."""
    i = history.alignments[k - 1].backward[j] if k > 0 else -1
    if i < 0:
        return "added"
    return "renumbered" if history.releases[k - 1].numbers[i] != history.releases[k].numbers[j] else "changed"


def run_breaks(alignment: Alignment, folded: dict[str, str] | None = None) -> list[int]:
    """The positions of ``alignment.newer`` that do not continue their rule's run from
    the release before (kept on the alignment once found).  ``folded`` keeps each text's
    fold for the next pair: most texts carry over."""
    if alignment.breaks is None:
        memo = folded if folded is not None else {}
        same = functools.partial(_same, lambda text: memo.get(text) or memo.setdefault(text, fold(text)))
        before, release = alignment.older, alignment.newer
        alignment.breaks = [j for j, i in enumerate(alignment.backward)
                            if i < 0 or not same(before, i, release, j)]
    return alignment.breaks


def _same(fold: Callable[[str], str], before: Release, i: int, release: Release, j: int) -> bool:
    if before.numbers[i] != release.numbers[j]:
        return False
    a, b = before.texts[i], release.texts[j]
    if a is not b and fold(a) != fold(b):
        return False
    x, y = before.examples[i], release.examples[j]
    return x is y or (len(x) == len(y) and all(
        p is q or fold(p) == fold(q) for p, q in zip(x, y, strict=True)))
