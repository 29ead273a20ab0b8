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
  content word becomes a clause every result must satisfy; function-like words (する,
  その) only help ranking.

Nothing a user types can make this raise: control characters are dropped, the query is
cut to :data:`MAX_QUERY_CHARS`, and no query syntax is interpreted.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from kb.normalize import fold
from kb.rulenum import RuleNumber, find_numbers_loose, find_references
from kb.search.analyzer import Analysis, Word

MAX_QUERY_CHARS = 256
"""Longer input is cut: a query is a few words, not a document."""
MAX_ENGLISH_WORDS = 6
"""The longest English name looked up (Teferi's Protection, Wrath of God)."""

_ENGLISH_RUN_RE = re.compile(r"(?<![a-z0-9])[a-z][a-z0-9'’\-]*(?: [a-z][a-z0-9'’\-]*)*")


@dataclass
class Clause:
    """One thing the query asks for: a word, or a name with its Japanese equivalents."""

    typed: str
    alternatives: list[list[Word]]
    """The clause matches when every word of one alternative matches."""
    required: bool = True
    typed_words: list[Word] = field(default_factory=list)
    """The words as typed (an English name or a reading itself, not what it stands for):
    only these can make the query a page's exact title."""


@dataclass
class ParsedQuery:
    text: str
    """The query as used (control characters removed, length capped)."""
    numbers: list[RuleNumber] = field(default_factory=list)
    clauses: list[Clause] = field(default_factory=list)
    english: list[tuple[str, list[str]]] = field(default_factory=list)
    """English names recognised, with the Japanese names searched for them."""
    truncated: bool = False

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
                readings: Mapping[str, Sequence[str]] | None = None) -> ParsedQuery:
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
    _read_text(" ".join(fold(piece) for piece in rest.split()), analysis, english, parsed,
               readings or {})
    return parsed


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
        parsed.clauses.append(Clause(word.surface, [[word]], required=word.role == "content", typed_words=[word]))


def _content(words: list[Word]) -> list[Word]:
    """The words of an alternative that must match (all of them if none is content)."""
    content = [w for w in words if w.role == "content"]
    return content or words
