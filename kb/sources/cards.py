"""Card names: the English ↔ Japanese table (``kb build --cards FILE``) and the card
mentions it lets kb recognise in page text.

The table is ``../shared/data/card-names-ja/db_mtg.csv`` (MIT; see its SOURCE.md): no
header, four columns: English name, Japanese name, hiragana reading, reading as
pronounced.  A row with another number of columns, or an empty name, is refused with its
line.  Mentions recognised: ``《セラの天使》``, ``Serra Angel / セラの天使``,
``セラの天使/Serra Angel`` and the wikitext reader's ``{{#card:Serra Angel}}``.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from kb.build.reuse import Memo, digest
from kb.errors import KbError
from kb.model import CardMention, WikiPage
from kb.textio import read_text

_BRACKETS_RE = re.compile(r"《(?P<name>[^《》\n]{1,60})》")
_SLASH_RE = re.compile(r"\s*[/／]\s*")
MAX_NAME_WORDS = 10
MAX_JAPANESE_CHARS = 40


@dataclass(frozen=True)
class CardName:
    english: str
    japanese: str
    reading: str
    """Hiragana reading of the Japanese name: a query in kana finds the card."""
    pronunciation: str
    line: int


def fold(name: str) -> str:
    """Width, case and spacing folded, so ``serra  angel`` finds ``Serra Angel``."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


class CardNames:
    """The table, looked up by either name."""

    def __init__(self, path: str, cards: list[CardName], key: str = ""):
        self.path = path
        self.cards = cards
        self.key = key or digest(*(f"{c.english}\t{c.japanese}\t{c.reading}" for c in cards))
        """A hash of the table, for caches of what was found with it."""
        self.by_english: dict[str, CardName] = {}
        self.by_japanese: dict[str, CardName] = {}
        for card in cards:
            self.by_english.setdefault(fold(card.english), card)
            self.by_japanese.setdefault(fold(card.japanese), card)

    def __len__(self) -> int:
        return len(self.cards)

    def lookup(self, name: str) -> CardName | None:
        key = fold(name)
        return self.by_japanese.get(key) or self.by_english.get(key)


def read_card_names(path: str | Path) -> CardNames:
    text = read_text(path)
    cards = []
    reader = csv.reader(io.StringIO(text))
    previous_end = 0
    for row in reader:
        line = previous_end + 1
        previous_end = reader.line_num
        if not row or not any(cell.strip() for cell in row):
            continue
        if len(row) != 4:
            raise KbError(f"a card-name row has {len(row)} columns; the table has four "
                          "(English, Japanese, reading, pronunciation)", path, line)
        english, japanese, reading, pronunciation = (cell.strip() for cell in row)
        if not english or not japanese:
            raise KbError("a card-name row without an English or Japanese name", path, line)
        cards.append(CardName(english, japanese, reading, pronunciation, line))
    if not cards:
        raise KbError("no card names in the file", path, 1)
    return CardNames(str(path), cards, digest(text))


@dataclass(frozen=True)
class CardMatch:
    card: CardName
    start: int
    end: int
    form: Literal["brackets", "pair"]


def find_card_mentions(text: str, names: CardNames) -> Iterator[CardMatch]:
    """Each card the text names in brackets or as a bilingual pair."""
    for match in _BRACKETS_RE.finditer(text):
        card = names.lookup(match.group("name"))
        if card is not None:
            yield CardMatch(card, match.start(), match.end(), "brackets")
    for slash in _SLASH_RE.finditer(text):
        found = _english_first(text, slash, names) or _japanese_first(text, slash, names)
        if found is not None:
            yield found


def _english_first(text: str, slash: re.Match[str], names: CardNames) -> CardMatch | None:
    """``Serra Angel / セラの天使``: the longest run of words before the slash that is an
    English name whose Japanese name follows it."""
    before = text[max(0, slash.start() - 200):slash.start()]
    words = before.split(" ")[-MAX_NAME_WORDS:]
    for count in range(len(words), 0, -1):
        candidate = " ".join(words[-count:]).strip()
        card = names.by_english.get(fold(candidate)) if candidate else None
        if card is not None and text.startswith(card.japanese, slash.end()):
            return CardMatch(card, slash.start() - len(candidate), slash.end() + len(card.japanese), "pair")
    return None


def _japanese_first(text: str, slash: re.Match[str], names: CardNames) -> CardMatch | None:
    """``セラの天使/Serra Angel``: the longest tail before the slash that is a Japanese name
    whose English name follows it."""
    start = max(0, slash.start() - MAX_JAPANESE_CHARS)
    for begin in range(start, slash.start()):
        card = names.by_japanese.get(fold(text[begin:slash.start()]))
        if card is not None and fold(text[slash.end():slash.end() + len(card.english)]) == fold(card.english):
            return CardMatch(card, begin, slash.end() + len(card.english), "pair")
    return None


def link_cards(page: WikiPage, names: CardNames, memo: Memo | None = None) -> None:
    """Name the cards of ``page``: ``{{#card:…}}`` boxes get their other name, and every
    mention in the page's text is added.  With ``memo``, the mentions of a page whose
    texts were searched before with the same table are taken from the previous build
    (by text, not line: an edit above a page in its file moves its lines alone)."""
    resolved = []
    for mention in page.cards:
        card = names.lookup(mention.name)
        resolved.append(mention if card is None else CardMention(
            mention.name, mention.line, mention.form, card.english, card.japanese, card.reading or None))
    page.cards = resolved
    texts = [(block.text, block.line) for block in page.prose()]
    texts += [(s.title, s.line) for s in page.sections]
    key = digest(names.key, *(text for text, _ in texts)) if memo is not None else ""
    found = memo.get(key) if memo is not None else None
    if not isinstance(found, list):
        found = [[at, text[match.start:match.end], match.form, match.card.english,
                  match.card.japanese, match.card.reading or None]
                 for at, (text, _) in enumerate(texts) for match in find_card_mentions(text, names)]
        if memo is not None:
            memo.put(key, found)
    for at, name, form, english, japanese, reading in found:
        page.cards.append(CardMention(name, texts[at][1], form, english, japanese, reading))


def card_names_in(page: WikiPage, text: str) -> list[str]:
    """Every name and the reading of each card ``text`` mentions, as the page recorded
    them (``kb build --cards``): a query by the other name or in hiragana finds it."""
    names: list[str] = []
    for card in page.cards:
        if card.name and card.name in text:
            names.extend(n for n in (card.japanese, card.english, card.reading) if n and n not in names)
    return names
