"""The official CR reader, on the real 20260116.0 file and on small irregular fixtures."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from conftest import CR_FILE, GLOSSARY_FILE, needs_cr
from glossary_wiki import read_glossary_wiki

from kb.errors import KbError
from kb.model import CRDocument
from kb.rulenum import Level
from kb.sources.cr import parse_cr

pytestmark = needs_cr


def _independent_counts() -> Counter[str]:
    """Count numbered body lines with a deliberately simple scan of the file."""
    lines = CR_FILE.read_text(encoding="utf-8").split("\n")
    start = lines.index("マジック：ザ・ギャザリング　総合ルール") + 1
    end = lines.index("用語集")
    counts: Counter[str] = Counter()
    for line in lines[start:end]:
        if re.match(r"^\d{3}\.\d+[a-z]", line):
            counts["subrule"] += 1
        elif re.match(r"^\d{3}\.\d+", line):
            counts["rule"] += 1
        elif re.match(r"^\d{3} ?\.", line):
            counts["chapter"] += 1
        elif re.match(r"^\d\. ", line):
            counts["section"] += 1
    return counts


def test_every_numbered_line_is_read(cr_document: CRDocument) -> None:
    expected = _independent_counts()
    lines = CR_FILE.read_text(encoding="utf-8").split("\n")
    # Prose under a heading (0. はじめに) becomes that number's text from its own line.
    numbered = [e for e in cr_document.entries if lines[e.source.line - 1][:1].isdigit()]
    found = Counter(e.number.level.name.lower() for e in numbered)
    assert found == expected
    assert found["section"] == 10  # 0-9
    assert found["chapter"] == 146
    assert 1100 <= found["rule"] <= 1200
    assert 1900 <= found["subrule"] <= 2000


def test_version_and_contents(cr_document: CRDocument) -> None:
    assert cr_document.version == "20260116.0"
    assert ("702", "キーワード能力") in cr_document.contents
    # The contents go 720 -> 722; the body has 721, and the body is what counts.
    assert "721" not in {n for n, _ in cr_document.contents}
    assert any(str(e.number) == "721" for e in cr_document.entries)


def _entry(cr_document: CRDocument, number: str, kind: str = "text") -> list[str]:
    return [e.text for e in cr_document.entries if str(e.number) == number and e.kind == kind]


def test_irregular_lines(cr_document: CRDocument) -> None:
    assert _entry(cr_document, "606.5")[0].startswith("忠誠度能力を起動するためのコスト")
    assert _entry(cr_document, "720", "title") == ["前兆カード"]
    assert _entry(cr_document, "702.176", "title") == ["兆候／Impending"]
    assert _entry(cr_document, "702.189", "title") == ["火の技／Firebending"]
    assert _entry(cr_document, "709.5b")[0].startswith("共有タイプ行を持つ")
    assert _entry(cr_document, "701.58a")[0].startswith("「[カードを]偽装する")
    assert _entry(cr_document, "500.10a")[0].startswith("追加のフェイズやステップを")
    assert len(_entry(cr_document, "505.4")) == 2
    messages = {i.message for i in cr_document.irregularities}
    for expected in ("606.5: no period after the number", "720: space before the period",
                     "702.176: no space after the number", "702.189: number repeated",
                     "500.10a: number alone, text on the next line", "505.4: number given twice"):
        assert expected in messages


def test_examples_attach_to_the_rule_above(cr_document: CRDocument) -> None:
    examples = {str(e.number): e.examples for e in cr_document.entries}
    assert len(examples["702.26b"]) == 2
    assert examples["702.26b"][0].text.startswith("あなたが3体のクリーチャーをコントロールしていて")
    # Bare 例： lines with the text on the next line.
    assert all(x.text for x in examples["123.6b"])
    # An inline 例： inside a rule line.
    assert examples["701.20c"][0].text.startswith("《テレパシー》")
    total = sum(len(e.examples) for e in cr_document.entries)
    assert total == 276 + 1


def test_continuation_lines_join_the_rule(cr_document: CRDocument) -> None:
    assert "第8版以前に作られたカード" in _entry(cr_document, "205.4c")[0]


def test_glossary_matches_the_wiki_form(cr_document: CRDocument) -> None:
    assert len(cr_document.glossary) == 728
    wiki = read_glossary_wiki(GLOSSARY_FILE, cr_document.version)
    assert len(wiki) == 728
    ours = {(g.headword, g.reading, g.english): g.definition.replace("\n", "") for g in cr_document.glossary}
    theirs = {(g.headword, g.reading, g.english): g.definition.replace("\n", "") for g in wiki}
    assert ours == theirs
    companion = cr_document.glossary[0]
    assert (companion.headword, companion.reading, companion.english) == ("相棒", "あいぼう", "Companion")
    assert any(g.english == "Room" and g.headword == "" for g in cr_document.glossary)


def test_levels_are_all_present(cr_document: CRDocument) -> None:
    assert {e.number.level for e in cr_document.entries} == set(Level)


SMALL_CR = """\
このファイルは2026-01-16 に翻訳したものです。
もくじ
1. ゲームの考え方
100. 原則
マジック：ザ・ギャザリング　総合ルール
1. ゲームの考え方
100. 原則
100.1. このルールは2人以上のゲームに適用される。rule 100.1a 参照。
例：二人で遊ぶ。
100.1a 2人対戦とは、2人で開始されるゲームのことである。
100.2 ピリオドのない規則である。
100.2a
次の行にある本文である。
100.2bすき間のない細則である。
　続きの行である。
101 . 黄金律
101.1. 101.1. 番号が繰り返された規則である。
用語集
相棒（あいぼう）／Companion
　キーワード能力。rule 100.1 参照。
クレジット
翻訳：だれか
"""


def test_small_irregular_cr() -> None:
    document = parse_cr(SMALL_CR, "small.txt")
    assert document.version == "20260116.0"
    assert [str(e.number) for e in document.entries] == [
        "1", "100", "100.1", "100.1a", "100.2", "100.2a", "100.2b", "101", "101.1",
    ]
    texts = {str(e.number): e for e in document.entries}
    assert texts["100.1"].examples[0].text == "二人で遊ぶ。"
    assert texts["100.2a"].text == "次の行にある本文である。"
    assert texts["100.2b"].text == "すき間のない細則である。\n続きの行である。"
    assert texts["101"].kind == "title" and texts["101"].text == "黄金律"
    assert texts["101.1"].text == "番号が繰り返された規則である。"
    assert texts["100.1"].source.line == 8
    assert len(document.glossary) == 1 and document.glossary[0].definition == "キーワード能力。rule 100.1 参照。"


def test_cr_without_rules_or_version_is_refused() -> None:
    with pytest.raises(KbError, match="no numbered rules"):
        parse_cr("このルールは2026年1月16日から有効です。\nただの文章。\n", "prose.txt")
    with pytest.raises(KbError, match="cannot tell the CR version") as err:
        parse_cr("100. 原則\n100.1. 規則。\n", "noversion.txt")
    assert "noversion.txt:1" in str(err.value)
