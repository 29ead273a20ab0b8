"""A query that is exactly a page's title puts that page first, even where a rule (and a
glossary entry) of the same name also matches exactly: 状況起因処理 (rule 704, a
rendered-text page) and コピー (rule 707 and a glossary term, a wikitext page)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import CR_FILE, needs_cr

from kb.build.pipeline import build
from kb.build.state import BuildOptions
from kb.graph import build_graph
from kb.search.documents import search_documents
from kb.search.searcher import PAGE_TITLE_TIER, Searcher
from kb.sources.wikitext import parse_wikitext

pytestmark = needs_cr
TITLES = Path(__file__).resolve().parent / "fixtures" / "titles"


@pytest.fixture(scope="module")
def searcher(tmp_path_factory: pytest.TempPathFactory) -> Searcher:
    out = tmp_path_factory.mktemp("titles") / "out"
    build(BuildOptions(corpus=TITLES, cr=[CR_FILE], out=out))
    return Searcher.open(out)


@pytest.mark.parametrize(("query", "rule"), [("状況起因処理", "704.1"), ("コピー", "707.1")])
def test_an_exact_page_title_puts_the_page_first(searcher: Searcher, query: str, rule: str) -> None:
    hits = searcher.search(query, limit=5).hits
    assert hits[0].document.page == query
    # The rule defining that name (the heading's first subrule with text) still comes
    # right after it, before the glossary entry.
    assert hits[1].document.rule == rule
    assert any(h.document.kind == "glossary" for h in hits[2:])


def test_a_definition_query_keeps_the_glossary_first(searcher: Searcher) -> None:
    hits = searcher.search("コピーとは", limit=5).hits
    assert hits[0].document.kind == "glossary"
    assert all(h.tier < PAGE_TITLE_TIER for h in hits)


def test_more_words_than_the_title_are_no_exact_title(searcher: Searcher) -> None:
    hits = searcher.search("状況起因処理 ライフ 0", limit=3).hits
    assert all(h.tier < PAGE_TITLE_TIER for h in hits)
    assert "704.5a" in [h.document.rule for h in hits]


def test_a_page_without_a_lead_still_carries_its_names() -> None:
    page = parse_wikitext("==解説==\n* 見出しから始まる頁の本文。\n* 二つ目。\n", "x.wiki", "見出しだけの頁")
    documents = [d for d in search_documents(build_graph([page], [])) if d.names]
    assert [(d.section, d.names) for d in documents] == [("解説", ["見出しだけの頁"])]
