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


def test_katakana_skeleton_vectors() -> None:
    """The shared vectors search.js's port is checked against in Chromium too."""
    from kb.normalize import katakana_skeleton

    path = Path(__file__).parent / "fixtures" / "katakana_skeleton_vectors.tsv"
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines() if not line.startswith("#")]
    assert len(rows) >= 10
    assert all(katakana_skeleton(source) == expected for source, expected in rows)
    assert katakana_skeleton("クリーンアップ") == katakana_skeleton("クリンナップ")
