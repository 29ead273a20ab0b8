"""Reader for the English Comprehensive Rules, any release from 2003 to today.

A release file holds a title, the date the rules take effect ("These rules are effective
as of January 16, 2026." since mid-2009, "current as of" before), an introduction, a
contents list, the rules (sections ``1.``, chapters ``100.``, rules ``100.1.``, subrules
``100.1a``, each followed by ``Example:`` paragraphs), the glossary (a term line, its
definition lines, a blank line) and the credits.  The files are real-world files:

- encodings and line ends vary (see :func:`kb.textio.decode_western`);
- three releases of 2003-2004 are hard-wrapped at about 110 characters, so a paragraph
  runs over several lines and a line may start with a number that only continues a
  sentence ("See rule" / "103.4. If …");
- numbers are sometimes misprinted: ``606. 8b`` (a space), ``306.b`` (no rule number),
  ``501.2.`` under chapter 510, ``605.2c`` under rule 609.2, ``702.30d`` twice,
  ``505.54.`` for 505.5.  Each is read as the number its place in the document gives it
  and recorded as an irregularity, so every number names one rule in a release.

The release date is the file name's (``2026-01-16.txt``, the date the archive and the
Japanese translation know a release by) when the file's own line agrees with it within
:data:`DATE_TOLERANCE`; the two differ by days because a release is published before it
takes effect.  When they disagree by more, the file's own line wins and the disagreement
is recorded: ``2006-06-01.txt`` of the archive says "current as of June 1, 2004" and is
that release.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path

from kb.errors import KbError
from kb.model import Example, Irregularity, RuleEntry, RuleKind, SourceRef
from kb.rulenum import SUBRULE_LETTERS, Level, RuleNumber, RuleNumberError
from kb.textio import read_western_text

LANGUAGE = "en"

DATE_TOLERANCE = timedelta(days=45)
"""How far the file name's date and the file's effective date may differ and still be
one release (publication precedes the effective date by up to two weeks in the data)."""

MAX_NON_LATIN = 0.05
"""Share of letters outside Latin script above which a file is not the English CR."""

_MONTHS = {name: i for i, name in enumerate(
    ("january", "february", "march", "april", "may", "june", "july", "august",
     "september", "october", "november", "december"), start=1)}
_EFFECTIVE_RE = re.compile(
    r"rules are (?:current|effective) as of (?P<month>[A-Za-z]+)\s+(?P<day>\d{1,2}),\s*(?P<year>\d{4})",
    re.IGNORECASE)
_NAME_DATE_RE = re.compile(r"(?<!\d)(?P<year>(?:19|20)\d{2})-(?P<month>\d{2})-(?P<day>\d{2})(?!\d)")

# Line shapes of the body.  The numbers themselves are read by kb.rulenum; these only
# find where a number stands and what follows it.
_SECTION_RE = re.compile(r"(?P<num>\d)\.\s+(?P<text>\S.*)")
_CHAPTER_RE = re.compile(r"(?P<num>\d{3})\.?\s+(?P<text>[A-Z\"“].*)")
_RULE_RE = re.compile(
    r"(?P<chapter>\d{3})\.(?P<gap>\s?)(?P<rule>\d{1,3})(?P<letter>[a-z]?)(?P<sep>\.?\s+|\.(?=[A-Z\"“])|\.?$)"
    r"(?P<text>.*)")
_LETTER_ONLY_RE = re.compile(r"(?P<chapter>\d{3})\.(?P<letter>[a-z])\s+(?P<text>.*)")
_EXAMPLE_RE = re.compile(r"(?:Example:\s*)+(?P<text>.*)")
_PAGE_NUMBER_RE = re.compile(r"\d{1,3}")
_GLUED_TERM_RE = re.compile(r"(?P<term>\S.*?[a-z)])(?P<rest>1\. \S.*)")

BODY_START = "100.1"
GLOSSARY_LINE = "Glossary"
CREDITS_LINE = "Credits"

WRAPPED_LINE_LENGTH = 120
"""A file whose lines are (nearly) all this short is hard-wrapped."""


@dataclass
class GlossaryTerm:
    """One English glossary entry: ``Phasing`` and its definition."""

    term: str
    definition: str
    release: str
    """The release's ISO date."""
    source: SourceRef
    examples: list[Example] = field(default_factory=list)


@dataclass
class EnglishRelease:
    """One release of the English Comprehensive Rules, read from its text file."""

    path: str
    release: date
    """The release's date: the file name's, or the file's own when they disagree."""
    effective: date | None
    """The date the file says the rules take effect, if it says one."""
    entries: list[RuleEntry]
    """Every numbered line, in document order; each number once."""
    glossary: list[GlossaryTerm]
    irregularities: list[Irregularity] = field(default_factory=list)
    language: str = LANGUAGE

    @property
    def version(self) -> str:
        """How texts of this release are labelled: the ISO date, ``2026-01-16``."""
        return self.release.isoformat()


def read_cr_en(path: str | Path) -> EnglishRelease:
    """Read one English CR release file."""
    return parse_cr_en(read_western_text(path), str(path))


def read_cr_en_many(paths: Iterable[str | Path]) -> list[EnglishRelease]:
    """Read release files, oldest first; two files holding one release are refused."""
    releases: dict[date, EnglishRelease] = {}
    for path in paths:
        release = read_cr_en(path)
        other = releases.get(release.release)
        if other is not None:
            raise KbError(f"holds the release of {release.version}, as {other.path} does: "
                          "give each release once", release.path)
        releases[release.release] = release
    return [releases[day] for day in sorted(releases)]


def release_files(path: str | Path) -> list[Path]:
    """The release files a path names: the file itself, or a folder's ``YYYY-MM-DD.txt``
    files (other files in the folder, such as a licence or notes, are not releases)."""
    path = Path(path)
    if path.is_dir():
        found = sorted(p for p in path.iterdir()
                       if p.is_file() and p.suffix == ".txt" and _date_in_name(p.name) is not None
                       and _NAME_DATE_RE.fullmatch(p.stem))
        if not found:
            raise KbError("no release files (YYYY-MM-DD.txt) in this folder", path)
        return found
    if not path.exists():
        raise KbError("no such file or folder", path)
    return [path]


def parse_cr_en(text: str, path: str) -> EnglishRelease:
    raw = text.split("\n")
    lines = [line.strip() for line in raw]
    indented = [line[:1] in (" ", "\t", "\u3000") for line in raw]
    _require_latin(text, path)
    effective, effective_line = _effective_date(lines)
    irregularities: list[Irregularity] = []
    release = _release_date(path, effective, effective_line, irregularities)
    body_start = _body_start(lines)
    if body_start is None:
        raise KbError("no numbered rules found: is this the English Comprehensive Rules text?",
                      path)
    glossary_start = _line_index(lines, GLOSSARY_LINE, body_start)
    credits_start = _line_index(lines, CREDITS_LINE, glossary_start or body_start)
    body_end = glossary_start or credits_start or len(lines)
    wrapped = _hard_wrapped(lines[body_start:body_end])
    version = release.isoformat()
    body = _Body(path, version, wrapped, irregularities)
    body.read(lines, indented, body_start, body_end)
    if not any(entry.number.level >= Level.RULE for entry in body.entries):
        raise KbError("no numbered rules found: is this the English Comprehensive Rules text?",
                      path)
    glossary: list[GlossaryTerm] = []
    if glossary_start is not None and credits_start is None:
        irregularities.append(Irregularity(SourceRef(path, len(lines)), (
            "the file ends inside the glossary (no Credits): it may be cut short")))
    if glossary_start is not None:
        glossary = _read_glossary(lines, indented, glossary_start + 1,
                                  credits_start or len(lines), path, version, wrapped,
                                  irregularities)
    return EnglishRelease(path, release, effective, body.entries, glossary, irregularities)


# -- the release date ---------------------------------------------------------------------


_NON_ASCII_LETTERS_RE = re.compile(r"[^\x00-\x7f]")
_ASCII_LETTERS_RE = re.compile(r"[A-Za-z]")


def _require_latin(text: str, path: str) -> None:
    """The Japanese CR (or any other text) given as English is refused, not misread."""
    sample = text[:200_000]
    foreign = sum(1 for ch in _NON_ASCII_LETTERS_RE.findall(sample)
                  if ch.isalpha() and not unicodedata.name(ch, "").startswith("LATIN"))
    letters = len(_ASCII_LETTERS_RE.findall(sample)) + foreign
    if letters and foreign > letters * MAX_NON_LATIN:
        raise KbError(f"not English: {foreign * 100 // letters}% of the letters are not Latin "
                      "(the Japanese CR is given with --cr)", path, 1)


def _effective_date(lines: list[str]) -> tuple[date | None, int]:
    for index, line in enumerate(lines):
        match = _EFFECTIVE_RE.search(line)
        if match is None:
            continue
        month = _MONTHS.get(match.group("month").lower())
        if month is None:
            continue
        try:
            return date(int(match.group("year")), month, int(match.group("day"))), index + 1
        except ValueError:
            continue
    return None, 0


def _date_in_name(name: str) -> date | None:
    match = _NAME_DATE_RE.search(name)
    if match is None:
        return None
    try:
        return date(int(match.group("year")), int(match.group("month")), int(match.group("day")))
    except ValueError:
        return None


def _release_date(path: str, effective: date | None, line: int,
                  irregularities: list[Irregularity]) -> date:
    named = _date_in_name(Path(path).name)
    if named is None and effective is None:
        raise KbError("cannot tell the release: no 'These rules are effective as of "
                      "Month D, YYYY' line and no YYYY-MM-DD in the file name", path, 1)
    if named is None:
        assert effective is not None
        return effective
    if effective is None:
        irregularities.append(Irregularity(SourceRef(path, 1),
                                           "no effective-date line: the release is the file name's date"))
        return named
    if abs(named - effective) <= DATE_TOLERANCE:
        return named
    irregularities.append(Irregularity(SourceRef(path, line), (
        f"the file name says {named.isoformat()} but the rules say they are effective as of "
        f"{effective.isoformat()}: read as the release of {effective.isoformat()}")))
    return effective


# -- the parts of the file ----------------------------------------------------------------


def _body_start(lines: list[str]) -> int | None:
    """The section heading before the first ``100.1`` (the contents list names chapters
    only, so the first ``100.1`` is in the body); else the first rule-shaped line."""
    first_rule = next((i for i, line in enumerate(lines)
                       if line.startswith(BODY_START) and _is_first_rule(line)), None)
    if first_rule is None:
        first_rule = next((i for i, line in enumerate(lines) if _RULE_RE.fullmatch(line)), None)
        if first_rule is None:
            return None
    for index in range(first_rule - 1, max(first_rule - 12, -1), -1):
        if _SECTION_RE.fullmatch(lines[index]):
            return index
    return first_rule


def _is_first_rule(line: str) -> bool:
    match = _RULE_RE.fullmatch(line)
    return match is not None and match.group("rule") == "1" and not match.group("letter")


def _line_index(lines: list[str], wanted: str, start: int | None) -> int | None:
    if start is None:
        return None
    return next((i for i in range(start, len(lines)) if lines[i] == wanted), None)


def _hard_wrapped(lines: list[str]) -> bool:
    """A file whose paragraphs are broken into short lines (three releases of 2003-2004)."""
    lengths = sorted(len(line) for line in lines if line)
    if len(lengths) < 50:
        return False
    return lengths[len(lengths) * 99 // 100] <= WRAPPED_LINE_LENGTH


# -- the body -----------------------------------------------------------------------------


class _Body:
    """Reads the rules: numbered lines, examples and continuation paragraphs, and the
    repairs that give every misprinted number the one its place implies."""

    def __init__(self, path: str, version: str, wrapped: bool, irregularities: list[Irregularity]):
        self.path = path
        self.version = version
        self.wrapped = wrapped
        self.irregularities = irregularities
        self.entries: list[RuleEntry] = []
        self.seen: set[RuleNumber] = set()
        self.section: RuleNumber | None = None
        self.chapter: RuleNumber | None = None
        self.rule: RuleEntry | None = None
        self.rule_in_chapter: RuleNumber | None = None
        self.previous_rule: RuleNumber | None = None
        """The rule before :attr:`rule` in its chapter: tells a misprinted rule number."""
        self.subrule: RuleNumber | None = None
        self.in_example = False

    def note(self, index: int, message: str) -> None:
        self.irregularities.append(Irregularity(SourceRef(self.path, index + 1), message))

    def read(self, lines: list[str], indented: list[bool], start: int, end: int) -> None:
        previous_blank = True
        for index in range(start, end):
            line = lines[index]
            if not line:
                previous_blank = True
                continue
            if self.wrapped and not previous_blank:
                # a wrapped paragraph goes on; an indented line starts a new one
                self._continue(index, line, joined=not indented[index])
            else:
                self._paragraph(index, line)
            previous_blank = False

    def _paragraph(self, index: int, line: str) -> None:
        example = _EXAMPLE_RE.fullmatch(line)
        if example is not None:
            self._example(index, example.group("text"))
            return
        if self._numbered(index, line):
            return
        if self.wrapped and _PAGE_NUMBER_RE.fullmatch(line):
            self.note(index, f"page number {line} left out")
            return
        self._continue(index, line, joined=False)

    def _example(self, index: int, text: str) -> None:
        if not self.entries:
            self.note(index, "example before the first rule left out")
            return
        self.entries[-1].examples.append(Example(text, SourceRef(self.path, index + 1)))
        self.in_example = True

    def _continue(self, index: int, line: str, joined: bool) -> None:
        """A line that starts no rule: it goes on with the paragraph above (``joined``,
        in a hard-wrapped file) or is another paragraph of the rule or its example."""
        if not self.entries:
            return  # prose between the section heading and the first rule
        example = _EXAMPLE_RE.fullmatch(line) if joined else None
        if example is not None:
            self._example(index, example.group("text"))
            return
        entry = self.entries[-1]
        glue = " " if joined else "\n"
        if self.in_example and entry.examples:
            last = entry.examples[-1]
            last.text = f"{last.text}{glue}{line}" if last.text else line
        elif entry.text:
            entry.text = f"{entry.text}{glue}{line}"
            entry.kind = _kind(entry.number, entry.text)
        else:
            entry.text = line
            entry.kind = _kind(entry.number, entry.text)

    # -- numbered lines ---------------------------------------------------------------------

    def _numbered(self, index: int, line: str) -> bool:
        """Read ``line`` as a numbered line if its shape and place allow; True if it was."""
        match = _RULE_RE.fullmatch(line)
        if match is not None:
            if match.group("gap"):
                self.note(index, f"{match.group('chapter')}.{match.group('rule')}"
                          f"{match.group('letter')}: space inside the number")
            number = _parse(f"{match.group('chapter')}.{match.group('rule')}{match.group('letter')}")
            if number is None:
                return False
            if number.level == Level.SUBRULE and match.group("sep").startswith("."):
                self.note(index, f"{number}: period after a subrule number")
            elif number.level == Level.RULE and not match.group("sep").startswith("."):
                self.note(index, f"{number}: no period after the number")
            text = match.group("text").strip()
            if number.level == Level.SUBRULE:
                return self._subrule(index, number, text)
            return self._rule(index, number, text)
        match = _LETTER_ONLY_RE.fullmatch(line)
        if match is not None and self.rule is not None and \
                str(self.rule.number.chapter) == match.group("chapter"):
            number = _parse(f"{self.rule.number}{match.group('letter')}")
            if number is not None:
                self.note(index, f"{line[:5]}: no rule number, read as {number}")
                return self._subrule(index, number, match.group("text").strip())
        match = _CHAPTER_RE.fullmatch(line)
        if match is not None:
            number = _parse(match.group("num"))
            if number is not None and self._chapter_fits(number):
                if line[3:4] != ".":
                    self.note(index, f"{number}: no period after the number")
                return self._accept(index, number, match.group("text").strip())
        match = _SECTION_RE.fullmatch(line)
        if match is not None:
            number = _parse(match.group("num"))
            if number is not None and (self.section is None or number.section == self.section.section + 1):
                return self._accept(index, number, match.group("text").strip())
        return False

    def _chapter_fits(self, number: RuleNumber) -> bool:
        if self.chapter is not None and number <= self.chapter:
            return False
        return self.section is None or number.section in (self.section.section,
                                                          self.section.section + 1)

    def _rule(self, index: int, number: RuleNumber, text: str) -> bool:
        own = number.parent
        chapter = self.chapter
        assert own is not None and number.rule is not None
        if chapter is not None and own != chapter:
            if own > chapter and own.section == chapter.section:
                self.note(index, f"{number}: no heading for chapter {own}")
            else:
                repaired = RuleNumber(chapter.section, chapter.chapter, number.rule)
                if not self._rule_free(repaired):
                    return False
                self.note(index, f"{number}: under chapter {chapter}, read as {repaired}")
                number = repaired
        if number in self.seen or (self.rule_in_chapter is not None and number < self.rule_in_chapter
                                   and number.chapter == self.rule_in_chapter.chapter):
            return False
        return self._accept(index, number, text)

    def _rule_free(self, number: RuleNumber) -> bool:
        return number not in self.seen and (
            self.rule_in_chapter is None or number > self.rule_in_chapter
            or number.chapter != self.rule_in_chapter.chapter)

    def _subrule(self, index: int, number: RuleNumber, text: str) -> bool:
        assert number.letter is not None
        entry = self.rule
        rule = entry.number if entry is not None else None
        parent = number.parent
        if entry is not None and rule is not None and parent != rule:
            if self._misprinted_rule(parent):
                self.note(entry.source.line - 1, f"{rule}: its subrules say {parent}: read as {parent}")
                rule = parent
            elif parent is not None and parent > rule and parent.chapter == rule.chapter:
                self.note(index, f"{number}: no rule {parent} before it")
            else:
                repaired = RuleNumber(rule.section, rule.chapter, rule.rule, number.letter)
                self.note(index, f"{number}: under rule {rule}, read as {repaired}")
                number = repaired
        if self.subrule is not None and self.subrule.parent == number.parent and number <= self.subrule:
            following = _next_letter(self.subrule)
            if following is None:
                return False
            self.note(index, f"{number}: after {self.subrule}, read as {following}")
            number = following
        if number in self.seen:
            return False
        return self._accept(index, number, text)

    def _misprinted_rule(self, parent: RuleNumber | None) -> bool:
        """``505.54.`` followed by ``505.5a``: the rule's own number is the misprint when its
        subrules name the rule that should follow the one before it.  Renames it."""
        entry = self.rule
        has_subrules = self.subrule is not None and self.subrule.parent == entry.number \
            if entry is not None else False
        if entry is None or parent is None or has_subrules or parent in self.seen:
            return False
        before = self.previous_rule
        expected = None
        if before is not None and before.rule is not None and before.chapter == parent.chapter:
            expected = RuleNumber(parent.section, parent.chapter, before.rule + 1)
        if parent != expected or entry.number.chapter != parent.chapter:
            return False
        self.seen.discard(entry.number)
        entry.number = parent
        self.seen.add(parent)
        self.rule_in_chapter = parent
        return True

    def _accept(self, index: int, number: RuleNumber, text: str) -> bool:
        entry = RuleEntry(number, self.version, text, _kind(number, text), SourceRef(self.path, index + 1),
                          language=LANGUAGE)
        self.entries.append(entry)
        self.seen.add(number)
        self.in_example = False
        level = number.level
        if level == Level.SECTION:
            self.section, self.chapter, self.rule, self.subrule = number, None, None, None
            self.rule_in_chapter = self.previous_rule = None
        elif level == Level.CHAPTER:
            self.chapter, self.rule, self.subrule = number, None, None
            self.rule_in_chapter = self.previous_rule = None
            if self.section is None or self.section.section != number.section:
                self.section = RuleNumber(number.section)
        elif level == Level.RULE:
            self.previous_rule = self.rule.number if self.rule is not None else None
            self.rule, self.subrule, self.rule_in_chapter = entry, None, number
            if self.chapter is None or self.chapter.chapter != number.chapter:
                self.chapter = number.parent
                self.previous_rule = None
        else:
            self.subrule = number
        return True


def _parse(text: str) -> RuleNumber | None:
    try:
        return RuleNumber.parse(text)
    except RuleNumberError:
        return None


def _next_letter(number: RuleNumber) -> RuleNumber | None:
    assert number.letter is not None
    position = SUBRULE_LETTERS.index(number.letter) + 1
    if position >= len(SUBRULE_LETTERS):
        return None
    return RuleNumber(number.section, number.chapter, number.rule, SUBRULE_LETTERS[position])


def _kind(number: RuleNumber, text: str) -> RuleKind:
    """Sections, chapters and short unpunctuated rules (``702.26. Phasing``) are headings."""
    if number.level <= Level.CHAPTER:
        return "title"
    if number.level == Level.RULE and len(text) <= 80 and not text.endswith((".", ":", ")", "\"", "”")):
        return "title"
    return "text"


# -- the glossary -------------------------------------------------------------------------


def _read_glossary(lines: list[str], indented: list[bool], start: int, end: int, path: str,
                   version: str, wrapped: bool,
                   irregularities: list[Irregularity]) -> list[GlossaryTerm]:
    """Blocks separated by blank lines: the term, then its definition's paragraphs (one a
    line; in a hard-wrapped file an indented line starts one) and ``Example:`` paragraphs."""
    terms: list[GlossaryTerm] = []
    for first, last in _blocks(lines, start, end):
        term = GlossaryTerm(lines[first], "", version, SourceRef(path, first + 1))
        paragraphs: list[str] = []
        glued = _GLUED_TERM_RE.fullmatch(term.term)
        if glued is not None:  # "Ability1. Text on an object …": the line break is missing
            term.term = glued.group("term")
            paragraphs.append(glued.group("rest"))
            irregularities.append(Irregularity(term.source, f"glossary term {term.term!r}: "
                                               "its definition on the same line"))
        elif first == last:
            irregularities.append(Irregularity(term.source,
                                               f"glossary term {term.term!r} without a definition"))
        in_example = False
        for index in range(first + 1, last + 1):
            line = lines[index]
            example = _EXAMPLE_RE.fullmatch(line)
            if example is not None:
                term.examples.append(Example(example.group("text"), SourceRef(path, index + 1)))
                in_example = True
            elif wrapped and not indented[index] and in_example:
                term.examples[-1].text += " " + line
            elif wrapped and not indented[index] and paragraphs:
                paragraphs[-1] += " " + line
            else:
                paragraphs.append(line)
                in_example = False
        term.definition = "\n".join(paragraphs)
        terms.append(term)
    return terms


def _blocks(lines: list[str], start: int, end: int) -> Iterator[tuple[int, int]]:
    """Runs of non-blank lines: (first index, last index)."""
    first: int | None = None
    for index in range(start, end):
        if lines[index]:
            if first is None:
                first = index
        elif first is not None:
            yield first, index - 1
            first = None
    if first is not None:
        yield first, end - 1


def iter_rules(release: EnglishRelease) -> Iterator[RuleEntry]:
    """The release's rules and subrules (not the section and chapter headings)."""
    return (e for e in release.entries if e.number.level >= Level.RULE)
