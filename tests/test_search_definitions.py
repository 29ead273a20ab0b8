"""Which rule defines a concept (kb/search/definitions.py), on the shared CR."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.search.definitions import defined_names


@pytest.fixture(scope="module")
def defined(search_full_build: Path) -> dict[str, list[str]]:
    from kb.export import load_graph

    return defined_names(load_graph(search_full_build / "kb.json"))


def test_headings_define_through_their_first_subrule(defined: dict[str, list[str]]) -> None:
    assert "優先権" in defined["117.1"] and "117" not in defined
    assert {"フェイジング", "Phasing"} <= set(defined["702.26a"])


def test_catalogued_keywords_use_their_defining_subrule(defined: dict[str, list[str]]) -> None:
    assert "呪禁" in defined["702.11b"] and "呪禁" not in defined.get("702.11a", [])
    assert "2倍にする" in defined["701.10b"] and "701.10a" not in defined  # not the first subrule


def test_glossary_headwords_without_a_heading(defined: dict[str, list[str]]) -> None:
    assert "オーナー" in defined["108.3"]  # cited first of four
    assert "統治者" in defined["724.1"] and "統治者" not in defined.get("723.1", [])


def test_a_rule_opening_with_a_definition_defines_it_and_its_head(defined: dict[str, list[str]]) -> None:
    """「Xとは、」 and 「Xということは、」 open a definition: the phrase and its last word."""
    assert {"カードをある領域から探す", "探す"} <= set(defined["701.23a"])
    assert "打ち消す" in defined["701.6a"]
    assert "合同" in defined["729.2"]  # 合同させるとは: the light verb dropped
    assert {"宝物", "Treasure"} <= set(defined["111.10a"])  # a quoted name, not トークン
    assert "トークン" not in defined.get("111.10a", [])
    # 「Xすることは、」 states something of X rather than defining it.
    assert "701.10a" not in defined
