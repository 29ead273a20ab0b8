"""Search quality on a tuning part and a validation part of query sets 1-3.

Whoever tunes the ranking on sets 1-3 overfits them; holding out about a fifth of their
queries, chosen by a fixed seed before any change, shows by how much.  A query belongs to
the validation part when the SHA-256 of ``SEED`` and its text falls in the first
:data:`VALIDATION_SHARE` of the range: fixed, independent of the order of the files and
of queries added later.

``python -m bench.search_split --build DIR [--misses]`` prints Recall@1, Recall@5 and MRR
of kb search (and bigram BM25 for natural questions) on each part, and with ``--misses``
every query of the tuning part not ranked first.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

from bench.common import DEV_QUERIES, ROOT, table

DATA = ROOT / "tests" / "data"
SETS = [DATA / "search_queries.tsv", DATA / "search_queries_2.tsv", DATA / "search_queries_3.tsv"]
SEED = "rank-split-1"
VALIDATION_SHARE = 0.2


def is_validation(query: str) -> bool:
    digest = hashlib.sha256(f"{SEED}\t{query}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2 ** 64 < VALIDATION_SHARE


def measure(build_dir: Path, misses: bool = False) -> str:
    from kb.search.baselines import BigramBM25
    from kb.search.evaluate import EvalQuery, SystemResult, keys_of, read_queries, score
    from kb.search.index import read_documents
    from kb.search.searcher import Searcher

    searcher = Searcher.open(build_dir)
    documents = read_documents(searcher.snapshot.path if searcher.snapshot is not None else build_dir)
    bigram = keys_of(BigramBM25(documents).search)
    parts: dict[str, list[EvalQuery]] = {"tuning": [], "validation": []}
    for path in SETS:
        for query in read_queries(path, ("seeds", "cr")):
            parts["validation" if is_validation(query.query) else "tuning"].append(query)
    parts["dev"] = read_queries(DEV_QUERIES, ("seeds", "cr"))
    rows = []
    lines: list[str] = []
    for name, queries in parts.items():
        found = [[h.document.key for h in searcher.search(q.query, 10).hits] for q in queries]
        kb = score("kb search", queries, found)
        rows.append([name, "kb search", str(len(queries)), *_figures(kb)])
        natural = [i for i, q in enumerate(queries) if q.style == "natural"]
        if natural:
            kb_natural = SystemResult("kb", [kb.ranks[i] for i in natural])
            base = score("bigram", [queries[i] for i in natural],
                         [bigram(queries[i].query, 10) for i in natural])
            rows.append([name + " natural", "kb search", str(len(natural)), *_figures(kb_natural)])
            rows.append([name + " natural", "bigram BM25", str(len(natural)), *_figures(base)])
        if misses and name != "validation":
            for query, rank in zip(queries, kb.ranks, strict=True):
                if rank != 1:
                    lines.append(f"{name}\t{query.style}\t{rank}\t{query.query}\t{' '.join(query.expected)}"
                                 f"\t{' '.join(found[queries.index(query)][:5])}")
    searcher.close()
    return "\n".join([table(["part", "system", "queries", "Recall@1", "Recall@5", "MRR"], rows), *lines])


def _figures(system: object) -> list[str]:
    return [f"{system.recall_at(1):.3f}", f"{system.recall_at(5):.3f}",  # type: ignore[attr-defined]
            f"{system.mrr:.3f}"]  # type: ignore[attr-defined]


if __name__ == "__main__":
    print(measure(Path(sys.argv[sys.argv.index("--build") + 1]), "--misses" in sys.argv))
