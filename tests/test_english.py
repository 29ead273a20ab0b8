"""The English CR in the build: ``kb build --cr-en``, texts labelled with language and
release, rules kept by identity across renumberings, and what the CLI shows of them."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import jsonschema
import pytest
from conftest import CORPUS, CR_EN, english_files, needs_cr_en

from kb.cli import main
from kb.export import graph_to_json
from kb.graph import RuleGraph
from kb.rulenum import RuleNumber

SCHEMA = Path(__file__).resolve().parent.parent / "kb" / "schema" / "kb-graph-1.schema.json"

pytestmark = needs_cr_en


def R(text: str) -> RuleNumber:
    return RuleNumber.parse(text)


def run_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert main(argv) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


# -- kb build --cr-en -----------------------------------------------------------------------


def test_build_takes_a_file_or_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "en"
    folder.mkdir()
    for path in english_files("2025-09-19"):
        shutil.copy(path, folder / path.name)
    (folder / "notes.md").write_text("not a release", encoding="utf-8")  # left alone
    report = run_json(["build", "--corpus", str(CORPUS), "--cr-en", str(folder), "--cr-en",
                       str(CR_EN / "2025-07-25.txt"), "--out", str(tmp_path / "b"), "--json"],
                      capsys)
    assert report["english_releases"] == ["2025-07-25", "2025-09-19", "2025-11-14", "2026-01-16"]
    data = json.loads((tmp_path / "b" / "kb.json").read_text(encoding="utf-8"))
    english = [r for r in data["releases"] if r["language"] == "en"]
    assert [r["release"] for r in english] == report["english_releases"]
    assert all(r["complete"] for r in english)
    # the wiki's quotes: Japanese 20231117.0, a release the history does not reach
    assert {"release": "2023-11-17", "language": "ja", "version": "20231117.0", "path": None,
            "complete": False} in data["releases"]
    rule = next(r for r in data["rules"] if r["number"] == "702.26d")
    assert [(t["language"], t["release"], t["version"]) for t in rule["texts"]] == \
        [("ja", "2023-11-17", "20231117.0")]
    assert [(t["language"], t["release"], t["version"]) for t in rule["english"]] == \
        [("en", "2026-01-16", "2026-01-16")]
    assert rule["english"][0]["text"].startswith("The phasing event doesn")


def test_two_files_of_one_release_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    copy = tmp_path / "copy-2026-01-16.txt"
    shutil.copy(CR_EN / "2026-01-16.txt", copy)
    code = main(["build", "--corpus", str(CORPUS), "--cr-en", str(CR_EN / "2026-01-16.txt"),
                 "--cr-en", str(copy), "--out", str(tmp_path / "b")])
    assert code == 1
    err = capsys.readouterr().err
    assert "copy-2026-01-16.txt" in err and "2026-01-16" in err and "once" in err
    assert not (tmp_path / "b").exists()


def test_an_undecodable_release_is_refused_with_file_and_byte_offset(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One bad byte in one release of a folder: the build names that file and the byte's
    offset, and writes nothing (a previous build stays as it was)."""
    folder = tmp_path / "cr-en"
    folder.mkdir()
    shutil.copy(CR_EN / "2025-11-14.txt", folder / "2025-11-14.txt")
    data = (CR_EN / "2026-01-16.txt").read_bytes()
    position = data.index(b"702.26a")
    (folder / "2026-01-16.txt").write_bytes(data[:position] + b"\xff" + data[position:])
    out = tmp_path / "b"
    assert main(["build", "--corpus", str(CORPUS), "--out", str(out)]) == 0
    before = sorted(p.name for p in out.iterdir()), (out / "kb.json").read_bytes()
    capsys.readouterr()
    assert main(["build", "--corpus", str(CORPUS), "--cr-en", str(folder), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert str(folder / "2026-01-16.txt") in err
    assert re.search(rf"byte (offset )?{position}\b", err), err
    assert (sorted(p.name for p in out.iterdir()), (out / "kb.json").read_bytes()) == before


def test_a_release_with_no_rules_is_refused_by_name(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "2026-02-20.txt"
    empty.write_text("Magic: The Gathering Comprehensive Rules\n\n"
                     "These rules are effective as of February 20, 2026.\n\nNothing numbered.\n",
                     encoding="utf-8")
    code = main(["build", "--corpus", str(CORPUS), "--cr-en", str(CR_EN / "2026-01-16.txt"),
                 "--cr-en", str(empty), "--out", str(tmp_path / "b")])
    assert code == 1
    err = capsys.readouterr().err
    assert str(empty) in err and "no numbered rules" in err
    assert not (tmp_path / "b").exists()


def test_a_missing_path_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", "--corpus", str(CORPUS), "--cr-en", str(tmp_path / "nowhere"),
                 "--out", str(tmp_path / "b")]) == 1
    assert "nowhere" in capsys.readouterr().err


def test_help_names_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["build", "--help"])
    assert "--cr-en PATH" in capsys.readouterr().out


# -- the graph ------------------------------------------------------------------------------


def test_every_text_is_labelled(english_graph: RuleGraph) -> None:
    node = english_graph.nodes[R("702.26k")]
    assert {(t.language, t.release, t.version) for t in node.texts} == {
        ("ja", "2026-01-16", "20260116.0"), ("ja", "2023-11-17", "20231117.0")}
    assert [(t.language, t.release) for t in node.english] == [("en", "2026-01-16"), ("en", "2023-11-17")]
    assert node.identity is not None and node.history[-1].last == "2026-01-16"


def test_the_export_with_english_is_valid(english_graph: RuleGraph) -> None:
    data = graph_to_json(english_graph)
    jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8"))).validate(data)


# -- rules by identity ----------------------------------------------------------------------


def test_a_quote_of_719_attaches_to_what_is_722_today(english_graph: RuleGraph) -> None:
    """20231117.0 numbered Controlling Another Player 719; 2026-01-16 numbers it 722."""
    graph = english_graph
    node = graph.nodes[R("722.1")]
    quoted = [t for t in node.texts if t.version == "20231117.0"]
    assert len(quoted) == 1 and quoted[0].number == R("719.1")
    assert quoted[0].source.page == "他のプレイヤーのコントロール"
    assert all(t.version != "20231117.0" for t in graph.nodes[R("719.1")].texts)
    quote = next(p for p in node.pages if p.kind == "quote")
    assert (quote.page, quote.written) == ("他のプレイヤーのコントロール", "719.1")
    # the page's prose, written under its quotes' release, means 722.2 by "CR:719.2"
    mention = next(p for p in graph.nodes[R("722.2")].pages if p.kind == "mention")
    assert (mention.page, mention.written) == ("他のプレイヤーのコントロール", "719.2")
    # read through the renumbering map, so not 'possibly old' (kb.numbering.resolve_number)
    assert mention.numbering == "current"
    assert not any(p.page == "他のプレイヤーのコントロール" for p in graph.nodes[R("719.2")].pages)
    # beside the Japanese quote, the English text of its own release
    assert [t.release for t in node.english] == ["2026-01-16", "2023-11-17"]
    assert node.english[1].number == R("719.1")


def test_resolve_reads_a_number_under_its_release(english_graph: RuleGraph) -> None:
    graph = english_graph
    assert graph.resolve(R("719"), "20231117.0").today == R("722")
    assert graph.resolve(R("719"), "2023-11-17").today == R("722")
    assert graph.resolve(R("702.36"), "2019-06-01").today == R("702.37")  # a page's date
    assert graph.resolve(R("702.36"), "2026-01-16").today == R("702.36")
    assert graph.resolve(R("702.36"), None).today == R("702.36")
    unknown = graph.resolve(R("702.36"), "2001-01-01")  # before the history: as today
    assert (unknown.today, unknown.release) == (R("702.36"), None)


def test_a_check_sees_a_renumbered_rule(english_graph: RuleGraph) -> None:
    from kb.checks.fingerprint import fingerprint
    from kb.checks.registry import Check, Citation
    from kb.checks.staleness import reviews
    from kb.checks.statement import Statement

    quoted = next(t for t in english_graph.nodes[R("722.1")].texts if t.version == "20231117.0")
    check = Check("test.controlled", lambda expect: None,
                  (Citation(R("719.1"), fingerprint(quoted.text), "20231117.0"),), (),
                  Statement("他のプレイヤーをコントロールしている。", "何もしない。", "番号が変わったことが分かる。"))
    found = reviews(check, english_graph)
    assert found and found[0].reason.startswith("renumbered: 719.1 of 20231117.0 is 722.1")


# -- kb rule --json history, kb history -----------------------------------------------------


def history_of(build: Path, number: str, capsys: pytest.CaptureFixture[str]) -> list[dict[str, str]]:
    data = run_json(["rule", number, "--json", "--build", str(build)], capsys)
    history = data["history"]
    assert isinstance(history, list)
    return history


def test_phasing_was_502_15_then_702_23(english_full_build: Path, capsys: pytest.CaptureFixture[str]) -> None:
    history = history_of(english_full_build, "702.26", capsys)
    english = {e["release"]: e for e in history if e["language"] == "en"}
    assert len(english) == 110  # one entry per release: phasing is in every one
    assert english["2009-05-01"]["number"] == "502.15"
    assert english["2009-07-11"]["number"] == "702.23"
    assert english["2009-07-11"]["change"] == "renumbered"
    assert english["2003-03-15"]["change"] == "added"
    assert english["2026-01-16"]["number"] == "702.26"
    releases = [(e["release"], e["language"]) for e in history]
    assert releases == sorted(releases, key=lambda r: (r[0], r[1] != "en"))  # oldest first
    assert {"release", "number", "language", "change", "text"} <= set(history[0])
    japanese = [e for e in history if e["language"] == "ja"]
    assert [(e["release"], e["version"]) for e in japanese] == \
        [("2023-11-17", "20231117.0"), ("2026-01-16", "20260116.0")]


def test_722_was_719_in_2023_11_17(english_full_build: Path, capsys: pytest.CaptureFixture[str]) -> None:
    history = history_of(english_full_build, "722", capsys)
    english = {e["release"]: e for e in history if e["language"] == "en"}
    assert english["2023-11-17"]["number"] == "719"
    assert english["2023-11-17"]["text"] == "Controlling Another Player"
    assert english["2025-07-25"] == {**english["2025-07-25"], "number": "722", "change": "renumbered"}


def test_a_changed_text_has_a_history_with_a_diff(english_full_build: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(["history", "702.26k", "--json", "--build", str(english_full_build)], capsys)
    history = data["history"]
    assert isinstance(history, list)
    changed = [e for e in history if e["change"] == "changed"]
    japanese = next(e for e in changed if e["language"] == "ja")
    assert ["+", "による能力を"] in japanese["diff"] and japanese["release"] == "2026-01-16"
    english = next(e for e in changed if e["language"] == "en")
    assert ["-", "trigger"] in english["diff"] and ["+", "cause"] in english["diff"]
    assert main(["history", "702.26k", "--build", str(english_full_build)]) == 0
    text = capsys.readouterr().out
    assert "2025-02-07  en  702.26k  変更 changed" in text
    assert "This doesn’t [-trigger-]{+cause+} zone-change" in text
    assert "2026-01-16  ja 20260116.0  702.26k  変更 changed" in text
    assert "番号変更 renumbered (was 702.25k)" in text


def test_history_without_english_is_japanese_only(search_seed_build: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    history = history_of(search_seed_build, "702.26d", capsys)
    assert [(e["release"], e["language"], e["change"]) for e in history] == \
        [("2023-11-17", "ja", "added")]


# -- version-aware citations on the site -------------------------------------------------------


def test_a_page_of_2019_citing_702_36_links_to_morph(english_graph: RuleGraph, tmp_path: Path) -> None:
    """The page 変異の旧版 quotes 20190125.0, when morph was 702.36; today 702.36 is fear."""
    from kb.site.builder import build_site

    graph = english_graph
    assert graph.nodes[R("702.37")].title == "変異／Morph"
    mentions = [(p.kind, p.written) for p in graph.nodes[R("702.37")].pages if p.page == "変異の旧版"]
    assert sorted(mentions) == [("infobox", "702.36"), ("quote", "702.36")]
    mentions = [(p.kind, p.written) for p in graph.nodes[R("702.37a")].pages if p.page == "変異の旧版"]
    assert sorted(mentions) == [("mention", "702.36a"), ("quote", "702.36a")]
    assert not any(p.page == "変異の旧版" for p in graph.nodes[R("702.36")].pages)
    assert not any(p.page == "変異の旧版" for p in graph.nodes[R("702.36a")].pages)
    out = tmp_path / "site"
    build_site(graph, out)  # the strict link check runs
    page = next(out.glob("pages/変異の旧版.html")).read_text(encoding="utf-8")
    infobox_html = page.split('class="infobox"')[1].split("</dl>")[0]
    assert 'href="../rules/702.37.html"' in infobox_html
    assert '>702.36</a><span class="renumbered-note">〔現在の 702.37〕</span>' in infobox_html
    assert 'title="2019-01-25 の 702.36: 現在は 702.37"' in infobox_html
    assert 'href="../rules/702.36.html"' not in page
    assert ">702.36a</a><span class=\"renumbered-note\">〔現在の 702.37a〕" in page  # the quote
    # the other page: a quote of 20231117.0's 719.1 links to 722.1
    other = next(out.glob("pages/他のプレイヤーのコントロール.html")).read_text(encoding="utf-8")
    assert 'href="../rules/722.1.html"' in other and "〔現在の 722.1〕" in other


# -- English search -----------------------------------------------------------------------------

ENGLISH_QUERIES = Path(__file__).resolve().parent / "fixtures" / "english_queries.tsv"


def test_english_queries_answer_with_the_rule_in_both_languages(
        english_full_build: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(["search", "deathtouch damage", "--json", "--build", str(english_full_build)],
                    capsys)
    hits = data["hits"]
    assert isinstance(hits, list)
    first = hits[0]
    assert first["rule"] == "702.2b"
    assert "接死" in first["snippet_text"]  # the Japanese text
    assert "<mark>deathtouch</mark>" in first["english"]["snippet"]  # and the English
    assert "<mark>damage</mark>" in first["english"]["snippet"]
    assert main(["search", "deathtouch damage", "--limit", "1", "--build", str(english_full_build)]) == 0
    text = capsys.readouterr().out
    assert text.count("\n   EN: ") == 1 and "【deathtouch】" in text


def test_the_english_query_set(english_full_build: Path) -> None:
    """Our own English queries (tests/fixtures/english_queries.tsv), answered first."""
    from kb.search.evaluate import evaluate

    report = evaluate(english_full_build, ENGLISH_QUERIES)
    kb = report.systems[0]
    assert len(report.queries) == 15 and not report.skipped
    assert kb.recall_at(1) >= 0.9 and kb.recall_at(5) == 1.0, report.to_json()["per_query"]


def test_english_queries_need_the_english_cr(search_full_build: Path) -> None:
    from kb.search.evaluate import evaluate

    report = evaluate(search_full_build, ENGLISH_QUERIES)
    assert not report.queries and len(report.skipped) == 15


# -- the site -----------------------------------------------------------------------------------


def site_page(build: Path, path: str) -> str:
    return (build / "site" / path).read_text(encoding="utf-8")


def test_a_rule_page_shows_both_languages_and_the_history(english_full_build: Path) -> None:
    page = site_page(english_full_build, "rules/702.26k.html")
    rows = page.split('id="text"')[1].split('id="history"')[0]
    newest = rows.split('class="bilingual both"')[1]
    assert '<div class="lang lang-ja" lang="ja">' in newest and '<div class="lang lang-en" lang="en">' in newest
    assert "これは領域変更による能力を誘発を誘発させない" in newest
    assert "This doesn’t cause zone-change abilities to trigger." in newest
    assert "（2025-02-07 以降の文言）" in rows  # when the English wording began, not the newest release
    assert "2026-01-16.txt" not in rows  # nothing that changes with every release
    assert '<span class="badge change">2025-02-07 で変更</span>' in page
    assert '<span class="badge change">2026-01-16 で変更（日本語）</span>' in page
    history = page.split('id="history"')[1]
    assert history.index("702.23i") < history.index("702.26k")
    assert "<del>trigger</del><ins>cause</ins>" in history
    assert 'href="../releases/2025-02-07.html"' in history
    assert "2025-02-07</time></a> 以降" in history


def test_a_page_per_release(english_full_build: Path) -> None:
    index = site_page(english_full_build, "releases/index.html")
    assert len(re.findall(r'href="\.\./releases/\d{4}-\d\d-\d\d\.html"', index)) == 110
    assert "20231117.0（Wikiの引用" in index
    assert "20260116.0（全文）" in index
    page = site_page(english_full_build, "releases/2025-02-07.html")
    changed = page.split('id="changed"')[1]
    assert 'href="../rules/702.26k.html"' in changed and "<ins>cause</ins>" in changed
    renumbered = site_page(english_full_build, "releases/2025-07-25.html").split('id="renumbered"')[1]
    assert "<code>721</code> → <code>722</code>" in renumbered  # Controlling Another Player
    rewrite = site_page(english_full_build, "releases/2009-07-11.html")
    assert "<code>502.15</code> → <code>702.23</code>" in rewrite


def test_the_english_glossary_beside_the_japanese(english_full_build: Path) -> None:
    glossary = site_page(english_full_build, "glossary.html")
    entry = glossary.split('id="g-接死／Deathtouch"')[1].split("</div>\n  </dd>")[0]
    assert '<div class="lang lang-en" lang="en">A keyword ability that causes damage' in entry


# -- kb stats -----------------------------------------------------------------------------------


def test_a_japanese_version_without_its_english_release_still_builds(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """20260116.0 with English releases up to 2025-11-14: it builds, its numbers are read
    as 2025-11-14 numbered them, and kb stats says so."""
    from conftest import CR_FILE

    files = [str(p) for p in english_files("2025-09-19") if p.stem != "2026-01-16"]
    argv = ["build", "--corpus", str(CORPUS), "--cr", str(CR_FILE), "--out", str(tmp_path / "b")]
    for path in files:
        argv += ["--cr-en", path]
    assert main(argv) == 0
    capsys.readouterr()
    stats = run_json(["stats", "--json", "--build", str(tmp_path / "b")], capsys)
    assert stats["english_releases"] == ["2025-09-19", "2025-11-14"]
    missing = {item["version"]: item for item in stats["japanese_without_english"]}  # type: ignore[attr-defined]
    assert missing["20260116.0"]["numbered_as"] == "2025-11-14"
    assert missing["20231117.0"]["numbered_as"] is None  # before the first English release read
    assert main(["stats", "--build", str(tmp_path / "b")]) == 0
    text = capsys.readouterr().out
    assert "Japanese 20260116.0 has no English counterpart (2026-01-16 not read)" in text
    history = history_of(tmp_path / "b", "702.26k", capsys)
    assert [(e["release"], e["language"]) for e in history] == [
        ("2023-11-17", "ja"), ("2025-09-19", "en"), ("2025-11-14", "en"), ("2026-01-16", "ja")]
