"""Regression tests for reader and graph bugs the fuzzers and the 20 MB inputs found:
lost or misnumbered lines, and inputs that took quadratic time."""

from __future__ import annotations

from test_fuzz_readers import PAGE, assert_no_line_lost

from kb.graph import build_graph
from kb.sources.names import find_name_pairs
from kb.sources.wiki import parse_wiki_page


def test_a_duplicated_infobox_field_is_kept_as_text() -> None:
    # A second 種別 overwrote the first in the infobox dict and its line vanished.
    text = "変異\n変異/Morph\n種別\tA\n種別\tB\n本文。"
    page = parse_wiki_page(text, PAGE)
    assert page.infobox == {"種別": "A"}
    assert_no_line_lost(text, page)


def test_infobox_fields_after_a_blank_line_keep_their_line() -> None:
    # prose() numbers field i as infobox_line + i, which a blank line between fields broke.
    text = "変異\n変異/Morph\n種別\tA\n\n登場セット\tB\n\n本文。"
    page = parse_wiki_page(text, PAGE)
    assert list(page.infobox) == ["種別"]
    assert [b.line for b in page.prose() if b.text.startswith("登場セット")] == [5]
    assert_no_line_lost(text, page)


def test_a_long_citation_block_keeps_every_entry() -> None:
    # Each quoted line scanned every earlier entry twice: 16,000 entries took 30 s
    # (bench/linearity.py times this shape at 10,000 and 40,000 entries).
    letters = "abcdefghijk"
    entries = [f"• 702.{i % 999 + 1}{letters[i // 999 % 11]} 本文{i}。" for i in range(4_000)]
    text = "頁\n引用：総合ルール 20231117.0\n" + "\n".join(entries)
    page = parse_wiki_page(text, PAGE)
    assert len(page.citations[0].entries) == 4_000


def test_breadcrumb_repeats_are_still_dropped() -> None:
    # The flat skin repeats the citation's ancestors after its last entry.
    text = ("頁\n引用：総合ルール 20231117.0\n- 6 呪文、能力、効果\n- 613 継続的効果の相互作用\n"
            "- 613.7 本文。\n- 613.7a 本文a。\n- 613.7 本文。\n- 613 継続的効果の相互作用\n")
    page = parse_wiki_page(text, PAGE)
    assert [str(e.number) for e in page.citations[0].entries] == ["6", "613", "613.7", "613.7a"]
    assert [d.line for d in page.dropped] == [7, 8]


def test_a_long_line_with_many_slashes_has_no_name_pairs() -> None:
    # Pasted minified HTML: each "</div" looked for a kana reading from the line's start
    # (bench/linearity.py times this shape).
    line = "<div class=x>あいう</div>" * 20_000
    assert list(find_name_pairs(line)) == []


def test_name_pairs_still_see_a_reading_before_the_slash() -> None:
    pairs = list(find_name_pairs("相棒（あいぼう）/Companion"))
    assert [(p.japanese, p.english) for p in pairs] == [("相棒", "Companion")]


def test_a_flat_page_with_many_repeated_headings_numbers_their_anchors() -> None:
    # Each heading candidate sliced the rest of the page, and each repeated heading
    # searched its anchor suffix from 2: 120,000 lines took 150 s (bench/linearity.py).
    text = "頁\n" + "\n".join(["- 箇条", "見出し候補", "本文。"] * 4_000)
    page = parse_wiki_page(text, PAGE)
    assert [s.anchor for s in page.sections[:3]] == ["見出し候補", "見出し候補-2", "見出し候補-3"]
    assert page.sections[-1].anchor == "見出し候補-4000"


def test_anchors_skip_a_suffix_a_heading_already_has() -> None:
    text = "頁\n\n定義\n\n本文。\n\n定義-2\n\n本文。\n\n定義\n\n本文。\n\n定義\n\n本文。"
    page = parse_wiki_page(text, PAGE)
    assert [s.anchor for s in page.sections] == ["定義", "定義-2", "定義-3", "定義-4"]


def test_a_rule_quoted_many_times_is_one_text_with_every_source() -> None:
    # Each quote checked its source against every earlier source of the same text
    # (bench/linearity.py times this shape).
    block = "引用：総合ルール 20231117.0\n- 6 呪文、能力、効果\n- 613 継続的効果の相互作用\n- 613.7a 本文。"
    page = parse_wiki_page("頁\n" + "\n".join([block] * 1_200), PAGE)
    graph = build_graph([page], [])
    node = graph.get("613.7a")
    assert node is not None and len(node.texts) == 1 and len(node.texts[0].sources) == 1_200
