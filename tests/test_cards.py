"""Card names: the English ↔ Japanese table and the mentions it makes recognisable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import CR_FILE

from kb.build.pipeline import build
from kb.build.state import BuildOptions
from kb.errors import KbError
from kb.search.searcher import Searcher
from kb.sources.cards import CardName, CardNames, find_card_mentions, link_cards, read_card_names
from kb.sources.wiki import parse_wiki_page
from kb.sources.wikitext import parse_wikitext

CARDS_FILE = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "card-names-ja" / "db_mtg.csv"


def small_table() -> CardNames:
    return CardNames("cards.csv", [
        CardName("Serra Angel", "セラの天使", "せらのてんし", "せらのてんし", 1),
        CardName("Clone", "クローン", "くろーん", "くろーん", 2),
    ])


@pytest.mark.parametrize(("text", "form"), [
    ("見本として Serra Angel / セラの天使 (3)(白)(白) を置く。", "pair"),
    ("これはセラの天使/Serra Angelである。", "pair"),
    ("《セラの天使》を唱える。", "brackets"),
])
def test_mentions_in_text(text: str, form: str) -> None:
    found = list(find_card_mentions(text, small_table()))
    assert [(m.card.english, m.form) for m in found] == [("Serra Angel", form)]


def test_unknown_names_and_rule_numbers_are_no_cards() -> None:
    assert list(find_card_mentions("《知らないカード》と 2/2 と 702.26a/b", small_table())) == []


def test_card_boxes_get_their_japanese_name_and_prose_mentions_are_added() -> None:
    page = parse_wikitext("{{#card:Clone}}\n《セラの天使》の話。\n", "c.wiki", "題")
    link_cards(page, small_table())
    assert [(c.form, c.english, c.japanese, c.line) for c in page.cards] == [
        ("card box", "Clone", "クローン", 1), ("brackets", "Serra Angel", "セラの天使", 2)]


def test_rendered_card_box_name_line_is_a_mention() -> None:
    page = parse_wiki_page("題\n\nSerra Angel / セラの天使 (3)(白)(白)\nクリーチャー — 天使\n4/4\n", "c.txt")
    link_cards(page, small_table())
    assert [(c.english, c.line) for c in page.cards] == [("Serra Angel", 3)]


@pytest.mark.skipif(not CARDS_FILE.is_file(), reason="the card names are not in ../shared")
def test_the_shared_table_reads_whole() -> None:
    names = read_card_names(CARDS_FILE)
    assert len(names) == 28_018
    card = names.lookup("serra angel")
    assert card is not None and card.japanese == "セラの天使" and card.reading == "せらのてんし"
    # A name with a comma is one quoted field.
    assert names.lookup("Éomer, King of Rohan") is not None


def test_a_bad_row_is_refused_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "cards.csv"
    path.write_text('Clone,クローン,くろーん,くろーん\n"A, B",甲\n', encoding="utf-8")
    with pytest.raises(KbError) as err:
        read_card_names(path)
    assert err.value.line == 2 and "columns" in str(err.value)


# -- kb build --cards -------------------------------------------------------------------

CARD_CORPUS = Path(__file__).resolve().parent / "fixtures" / "cards"


@pytest.fixture(scope="module")
def card_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not CARDS_FILE.is_file() or not CR_FILE.is_file():
        pytest.skip("the card names or the CR are not in ../shared")
    out = tmp_path_factory.mktemp("cards") / "out"
    build(BuildOptions(corpus=CARD_CORPUS, cr=[CR_FILE], cards=CARDS_FILE, out=out))
    return out


def test_the_build_indexes_cards_of_pages_and_rules(card_build: Path) -> None:
    data = json.loads((card_build / "kb.json").read_text(encoding="utf-8"))
    cards = {c["english"]: c for c in data["cards"]}
    serra = cards["Serra Angel"]
    assert (serra["japanese"], serra["reading"]) == ("セラの天使", "せらのてんし")
    assert serra["pages"] == [{"page": "天使の項目", "line": 9, "form": "brackets",
                               "section": "解説", "anchor": "解説"}]
    assert "800.4a" in serra["rules"]  # the CR's example names 《セラの天使》
    clone = cards["Clone"]  # a card box knows the English name; the table adds the rest
    assert clone["japanese"] == "クローン" and clone["pages"][0]["form"] == "card box"
    assert "707.2" in clone["rules"]
    assert cards["Glorious Anthem"]["pages"][0]["form"] == "pair"


@pytest.mark.parametrize("query", ["セラの天使", "Serra Angel", "せらのてんし"])
def test_search_finds_a_page_by_either_name_or_the_reading(card_build: Path, query: str) -> None:
    searcher = Searcher.open(card_build)
    try:
        response = searcher.search(query, limit=3)
    finally:
        searcher.close()
    assert response.hits[0].document.page == "天使の項目"


def test_a_card_reading_is_not_cut_into_unrelated_words(card_build: Path) -> None:
    # Sudachi reads くろ in くろーん as 黒; the reading stands for クローン instead.
    searcher = Searcher.open(card_build)
    try:
        response = searcher.search("くろーん", limit=3)
    finally:
        searcher.close()
    assert response.hits[0].document.page == "複製"
    assert all("黒" not in hit.snippet[start:end] for hit in response.hits
               for start, end in hit.highlights)


def test_the_site_has_a_card_index_linked_from_pages(card_build: Path) -> None:
    site = card_build / "site"
    index = (site / "cards.html").read_text(encoding="utf-8")
    assert 'id="c-Serra_Angel"' in index and "せらのてんし" in index
    assert 'href="pages/%E5%A4%A9%E4%BD%BF%E3%81%AE%E9%A0%85%E7%9B%AE.html#%E8%A7%A3%E8%AA%AC"' in index
    assert 'href="rules/800.4a.html"' in index
    page = (site / "pages" / "天使の項目.html").read_text(encoding="utf-8")
    assert 'href="../cards.html#c-Serra_Angel"' in page
    assert 'href="../cards.html">カード索引</a>' in page  # every page's navigation


def test_rule_card_mentions_kept_by_their_texts() -> None:
    """index_cards with the previous build's findings per rule: a rule whose text changed
    is read again (its new card found, its old one gone), the rest taken as found."""
    from kb.build.reuse import Memo
    from kb.cardindex import index_cards
    from kb.graph import build_graph
    from kb.sources.cr import parse_cr

    def graph(example: str) -> object:
        return build_graph([], [parse_cr(
            "マジック：ザ・ギャザリング　総合ルール 20990101.0\n1. ゲームの考え方\n"
            "100. 一般\n100.1. 《セラの天使》は見本である。\n"
            f"100.2. 二つめの決まり。\n例：{example}\n", "small.txt")])

    def cards(example: str, memo: Memo | None) -> dict[str, list[str]]:
        found = graph(example)
        index_cards(found, small_table(), memo)  # type: ignore[arg-type]
        return {key: [str(n) for n in card.rules] for key, card in found.cards.items()}  # type: ignore[attr-defined]

    first = Memo(None, "rule-card-mentions")
    assert cards("《クローン》を出す。", first) == {"Clone": ["100.2"], "Serra Angel": ["100.1"]}
    second = Memo(None, "rule-card-mentions")
    second.previous = dict(first.used)
    assert cards("何も出さない。", second) == cards("何も出さない。", None) == {"Serra Angel": ["100.1"]}
    assert second.hits >= 1  # 100.1 (and the rules without text) came from the memo
