"""Engine mutants for the machinery of 601-616 that ``cr601_more_machinery`` and ``cr614_more_machinery``
check: each breaks one rule.  :mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from kb.checks.mutants import Mutant
from kb.engine import (
    actions,
    as_face_up,
    chosen_sources,
    division,
    fixed_words,
    linked_tokens,
    modal_triggers,
)
from kb.engine.basics import ObjectId, PlayerId
from kb.engine.context import Context
from kb.engine.game import Game
from kb.engine.modes import Mode
from kb.engine.objects import GameObject
from kb.engine.replacement import Damage, ReplacementContext
from kb.engine.selectors import Filter
from kb.engine.stack import Resolution
from kb.engine.targets import Target
from kb.engine.triggers import Pending


def _divided_on_resolution(resolution: Resolution) -> list[tuple[Target, int]]:
    spell = resolution.game.objects.get(resolution.item.spell or -1)
    legal = [t for group in resolution.legal for t in group]
    if spell is None or not legal:
        return []
    total = sum(amount for _, amount in division.division_of(spell))
    return [(legal[0], total - len(legal) + 1)] + [(t, 1) for t in legal[1:]]


def _any_mode(game: Game, pending: Pending, mode: Mode) -> bool:
    return True


_original_draw = actions.draw


def _whatever_reached_the_hand(game: Game, player: PlayerId, count: int = 1) -> list[ObjectId]:
    before = {o.id for o in game.hand(player)}
    _original_draw(game, player, count)
    return [o.id for o in game.hand(player) if o.id not in before]


def _quality_not_checked_again(context: ReplacementContext, damage: Damage, quality: Filter) -> bool:
    return True


def _any_word_chosen(context: Context, word: str) -> bool:
    return fixed_words.chosen_word(context) is not None


def _created_with_anything(game: Game, obj: GameObject, source: ObjectId, link: str) -> bool:
    return linked_tokens.CREATED_WITH in obj.chosen


def _nothing_as_turned_face_up(game: Game, obj: GameObject) -> None:
    return None


MUTANTS: tuple[Mutant, ...] = (
    Mutant("divided-on-resolution", "601.2d", "the amount a spell divides among its targets is divided again as it "
           "resolves, among the targets still legal", ((division, "shares", _divided_on_resolution),)),
    Mutant("modes-ignore-targets", "603.3c", "a mode of a triggered ability may be chosen though its targets can't be",
           ((modal_triggers, "mode_allowed", _any_mode),)),
    Mutant("replaced-draw-counts-as-drawn", "614.11b", "a card put into the hand by what replaced a draw is taken "
           "for the card drawn, so the rest of the effect acts on it", ((actions, "draw", _whatever_reached_the_hand),)),
    Mutant("chosen-source-not-checked-again", "615.9", "a shield for a source of a chosen quality prevents its "
           "damage though it no longer has the quality", ((chosen_sources, "still_fits", _quality_not_checked_again),)),
    Mutant("every-word-ability-had", "614.12c", "a permanent has the abilities of every word it could have chosen as "
           "it entered, not only the chosen one's", ((fixed_words, "was_chosen", _any_word_chosen),)),
    Mutant("created-with-any-object", "607.2c", "\"the token created with [this]\" finds the tokens any object's "
           "ability created", ((linked_tokens, "is_linked", _created_with_anything),)),
    Mutant("as-turned-face-up-ignored", "614.1e", "\"as this permanent is turned face up\" isn't applied as the "
           "permanent turns face up", ((as_face_up, "apply", _nothing_as_turned_face_up),)),
)
