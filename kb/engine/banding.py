"""Banding (702.22): attacking in bands, blocking a band, and who assigns combat damage.

- As attackers are declared, creatures may attack as bands (702.22c): any number with banding and
  at most one without it; or [quality] creatures of which at least one has "bands with other
  [quality]".  A band attacks one player, planeswalker or battle (702.22d) and lasts for the combat
  even if its creatures lose banding (702.22e); a creature removed from combat leaves its band
  (702.22f, :func:`kb.engine.combat.remove_from_combat`).
- A creature blocking one creature of a band blocks the whole band (702.22h,
  :func:`kb.engine.combat.spread_blocks`); a band one creature of which an effect makes blocked is
  blocked as a whole (702.22i, :func:`becomes_blocked`).  Creatures in a band share no abilities
  (702.22g): each keeps its own evasion.
- The defending player assigns the combat damage of an attacker blocked by a creature with banding
  (702.22j); the active player assigns the damage of a creature blocking a creature with banding
  (702.22k): entries of :data:`kb.engine.combat.ASSIGNER`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from kb.engine import combat, keywords
from kb.engine.basics import ObjectId, PlayerId
from kb.engine.cardtypes import CREATURE_TYPES, Supertype
from kb.engine.errors import IllegalAction, NotModelled

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game


def has_quality(view: View, quality: str) -> bool:
    """Is ``view`` a [quality] creature, for "bands with other [quality]" (702.22c)?"""
    singular = quality.removesuffix("s") if quality.endswith("s") else quality
    if singular.capitalize() in {s.value for s in Supertype}:
        return Supertype(singular.capitalize()) in view.supertypes
    if singular in CREATURE_TYPES or singular.capitalize() in CREATURE_TYPES:
        return singular.capitalize() in view.subtypes or singular in view.subtypes
    if quality.endswith("ves") and (quality[:-3] + "f") in CREATURE_TYPES:
        return quality[:-3] + "f" in view.subtypes  # Wolves
    raise NotModelled(f"bands with other {quality}")


def _bands_with_other(views: Iterable[View]) -> set[str]:
    return {k.parameter for v in views for k in v.keywords("bands with other")}


def band_rule(game: Game, chosen: Mapping[ObjectId, ObjectId | PlayerId], bands: list[set[ObjectId]]) -> str | None:
    """Why the bands declared are illegal (702.22c-d), or None."""
    views = game.views()
    seen: set[ObjectId] = set()
    for band in bands:
        if not band <= set(chosen):
            return "only attacking creatures can form a band (702.22c)"
        if band & seen:
            return "a creature can't be in more than one band (702.22c)"
        seen |= band
        if len({chosen[c] for c in band}) > 1:
            return "all the creatures in a band attack the same player, planeswalker or battle (702.22d)"
        members = [views[c] for c in band]
        if sum(1 for v in members if not v.has("banding")) <= 1:
            continue
        if any(all(has_quality(v, q) for v in members) for q in _bands_with_other(members)):
            continue
        return "a band is creatures with banding and up to one without, or creatures of one quality with " \
               "\"bands with other\" (702.22c)"
    return None


def _bands_with(blockers: list[View]) -> bool:
    """A creature with banding among them, or a "bands with other [quality]" creature with
    another [quality] creature (702.22j-k)."""
    if any(v.has("banding") for v in blockers):
        return True
    for quality in _bands_with_other(blockers):
        banders = [v for v in blockers if quality in {k.parameter for k in v.keywords("bands with other")}]
        others = [v for v in blockers if has_quality(v, quality)]
        if banders and len(others) >= 2:
            return True
    return False


def attacker_assigner(game: Game, state: combat.Combat, attacker: ObjectId) -> PlayerId | None:
    """702.22j: blocked by a creature with banding, the defending player assigns its damage."""
    views = game.views()
    blockers = [views[b] for b in state.blockers_of(attacker) if b in views]
    if blockers and _bands_with(blockers):
        return blockers[0].controller
    return None


def blocker_assigner(game: Game, state: combat.Combat, blocker: ObjectId) -> PlayerId | None:
    """702.22k: blocking a creature with banding, the active player assigns its damage."""
    views = game.views()
    blocked = [views[a] for a in state.blockers.get(blocker, ()) if a in views]
    if blocked and _bands_with(blocked):
        return game.active
    return None


def becomes_blocked(game: Game, attacker: ObjectId) -> None:
    """An effect makes an attacking creature blocked (509.1h); its whole band is blocked (702.22i)."""
    state = game.combat
    if state is None or attacker not in state.attackers:
        raise IllegalAction("only an attacking creature can become blocked", "509.1h")
    state.blocked |= state.band_of(attacker)
    game.touch()


def _parse(text: str) -> tuple[keywords.Keyword, ...] | None:
    """"Bands with other [quality]" (702.22b)."""
    lower = text.lower()
    if not lower.startswith("bands with other "):
        return None
    return (keywords.Keyword("bands with other", text[len("bands with other "):].strip()),)


keywords.MODELLED.update({"banding": "none"})
keywords.PARSERS.append(_parse)
keywords.VARIANT_RULES["bands with other"] = "702.22"
keywords.LOST_WITH["banding"] = ("bands with other",)
combat.BAND_RULE = band_rule
combat.ASSIGNER["attacker"] = attacker_assigner
combat.ASSIGNER["blocker"] = blocker_assigner
