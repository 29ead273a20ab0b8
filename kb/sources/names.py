"""``日本語名/English Name`` pairs in running text: card names and terms.

The rendered wiki text has lost its link markup, so the Japanese side is found by walking
back from the slash over Japanese characters until punctuation, a space, Latin text or the
start of the line.  A particle glued to a preceding English name (``…Armsや仕組まれた疫病``)
is trimmed.  Long clauses can still slip in (``…に強いヴェズーヴァの多相の戦士``); the
English side is exact.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

# The English side: words of Latin letters, digits and name punctuation, single spaces.
_ENGLISH = r"[A-Za-z][A-Za-z0-9'’\-]*(?:[ ,][ ]?[A-Za-z0-9][A-Za-z0-9'’\-]*)*(?:\.\.\.)?"
_SLASH_RE = re.compile(r"[/／](?P<en>" + _ENGLISH + r")")

_JAPANESE_CHAR = re.compile(r"[\u3041-\u3096\u30a1-\u30fa\u30fc\u30fb\u4e00-\u9fff\u3005\u3006ー・]")
_PARTICLES = set("やとのはがをにでもへ")
_READING_RE = re.compile(r"（[\u3041-\u3096ー・]+）$")
MAX_READING = 40
"""Longest kana reading looked for before a slash; the search looks no further back, so a
long line with many slashes stays linear."""
# Where a sentence hands over to a name: "…変異持ちは賛美されし天使", "…混乱では熱狂の…".
# The name is what follows the last such marker (cut only when two characters remain).
_CLAUSE_MARKERS = ("のことを", "である", "として", "という", "では", "には", "ので",
                   "は", "が", "を", "や", "で")


_ENGLISH_TAIL_RE = re.compile(r"\s*(\(\d+\)|\.\.\.|…)$")


def english_name(english: str) -> str:
    """The English name itself: without the glossary's numbering of homonyms
    (``Commander(2)``) or a trailing ellipsis (``Hans Eriksson...``)."""
    return _ENGLISH_TAIL_RE.sub("", english).strip()


@dataclass(frozen=True)
class NameMatch:
    japanese: str
    english: str
    start: int
    end: int


def find_name_pairs(text: str) -> Iterator[NameMatch]:
    """Yield each ``日本語/English`` pair in ``text``."""
    for match in _SLASH_RE.finditer(text):
        slash = match.start()
        reading = _READING_RE.search(text, max(0, slash - MAX_READING - 2), slash)
        name_end = reading.start() if reading else slash
        start = name_end
        while start > 0 and _JAPANESE_CHAR.match(text[start - 1]):
            start -= 1
        start = _after_last_clause_marker(text, start, name_end)
        japanese = text[start:name_end]
        # A particle right after a Latin word belongs to the sentence, not to the name.
        if start > 0 and text[start - 1].isascii() and text[start - 1].isalnum():
            while japanese and japanese[0] in _PARTICLES:
                japanese = japanese[1:]
                start += 1
        japanese = japanese.strip("・")
        english = match.group("en").rstrip(" ,")
        if not japanese or not _has_kana_or_kanji(japanese):
            continue
        yield NameMatch(japanese, english, start, match.start("en") + len(english))


def _after_last_clause_marker(text: str, start: int, end: int) -> int:
    for pos in range(end - 2, start, -1):
        for marker in _CLAUSE_MARKERS:
            if text.startswith(marker, pos - len(marker)) and pos - len(marker) >= start:
                return pos
    return start


def _has_kana_or_kanji(text: str) -> bool:
    return any("\u3041" <= ch <= "\u30fa" or "\u4e00" <= ch <= "\u9fff" for ch in text)
