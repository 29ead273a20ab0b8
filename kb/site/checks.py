"""Executable checks attached to a rule, as the site shows them.

The checks issue adds ``checks`` to rule nodes; until that lands a node has none and the
rule page leaves the section out.  This adapter is the one place that knows the shape, so
wiring the real records in touches only this file.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kb.graph import RuleNode


@dataclass(frozen=True)
class CheckView:
    name: str
    status: str
    """``pass``, ``fail``, ``error``, ``stale`` … as the checks report it."""
    doc: str
    source: str
    """The check's source code."""
    location: str
    """``kb/checks/…py:12``."""


def checks_of(node: RuleNode) -> list[CheckView]:
    found: Any = getattr(node, "checks", None) or []
    return [_view(check) for check in found]


def _field(check: Any, *names: str) -> str:
    for name in names:
        value = check.get(name) if isinstance(check, dict) else getattr(check, name, None)
        if value is not None:
            return str(value)
    return ""


def _view(check: Any) -> CheckView:
    path, line = _field(check, "path", "file"), _field(check, "line")
    return CheckView(
        name=_field(check, "name", "qualname", "function"),
        status=_field(check, "status", "result") or "unknown",
        doc=_field(check, "doc", "docstring", "scenario"),
        source=_field(check, "source", "code"),
        location=f"{path}:{line}" if path and line else path,
    )
