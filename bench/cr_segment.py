"""What a new English release costs the CR's search segment, and what splitting it would save.

``python -m bench.cr_segment --build DIR [--rounds N]`` on a build with ``--cr-en``:

- **by chapter**: for each pair of consecutive English releases cached in the build, the
  chapters (a rule number's first digit) where some rule was added, removed or changed
  its text, and the share of the newest release's rules in those chapters: what a CR
  segment split by chapter (design B of issue 15's incremental goal) would write again;
- **writing the segment**: CPU seconds (best of N, ``time.process_time``) to write the CR's
  segment (``kbsearchcr00``) as the build does, with the terms of its analysed store (as
  a rebuild does: no text is analysed again), three ways: whole; its documents without
  their English text (what a segment kept across releases would hold under design A,
  English text in documents of its own); and the English text alone, one document per
  rule with English (what design A writes again for each release).
"""

from __future__ import annotations

import argparse
import copy
import itertools
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench.common import table


def chapter_shares(build: Path) -> list[tuple[str, str, list[str], float]]:
    """(older release, newer release, chapters changed, share of the newest release's
    rules in them), oldest pair first."""
    from kb.history.stage import cached_releases

    releases = cached_releases(build / "cache" / "cr-en")
    if len(releases) < 2:
        raise SystemExit(f"{build}: fewer than two English releases cached")
    newest = releases[-1]
    sizes: dict[str, int] = {}
    for number in newest.numbers:
        sizes[str(number)[0]] = sizes.get(str(number)[0], 0) + 1
    rows = []
    for older, newer in itertools.pairwise(releases):
        before = dict(zip(map(str, older.numbers), older.texts, strict=True))
        after = dict(zip(map(str, newer.numbers), newer.texts, strict=True))
        changed = sorted({number[0] for number in before.keys() | after.keys()
                          if before.get(number) != after.get(number)})
        share = sum(sizes.get(chapter, 0) for chapter in changed) / len(newest.numbers)
        rows.append((older.day.isoformat(), newer.day.isoformat(), changed, share))
    return rows


def segment_costs(build: Path, rounds: int) -> dict[str, tuple[int, list[float]]]:
    """Way → (documents, CPU seconds of each round) for the CR segment written three ways."""
    from whoosh.index import create_in

    from kb.search.analysed import AnalysedStore
    from kb.search.analyzer import register_user_dictionary
    from kb.search.index import _write_segment, make_schema, read_documents
    from kb.search.layout import ANALYSED_DIR, DICTIONARY_FILE, SEARCH_DIR, STAMP_FILE

    search = build / SEARCH_DIR
    dictionary = str(search / DICTIONARY_FILE)
    stamp = (search / STAMP_FILE).read_text(encoding="utf-8")
    # The CR's documents with their English text, as one segment held them before the
    # English texts had a segment of their own (kb.search.index.ENGLISH_SEGMENT).
    whole = [d for d in read_documents(build) if d.kind != "page" and not d.from_wiki]
    japanese = []
    english = []
    for document in whole:
        without = copy.copy(document)
        without.english = ""
        japanese.append(without)
        if document.english:
            alone = copy.copy(document)
            alone.fields, alone.names, alone.defines, alone.cites = {}, [], [], []
            english.append(alone)
    ways = {"whole": whole, "without English": japanese, "English alone": english}
    seconds: dict[str, list[float]] = {way: [] for way in ways}
    with tempfile.TemporaryDirectory(prefix="kb-cr-segment-") as scratch:
        for _ in range(rounds):
            for way, documents in ways.items():  # interleaved: each round has all three
                folder = Path(scratch) / "index"
                shutil.rmtree(folder, ignore_errors=True)
                folder.mkdir()
                terms = AnalysedStore(stamp, Path(scratch) / "analysed", search / ANALYSED_DIR)
                index = create_in(str(folder), make_schema(dictionary, register_user_dictionary(dictionary)))
                started = time.process_time()
                _write_segment(index, documents, "kbsearchcr00", terms)
                seconds[way].append(time.process_time() - started)
    return {way: (len(ways[way]), seconds[way]) for way in ways}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.cr_segment", description=__doc__)
    parser.add_argument("--build", type=Path, required=True)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    shares = chapter_shares(args.build)
    counts = [len(changed) for _, _, changed, _ in shares]
    fractions = [share for _, _, _, share in shares]
    print(f"{len(shares)} pairs of releases: chapters changed median {statistics.median(counts)}, "
          f"mean {statistics.mean(counts):.2f}; share of the rules in them median "
          f"{statistics.median(fractions):.3f}, mean {statistics.mean(fractions):.3f}, "
          f"last 20 mean {statistics.mean(fractions[-20:]):.3f}")
    print(table(["older", "newer", "chapters changed", "share"],
                [[older, newer, " ".join(changed), f"{share:.2f}"]
                 for older, newer, changed, share in shares[-5:]]))
    costs = segment_costs(args.build, args.rounds)
    print(table(["CR segment written", "documents", "CPU best", "CPU median"],
                [[way, str(count), f"{min(values):.2f} s", f"{statistics.median(values):.2f} s"]
                 for way, (count, values) in costs.items()]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
