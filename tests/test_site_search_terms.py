"""The site's term index (kb/site/search_terms.py): kb search's own postings, dictionary and
names, filed for the browser, equal to what kb search reads from its index."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.search.document import FIELDS
from kb.search.english import ENGLISH_FIELD, ENGLISH_WEIGHT
from kb.search.searcher import FIELD_WEIGHTS, Searcher
from kb.site.search_groups import shard_of
from kb.site.search_index import DOC_LEVELS, read_varints
from kb.site.search_terms import (
    ENGLISH_PREFIX,
    QUANTUM,
    TermIndex,
    read_script,
    run_surfaces,
    site_key,
)


@pytest.fixture(scope="module")
def opened(search_seed_build: Path) -> tuple[Searcher, TermIndex, list[str]]:
    site = search_seed_build / "site" / "search"
    ids: list[str] = []
    for path in sorted((site / "docs" / str(DOC_LEVELS[0])).glob("*.js"), key=lambda p: int(p.stem)):
        ids += [row[0] for row in read_script(path.read_text(encoding="utf-8"))[1]]
    return Searcher.open(search_seed_build), TermIndex(site / "terms"), ids


def _expected(searcher: Searcher, field_weights: dict[str, float]) -> dict[str, dict[str, list[int]]]:
    """Term → site id → the scores (quarter points) of kb search's documents shown there,
    straight from kb search's postings."""
    keys = {n: d["data"]["key"] for n, d in searcher.searcher.reader().iter_docs()}
    summed: dict[str, dict[int, float]] = {}
    reader = searcher.searcher.reader()
    for name in (*FIELDS, ENGLISH_FIELD):
        for raw in reader.lexicon(name):
            text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
            term = (ENGLISH_PREFIX if name == ENGLISH_FIELD else "") + text
            for docnum, score in searcher.postings.term(name, text).items():
                found = summed.setdefault(term, {})
                found[docnum] = found.get(docnum, 0.0) + score * field_weights[name]
    expected: dict[str, dict[str, list[int]]] = {}
    for term, found in summed.items():
        for docnum, score in found.items():
            shown = expected.setdefault(term, {}).setdefault(site_key(keys[docnum]), [])
            shown.append(max(1, round(score * QUANTUM)))
    return expected


def _filed(index: TermIndex, ids: list[str], term: str, home: str | None = None) -> dict[str, list[int]]:
    shown: dict[str, list[int]] = {}
    for number, score in index.postings(term, home).items():
        shown.setdefault(ids[index.site[number]], []).append(score)
    return shown


def _homes(index: TermIndex) -> tuple[dict[str, str], set[str]]:
    """Where a query finds each term's postings: a word's term under the home its
    dictionary row names (the same for every surface of the term), a compound's units and
    joined units under their own text; and those units."""
    rows = index.all_rows()
    found: dict[str, str] = {}
    units: set[str] = set()
    for surface, row in rows.items():
        term = row[0] or surface
        assert found.setdefault(term, row[4] or surface) == (row[4] or surface), term
        if row[3]:
            units.update([*row[3], "".join(row[3])])
    return found, units


def test_every_term_has_kb_search_postings_where_a_query_looks(
        opened: tuple[Searcher, TermIndex, list[str]]) -> None:
    searcher, index, ids = opened
    expected = _expected(searcher, {**FIELD_WEIGHTS, ENGLISH_FIELD: ENGLISH_WEIGHT})
    assert len(expected) > 500
    homes, units = _homes(index)

    def same(term: str, home: str) -> bool:
        return ({k: sorted(v) for k, v in _filed(index, ids, term, home).items()}
                == {k: sorted(v) for k, v in expected.get(term, {}).items()})

    plain = [t for t in expected if not t.startswith(ENGLISH_PREFIX)]
    assert [t for t in plain if not same(t, homes.get(t, t))] == []
    assert [u for u in units if not same(u, u)] == []
    assert [t for t in expected if t.startswith(ENGLISH_PREFIX) and not same(t, t[1:])] == []


def test_a_wrong_field_weight_is_seen(opened: tuple[Searcher, TermIndex, list[str]]) -> None:
    """The comparison above can fail: weighing the heading as the text changes terms."""
    searcher, index, ids = opened
    flat = dict.fromkeys([*FIELD_WEIGHTS, ENGLISH_FIELD], 1.0)
    expected = _expected(searcher, flat)
    homes, _ = _homes(index)
    assert any({k: sorted(v) for k, v in _filed(index, ids, term, homes.get(term, term)).items()}
               != {k: sorted(v) for k, v in shown.items()} for term, shown in expected.items())


def test_the_site_map_is_the_documents_order_and_every_site_document_is_reached(
        opened: tuple[Searcher, TermIndex, list[str]]) -> None:
    searcher, index, ids = opened
    assert len(index.site) == searcher.searcher.doc_count_all()
    assert index.site == sorted(index.site)
    keys = {site_key(d["data"]["key"]) for _, d in searcher.searcher.reader().iter_docs()}
    reached = {ids[n] for n in index.site}
    assert keys <= reached
    # A wiki section is one site document for its passages; a passage's site document is its own.
    assert any(k.startswith("page:") and "#" in k for k in reached)
    assert index.meta["documents"] == searcher.postings.documents
    assert index.meta["dropped"] == 0


def test_the_dictionary_gives_kb_search_terms_and_roles(
        opened: tuple[Searcher, TermIndex, list[str]]) -> None:
    _, index, _ = opened
    rule = index.row("ルール")
    assert rule is not None and rule[2] == 2  # content
    particle = index.row("が")
    assert particle is not None and particle[2] == 0  # dropped
    assert index.row("が") is index.kana["が"]
    assert all(row[1] > 0 for row in index.kana.values())


def test_alias_and_english_tables_are_the_site_index_s_where_the_browser_looks(
        search_seed_build: Path, opened: tuple[Searcher, TermIndex, list[str]]) -> None:
    # The port reads them from the term files alone (no search/index/ request): each key of
    # the site index's tables, at its key's group, holds the same rows.
    from kb.search.tables import QueryTables
    from kb.site.search_index import alias_table

    _, index, _ = opened
    tables = QueryTables.read(search_seed_build / "search").folded()
    aliases, english = alias_table(tables), tables.english
    assert len(aliases) > 100 and len(english) > 10
    assert all(index.table("a", key) == rows for key, rows in aliases.items() if key)
    assert all(index.table("e", key) == names for key, names in english.items() if key)


def test_a_run_lists_every_surface_a_cut_may_take_in_it() -> None:
    # Inside the run, and starting inside it and going on past its end (飛ばさ after 飛);
    # not one that only ends inside it, nor one that goes on past it with another run.
    found = run_surfaces(["状況起因処理", "飛"], ["状況", "起因", "処理", "状況起因処理", "因処",
                                               "飛ばさ", "飛", "飛行", "理由", "況"], 6)
    assert found == {"状況起因処理": ["処理", "因処", "況", "状況", "状況起因処理", "起因"], "飛": ["飛", "飛ばさ"]}


def test_the_run_files_hold_the_dictionary_s_rows_of_their_runs(search_full_build: Path) -> None:
    # The browser's cut of a query's run the texts hold reads this file alone: every
    # surface of the dictionary inside the run must be listed, with its row.
    index = TermIndex(search_full_build / "site" / "search" / "terms")
    rows = index.all_rows()
    longest = max(map(len, rows))
    checked = 0
    for number in range(index.meta["runFiles"]):
        held = index.runs(number)
        for run, surfaces in held["r"].items():
            assert shard_of(run, index.meta["runFiles"]) == number
            inside = {run[a:b] for a in range(len(run)) for b in range(a + 1, min(len(run), a + longest) + 1)
                      if run[a:b] in rows}
            assert inside <= set(surfaces), run
            assert all(held["d"][s] == rows[s] for s in surfaces), run
            checked += 1
    assert checked > 1000


def test_glossary_kinds_are_filed_beside_their_word_s_postings(search_full_build: Path) -> None:
    """kb search's ``kind_table`` (墓地 → 領域, :meth:`Searcher.with_kinds`) is in the term
    files where the browser's port looks (the group of the headword's postings), each kind
    with the home its own postings are filed under, and KIND_WEIGHT in meta.js's weights."""
    from kb.search.searcher import KIND_WEIGHT

    searcher = Searcher.open(search_full_build)
    index = TermIndex(search_full_build / "site" / "search" / "terms")
    homes, _ = _homes(index)
    try:
        table = searcher.kind_table()
        for term, kinds in table.items():
            filed = index.kinds(term, homes.get(term, term))
            assert filed == [[k.text, [p.text for p in k.parts], homes.get(k.text, k.text)] for k in kinds], term
            assert all(index.postings(k[0], k[2]) for k in filed), term
    finally:
        searcher.close()
    assert [k.text for k in table["墓地"]] == ["領域"]
    assert index.meta["weights"]["kind"] == KIND_WEIGHT


def test_names_are_filed_with_their_first_word(opened: tuple[Searcher, TermIndex, list[str]]) -> None:
    searcher, index, ids = opened
    homes, _ = _homes(index)
    checked = 0
    for _, stored in searcher.searcher.reader().iter_docs():
        data = stored["data"]
        for key in data.get("name_keys") or []:
            first = key.split(" ")[0]
            named = index.names(key, homes.get(first, first))
            assert any(ids[index.site[n]] == site_key(data["key"]) and flags & 1 for n, flags in named.items()), key
            checked += 1
    assert checked > 10


def test_headings_are_rules_without_text(opened: tuple[Searcher, TermIndex, list[str]]) -> None:
    _, index, ids = opened
    import itertools

    headings = list(itertools.accumulate(read_varints(index.meta["headings"])))
    assert all(ids[index.site[n]].startswith("rule:") for n in headings)


def _positions_expected(searcher: Searcher, shift: int = 0) -> dict[str, list[dict[str, list[tuple[int, list[int]]]]]]:
    """Term → for each field of the closeness bonus, site id → (score in quarter points,
    positions + ``shift``) of kb search's documents shown there, from kb search's own reader."""
    from kb.search.searcher import PROXIMITY_FIELDS

    keys = {n: d["data"]["key"] for n, d in searcher.searcher.reader().iter_docs()}
    reader = searcher.searcher.reader()
    expected: dict[str, list[dict[str, list[tuple[int, list[int]]]]]] = {}
    for column, name in enumerate(PROXIMITY_FIELDS):
        for raw in reader.lexicon(name):
            text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
            scores = searcher.postings.term(name, text)
            for docnum, positions in searcher.postings.positions(name, text).items():
                fields = expected.setdefault(text, [{} for _ in PROXIMITY_FIELDS])
                fields[column].setdefault(site_key(keys[docnum]), []).append(
                    (max(1, round(scores[docnum] * QUANTUM)), [p + shift for p in positions]))
    return expected


def _positions_filed(index: TermIndex, ids: list[str], term: str,
                     home: str) -> list[dict[str, list[tuple[int, list[int]]]]]:
    out: list[dict[str, list[tuple[int, list[int]]]]] = []
    for found in index.positions(term, home):
        shown: dict[str, list[tuple[int, list[int]]]] = {}
        for number, (score, positions) in found.items():
            shown.setdefault(ids[index.site[number]], []).append((score, positions))
        out.append({k: sorted(v) for k, v in shown.items()})
    return out


def test_every_term_has_kb_search_positions_where_a_query_looks(
        opened: tuple[Searcher, TermIndex, list[str]]) -> None:
    """The closeness bonus's data: each term's positions in the text and the heading, with
    its score there, filed where the query finds the term's postings."""
    searcher, index, ids = opened
    expected = _positions_expected(searcher)
    homes, _ = _homes(index)
    assert len(expected) > 500
    assert sum(1 for fields in expected.values() if all(fields)) > 10  # terms of both fields
    wrong = [t for t, fields in expected.items()
             if _positions_filed(index, ids, t, homes.get(t, t)) != [{k: sorted(v) for k, v in f.items()} for f in fields]]
    assert wrong == []
    assert index.meta["weights"]["proximity"]["fields"] == [["body", FIELD_WEIGHTS["body"]],
                                                            ["title", FIELD_WEIGHTS["title"]]]


def test_a_wrong_position_is_seen(opened: tuple[Searcher, TermIndex, list[str]]) -> None:
    """The comparison above can fail: every position one later differs."""
    searcher, index, ids = opened
    homes, _ = _homes(index)
    expected = _positions_expected(searcher, shift=1)
    assert all(_positions_filed(index, ids, t, homes.get(t, t)) != [{k: sorted(v) for k, v in f.items()} for f in fields]
               for t, fields in list(expected.items())[:200])
