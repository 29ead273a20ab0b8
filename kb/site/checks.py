"""Executable checks attached to a rule (the build's ``checks`` stage), as the site shows them."""

from __future__ import annotations

from dataclasses import dataclass

from kb.graph import RuleNode

STATUS_LABELS = {"pass": "成功", "fail": "失敗", "needs-review": "要確認"}


@dataclass(frozen=True)
class CheckView:
    name: str
    status: str
    """``pass``, ``fail`` or ``needs-review`` (the rule's text changed since it was written)."""
    label: str
    message: str
    doc: str
    source: str
    """The check's source code."""
    location: str
    """``kb/checks/phasing.py:42``."""
    written_against: str
    changed_in: list[str]
    wiki: list[str]


def checks_of(node: RuleNode) -> list[CheckView]:
    return [
        CheckView(c.id, c.status, STATUS_LABELS.get(c.status, c.status), c.message, c.doc, c.source,
                  c.location, c.written_against, list(c.changed_in), list(c.wiki))
        for c in node.checks
    ]
