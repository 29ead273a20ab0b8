"""Measured quality: Recall@1, Recall@5 and MRR of kb search and two baselines.

The query file (``kb eval`` reads ``../shared/eval/dev_queries.tsv`` by default) has ``query<TAB>corpus<TAB>expected
<TAB>note`` rows; ``expected`` lists acceptable answers: a rule number matches a hit on
that rule, ``page:TITLE`` a hit on any passage of that wiki page.  A query counts as
found at rank k when the k-th hit matches any answer.  Queries of corpus ``cr`` count
only on a build that has the CR.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kb.errors import KbError

if TYPE_CHECKING:
    from kb.search.documents import SearchDocument

DEPTH = 10
"""Hits looked at per query; a query not found by then scores 0 reciprocal rank."""

SearchFunction = Callable[[str, int], Sequence["SearchDocument"]]


@dataclass(frozen=True)
class EvalQuery:
    query: str
    corpus: str
    expected: tuple[str, ...]
    note: str
    line: int


@dataclass
class SystemResult:
    name: str
    ranks: list[int | None] = field(default_factory=list)
    """Rank (1-based) of the first matching hit per query, None when not found."""

    def recall_at(self, k: int) -> float:
        if not self.ranks:
            return 0.0
        return sum(1 for r in self.ranks if r is not None and r <= k) / len(self.ranks)

    @property
    def mrr(self) -> float:
        if not self.ranks:
            return 0.0
        return sum(1 / r for r in self.ranks if r is not None) / len(self.ranks)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "recall_at_1": round(self.recall_at(1), 4),
                "recall_at_5": round(self.recall_at(5), 4), "mrr": round(self.mrr, 4)}


@dataclass
class EvalReport:
    build: str
    has_cr: bool
    queries: list[EvalQuery]
    skipped: list[EvalQuery]
    systems: list[SystemResult]

    def to_json(self) -> dict[str, Any]:
        return {
            "build": self.build,
            "has_cr": self.has_cr,
            "queries": len(self.queries),
            "skipped": [q.query for q in self.skipped],
            "systems": [s.to_json() for s in self.systems],
            "per_query": [
                {"query": q.query, "expected": list(q.expected),
                 "ranks": {s.name: s.ranks[i] for s in self.systems}}
                for i, q in enumerate(self.queries)
            ],
        }


def read_queries(path: Path) -> list[EvalQuery]:
    if not path.is_file():
        raise KbError("query file not found", path)
    queries = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").split("\n"), start=1):
        if not raw.strip() or raw.startswith("#"):
            continue
        cells = raw.split("\t")
        if len(cells) < 3 or not cells[0].strip() or not cells[2].strip():
            raise KbError("expected query<TAB>corpus<TAB>expected[<TAB>note]", path, number)
        corpus = cells[1].strip()
        if corpus not in ("seeds", "cr"):
            raise KbError(f"corpus must be seeds or cr, not {corpus!r}", path, number)
        queries.append(EvalQuery(cells[0].strip(), corpus, tuple(cells[2].split()),
                                 cells[3].strip() if len(cells) > 3 else "", number))
    return queries


def matches(document: SearchDocument, expected: Sequence[str]) -> bool:
    for answer in expected:
        if answer.startswith("page:"):
            if document.kind == "page" and document.page == answer[5:]:
                return True
        elif document.kind == "rule" and document.rule == answer:
            return True
    return False


def first_rank(hits: Sequence[SearchDocument], expected: Sequence[str]) -> int | None:
    for rank, document in enumerate(hits, start=1):
        if matches(document, expected):
            return rank
    return None


def evaluate(build_dir: Path, queries_path: Path) -> EvalReport:
    """Run every applicable query through kb search and both baselines."""
    from kb.search.baselines import BigramBM25, SubstringSearch
    from kb.search.index import read_documents
    from kb.search.searcher import Searcher

    searcher = Searcher.open(build_dir)
    # The baselines read the documents of the very build the searcher pinned.
    documents = read_documents(searcher.snapshot.path if searcher.snapshot is not None else build_dir)
    queries = read_queries(queries_path)
    usable = [q for q in queries if q.corpus == "seeds" or searcher.has_cr]
    skipped = [q for q in queries if q not in usable]

    def kb_search(query: str, limit: int) -> list[SearchDocument]:
        return [hit.document for hit in searcher.search(query, limit).hits]

    bigram = BigramBM25(documents)
    substring = SubstringSearch(documents)
    systems: list[tuple[str, SearchFunction]] = [
        ("kb search", kb_search), (bigram.name, bigram.search), (substring.name, substring.search),
    ]
    results = []
    for name, search in systems:
        result = SystemResult(name)
        for query in usable:
            result.ranks.append(first_rank(search(query.query, DEPTH), query.expected))
        results.append(result)
    searcher.close()
    return EvalReport(str(build_dir), searcher.has_cr, usable, skipped, results)


def format_report(report: EvalReport) -> str:
    lines = [f"build {report.build} ({'seeds + CR' if report.has_cr else 'seeds only'}): "
             f"{len(report.queries)} queries" +
             (f", {len(report.skipped)} skipped (need the CR)" if report.skipped else ""),
             "",
             "| system | Recall@1 | Recall@5 | MRR |",
             "|---|---|---|---|"]
    for system in report.systems:
        lines.append(f"| {system.name} | {system.recall_at(1):.3f} | {system.recall_at(5):.3f} "
                     f"| {system.mrr:.3f} |")
    misses = [(q, report.systems[0].ranks[i]) for i, q in enumerate(report.queries)
              if report.systems[0].ranks[i] != 1]
    if misses:
        lines.append("")
        lines.append("kb search, not first: " + "; ".join(
            f"{q.query} → {rank or 'not found'}" for q, rank in misses))
    return "\n".join(lines)
