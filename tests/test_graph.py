"""The rule graph built from the seeds alone, and from the seeds with the shared CR."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import CORPUS, needs_cr

from kb.build.pipeline import build
from kb.build.state import BuildOptions
from kb.graph import RuleGraph

QUOTED = (
    [f"702.26{c}" for c in "abcdefghijkmnp"]
    + [f"702.37{c}" for c in "abcdefg"]
    + ["613.7"] + [f"613.7{c}" for c in "abcdefghijkm"]
    + ["611.1", "611.2"] + [f"611.2{c}" for c in "abcdef"] + ["611.3"] + [f"611.3{c}" for c in "abcd"]
)


def targets(graph: RuleGraph, number: str) -> list[str]:
    node = graph.get(number)
    assert node is not None, number
    return sorted({str(link.target) for link in node.references})


def test_the_47_quoted_rules_carry_text_and_source(seed_graph: RuleGraph) -> None:
    assert len(QUOTED) == 47
    with_text = [str(n.number) for n in seed_graph if n.has_text]
    assert sorted(with_text) == sorted(QUOTED)
    for number in QUOTED:
        node = seed_graph.get(number)
        assert node is not None
        assert [t.version for t in node.texts] == ["20231117.0"]
        source = node.texts[0].source
        assert source.page is not None
        assert Path(source.path) == CORPUS / "wiki" / f"{source.page}.txt"  # the page that quotes it


def test_no_l_or_o_subrules(seed_graph: RuleGraph) -> None:
    children = [str(c.number) for c in seed_graph.children(seed_graph.get("702.26").number)]  # type: ignore[union-attr]
    assert children == [f"702.26{c}" for c in "abcdefghijkmnp"]


def test_references(seed_graph: RuleGraph) -> None:
    assert targets(seed_graph, "702.26n") == ["800.4a", "800.4c"]
    assert targets(seed_graph, "611.3d") == ["611.3a", "611.3b"]
    assert targets(seed_graph, "702.26i") == ["704.5m", "704.5n"]
    assert targets(seed_graph, "702.37a") == ["708"]
    assert targets(seed_graph, "702.37c") == ["613", "707"]
    assert targets(seed_graph, "613.7m") == ["101.4"]


def test_backlinks_and_dangling(seed_graph: RuleGraph) -> None:
    node = seed_graph.get("101.4")
    assert node is not None and node.is_dangling
    assert [link.origin for link in node.referenced_by] == ["rule:613.7m"]
    assert "101.4" in [str(n.number) for n in seed_graph.dangling()]
    # 613 has a title from the タイムスタンプ citation, so it is not dangling.
    assert not seed_graph.get("613").is_dangling  # type: ignore[union-attr]


def test_613_7_appears_once(seed_graph: RuleGraph) -> None:
    node = seed_graph.get("613.7")
    assert node is not None
    assert len(node.texts) == 1 and len(node.texts[0].sources) == 1
    quotes = [p for p in node.pages if p.kind == "quote"]
    assert len(quotes) == 1 and quotes[0].page == "タイムスタンプ"


def test_page_mentions(seed_graph: RuleGraph) -> None:
    for number in ("601.3e", "708.9"):
        node = seed_graph.get(number)
        assert node is not None
        assert any(p.page == "変異" and p.kind == "mention" for p in node.pages), number
    infobox = seed_graph.get("702.26")
    assert infobox is not None
    assert any(p.page == "フェイジング" and p.kind == "infobox" for p in infobox.pages)


def test_hierarchy_titles_from_the_citation(seed_graph: RuleGraph) -> None:
    assert seed_graph.get("7").title == "その他のルール"  # type: ignore[union-attr]
    assert seed_graph.get("702").title == "キーワード能力"  # type: ignore[union-attr]
    assert seed_graph.get("702.26").title == "フェイジング／Phasing"  # type: ignore[union-attr]
    assert seed_graph.parent(seed_graph.get("702.26a").number).number == seed_graph.get("702.26").number  # type: ignore[union-attr]


def test_previous_and_next_follow_rule_order(seed_graph: RuleGraph) -> None:
    node = seed_graph.get("702.26k")
    assert node is not None
    assert str(seed_graph.previous(node.number).number) == "702.26j"  # type: ignore[union-attr]
    assert str(seed_graph.next(node.number).number) == "702.26m"  # type: ignore[union-attr]


def test_exact_lookup_and_near_numbers(seed_graph: RuleGraph) -> None:
    assert seed_graph.get("702.2") is None
    assert "702.26" in seed_graph.near("702.2")


def test_name_pairs(seed_graph: RuleGraph) -> None:
    assert ("栄光の頌歌", "Glorious Anthem") in seed_graph.names
    assert ("フェイジング", "Phasing") in seed_graph.names


@needs_cr
def test_with_the_cr_both_versions_are_kept(full_graph: RuleGraph) -> None:
    for number in ("702.26", "613.7", "702.26k"):
        node = full_graph.get(number)
        assert node is not None
        assert node.versions == ["20260116.0", "20231117.0"], number
    new = full_graph.get("613.7n")
    assert new is not None and [t.version for t in new.texts] == ["20260116.0"]
    changed = full_graph.get("702.26k")
    assert changed is not None
    assert changed.texts[0].text != changed.texts[1].text
    assert full_graph.versions == ["20260116.0", "20231117.0"]


@needs_cr
def test_with_the_cr_references_resolve(full_graph: RuleGraph) -> None:
    dangling = {str(n.number) for n in full_graph.dangling()}
    # The seeds' dangling targets are all given text by the CR.
    for number in ("101.4", "506.4", "704.5m", "704.5n", "708", "800.4a", "601.3e", "708.9"):
        assert number not in dangling
    # The CR's own stale references are few, and listed.
    assert 0 < len(dangling) < 20
    links = sum(len(n.references) for n in full_graph)
    assert links > 1200  # the body writes "rule N" about 1,100 times, plus titled and bare forms


@needs_cr
def test_glossary_terms_link_to_rules(full_graph: RuleGraph) -> None:
    assert len(full_graph.glossary) == 728
    companion = full_graph.glossary["相棒／Companion"]
    assert [str(link.target) for link in companion.references] == ["702.139"]
    node = full_graph.get("702.139")
    assert node is not None and "相棒／Companion" in node.glossary
    deal = full_graph.glossary["与える／Deal"]
    assert any(key.startswith("ダメージ") for key in deal.see_also)


@needs_cr
def test_the_conflict_in_the_cr_is_kept_and_reported(full_graph: RuleGraph) -> None:
    conflicts = [(str(c.number), c.version) for c in full_graph.conflicts]
    assert conflicts == [("505.4", "20260116.0")]
    node = full_graph.get("505.4")
    assert node is not None and len(node.texts) == 2


@pytest.mark.parametrize("number", ["702.26d", "613.7f", "611.2c"])
def test_text_in_version(seed_graph: RuleGraph, number: str) -> None:
    node = seed_graph.get(number)
    assert node is not None and node.text_in("20231117.0") is not None


def test_a_lead_paragraph_with_a_tab_is_a_mention_not_the_infobox(tmp_path: Path) -> None:
    """Whether a page links a rule from its infobox is the prose block's kind, not a tab
    in its text: a lead paragraph may hold a tab too (kb.json's ``pages[].kind``)."""
    lines = (CORPUS / "wiki" / "フェイジング.txt").read_text(encoding="utf-8").split("\n")
    lead = lines.index("", 9)  # the blank line after the lead paragraph
    lines[lead:lead] = ["", "詳しくは\tこちら（rule 702.26d 参照）。"]
    (tmp_path / "wiki").mkdir()
    (tmp_path / "wiki" / "フェイジング.txt").write_text("\n".join(lines), encoding="utf-8")
    out = tmp_path / "_build"
    build(BuildOptions(corpus=tmp_path, out=out, jobs=1))
    graph = json.loads((out / "kb.json").read_text(encoding="utf-8"))
    rules = {rule["number"]: rule for rule in graph["rules"]}
    lead_links = [p for p in rules["702.26d"]["pages"] if p["line"] == lead + 2]
    assert [(p["kind"], p["raw"]) for p in lead_links] == [("mention", "rule 702.26d 参照")]
    infobox_links = [p for p in rules["702.26"]["pages"] if p["kind"] == "infobox"]
    assert [p["line"] for p in infobox_links] == [8]  # CR\tCR:702.26 is still the infobox's


def test_the_versions_are_found_once_the_graph_is_finished() -> None:
    """Every stage asks for the graph's versions: a finished graph answers without walking
    every rule's texts again, and a text added after that is counted."""
    from kb.model import RuleEntry, SourceRef
    from kb.rulenum import RuleNumber

    class Walks(dict[RuleNumber, object]):
        count = 0

        def values(self):  # type: ignore[no-untyped-def]
            Walks.count += 1
            return super().values()

    graph = RuleGraph()
    graph.nodes = Walks()  # type: ignore[assignment]
    number = RuleNumber.parse("702.26a")
    graph.add_entry(RuleEntry(number, "20231117.0", "フェイズ・アウト。", "text", SourceRef("a.txt", 1)))
    graph.finish()
    walked = Walks.count
    assert graph.versions == ["20231117.0"] and graph.versions == ["20231117.0"]
    assert Walks.count == walked
    graph.add_entry(RuleEntry(number, "20260116.0", "フェイズ・アウト。", "text", SourceRef("b.txt", 1)))
    assert graph.versions == ["20260116.0", "20231117.0"]
