"""One release as the history keeps it: its numbered entries in document order, compact.

The history holds every release at once (110 of them), so a release keeps only what the
history and the pages need: number, text, kind, examples and line, as parallel tuples,
with equal strings shared between releases (most texts carry over unchanged).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from kb.model import RuleKind
from kb.rulenum import RuleNumber
from kb.sources.cr_en import EnglishRelease


class Interner:
    """One string object per distinct text across releases."""

    def __init__(self) -> None:
        self._strings: dict[str, str] = {}

    def __call__(self, text: str) -> str:
        return self._strings.setdefault(text, text)

    def all(self, texts: list[str]) -> tuple[str, ...]:
        """Each of ``texts`` interned: the dictionary's own ``setdefault`` mapped over them,
        no Python call per text (a release holds some 3,000, 109 cached ones are read)."""
        return tuple(map(self._strings.setdefault, texts, texts))


_KIND_CODES: dict[str, str] = {"text": "r", "title": "h"}
_KINDS: dict[str, RuleKind] = {"r": "text", "h": "title"}


class NumberCache:
    """One parsed :class:`RuleNumber` per distinct string: releases share most numbers."""

    def __init__(self) -> None:
        self._numbers: dict[str, RuleNumber] = {}

    def __call__(self, text: str) -> RuleNumber:
        found = self._numbers.get(text)
        if found is None:
            found = self._numbers[text] = RuleNumber.parse(text)
        return found

    def all(self, texts: list[str]) -> tuple[RuleNumber, ...]:
        """Each of ``texts`` parsed, the known ones by a dictionary lookup alone."""
        numbers = self._numbers
        # The new ones found by a set difference: no Python step per known number.
        for text in set(texts).difference(numbers):
            numbers[text] = RuleNumber.parse(text)
        return tuple(map(numbers.__getitem__, texts))


@dataclass(frozen=True, eq=False)
class Release:
    """The numbered entries of one release (sections, chapters, rules and subrules)."""

    version: str
    """The label of its texts: the ISO date, ``2026-01-16``."""
    day: date
    path: str
    language: str
    numbers: tuple[RuleNumber, ...]
    texts: tuple[str, ...]
    kinds: tuple[RuleKind, ...]
    examples: tuple[tuple[str, ...], ...]
    lines: tuple[int, ...]
    effective: date | None = None
    notes: tuple[str, ...] = field(default=())
    """What the reader recorded as irregular, ``line: message``."""

    @classmethod
    def from_english(cls, release: EnglishRelease, intern: Interner | None = None) -> Release:
        keep = intern or Interner()
        entries = release.entries
        return cls(
            version=release.version,
            day=release.release,
            path=release.path,
            language=release.language,
            numbers=tuple(e.number for e in entries),
            texts=tuple(keep(e.text) for e in entries),
            kinds=tuple(e.kind for e in entries),
            examples=tuple(tuple(keep(x.text) for x in e.examples) for e in entries),
            lines=tuple(e.source.line for e in entries),
            effective=release.effective,
            notes=tuple(f"{i.source.line}: {i.message}" for i in release.irregularities),
        )

    def __len__(self) -> int:
        return len(self.numbers)

    def to_json(self, base: Release | None = None) -> dict[str, Any]:
        """The release as the build's cache keeps it (see :func:`from_json`).  With
        ``base`` (the release read before it), a text or an entry's examples that ``base``
        also has is kept as its position there: most texts carry over from release to
        release, and the 110 releases written out whole were 60 MB of JSON to decode at
        each build, 17 MB so."""
        return {
            "version": self.version, "day": self.day.isoformat(), "path": self.path,
            "language": self.language, "numbers": [str(n) for n in self.numbers],
            "texts": _positions(self.texts, base.texts) if base is not None else list(self.texts),
            "kinds": "".join(_KIND_CODES[k] for k in self.kinds),
            "examples": (_positions(self.examples, base.examples) if base is not None
                         else [list(e) for e in self.examples]),
            "lines": list(self.lines),
            "effective": self.effective.isoformat() if self.effective else None,
            "notes": list(self.notes),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], intern: Interner | None = None,
                  numbers: NumberCache | None = None, base: Release | None = None) -> Release:
        """The release :meth:`to_json` gave, with the ``base`` it was given (a
        :class:`ValueError` when it holds positions and no base is given)."""
        keep = intern or Interner()
        parse = numbers or NumberCache()
        texts: list[Any] = data["texts"]
        examples: list[Any] = data["examples"]
        if base is not None:
            # A position is an int, a text a str and examples a list: no other values.
            texts = [base.texts[x] if x.__class__ is int else x for x in texts]
            examples = [base.examples[x] if x.__class__ is int else x for x in examples]
        elif any(x.__class__ is int for x in texts) or any(x.__class__ is int for x in examples):
            raise ValueError("the release is kept against another one: give it")
        return cls(
            version=data["version"], day=date.fromisoformat(data["day"]), path=data["path"],
            language=data["language"], numbers=parse.all(data["numbers"]),
            texts=keep.all(texts),
            kinds=tuple(map(_KINDS.__getitem__, data["kinds"])),
            examples=tuple(e if e.__class__ is tuple else keep.all(e) if e else () for e in examples),
            lines=tuple(data["lines"]),
            effective=date.fromisoformat(data["effective"]) if data["effective"] else None,
            notes=tuple(data["notes"]),
        )

    @functools.cached_property
    def index(self) -> dict[RuleNumber, int]:
        """Number -> position."""
        return {number: i for i, number in enumerate(self.numbers)}

    @functools.cached_property
    def parents(self) -> tuple[int, ...]:
        """Position of each entry's nearest ancestor present in the release, or -1."""
        index = self.index
        found = []
        for number in self.numbers:
            parent = number.parent
            while parent is not None and parent not in index:
                parent = parent.parent
            found.append(index[parent] if parent is not None else -1)
        return tuple(found)


def _positions(values: tuple[Any, ...], base: tuple[Any, ...]) -> list[Any]:
    """Each of ``values`` as the position of its first equal in ``base`` where it has
    one (an empty tuple stays itself), else as itself (a tuple as a list)."""
    where: dict[Any, int] = {}
    for i, value in enumerate(base):
        if value:
            where.setdefault(value, i)
    return [where.get(value, list(value) if isinstance(value, tuple) else value) for value in values]
