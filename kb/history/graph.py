"""What the history gives the rule graph: each rule of the newest release with its English
texts, its identity and its history, all keyed by its number today.

The graph keeps texts by rule identity, not by number: :func:`english_rules` hands it
every rule's runs of releases (:class:`kb.graph.HistorySpan`), from which the graph
answers what a number written under any release means today
(:meth:`kb.graph.RuleGraph.resolve`).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable

from kb.graph import EnglishRules, HistorySpan, Lineage, RuleText
from kb.history.identity import History
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
    texts and examples aside), oldest first; one pass over every release."""
    runs: list[list[HistorySpan]] = [[] for _ in history.births]
    ends: list[list[str]] = [[] for _ in history.births]
    """The last release of each run so far (a span is made once, with its first)."""
    folded: dict[str, str] = {}
    same = functools.partial(_same, lambda text: folded.get(text) or folded.setdefault(text, fold(text)))
    for k, release in enumerate(history.releases):
        back = history.alignments[k - 1].backward if k > 0 else None
        before = history.releases[k - 1] if k > 0 else None
        for j, identity in enumerate(history.ids[k]):
            found = runs[identity]
            i = back[j] if back is not None else -1
            if found and before is not None and i >= 0 and same(before, i, release, j):
                ends[identity][-1] = release.version
                continue
            step = history.step(k, j)
            found.append(HistorySpan(release.version, release.version, release.numbers[j],
                                     step.change, release.texts[j], release.kinds[j],
                                     release.examples[j]))
            ends[identity].append(release.version)
    return [[span if span.last == end else dataclasses.replace(span, last=end)
             for span, end in zip(found, ends[identity], strict=True)]
            for identity, found in enumerate(runs)]


def _same(fold: Callable[[str], str], before: Release, i: int, release: Release, j: int) -> bool:
    if before.numbers[i] != release.numbers[j]:
        return False
    a, b = before.texts[i], release.texts[j]
    if a is not b and fold(a) != fold(b):
        return False
    x, y = before.examples[i], release.examples[j]
    return x is y or (len(x) == len(y) and all(
        p is q or fold(p) == fold(q) for p, q in zip(x, y, strict=True)))
