"""Scoring the site search on a query set (``dev_queries.tsv``): Recall@1, Recall@5, MRR.

The queries run in the browser (see :mod:`kb.site.browser`); this module only reads the
query file and scores the ranked hit ids the browser returned.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class EvalQuery:
    query: str
    corpus: str
    """``seeds`` (answerable from the default corpus) or ``cr`` (needs the CR)."""
    expected: tuple[str, ...]
    """Rule numbers (``702.26d``) or ``page:TITLE``."""


@dataclass(frozen=True)
class EvalResult:
    queries: int
    recall_at_1: float
    recall_at_5: float
    mrr: float
    misses: list[tuple[str, list[str]]]
    """(query, top hits) for every query not answered in the top 5."""


def read_queries(path: Path, corpora: Sequence[str]) -> list[EvalQuery]:
    queries = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        query, corpus, expected = fields[0], fields[1], fields[2]
        if corpus in corpora:
            queries.append(EvalQuery(query, corpus, tuple(expected.split())))
    return queries


def hit_matches(hit_id: str, expected: str) -> bool:
    """``rule:702.26d`` matches ``702.26d``; ``page:変異#ルール`` matches ``page:変異``."""
    if expected.startswith("page:"):
        return hit_id == expected or hit_id.startswith(expected + "#")
    return hit_id == f"rule:{expected}"


def rank_of(hits: Sequence[str], expected: Sequence[str]) -> int | None:
    for rank, hit in enumerate(hits, start=1):
        if any(hit_matches(hit, e) for e in expected):
            return rank
    return None


def score(queries: Sequence[EvalQuery], ranked: Sequence[Sequence[str]]) -> EvalResult:
    ranks = [rank_of(hits, q.expected) for q, hits in zip(queries, ranked, strict=True)]
    count = len(queries) or 1
    misses = [(q.query, list(hits[:5])) for q, hits, r in zip(queries, ranked, ranks, strict=True)
              if r is None or r > 5]
    return EvalResult(
        len(queries),
        sum(1 for r in ranks if r == 1) / count,
        sum(1 for r in ranks if r is not None and r <= 5) / count,
        sum(1 / r for r in ranks if r is not None) / count,
        misses,
    )
