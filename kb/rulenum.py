"""The one grammar for rule numbers and for references to them.

Every part of kb that reads or writes a rule number calls this module: the CR and wiki
readers, the graph, the search query parser and the site's link plugin.

Numbers come in four levels: section ``7``, chapter ``702``, rule ``702.26`` (the CR body
writes ``702.26.``) and subrule ``702.26a``.  Subrule letters skip ``l`` and ``o``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import IntEnum
from typing import cast

SUBRULE_LETTERS = "abcdefghijkmnpqrstuvwxyz"
"""Subrule letters in order: the CR skips l and o (they look like 1 and 0)."""

_LETTER_INDEX = {letter: i for i, letter in enumerate(SUBRULE_LETTERS)}

MAX_RANGE = 60
"""Longest range expanded; anything longer is a misreading, not a reference."""


class Level(IntEnum):
    SECTION = 0
    CHAPTER = 1
    RULE = 2
    SUBRULE = 3


class RuleNumberError(ValueError):
    """Text that is not a rule number."""


@dataclass(frozen=True)
class RuleNumber:
    """A rule number at any level: ``7``, ``702``, ``702.26`` or ``702.26a``."""

    section: int
    """0-9."""
    chapter: int | None = None
    """100-999; its first digit is the section."""
    rule: int | None = None
    """The number after the dot."""
    letter: str | None = None
    """The subrule letter, one of :data:`SUBRULE_LETTERS`."""

    def __post_init__(self) -> None:
        if not 0 <= self.section <= 9:
            raise RuleNumberError(f"section must be 0-9, not {self.section}")
        if self.chapter is not None and not (
            100 <= self.chapter <= 999 and self.chapter // 100 == self.section
        ):
            raise RuleNumberError(f"chapter {self.chapter} does not belong to section {self.section}")
        if self.rule is not None and (self.chapter is None or self.rule < 0):
            raise RuleNumberError("a rule needs a chapter")
        if self.letter is not None:
            if self.rule is None:
                raise RuleNumberError("a subrule needs a rule")
            if self.letter not in _LETTER_INDEX:
                raise RuleNumberError(f"subrule letter {self.letter!r} is not used (no l, no o)")
        # Numbers are dictionary keys and sorted everywhere (graph, export, site): the
        # key and hash are made once.  Ints only, so the hash is the same in every process.
        key = (
            self.section,
            -1 if self.chapter is None else self.chapter,
            -1 if self.rule is None else self.rule,
            -1 if self.letter is None else _LETTER_INDEX[self.letter],
        )
        self.__dict__["_sort_key"] = key
        self.__dict__["_hash"] = hash(key)

    def __hash__(self) -> int:
        return cast(int, self.__dict__["_hash"])

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not RuleNumber:
            return NotImplemented
        return cast(bool, self.__dict__["_sort_key"] == other.__dict__["_sort_key"])

    # -- construction -------------------------------------------------------------------

    @classmethod
    def parse(cls, text: str) -> RuleNumber:
        """Parse one rule number, tolerating how people write it.

        Accepts full-width digits (``７０２．２６ａ``), a trailing period (``702.26.``),
        and a ``CR``/``rule`` prefix (``CR:702.26``, ``CR702.26``, ``rule 702.26``).
        """
        folded = fold_width(text).strip()
        match = _PARSE_RE.fullmatch(folded)
        if match is None:
            raise RuleNumberError(f"not a rule number: {text!r}")
        head = match.group("head")
        dotted = match.group("rule")
        letter = match.group("letter")
        letter = letter.lower() if letter else None
        if len(head) == 1 and dotted is None:
            return cls(int(head))
        if len(head) != 3:
            raise RuleNumberError(f"not a rule number: {text!r} (chapters have three digits)")
        chapter = int(head)
        if chapter < 100:
            raise RuleNumberError(f"not a rule number: {text!r}")
        return cls(chapter // 100, chapter, int(dotted) if dotted else None, letter)

    @classmethod
    def try_parse(cls, text: str) -> RuleNumber | None:
        try:
            return cls.parse(text)
        except RuleNumberError:
            return None

    # -- structure ----------------------------------------------------------------------

    @property
    def level(self) -> Level:
        if self.letter is not None:
            return Level.SUBRULE
        if self.rule is not None:
            return Level.RULE
        if self.chapter is not None:
            return Level.CHAPTER
        return Level.SECTION

    @functools.cached_property
    def parent(self) -> RuleNumber | None:
        """702.26a -> 702.26 -> 702 -> 7 -> None.  (Kept once computed: the number is
        immutable, and parents are walked for every page and search document.)"""
        if self.letter is not None:
            return RuleNumber(self.section, self.chapter, self.rule)
        if self.rule is not None:
            return RuleNumber(self.section, self.chapter)
        if self.chapter is not None:
            return RuleNumber(self.section)
        return None

    def ancestors(self) -> list[RuleNumber]:
        """Parents from the nearest up to the section."""
        chain: list[RuleNumber] = []
        node = self.parent
        while node is not None:
            chain.append(node)
            node = node.parent
        return chain

    def is_ancestor_of(self, other: RuleNumber) -> bool:
        return self in other.ancestors()

    @property
    def sort_key(self) -> tuple[int, int, int, int]:
        """Natural order: 702.9 < 702.10 < 702.26 < 702.26a < 702.26k < 702.26m < 702.27."""
        return cast(tuple[int, int, int, int], self.__dict__["_sort_key"])

    def __lt__(self, other: RuleNumber) -> bool:
        return self.sort_key < other.sort_key

    def __le__(self, other: RuleNumber) -> bool:
        return self.sort_key <= other.sort_key

    def __gt__(self, other: RuleNumber) -> bool:
        return self.sort_key > other.sort_key

    def __ge__(self, other: RuleNumber) -> bool:
        return self.sort_key >= other.sort_key

    def __str__(self) -> str:
        text: str | None = self.__dict__.get("_text")
        if text is None:  # kept: every link, key and page name spells the number
            text = str(self.section) if self.chapter is None else str(self.chapter)
            if self.rule is not None:
                text += f".{self.rule}"
            if self.letter is not None:
                text += self.letter
            self.__dict__["_text"] = text
        return text

    def __repr__(self) -> str:
        return f"RuleNumber({str(self)!r})"

    @property
    def slug(self) -> str:
        """A file- and URL-safe name; the same as ``str`` (digits, dots and a letter)."""
        return str(self)


def expand_range(first: RuleNumber, last: RuleNumber) -> tuple[RuleNumber, ...]:
    """All numbers from ``first`` to ``last`` inclusive, among siblings.

    ``611.3a``-``611.3b``; ``702.26k``-``702.26n`` is k, m, n; ``119.9``-``119.10``.
    Raises :class:`RuleNumberError` for ends that are not siblings or run backwards.
    """
    if first.parent != last.parent or first.level != last.level:
        raise RuleNumberError(f"{first}-{last} is not a range of siblings")
    if last < first:
        raise RuleNumberError(f"{first}-{last} runs backwards")
    if first.level == Level.SUBRULE:
        assert first.letter is not None and last.letter is not None
        lo, hi = _LETTER_INDEX[first.letter], _LETTER_INDEX[last.letter]
        return tuple(
            RuleNumber(first.section, first.chapter, first.rule, SUBRULE_LETTERS[i])
            for i in range(lo, hi + 1)
        )
    if first.level == Level.RULE:
        assert first.rule is not None and last.rule is not None
        if last.rule - first.rule >= MAX_RANGE:
            raise RuleNumberError(f"{first}-{last} is too long to be a range")
        return tuple(
            RuleNumber(first.section, first.chapter, n) for n in range(first.rule, last.rule + 1)
        )
    if first.level == Level.CHAPTER:
        assert first.chapter is not None and last.chapter is not None
        if last.chapter - first.chapter >= MAX_RANGE:
            raise RuleNumberError(f"{first}-{last} is too long to be a range")
        return tuple(
            RuleNumber(c // 100, c) for c in range(first.chapter, last.chapter + 1)
        )
    return tuple(RuleNumber(s) for s in range(first.section, last.section + 1))


# -- width folding ----------------------------------------------------------------------

_FULLWIDTH = {cp: cp - 0xFEE0 for cp in range(0xFF01, 0xFF5F)}
_FULLWIDTH[0x3000] = 0x20  # ideographic space


def fold_width(text: str) -> str:
    """Fold full-width ASCII (０-９, Ａ-ｚ, ．) to ASCII, one character for one.

    Unlike NFKC this never changes the length, so spans found in the folded text are
    spans in the original.
    """
    return text.translate(_FULLWIDTH)


# -- references in running text ---------------------------------------------------------

_NUMBER = r"(?P<head>\d{1,3})(?:\.(?P<rule>\d{1,3})(?P<letter>[a-zA-Z])?)?"
_PARSE_RE = re.compile(r"(?:(?i:cr|rule)\s*[:：|]?\s*)?" + _NUMBER + r"\.?")

# One candidate number, with what may stand before it.  The look-behind keeps numbers
# inside other numbers (20231117.0, 2/2, +1/+1, 1,2) from matching.
_CANDIDATE_RE = re.compile(
    r"(?:(?P<prefix>(?<![A-Za-z])(?i:rules?|cr)[ \t]*[:：|]?[ \t]*|#(?i:cr)[:：][ \t]*)"
    r"|(?<![0-9A-Za-z.,+\-/_^]))"
    r"(?P<num>\d{1,3}(?:\.\d{1,3}[a-z]?)?)"
    r"(?![0-9]|\.[0-9]|[A-Za-z])"
)
_TITLE_RE = re.compile(r"[ \t]*〔(?P<title>[^〔〕\n]{1,80})〕")
_SEE_RE = re.compile(r"\.?[ \t]*(?:を)?参照")
# The next item of a list: "rule 800.4a, 800.4c", "rule 905.1a、905.1b".
_LIST_RE = re.compile(
    r"[ \t]*[,、][ \t]*(?P<num>\d{3}\.\d{1,3}[a-z]?)(?![0-9]|\.[0-9]|[A-Za-z])"
)
# A range end after a dash or wave dash: a bare letter (611.3a-b), a bare rule number
# (119.9-10) or a whole number (601.2g～601.2h, 601.2f～rule 601.2h).
_RANGE_RE = re.compile(
    r"[ \t]*[-–－～〜~][ \t]*(?:(?i:rule)[ \t]*)?"
    r"(?:(?P<full>\d{3}\.\d{1,3}[a-z]?)|(?P<letter>[a-z])|(?P<rule>\d{1,3}))"
    r"(?![0-9]|\.[0-9]|[A-Za-z])"
)


@dataclass(frozen=True)
class NumberSpan:
    """One number (or range) as written: ``800.4a``, or ``611.3a-b``."""

    start: int
    end: int
    numbers: tuple[RuleNumber, ...]
    """What the span names: one number, or every number of a range in order."""

    @property
    def first(self) -> RuleNumber:
        return self.numbers[0]


@dataclass(frozen=True)
class ReferenceMatch:
    """A reference found in text: its spans, the numbers it names and how it was written."""

    start: int
    end: int
    spans: tuple[NumberSpan, ...]
    form: str
    """``prefixed`` (rule 506.4, CR:702.26), ``titled`` (708〔…〕), ``see`` (700.13. 参照)
    or ``bare`` (a dotted number such as 601.3e standing alone)."""
    title: str | None = None
    """The bracketed title: ``裏向きの呪文やパーマネント`` in ``rule 708〔…〕``."""

    @property
    def numbers(self) -> tuple[RuleNumber, ...]:
        return tuple(n for span in self.spans for n in span.numbers)


def find_references(text: str) -> list[ReferenceMatch]:
    """Every reference to a rule in ``text``, in order, with spans into ``text``.

    References: ``rule 506.4 参照``, ``rule 704.5m、rule 704.5n``, ``rule 800.4a, 800.4c``,
    ``rule 611.3a-b``, ``rule 708〔裏向きの呪文やパーマネント〕参照``, ``CR:702.26``,
    ``{{CR|704.5n}}``, ``719〔事件カード〕参照``, ``700.13. 参照``, and dotted numbers
    such as ``601.3e`` anywhere.  Not references: ``2/2``, ``+1/+1``, ``20点``,
    ``1,2マナ``, ``2005年10月``, ``20231117.0``.
    """
    if _DIGIT_RE.search(text) is None:
        return []  # no number, no reference: most blocks of a wiki, skipped at C speed
    return list(_references(text))


_DIGIT_RE = re.compile(r"\d")
"""A decimal digit of any width or script.  A reference's number is ``\\d`` in the text
:func:`fold_width` folds, which turns only full-width digits into (ASCII) digits: a text
with no digit has no reference.  Scanning it for candidates, after folding it, cost
~0.7 s for the ~58,000 blocks of a 3,000-page wiki, of which 1 in 50 has a reference."""


@functools.lru_cache(maxsize=1 << 18)
def _references(text: str) -> tuple[ReferenceMatch, ...]:
    # A build reads the same block of text for references four times (the graph's links,
    # the outdated claims, the search passages, the site's page keys): a third of a
    # 10,000-page rebuild went here.  Big enough to hold every block of such a wiki, so
    # the passes, each a scan over all of them, do not evict one another.
    return tuple(_iter_references(fold_width(text)))


def _iter_references(text: str) -> Iterator[ReferenceMatch]:
    pos = 0
    while True:
        match = _CANDIDATE_RE.search(text, pos)
        if match is None:
            return
        pos = match.end()
        number = _number_or_none(match.group("num"))
        if number is None:
            continue
        prefixed = match.group("prefix") is not None
        end = match.end("num")
        spans = [NumberSpan(match.start("num"), end, (number,))]
        end = _extend_range(text, spans)
        while (item := _LIST_RE.match(text, end)) is not None:
            listed = _number_or_none(item.group("num"))
            if listed is None:
                break
            spans.append(NumberSpan(item.start("num"), item.end("num"), (listed,)))
            end = _extend_range(text, spans)
        title_match = _TITLE_RE.match(text, end)
        title = title_match.group("title").strip() if title_match else None
        if title_match:
            end = title_match.end()
        see = _SEE_RE.match(text, end)
        if prefixed:
            form = "prefixed"
        elif title is not None:
            form = "titled"
        elif see is not None:
            form = "see"
        elif number.level >= Level.RULE:
            form = "bare"
        else:
            continue  # a lone 20 or 702 is just a number
        if number.level == Level.SECTION and not (prefixed or title is not None):
            continue  # "8 参照" alone is too weak; "rule 8" and "8〔多人数戦ルール〕" are not
        if see is not None:
            end = see.end()
        start = match.start("prefix") if prefixed else match.start("num")
        pos = max(pos, end)
        yield ReferenceMatch(start, end, tuple(spans), form, title)


def _number_or_none(text: str) -> RuleNumber | None:
    try:
        return RuleNumber.parse(text)
    except RuleNumberError:
        return None


def _extend_range(text: str, spans: list[NumberSpan]) -> int:
    """Turn the last span into a range if a range end follows; return where the match ends."""
    span = spans[-1]
    match = _RANGE_RE.match(text, span.end)
    if match is None:
        return span.end
    first = span.first
    last: RuleNumber | None = None
    if match.group("full"):
        last = _number_or_none(match.group("full"))
    elif match.group("letter") and first.level == Level.SUBRULE:
        last = _number_or_none(f"{first.parent}{match.group('letter')}")
    elif match.group("rule") and first.level == Level.RULE:
        last = _number_or_none(f"{first.chapter}.{match.group('rule')}")
    if last is None:
        return span.end
    try:
        numbers = expand_range(first, last)
    except RuleNumberError:
        return span.end
    spans[-1] = NumberSpan(span.start, match.end(), numbers)
    return match.end()


# -- rule numbers as typed in a query --------------------------------------------------

# A number as people type it into a search box, beyond the forms of running text: a
# Japanese or one-letter prefix (ルール 809, 総合ルール 704.5, r613.7f), a comma or dash
# for the dot (613,7f, 613-7f, 613ー7f as an IME writes it) and a 項 after it (704.5項).
# Full-width forms are folded first.
_QUERY_SEPARATORS = ".,\\-ー−‐"
_QUERY_FORM_RE = re.compile(
    r"(?:(?P<prefix>(?:総合)?ルール(?:番号)?|(?<![A-Za-z])(?i:rules?|cr))[ \t]*[:：|]?[ \t]*"
    r"|(?P<r>(?<![A-Za-z])[rR])[ \t]?"
    r"|(?<![0-9A-Za-z.,+\-/_^ー−‐]))"
    r"(?P<chapter>[1-9]\d{2})"
    r"(?:(?P<sep>[" + _QUERY_SEPARATORS + r"])(?P<rule>\d{1,3})(?P<letter>[a-zA-Z])?)?"
    r"(?![0-9A-Za-z]|[" + _QUERY_SEPARATORS + r"][0-9])"
    r"(?P<suffix>[ \t]*項)?"
)
_COUNTER_RE = re.compile(r"[ \t]*[枚体点つ個回人色種年月日本歳%％]")
"""A count follows (ルール 100枚: the Commander deck size), so the digits are no rule."""


def find_query_numbers(text: str) -> list[tuple[int, int, RuleNumber]]:
    """Rule numbers written the ways people type them in a query, with their spans
    (prefix and 項 included): ``ルール 809``, ``総合ルール 704.5``, ``704.5項``,
    ``CR704.5``, ``r613.7f``, ``613,7f``, ``613-7f`` and their full-width forms.

    A dot is always a rule number's.  A comma or dash stands for the dot only before a
    subrule letter (613-7f), after a prefix (ルール 613-7) or when the number is the whole
    query (and never before three digits: ``300,000``, ``100-200``); a chapter alone only
    after a prefix or as the whole query.  So ``1-2``, ``100-200点``, ``3,000``, dates,
    ``2/2`` and ``ルール 100枚`` are no rule numbers.
    """
    folded = fold_width(text)
    whole = folded.strip()
    found = []
    for match in _QUERY_FORM_RE.finditer(folded):
        prefixed = match.group("prefix") is not None or match.group("r") is not None
        sep = match.group("sep")
        alone = match.group(0).strip() == whole
        if _COUNTER_RE.match(folded, match.end()) and not match.group("suffix"):
            continue
        if sep is None and not (prefixed or alone):
            continue
        if sep not in (None, ".") and not match.group("letter") and (
                len(match.group("rule")) == 3 or not (prefixed or alone)):
            continue  # 3,000 and 100-200 are a number and a range; 613-7 alone is 613.7
        letter = match.group("letter")
        written = match.group("chapter") + (f".{match.group('rule')}{letter or ''}" if sep else "")
        number = _number_or_none(written)
        if number is not None:
            found.append((match.start(), match.end(), number))
    return found


def find_numbers_loose(text: str) -> list[tuple[int, int, RuleNumber]]:
    """Rule numbers a user typed in a query: references, the query forms of
    :func:`find_query_numbers`, or the whole query being a number.

    ``702.26d``, ``７０２．２６ｄ``, ``CR 613.7``, ``rule 611.2b``, ``702.26d.``,
    ``ルール 809``, ``613-7f`` and a bare ``702`` typed alone all count.  Where a reference
    and a query form overlap, the one that starts first (then the longer) is kept.
    """
    candidates = [(s.start, s.end, n) for ref in find_references(text) for s in ref.spans
                  for n in s.numbers[:1]]
    candidates += find_query_numbers(text)
    candidates.sort(key=lambda c: (c[0], -c[1]))
    found: list[tuple[int, int, RuleNumber]] = []
    for candidate in candidates:
        if not found or candidate[0] >= found[-1][1]:
            found.append(candidate)
    if not found:
        whole = RuleNumber.try_parse(text)
        if whole is not None and whole.level >= Level.CHAPTER:
            stripped = text.strip()
            start = text.index(stripped)
            found.append((start, start + len(stripped), whole))
    return found


def near_numbers(text: str, numbers: list[str], known: set[str], limit: int = 5) -> list[str]:
    """Numbers close to ``text`` for a "not found" message: the closest of ``numbers``
    (those with text, in rule order) by spelling, then the nearest ancestor in ``known``
    (every number of the build).  The graph and the lookup store both answer with this."""
    import difflib  # only a miss pays for it

    close = difflib.get_close_matches(text.strip(), numbers, n=limit, cutoff=0.6)
    parsed = RuleNumber.try_parse(text)
    if parsed is not None:
        for ancestor in parsed.ancestors():
            if str(ancestor) in known and str(ancestor) not in close:
                close.append(str(ancestor))
                break
    return close[:limit]
