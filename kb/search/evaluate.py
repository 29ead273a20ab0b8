"""Measured quality: Recall@1, Recall@5 and MRR of kb search and two baselines.

One evaluator for every search measured on the query file: ``kb eval`` (kb search and
the baselines, below) and the site's search in Chromium (the browser tests and
``bench/site.py`` pass the hit ids it returned to :func:`score`).  A search is judged by
the ids of its hits, in order: ``rule:702.26d``, ``page:変異#…``, ``glossary:…``.

The query file (``kb eval`` reads ``../shared/eval/dev_queries.tsv`` by default) has ``query<TAB>corpus<TAB>expected
<TAB>note[<TAB>style]`` rows; ``expected`` lists acceptable answers: a rule number matches
a hit on that rule, ``page:TITLE`` a hit on any passage of that wiki page,
``glossary:HEADWORD`` a hit on the glossary entry with that headword.  A query counts as
found at rank k when the k-th hit matches any answer.  Queries of corpus ``cr`` count
only on a build that has the CR, of corpus ``en`` only on one with the English CR.  A file
with a ``style`` column (``tests/data/search_queries.tsv``) is also reported per style
(:mod:`kb.search.styles`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kb.errors import KbError
from kb.search.terms import glossary_headwords

if TYPE_CHECKING:
    from kb.search.documents import SearchDocument

DEPTH = 10
"""Hits looked at per query; a query not found by then scores 0 reciprocal rank."""

SearchFunction = Callable[[str, int], Sequence[str]]
"""(query, depth) -> the ids of the hits, best first."""


@dataclass(frozen=True)
class EvalQuery:
    query: str
    corpus: str
    expected: tuple[str, ...]
    note: str
    line: int
    style: str = ""
    """How the query is written (natural, keyword, variant, toha, number), if the file says."""


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

    def missed(self, queries: Sequence[EvalQuery], k: int = 5) -> list[EvalQuery]:
        """The queries not answered in the top ``k``."""
        return [q for q, r in zip(queries, self.ranks, strict=True) if r is None or r > k]

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
        from kb.search.styles import styles_json

        return {
            "build": self.build,
            "has_cr": self.has_cr,
            "queries": len(self.queries),
            "skipped": [q.query for q in self.skipped],
            "systems": [s.to_json() for s in self.systems],
            "per_query": [
                {"query": q.query, "style": q.style, "expected": list(q.expected),
                 "ranks": {s.name: s.ranks[i] for s in self.systems}}
                for i, q in enumerate(self.queries)
            ],
            **styles_json(self),
        }


CORPORA = ("seeds", "cr", "en")
"""What a query needs: the seeds, the (Japanese) CR, the English CR."""


def read_queries(path: Path, corpora: Sequence[str] = CORPORA) -> list[EvalQuery]:
    """The queries of ``path`` whose corpus is one of ``corpora``."""
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
        if corpus not in CORPORA:
            raise KbError(f"corpus must be one of {', '.join(CORPORA)}, not {corpus!r}", path, number)
        if corpus in corpora:
            queries.append(EvalQuery(cells[0].strip(), corpus, tuple(cells[2].split()),
                                     cells[3].strip() if len(cells) > 3 else "", number,
                                     cells[4].strip() if len(cells) > 4 else ""))
    return queries


def hit_matches(hit_id: str, expected: str) -> bool:
    """``rule:702.26d`` answers ``702.26d``; any passage of a page (``page:変異#…``)
    answers ``page:変異`` (a wiki title never holds ``#``); the glossary entry
    ``glossary:呪禁／Hexproof`` answers ``glossary:呪禁`` (any of its headwords)."""
    if expected.startswith("page:"):
        return hit_id == expected or hit_id.startswith(expected + "#")
    if expected.startswith("glossary:"):
        if not hit_id.startswith("glossary:"):
            return False
        headword = hit_id[len("glossary:"):].split("／", 1)[0]
        return hit_id == expected or expected[len("glossary:"):] in glossary_headwords(headword)
    return hit_id == f"rule:{expected}"


def first_rank(hit_ids: Sequence[str], expected: Sequence[str]) -> int | None:
    """The rank (1-based) of the first hit that answers the query, None when none does."""
    for rank, hit_id in enumerate(hit_ids, start=1):
        if any(hit_matches(hit_id, answer) for answer in expected):
            return rank
    return None


def score(name: str, queries: Sequence[EvalQuery], ranked: Sequence[Sequence[str]]) -> SystemResult:
    """A search's result from the hit ids it returned for each query."""
    return SystemResult(name, [first_rank(hits, q.expected) for q, hits in zip(queries, ranked, strict=True)])


def evaluate(build_dir: Path, queries_path: Path) -> EvalReport:
    """Run every applicable query through kb search and both baselines."""
    from kb.search.baselines import BigramBM25, SubstringSearch
    from kb.search.index import read_documents
    from kb.search.searcher import Searcher

    searcher = Searcher.open(build_dir)
    # The baselines read the documents of the very build the searcher pinned.
    documents = read_documents(searcher.snapshot.path if searcher.snapshot is not None else build_dir)
    queries = read_queries(queries_path)
    usable = [q for q in queries if q.corpus == "seeds" or (q.corpus == "cr" and searcher.has_cr)
              or (q.corpus == "en" and searcher.has_english)]
    skipped = [q for q in queries if q not in usable]

    def kb_search(query: str, limit: int) -> list[str]:
        return [hit.document.key for hit in searcher.search(query, limit).hits]

    bigram = BigramBM25(documents)
    substring = SubstringSearch(documents)
    systems: list[tuple[str, SearchFunction]] = [
        ("kb search", kb_search), (bigram.name, keys_of(bigram.search)),
        (substring.name, keys_of(substring.search)),
    ]
    results = [score(name, usable, [search(q.query, DEPTH) for q in usable]) for name, search in systems]
    searcher.close()
    return EvalReport(str(build_dir), searcher.has_cr, usable, skipped, results)


def keys_of(search: Callable[[str, int], Sequence[SearchDocument]]) -> SearchFunction:
    return lambda query, limit: [document.key for document in search(query, limit)]


def format_report(report: EvalReport) -> str:
    from kb.search.styles import format_styles

    lines = [f"build {report.build} ({'seeds + CR' if report.has_cr else 'seeds only'}): "
             f"{len(report.queries)} queries" +
             (f", {len(report.skipped)} skipped (need the CR or the English CR)"
              if report.skipped else ""),
             "",
             "| system | Recall@1 | Recall@5 | MRR |",
             "|---|---|---|---|"]
    for system in report.systems:
        lines.append(f"| {system.name} | {system.recall_at(1):.3f} | {system.recall_at(5):.3f} "
                     f"| {system.mrr:.3f} |")
    lines.extend(format_styles(report))
    misses = [(q, report.systems[0].ranks[i]) for i, q in enumerate(report.queries)
              if report.systems[0].ranks[i] != 1]
    if misses:
        lines.append("")
        lines.append("kb search, not first: " + "; ".join(
            f"{q.query} → {rank or 'not found'}" for q, rank in misses))
    return "\n".join(lines)
