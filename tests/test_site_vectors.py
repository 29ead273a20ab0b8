"""Vectors shared by the Python side and the browser side of the site search."""

from pathlib import Path

import pytest

from kb.rulenum import find_numbers_loose
from kb.site.search_groups import (
    GROUP_BYTES,
    KANA_DOCS,
    Groups,
    anchor,
    group_characters,
    hiragana_trigrams,
    kana_groups,
    shard_of,
)
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


def test_a_gram_is_filed_under_its_anchor() -> None:
    assert [anchor(g) for g in ("状況", "の両", "が0", "なる", "を", "ー", "")] == ["状", "両", "0", None, None, "ー", None]
    groups = Groups(["況状", "両方"], 4)
    assert groups.of("状況") == groups.of("況起") == groups.of("が状") == 0
    assert groups.of("の両") == groups.of("両方") == groups.of_key("両方向") == 1
    assert 2 <= groups.of("なる") < 6 and groups.of("なる") == 2 + shard_of("なる", 4)
    assert groups.of("起因") == 2 + shard_of("起", 4)  # a character in no group: by its hash


def test_characters_side_by_side_share_a_group_within_the_budget() -> None:
    sizes = {"状況": 300, "況起": 200, "起因": 200, "因処": 100, "処理": 400, "なる": 900, "巨大": GROUP_BYTES}
    counts = {"状況": 30, "況起": 20, "起因": 20, "因処": 10, "処理": 40, "なる": 90, "巨大": 5}
    groups = group_characters(sizes, counts)
    # 理 anchors no gram; 巨 alone is heavy enough for a group of its own
    assert groups.groups == ["".join(sorted("状況起因処")), "巨"]
    assert len({groups.of(g) for g in ("状況", "況起", "起因", "因処", "処理")}) == 1
    assert groups.rest == 1  # なる and 大 by hash
    assert group_characters(dict(reversed(sizes.items())), counts).groups == groups.groups
    big = dict.fromkeys(sizes, GROUP_BYTES // 2 + 1)
    assert all(len(chars) == 1 for chars in group_characters(big, counts).groups)


def test_a_character_too_heavy_for_one_group_is_split_by_gram() -> None:
    sizes = {"ーク": GROUP_BYTES, "ール": GROUP_BYTES, "ーン": 10, "トー": 10, "状況": 10}
    counts = dict.fromkeys(sizes, 1)
    groups = group_characters(sizes, counts)
    assert "ー" not in "".join(groups.groups)  # never joined: it would take its group over
    first, count = groups.split["ー"]
    assert count == 3 and first == len(groups.groups)
    assert {groups.of(g) for g in ("ーク", "ール", "ーン", "のー")} <= set(range(first, first + count))
    assert groups.of("ーク") == first + shard_of("ーク", count)
    assert groups.count == groups.first_rest + groups.rest


def test_postings_are_gaps_with_counts_of_one_folded_in() -> None:
    from kb.site.search_index import decode_postings, encode_postings, read_varints, varint

    flat = [0, 1, 3, 2, 40, 1, 1000, 17, 1001, 1]
    encoded = encode_postings(flat)
    assert read_varints(encoded) == [0, 7, 2, 74, 1921, 17, 2]  # 2*gap (+1 when a count follows)
    assert decode_postings(encoded) == flat
    assert varint(31) == "V" and varint(32) == "W1"  # five bits a digit, lowest first
    with pytest.raises(ValueError, match="unfinished"):
        read_varints("W")


def test_two_hiragana_a_text_joins_share_a_kana_group() -> None:
    texts = ["ライフが0になったらどうなる", "タップしたらどうなる", "なったらどうなる", "なし"]
    trigrams = hiragana_trigrams(texts)
    assert trigrams["たらど"] == 3 and trigrams["になっ"] == 1 and "なし" not in trigrams
    sizes = dict.fromkeys(("にな", "なっ", "った", "たら", "らど", "どう", "うな", "なる", "した", "ぷぷ"), 100)
    kana = kana_groups(sizes, trigrams, limit=10_000)
    # one group for the question's whole run (した too, joined by したら); ぷぷ, in no
    # trigram, stays by its hash
    assert len(kana) == 1 and {kana[0][i:i + 2] for i in range(0, len(kana[0]), 2)} == set(sizes) - {"ぷぷ"}
    # within the budget (three grams), the trigrams held by the most documents join first
    assert kana_groups(sizes, trigrams, limit=300) == ["うなどうなる", "たらったらど", "なっにな"]
    counts = dict.fromkeys(sizes, KANA_DOCS) | {"状況": 1, "した": KANA_DOCS - 1}
    groups = group_characters({**sizes, "状況": 10}, counts, trigrams=trigrams)
    first_kana = groups.first_rest + groups.rest
    assert {groups.of(g) for g in ("なっ", "どう", "なる")} == {first_kana}
    assert groups.of("ぷぷ") == groups.first_rest + shard_of("ぷぷ", groups.rest)
    assert "した" not in groups.kana_table  # too rare to be listed in every search's meta
    assert groups.count == first_kana + 1
