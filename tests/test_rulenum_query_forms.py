"""Rule numbers as people type them in a search box (kb.rulenum.find_query_numbers).

Examples of every form, then properties: each number written in each form is found (and
nothing else), text made of things that only look like numbers (2/2, +1/+1, 20点, dates,
1-2 ranges, 3,000, ルール 100枚) yields none, and no input makes the grammar raise.
"""

from __future__ import annotations

import datetime
import itertools

import pytest
from fuzzing import fuzz_settings, guarded, query_texts
from hypothesis import given
from hypothesis import strategies as st

from kb.rulenum import SUBRULE_LETTERS, RuleNumber, find_numbers_loose, find_query_numbers


def numbers_in(text: str) -> list[str]:
    return [str(n) for _, _, n in find_numbers_loose(text)]


@pytest.mark.parametrize(("query", "expected"), [
    ("ルール 809", "809"),
    ("ルール722", "722"),
    ("総合ルール 704.5", "704.5"),
    ("総合ルール510.1c", "510.1c"),
    ("ルール番号 704.5", "704.5"),
    ("704.5項", "704.5"),
    ("702.21a項", "702.21a"),
    ("CR704.5j", "704.5j"),
    ("ＣＲ７０４．５ｊ", "704.5j"),
    ("613,7f", "613.7f"),
    ("613-7f", "613.7f"),
    ("613ー7f", "613.7f"),
    ("６１３－７ｆ", "613.7f"),
    ("r613.7f", "613.7f"),
    ("R 406.3", "406.3"),
    ("ｒ６１３．７ｆ", "613.7f"),
    ("ルール１０３．５", "103.5"),
    ("ルール205-4d", "205.4d"),
    ("ルール 613-7", "613.7"),
    ("613-7", "613.7"),
    ("rule 117", "117"),
    ("CR 903.10a 統率者", "903.10a"),
    ("統率者 508,1f 攻撃", "508.1f"),
    ("「603.3b」", "603.3b"),
    ("ルール 809の皇帝戦", "809"),
    ("809項", "809"),
])
def test_query_forms(query: str, expected: str) -> None:
    assert numbers_in(query) == [expected]


def test_the_span_takes_the_prefix_and_suffix_along() -> None:
    """The words of the form (総合ルール, 項) are not searched as words."""
    (start, end, _), = find_numbers_loose("総合ルール 704.5項 伝説")
    assert (start, end) == (0, 12)
    (start, end, _), = find_query_numbers("ｒ６１３．７ｆ")
    assert (start, end) == (0, 7)


@pytest.mark.parametrize("query", [
    "2/2", "+1/+1", "20点", "1-2", "10-20", "100-200", "100-200点", "3,000", "3,000点",
    "300,000", "1,000,000", "2024-01-05", "2026/1/16", "2005年10月", "20231117.0", "1,2マナ",
    "ルール 100枚", "統率者戦 デッキ ルール 100枚", "レジェンド・ルール 2体", "ルール 1つ",
    "Wrath 702", "702.26l", "702.26o", "100項目", "フェイズアウト トークン", "ライフ 40点",
    "613-7 タイムスタンプ", "x613.7", "613.7.1",
])
def test_things_that_are_no_rule_numbers(query: str) -> None:
    assert numbers_in(query) == []


rules = st.tuples(st.integers(100, 999), st.integers(1, 99),
                  st.one_of(st.none(), st.sampled_from(SUBRULE_LETTERS))).map(
    lambda t: RuleNumber(t[0] // 100, t[0], t[1], t[2]))
chapters = st.integers(100, 999).map(lambda c: RuleNumber(c // 100, c))
PREFIXES = ["ルール ", "ルール", "総合ルール ", "総合ルール", "CR", "CR ", "cr:", "r", "R ", "rule "]


def _full_width(text: str) -> str:
    return "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in text)


def _spelled(number: RuleNumber, separator: str) -> str:
    return str(number).replace(".", separator)


@fuzz_settings(400)
@given(rules, st.sampled_from(["", *PREFIXES]), st.sampled_from([".", ",", "-", "ー"]),
       st.sampled_from(["", "項"]), st.booleans(), st.sampled_from(["", "伝説の {} について", "{} 参照"]))
@guarded
def test_every_rule_in_every_form_is_found(number: RuleNumber, prefix: str, separator: str,
                                           suffix: str, full_width: bool, around: str) -> None:
    written = prefix + _spelled(number, separator) + suffix
    if full_width:
        written = _full_width(written)
    text = around.format(written) if around else written
    needs_help = separator != "." and number.letter is None
    if needs_help and not prefix and around:
        assert numbers_in(text) == []  # 613-7 inside a sentence is no rule number
        return
    assert numbers_in(text) == [str(number)], text


@fuzz_settings(200)
@given(chapters, st.sampled_from(PREFIXES), st.booleans())
@guarded
def test_a_chapter_after_a_prefix_is_found(number: RuleNumber, prefix: str, full_width: bool) -> None:
    written = prefix + str(number)
    assert numbers_in(_full_width(written) if full_width else written) == [str(number)]
    assert numbers_in(f"{written}枚") == [] or prefix.strip().lower() in ("rule", "cr", "cr:")


def _date(day: datetime.date, style: int) -> str:
    return [f"{day:%Y-%m-%d}", f"{day.year}/{day.month}/{day.day}", f"{day.year}年{day.month}月{day.day}日",
            f"{day.month}/{day.day}", f"{day:%Y%m%d}.0", f"{day:%Y.%m.%d}"][style]


not_numbers = st.one_of(
    st.tuples(st.integers(-20, 20), st.integers(-20, 20)).map(lambda t: f"{t[0]:+d}/{t[1]:+d}"),
    st.tuples(st.integers(0, 20), st.integers(0, 20)).map(lambda t: f"{t[0]}/{t[1]}"),
    st.tuples(st.integers(0, 9999), st.sampled_from(["点", "枚", "体", "個", "回", "ターン", "マナ"])).map(
        lambda t: f"{t[0]}{t[1]}"),
    st.tuples(st.dates(datetime.date(1993, 1, 1), datetime.date(2099, 12, 31)), st.integers(0, 5)).map(
        lambda t: _date(*t)),
    st.tuples(st.integers(0, 999), st.sampled_from(["-", "～", "〜", "－"]), st.integers(0, 999)).map(
        lambda t: f"{t[0]}{t[1]}{t[2]}点"),
    st.tuples(st.integers(0, 99), st.sampled_from(["-", "～"]), st.integers(0, 99)).map(
        lambda t: f"{t[0]}{t[1]}{t[2]}"),
    st.integers(1000, 10**7).map(lambda n: f"{n:,}"),
    st.tuples(st.sampled_from(["ルール ", "レジェンド・ルール ", "デッキ ルール "]),
              st.integers(0, 999), st.sampled_from(["枚", "体", "点", "つ", "個"])).map(
        lambda t: f"{t[0]}{t[1]}{t[2]}"),
    st.sampled_from(["フェイズアウト", "トークン", "伝説の", "クリーチャー", "ライフ", "の", "を"]),
)


@fuzz_settings(600)
@given(st.lists(not_numbers, min_size=1, max_size=5), st.sampled_from([" ", "", "、"]))
@guarded
def test_numbers_of_other_kinds_are_no_rule_numbers(pieces: list[str], joiner: str) -> None:
    text = joiner.join(pieces)
    assert numbers_in(text) == [], text


grammar_texts = st.one_of(
    query_texts(),
    st.text(alphabet="0123456789０１２３.．,，-－ー−‐abfkmrRlo項ルール総合番号CR:： 　枚点", max_size=40),
)


@fuzz_settings(1000)
@given(grammar_texts)
@guarded
def test_no_input_breaks_the_query_forms(text: str) -> None:
    for start, end, number in find_query_numbers(text):
        assert 0 <= start < end <= len(text)
        assert str(number.chapter) in text[start:end].translate(
            {cp: cp - 0xFEE0 for cp in range(0xFF01, 0xFF5F)})
    spans = find_numbers_loose(text)
    assert all(a[1] <= b[0] for a, b in itertools.pairwise(spans))
