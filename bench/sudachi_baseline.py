"""``python -m bench.sudachi_baseline EXPORT [CR …]``: the time Sudachi needs to tokenize,
once, the text a build of EXPORT (and the CR files) reads: the newest revision of every
article of the export and each CR file, in the chunks kb cuts under Sudachi's byte limit,
split mode C with the system dictionary.  Prints JSON: seconds (wall and CPU), bytes, morphemes.

Nothing else is timed: reading the export and the files happens before the clock starts.
It is the floor any Japanese search over that text has to pay; ``bench.wiki`` compares
the whole ``kb build`` with it.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from lxml import etree


def newest_texts(export: Path) -> list[str]:
    texts = []
    for _, page in etree.iterparse(str(export), tag="{*}page"):
        if page.findtext("{*}ns") == "0" and page.find("{*}redirect") is None:
            revisions = page.findall("{*}revision")
            if revisions:
                texts.append(revisions[-1].findtext("{*}text") or "")
        page.clear()
    return texts


def main(argv: list[str]) -> int:
    from sudachipy import Dictionary, SplitMode

    from kb.search.analyzer import chunks

    export, *cr_files = map(Path, argv)
    texts = newest_texts(export) + [path.read_text(encoding="utf-8") for path in cr_files]
    pieces = [piece for text in texts for _, piece in chunks(text)]
    tokenizer = Dictionary().create(SplitMode.C)
    started, cpu = time.perf_counter(), time.process_time()
    morphemes = sum(len(tokenizer.tokenize(piece)) for piece in pieces)
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    print(json.dumps({"seconds": seconds, "cpu": cpu, "bytes": sum(len(t.encode()) for t in texts),
                      "morphemes": morphemes, "texts": len(texts)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
