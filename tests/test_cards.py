"""Card names: the English ↔ Japanese table and the mentions it makes recognisable."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.errors import KbError
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
