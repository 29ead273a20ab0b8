"""The card index of a graph: every card a page or a rule names, with where.

Pages name cards in card boxes (``{{#card:Name}}``, ``{{カードテキスト|…}}``) and, once the
card-name table is given (``kb build --cards FILE``), in text: ``《セラの天使》``,
``Serra Angel / セラの天使`` (:func:`kb.sources.cards.link_cards` finds them while
reading).  Rules name cards in their examples, ``《…》``; those are found here, with the
table, in every version's text and examples.
"""

from __future__ import annotations

import bisect

from kb.build.reuse import Memo, digest
from kb.graph import CardEntry, CardPageLink, RuleGraph
from kb.model import WikiPage
from kb.sources.cards import CardNames, find_card_mentions


def index_cards(graph: RuleGraph, names: CardNames | None, memo: Memo | None = None) -> None:
    """Fill ``graph.cards`` (sorted by key) from the pages' mentions and the rules' text.
    ``memo`` keeps the cards each rule's texts name, by those texts and the table."""
    cards: dict[str, CardEntry] = {}

    def entry(english: str | None, japanese: str | None, reading: str | None) -> CardEntry:
        key = english or japanese or ""
        found = cards.get(key)
        if found is None:
            found = cards[key] = CardEntry(english, japanese, reading)
        else:  # a card box knows only its English name; a later mention may know more
            found.japanese = found.japanese or japanese
            found.reading = found.reading or reading
        return found

    for title in sorted(graph.pages):
        page = graph.pages[title]
        named: set[str] = set()
        for mention in sorted(page.cards, key=lambda m: m.line):
            if not (mention.english or mention.japanese):
                continue
            card = entry(mention.english, mention.japanese, mention.reading)
            if card.key in named:
                continue  # one link per page: its first mention
            named.add(card.key)
            section, anchor = _section_at(page, mention.line)
            card.pages.append(CardPageLink(title, mention.line, mention.form, section, anchor))
    if names is not None:
        for node in graph:
            holders = [holder for text in node.texts
                       for holder in [text.text, *(e.text for e in text.examples)]]
            key = digest(names.key, *holders) if memo is not None else ""
            found = memo.get(key) if memo is not None else None
            if not isinstance(found, list):
                found = [[match.card.english, match.card.japanese, match.card.reading or None]
                         for holder in holders for match in find_card_mentions(holder, names)]
                if memo is not None:
                    memo.put(key, found)
            for english, japanese, reading in found:
                card = entry(english, japanese, reading)
                if node.number not in card.rules:
                    card.rules.append(node.number)
    graph.cards = {key: cards[key] for key in sorted(cards)}


def _section_at(page: WikiPage, line: int) -> tuple[str | None, str | None]:
    """The section holding ``line`` (title and anchor), or None for the lead."""
    starts = [s.line for s in page.sections]
    index = bisect.bisect_right(starts, line) - 1
    if index < 0:
        return None, None
    section = page.sections[index]
    return section.title, section.anchor
