"""The catalogs behind the checks' coverage figures: every CR example and every keyword.

``examples.tsv`` has one row per example paragraph (``例：``) of the Japanese CR
:data:`CATALOG_VERSION`: the rule it belongs to, its index among that rule's examples as the
graph gives them, the fingerprint of its text, and its kind: ``situation`` when a game model can
play it out, otherwise why not (:data:`EXAMPLE_KINDS`).  ``keywords.tsv`` has one row per
keyword action (701.2 onwards) and keyword ability (702.2 onwards): its names, the subrule that
defines its behaviour, whether it has in-game behaviour (:data:`KEYWORD_BEHAVIOURS`) and the
other subrules that state some.  Neither file holds CR text.

The figures take rule numbers and example references, not checks: the check registry computes
them from whatever checks pass, and the engine stays out of it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kb.checks.fingerprint import fingerprint
from kb.errors import KbError
from kb.graph import RuleGraph, version_key
from kb.rulenum import Level, RuleNumber

CATALOG_VERSION = "20260116.0"
"""The CR version the catalogs were read from."""

EXAMPLES_FILE = Path(__file__).with_name("examples.tsv")
KEYWORDS_FILE = Path(__file__).with_name("keywords.tsv")

EXAMPLE_COLUMNS = ("rule", "index", "fingerprint", "kind", "reason")
KEYWORD_COLUMNS = ("rule", "name_en", "name_ja", "kind", "defining", "behaviour",
                   "behaviour_subrules")

SITUATION = "situation"
EXAMPLE_KINDS = {
    SITUATION: "a game situation a game model can play out and check",
    "wording": "explains how printed text or a type line reads; nothing happens in a game",
    "definition-only": "names the kind of an ability or a link between abilities; no outcome",
    "game-setup": "an arrangement made before the game starts (seating, ranges)",
    "deck-construction": "which cards a deck may contain",
    "tournament": "tournament procedure",
    "out-of-game": "a decision players make outside the game",
    "shortcut": "how players shorten play by agreement; a game model plays every step",
    "obsolete": "no longer true: the authoritative English text has dropped it",
}
"""Kinds of example; every kind but ``situation`` needs a reason in its row."""

IN_GAME = "in-game"
KEYWORD_BEHAVIOURS = {
    IN_GAME: "has behaviour in a game, to be checked",
    "deck-construction": "its defining rule is about building a deck",
    "outside-cr": "the CR leaves its rules to another document",
}

_FINGERPRINT_RE = re.compile(r"[0-9a-f]{8}")


@dataclass(frozen=True)
class ExampleRef:
    """One example: the ``index``-th (from 1) example of ``rule``, written ``702.19b#2``."""

    rule: RuleNumber
    index: int

    def __str__(self) -> str:
        return f"{self.rule}#{self.index}"

    @classmethod
    def parse(cls, text: str) -> ExampleRef:
        """``702.19b#2``; raises ValueError on anything else."""
        number, sep, index = text.partition("#")
        if not sep or not index.isdigit() or int(index) < 1:
            raise ValueError(f"not an example reference (RULE#INDEX): {text!r}")
        return cls(RuleNumber.parse(number), int(index))


@dataclass(frozen=True)
class ExampleRow:
    ref: ExampleRef
    fingerprint: str
    """Of the example's text (:func:`kb.checks.fingerprint.fingerprint`)."""
    kind: str
    """A key of :data:`EXAMPLE_KINDS`."""
    reason: str
    """Why it is not a situation; empty for a situation."""
    line: int
    """Where the row is in its file."""

    @property
    def is_situation(self) -> bool:
        return self.kind == SITUATION


@dataclass(frozen=True)
class KeywordRow:
    rule: RuleNumber
    name_en: str
    name_ja: str
    kind: str
    """``action`` (701) or ``ability`` (702)."""
    defining: RuleNumber
    behaviour: str
    """A key of :data:`KEYWORD_BEHAVIOURS`."""
    behaviour_subrules: tuple[RuleNumber, ...]
    line: int

    @property
    def in_game(self) -> bool:
        return self.behaviour == IN_GAME


# -- reading ------------------------------------------------------------------------------


def load_examples(path: Path = EXAMPLES_FILE) -> tuple[ExampleRow, ...]:
    rows: list[ExampleRow] = []
    seen: dict[RuleNumber, int] = {}
    for line, cells in _rows(path, EXAMPLE_COLUMNS):
        rule = _number(cells[0], "rule", path, line)
        if not cells[1].isdigit() or int(cells[1]) < 1:
            raise KbError(f"index must be a whole number from 1, not {cells[1]!r}", path, line)
        index = int(cells[1])
        if index != seen.get(rule, 0) + 1:
            raise KbError(f"example {rule}#{index} does not follow {rule}#{seen.get(rule, 0)}"
                          " (a rule's examples are listed once each, in order)", path, line)
        seen[rule] = index
        if not _FINGERPRINT_RE.fullmatch(cells[2]):
            raise KbError(f"fingerprint must be 8 lower-case hex digits, not {cells[2]!r}", path, line)
        kind, reason = cells[3], cells[4].strip()
        if kind not in EXAMPLE_KINDS:
            raise KbError(f"unknown kind {kind!r} (one of {', '.join(EXAMPLE_KINDS)})", path, line)
        if (kind == SITUATION) == bool(reason):
            raise KbError("a situation has no reason; every other kind needs one", path, line)
        rows.append(ExampleRow(ExampleRef(rule, index), cells[2], kind, reason, line))
    return tuple(rows)


def load_keywords(path: Path = KEYWORDS_FILE) -> tuple[KeywordRow, ...]:
    rows: list[KeywordRow] = []
    seen: set[RuleNumber] = set()
    for line, cells in _rows(path, KEYWORD_COLUMNS):
        rule = _number(cells[0], "rule", path, line)
        if rule.level != Level.RULE or rule.chapter not in (701, 702) or (rule.rule or 0) < 2:
            raise KbError(f"{rule} is not a keyword rule (701.2 onwards, 702.2 onwards)", path, line)
        if rule in seen:
            raise KbError(f"{rule} is listed twice", path, line)
        seen.add(rule)
        name_en, name_ja, kind = cells[1].strip(), cells[2].strip(), cells[3]
        if not name_en or not name_ja:
            raise KbError("both names are needed", path, line)
        expected = "action" if rule.chapter == 701 else "ability"
        if kind != expected:
            raise KbError(f"kind of {rule} is {expected!r}, not {kind!r}", path, line)
        defining = _subrule_of(rule, cells[4], path, line)
        behaviour = cells[5]
        if behaviour not in KEYWORD_BEHAVIOURS:
            raise KbError(f"unknown behaviour {behaviour!r} (one of {', '.join(KEYWORD_BEHAVIOURS)})",
                          path, line)
        others = tuple(_subrule_of(rule, word, path, line) for word in cells[6].split())
        if defining in others or len(set(others)) != len(others):
            raise KbError("behaviour_subrules repeat a subrule or name the defining one", path, line)
        rows.append(KeywordRow(rule, name_en, name_ja, kind, defining, behaviour, others, line))
    return tuple(rows)


def _rows(path: Path, columns: tuple[str, ...]) -> Iterator[tuple[int, list[str]]]:
    """Cells of each row after the header; ``#`` lines and blank lines are skipped."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise KbError(f"cannot read the catalog: {error.strerror}", path) from error
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise KbError("not UTF-8", path, data.count(b"\n", 0, error.start) + 1) from error
    header = False
    for line, raw in enumerate(text.split("\n"), 1):
        raw = raw.removesuffix("\r")
        if not raw.strip() or raw.startswith("#"):
            continue
        cells = raw.split("\t")
        if not header:
            if tuple(cells) != columns:
                raise KbError(f"the header must be {' <TAB> '.join(columns)}", path, line)
            header = True
            continue
        if len(cells) != len(columns):
            raise KbError(f"{len(cells)} columns instead of {len(columns)} ({', '.join(columns)})",
                          path, line)
        yield line, cells
    if not header:
        raise KbError(f"no header row ({' <TAB> '.join(columns)})", path, 1)


def _number(text: str, column: str, path: Path, line: int) -> RuleNumber:
    parsed = RuleNumber.try_parse(text)
    if parsed is None or str(parsed) != text:
        raise KbError(f"{column} is not a rule number: {text!r}", path, line)
    return parsed


def _subrule_of(rule: RuleNumber, text: str, path: Path, line: int) -> RuleNumber:
    number = _number(text, "subrule", path, line)
    if number.parent != rule or number.level != Level.SUBRULE:
        raise KbError(f"{number} is not a subrule of {rule}", path, line)
    return number


# -- the catalogs against a graph ----------------------------------------------------------


def newest_cr_version(graph: RuleGraph) -> str | None:
    versions = [s.version for s in graph.sources if s.kind == "cr" and s.version]
    return max(versions, key=version_key) if versions else None


def graph_examples(graph: RuleGraph, version: str | None = None) -> list[tuple[ExampleRef, str]]:
    """Every example of ``version`` (the newest CR in the graph by default) with its text."""
    version = version or newest_cr_version(graph)
    found: list[tuple[ExampleRef, str]] = []
    if version is None:
        return found
    for node in graph:
        text = node.text_in(version)
        if text is not None:
            found.extend((ExampleRef(node.number, i), e.text) for i, e in enumerate(text.examples, 1))
    return found


@dataclass(frozen=True)
class ExampleDrift:
    """Where the catalog and a CR's examples disagree: a newer CR, or a wrong row."""

    missing: tuple[ExampleRef, ...]
    """Examples of the CR with no row."""
    unknown: tuple[ExampleRow, ...]
    """Rows naming no example of the CR."""
    changed: tuple[ExampleRow, ...]
    """Rows whose fingerprint is not that of the CR's example text."""

    @property
    def ok(self) -> bool:
        return not (self.missing or self.unknown or self.changed)


def example_drift(rows: Sequence[ExampleRow], graph: RuleGraph,
                  version: str | None = None) -> ExampleDrift:
    """Rows against the examples of ``version`` (the newest CR in the graph by default); with no
    CR there is nothing to compare, and no drift."""
    if (version or newest_cr_version(graph)) is None:
        return ExampleDrift((), (), ())
    texts = dict(graph_examples(graph, version))
    listed = {row.ref for row in rows}
    return ExampleDrift(
        missing=tuple(ref for ref in texts if ref not in listed),
        unknown=tuple(row for row in rows if row.ref not in texts),
        changed=tuple(row for row in rows
                      if row.ref in texts and fingerprint(texts[row.ref]) != row.fingerprint),
    )


@dataclass(frozen=True)
class KeywordDrift:
    missing: tuple[RuleNumber, ...]
    """Keyword rules of the CR with no row."""
    unknown: tuple[KeywordRow, ...]
    """Rows whose rule, or a subrule they name, is not in the CR."""
    renamed: tuple[KeywordRow, ...]
    """Rows whose Japanese name is not the one the CR's heading gives."""

    @property
    def ok(self) -> bool:
        return not (self.missing or self.unknown or self.renamed)


def keyword_drift(rows: Sequence[KeywordRow], graph: RuleGraph,
                  version: str | None = None) -> KeywordDrift:
    """Rows against the keyword rules of ``version`` (by default the newest CR in the graph;
    with none, no drift)."""
    version = version or newest_cr_version(graph)
    if version is None:
        return KeywordDrift((), (), ())
    in_cr = {node.number: node for node in graph
             if any(t.version == version for t in node.texts + node.titles)}
    keywords = [n for n in in_cr if n.level == Level.RULE and n.chapter in (701, 702)
                and (n.rule or 0) >= 2]
    listed = {row.rule for row in rows}
    unknown, renamed = [], []
    for row in rows:
        if any(n not in in_cr for n in (row.rule, row.defining, *row.behaviour_subrules)):
            unknown.append(row)
            continue
        heading = next((t.text for t in in_cr[row.rule].titles if t.version == version), "")
        if heading.partition("／")[0].strip() != row.name_ja:
            renamed.append(row)
    return KeywordDrift(tuple(n for n in keywords if n not in listed), tuple(unknown), tuple(renamed))


# -- coverage -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ExampleCoverage:
    rows: tuple[ExampleRow, ...]
    covered: frozenset[ExampleRef]
    """Examples of the catalog with a passing check."""
    unknown: tuple[ExampleRef, ...]
    """Examples given as covered that the catalog does not have (renumbered? review them)."""

    @property
    def total(self) -> int:
        return len(self.rows)

    @property
    def situations(self) -> int:
        return sum(row.is_situation for row in self.rows)

    @property
    def rest(self) -> list[tuple[ExampleRow, str]]:
        """Examples without a passing check, each with why."""
        return [(row, row.reason if not row.is_situation else "no passing check yet")
                for row in self.rows if row.ref not in self.covered]

    def as_json(self) -> dict[str, Any]:
        return {
            "total": self.total, "covered": len(self.covered), "situations": self.situations,
            "rest": [{"example": str(row.ref), "kind": row.kind, "reason": why}
                     for row, why in self.rest],
            "unknown": [str(ref) for ref in self.unknown],
        }


def example_coverage(rows: Sequence[ExampleRow], covered: Iterable[ExampleRef]) -> ExampleCoverage:
    given = set(covered)
    listed = {row.ref for row in rows}
    return ExampleCoverage(tuple(rows), frozenset(given & listed),
                           tuple(sorted(given - listed, key=lambda r: (r.rule.sort_key, r.index))))


@dataclass(frozen=True)
class KeywordCoverage:
    rows: tuple[KeywordRow, ...]
    passing: frozenset[RuleNumber]

    @property
    def in_game(self) -> list[KeywordRow]:
        return [row for row in self.rows if row.in_game]

    @property
    def defining_covered(self) -> list[KeywordRow]:
        return [row for row in self.in_game if row.defining in self.passing]

    @property
    def defining_missing(self) -> list[KeywordRow]:
        return [row for row in self.in_game if row.defining not in self.passing]

    @property
    def behaviour_subrules(self) -> list[RuleNumber]:
        return [n for row in self.rows for n in row.behaviour_subrules]

    @property
    def behaviour_missing(self) -> list[RuleNumber]:
        return [n for n in self.behaviour_subrules if n not in self.passing]

    def as_json(self) -> dict[str, Any]:
        subrules = self.behaviour_subrules
        return {
            "defining": {"total": len(self.in_game), "covered": len(self.defining_covered),
                         "missing": [str(row.defining) for row in self.defining_missing]},
            "behaviour_subrules": {"total": len(subrules),
                                   "covered": len(subrules) - len(self.behaviour_missing),
                                   "missing": [str(n) for n in self.behaviour_missing]},
            "without_in_game_behaviour": [{"rule": str(row.rule), "behaviour": row.behaviour}
                                          for row in self.rows if not row.in_game],
        }


def keyword_coverage(rows: Sequence[KeywordRow], passing: Iterable[RuleNumber]) -> KeywordCoverage:
    return KeywordCoverage(tuple(rows), frozenset(passing))


@dataclass(frozen=True)
class ChapterSpan:
    """Chapters ``first`` to ``last`` (inclusive): one area of the game's machinery."""

    first: int
    last: int
    label: str
    label_ja: str

    def __str__(self) -> str:
        return str(self.first) if self.first == self.last else f"{self.first}–{self.last}"

    def __contains__(self, number: RuleNumber) -> bool:
        return number.chapter is not None and self.first <= number.chapter <= self.last


MACHINERY = (
    ChapterSpan(500, 514, "turn structure", "ターンの構造"),
    ChapterSpan(506, 511, "combat", "戦闘"),
    ChapterSpan(601, 608, "casting, activating, triggers, resolving",
                "呪文と能力 (唱える・起動・誘発・解決)"),
    ChapterSpan(611, 616, "continuous, replacement and prevention effects, layers",
                "継続的効果・置換効果・軽減効果"),
    ChapterSpan(704, 704, "state-based actions", "状況起因処理"),
    ChapterSpan(117, 117, "timing and priority", "タイミングと優先権"),
)
"""The chapters that define the game's machinery, each covered as a whole."""


@dataclass(frozen=True)
class SpanCoverage:
    span: ChapterSpan
    version: str
    rules: tuple[RuleNumber, ...]
    """Rules and subrules of the span with text in ``version``, in rule order."""
    passing: frozenset[RuleNumber]

    @property
    def missing(self) -> list[RuleNumber]:
        return [n for n in self.rules if n not in self.passing]

    @property
    def covered(self) -> int:
        return len(self.rules) - len(self.missing)

    def as_json(self) -> dict[str, Any]:
        return {"chapters": str(self.span), "label": self.span.label, "label_ja": self.span.label_ja,
                "version": self.version, "rules": len(self.rules), "covered": self.covered,
                "missing": [str(n) for n in self.missing]}


def chapter_coverage(graph: RuleGraph, passing: Iterable[RuleNumber],
                     spans: Sequence[ChapterSpan] = MACHINERY) -> tuple[SpanCoverage, ...]:
    """Rules with text vs rules with a passing check, per span; nothing without a CR."""
    version = newest_cr_version(graph)
    if version is None:
        return ()
    passed = frozenset(passing)
    with_text = [node.number for node in graph if node.text_in(version) is not None]
    return tuple(SpanCoverage(span, version, tuple(n for n in with_text if n in span),
                              passed & {n for n in with_text if n in span})
                 for span in spans)
