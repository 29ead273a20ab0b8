"""Engine mutants for the mechanisms the checks of issue 12's slice "ex4" rely on (the last CR
examples and the rules of 601-608 they show): each breaks one rule.  :mod:`kb.checks.mutants`
collects them."""

from __future__ import annotations

import dataclasses

from kb.checks.mutants import Mutant
from kb.engine import activating, influence, keyword_variables
from kb.engine.abilities import ActivatedAbility
from kb.engine.basics import ObjectId, PlayerId
from kb.engine.characteristics import View
from kb.engine.game import Game
from kb.engine.keywords import Keyword


def _defined_once(game: Game, keyword: Keyword, object_id: ObjectId) -> Keyword:
    """A granted keyword's parameter stays what it was for the card in its old zone."""
    return keyword


def _controller_chooses(game: Game, controller: PlayerId) -> PlayerId:
    """The choice an opponent should make for a spell or ability is made by its controller."""
    return controller


def _next_opponent_chooses(game: Game, controller: PlayerId) -> PlayerId:
    """The opponent who chooses is always the next in turn order: the controller never decides."""
    order = game.turn_order
    start = order.index(controller)
    return next(p for p in order[start + 1:] + order[:start] if p in game.opponents(controller))


_original_find = activating.find


def _instant_as_sorcery(view: View, which: int | str | ActivatedAbility) -> ActivatedAbility:
    """An ability to "activate only as an instant" follows the timing of a sorcery."""
    ability = _original_find(view, which)
    return dataclasses.replace(ability, timing="sorcery") if ability.mana is None else ability


MUTANTS: tuple[Mutant, ...] = (
    Mutant("granted-keyword-parameter-not-reevaluated", "702.1b", "a keyword's parameter that the granting effect "
           "defines from the object (flashback at its mana cost) isn't worked out anew for the spell, so a split "
           "card cast as one half costs both halves", ((keyword_variables, "anew", _defined_once),)),
    Mutant("opponents-choice-made-by-controller", "601.6", "a target \"of an opponent's choice\" is chosen by the "
           "spell's or ability's controller", ((influence, "choosing_opponent", _controller_chooses),)),
    Mutant("choosing-opponent-not-chosen", "601.6a", "with several opponents able to make a choice, the controller "
           "doesn't decide which one does: the next in turn order always does",
           ((influence, "choosing_opponent", _next_opponent_chooses),)),
    Mutant("as-an-instant-follows-sorcery-timing", "602.5e", "an ability to \"activate only as an instant\" can be "
           "activated only when a sorcery could be cast", ((activating, "find", _instant_as_sorcery),)),
)
