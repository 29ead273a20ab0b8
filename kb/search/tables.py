"""What a query reader needs besides Sudachi: spelling variants and English names.

:func:`query_tables` computes, from the graph, the two tables the CLI uses and the site's
browser search (which cannot run Sudachi) loads from ``_build/search/query_tables.json``::

    {
      "schema": "kb-query-tables/1",
      "variants": {"オモテ": "表", "オモテ向き": "表向き"},  # folded variant -> canonical
      "english": {"phasing": ["フェイジング"],       # folded English -> Japanese names
                  "glorious anthem": ["栄光の頌歌"]}
    }

To read a query the way ``kb search`` does: ``kb.normalize.fold`` it, replace English
names found in ``english`` (longest first, on word boundaries) by their Japanese, then
apply ``kb.normalize.apply_variants(folded, variants)``; index text gets ``fold`` and
``apply_variants`` too.  Variants are derived in :mod:`kb.search.terms` (a spelling whose
parts join into a system-dictionary word with the same reading), never listed by hand.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kb.normalize import fold, fold_joined, katakana_skeleton

if TYPE_CHECKING:  # the site reads QueryTables without Sudachi or Whoosh, a query without the graph
    from kb.build.reuse import Memo
    from kb.graph import RuleGraph
    from kb.search.analyzer import Analysis
    from kb.search.terms import TermEntry

SCHEMA = "kb-query-tables/1"
MAX_JAPANESE_CHARS = 24
"""Longer "names" are sentence fragments the pair finder caught, not names."""

_KATAKANA_WORD_RE = re.compile(r"[\u30a1-\u30fa\u30fc]{2,}")
_KANJI_RE = re.compile(r"[\u4e00-\u9fff]")
_KATAKANA_ONLY_RE = re.compile(r"[\u30a1-\u30fa\u30fc]{3,}")


@dataclass
class Vocabulary:
    """What the user dictionary is made from: the candidates and the entries kept."""

    candidates: dict[str, set[str]]
    entries: list[TermEntry]


def vocabulary(graph: RuleGraph, analysis: Analysis | None = None,
               memo: Memo | None = None) -> Vocabulary:
    """The user dictionary's entries for ``graph`` (system-dictionary analysis); ``memo``
    keeps each text's noun compounds for the next build."""
    from kb.search.analyzer import Analysis
    from kb.search.terms import candidates as term_candidates
    from kb.search.terms import derive_entries

    analysis = analysis or Analysis()
    found = term_candidates(graph, analysis, memo)
    return Vocabulary(found, derive_entries(found, analysis, glossary_readings(graph)))


def glossary_readings(graph: RuleGraph) -> dict[str, str]:
    """Folded glossary headword -> katakana reading, where the entry names one word."""
    from kb.search.terms import glossary_headwords, hiragana_reading

    readings: dict[str, str] = {}
    for term in graph.glossary.values():
        pieces = glossary_headwords(term.entry.headword)
        if len(pieces) == 1 and term.entry.reading and "、" not in term.entry.reading:
            readings[fold(pieces[0])] = hiragana_reading(term.entry.reading)
    return readings


@dataclass
class VariantSpellings:
    """What the variant table is made of, before the corpus is consulted."""

    added: dict[str, str]
    """The variants the user dictionary adds (オモテ向き → 表向き): always in the table."""
    kanji: dict[str, list[str]]
    """Katakana words of the vocabulary that the system dictionary writes in kanji
    (オモテ → 表), each with its kanji spellings in the order met: the first that occurs
    in the corpus goes in the table."""


def variant_spellings(entries: list[TermEntry], found: Iterable[str], analysis: Analysis) -> VariantSpellings:
    """The variant table's candidates, read off Sudachi and the knowledge base's terms.

    Both kinds are what Sudachi unifies on the CLI side without any table.  The second
    kind is kept apart because it depends on the corpus text (see :func:`variant_table`),
    which an edit to any page changes, while these candidates rarely do."""
    added = {e.surface: e.variant_of for e in entries if e.variant_of}
    kanji: dict[str, list[str]] = {}
    for term in found:
        for word in analysis.words(term):
            if (_KATAKANA_WORD_RE.fullmatch(word.surface) and _KANJI_RE.search(word.text)
                    and not word.oov):
                spelled = kanji.setdefault(fold(word.surface), [])
                if word.text not in spelled:
                    spelled.append(word.text)
    return VariantSpellings(added, kanji)


def folded_corpus(groups: Iterable[list[str]], memo: Memo | None = None) -> str:
    """``fold("\\n".join(texts))`` of every text of ``groups`` (:func:`kb.search.terms.kb_text_groups`),
    folded a group at a time: ``memo`` keeps each group's folded text by the hash of its
    texts, so a rebuild folds only the groups that changed (folding the whole knowledge
    base again was a tenth of a 3,000-page rebuild with nothing changed)."""
    from kb.build.reuse import digest

    def folded(group: list[str]) -> str:
        key = digest(*group)
        found = memo.get(key) if memo is not None else None
        if not isinstance(found, str):
            found = fold("\n".join(group))
            if memo is not None:
                memo.put(key, found)
        return found

    return fold_joined(folded(group) for group in groups)


def variant_table(spellings: VariantSpellings, corpus_text: str) -> dict[str, str]:
    """Folded spelling → canonical, for a reader without Sudachi.

    The user dictionary's variants, and each katakana word whose kanji spelling occurs
    in ``corpus_text`` (folded): a creature type ネズミ gains nothing from 鼠, and a name
    like ドビン must not become 土瓶."""
    table = dict(spellings.added)
    for surface, spelled in spellings.kanji.items():
        present = [kanji for kanji in spelled if kanji in corpus_text]
        if present:
            table.setdefault(surface, present[0])
    return {key: table[key] for key in sorted(table)}


def english_pairs(graph: RuleGraph) -> list[tuple[str, str]]:
    """(Japanese, English) name pairs: the corpus's, those in keyword titles, and the
    cards the knowledge base names (both names known from the card-name table)."""
    from kb.sources.names import find_name_pairs  # the build's: a query does not pay for it

    pairs: list[tuple[str, str]] = [(ja, en) for ja, en in graph.names]
    pairs.extend((card.japanese, card.english) for card in graph.cards.values()
                 if card.japanese and card.english)
    for node in graph:
        for title in node.titles[:1]:
            pairs.extend((p.japanese, p.english) for p in find_name_pairs(title.text))
    return pairs


def english_table_of(pairs: list[tuple[str, str]], analysis: Analysis) -> dict[str, list[str]]:
    """The English table from name pairs.  A pair whose Japanese side has no noun
    (である/is) is not a name."""
    from kb.sources.names import english_name

    table: dict[str, list[str]] = {}
    noun_cache: dict[str, bool] = {}
    for japanese, english in pairs:
        key = fold(english_name(english))
        japanese = japanese.strip()
        if not key or not japanese or len(japanese) > MAX_JAPANESE_CHARS:
            continue
        if japanese not in noun_cache:
            noun_cache[japanese] = any(w.pos[0] == "名詞" for w in analysis.words(japanese))
        if not noun_cache[japanese]:
            continue
        names = table.setdefault(key, [])
        if japanese not in names:
            names.append(japanese)
    return dict(sorted(table.items()))


@dataclass
class QueryTables:
    variants: dict[str, str] = field(default_factory=dict)
    """Folded variant → canonical (``kb.normalize.apply_variants`` applies it)."""
    english: dict[str, list[str]] = field(default_factory=dict)
    """Folded English name → Japanese names."""
    aliases: dict[str, list[tuple[str, float]]] = field(default_factory=dict)
    """Folded alias (for a katakana spelling, its skeleton) → (term, weight), heaviest
    first: the rows of ``search/aliases.tsv`` (:mod:`kb.search.aliases`) by alias."""
    readings: dict[str, list[str]] = field(default_factory=dict)
    """Folded hiragana reading → Japanese names (the cards the knowledge base names, as
    the card-name table reads them): Sudachi cannot read a name typed in kana."""

    def to_json(self) -> dict[str, Any]:
        return {"schema": SCHEMA, "variants": self.variants, "english": self.english,
                "aliases": {alias: [[term, weight] for term, weight in found]
                            for alias, found in self.aliases.items()},
                "readings": self.readings}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> QueryTables:
        """The tables as the build wrote them (``search/query_tables.json``)."""
        aliases = {alias: [(term, float(weight)) for term, weight in found]
                   for alias, found in (data.get("aliases") or {}).items()}
        return cls(dict(data.get("variants") or {}), dict(data.get("english") or {}), aliases,
                   dict(data.get("readings") or {}))

    @classmethod
    def read(cls, folder: Path) -> QueryTables:
        """``query_tables.json`` of a build's ``search/`` folder (the alias table in it is
        ``aliases.tsv``'s, by alias: quicker to load than the rows)."""
        from kb.search.layout import TABLES_FILE

        return cls.from_json(json.loads((folder / TABLES_FILE).read_text(encoding="utf-8")))

    def aliases_of(self, text: str) -> list[tuple[str, float]]:
        """What ``text`` (folded) may mean besides itself: its aliases, or for a katakana
        word the knowledge base's spellings with the same skeleton."""
        found = self.aliases.get(text)
        if found is None and _KATAKANA_ONLY_RE.fullmatch(text):
            found = self.aliases.get(katakana_skeleton(text))
        return [(term, weight) for term, weight in found or () if term != text]

    def folded(self) -> QueryTables:
        """Every key and name folded (``kb.normalize.fold``), as the site's browser search
        applies them to folded text: フェイズ・アウト becomes フェイズアウト."""
        return QueryTables({fold(k): fold(v) for k, v in self.variants.items()},
                           {fold(k): [fold(x) for x in v] for k, v in self.english.items()},
                           self.aliases,
                           {fold(k): [fold(x) for x in v] for k, v in self.readings.items()})


def alias_lookup(rows: Iterable[tuple[str, str, float]]) -> dict[str, list[tuple[str, float]]]:
    """Alias → (term, weight), heaviest first (then as listed)."""
    table: dict[str, list[tuple[str, float]]] = {}
    for alias, term, weight in rows:
        table.setdefault(alias, []).append((term, weight))
    for found in table.values():
        found.sort(key=lambda pair: -pair[1])
    return table


def reading_table(graph: RuleGraph) -> dict[str, list[str]]:
    """Folded reading → the Japanese names of the graph's cards read so."""
    table: dict[str, list[str]] = {}
    for card in graph.cards.values():
        if card.reading and card.japanese:
            names = table.setdefault(fold(card.reading), [])
            if card.japanese not in names:
                names.append(card.japanese)
    return dict(sorted(table.items()))


def query_tables(graph: RuleGraph, words: Vocabulary | None = None) -> QueryTables:
    """The tables for ``graph``; pass ``words`` when the vocabulary is already derived."""
    from kb.search.analyzer import Analysis
    from kb.search.terms import kb_texts

    analysis = Analysis()
    words = words or vocabulary(graph, analysis)
    corpus_text = fold("\n".join(kb_texts(graph)))
    return tables_for(words.entries, words.candidates, analysis, corpus_text, english_pairs(graph),
                      reading_table(graph))


def tables_for(entries: list[TermEntry], found: Iterable[str], analysis: Analysis,
               corpus_text: str, pairs: list[tuple[str, str]],
               readings: dict[str, list[str]] | None = None) -> QueryTables:
    """The tables from what :func:`query_tables` derives them from."""
    return QueryTables(variant_table(variant_spellings(entries, found, analysis), corpus_text),
                       english_table_of(pairs, analysis), readings=readings or {})
