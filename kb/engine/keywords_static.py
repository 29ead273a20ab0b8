"""Static keyword abilities of 702.9-702.31 beyond the core set: how their variants are written,
and the rules entries they add.

- "hexproof from [quality]" is a hexproof ability (702.11d); "hexproof from A and from B" and
  "hexproof from each color" stand for one hexproof ability per quality (702.11f-g).
- "protection from A and from B" and "protection from each color" stand for one protection
  ability per quality (702.16g-h).
- "trample over planeswalkers" is a variant of trample (702.19c).
- horsemanship is evasion (702.31b): an entry of :data:`kb.engine.combat.BLOCK_RESTRICTIONS`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from kb.engine import combat, keywords
from kb.engine.keywords import Keyword

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game

EACH_COLOR = ("white", "blue", "black", "red", "green")
_FROM = re.compile(r"^(hexproof|protection) from (.+)$", re.IGNORECASE)


def _qualities(text: str) -> list[str]:
    parts = [p.strip() for p in re.split(r",? and from |, from ", text)]
    found: list[str] = []
    for part in parts:
        found += EACH_COLOR if part.lower() == "each color" else [part]
    return found


def _from(text: str) -> tuple[Keyword, ...] | None:
    """702.11d-g, 702.16g-h: one ability per quality named."""
    match = _FROM.match(text)
    if match is None:
        return None
    name, rest = match.group(1).lower(), match.group(2)
    qualities = _qualities(rest)
    if name == "protection" and len(qualities) == 1:
        return None  # the plain reading
    return tuple(Keyword(name, q) for q in qualities)


def _horsemanship(game: Game, attacker: View, blocker: View) -> str | None:
    if attacker.has("horsemanship") and not blocker.has("horsemanship"):
        return "horsemanship: only creatures with horsemanship can block it (702.31b)"
    return None


keywords.PARSERS.append(_from)
keywords.MODELLED.update({"horsemanship": "none", "trample over planeswalkers": "none"})
keywords.VARIANTS["trample over planeswalkers"] = "trample"
combat.BLOCK_RESTRICTIONS["horsemanship"] = _horsemanship
