"""Engine mutants for the keyword actions' behaviour subrules checked in
:mod:`kb.checks.cr.cr701_last_behaviour_subrules`: each breaks one of those rules on purpose.
:mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from kb.checks.mutants import Mutant
from kb.engine import keyword_actions, library_actions, shuffling, token_replacements
from kb.engine.basics import ObjectId, PlayerId
from kb.engine.characteristics import View
from kb.engine.events import Shuffled
from kb.engine.game import Game
from kb.engine.objects import GameObject
from kb.engine.replacement import Move, ReplacementContext


def _one_shuffle_however_many(game: Game, owner: str, placed: Sequence[tuple[int, bool]], times: int
                              ) -> list[Shuffled]:
    """Effects shuffling one library at the same time shuffle it once, whatever their number."""
    return [shuffling.shuffle_keeping(game, owner, placed)] if times else []


def _additional_cards_only_looked_at(game: Game, player: PlayerId, count: int, additional: int) -> list[ObjectId]:
    """The additional cards looked at while surveilling can't be put into the graveyard or reordered."""
    return keyword_actions.top_of_library(game, player, count)


def _the_first_milled_card(game: Game, milled: Sequence[GameObject | None], value: Callable[[View], int]) -> int:
    """"The milled card" is the first card milled, though several were."""
    cards = library_actions.milled_cards(game, milled)
    return value(game.view(cards[0])) if cards else 0


def _entering_as_printed(context: ReplacementContext, move: Move, kind: str) -> bool:
    """A replacement effect on an object entering sees it as printed, before continuous effects apply."""
    obj = context.game.objects.get(move.object_id)
    return obj is not None and kind in {t.value for t in obj.printed.types}


MUTANTS: tuple[Mutant, ...] = (
    Mutant("token-enters-before-continuous-effects", "701.7b",
           "a replacement effect on a token entering the battlefield sees it before continuous effects modify it",
           ((token_replacements, "entering_is", _entering_as_printed),)),
    Mutant("simultaneous-shuffles-trigger-once", "701.24f",
           "several effects shuffling a library at the same time shuffle it once, so shuffle triggers trigger once",
           ((shuffling, "shuffles_at_once", _one_shuffle_however_many),)),
    Mutant("surveil-additional-cards-stay", "701.25b",
           "cards looked at in addition while surveilling can't be put into the graveyard",
           ((keyword_actions, "surveilled_cards", _additional_cards_only_looked_at),)),
    Mutant("the-milled-card-is-the-first", "701.17d",
           "an ability asking about the milled card when several were milled looks at the first one only",
           ((library_actions, "milled_card_value", _the_first_milled_card),)),
)
