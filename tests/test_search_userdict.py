"""The MTG user dictionary: derived from the KB, valid for ubuild, unifying spellings."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from kb.graph import RuleGraph
from kb.normalize import fold
from kb.search.analyzer import Analysis
from kb.search.layout import DICTIONARY_FILE, SEARCH_DIR, SOURCE_FILE, TABLES_FILE
from kb.search.tables import query_tables
from kb.search.terms import derive_entries, glossary_headwords, noun_compounds


@pytest.fixture(scope="module")
def system() -> Analysis:
    return Analysis()


@pytest.fixture(scope="module")
def with_terms(search_seed_build: Path) -> Analysis:
    return Analysis(str(search_seed_build / SEARCH_DIR / DICTIONARY_FILE))


def test_a_katakana_spelling_of_a_dictionary_word_is_a_variant(system: Analysis) -> None:
    entries = {e.surface: e for e in derive_entries(
        {"オモテ向き": {"glossary"}, "フェイズアウト": {"quoted"}, "である": {"name"},
         "栄光の頌歌": {"name"}, "フェイジング": {"keyword"}, "表向き": {"compound"}}, system)}
    assert entries["オモテ向き"].variant_of == "表向き"
    assert entries["オモテ向き"].normalized == "表向き"
    assert entries["フェイズアウト"].variant_of is None  # no dictionary word reads フェイズアウト
    assert len(entries["フェイズアウト"].parts) == 2
    assert [p.surface for p in entries["栄光の頌歌"].parts] == ["栄光", "の", "頌歌"]  # type: ignore[union-attr]
    assert "である" not in entries  # no noun: not a term
    assert "表向き" not in entries  # the system dictionary has it already
    assert not entries["フェイジング"].parts  # unknown to Sudachi: added as one word


def test_a_compound_holding_a_variant_keeps_it_as_one_unit(system: Analysis) -> None:
    entries = {e.surface: e for e in derive_entries(
        {"オモテ向き": {"glossary"}, "オモテ向き状態": {"compound"}}, system)}
    assert entries["オモテ向き状態"].parts[0] == "オモテ向き"


def test_same_reading_is_required_for_a_variant(system: Analysis) -> None:
    # 上 + 手 joins to 上手, but 上手 is read ジョウズ, not ウエテ: a different word.
    entries = {e.surface: e for e in derive_entries({"ウエ手": {"compound"}}, system)}
    assert all(e.variant_of is None for e in entries.values())


def test_a_glossary_term_in_kanji_is_a_term_whatever_its_parts(system: Analysis) -> None:
    """予顕 is read as the pronoun 予 and the adjectival 顕: as a glossary headword or a
    keyword it is still one word of the rules; the same pieces found in running text
    are not, and a headword with kana stays subject to the noun test."""
    entries = {e.surface: e for e in derive_entries(
        {"予顕": {"glossary"}, "アクティブプレイヤー": {"keyword"}, "である": {"glossary"}}, system)}
    assert [p.surface for p in entries["予顕"].parts] == ["予", "顕"]  # type: ignore[union-attr]
    assert "アクティブプレイヤー" in entries
    assert "である" not in entries
    assert not {e.surface for e in derive_entries({"予顕": {"compound"}}, system)}


def test_noun_compounds_are_counted_from_the_text(system: Analysis) -> None:
    counts = noun_compounds(["次の状況起因処理で、状況起因処理として。", "フェイズ・アウト状態の間"], system)
    assert counts["状況起因処理"] == 2
    assert counts["フェイズアウト状態"] == 1


def test_glossary_headwords_are_split_and_cleaned() -> None:
    assert glossary_headwords("コントロール、コントローラー") == ["コントロール", "コントローラー"]
    assert glossary_headwords("「共有チーム・ターン」選択ルール") == ["共有チーム・ターン選択ルール"]
    assert glossary_headwords("生息条件(島)") == ["生息条件"]


def test_the_csv_is_what_ubuild_wants(search_seed_build: Path) -> None:
    text = (search_seed_build / SEARCH_DIR / SOURCE_FILE).read_text(encoding="utf-8")
    rows = list(csv.reader(text.splitlines()))
    assert rows
    for row in rows:
        assert len(row) == 18, row
        assert not row[0].startswith("#")
        assert row[0] == fold(row[0]) == row[0].lower()
        assert row[14] in ("*", "C")
    surfaces = {row[0]: row for row in rows if row[1] != "-1"}
    assert surfaces["オモテ向き"][12] == "表向き"
    assert surfaces["フェイズアウト"][14] == "C"
    assert "栄光の頌歌" in surfaces
    assert "状況起因処理" in surfaces  # a compound the seed pages use twice


@pytest.mark.parametrize("spellings", [
    ["フェイズアウト", "フェイズ・アウト", "ﾌｪｲｽﾞ･ｱｳﾄ", "フェイズ アウト"],
    ["オモテ向き", "表向き", "ｵﾓﾃ向き"],
    ["栄光の頌歌"],
])
def test_spellings_analyse_to_one_word(with_terms: Analysis, spellings: list[str]) -> None:
    analysed = [[w.text for w in with_terms.kept(s)] for s in spellings]
    assert all(len(a) == 1 for a in analysed), analysed
    assert len({a[0] for a in analysed}) == 1, analysed


def test_units_of_a_name_are_kept(with_terms: Analysis) -> None:
    [word] = with_terms.kept("栄光の頌歌")
    assert word.units == ("栄光", "頌歌")


def test_query_tables_are_written_and_computable(search_seed_build: Path, seed_graph: RuleGraph) -> None:
    written = json.loads((search_seed_build / SEARCH_DIR / TABLES_FILE).read_text(encoding="utf-8"))
    tables = query_tables(seed_graph)
    assert {k: v for k, v in written.items() if k != "aliases"} == {
        k: v for k, v in tables.to_json().items() if k != "aliases"}
    # The alias table in it is aliases.tsv's rows by alias (quicker for a query to load).
    from kb.search.aliases import ALIASES_FILE, read_aliases
    from kb.search.tables import QueryTables, alias_lookup

    rows = read_aliases(search_seed_build / SEARCH_DIR / ALIASES_FILE)
    assert rows and QueryTables.from_json(written).aliases == alias_lookup(
        (row.alias, row.term, row.weight) for row in rows)
    assert written["schema"] == "kb-query-tables/1"
    assert tables.variants["オモテ向き"] == "表向き"  # from the user dictionary
    assert tables.variants["オモテ"] == "表"  # Sudachi's own, for a reader without it
    english = written["english"]
    assert english["phasing"] == ["フェイジング"]
    assert english["glorious anthem"] == ["栄光の頌歌"]
    assert english["timestamp"] == ["タイムスタンプ"]
    assert "is" not in english  # である/is is no name
    for key in list(english) + list(written["variants"]):
        assert key == fold(key)


def test_an_unchanged_vocabulary_reuses_the_compiled_dictionary(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    from conftest import CORPUS

    from kb.build.pipeline import build
    from kb.build.state import BuildOptions
    from kb.errors import KbError
    from kb.search import userdict

    monkeypatch.setenv("KB_CACHE_DIR", "")  # the previous build's alone
    out = tmp_path / "_build"
    build(BuildOptions(corpus=CORPUS, out=out))
    compiled = (out / SEARCH_DIR / DICTIONARY_FILE).read_bytes()

    def no_ubuild(csv_path: Path, dic_path: Path) -> None:
        raise KbError("ubuild was run", csv_path)

    monkeypatch.setattr(userdict, "_ubuild", no_ubuild)
    build(BuildOptions(corpus=CORPUS, out=out))  # same terms: the last build's user.dic
    assert (out / SEARCH_DIR / DICTIONARY_FILE).read_bytes() == compiled
    fewer = tmp_path / "corpus" / "wiki"
    fewer.mkdir(parents=True)
    shutil.copy(CORPUS / "wiki" / "変異.txt", fewer)
    with pytest.raises(KbError, match="ubuild was run"):  # other terms: compiled anew
        build(BuildOptions(corpus=tmp_path / "corpus", out=out))


def test_the_compile_cache_serves_clean_builds_and_other_folders(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A dictionary compiled once is copied from ``KB_CACHE_DIR`` by a ``--clean`` build
    and a build into another folder (same CSV, same system dictionary); another
    vocabulary is compiled anew and cached beside it."""
    import shutil

    from conftest import CORPUS

    from kb.build.pipeline import build
    from kb.build.state import BuildOptions
    from kb.errors import KbError
    from kb.search import userdict

    cache = tmp_path / "cache"
    monkeypatch.setenv("KB_CACHE_DIR", str(cache))
    first = tmp_path / "first"
    build(BuildOptions(corpus=CORPUS, out=first))
    compiled = (first / SEARCH_DIR / DICTIONARY_FILE).read_bytes()
    assert [p.read_bytes() for p in (cache / "user-dic").glob("*.dic")] == [compiled]

    def no_ubuild(csv_path: Path, dic_path: Path) -> None:
        raise KbError("ubuild was run", csv_path)

    monkeypatch.setattr(userdict, "_ubuild", no_ubuild)
    for out, clean in ((first, True), (tmp_path / "second", False)):
        build(BuildOptions(corpus=CORPUS, out=out, clean=clean))
        assert (out / SEARCH_DIR / DICTIONARY_FILE).read_bytes() == compiled
    fewer = tmp_path / "corpus" / "wiki"
    fewer.mkdir(parents=True)
    shutil.copy(CORPUS / "wiki" / "変異.txt", fewer)
    with pytest.raises(KbError, match="ubuild was run"):
        build(BuildOptions(corpus=tmp_path / "corpus", out=tmp_path / "third"))
    monkeypatch.undo()
    monkeypatch.setenv("KB_CACHE_DIR", str(cache))
    build(BuildOptions(corpus=tmp_path / "corpus", out=tmp_path / "third"))
    assert len(list((cache / "user-dic").glob("*.dic"))) == 2
