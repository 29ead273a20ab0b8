"""The checks: each runs and passes, each is written the one way (a statement in three parts,
rules cited with their fingerprints, real cards by their official Japanese names), and together
they cover the rules the wiki quotes.  Staleness is tested on the real CR and on small made-up
graphs."""

from __future__ import annotations

import csv
import importlib
import re
import sys
import textwrap
from pathlib import Path

import pytest
from conftest import CR_FILE, SHARED, needs_cr
from hypothesis import given
from hypothesis import strategies as st

from kb.checks import cite, registry
from kb.checks.cards import POOL
from kb.checks.expect import CheckFailed, Expect
from kb.checks.fingerprint import fingerprint
from kb.checks.registry import (
    CURRENT,
    WRITTEN_AGAINST,
    Check,
    CheckDefinitionError,
    all_checks,
    select,
)
from kb.checks.report import attach, report_json, run_checks
from kb.checks.staleness import reviews
from kb.checks.statement import StatementError, parse
from kb.checks.text import format_report
from kb.graph import RuleGraph, same_text
from kb.model import Example, RuleEntry, SourceRef
from kb.rulenum import RuleNumber

CHECKS = all_checks()
CARD_NAMES = SHARED / "data" / "card-names-ja" / "db_mtg.csv"


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.id)
def test_check_passes(check: Check) -> None:
    expect = Expect()
    check.function(expect)
    assert expect.claims, f"{check.id} claims nothing"


def test_check_modules_are_found_by_name_and_ids_are_unique() -> None:
    modules = registry.modules()
    assert modules and all(re.fullmatch(r"kb\.checks\.cr\.cr\d{3}(_\d+)?_[a-z_]+", m) for m in modules), modules
    assert {c.section for c in CHECKS} == {m.rsplit(".", 1)[-1] for m in modules}
    assert len({c.id for c in CHECKS}) == len(CHECKS)
    for check in CHECKS:
        assert "def " in check.source() and check.location().startswith("kb/checks/cr/")
        assert check.statement.situation and check.statement.action and check.statement.result


def test_a_malformed_statement_fails_at_registration_with_its_file_and_line(tmp_path: Path) -> None:
    module = tmp_path / "cr999_bad_checks.py"
    module.write_text(textwrap.dedent('''
        from kb.checks.registry import check


        @check("613.7@91668488")
        def no_result(expect):
            """状況: 何か。
            行動: 何かする。"""
    '''), encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    try:
        with pytest.raises(CheckDefinitionError, match=r"cr999_bad_checks.py:5: .*結果"):
            importlib.import_module("cr999_bad_checks")
    finally:
        sys.path.remove(str(tmp_path))
    with pytest.raises(StatementError, match=r"順|order"):
        parse("行動: x\n状況: y\n結果: z")
    with pytest.raises(StatementError, match="《》"):
        parse("状況: 《》がある。\n行動: x\n結果: y")
    with pytest.raises(StatementError, match="unbalanced"):
        parse("状況: 《灰色熊がある。\n行動: x\n結果: y")
    with pytest.raises(CheckDefinitionError, match="NUMBER@FINGERPRINT"):
        registry.check("613.7")(lambda expect: None)
    with pytest.raises(CheckDefinitionError, match="RULE#INDEX"):
        registry.check("613.7@91668488", example="613.4d-1")(lambda expect: None)


def test_statement_parts_and_cards() -> None:
    told = parse("状況: 《灰色熊》と《栄光の頌歌》。\n  続き。\n行動: 《灰色熊》が攻撃する。\n結果: 3点。")
    assert told.situation == "《灰色熊》と《栄光の頌歌》。 続き。"
    assert told.cards == ("灰色熊", "栄光の頌歌")


@pytest.mark.skipif(not CARD_NAMES.is_file(), reason=f"no card names at {CARD_NAMES}")
def test_cards_in_statements_are_real_cards_with_their_official_names() -> None:
    with CARD_NAMES.open(encoding="utf-8", newline="") as handle:
        official = {row[1]: row[0] for row in csv.reader(handle) if len(row) >= 2}
    named = {name for c in CHECKS for name in c.cards}
    assert named, "the checks name real cards"
    assert sorted(named - set(official)) == []
    for japanese, english in POOL.japanese.items():
        assert official.get(japanese) == english, (japanese, english)
    assert sorted(n for n in named if POOL.english(n) is None) == [], "every named card is one the checks define"


def test_every_cited_rule_is_in_the_seeds_graph_with_the_text_written_against(seed_graph: RuleGraph) -> None:
    for check in CHECKS:
        for cited in check.cites:
            if cited.version != WRITTEN_AGAINST:
                continue
            node = seed_graph.get(cited.number)
            assert node is not None, f"{check.id} cites {cited.number}, which the seeds never mention"
            text = node.text_in(cited.version)
            assert text is not None, f"{check.id}: the seeds have no {cited.version} text of {cited.number}"
            assert fingerprint(text.text) == cited.fingerprint, \
                f"{check.id}: {cited.number} is {fingerprint(text.text)} in the seeds, not {cited.fingerprint}"


@needs_cr
def test_rules_cited_in_the_cr_version_have_that_text(full_graph: RuleGraph) -> None:
    cited = [(c, one) for c in CHECKS for one in c.cites if one.version != WRITTEN_AGAINST]
    assert len(cited) > 200
    for check, one in cited:
        node = full_graph.get(one.number)
        text = node.text_in(one.version) if node else None
        assert text is not None, (check.id, one.number)
        assert fingerprint(text.text) == one.fingerprint, (check.id, one.number, fingerprint(text.text))


@needs_cr
def test_examples_named_by_checks_are_there(full_graph: RuleGraph) -> None:
    named = [(c, e) for c in CHECKS for e in c.examples]
    assert len(named) >= 10
    for check, example in named:
        node = full_graph.get(example.rule)
        text = node.text_in(CURRENT) if node is not None else None
        assert text is not None and example.index <= len(text.examples), (check.id, str(example))
        assert fingerprint(text.examples[example.index - 1].text) == example.fingerprint, (check.id, str(example))


@needs_cr
def test_cite_prints_rules_and_examples(capsys: pytest.CaptureFixture[str]) -> None:
    assert cite.main(["704.5a", "613.4d", "--cr", str(CR_FILE)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "704.5a@20260116.0@44340245"
    assert out[1].startswith("613.4d@20260116.0@") and out[2].startswith("613.4d#1@")
    assert cite.main(["999.9z", "--cr", str(CR_FILE)]) == 1
    assert "999.9z is not in" in capsys.readouterr().err


def test_wiki_bullets_named_by_checks_are_on_their_pages(seed_graph: RuleGraph) -> None:
    for check in CHECKS:
        for bullet in check.wiki:
            page = seed_graph.pages.get(bullet.page)
            assert page is not None, f"{check.id}: no page {bullet.page}"
            prose = "\n".join(block.text for block in page.prose())
            assert bullet.words in prose, f"{check.id}: {bullet.words!r} is not on {bullet.page}"


def test_every_quoted_rule_has_a_passing_check(seed_graph: RuleGraph) -> None:
    report = run_checks(seed_graph)
    quoted = report.coverage[0]
    assert quoted.scope == "quoted" and len(quoted.rules) == 47
    assert quoted.missing == []
    assert [r.check.id for r in report.results if r.status != "pass"] == []


def test_the_wiki_examples_the_issue_lists_are_checks() -> None:
    examples = ["神の怒り/Wrath of God", "栄光の頌歌/Glorious Anthem", "そのターン中にフェイズ・インする",
                "次のターン以降にフェイズ・インする", "エイヴンの擬態術士/Aven Mimeomancer",
                "翻弄する魔道士/Meddling Mage", "カヴーの巣/Kavu Lair", "誘惑蒔き/Sower of Temptation"]
    named = " ".join(b.words for c in CHECKS for b in c.wiki)
    assert [e for e in examples if e not in named] == []


def test_selection_follows_the_rule_grammar() -> None:
    def ids(*numbers: str) -> set[str]:
        return {c.id for c in select(CHECKS, [RuleNumber.parse(n) for n in numbers])}

    phasing = {c.id for c in CHECKS if any(str(r).startswith("702.26") for r in c.rules)}
    assert ids("702.26") == phasing
    assert ids("702.2") == {c.id for c in CHECKS if any(re.fullmatch(r"702\.2[a-z]?", str(r)) for r in c.rules)}
    assert ids("702.26g") == {"cr702_26_phasing.aura_and_equipment_phase_out_indirectly"}
    assert "cr702_26_phasing.phased_out_permanent_keeps_counters_timestamp_and_history" in ids("613.7")


def test_a_false_claim_fails_with_its_words() -> None:
    expect = Expect()
    with pytest.raises(CheckFailed, match="熊は3/3"):
        expect.equal((2, 2), (3, 3), "熊は3/3")
    with pytest.raises(CheckFailed, match="許した"):
        expect.refused(lambda: None, "唱えられない")


def test_checks_cover_every_area_the_engine_models() -> None:
    cited = {str(n) for c in CHECKS for n in c.rules}
    for prefix in ("117.", "305.", "500.", "502.", "508.", "509.", "510.", "514.", "601.", "602.", "603.10",
                   "605.", "608.", "611.", "613.6", "613.7", "613.8", "614.", "615.", "616.", "701.40", "701.58",
                   "701.62", "702.26", "702.37", "702.168", "704.5", "708."):
        assert any(n.startswith(prefix) for n in cited), prefix
    assert len(CHECKS) >= 180 and len(cited) >= 190


# -- staleness --------------------------------------------------------------------------------


@needs_cr
def test_checks_of_rules_changed_in_the_new_cr_need_review(full_graph: RuleGraph) -> None:
    cited = {cite.number for c in CHECKS for cite in c.cites if cite.version == WRITTEN_AGAINST}
    changed = set()
    for number in cited:
        node = full_graph.get(number)
        assert node is not None
        old, new = node.text_in("20231117.0"), node.text_in("20260116.0")
        assert old is not None and new is not None
        if not same_text(old.text, new.text):
            changed.add(number)
    assert RuleNumber.parse("702.26k") in changed
    report = run_checks(full_graph)
    flagged = {r.number for result in report.results for r in result.reviews}
    assert flagged == changed
    for result in report.results:
        assert (result.status == "needs-review") == bool(result.reviews)
        for review in result.reviews:
            assert review.written_text and review.text and review.version == "20260116.0"
    assert report.coverage[1].scope == "all" and report.coverage[1].version == "20260116.0"
    assert RuleNumber.parse("602.1d") in report.coverage[1].missing  # a wording note: nothing to check


def _graph(*entries: tuple[str, str, str], examples: dict[str, list[str]] | None = None) -> RuleGraph:
    graph = RuleGraph()
    for number, version, text in entries:
        found = [Example(e, SourceRef("x", 1)) for e in (examples or {}).get(number, [])]
        graph.add_entry(RuleEntry(RuleNumber.parse(number), version, text, "text", SourceRef("x", 1), found))
    graph.finish()
    return graph


def _check_for(number: str) -> Check:
    return next(c for c in CHECKS if RuleNumber.parse(number) in c.rules)


def test_whitespace_changes_do_not_need_review() -> None:
    check = _check_for("702.26m")
    text = "効果によってプレイヤーのアンタップ・ステップが飛ばされた場合、そのターン、フェイジングのイベントは発生しない。"
    assert fingerprint(text) == next(c.fingerprint for c in check.cites)
    graph = _graph(("702.26m", "20231117.0", text), ("702.26m", "20991231.0", text.replace("、", "、 ")))
    assert [r for r in reviews(check, graph) if str(r.number) == "702.26m"] == []
    graph = _graph(("702.26m", "20231117.0", text), ("702.26m", "20991231.0", text.replace("発生しない", "起きない")))
    [review] = [r for r in reviews(check, graph) if str(r.number) == "702.26m"]
    assert review.version == "20991231.0" and "起きない" in (review.text or "")


def test_a_text_the_check_was_not_written_against_needs_review() -> None:
    check = _check_for("702.26m")
    [review] = [r for r in reviews(check, _graph(("702.26m", "20231117.0", "別の文章。")))
                if str(r.number) == "702.26m"]
    assert "not the one this check was written against" in review.reason


def test_a_cited_rule_missing_from_a_build_with_a_cr_needs_review() -> None:
    check = _check_for("704.5a")
    from kb.graph import SourceFile

    graph = _graph(("100.1", "20260116.0", "何か。"))
    graph.sources = [SourceFile("cr.txt", "cr", "20260116.0", "CR")]
    found = reviews(check, graph)
    assert any(str(r.number) == "704.5a" and "no text" in r.reason for r in found)


def test_a_check_citing_a_rule_missing_from_the_build_is_needs_review_and_listed() -> None:
    from kb.graph import SourceFile

    graph = _graph(("704.5b", "20260116.0", "何か。"))
    graph.sources = [SourceFile("cr.txt", "cr", "20260116.0", "CR")]
    report = run_checks(graph, [RuleNumber.parse("704.5a")])
    assert report.results and {r.status for r in report.results} == {"needs-review"}
    [(number, ids)] = report.catalogs.not_in_cr
    assert str(number) == "704.5a" and set(ids) == {r.check.id for r in report.results}
    assert report_json(report)["coverage"]["not_in_cr"] == [{"rule": "704.5a", "checks": list(ids)}]
    assert "cited but not in the build's CR (needs review): 704.5a" in format_report(report)
    example = next(c for c in CHECKS if c.examples).examples[0]
    found = reviews(next(c for c in CHECKS if example in c.examples), graph)
    assert any(r.number == example.rule and "no example" in r.reason for r in found)


def test_catalog_figures_follow_the_selection(full_graph: RuleGraph) -> None:
    report = run_checks(full_graph, [RuleNumber.parse("510")])
    figures = report.catalogs
    assert {str(row.ref) for row in figures.examples.rows} == {"510.1c#1"}
    assert [str(span.span) for span in figures.chapters] == ["500–514", "506–511"]
    assert all(str(n).startswith("510.") for span in figures.chapters for n in span.rules)
    assert figures.keywords.rows == ()


def test_a_changed_example_needs_review() -> None:
    check = next(c for c in CHECKS if c.examples)
    example = check.examples[0]
    rule = str(example.rule)
    graph = _graph((rule, CURRENT, "規則。"), examples={rule: ["別の例。"] * example.index})
    assert any("is not the text this check was written from" in r.reason for r in reviews(check, graph))


def test_report_attaches_checks_to_rule_nodes(seed_graph: RuleGraph) -> None:
    report = run_checks(seed_graph, [RuleNumber.parse("702.26g")])
    copy = _graph(("702.26g", "20231117.0", "x"))
    attach(copy, report)
    node = copy.get("702.26g")
    assert node is not None
    [attached] = node.checks
    assert attached.id == "cr702_26_phasing.aura_and_equipment_phase_out_indirectly"
    assert attached.status == "pass" and attached.written_against == "20231117.0"
    assert "def aura_and_equipment_phase_out_indirectly" in attached.source and attached.claims
    assert set(attached.statement) == {"situation", "action", "result"}
    assert {"ja": "微風の守り手", "en": "Breezekeeper"} in attached.cards


@given(st.text(max_size=40), st.text(alphabet=" \t\n　", max_size=5))
def test_fingerprints_agree_with_same_text(text: str, spaces: str) -> None:
    spaced = spaces.join(text)
    assert same_text(text, spaced)
    assert fingerprint(text) == fingerprint(spaced)
