"""The registry of checks: ``@check(...)`` on a function in a module of :mod:`kb.checks.cr`.

::

    @check("613.8a@20260116.0@1a2b3c4d", "613.7@91668488", example="613.4d#1@5e6f7a8b")
    def opalescence_waits_for_enchanted_evening(expect: Expect) -> None:
        \"\"\"状況: …
        行動: …
        結果: …\"\"\"

- Each cited rule is ``NUMBER@FINGERPRINT`` (the text of 20231117.0, the version the seed wiki
  pages quote) or ``NUMBER@VERSION@FINGERPRINT``; new checks cite the 20260116.0 text.  The
  fingerprint is that of the rule text the check was written against, so a later text is
  reported for review (:mod:`kb.checks.staleness`).  ``python -m kb.checks.cite 613.8a`` prints it.
- ``example="613.4d#1@FINGERPRINT"`` says the check reproduces the CR's first example (例) of
  613.4d, whose text has that fingerprint (20260116.0); a check may name several.
- ``wiki="page: words"`` names the wiki bullet the check illustrates; ``wiki_outdated="page:
  words"`` names one the check shows to state an older rule (the site marks that passage).
- The docstring is the check's statement (:mod:`kb.checks.statement`), checked as the check is
  registered: a malformed one raises :class:`CheckDefinitionError` with its file and line.

Every check has the signature ``def name(expect: Expect) -> None``: it builds a game, acts, and
states with ``expect`` what the rules say must now be true.  The modules of checks are found in
:mod:`kb.checks.cr` by name (``cr702_26_phasing``): adding a module there is all it takes.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

from kb.checks import source_text, statement
from kb.checks.statement import Statement
from kb.rulenum import RuleNumber, RuleNumberError

if TYPE_CHECKING:  # the engine: imported by the modules of checks, not by what reads about them
    from kb.checks.expect import Expect

WRITTEN_AGAINST = "20231117.0"
"""The CR version a cite without a version was written against: the text the seed pages quote."""
CURRENT = "20260116.0"
"""The CR version new checks cite (``NUMBER@20260116.0@FINGERPRINT``)."""

PACKAGE = "kb.checks.cr"

CheckFunction = Callable[["Expect"], None]


class CheckDefinitionError(ValueError):
    """A check is written wrongly; the message starts with its file and line."""


@dataclass(frozen=True)
class Citation:
    number: RuleNumber
    fingerprint: str
    """Of the text of ``number`` in ``version``."""
    version: str


@dataclass(frozen=True)
class ExampleRef:
    """"This check is example ``index`` (1-based, in the order of the 例 paragraphs) of ``rule``."""

    rule: RuleNumber
    index: int
    fingerprint: str
    """Of the example's text in :data:`CURRENT`."""

    def __str__(self) -> str:
        return f"{self.rule}#{self.index}"


@dataclass(frozen=True)
class WikiBullet:
    page: str
    words: str
    outdated: bool = False
    """The check shows the bullet to contradict the current rules (``wiki_outdated=``)."""

    def __str__(self) -> str:
        return f"{self.page}: {self.words}"


@dataclass(frozen=True)
class Check:
    id: str
    """``module.function``, e.g. ``cr702_26_phasing.wrath_of_god_spares_phased_out``."""
    function: CheckFunction
    cites: tuple[Citation, ...]
    wiki: tuple[WikiBullet, ...]
    statement: Statement
    examples: tuple[ExampleRef, ...] = ()

    @property
    def section(self) -> str:
        return self.id.split(".")[0]

    @property
    def version(self) -> str:
        return self.cites[0].version

    @property
    def rules(self) -> tuple[RuleNumber, ...]:
        return tuple(c.number for c in self.cites)

    @property
    def doc(self) -> str:
        return inspect.getdoc(self.function) or ""

    @property
    def cards(self) -> tuple[str, ...]:
        return self.statement.cards

    def source(self) -> str:
        return source_text.source(self.function)

    def location(self) -> str:
        code = self.function.__code__
        path = Path(code.co_filename)
        parts = path.parts
        relative = Path(*parts[len(parts) - 1 - parts[::-1].index("kb"):]) if "kb" in parts else path
        return f"{relative.as_posix()}:{code.co_firstlineno}"


_REGISTRY: dict[str, Check] = {}
_HEX8 = re.compile(r"^[0-9a-f]{8}$")
_EXAMPLE = re.compile(r"^(?P<rule>[^#@]+)#(?P<index>\d+)@(?P<mark>[0-9a-f]{8})$")


def check(*cites: str, wiki: str | tuple[str, ...] = (), example: str | tuple[str, ...] = (),
          version: str = WRITTEN_AGAINST,
          wiki_outdated: str | tuple[str, ...] = ()) -> Callable[[CheckFunction], CheckFunction]:
    """Register a check for the rules it cites."""

    def register(function: CheckFunction) -> CheckFunction:
        where = _where(function)
        module = function.__module__.rsplit(".", 1)[-1]
        check_id = f"{module}.{function.__name__}"
        try:
            if not cites:
                raise ValueError("a check must cite at least one rule")
            citations = tuple(_citation(c, version) for c in cites)
            bullets = tuple(_bullet(w) for w in ((wiki,) if isinstance(wiki, str) else wiki)) + tuple(
                _bullet(w, outdated=True)
                for w in ((wiki_outdated,) if isinstance(wiki_outdated, str) else wiki_outdated))
            examples = tuple(_example(e) for e in ((example,) if isinstance(example, str) else example))
            told = statement.parse(inspect.getdoc(function) or "")
        except (ValueError, RuleNumberError) as error:
            raise CheckDefinitionError(f"{where}: {check_id}: {error}") from None
        if check_id in _REGISTRY and _REGISTRY[check_id].function is not function:
            raise CheckDefinitionError(f"{where}: two checks are called {check_id}")
        _REGISTRY[check_id] = Check(check_id, function, citations, bullets, told, examples)
        return function

    return register


def _where(function: CheckFunction) -> str:
    code = function.__code__
    return f"{code.co_filename}:{code.co_firstlineno}"


def _citation(text: str, version: str) -> Citation:
    number, *rest = text.split("@")
    if len(rest) == 2:
        version = rest.pop(0)
    mark = rest[0] if len(rest) == 1 else ""
    if not _HEX8.match(mark):
        raise ValueError(f"cite a rule as NUMBER@FINGERPRINT or NUMBER@VERSION@FINGERPRINT "
                         f"(8 hex digits; python -m kb.checks.cite NUMBER prints it), not {text!r}")
    return Citation(RuleNumber.parse(number), mark, version)


def _example(text: str) -> ExampleRef:
    match = _EXAMPLE.match(text)
    if match is None:
        raise ValueError(f"name an example as RULE#INDEX@FINGERPRINT (python -m kb.checks.cite RULE prints "
                         f"them), not {text!r}")
    return ExampleRef(RuleNumber.parse(match.group("rule")), int(match.group("index")), match.group("mark"))


def _bullet(text: str, outdated: bool = False) -> WikiBullet:
    page, sep, words = text.partition(":")
    if not sep or not words.strip():
        raise ValueError(f"name a wiki bullet as 'page: words', not {text!r}")
    return WikiBullet(page.strip(), words.strip(), outdated)


def modules() -> list[str]:
    """The modules of checks: every module of :data:`PACKAGE`, in name order."""
    package = importlib.import_module(PACKAGE)
    return sorted(f"{PACKAGE}.{m.name}" for m in pkgutil.iter_modules(package.__path__) if not m.name.startswith("_"))


def all_checks() -> list[Check]:
    """Every check, by module then in the order the module defines them."""
    names = modules()
    for name in names:
        importlib.import_module(name)
    order = {name.rsplit(".", 1)[-1]: i for i, name in enumerate(names)}
    return sorted(_REGISTRY.values(),
                  key=lambda c: (order.get(c.section, len(order)), c.function.__code__.co_firstlineno))


class _Citing(Protocol):
    @property
    def rules(self) -> tuple[RuleNumber, ...]: ...


CheckT = TypeVar("CheckT", bound=_Citing)
"""A check, or what a build keeps of it (:class:`kb.checks.described.Described`)."""


def select(checks: list[CheckT], numbers: list[RuleNumber]) -> list[CheckT]:
    """Checks citing one of ``numbers`` or a subrule of one: 702.26 selects 702.26a, never 702.2."""
    if not numbers:
        return checks
    return [c for c in checks
            if any(n == r or n.is_ancestor_of(r) for n in numbers for r in c.rules)]
