"""The registry: ``@check("702.26g@d4c5c646", wiki="フェイジング: …")`` on a function.

Each cited rule is written ``NUMBER@FINGERPRINT``: the fingerprint of the rule's text in the
CR version the check was written against (``version``, by default :data:`WRITTEN_AGAINST`),
so that a later text can be told apart and the check reported for review.  A rule the seed
pages don't quote, read in another version, is cited with its own: ``NUMBER@VERSION@FINGERPRINT``.  ``wiki`` names the
wiki bullet the check illustrates, as ``page: words from the bullet``.

Every check has the same signature, ``def name(expect: Expect) -> None``: it builds a game,
acts, and states with ``expect`` what the rule says must now be true.  Its docstring states the
scenario in a sentence or two.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from kb.checks.expect import Expect
from kb.rulenum import RuleNumber

WRITTEN_AGAINST = "20231117.0"
"""The CR version of the rule texts the checks were written against: the seed pages quote it."""

SECTIONS = ("phasing", "morph", "timestamps", "continuous")
"""The modules of checks, one per rule section, in the order they are listed."""

CheckFunction = Callable[[Expect], None]


@dataclass(frozen=True)
class Citation:
    number: RuleNumber
    fingerprint: str
    """Of the text of ``number`` in ``version``."""
    version: str
    """The CR version of the text the check was written against."""


@dataclass(frozen=True)
class WikiBullet:
    page: str
    words: str
    """Words from the bullet, enough to find it on the page."""


@dataclass(frozen=True)
class Check:
    id: str
    """``section.function``, e.g. ``phasing.wrath_of_god_spares_phased_out``."""
    function: CheckFunction
    cites: tuple[Citation, ...]
    wiki: tuple[WikiBullet, ...]

    @property
    def section(self) -> str:
        return self.id.split(".")[0]

    @property
    def version(self) -> str:
        """The CR version of the first cited rule's text: the one the check was written for."""
        return self.cites[0].version

    @property
    def rules(self) -> tuple[RuleNumber, ...]:
        return tuple(c.number for c in self.cites)

    @property
    def doc(self) -> str:
        return inspect.getdoc(self.function) or ""

    def source(self) -> str:
        return inspect.getsource(self.function)

    def location(self) -> str:
        code = self.function.__code__
        path = Path(code.co_filename)
        parts = path.parts
        relative = Path(*parts[parts.index("kb"):]) if "kb" in parts else path
        return f"{relative.as_posix()}:{code.co_firstlineno}"


_REGISTRY: dict[str, Check] = {}


def check(*cites: str, wiki: str | tuple[str, ...] = (), version: str = WRITTEN_AGAINST
          ) -> Callable[[CheckFunction], CheckFunction]:
    """Register a check for the rules it cites (``"702.26g@d4c5c646"``)."""
    citations = tuple(_citation(c, version) for c in cites)
    bullets = tuple(_bullet(w) for w in ((wiki,) if isinstance(wiki, str) else wiki))
    if not citations:
        raise ValueError("a check must cite at least one rule")

    def register(function: CheckFunction) -> CheckFunction:
        section = function.__module__.rsplit(".", 1)[-1]
        check_id = f"{section}.{function.__name__}"
        if check_id in _REGISTRY and _REGISTRY[check_id].function is not function:
            raise ValueError(f"two checks are called {check_id}")
        if not inspect.getdoc(function):
            raise ValueError(f"{check_id} needs a docstring stating its scenario")
        _REGISTRY[check_id] = Check(check_id, function, citations, bullets)
        return function

    return register


def _citation(text: str, version: str) -> Citation:
    number, *rest = text.split("@")
    if len(rest) == 2:
        version = rest.pop(0)
    mark = rest[0] if len(rest) == 1 else ""
    if len(mark) != 8 or any(c not in "0123456789abcdef" for c in mark):
        raise ValueError(f"cite a rule as NUMBER@FINGERPRINT (8 hex digits), not {text!r}")
    return Citation(RuleNumber.parse(number), mark, version)


def _bullet(text: str) -> WikiBullet:
    page, sep, words = text.partition(":")
    if not sep or not words.strip():
        raise ValueError(f"name a wiki bullet as 'page: words', not {text!r}")
    return WikiBullet(page.strip(), words.strip())


def all_checks() -> list[Check]:
    """Every check, by section then in the order the module defines them."""
    for section in SECTIONS:
        importlib.import_module(f"kb.checks.{section}")
    order = {name: i for i, name in enumerate(SECTIONS)}
    return sorted(_REGISTRY.values(),
                  key=lambda c: (order.get(c.section, len(order)), c.function.__code__.co_firstlineno))


def select(checks: list[Check], numbers: list[RuleNumber]) -> list[Check]:
    """Checks citing one of ``numbers`` or a subrule of one: 702.26 selects 702.26a, never 702.2."""
    if not numbers:
        return checks
    return [c for c in checks
            if any(n == r or n.is_ancestor_of(r) for n in numbers for r in c.rules)]
