"""Query understanding: what a typed query asks for, before any index is touched.

- Rule numbers anywhere in the query (``702.26d``, ``７０２．２６ｄ``, ``CR 613.7``,
  ``rule 611.2b``, ``702.26d.``) are found by the one grammar
  (:func:`kb.rulenum.find_numbers_loose`) and answered first.
- English names map to Japanese through the bilingual table of the build (phasing →
  フェイジング, Glorious Anthem → 栄光の頌歌), longest name first; the English words
  stay as an alternative.  A piece typed in kana that is the reading of a card the build
  names (せらのてんし) stands for that card's Japanese name.
- The rest is analysed like the documents (Sudachi with the MTG user dictionary), one
  whitespace-separated piece at a time: a space the user typed separates words.  Each
  content word becomes a clause results are ranked by covering; function-like words
  (する, その) and the frame of a question (どう, とき, 何回: :mod:`kb.search.questions`)
  are optional and only help ranking.

Nothing a user types can make this raise: control characters are dropped, the query is
cut to :data:`MAX_QUERY_CHARS`, and no query syntax is interpreted.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kb.normalize import fold
from kb.rulenum import RuleNumber, find_numbers_loose, find_references
from kb.search.analyzer import Analysis, Word
from kb.search.questions import definition_asked, how_many_counter, is_optional_content

if TYPE_CHECKING:
    from kb.search.tables import QueryTables

MAX_QUERY_CHARS = 256
"""Longer input is cut: a query is a few words, not a document."""
MAX_ALIAS_WORDS = 4
"""The longest run of query words looked up as one alias (counter target spell)."""
MAX_ENGLISH_WORDS = 6
"""The longest English name looked up (Teferi's Protection, Wrath of God)."""

COMPOUND_UNITS_WEIGHT = 0.3
"""A query compound's units count this much of the compound itself where a document
has them apart (構築 of 構築戦): documents hold their compounds' units too."""

_ENGLISH_RUN_RE = re.compile(r"(?<![a-z0-9])[a-z][a-z0-9'’\-]*(?: [a-z][a-z0-9'’\-]*)*")


@dataclass
class Clause:
    """One thing the query asks for: a word, or a name with its Japanese equivalents."""

    typed: str
    alternatives: list[list[Word]]
    """The clause matches when every word of one alternative matches."""
    required: bool = True
    weights: list[float] = field(default_factory=list)
    """Per alternative, how much a match on it counts (1.0 when not given): an alias
    (:meth:`kb.search.tables.QueryTables.aliases_of`) weighs less than the literal."""
    units_alternative: int = -1
    """The alternative made of a compound's units (:func:`_compound_units`), if any."""
    typed_words: list[Word] = field(default_factory=list)
    """The words as typed (an English name or a reading itself, not what it stands for):
    only these can make the query a page's exact title."""
    fallbacks: frozenset[int] = frozenset()
    """Alternatives that count only in a document no other alternative matches: a word's
    kind (:mod:`kb.search.hypernyms`: 墓地 → 領域) stands in for the word where a document
    lacks it, but adds nothing where the document has the word."""

    def weight(self, index: int) -> float:
        return self.weights[index] if index < len(self.weights) else 1.0


@dataclass
class ParsedQuery:
    text: str
    """The query as used (control characters removed, length capped)."""
    numbers: list[RuleNumber] = field(default_factory=list)
    clauses: list[Clause] = field(default_factory=list)
    english: list[tuple[str, list[str]]] = field(default_factory=list)
    """English names recognised, with the Japanese names searched for them."""
    truncated: bool = False
    definition: bool = False
    """The query asks what a term is (「呪禁とは」): its definition first."""
    question: bool = False
    """The query is a question (a question mark, or a question's frame: どう, とき, 何回):
    the concept it names is asked about as a whole, not a refinement of it."""

    @property
    def required(self) -> list[Clause]:
        return [c for c in self.clauses if c.required]

    @property
    def optional(self) -> list[Clause]:
        return [c for c in self.clauses if not c.required]

    def words(self) -> list[Word]:
        """Every word the query looks for (all alternatives): what a snippet highlights."""
        return [w for c in self.clauses for alternative in c.alternatives for w in alternative]


def clean(text: str) -> tuple[str, bool]:
    """Drop control and format characters, cap the length."""
    kept = "".join(" " if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") else ch
                   for ch in text[: MAX_QUERY_CHARS * 4])
    truncated = len(kept) > MAX_QUERY_CHARS or len(text) > MAX_QUERY_CHARS * 4
    return kept[:MAX_QUERY_CHARS], truncated


def parse_query(text: str, analysis: Analysis, english: Mapping[str, Sequence[str]],
                tables: QueryTables | None = None) -> ParsedQuery:
    cleaned, truncated = clean(text)
    parsed = ParsedQuery(cleaned, truncated=truncated)
    spans = []
    for start, end, number in find_numbers_loose(cleaned):
        if number not in parsed.numbers:
            parsed.numbers.append(number)
        spans.append((start, end))
    # The whole reference goes, with its "CR"/"rule" prefix and 参照.
    spans.extend((ref.start, ref.end) for ref in find_references(cleaned))
    rest = "".join(" " if any(s <= i < e for s, e in spans) else ch
                   for i, ch in enumerate(cleaned))
    rest, parsed.definition = definition_asked(" ".join(fold(piece) for piece in rest.split()))
    _read_text(rest, analysis, english, parsed, tables.readings if tables is not None else {})
    if tables is not None and tables.aliases:
        parsed.clauses = with_aliases(parsed.clauses, analysis, tables)
    # The site's port reads a word's role from its dictionary (role 3: optional content).
    parsed.question = "?" in rest or any(
        w.role == "content" and is_optional_content(w.text, w.pos)
        for c in parsed.clauses if not c.required for w in c.typed_words)
    return parsed


def with_aliases(clauses: list[Clause], analysis: Analysis, tables: QueryTables) -> list[Clause]:
    """Each run of up to :data:`MAX_ALIAS_WORDS` neighbouring clauses whose text is an alias
    (longest first: デッキ切れ before デッキ) becomes one clause that the literal words or
    any of the alias's terms satisfy, the terms at the alias's weight."""
    out: list[Clause] = []
    i = 0
    while i < len(clauses):
        for length in range(min(MAX_ALIAS_WORDS, len(clauses) - i), 0, -1):
            group = clauses[i:i + length]
            # The frame of a question is not expanded: こと+なる is no 異なる, どこ no いずこ.
            found = _aliases(group, tables) if any(c.required for c in group) else []
            if found:
                out.append(_aliased(group, found, analysis))
                i += length
                break
        else:
            out.append(clauses[i])
            i += 1
    return out


def _aliases(group: list[Clause], tables: QueryTables) -> list[tuple[str, float]]:
    """The aliases of the clauses as typed, or else of their dictionary forms: an
    inflected verb (負け of 負けた, 使わ of 使わなかった) has those of its lemma."""
    found = tables.aliases_of(_joined(group))
    if not found:
        lemma = fold("".join(w.text for c in group for w in c.typed_words))
        if lemma and lemma != _joined(group):
            found = tables.aliases_of(lemma)
    return found


def _joined(group: list[Clause]) -> str:
    """The clauses' text as one query string: English words with spaces, Japanese without."""
    text = group[0].typed
    for clause in group[1:]:
        ascii_join = text[-1:].isascii() and clause.typed[:1].isascii()
        text += (" " if ascii_join else "") + clause.typed
    return fold(text)


def _aliased(group: list[Clause], found: list[tuple[str, float]], analysis: Analysis) -> Clause:
    if len(group) == 1:
        literal = group[0]
        alternatives, weights = list(literal.alternatives), [literal.weight(i) for i in range(len(literal.alternatives))]
    else:
        alternatives = [[w for c in group for w in c.alternatives[0]]]
        weights = [1.0]
    for term, weight in found:
        words = _content(analysis.kept(term))
        if words and [w.text for w in words] not in [[w.text for w in a] for a in alternatives]:
            alternatives.append(words)
            weights.append(weight)
    return Clause(_joined(group), alternatives, any(c.required for c in group), weights,
                  typed_words=[w for c in group for w in c.typed_words])


def _read_text(text: str, analysis: Analysis, english: Mapping[str, Sequence[str]],
               parsed: ParsedQuery, readings: Mapping[str, Sequence[str]]) -> None:
    """English names (longest first, across spaces) become name clauses; the rest is
    analysed as Japanese one whitespace-separated piece at a time."""
    position = 0
    for match in _ENGLISH_RUN_RE.finditer(text):
        words = match.group(0).split(" ")
        offsets = [match.start() + sum(len(w) + 1 for w in words[:i]) for i in range(len(words))]
        i = 0
        while i < len(words):
            for length in range(min(MAX_ENGLISH_WORDS, len(words) - i), 0, -1):
                typed = " ".join(words[i:i + length])
                names = _english_names(typed, english)
                if names:
                    _add_pieces(text[position:offsets[i]], analysis, parsed, readings)
                    _add_name(typed, names, analysis, parsed)
                    position = offsets[i] + len(typed)
                    i += length
                    break
            else:
                i += 1
    _add_pieces(text[position:], analysis, parsed, readings)


def _add_pieces(text: str, analysis: Analysis, parsed: ParsedQuery,
                readings: Mapping[str, Sequence[str]]) -> None:
    """A space the user typed separates words: analyse each piece on its own.  A piece
    that is a card's reading (せらのてんし) stands for the card's name: Sudachi would cut
    kana into unrelated words (くろーん → 黒)."""
    for piece in text.split():
        names = readings.get(piece)
        if names:
            _add_name(piece, names, analysis, parsed, typed_too=False)
        else:
            _add_words(piece, analysis, parsed)


def _add_name(typed: str, names: Sequence[str], analysis: Analysis, parsed: ParsedQuery,
              typed_too: bool = True) -> None:
    """A clause that any of the Japanese names, or (``typed_too``) the words as typed,
    satisfies."""
    alternatives = [_content(analysis.kept(name)) for name in [*names, *([typed] if typed_too else [])]]
    alternatives = [a for a in alternatives if a]
    if alternatives:
        parsed.clauses.append(Clause(typed, alternatives, typed_words=analysis.kept(typed)))
        parsed.english.append((typed, list(names)))


def _english_names(typed: str, english: Mapping[str, Sequence[str]]) -> Sequence[str]:
    """Names for ``typed``; a plural ``s`` may be dropped (timestamps → timestamp)."""
    found = english.get(typed)
    if not found and typed.endswith("s") and len(typed) > 3:
        found = english.get(typed[:-1])
    return found or ()


def _add_words(text: str, analysis: Analysis, parsed: ParsedQuery) -> None:
    if not text.strip():
        return
    for word in analysis.kept(text):
        required = word.role == "content" and not is_optional_content(word.text, word.pos)
        alternatives, weights = [[word]], [1.0]
        units = _compound_units(word) if required else []
        if units:
            alternatives.append(units)
            weights.append(COMPOUND_UNITS_WEIGHT)
        counter = how_many_counter(word.text, word.units) if not required else None
        if counter is not None:
            # 何枚 is also met by its counter: the answer says 「100枚」.
            part = word.parts[1]
            alternatives.append([word._replace(text=counter, surface=counter, start=part.start,
                                               end=part.end, parts=())])
            weights.append(1.0)
        parsed.clauses.append(Clause(word.surface, alternatives, required=required, weights=weights,
                                     units_alternative=1 if units else -1, typed_words=[word]))


def _compound_units(word: Word) -> list[Word]:
    """A compound's mode-A units of two characters or more, as words that must all match
    (構築戦 → 構築: a rule writes 構築 デッキ, 構築環境); none for a word of one unit.  The
    searcher uses them only for a compound few documents hold
    (:data:`kb.search.searcher.UNITS_FALLBACK_BELOW`); single characters (戦, 者) would match
    nearly everything."""
    kept = [p for p in word.parts if len(p.text) >= 2]
    if len(word.parts) < 2 or not kept:
        return []
    return [word._replace(text=p.text, surface=p.text, start=p.start, end=p.end, parts=()) for p in kept]


def _content(words: list[Word]) -> list[Word]:
    """The words of an alternative that must match (all of them if none is content)."""
    content = [w for w in words if w.role == "content"]
    return content or words
