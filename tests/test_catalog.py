"""The catalogs of CR examples and keywords (kb/checks/catalog.py) and the figures from them."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from kb.checks.catalog import (
    CATALOG_VERSION,
    EXAMPLE_COLUMNS,
    EXAMPLE_KINDS,
    KEYWORD_COLUMNS,
    MACHINERY,
    ExampleRef,
    chapter_coverage,
    example_coverage,
    example_drift,
    graph_examples,
    keyword_coverage,
    keyword_drift,
    load_examples,
    load_keywords,
)
from kb.checks.fingerprint import fingerprint
from kb.errors import KbError
from kb.graph import RuleGraph, build_graph
from kb.model import CRDocument
from kb.rulenum import RuleNumber
from kb.sources.cr import parse_cr

R = RuleNumber.parse


def test_the_catalogs_parse() -> None:
    examples = load_examples()
    assert len(examples) == 277  # the 例 paragraphs of 20260116.0 (issue 12)
    kinds = Counter(row.kind for row in examples)
    assert set(kinds) <= set(EXAMPLE_KINDS)
    assert kinds["situation"] > 0.9 * len(examples)  # most examples are game situations
    keywords = load_keywords()
    kinds = Counter(row.kind for row in keywords)
    assert kinds == {"action": 67, "ability": 188}  # 701.2-701.68, 702.2-702.189
    assert all(row.defining.parent == row.rule for row in keywords)


def test_every_cr_example_has_exactly_one_row(full_graph: RuleGraph,
                                               cr_document: CRDocument) -> None:
    assert cr_document.version == CATALOG_VERSION
    assert sum(len(entry.examples) for entry in cr_document.entries) == 277
    examples = graph_examples(full_graph)
    assert len(examples) == 277
    rows = load_examples()
    assert [row.ref for row in rows] == [ref for ref, _ in examples]
    drift = example_drift(rows, full_graph)
    assert drift.ok, drift
    # 701.20c's example sits inside the rule line; the reader still gives it.
    assert ExampleRef(R("701.20c"), 1) in dict(examples)


def test_every_keyword_rule_has_a_row(full_graph: RuleGraph) -> None:
    drift = keyword_drift(load_keywords(), full_graph)
    assert drift.ok, drift
    listed = {row.rule for row in load_keywords()}
    assert R("702.19") in listed and R("701.68") in listed and R("702.189") in listed


SMALL_CR = """\
マジック：ザ・ギャザリング　総合ルール 20990101.0
1. ゲームの考え方
117. タイミング
117.1. 優先権を持つ者が動ける。
117.1a 細かい決まりである。
5. ターンの構造
500. 一般
500.1. ターンはいくつかの段階からなる。
例：最初の段階で準備する。
例：次の段階で本体を行う。
506. 戦闘
506.1. 戦闘にも段階がある。
7. 追加ルール
702. キーワード能力
702.2. 飛ぶもの／Flyer
702.2a 飛ぶものは常在型能力である。
702.2b 飛ぶものは地上のものにブロックされない。
702.3. 盾もち／Shieldbearer
702.3a 盾もちはデッキを組むときに意味を持つ。
704. 状況起因処理
704.1. 状況を確かめる。
"""


@pytest.fixture(scope="module")
def small_graph() -> RuleGraph:
    return build_graph([], [parse_cr(SMALL_CR, "small.txt")])


def _write(tmp_path: Path, name: str, columns: tuple[str, ...], *rows: str) -> Path:
    path = tmp_path / name
    path.write_text("# a note\n" + "\t".join(columns) + "\n" + "".join(r + "\n" for r in rows),
                    encoding="utf-8")
    return path


def _small_examples(tmp_path: Path, second: str | None = None) -> Path:
    first_text = "最初の段階で準備する。"
    second_fp = second or fingerprint("次の段階で本体を行う。")
    return _write(tmp_path, "examples.tsv", EXAMPLE_COLUMNS,
                  f"500.1\t1\t{fingerprint(first_text)}\tsituation\t",
                  f"500.1\t2\t{second_fp}\twording\t読み方の説明")


def test_drift_finds_changed_missing_and_unknown_rows(small_graph: RuleGraph,
                                                      tmp_path: Path) -> None:
    rows = load_examples(_small_examples(tmp_path))
    assert example_drift(rows, small_graph).ok
    changed = example_drift(load_examples(_small_examples(tmp_path, "0000abcd")), small_graph)
    assert [row.ref for row in changed.changed] == [ExampleRef(R("500.1"), 2)]
    assert example_drift(rows[:1], small_graph).missing == (ExampleRef(R("500.1"), 2),)
    extra = load_examples(_write(tmp_path, "extra.tsv", EXAMPLE_COLUMNS,
                                 "117.1\t1\t0000abcd\tsituation\t"))
    drift = example_drift(extra, small_graph)
    assert [row.ref for row in drift.unknown] == [ExampleRef(R("117.1"), 1)]
    assert len(drift.missing) == 2


def test_keyword_drift(small_graph: RuleGraph, tmp_path: Path) -> None:
    good = _write(tmp_path, "k.tsv", KEYWORD_COLUMNS,
                  "702.2\tFlyer\t飛ぶもの\tability\t702.2b\tin-game\t",
                  "702.3\tShieldbearer\t盾もち\tability\t702.3a\tdeck-construction\t")
    assert keyword_drift(load_keywords(good), small_graph).ok
    odd = _write(tmp_path, "odd.tsv", KEYWORD_COLUMNS,
                 "702.2\tFlyer\t空飛ぶもの\tability\t702.2b\tin-game\t702.2c",
                 "702.3\tShieldbearer\t盾もち\tability\t702.3a\tdeck-construction\t")
    drift = keyword_drift(load_keywords(odd), small_graph)
    assert [row.rule for row in drift.unknown] == [R("702.2")]  # no 702.2c in this CR
    renamed = _write(tmp_path, "renamed.tsv", KEYWORD_COLUMNS,
                     "702.2\tFlyer\t空飛ぶもの\tability\t702.2b\tin-game\t")
    drift = keyword_drift(load_keywords(renamed), small_graph)
    assert [row.rule for row in drift.renamed] == [R("702.2")]
    assert drift.missing == (R("702.3"),)


def test_no_drift_without_a_cr(tmp_path: Path) -> None:
    wiki_only = build_graph([], [])
    assert example_drift(load_examples(_small_examples(tmp_path)), wiki_only).ok
    assert keyword_drift(load_keywords(), wiki_only).ok
    assert graph_examples(wiki_only) == []


@pytest.mark.parametrize(("row", "message"), [
    ("500.1\t1\tabcd1234\tsituation", "4 columns instead of 5"),
    ("500.1l\t1\tabcd1234\tsituation\t", "rule is not a rule number"),
    ("500.1\t0\tabcd1234\tsituation\t", "index must be a whole number"),
    ("500.1\t2\tabcd1234\tsituation\t", "does not follow 500.1#0"),
    ("500.1\t1\tABCD1234\tsituation\t", "fingerprint must be 8 lower-case hex"),
    ("500.1\t1\tabcd1234\trumour\t", "unknown kind 'rumour'"),
    ("500.1\t1\tabcd1234\twording\t", "every other kind needs one"),
    ("500.1\t1\tabcd1234\tsituation\tbecause", "a situation has no reason"),
])
def test_malformed_example_rows_name_file_and_line(tmp_path: Path, row: str, message: str) -> None:
    path = _write(tmp_path, "bad.tsv", EXAMPLE_COLUMNS, row)
    with pytest.raises(KbError, match=re.escape(message)) as error:
        load_examples(path)
    assert error.value.path == str(path) and error.value.line == 3
    assert f"{path}:3: " in str(error.value)


@pytest.mark.parametrize(("row", "message"), [
    ("702.2\tFlyer\t飛ぶもの\tability\t702.2b\tin-game", "6 columns instead of 7"),
    ("702.2a\tFlyer\t飛ぶもの\tability\t702.2b\tin-game\t", "not a keyword rule"),
    ("702.1\tFlyer\t飛ぶもの\tability\t702.1b\tin-game\t", "not a keyword rule"),
    ("703.2\tFlyer\t飛ぶもの\tability\t703.2b\tin-game\t", "not a keyword rule"),
    ("702.2\tFlyer\t\tability\t702.2b\tin-game\t", "both names are needed"),
    ("702.2\tFlyer\t飛ぶもの\taction\t702.2b\tin-game\t", "kind of 702.2 is 'ability'"),
    ("702.2\tFlyer\t飛ぶもの\tability\t702.3b\tin-game\t", "702.3b is not a subrule of 702.2"),
    ("702.2\tFlyer\t飛ぶもの\tability\t702.2b\tfun\t", "unknown behaviour 'fun'"),
    ("702.2\tFlyer\t飛ぶもの\tability\t702.2b\tin-game\t702.2b", "name the defining one"),
    ("702.2\tFlyer\t飛ぶもの\tability\t702.2b\tin-game\t702.2c 702.2c", "repeat a subrule"),
])
def test_malformed_keyword_rows_name_file_and_line(tmp_path: Path, row: str, message: str) -> None:
    path = _write(tmp_path, "bad.tsv", KEYWORD_COLUMNS, row)
    with pytest.raises(KbError, match=re.escape(message)) as error:
        load_keywords(path)
    assert f"{path}:3: " in str(error.value)


def test_a_keyword_listed_twice_and_bad_headers_are_refused(tmp_path: Path) -> None:
    row = "702.2\tFlyer\t飛ぶもの\tability\t702.2b\tin-game\t"
    with pytest.raises(KbError, match=re.escape("702.2 is listed twice")) as error:
        load_keywords(_write(tmp_path, "twice.tsv", KEYWORD_COLUMNS, row, row))
    assert error.value.line == 4
    headerless = tmp_path / "headerless.tsv"
    headerless.write_text("# only a note\n", encoding="utf-8")
    with pytest.raises(KbError, match="no header row"):
        load_examples(headerless)
    with pytest.raises(KbError, match="the header must be") as error:
        load_examples(_write(tmp_path, "swapped.tsv", KEYWORD_COLUMNS))
    assert error.value.line == 2
    latin = tmp_path / "latin.tsv"
    latin.write_bytes("\t".join(EXAMPLE_COLUMNS).encode() + b"\n500.1\t1\t\xff\n")
    with pytest.raises(KbError, match="not UTF-8") as error:
        load_examples(latin)
    assert error.value.line == 2


def test_example_coverage_counts_and_gives_reasons(tmp_path: Path) -> None:
    rows = load_examples(_small_examples(tmp_path))
    none = example_coverage(rows, [])
    assert (none.total, len(none.covered), none.situations) == (2, 0, 1)
    assert [(str(row.ref), why) for row, why in none.rest] == [
        ("500.1#1", "no passing check yet"), ("500.1#2", "読み方の説明")]
    cited = [ExampleRef.parse("500.1#1"), ExampleRef.parse("704.1#3")]
    some = example_coverage(rows, cited)
    assert some.covered == {ExampleRef(R("500.1"), 1)}
    assert some.unknown == (ExampleRef(R("704.1"), 3),)
    assert some.as_json() == {
        "total": 2, "covered": 1, "situations": 1,
        "rest": [{"example": "500.1#2", "kind": "wording", "reason": "読み方の説明"}],
        "unknown": ["704.1#3"],
    }


def test_example_references_parse() -> None:
    ref = ExampleRef.parse("702.19b#2")
    assert (ref.rule, ref.index, str(ref)) == (R("702.19b"), 2, "702.19b#2")
    for text in ("702.19b", "702.19b#0", "702.19b#x", "#2"):
        with pytest.raises(ValueError):
            ExampleRef.parse(text)


def test_keyword_coverage_counts_defining_and_behaviour_subrules(tmp_path: Path) -> None:
    rows = load_keywords(_write(
        tmp_path, "k.tsv", KEYWORD_COLUMNS,
        "702.2\tFlyer\t飛ぶもの\tability\t702.2b\tin-game\t702.2c 702.2d",
        "702.3\tShieldbearer\t盾もち\tability\t702.3a\tdeck-construction\t702.3b",
        "701.2\tHop\t跳ねる\taction\t701.2a\tin-game\t"))
    figures = keyword_coverage(rows, [R("702.2b"), R("702.2d"), R("702.3a"), R("500.1")])
    assert [row.rule for row in figures.defining_covered] == [R("702.2")]
    assert [row.rule for row in figures.defining_missing] == [R("701.2")]
    assert figures.behaviour_missing == [R("702.2c"), R("702.3b")]
    assert figures.as_json() == {
        "defining": {"total": 2, "covered": 1, "missing": ["701.2a"]},
        "behaviour_subrules": {"total": 3, "covered": 1, "missing": ["702.2c", "702.3b"]},
        "without_in_game_behaviour": [{"rule": "702.3", "behaviour": "deck-construction"}],
    }


def test_chapter_coverage_per_machinery_span(small_graph: RuleGraph) -> None:
    figures = {str(f.span): f for f in chapter_coverage(
        small_graph, [R("500.1"), R("117.1a"), R("702.2b"), R("999.1")])}
    assert list(figures) == [str(span) for span in MACHINERY]
    assert figures["500–514"].rules == (R("500.1"), R("506.1"))
    assert figures["500–514"].covered == 1 and figures["500–514"].missing == [R("506.1")]
    assert figures["506–511"].rules == (R("506.1"),) and figures["506–511"].covered == 0
    assert figures["117"].rules == (R("117.1"), R("117.1a")) and figures["117"].covered == 1
    assert figures["704"].as_json() == {
        "chapters": "704", "label": "state-based actions", "label_ja": "状況起因処理",
        "version": "20990101.0", "rules": 1, "covered": 0, "missing": ["704.1"]}
    assert figures["601–608"].rules == ()
    assert chapter_coverage(build_graph([], []), [R("500.1")]) == ()


def test_machinery_chapters_with_the_shared_cr(full_graph: RuleGraph) -> None:
    counts = {str(f.span): len(f.rules) for f in chapter_coverage(full_graph, [])}
    # rules with text in 20260116.0; a count that moves means the CR or the reader changed
    assert counts == {"500–514": 146, "506–511": 102, "601–608": 168, "611–616": 126,
                      "704": 39, "117": 20}
