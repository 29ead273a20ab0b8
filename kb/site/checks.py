"""Executable checks attached to a rule (the build's ``checks`` stage), as the site shows them.

A judge reads a check as its statement (状況 / 行動 / 結果), the cards it names and whether
it passes; its name, file and code are a detail one click away.
"""

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
    statement: list[tuple[str, str]]
    """(状況, …), (行動, …), (結果, …); empty when the check has no parsed statement."""
    cards: list[tuple[str, str | None]]
    """(Japanese name, English name) of each real card it names."""
    examples: list[str]
    """The CR examples it reproduces, as ``702.26d#1``."""


_PARTS = (("situation", "状況"), ("action", "行動"), ("result", "結果"))


def checks_of(node: RuleNode) -> list[CheckView]:
    views = []
    for c in node.checks:
        statement = [(label, c.statement[key]) for key, label in _PARTS if c.statement.get(key)]
        cards = [(card.get("ja") or card.get("en") or "", card.get("en") if card.get("ja") else None)
                 for card in c.cards]
        views.append(CheckView(c.id, c.status, STATUS_LABELS.get(c.status, c.status), c.message,
                               c.doc, c.source, c.location, c.written_against,
                               list(c.changed_in), list(c.wiki), statement, cards, list(c.examples)))
    return views
