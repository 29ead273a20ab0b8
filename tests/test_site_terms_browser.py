"""The browser's cut of a query into kb search's terms (static/search-terms.js ``cheapestCut``)
equals kb/site/search_terms.py's, from the term files a query loads, on every query set."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import needs_cr
from test_site_browser import Watched

from bench.browser import why_no_browser
from bench.search_sets import SETS
from kb.normalize import fold
from kb.search.evaluate import read_queries
from kb.site.search_index import DOC_LEVELS
from kb.site.search_terms import TermIndex, cheapest_cut

_REASON = why_no_browser()
pytestmark = pytest.mark.skipif(_REASON is not None, reason=f"browser tests skipped: {_REASON}")


@needs_cr
def test_the_browser_cuts_every_query_as_python_does(browser: Any, search_full_build: Path) -> None:
    index = TermIndex(search_full_build / "site" / "search" / "terms")
    assert index.meta["dropped"] == 0  # every document of kb search's index can be shown
    rows = index.all_rows()
    cost = {surface: row[1] for surface, row in rows.items()}
    longest = max(map(len, rows))
    queries = [q.query for _, path in SETS if path.is_file() for q in read_queries(path, ("seeds", "cr"))]
    queries += ["２／２のクリーチャー", "+1/+1カウンター", "ライブラリ cmc", "クリーチャーがいると"]
    watched = Watched(browser, "file://")
    cut = _each_query(watched.page, search_full_build, "searchTermsCut", queries)
    differ = []
    for query, words in zip(queries, cut, strict=True):
        folded = fold(query)
        expected = [[folded[a:b], rows.get(folded[a:b])] for a, b in cheapest_cut(folded, cost, longest)]
        if words != expected:
            differ.append((query, [w[0] for w in words], [w[0] for w in expected]))
    assert differ == []
    assert len(queries) > 200
    # The cut is Sudachi's where it matters: a common word before a rare one, kb search's terms.
    first = dict(zip(queries, cut, strict=True))
    assert [w[0] for w in first["+1/+1カウンター"]][:1] == ["+1/+1"]
    assert any(w[1] is not None and w[1][2] == 0 for w in first["クリーチャーがいると"])  # が: a particle
    watched.assert_clean()
    watched.close()


@needs_cr
def test_the_browser_reads_every_query_as_kb_search_over_the_dictionary(
        browser: Any, search_full_build: Path) -> None:
    """kb.searchTermsParse: the clauses kb search ranks by (kb.search.query.parse_query's:
    words, compound units, question frames optional, English names, aliases; and in a
    question each word's glossary kinds, ``Searcher.with_kinds``, as fallbacks), given the
    dictionary's cut."""
    from kb.search.searcher import Searcher
    from kb.site.search_terms import read_as_the_port

    searcher = Searcher.open(search_full_build)
    read_as_the_port(searcher)
    queries = [q.query for _, path in SETS if path.is_file() for q in read_queries(path, ("seeds", "cr"))]
    queries += ["墓地"]  # a keyword query: not a question, no kinds
    watched = Watched(browser, "file://")
    read = _each_query(watched.page, search_full_build, "searchTermsParse", queries)
    differ = []
    try:
        for query, clauses in zip(queries, read, strict=True):
            parsed = searcher.parse(query)
            read_as = [searcher.with_kinds(c) for c in parsed.clauses] if parsed.question else parsed.clauses
            expected = [[c.typed, [[w.text for w in a] for a in c.alternatives],
                         [c.weight(i) for i in range(len(c.alternatives))], c.required, sorted(c.fallbacks)]
                        for c in read_as]
            if clauses != expected:
                differ.append((query, clauses, expected))
    finally:
        searcher.close()
    assert differ == []
    by_query = dict(zip(queries, read, strict=True))
    assert any(len(c[1]) > 1 for clauses in read for c in clauses)  # aliases and units were read
    assert any(not c[3] for clauses in read for c in clauses)  # and optional words
    assert sum(1 for clauses in read if any(c[4] for c in clauses)) >= 5  # and kinds (墓地 → 領域)
    assert by_query["墓地"] == [["墓地", [["墓地"]], [1], True, []]]  # a keyword query names what it wants
    assert by_query and all(isinstance(c[0], str) for clauses in read for c in clauses)
    watched.assert_clean()
    watched.close()


@needs_cr
def test_the_port_ranks_as_kb_search_does_over_the_dictionary(
        browser: Any, search_full_build: Path) -> None:
    """kb.searchByTerms: kb search's ranking, given the dictionary's cut, closeness bonus
    included, puts the same document first on all but a few queries of every set (term
    scores are kept to a quarter point)."""
    import kb.search.searcher as searcher_module
    from kb.site.search_terms import read_as_the_port, site_key

    searcher = searcher_module.Searcher.open(search_full_build)
    read_as_the_port(searcher)
    queries = [q.query for _, path in SETS if path.is_file() for q in read_queries(path, ("seeds", "cr"))]
    watched = Watched(browser, "file://")
    found = _port_hits(watched, search_full_build, queries)
    try:
        expected = [[site_key(h.document.key) for h in searcher.search(q, 10).hits[:1]] for q in queries]
    finally:
        searcher.close()
    differ = [(q, ids[:1], first) for q, ids, first in zip(queries, found, expected, strict=True) if ids[:1] != first]
    assert len(differ) <= len(queries) // 50, differ
    assert sum(1 for ids in found if ids) > 0.95 * len(queries)
    watched.assert_clean()
    watched.close()


@needs_cr
def test_the_port_lets_a_question_s_word_stand_for_its_glossary_kind(
        browser: Any, search_full_build: Path) -> None:
    """kb search's ``with_kinds`` in ``searchByTerms``: 墓地 is one of the 領域 (its glossary
    entry), so 111.7 「戦場以外の領域に存在するトークンは、消滅する」 answers 「トークンが墓地に
    置かれたらどうなる？」 though it lacks 墓地; where a rule has the word, its kind adds nothing
    (the first five are kb search's own, in its order)."""
    from kb.search.searcher import Searcher
    from kb.site.search_terms import site_key

    queries = ["トークンが墓地に置かれたらどうなる？", "ライブラリーが0枚のときにカードを引いたらどうなる？"]
    searcher = Searcher.open(search_full_build)
    try:
        expected = [[site_key(h.document.key) for h in searcher.search(q, 10).hits[:5]] for q in queries]
    finally:
        searcher.close()
    watched = Watched(browser, "file://")
    found = _port_hits(watched, search_full_build, queries)
    assert [ids[:5] for ids in found] == expected
    assert "rule:111.7" in found[0][:2]
    watched.assert_clean()
    watched.close()


@needs_cr
def test_the_port_gives_a_question_s_glossary_entry_no_name_tier(browser: Any, search_full_build: Path) -> None:
    """kb search's ``_name_tier`` in ``searchByTerms``: a question (not asking what a term
    is) ranks the glossary's 投了 and the heading 104 by score, below 104.3a; 「投了とは何？」
    keeps the glossary entry first."""
    queries = ["投了っていつでもしていいの？", "投了とは何？"]
    watched = Watched(browser, "file://")
    found = _port_hits(watched, search_full_build, queries)
    assert found[0][0] == "rule:104.3a"
    assert found[1][0].startswith("glossary:")
    watched.assert_clean()
    watched.close()


@needs_cr
def test_the_port_weighs_a_question_s_everyday_verb_less(browser: Any, search_full_build: Path) -> None:
    """kb search's ``_plain_verb`` in ``searchByTerms``: 戻す (no heading holds it: role 4)
    counts half its rarity in a question's coverage, so 903.9b (「手札…に置かれる」) comes
    up on the nouns, where kb search has it."""
    from kb.search.searcher import Searcher

    query = "統率者が手札に戻されるときはどうなる？"
    watched = Watched(browser, "file://")
    found = _port_hits(watched, search_full_build, [query])
    searcher = Searcher.open(search_full_build)
    expected = [hit.document.key for hit in searcher.search(query, 5).hits]
    searcher.close()
    assert "rule:903.9b" in expected
    assert "rule:903.9b" in found[0][:5]
    watched.assert_clean()
    watched.close()


@needs_cr
def test_the_port_puts_a_question_s_subrule_before_its_rule(browser: Any, search_full_build: Path) -> None:
    """kb search's ``subrules_before_their_rule`` and ``QUESTION_GLOSSARY_WEIGHT`` in
    ``searchByTerms``: 113.7a (more of the words) before 113.7, 901.3a (brief: the build
    lists such subrules) before 901.3, 903.5a (the counter of 何枚) before 903.5, 119.4 before
    the glossary's 支払う, each where kb search puts it."""
    from kb.search.searcher import Searcher
    from kb.site.search_index import read_varints
    from kb.site.search_terms import TermIndex

    queries = ["能力の発生源が除去されたら、スタックの能力は消える？", "次元ダイスはどのサイコロ？",
               "統率者戦のデッキは何枚？", "ライフが足りないときにライフを支払える？"]
    watched = Watched(browser, "file://")
    found = _port_hits(watched, search_full_build, queries)
    searcher = Searcher.open(search_full_build)
    expected = [[hit.document.key for hit in searcher.search(q, 10).hits] for q in queries]
    searcher.close()
    assert [ids[:1] for ids in found] == [ids[:1] for ids in expected]
    assert [found[0][0], found[1][0], found[3][0]] == ["rule:113.7a", "rule:901.3a", "rule:119.4"]
    counted = found[2]
    assert "rule:903.5a" in counted[:3] and counted.index("rule:903.5a") < counted.index("rule:903.5")
    brief = read_varints(TermIndex(search_full_build / "site" / "search" / "terms").meta["brief"])
    assert 100 < len(brief) < 1000
    watched.assert_clean()
    watched.close()


@needs_cr
def test_the_port_lets_a_rarer_named_word_outrank_a_category_word(browser: Any, search_full_build: Path) -> None:
    """kb search's ``_naming_clauses`` in ``searchByTerms``: 装備品 (a glossary headword among
    the hits, rarer) outranks サブタイプ (205.3's title), so 301.5 comes before 205.3b/g;
    変異 コスト X keeps 702.37f first (X names 107.3, no hit with every word)."""
    watched = Watched(browser, "file://")
    found = _port_hits(watched, search_full_build, ["装備品 サブタイプ", "変異 コスト X"])
    assert [ids[:1] for ids in found] == [["rule:301.5"], ["rule:702.37f"]]
    watched.assert_clean()
    watched.close()


@needs_cr
def test_the_port_gives_kb_search_closeness_bonus(browser: Any, search_full_build: Path) -> None:
    """kb.searchTermsBonus: the bonus for neighbouring words (kb search's ``_proximity``:
    typed neighbours, the words of an alias phrase, the slop, each field's weight) of every
    document, from the positions the term index files, equals kb search's over the
    dictionary's cut on every query of several words (scores to a quarter point)."""
    from kb.search.searcher import PROXIMITY_WEIGHT, Searcher, _unique
    from kb.site.search_terms import read_as_the_port, term_documents

    searcher = Searcher.open(search_full_build)
    read_as_the_port(searcher)
    queries = [q.query for _, path in SETS if path.is_file() for q in read_queries(path, ("seeds", "cr"))]
    queries += ["デッキ切れ", "バウンス"]  # alias phrases: the bonus inside an alternative
    watched = Watched(browser, "file://")
    found = _each_query(watched.page, search_full_build, "searchTermsBonus", queries)
    differ = []
    earned = 0
    try:
        numbers = term_documents(searcher, _site_ids(search_full_build)).docnum
        every = list(range(searcher.searcher.doc_count_all()))
        for query, pairs in zip(queries, found, strict=True):
            if any(c.isascii() and c.isalpha() for c in query):
                continue  # the port has no English stems of typed words, nor their bonus
            parsed = searcher.parse(query)
            bonus = searcher._proximity(_unique(parsed.required) or _unique(parsed.optional), every)
            expected = {numbers[d]: v for d, v in bonus.items()}
            got: dict[int, float] = dict(pairs)
            earned += len(got)
            # Each word's score in a field is kept to a quarter point (±1/8), and a document
            # may earn the bonus of several pairs and fields.
            far = [(d, got[d], expected[d]) for d in got if d in expected
                   and abs(got[d] - expected[d]) > PROXIMITY_WEIGHT * 2.0 * 0.25 + 0.03 * expected[d]]
            if set(got) != set(expected) or far:
                differ.append((query, sorted(set(got) ^ set(expected))[:5], far[:5]))
    finally:
        searcher.close()
    assert differ == []
    assert earned > 100  # queries of several words do earn it
    watched.assert_clean()
    watched.close()


def _port_hits(watched: Watched, build: Path, queries: list[str]) -> list[list[str]]:
    """Each query's first ten hits by ``kb.searchByTerms`` on ``build``'s site."""
    page = watched.page
    page.goto((build / "site" / "search.html").as_uri())
    found: list[list[str]] = page.evaluate("""async queries => {
      const out = [];
      for (const q of queries) out.push((await kb.searchByTerms(q, 10)).hits.map(h => h.id));
      return out;
    }""", queries)
    return found


def _site_ids(build: Path) -> list[str]:
    from kb.site.search_terms import read_script

    ids: list[str] = []
    docs = build / "site" / "search" / "docs" / str(DOC_LEVELS[0])
    for path in sorted(docs.glob("*.js"), key=lambda p: int(p.stem)):
        ids += [row[0] for row in read_script(path.read_text(encoding="utf-8"))[1]]
    return ids


def _each_query(page: Any, build: Path, call: str, queries: list[str]) -> list[Any]:
    """What ``kb.CALL(query)`` gives for each query, in order, on ``build``'s search page."""
    page.goto((build / "site" / "search.html").as_uri())
    found: list[Any] = page.evaluate("""async ([call, queries]) => {
      const out = [];
      for (const q of queries) out.push(await kb[call](q));
      return out;
    }""", [call, queries])
    return found
