"""Vectors shared by the Python side and the browser side of the site search."""

from pathlib import Path

import pytest

from kb.rulenum import find_numbers_loose
from kb.site.search_groups import shard_of
from kb.site.search_index import grams, normalise

FIXTURES = Path(__file__).parent / "fixtures"


def read_vectors(name: str) -> list[tuple[str, str]]:
    rows = []
    for line in (FIXTURES / name).read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            source, _, expected = line.partition("\t")
            rows.append((source, expected))
    return rows


@pytest.mark.parametrize(("query", "expected"), read_vectors("rule_query_vectors.tsv"))
def test_rule_query_vectors(query: str, expected: str) -> None:
    assert " ".join(str(n) for _, _, n in find_numbers_loose(query)) == expected


def test_grams_split_on_separators_and_keep_single_characters() -> None:
    assert grams(normalise("フェイズ・アウト、トークン。毒", {})) == [
        "フェ", "ェイ", "イズ", "ズア", "アウ", "ウト", "トー", "ーク", "クン", "毒"]
    assert grams("702.26d") == ["70", "02", "2.", ".2", "26", "6d"]
    assert grams("xの値 ライフが0点") == ["xの", "の値", "x", "ライ", "イフ", "フが", "が0", "0点", "0"]


def test_variants_apply_before_grams() -> None:
    assert grams(normalise("オモテ向き", {"オモテ": "表"})) == ["表向", "向き"]


def test_shard_of_is_fnv1a() -> None:
    # Over ASCII, code points are bytes: the published FNV-1a 32-bit values.  search.js
    # computes the same function; the browser test compares the two on Japanese grams.
    assert shard_of("a", 2**32) == 0xE40C292C
    assert shard_of("foobar", 2**32) == 0xBF9CF968
    assert 0 <= shard_of("フェ", 7) < 7
