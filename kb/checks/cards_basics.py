"""Cards the checks of sections 1-4 share (game concepts, parts of a card, card types, zones).

Real cards are written from their Oracle meaning in our own words (parts left out are named in
their docstrings) and registered in :data:`kb.checks.cards.POOL` with their Japanese names.
"""

from __future__ import annotations

from kb.checks.cards import real
from kb.engine import (
    ISLAND,
    ActivatedAbility,
    Resolution,
    SpellAbility,
    Zone,
    card,
    copies,
    cost,
    target_creature,
    target_player,
)

real("島", ISLAND)

RUNECLAW_BEAR = real("ルーン爪の熊", card("Runeclaw Bear", "{1}{G}", "Creature — Bear", 2, 2))


def _cytoshape(resolution: Resolution) -> None:
    from kb.engine import ChoiceKind, Supertype, UntilEndOfTurn
    from kb.engine.choices import Choice

    game = resolution.game
    changing = resolution.objects(0)
    options = tuple(o.id for o in game.creatures() if Supertype.LEGENDARY not in game.view(o.id).supertypes)
    if not changing or not options:
        return
    original = game.choices.ask(Choice(ChoiceKind.OBJECT, resolution.controller,
                                       "a nonlegendary creature for the target to copy", options))
    assert isinstance(original, int)
    copies.become_copy(game, changing[0], original, duration=UntilEndOfTurn(), source=resolution.source_id,
                       controller=resolution.controller)


CYTOSHAPE = real("細胞形成", card(
    "Cytoshape", "{1}{G}{U}", "Instant", spell=SpellAbility(
        "Choose a nonlegendary creature on the battlefield. Target creature becomes a copy of that creature until "
        "end of turn.", _cytoshape, (target_creature(),))))


def _jade_saproling(resolution: Resolution) -> None:
    from kb.engine import token

    resolution.game.create_token(token(None, "Creature — Saproling", 1, 1, colors="G"), resolution.controller)


JADE_MAGE = real("翡翠の魔道士", card(
    "Jade Mage", "{1}{G}", "Creature — Human Shaman", 2, 1,
    ActivatedAbility("{2}{G}: Create a 1/1 green Saproling creature token.", cost("{2}{G}"), _jade_saproling)))


def _reassemble(resolution: Resolution) -> None:
    game = resolution.game
    source = resolution.source_id
    if source is not None and source in game.objects and game.objects[source].zone is Zone.GRAVEYARD:
        game.move(source, Zone.BATTLEFIELD, tapped=True)


REASSEMBLING_SKELETON = real("組み直しの骸骨", card(
    "Reassembling Skeleton", "{1}{B}", "Creature — Skeleton Warrior", 1, 1,
    ActivatedAbility("{1}{B}: Return Reassembling Skeleton from your graveyard to the battlefield tapped.",
                     cost("{1}{B}"), _reassemble, zones=frozenset({Zone.GRAVEYARD}))))


def _each_player_draws(resolution: Resolution) -> None:
    for player in resolution.game.apnap():
        resolution.game.draw(player)


def _target_player_draws(resolution: Resolution) -> None:
    if isinstance(resolution.target, str):
        resolution.game.draw(resolution.target)


def _mill_twenty(resolution: Resolution) -> None:
    game, victim = resolution.game, resolution.target
    if isinstance(victim, str):
        for object_id in list(reversed(game.players[victim].library))[:20]:
            game.move(object_id, Zone.GRAVEYARD)


JACE_BELEREN = real("ジェイス・ベレレン", card(
    "Jace Beleren", "{1}{U}{U}", "Legendary Planeswalker — Jace",
    ActivatedAbility("[+2]: Each player draws a card.", cost("[+2]"), _each_player_draws),
    ActivatedAbility("[−1]: Target player draws a card.", cost("[−1]"), _target_player_draws, (target_player(),)),
    ActivatedAbility("[−10]: Target player mills twenty cards.", cost("[−10]"), _mill_twenty, (target_player(),)),
    loyalty=3))
"""ジェイス・ベレレン, with its three loyalty abilities."""

DRYAD_ARBOR = real("ドライアドの東屋", card("Dryad Arbor", None, "Land Creature — Forest Dryad", 1, 1, colors="G"))
"""ドライアドの東屋: a green 1/1 land creature, a Forest (its colour indicator makes it green)."""

BEAR_CUB = real("仔熊", card("Bear Cub", "{1}{G}", "Creature — Bear", 2, 2))
