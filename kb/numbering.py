"""Which numbering a page's rule references are in.

The CR renumbers rules between releases (702.26k of one release can be 702.26m of the
next), and a wiki page cites numbers as they were when it was written.  A reference is
resolved by :func:`resolve_number` from the number and the page's date, against the CR
release of the build.  Where the English CR history reaches the page's date (``kb build
--cr-en``), its renumbering map translates the number (:meth:`kb.graph.RuleGraph.resolve`:
719.x quoted under 20231117.0 is 722.x today) and the reference is ``current``; where no
map applies, a reference from a page older than that release is flagged ``possibly old``.

A page's date (:func:`page_written`) is its revision's date, or, for an undated copy, the
newest CR release it quotes (it was written under that release at the earliest).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal

from kb.model import WikiPage
from kb.rulenum import RuleNumber

Numbering = Literal["current", "possibly old", "unknown"]
"""``current``: the page is no older than the build's CR release, or a renumbering map
read its number as the build's release numbers it; ``possibly old``: it is older and no
map applies, so a number may be one the CR has since moved; ``unknown``: the page has no
date and quotes no release."""

Renumber = Callable[[RuleNumber, str], "RuleNumber | None"]
"""A renumbering map: today's number for a number written on a date (``YYYY-MM-DD``),
or None where the map does not reach that date or no rule of today continues it."""

_VERSION_RE = re.compile(r"^(?P<y>\d{4})(?P<m>\d{2})(?P<d>\d{2})(?:\.\d+)?$")
_DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}")


@dataclass(frozen=True)
class ResolvedNumber:
    number: RuleNumber
    """The rule in the build's CR release (the number as cited where no renumbering map
    says otherwise)."""
    numbering: Numbering


def release_date(version: str) -> str | None:
    """``20260116.0`` -> ``2026-01-16``."""
    match = _VERSION_RE.match(version)
    return f"{match.group('y')}-{match.group('m')}-{match.group('d')}" if match else None


def page_written(page: WikiPage) -> str | None:
    """The page's date (``YYYY-MM-DD``): its revision's, else the newest release it quotes."""
    stamp = page.revision.timestamp
    if stamp and _DATE_RE.match(stamp):
        return stamp[:10]
    quoted = [d for d in (release_date(c.version) for c in page.citations if c.entries) if d]
    return max(quoted) if quoted else None


def current_release(cr_versions: Iterable[str], other_versions: Iterable[str]) -> str | None:
    """The date of the build's CR: the newest CR file read, else the newest release any
    page quotes."""
    for versions in (cr_versions, other_versions):
        dates = [d for d in (release_date(v) for v in versions) if d]
        if dates:
            return max(dates)
    return None


def numbering_of(written: str | None, release: str | None) -> Numbering:
    """Whether a page written on ``written`` may use an older numbering than ``release``."""
    if written is None or release is None:
        return "unknown"
    return "possibly old" if written < release else "current"


def resolve_number(number: RuleNumber, written: str | None, release: str | None,
                   renumber: Renumber | None = None) -> ResolvedNumber:
    """``number`` as cited by a page written on ``written`` (``YYYY-MM-DD``), in the CR
    release dated ``release``: translated by ``renumber`` where it applies, else as cited
    and flagged by the page's date."""
    if renumber is not None and written is not None:
        today = renumber(number, written)
        if today is not None:
            return ResolvedNumber(today, "current")
    return ResolvedNumber(number, numbering_of(written, release))
