"""Outdated wiki claims (kb/outdated.py): found from the checks and newer rule texts, and
shown by ``kb search`` (text and JSON) and on the static site (wiki page, rule page)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import needs_cr

from kb.checks.report import attach, run_checks
from kb.graph import RuleGraph, build_graph
from kb.model import WikiPage
from kb.outdated import OUTDATED_FILE, outdated_claims, read_claims

TOKEN_PASSAGE = "トークンがフェイズ・アウトした場合、それは次の状況起因処理で消滅する。"
NOTE = "この記述は 20231117.0 時点。現行 702.26d と異なる可能性"


def test_the_token_passage_is_contradicted_by_its_check(seed_pages: list[WikiPage]) -> None:
    graph = build_graph(seed_pages, [])
    assert outdated_claims(graph) == []  # no checks attached, no newer text: nothing to say
    attach(graph, run_checks(graph))
    claims = outdated_claims(graph)
    [token] = [c for c in claims if c.text == TOKEN_PASSAGE]
    assert (token.page, token.rule, token.reason, token.version) == ("フェイジング", "702.26d", "contradicted", "20231117.0")
    assert token.check == "cr702_26_phasing.phased_out_token_stays_on_the_battlefield"
    assert token.note == NOTE
    # The passages its checks merely illustrate are not outdated.
    assert not any("神の怒り" in c.text for c in claims)


@needs_cr
def test_quotes_and_passages_of_rules_changed_since(full_graph: RuleGraph) -> None:
    graph = full_graph
    attach(graph, run_checks(graph))
    claims = {(c.page, c.kind, c.rule, c.reason) for c in outdated_claims(graph)}
    # 702.26k changed in 20260116.0: the quote block and the bullet its check names.
    assert ("フェイジング", "quote", "702.26k", "changed") in claims
    assert ("フェイジング", "passage", "702.26k", "changed") in claims
    assert ("フェイジング", "passage", "702.26d", "contradicted") in claims
    # 702.26d did not change: its quote is not marked.
    assert ("フェイジング", "quote", "702.26d", "changed") not in claims


@needs_cr
def test_kb_search_marks_the_outdated_passage(search_full_build: Path) -> None:
    assert any(c.rule == "702.26d" for c in read_claims(search_full_build / OUTDATED_FILE))
    run = subprocess.run([sys.executable, "-m", "kb", "search", "フェイズアウト トークン", "--json",
                          "--build", str(search_full_build)], capture_output=True, text=True, check=True)
    hits = json.loads(run.stdout)["hits"]
    marked = [h for h in hits if h["outdated"]]
    assert marked and marked[0]["page"] == "フェイジング"
    assert marked[0]["outdated"][0]["note"] == NOTE
    assert marked[0]["outdated"][0]["check"] == "cr702_26_phasing.phased_out_token_stays_on_the_battlefield"
    assert all(h["outdated"] == [] for h in hits if h["kind"] == "rule")
    text = subprocess.run([sys.executable, "-m", "kb", "search", "フェイズアウト トークン",
                           "--build", str(search_full_build)], capture_output=True, text=True, check=True).stdout
    block = text.split("フェイジング › ルール", 1)[1].split("\n3. ", 1)[0]
    assert f"⚠ {NOTE}" in block


@needs_cr
def test_the_site_marks_it_on_the_page_and_beside_it_on_the_rule(search_full_build: Path) -> None:
    site = search_full_build / "site"
    page = (site / "pages" / "フェイジング.html").read_text(encoding="utf-8")
    # The note stands under the token bullet (its words are links: match the text), before
    # the next bullet of the section.
    start = page.index("で消滅する。")
    note = page[start:page.index("直接フェイズ・アウトしたオーラ", start)]
    assert 'class="outdated-note"' in note
    assert re.sub(r"<[^>]+>", "", note).count(NOTE) == 1
    assert 'href="../rules/702.26d.html#checks"' in note
    # The quote of 702.26k, changed since, is marked; 702.26d's is not.
    quote = page.split('class="citation-entries"', 1)[1]
    assert '現行 <a class="rule-ref" href="../rules/702.26k.html"' in quote
    assert '現行 <a class="rule-ref" href="../rules/702.26d.html"' not in quote
    rule = (site / "rules" / "702.26d.html").read_text(encoding="utf-8")
    mentions = rule.split('id="pages"', 1)[1]
    assert NOTE in re.sub(r"<[^>]+>", "", mentions)
    notes = (site / "search" / "notes.js").read_text(encoding="utf-8")
    assert TOKEN_PASSAGE in notes


@pytest.mark.parametrize("word", ["カード", "マナ", "能力"])
def test_everyday_words_are_not_linked(search_full_build: Path, word: str) -> None:
    for path in (search_full_build / "site" / "pages").glob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert 'class="term"' in text
        assert not re.search(rf'<a [^>]*class="term"[^>]*>{word}</a>', text), (path.name, word)
