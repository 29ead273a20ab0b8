"""The checks: each runs and passes, each cites real rule texts, and together they cover the
rules the wiki quotes.  Staleness is tested on the real CR and on small made-up graphs."""

from __future__ import annotations

import pytest
from conftest import needs_cr
from hypothesis import given
from hypothesis import strategies as st

from kb.checks.expect import CheckFailed, Expect
from kb.checks.fingerprint import fingerprint
from kb.checks.registry import SECTIONS, WRITTEN_AGAINST, Check, all_checks, select
from kb.checks.report import attach, run_checks
from kb.checks.staleness import reviews
from kb.graph import RuleGraph, same_text
from kb.model import RuleEntry, SourceRef
from kb.rulenum import RuleNumber

CHECKS = all_checks()


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.id)
def test_check_passes(check: Check) -> None:
    expect = Expect()
    check.function(expect)
    assert expect.claims, f"{check.id} claims nothing"


def test_every_section_has_checks_and_ids_are_unique() -> None:
    assert {c.section for c in CHECKS} == set(SECTIONS)
    assert len({c.id for c in CHECKS}) == len(CHECKS)
    for check in CHECKS:
        assert check.doc and len(check.doc.splitlines()) <= 2, f"{check.id}: state the scene in two lines"
        assert "def " in check.source() and check.location().startswith("kb/checks/")


def test_every_cited_rule_is_in_the_seeds_graph_with_the_text_written_against(seed_graph: RuleGraph) -> None:
    for check in CHECKS:
        for cite in check.cites:
            node = seed_graph.get(cite.number)
            assert node is not None, f"{check.id} cites {cite.number}, which the seeds never mention"
            text = node.text_in(cite.version)
            if cite.version == WRITTEN_AGAINST:
                assert text is not None, f"{check.id}: the seeds have no {cite.version} text of {cite.number}"
                assert fingerprint(text.text) == cite.fingerprint, \
                    f"{check.id}: {cite.number} is {fingerprint(text.text)} in the seeds, not {cite.fingerprint}"


@needs_cr
def test_rules_cited_in_the_cr_version_have_that_text(full_graph: RuleGraph) -> None:
    cited = [(c, cite) for c in CHECKS for cite in c.cites if cite.version != WRITTEN_AGAINST]
    assert cited, "some checks cite rules the seeds don't quote (704.5m, 800.4a, 708.9)"
    for check, cite in cited:
        node = full_graph.get(cite.number)
        text = node.text_in(cite.version) if node else None
        assert text is not None and fingerprint(text.text) == cite.fingerprint, (check.id, cite.number)


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

    phasing = {c.id for c in CHECKS if c.section == "phasing"}
    assert ids("702.26") == phasing
    assert ids("702.2") == set()
    assert ids("702.26g") == {"phasing.aura_and_equipment_phase_out_indirectly"}
    assert ids("702") >= phasing | {c.id for c in CHECKS if c.section == "morph"}
    assert "phasing.phased_out_permanent_keeps_counters_timestamp_and_history" in ids("613.7")


def test_a_false_claim_fails_with_its_words() -> None:
    expect = Expect()
    with pytest.raises(CheckFailed, match="熊は3/3"):
        expect.equal((2, 2), (3, 3), "熊は3/3")
    with pytest.raises(CheckFailed, match="許した"):
        expect.refused(lambda: None, "唱えられない")


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
    assert RuleNumber.parse("613.7n") in report.coverage[1].missing  # new in 20260116.0


def _graph(*entries: tuple[str, str, str]) -> RuleGraph:
    graph = RuleGraph()
    for number, version, text in entries:
        graph.add_entry(RuleEntry(RuleNumber.parse(number), version, text, "text", SourceRef("x", 1)))
    graph.finish()
    return graph


def _check_for(number: str) -> Check:
    return next(c for c in CHECKS if RuleNumber.parse(number) in c.rules)


def test_whitespace_changes_do_not_need_review() -> None:
    check = _check_for("702.26m")
    text = "効果によってプレイヤーのアンタップ・ステップが飛ばされた場合、そのターン、フェイジングのイベントは発生しない。"
    assert fingerprint(text) == next(c.fingerprint for c in check.cites)
    graph = _graph(("702.26m", "20231117.0", text), ("702.26m", "20991231.0", text.replace("、", "、 ")))
    assert reviews(check, graph) == []
    graph = _graph(("702.26m", "20231117.0", text), ("702.26m", "20991231.0", text.replace("発生しない", "起きない")))
    [review] = reviews(check, graph)
    assert review.version == "20991231.0" and "起きない" in (review.text or "")


def test_a_text_the_check_was_not_written_against_needs_review() -> None:
    check = _check_for("702.26m")
    [review] = reviews(check, _graph(("702.26m", "20231117.0", "別の文章。")))
    assert "not the one this check was written against" in review.reason


def test_report_attaches_checks_to_rule_nodes(seed_graph: RuleGraph) -> None:
    report = run_checks(seed_graph, [RuleNumber.parse("702.26g")])
    copy = _graph(("702.26g", "20231117.0", "x"))
    attach(copy, report)
    node = copy.get("702.26g")
    assert node is not None
    [attached] = node.checks
    assert attached.id == "phasing.aura_and_equipment_phase_out_indirectly"
    assert attached.status == "pass" and attached.written_against == "20231117.0"
    assert "def aura_and_equipment_phase_out_indirectly" in attached.source and attached.claims


@given(st.text(max_size=40), st.text(alphabet=" \t\n　", max_size=5))
def test_fingerprints_agree_with_same_text(text: str, spaces: str) -> None:
    spaced = spaces.join(text)
    assert same_text(text, spaced)
    assert fingerprint(text) == fingerprint(spaced)
