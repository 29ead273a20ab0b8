"""Fuzzing the rule-number grammar with reference-shaped and arbitrary text.

``RuleNumber.parse`` either returns a number or raises ``RuleNumberError`` (the grammar's
own error, which the readers turn into text or a KbError); ``find_references`` and
``find_numbers_loose`` never raise, and every span they return lies inside the text and
covers the number it names; ``expand_range`` gives siblings in order or refuses.
"""

from __future__ import annotations

import re

from fuzzing import (
    CONTROL,
    SENTENCES,
    fuzz_settings,
    guarded,
    query_texts,
    rule_number_texts,
    sentences,
)
from hypothesis import given
from hypothesis import strategies as st

from kb.rulenum import (
    MAX_RANGE,
    SUBRULE_LETTERS,
    Level,
    RuleNumber,
    RuleNumberError,
    expand_range,
    find_numbers_loose,
    find_references,
    fold_width,
)

# A range end follows the first number after one of these (see rulenum._RANGE_RE).
_RANGE_DASH = re.compile(r"[ \t]*[-–－～〜~]")

numbers = st.one_of(
    st.integers(0, 9).map(RuleNumber),
    st.integers(100, 999).map(lambda c: RuleNumber(c // 100, c)),
    st.tuples(st.integers(100, 999), st.integers(0, 300)).map(
        lambda t: RuleNumber(t[0] // 100, t[0], t[1])
    ),
    st.tuples(st.integers(100, 999), st.integers(0, 300), st.sampled_from(SUBRULE_LETTERS)).map(
        lambda t: RuleNumber(t[0] // 100, t[0], t[1], t[2])
    ),
)

reference_texts = st.one_of(
    st.lists(st.one_of(rule_number_texts(), sentences(), st.sampled_from(CONTROL)),
             max_size=8).map("".join),
    st.lists(st.one_of(rule_number_texts(), st.sampled_from(SENTENCES)), max_size=6).map(" ".join),
    st.text(max_size=200),
    st.text(alphabet="0123456789０１２３.．abkmnlo-～〔〕参照rule CR:|,、 ", max_size=60),
)


@fuzz_settings(800)
@given(st.one_of(rule_number_texts(), st.text(max_size=30)))
@guarded
def test_parse_returns_a_number_or_refuses(text: str) -> None:
    try:
        number = RuleNumber.parse(text)
    except RuleNumberError:
        return
    assert RuleNumber.parse(str(number)) == number
    assert str(number).isascii()


@fuzz_settings(300)
@given(numbers, st.sampled_from(["{}", "{}.", "CR:{}", "CR{}", "rule {}", " {} ", "Rule {}."]),
       st.booleans())
@guarded
def test_every_number_parses_back_from_each_way_of_writing_it(
    number: RuleNumber, form: str, full_width: bool
) -> None:
    text = form.format(number)
    if full_width:
        text = "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in text)
    assert RuleNumber.parse(text) == number


@fuzz_settings(2000)
@given(reference_texts)
@guarded
def test_reference_spans_lie_inside_the_text_and_cover_their_number(text: str) -> None:
    references = find_references(text)
    previous_end = 0
    for reference in references:
        assert previous_end <= reference.start < reference.end <= len(text)
        previous_end = reference.end
        assert reference.spans and reference.numbers
        for span in reference.spans:
            assert reference.start <= span.start < span.end <= reference.end
            written = fold_width(text[span.start : span.end])
            first_written = _RANGE_DASH.split(written, maxsplit=1)[0]
            assert RuleNumber.parse(first_written) == span.first, (written, span)
            if len(span.numbers) > 1:
                assert list(span.numbers) == sorted(set(span.numbers))
                assert len({n.parent for n in span.numbers}) == 1
                assert len(span.numbers) <= MAX_RANGE + 1


@fuzz_settings(800)
@given(st.one_of(reference_texts, rule_number_texts(), query_texts()))
@guarded
def test_loose_numbers_lie_inside_the_query(text: str) -> None:
    for start, end, number in find_numbers_loose(text):
        assert 0 <= start < end <= len(text)
        assert isinstance(number, RuleNumber)
        assert str(number.section) in fold_width(text[start:end])


@fuzz_settings(600)
@given(numbers, numbers)
@guarded
def test_expand_range_gives_siblings_in_order_or_refuses(a: RuleNumber, b: RuleNumber) -> None:
    try:
        expanded = expand_range(a, b)
    except RuleNumberError:
        assert a.parent != b.parent or a.level != b.level or b < a or (
            a.level in (Level.RULE, Level.CHAPTER) and _gap(a, b) >= MAX_RANGE
        )
        return
    assert expanded[0] == a and expanded[-1] == b
    assert list(expanded) == sorted(set(expanded))
    assert all(n.parent == a.parent and n.level == a.level for n in expanded)


def _gap(a: RuleNumber, b: RuleNumber) -> int:
    if a.level == Level.RULE:
        assert a.rule is not None and b.rule is not None
        return b.rule - a.rule
    assert a.chapter is not None and b.chapter is not None
    return b.chapter - a.chapter


def test_every_reference_of_a_long_list_shaped_line_is_found() -> None:
    """List-shaped references (``rule 611.3a, 611.3b, …``) repeated; that this takes
    linear time is measured in ``bench/linearity.py`` (a megabyte of them)."""
    text = "rule 611.3a, 611.3b、rule 704.5m-n 参照。" * 2_000
    references = find_references(text)
    assert len(references) == 4_000  # the "、rule" starts a second reference
