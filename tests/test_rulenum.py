"""The rule-number grammar: parsing, order, ranges, and references in running text."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kb import rulenum
from kb.rulenum import (
    SUBRULE_LETTERS,
    Level,
    RuleNumber,
    RuleNumberError,
    expand_range,
    find_numbers_loose,
    find_references,
)

FIXTURES = Path(__file__).parent / "fixtures" / "references.txt"


# -- parsing ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("702.26a", "702.26a"),
        ("７０２．２６ａ", "702.26a"),
        ("702.26.", "702.26"),
        ("CR:702.26", "702.26"),
        ("CR702.26", "702.26"),
        ("cr 613.7", "613.7"),
        ("rule 702.26", "702.26"),
        ("702.26D", "702.26d"),
        ("702", "702"),
        ("7", "7"),
        ("0", "0"),
    ],
)
def test_parse_accepts_how_people_write_numbers(text: str, expected: str) -> None:
    assert str(RuleNumber.parse(text)) == expected


@pytest.mark.parametrize("text", ["", "70", "7.1", "702.26l", "702.26o", "99.1", "2/2", "20231117.0", "abc", "702.26ab"])
def test_parse_refuses_what_is_not_a_rule_number(text: str) -> None:
    with pytest.raises(RuleNumberError):
        RuleNumber.parse(text)


def test_hierarchy() -> None:
    number = RuleNumber.parse("702.26a")
    assert [str(a) for a in number.ancestors()] == ["702.26", "702", "7"]
    assert number.level is Level.SUBRULE
    assert RuleNumber.parse("702").is_ancestor_of(number)
    assert not RuleNumber.parse("702.2").is_ancestor_of(RuleNumber.parse("702.26a"))


def test_natural_order_skips_l_and_o() -> None:
    texts = ["702.26", "702.9", "702.10", "702.26k", "702.26m", "702.26a", "702.2", "702", "7", "613.7n", "8"]
    ordered = sorted(RuleNumber.parse(t) for t in texts)
    assert [str(n) for n in ordered] == [
        "613.7n", "7", "702", "702.2", "702.9", "702.10", "702.26", "702.26a", "702.26k", "702.26m", "8",
    ]


def test_ranges() -> None:
    k, n = RuleNumber.parse("702.26k"), RuleNumber.parse("702.26n")
    assert [str(x) for x in expand_range(k, n)] == ["702.26k", "702.26m", "702.26n"]
    assert [str(x) for x in expand_range(RuleNumber.parse("119.9"), RuleNumber.parse("119.10"))] == ["119.9", "119.10"]
    with pytest.raises(RuleNumberError):
        expand_range(n, k)
    with pytest.raises(RuleNumberError):
        expand_range(RuleNumber.parse("702.26a"), RuleNumber.parse("702.27b"))


# -- properties ---------------------------------------------------------------------------

letters = st.sampled_from(SUBRULE_LETTERS)
chapters = st.integers(min_value=100, max_value=999)


@st.composite
def rule_numbers(draw: st.DrawFn) -> RuleNumber:
    level = draw(st.sampled_from(list(Level)))
    if level is Level.SECTION:
        return RuleNumber(draw(st.integers(0, 9)))
    chapter = draw(chapters)
    if level is Level.CHAPTER:
        return RuleNumber(chapter // 100, chapter)
    rule = draw(st.integers(1, 300))
    if level is Level.RULE:
        return RuleNumber(chapter // 100, chapter, rule)
    return RuleNumber(chapter // 100, chapter, rule, draw(letters))


@given(rule_numbers())
def test_format_parse_round_trip(number: RuleNumber) -> None:
    assert RuleNumber.parse(str(number)) == number
    assert RuleNumber.parse(f"CR:{number}") == number
    full_width = str(number).translate({cp: cp + 0xFEE0 for cp in range(0x21, 0x7F)})
    assert RuleNumber.parse(full_width) == number


@given(rule_numbers(), rule_numbers())
def test_order_is_total_and_parents_come_first(a: RuleNumber, b: RuleNumber) -> None:
    assert (a < b) + (b < a) + (a == b) == 1
    for ancestor in a.ancestors():
        assert ancestor < a


@given(rule_numbers())
def test_dotted_numbers_in_text_are_found_with_exact_spans(number: RuleNumber) -> None:
    text = f"詳しくは rule {number} 参照。"
    refs = find_references(text)
    assert [n for r in refs for n in r.numbers] == [number]
    span = refs[0].spans[0]
    assert text[span.start:span.end] == str(number)


@given(chapters, st.integers(1, 99), letters, letters)
def test_letter_ranges_expand_in_order(chapter: int, rule: int, a: str, b: str) -> None:
    first, last = sorted([a, b], key=SUBRULE_LETTERS.index)
    refs = find_references(f"rule {chapter}.{rule}{first}-{last} 参照")
    numbers = refs[0].numbers
    assert [n.letter for n in numbers] == list(SUBRULE_LETTERS[SUBRULE_LETTERS.index(first):SUBRULE_LETTERS.index(last) + 1])
    assert all(n.letter not in ("l", "o") for n in numbers)


@given(st.text(max_size=300))
def test_any_text_gives_references_inside_it(text: str) -> None:
    for ref in find_references(text):
        assert 0 <= ref.start <= ref.end <= len(text)
        for span in ref.spans:
            assert ref.start <= span.start < span.end <= ref.end



# Digits of every width and script the folding meets (ASCII, full-width, Arabic-Indic,
# Devanagari), and what stands around a reference.
_REFERENCE_PIECES = st.sampled_from([
    "0", "1", "2", "5", "7", "9", "０", "１", "２", "７", "٣", "७", ".", "．", "a", "ａ", "b",
    "rule ", "ｒｕｌｅ ", "CR:", "ＣＲ：", "参照", "〔", "〕", "、", ",", "-", "～", " ", "\u3000", "\n",
    "状況", "カード", "/", "+"])


@given(st.lists(_REFERENCE_PIECES, max_size=30).map("".join))
def test_references_equal_a_scan_of_the_whole_folded_text(text: str) -> None:
    """Texts without a digit are skipped unscanned: what is found is what a scan of every
    text finds."""
    assert find_references(text) == list(rulenum._iter_references(rulenum.fold_width(text)))


def test_a_text_without_digits_is_not_scanned(monkeypatch: pytest.MonkeyPatch) -> None:
    scanned: list[str] = []

    def scan(text: str) -> Iterator[rulenum.ReferenceMatch]:
        scanned.append(text)
        return iter(())

    monkeypatch.setattr(rulenum, "_iter_references", scan)
    find_references("ルールを参照しない段落、数字のない文。" + "ｒｕｌｅ　ＣＲ：" * 40)
    assert scanned == []
    find_references("ルール ７０２．２６ を参照する段落（数字を一度だけ使う）。")
    assert len(scanned) == 1

# -- fixtures: references in running text -------------------------------------------------


def _cases() -> list[tuple[str, list[str]]]:
    blocks = FIXTURES.read_text(encoding="utf-8").split("\n\n")
    cases = []
    for block in blocks:
        lines = [ln for ln in block.splitlines() if not ln.startswith("#")]
        if lines:
            cases.append((lines[0], lines[1:]))
    return cases


def _describe(text: str) -> list[str]:
    out = []
    for ref in find_references(text):
        title = f" 〔{ref.title}〕" if ref.title else ""
        numbers = " ".join(str(n) for n in ref.numbers)
        out.append(f"{ref.form} {numbers}{title} | {text[ref.start:ref.end]}")
    return out or ["none"]


@pytest.mark.parametrize(("text", "expected"), _cases(), ids=lambda v: v if isinstance(v, str) else "")
def test_reference_fixtures(text: str, expected: list[str]) -> None:
    assert _describe(text) == expected


# -- queries ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("702.26d", "702.26d"),
        ("７０２．２６ｄ", "702.26d"),
        ("CR 613.7", "613.7"),
        ("rule 611.2b", "611.2b"),
        ("702.26d.", "702.26d"),
        ("フェイズアウト 702.26d トークン", "702.26d"),
        ("702", "702"),
    ],
)
def test_numbers_in_queries(query: str, expected: str) -> None:
    found = find_numbers_loose(query)
    assert [str(n) for _, _, n in found] == [expected]


def test_query_without_number() -> None:
    assert find_numbers_loose("フェイズアウト トークン") == []
    assert find_numbers_loose("毒カウンター 10個") == []
