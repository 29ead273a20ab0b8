"""The site search's document files (kb/site/search_index.py ``doc_files``): every document
is in one file of each size, at the place ``search.js`` reads it from."""

from __future__ import annotations

import json
from itertools import pairwise
from typing import Any

from kb.search.tables import QueryTables
from kb.site.search_index import (
    DOC_FILE_BYTES,
    DOC_GRAM_BYTES,
    DOC_LEVELS,
    DOC_REQUEST_BYTES,
    SearchDoc,
    doc_row,
    read_varints,
    search_files,
)


def corpus(count: int) -> list[SearchDoc]:
    return [SearchDoc(f"rule:100.{n}", "rule", f"100.{n} 規則", f"rules/100.{n}.html", f"100.{n} · CR",
                      f"規則{n}の本文。" * (1 + n % 5)) for n in range(count)]


def _call(content: str) -> Any:
    return json.loads("[" + content[content.index("(") + 1:content.rindex(")")] + "]")


def test_each_document_is_in_one_file_of_every_size_where_the_browser_reads_it() -> None:
    docs = corpus(2 * DOC_LEVELS[-1] + 5)  # the last file of every size only part full
    files = search_files(docs, QueryTables({}, {}))
    assert all(big % small == 0 for small, big in pairwise(DOC_LEVELS))
    for size in DOC_LEVELS:
        found: dict[int, Any] = {}
        for path, content in files.items():
            if path.startswith(f"search/docs/{size}/"):
                assert isinstance(content, str)
                first, rows = _call(content)
                block = int(path[len(f"search/docs/{size}/"):-len(".js")])
                assert first == block * size and 0 < len(rows) <= size, path
                for offset, row in enumerate(rows):
                    assert first + offset not in found
                    found[first + offset] = row
        assert found == {n: doc_row(d) for n, d in enumerate(docs)}, size
    assert {p.split("/")[2] for p in files if p.startswith("search/docs/")} == {str(s) for s in DOC_LEVELS}
    meta = _call(str(files["search/meta.js"]))[0]
    assert meta["docLevels"] == list(DOC_LEVELS)
    assert meta["docRequestBytes"] == DOC_REQUEST_BYTES + DOC_FILE_BYTES
    assert meta["docGramBytes"] == DOC_GRAM_BYTES
    assert len(read_varints(meta["lengths"])) == len(docs)


def cheapest_files(numbers: list[int], meta: dict[str, Any]) -> list[str]:
    """What ``search.js``'s ``docFiles`` should choose, written out again: per block of the
    largest size, that file or the cheapest files inside it, whichever costs less."""
    levels, lengths = meta["docLevels"], read_varints(meta["lengths"])

    def cost_of(size: int, block: int) -> float:
        return float(meta["docRequestBytes"] + meta["docGramBytes"] * sum(lengths[block * size:(block + 1) * size]))

    def cover(level: int, block: int, inside: list[int]) -> tuple[float, list[str]]:
        size = levels[level]
        own = (cost_of(size, block), [f"docs/{size}/{block}"])
        if level == 0:
            return own
        children = sorted({n // levels[level - 1] for n in inside})
        found = [cover(level - 1, c, [n for n in inside if n // levels[level - 1] == c]) for c in children]
        total = sum(f[0] for f in found)
        return own if own[0] <= total else (total, [p for f in found for p in f[1]])

    top = len(levels) - 1
    return sorted(p for block in sorted({n // levels[top] for n in numbers})
                  for p in cover(top, block, [n for n in numbers if n // levels[top] == block])[1])
