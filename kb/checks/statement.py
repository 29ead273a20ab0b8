"""A check's statement: its docstring in three parts a judge reads (状況 / 行動 / 結果).

::

    状況: 《オパール色の輝き》と《魔法の夜》が戦場にある。…
    行動: Aの《灰色熊》が戦場に出る。
    結果: 《魔法の夜》が先に適用され、…

Each part starts a line with its label and a colon (``:`` or ``：``) and may run over several
lines; the three come once each, in this order, and nothing comes before the first.  Real
cards are named in 《》 with their official Japanese names (the site shows the English name
beside them); a made-up card is described in words, never in 《》.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

LABELS = ("状況", "行動", "結果")
_LABEL = re.compile(r"^(状況|行動|結果)\s*[:：]\s*", re.MULTILINE)
_CARD = re.compile(r"《([^《》]*)》")


class StatementError(ValueError):
    """A check's docstring isn't a well-formed statement."""


@dataclass(frozen=True)
class Statement:
    situation: str
    action: str
    result: str

    @property
    def cards(self) -> tuple[str, ...]:
        """The cards named in 《》, each once, in the order they first appear."""
        found: dict[str, None] = {}
        for part in (self.situation, self.action, self.result):
            for name in _CARD.findall(part):
                found.setdefault(name, None)
        return tuple(found)

    def as_dict(self) -> dict[str, str]:
        return {"situation": self.situation, "action": self.action, "result": self.result}


def parse(doc: str) -> Statement:
    """Read a docstring as a statement; raise StatementError saying what is wrong."""
    text = doc.strip()
    if not text:
        raise StatementError("the docstring is empty: state the check as 状況: / 行動: / 結果:")
    marks = list(_LABEL.finditer(text))
    labels = [m.group(1) for m in marks]
    if labels != list(LABELS):
        raise StatementError(f"the docstring must have the parts 状況:, 行動:, 結果: once each and in that order "
                             f"(found {labels or 'none'})")
    if marks[0].start() != 0:
        raise StatementError("nothing may come before 状況:")
    parts = []
    for index, mark in enumerate(marks):
        end = marks[index + 1].start() if index + 1 < len(marks) else len(text)
        body = " ".join(line.strip() for line in text[mark.end():end].splitlines() if line.strip())
        if not body:
            raise StatementError(f"{mark.group(1)}: is empty")
        parts.append(body)
    for part in parts:
        if part.count("《") != part.count("》") or re.search(r"《[^》]*《", part):
            raise StatementError(f"unbalanced 《》 in {part!r}")
        if "《》" in part:
            raise StatementError("an empty 《》 names no card")
    return Statement(*parts)
