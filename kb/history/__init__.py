"""Rule identity across releases of the Comprehensive Rules.

``release`` keeps a release compactly, ``text`` folds typography and diffs words,
``align`` matches one release's entries to the next's, ``identity`` chains the
alignments into every rule's history and the renumbering maps between any two releases.
:func:`build_history` runs it over release files.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from kb.history.align import Alignment, align
from kb.history.features import Features, TextCache
from kb.history.identity import History, ReleaseChanges, Step, english_release_of
from kb.history.release import Interner, Release
from kb.sources.cr_en import read_cr_en_many

__all__ = ["Alignment", "History", "Release", "ReleaseChanges", "Step", "build_history",
           "english_release_of", "history_of"]


def build_history(paths: Iterable[str | Path]) -> History:
    """Read English release files and align them (refusing two files of one release)."""
    intern = Interner()
    releases = [Release.from_english(r, intern) for r in read_cr_en_many(paths)]
    return history_of(releases)


def history_of(releases: list[Release]) -> History:
    """Align consecutive releases (given oldest first); each release's features are made
    once and dropped once both of its pairs are aligned."""
    alignments: list[Alignment] = []
    previous: Features | None = None
    cache = TextCache()
    for release in releases:
        current = Features.of(release, cache)
        if previous is not None:
            alignments.append(align(previous, current))
        previous = current
    return History(releases, alignments)
