"""kb search end to end: the must-show queries, citations, highlights, relaxing, robustness."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kb.cli import main
from kb.search.query import MAX_QUERY_CHARS
from kb.search.searcher import Searcher


@pytest.fixture(scope="module")
def seeds(search_seed_build: Path) -> Searcher:
    return Searcher.open(search_seed_build)


@pytest.fixture(scope="module")
def full(search_full_build: Path) -> Searcher:
    return Searcher.open(search_full_build)


def ranked(searcher: Searcher, query: str, limit: int = 5) -> list[str]:
    return [h.document.rule or f"page:{h.document.page}" if h.document.kind != "glossary"
            else h.document.key for h in searcher.search(query, limit).hits]


def search_json(capsys: pytest.CaptureFixture[str], build: Path, *args: str) -> tuple[int, dict]:  # type: ignore[type-arg]
    code = main(["search", *args, "--json", "--build", str(build)])
    return code, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("build", ["search_seed_build", "search_full_build"])
def test_phased_out_tokens_first_hit_is_702_26d(build: str, request: pytest.FixtureRequest,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = request.getfixturevalue(build)
    code, data = search_json(capsys, path, "フェイズアウト トークン")
    assert code == 0
    first = data["hits"][0]
    assert first["rule"] == "702.26d"
    assert first["version"] in ("20231117.0", "20260116.0")
    assert first["source"]["path"] and first["source"]["line"] > 0
    assert "702.26d" in first["citation"] and first["version"] in first["citation"]
    assert "<mark>" in first["snippet"]
    for hit in data["hits"]:
        assert {"rule", "page", "section", "version", "snippet", "score", "citation"} <= set(hit)


@pytest.mark.parametrize("searcher", ["seeds", "full"])
def test_must_show_queries(searcher: str, request: pytest.FixtureRequest) -> None:
    s: Searcher = request.getfixturevalue(searcher)
    assert "613.7f" in ranked(s, "表向き タイムスタンプ")  # the rule writes オモテ向き
    assert ranked(s, "phasing")[0] in ("702.26", "702.26a", "page:フェイジング")
    assert ranked(s, "ﾌｪｲｽﾞ･ｱｳﾄ ｵｰﾅｰ")[0] == "702.26k"
    assert ranked(s, "702.26d")[0] == "702.26d"
    assert ranked(s, "Glorious Anthem")[0] in ("page:フェイジング", "page:継続的効果")


@pytest.mark.parametrize("query", ["702.26d", "７０２．２６ｄ", "CR 702.26d", "rule 702.26d", "702.26d.",
                                   "CR:702.26d", "フェイズアウト 702.26d"])
def test_a_rule_number_anywhere_answers_it_first(seeds: Searcher, query: str) -> None:
    response = seeds.search(query)
    assert response.hits[0].document.rule == "702.26d"
    assert response.hits[0].why == "number"
    assert response.numbers == ["702.26d"]


def test_a_number_alone_lists_its_subrules(seeds: Searcher) -> None:
    assert ranked(seeds, "CR 613.7", 4) == ["613.7", "613.7a", "613.7b", "613.7c"]


def test_a_number_not_in_the_build_says_so(seeds: Searcher) -> None:
    response = seeds.search("999.9z")
    assert any("999.9z" in m for m in response.messages)


def test_highlights_mark_the_original_characters(seeds: Searcher) -> None:
    hit = seeds.search("ﾌｪｲｽﾞ･ｱｳﾄ ｵｰﾅｰ").hits[0]
    assert "【フェイズ・アウト】" in hit.marked()  # the text's spelling, dot included
    assert "【オーナー】" in hit.marked()
    for start, end in hit.highlights:
        assert hit.snippet[start:end] in ("フェイズ・アウト", "オーナー")
    hit = next(h for h in seeds.search("表向き タイムスタンプ", 10).hits if h.document.rule == "613.7f")
    assert "【オモテ向き】" in hit.marked()


def test_partial_words_find_compounds(seeds: Searcher) -> None:
    assert ranked(seeds, "頌歌")[0] in ("page:フェイジング", "page:継続的効果")


def test_all_words_first_then_relaxed_and_said(seeds: Searcher) -> None:
    response = seeds.search("フェイズアウト 量子力学")
    assert response.relaxed
    assert response.hits and all(h.why == "some" for h in response.hits)
    assert response.messages
    strict = seeds.search("フェイズアウト トークン", 3)
    assert strict.hits[0].why == "all"


def test_the_cli_text_output(search_seed_build: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "ﾌｪｲｽﾞ･ｱｳﾄ ｵｰﾅｰ", "--limit", "2", "--build", str(search_seed_build)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1. 702.26k")
    assert "[2023-11-17]" in out and "【フェイズ・アウト】" in out and "フェイジング.txt" in out
    assert "2023-11-17（日本語版 20231117.0）" in out  # the citation keeps the version string


def test_the_cli_exit_codes(search_seed_build: Path, tmp_path: Path,
                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "量子力学", "--build", str(search_seed_build)]) == 1
    assert main(["search", "フェイズ", "--limit", "0", "--build", str(search_seed_build)]) == 2
    assert main(["search", "フェイズ", "--build", str(tmp_path)]) == 1
    assert "kb build" in capsys.readouterr().err


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=80))
@example('AND OR NOT (フェイズ [ ] { } ^2 ~ * ? : \\ "unbalanced')
@example("*")
@example("")
@example("   ")
@example("「」『』\"\"''")
@example("\x00\x01\x1b[31m\u200b\ufeff\u202e")
@example("フェイズ" * 2600)  # about 10 KB
@example("702.26d" * 300)
@example("2/2/2/2 +1/+1/ -/- 1/")
@example("\ud800")
def test_no_query_crashes(seeds: Searcher, query: str) -> None:
    response = seeds.search(query, 5)
    assert len(response.query) <= MAX_QUERY_CHARS
    json.dumps(response.to_json(), ensure_ascii=False)


def test_snippets_never_cut_a_highlight() -> None:
    from kb.search.results import make_snippet

    text = "あ" * 200 + "フェイズ・アウト" + "い" * 200
    start = text.index("フェイズ")
    # A lone highlight, one far before it, and one the window edge would cut.
    for spans in ([(start, start + 8)], [(0, 3), (start, start + 8)], [(115, 125)]):
        snippet, inside = make_snippet(text, spans)
        assert inside
        for a, b in inside:
            assert snippet[a:b] in {text[s:e] for s, e in spans}


def test_an_empty_corpus_builds_and_searches(tmp_path: Path) -> None:
    from kb.build.pipeline import build
    from kb.build.state import BuildOptions

    (tmp_path / "corpus" / "wiki").mkdir(parents=True)
    out = tmp_path / "_build"
    build(BuildOptions(corpus=tmp_path / "corpus", out=out))  # no terms: no user dictionary
    response = Searcher.open(out).search("フェイズアウト")
    assert response.hits == [] and response.messages
