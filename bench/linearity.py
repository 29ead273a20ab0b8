"""Readers and the graph in linear time: each input shape that once took quadratic time,
timed at two sizes.  Linear work takes 4× as long on 4× the input; quadratic, 16×.

The shapes are the regressions ``tests/test_reader_regressions.py`` and
``tests/test_fuzz_rulenum.py`` keep (there without timing: what each must still find):
a megabyte of list-shaped references, a citation block of tens of thousands of entries,
a long line with many slashes, a flat page of many short lines, and one rule quoted
thousands of times.  Goal: every ratio under 8 (halfway, as a ratio, between linear and
quadratic), on a machine whose timings are noisy.
"""

from __future__ import annotations

import gc
from collections.abc import Callable

from bench.common import Figure, table, time_call

GROWTH = 4
GOAL = 8.0
PAGE = "corpus/wiki/頁.txt"


def _references(n: int) -> Callable[[], object]:
    from kb.rulenum import find_references

    text = "rule 611.3a, 611.3b、rule 704.5m-n 参照。" * n
    return lambda: find_references(text)


def _citation_block(n: int) -> Callable[[], object]:
    from kb.sources.wiki import parse_wiki_page

    letters = "abcdefghijk"
    entries = [f"• 702.{i % 999 + 1}{letters[i // 999 % 11]} 本文{i}。" for i in range(n)]
    text = "頁\n引用：総合ルール 20231117.0\n" + "\n".join(entries)
    return lambda: parse_wiki_page(text, PAGE)


def _slashes(n: int) -> Callable[[], object]:
    from kb.sources.names import find_name_pairs

    line = "<div class=x>あいう</div>" * n
    return lambda: list(find_name_pairs(line))


def _flat_page(n: int) -> Callable[[], object]:
    from kb.sources.wiki import parse_wiki_page

    text = "頁\n" + "\n".join(["- 箇条", "見出し候補", "本文。"] * n)
    return lambda: parse_wiki_page(text, PAGE)


def _quoted_rule(n: int) -> Callable[[], object]:
    from kb.graph import build_graph
    from kb.sources.wiki import parse_wiki_page

    block = "引用：総合ルール 20231117.0\n- 6 呪文、能力、効果\n- 613 継続的効果の相互作用\n- 613.7a 本文。"
    page = parse_wiki_page("頁\n" + "\n".join([block] * n), PAGE)
    return lambda: build_graph([page], [])


CASES: list[tuple[str, Callable[[int], Callable[[], object]], int]] = [
    ("references in one long line (`find_references`)", _references, 6_250),
    ("a citation block (`parse_wiki_page`)", _citation_block, 10_000),
    ("a line with many slashes (`find_name_pairs`)", _slashes, 100_000),
    ("a flat page of short lines (`parse_wiki_page`)", _flat_page, 10_000),
    ("one rule quoted many times (`build_graph`)", _quoted_rule, 10_000),
]
"""(what, input of size n -> the call to time, the smaller n)."""


def measure(quick: bool = False) -> list[tuple[str, int, Figure, Figure]]:
    """(case, small n, time at n, time at GROWTH × n) for every case."""
    repeat = 1 if quick else 3
    found = []
    # Python's cyclic collector walks every live object once per so many allocations,
    # which grows with the input whatever the reader does: off while timing.
    gc.disable()
    try:
        for name, make, n in CASES:
            small = time_call(f"{name}, n = {n:,}", make(n), repeat)
            large = time_call(f"{name}, n = {GROWTH * n:,}", make(GROWTH * n), repeat)
            found.append((name, n, small, large))
            gc.collect()
    finally:
        gc.enable()
    return found


def run(quick: bool = False) -> str:
    rows = []
    for name, n, small, large in measure(quick):
        ratio = large.min / small.min
        rows.append([name, f"{n:,} → {GROWTH * n:,}", f"{small.min:.3f} s", f"{large.min:.3f} s",
                     f"{ratio:.1f}×", "linear" if ratio < GOAL else "**not linear**"])
    return "\n".join([
        "## Linear time",
        "",
        (f"Each shape at n and {GROWTH}n (the fastest of {1 if quick else 3} runs: the least "
        f"disturbed by other work on the machine): linear work takes "
        f"{GROWTH}× as long, quadratic {GROWTH * GROWTH}×; the goal is under {GOAL:.0f}×.  "
        "(The cyclic garbage collector is off while timing: its passes grow with the "
        "heap, not with the reader's work.)"),
        "",
        table(["input", "n", "time at n", f"time at {GROWTH}n", "ratio", "verdict"], rows),
        "",
    ])
