"""What the build reads of a check besides its outcome: the rules it cites, its wiki bullets
and examples, its statement, docstring, place, cards and source text.

All of it depends on the program alone, like the outcome, so the build keeps it in its
cache beside the outcomes (``check-descriptions``, by the same program fingerprint: a
changed module of checks is a changed program, and nothing is reused).  A build of an
unchanged program then neither imports the modules of checks nor the engine (some 1.3 s
of a rebuild's CPU); staleness is still judged afresh against the new graph."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from kb.checks.registry import Check, Citation, ExampleRef, WikiBullet
from kb.checks.statement import Statement
from kb.rulenum import RuleNumber

CardName = tuple[str, "str | None"]
"""A real card a statement names: its Japanese name, and its English one where known."""


@dataclass(frozen=True)
class Described:
    id: str
    cites: tuple[Citation, ...]
    wiki: tuple[WikiBullet, ...]
    statement: Statement
    examples: tuple[ExampleRef, ...]
    doc: str
    location: str
    """``kb/checks/cr/cr702_26_phasing.py:42``."""
    cards: tuple[CardName, ...]
    origin: Check | str = field(compare=False, repr=False)
    """The check, to read its source text from when asked; or that text, from the cache."""

    @property
    def rules(self) -> tuple[RuleNumber, ...]:
        return tuple(c.number for c in self.cites)

    @functools.cached_property
    def source_text(self) -> str:
        """The check's code (read once: a tokenizer pass over its lines)."""
        return self.origin if isinstance(self.origin, str) else self.origin.source()

    @classmethod
    def of(cls, check: Check) -> Described:
        from kb.checks.cards import POOL  # the engine's cards: imported with the checks anyway

        return cls(check.id, check.cites, check.wiki, check.statement, check.examples, check.doc,
                   check.location(), tuple((name, POOL.english(name)) for name in check.cards), check)

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "cites": [[str(c.number), c.fingerprint, c.version] for c in self.cites],
            "wiki": [[b.page, b.words, b.outdated] for b in self.wiki],
            "statement": self.statement.as_dict(),
            "examples": [[str(e.rule), e.index, e.fingerprint] for e in self.examples],
            "doc": self.doc,
            "location": self.location,
            "cards": [list(card) for card in self.cards],
            "source": self.source_text,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Described:
        return cls(
            str(data["id"]),
            tuple(Citation(RuleNumber.parse(n), str(f), str(v)) for n, f, v in data["cites"]),
            tuple(WikiBullet(str(p), str(w), bool(o)) for p, w, o in data["wiki"]),
            Statement(**{k: str(v) for k, v in data["statement"].items()}),
            tuple(ExampleRef(RuleNumber.parse(r), int(i), str(f)) for r, i, f in data["examples"]),
            str(data["doc"]), str(data["location"]),
            tuple((str(ja), None if en is None else str(en)) for ja, en in data["cards"]),
            str(data["source"]),
        )


KEY = "checks"
"""The one entry of the ``check-descriptions`` cache: every check's description, in order."""


def cached(entries: dict[str, Any]) -> list[Described] | None:
    """The descriptions a build of this program kept; None when there are none."""
    found = entries.get(KEY)
    if not isinstance(found, list) or not found:
        return None
    return [Described.from_json(item) for item in found]


def entries(described: list[Described]) -> dict[str, Any]:
    return {KEY: [d.as_json() for d in described]}
