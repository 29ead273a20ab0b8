from pathlib import Path

import pytest

from kb.normalize import apply_variants, fold

VECTORS = Path(__file__).parent / "fixtures" / "normalize_vectors.tsv"


def _vectors() -> list[tuple[str, str]]:
    rows = []
    for line in VECTORS.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            source, expected = line.split("\t")
            rows.append((source, expected))
    return rows


@pytest.mark.parametrize(("source", "expected"), _vectors())
def test_fold_vectors(source: str, expected: str) -> None:
    assert fold(source) == expected


def test_variants_longest_first() -> None:
    variants = {"オモテ向き": "表向き", "オモテ": "表"}
    assert apply_variants(fold("オモテ向き になる オモテ"), variants) == "表向きになる表"
