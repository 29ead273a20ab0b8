"""Aligning one release to the next: which entry of the newer release continues which of
the older one, and which took over part of it.

A number is how a release names a rule, not what the rule is: between two releases
rules are inserted (the ones after them renumbered), deleted, moved to another chapter,
split and merged, and in 2009 the Magic 2010 revision renumbered nearly everything
(phasing 502.15 became 702.23, chapter 419 became 613-615).  So an entry is matched by
its text first and its number second, inside the structure of the document, in the
steps of :data:`STEPS` (each pairs what the ones before it left):

1. equal texts, by hashing: most of any release;
2. headings by where their children went;
3. similar texts among the leftovers: IDF-weighted word similarity, each entry against
   the few candidates that can plausibly be it (its number, its parent's match's
   children, entries sharing one of its rarest words), raised by structure (matched
   parents, a shared number, children already matched); twice, around headings again;
4. what is left between matched siblings, and leftovers that are each other's best;
5. splits, merges, passages moved into other continuing rules (or into the rule that
   pointed to them), the rest of a rule cut down to a stub restated beside it, a deleted
   rule restated in the one rule of its family's continuation that alone says what it
   alone said, and headings dissolved into several (:mod:`kb.history.links`).

Nothing compares all pairs: the work is linear in the entries plus the candidates of the
few left after step 1 (a few dozen between ordinary releases, about two thousand across
the 2009 revision).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from kb.history import links, match
from kb.history.features import Features
from kb.history.pairing import LinkKind, Pairing
from kb.history.release import Release

STEPS: tuple[tuple[str, Callable[[Pairing], None]], ...] = (
    ("equal texts", match.equal_texts),
    ("headings", match.headings_by_children),
    ("similar texts", match.similar_texts),
    ("headings again", match.headings_by_children),
    ("similar texts again", match.similar_texts),
    ("gaps between siblings", match.gaps),
    ("mutual best", match.mutual_best),
    ("headings last", match.headings_by_children),
    ("splits", links.splits),
    ("merges", links.merges),
    ("moved into", links.moved_into),
    ("restated beside a stub", links.restated_beside),
    ("restated in its family", links.restated_in_family),
    ("dissolved headings", links.dissolved_headings),
)
"""The alignment, in order: (name, step)."""


@dataclass
class Alignment:
    """How ``newer`` continues ``older``: a one-to-one continuation and extra links."""

    older: Release
    newer: Release
    forward: list[int]
    """For each entry of ``older``, the position of its continuation in ``newer``, or -1."""
    backward: list[int]
    """For each entry of ``newer``, the position of what it continues in ``older``, or -1."""
    links: list[tuple[int, int, LinkKind]] = field(default_factory=list)
    """(older position, newer position, kind): a split's other parts, a merge's other
    sources, the headings a heading dissolved into; sorted."""
    breaks: list[int] | None = None
    """The positions of ``newer`` that begin a new run of their rule's history (added,
    renumbered, or text or examples changed beyond typography), ascending; None until
    :func:`kb.history.graph.run_breaks` is asked.  The build keeps them with the
    alignment, so a rebuild compares the texts of the new pairs only."""


def align(old: Features, new: Features) -> Alignment:
    pairing = Pairing(old, new)
    for _, step in STEPS:
        step(pairing)
    return Alignment(old.release, new.release, pairing.fwd, pairing.back, sorted(pairing.links))
