"""Page dates and old numbering: a mention from a page older than the build's CR release
is flagged 'possibly old', in kb.json and on the site; one function resolves a number."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kb.build.pipeline import build
from kb.build.state import BuildOptions
from kb.model import CitationBlock, RevisionInfo, RuleEntry, Section, SourceRef, WikiPage
from kb.numbering import current_release, page_written, release_date, resolve_number
from kb.rulenum import RuleNumber

NUMBER = RuleNumber.parse("702.26k")


@pytest.mark.parametrize(("written", "release", "numbering"), [
    ("2019-01-01", "2026-01-16", "possibly old"),
    ("2026-01-16", "2026-01-16", "current"),
    ("2026-02-01", "2026-01-16", "current"),
    (None, "2026-01-16", "unknown"),
    ("2019-01-01", None, "unknown"),
])
def test_one_function_resolves_a_number_from_the_page_date(
        written: str | None, release: str | None, numbering: str) -> None:
    resolved = resolve_number(NUMBER, written, release)
    assert resolved.number == NUMBER and resolved.numbering == numbering


def test_a_renumbering_map_translates_where_it_reaches_the_page_date() -> None:
    old, today = RuleNumber.parse("719.2"), RuleNumber.parse("722.2")

    def renumber(number: RuleNumber, written: str) -> RuleNumber | None:
        return (today if number == old else number) if written >= "2003-03-15" else None

    resolved = resolve_number(old, "2023-11-17", "2026-01-16", renumber)
    assert (resolved.number, resolved.numbering) == (today, "current")
    # before the first release the map knows: as cited, flagged by the page's date
    resolved = resolve_number(old, "2001-01-01", "2026-01-16", renumber)
    assert (resolved.number, resolved.numbering) == (old, "possibly old")
    # no date: nothing to read the number under
    assert resolve_number(old, None, "2026-01-16", renumber).numbering == "unknown"


def test_a_page_is_dated_by_its_revision_else_by_the_release_it_quotes() -> None:
    assert release_date("20231117.0") == "2023-11-17" and release_date("draft") is None
    page = WikiPage("甲", "甲.txt", "indented")
    assert page_written(page) is None
    section = Section("引用：総合ルール 20231117.0", 2, 5, anchor="q")
    section.citation = CitationBlock("20231117.0", 5, [
        RuleEntry(NUMBER, "20231117.0", "本文。", "text", SourceRef("甲.txt", 6, "甲"))])
    page.sections.append(section)
    assert page_written(page) == "2023-11-17"
    page.revision = RevisionInfo(3, "2012-04-05T06:07:08Z", "xml")
    assert page_written(page) == "2012-04-05"
    assert current_release(["20260116.0"], ["20231117.0"]) == "2026-01-16"
    assert current_release([], ["20231117.0", "20220101.0"]) == "2023-11-17"


OLD_PAGE = """試験の頁
提供：MTG Wiki
2012年3月4日 (日) 05:06時点における版

解説

• 古い頁では rule 702.26k を見よと書かれている。
"""
NEW_PAGE = OLD_PAGE.replace("試験の頁", "新しい頁").replace("2012年3月4日", "2030年3月4日")


def test_kb_json_and_the_site_flag_mentions_from_older_pages(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "試験の頁.txt").write_text(OLD_PAGE, encoding="utf-8")
    (corpus / "新しい頁.txt").write_text(NEW_PAGE, encoding="utf-8")
    # A page quoting a release makes it the build's release when no CR file is given.
    (corpus / "引用の頁.txt").write_text(
        "引用の頁\n\n引用：総合ルール 20231117.0\n\n• 702.26k 本文である。\n", encoding="utf-8")
    out = tmp_path / "out"
    build(BuildOptions(corpus=corpus, out=out, jobs=1))
    data = json.loads((out / "kb.json").read_text(encoding="utf-8"))
    rule = next(r for r in data["rules"] if r["number"] == "702.26k")
    flags = {p["page"]: p["numbering"] for p in rule["pages"]}
    assert flags == {"試験の頁": "possibly old", "新しい頁": "current", "引用の頁": None}
    site = out / "site"
    assert "旧番号の可能性" in (site / "rules" / "702.26k.html").read_text(encoding="utf-8")
    old = (site / "pages" / "試験の頁.html").read_text(encoding="utf-8")
    assert "この版（2012-03-04）は総合ルールの版（2023-11-17）より古い" in old
    assert "旧番号の可能性" not in (site / "pages" / "新しい頁.html").read_text(encoding="utf-8")
