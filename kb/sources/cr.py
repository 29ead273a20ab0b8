"""Reader for the official Japanese Comprehensive Rules text file.

The file has header notes, a table of contents (``もくじ``), the body (sections ``1.``,
chapters ``100.``, rules ``100.1.`` and subrules ``100.1a``), the glossary (``用語集``)
and the credits (``クレジット``).  The body, not the table of contents, builds the tree.
Irregular lines the real file has are accepted and recorded: a missing period
(``606.5``), a space before it (``720 .``), no space after the number (``702.176.兆候``,
``709.5b共有…``), a repeated number (``702.189. 702.189. …``), a number alone with its
text on the next line (``500.10a``) and bare ``例：`` lines.
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

from kb.errors import KbError
from kb.model import (
    CRDocument,
    Example,
    GlossaryEntry,
    Irregularity,
    RuleEntry,
    SourceRef,
    rule_kind,
)
from kb.rulenum import RuleNumber, RuleNumberError
from kb.textio import read_text

_VERSION_RE = re.compile(r"(?<!\d)(?P<version>20\d{6}\.\d+)(?!\d)")
_EFFECTIVE_RE = re.compile(r"このルールは(?P<y>\d{4})年(?P<m>\d{1,2})月(?P<d>\d{1,2})日から有効")
_TRANSLATED_RE = re.compile(r"(?P<y>20\d{2})-(?P<m>\d{2})-(?P<d>\d{2}) に翻訳")

_SECTION_RE = re.compile(r"^(?P<num>\d)(?P<sep>\.)\s+(?P<text>\S.*)$")
_CHAPTER_RE = re.compile(r"^(?P<num>\d{3})(?P<sep>\s?\.\s*)(?P<text>\S.*)$")
_RULE_RE = re.compile(
    r"^(?P<num>\d{3}\.\d{1,3})(?P<sep>\s?\.\s*|\s+|(?=[^\x00-\x7f]))(?P<text>.*)$"
)
_SUBRULE_RE = re.compile(
    r"^(?P<num>\d{3}\.\d{1,3}[a-z])(?P<sep>\s+|(?=[^\x00-\x7f])|$)(?P<text>.*)$"
)
_EXAMPLE_RE = re.compile(r"^例[：:]\s*(?P<text>.*)$")
_INLINE_EXAMPLE_RE = re.compile(r"\s例[：:]")
_HEADWORD_RE = re.compile(r"^(?P<head>[^\s　（][^（]*)?（(?P<reading>[^（）]+)）／(?P<english>\S.*)$")

TITLE_LINE = "マジック：ザ・ギャザリング　総合ルール"
CONTENTS_LINE = "もくじ"
GLOSSARY_LINE = "用語集"
CREDITS_LINE = "クレジット"


def read_cr(path: str | Path) -> CRDocument:
    """Read one official CR text file."""
    return parse_cr(read_text(path), str(path))


def parse_cr(text: str, path: str) -> CRDocument:
    lines = text.split("\n")
    version = detect_version(lines, path)
    reader = _Reader(lines, path, version)
    reader.run()
    if not reader.entries:
        raise KbError("no numbered rules found: is this the Comprehensive Rules text?", path, 1)
    return CRDocument(path, version, reader.entries, reader.glossary, reader.contents,
                      reader.irregularities)


def detect_version(lines: list[str], path: str) -> str:
    """``20260116.0`` written out, else the date the rules take effect, else the translation date."""
    head_and_tail = lines[:20] + lines[-40:]
    for line in head_and_tail:
        match = _VERSION_RE.search(line)
        if match:
            return match.group("version")
    for pattern in (_EFFECTIVE_RE, _TRANSLATED_RE):
        for line in head_and_tail:
            match = pattern.search(line)
            if match:
                try:
                    day = date(int(match["y"]), int(match["m"]), int(match["d"]))
                except ValueError:
                    continue
                return f"{day:%Y%m%d}.0"
    raise KbError(
        "cannot tell the CR version: no 'YYYYMMDD.N', no 'このルールはYYYY年M月D日から有効',"
        " no 'YYYY-MM-DD に翻訳' in the first 20 or last 40 lines",
        path,
        1,
    )


class _Reader:
    def __init__(self, lines: list[str], path: str, version: str):
        self.lines = lines
        self.path = path
        self.version = version
        self.entries: list[RuleEntry] = []
        self.glossary: list[GlossaryEntry] = []
        self.contents: list[tuple[str, str]] = []
        self.irregularities: list[Irregularity] = []
        self.pending_example: Example | None = None
        self.pending_number: RuleEntry | None = None

    def source(self, index: int) -> SourceRef:
        return SourceRef(self.path, index + 1)

    def note(self, index: int, message: str) -> None:
        self.irregularities.append(Irregularity(self.source(index), message))

    def run(self) -> None:
        index = self._skip_contents()
        part = "body"
        for i in range(index, len(self.lines)):
            raw = self.lines[i]
            stripped = raw.strip()
            if stripped == GLOSSARY_LINE:
                part = "glossary"
                continue
            if stripped == CREDITS_LINE and part == "glossary":
                part = "credits"
                continue
            if not stripped or part == "credits":
                continue
            if part == "body":
                self._body_line(i, raw)
            else:
                self._glossary_line(i, raw)

    def _skip_contents(self) -> int:
        """Return the index of the first body line, collecting the table of contents."""
        try:
            start = next(i for i, ln in enumerate(self.lines) if ln.strip() == CONTENTS_LINE)
        except StopIteration:
            return 0
        for i in range(start + 1, len(self.lines)):
            line = self.lines[i].strip()
            if line == TITLE_LINE:
                return i + 1
            match = re.match(r"^(?P<num>\d{1,3})\s?\.\s*(?P<title>.+)$", line)
            if match is None or (self.contents and match.group("num") == self.contents[0][0]):
                return i
            self.contents.append((match.group("num"), match.group("title")))
        return start + 1

    # -- body ---------------------------------------------------------------------------

    def _body_line(self, index: int, raw: str) -> None:
        line = raw.strip(" ")
        parsed = self._numbered(index, line)
        if parsed is not None:
            number, text = parsed
            self._add_entry(index, number, text)
            return
        example = _EXAMPLE_RE.match(line)
        last = self.entries[-1] if self.entries else None
        if example and last is not None:
            if example.group("text"):
                last.examples.append(Example(example.group("text").strip(), self.source(index)))
            else:
                self.pending_example = Example("", self.source(index))
                last.examples.append(self.pending_example)
                self.note(index, "example text on the next line")
            return
        if self.pending_example is not None:
            self.pending_example.text = line.strip()
            self.pending_example = None
            return
        if self.pending_number is not None:
            self.pending_number.text = line.strip()
            self.pending_number.kind = rule_kind(self.pending_number.number, self.pending_number.text)
            self.pending_number = None
            return
        if last is None:
            return  # header prose before section 0
        # A continuation line (some start with U+3000) belongs to the rule above; under a
        # heading (0. はじめに) it starts the heading's own text.
        text = line.strip("\u3000 ")
        if last.examples:
            last.examples[-1].text += "\n" + text
        elif last.kind == "title":
            self.entries.append(RuleEntry(last.number, self.version, text, "text", self.source(index)))
        else:
            last.text += "\n" + text

    def _numbered(self, index: int, line: str) -> tuple[RuleNumber, str] | None:
        for pattern in (_SUBRULE_RE, _RULE_RE, _CHAPTER_RE, _SECTION_RE):
            match = pattern.match(line)
            if match is None:
                continue
            try:
                number = RuleNumber.parse(match.group("num"))
            except RuleNumberError:
                continue
            self._note_format(index, pattern, match.group("sep"), str(number))
            return number, match.group("text").strip()
        return None

    def _note_format(self, index: int, pattern: re.Pattern[str], sep: str, number: str) -> None:
        if pattern is _RULE_RE or pattern is _CHAPTER_RE:
            if "." not in sep:
                self.note(index, f"{number}: no period after the number")
            elif sep.startswith(" "):
                self.note(index, f"{number}: space before the period")
            elif sep == ".":
                self.note(index, f"{number}: no space after the number")
        elif pattern is _SUBRULE_RE and sep == "" and self.lines[index].strip() != number:
            self.note(index, f"{number}: no space after the number")

    def _add_entry(self, index: int, number: RuleNumber, text: str) -> None:
        self.pending_example = None
        self.pending_number = None
        label = str(number)
        if text.startswith(label) and text[len(label):len(label) + 1] in (".", " ", "\u3000"):
            rest = text[len(label):].lstrip(". \u3000")
            if rest:
                self.note(index, f"{number}: number repeated")
                text = rest
        examples: list[Example] = []
        inline = _INLINE_EXAMPLE_RE.search(text)
        if inline:
            examples.append(Example(text[inline.end():].strip(), self.source(index)))
            text = text[: inline.start()].rstrip()
            self.note(index, f"{number}: example inside the rule line")
        entry = RuleEntry(number, self.version, text, rule_kind(number, text), self.source(index),
                          examples)
        if not text:
            self.pending_number = entry
            self.note(index, f"{number}: number alone, text on the next line")
        if any(e.number == number for e in self.entries[-3:]):
            self.note(index, f"{number}: number given twice")
        self.entries.append(entry)

    # -- glossary -----------------------------------------------------------------------

    def _glossary_line(self, index: int, raw: str) -> None:
        if not raw.startswith(("\u3000", " ", "\t")):
            match = _HEADWORD_RE.match(raw.strip())
            if match:
                self.glossary.append(GlossaryEntry(
                    headword=(match.group("head") or "").strip(),
                    reading=match.group("reading").strip(),
                    english=match.group("english").strip(),
                    definition="",
                    version=self.version,
                    source=self.source(index),
                ))
                return
        if not self.glossary:
            raise KbError("glossary text before the first headword", self.path, index + 1)
        entry = self.glossary[-1]
        text = raw.strip("\u3000 \t")
        if not raw.startswith("\u3000"):
            self.note(index, f"glossary {entry.key}: definition without its indent")
        entry.definition = f"{entry.definition}\n{text}" if entry.definition else text
