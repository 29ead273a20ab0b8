"""``python -m bench.sudachi_files FILE …``: Sudachi tokenizing the build's input once.

The peer of a whole build (issue 17, goal 2): the text of the files given (the CR and the
wiki pages, as read: UTF-8), tokenized once in mode C with sudachidict_core and no user
dictionary, on one core, in pieces under Sudachi's input limit (at line ends).  Prints
the wall seconds the tokenizing took (the dictionary is loaded first, not counted), the
words and the characters, so the figure is the least any analysis of the same text
could cost here.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

PIECE_BYTES = 40_000
"""Sudachi refuses inputs over 49,149 bytes; lines are gathered up to this size."""


def pieces(text: str) -> list[str]:
    found: list[str] = []
    current: list[str] = []
    size = 0
    for line in text.splitlines(keepends=True):
        length = len(line.encode("utf-8"))
        if current and size + length > PIECE_BYTES:
            found.append("".join(current))
            current, size = [], 0
        current.append(line[:PIECE_BYTES // 4] if length > PIECE_BYTES else line)
        size += min(length, PIECE_BYTES)
    if current:
        found.append("".join(current))
    return found


def main(paths: list[str]) -> int:
    from sudachipy import Dictionary, SplitMode

    tokenizer = Dictionary(dict="core").tokenizer(mode=SplitMode.C)
    text = "".join(Path(p).read_text(encoding="utf-8", errors="replace") for p in paths)
    parts = pieces(text)
    started = time.perf_counter()
    words = sum(len(tokenizer.tokenize(part)) for part in parts)
    seconds = time.perf_counter() - started
    print(f"{seconds:.6f} {words} {len(text)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
