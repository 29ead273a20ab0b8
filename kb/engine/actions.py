"""Small game actions: drawing (121), discarding (701.9), life (119), tapping and untapping
(701.26), losing (104.3) and leaving the game (800.4).  Each is an event; those that effects
may replace (a draw, gaining life) are proposed to :mod:`kb.engine.replacement` first."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from kb.engine import rules, zones
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.errors import NotModelled
from kb.engine.events import (
    CardDrawn,
    Cause,
    Event,
    LifeChanged,
    PlayerLeft,
    PlayerLost,
    Revealed,
    Tapped,
    Untapped,
    ZoneChanged,
)
from kb.engine.parts import Layer, LayerPart
from kb.engine.replacement import (
    Draw,
    GainLife,
    Instead,
    LoseGame,
    Move,
    PayLife,
    Proposed,
    Replacement,
    replace,
)

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.continuous import ContinuousEffect
    from kb.engine.game import Game
    from kb.engine.objects import GameObject


def draw(game: Game, player: PlayerId, count: int = 1) -> list[ObjectId]:
    """Draw ``count`` cards one at a time (121.2), each replacement of one draw done before the next
    (614.11a); drawing from an empty library is remembered for the state-based action that makes the
    player lose (704.5b, 121.4).  Returns the cards drawn: a draw replaced by something else draws
    none, so what an effect goes on to do with "that card" does nothing for it (614.11b)."""
    drawn: list[ObjectId] = []
    for _ in range(count):
        final = replace(game, Draw(player))
        if isinstance(final, Draw):
            card = _draw_one(game, final)
            if card is not None:
                drawn.append(card)
        else:
            carry_out(game, final)
    return drawn


def _draw_one(game: Game, final: Draw) -> ObjectId | None:
    who = game.players[final.player]
    if not who.library:
        who.drew_from_empty_library = True
        return None
    card = game.objects[who.library[-1]]
    drawn = zones.move(game, card, Zone.HAND, cause=Cause.DRAW)
    if drawn is not None:
        game.emit(CardDrawn(final.player, drawn.id))
        return drawn.id
    return None


def discard(game: Game, player: PlayerId, cards: Sequence[GameObject]) -> None:
    zones.move_all(game, list(cards), Zone.GRAVEYARD, cause=Cause.DISCARD)


def gain_life(game: Game, player: PlayerId, amount: int, own: Sequence[Replacement] = ()) -> None:
    """Gain life (119.3); ``own``: the resolving spell's self-replacement effects (614.15).  A
    player who can't gain life gains none (119.7): only ``own`` may replace that gain (614.17c)."""
    if rules.life_gain_forbidden(game, player):
        from kb.engine import cant_events

        final = cant_events.self_replaced(game, GainLife(player, amount), own)
        if not isinstance(final, GainLife):
            carry_out(game, final)
        return
    final = replace(game, GainLife(player, amount), own)
    if isinstance(final, GainLife):
        _gain(game, final)
    else:
        carry_out(game, final)


def _gain(game: Game, final: GainLife) -> None:
    if final.amount > 0:
        game.players[final.player].life += final.amount
        game.emit(LifeChanged(final.player, final.amount))


def carry_out(game: Game, final: Proposed | None) -> None:
    """Do the event that replaced another one of a different kind (a draw instead of gaining life,
    a card returned instead of a draw: 616.2), its replacement effects already applied (614.5)."""
    if final is None:
        return
    if isinstance(final, Draw):
        _draw_one(game, final)
    elif isinstance(final, GainLife):
        _gain(game, final)
    elif isinstance(final, Move):
        if final.object_id in game.objects:
            zones.perform(game, [game.objects[final.object_id]], [final], game.views())
    elif isinstance(final, LoseGame):
        lose(game, [final.player], final.reason, replaceable=False)
    elif isinstance(final, Instead):
        do_instead(game, [final])
    else:
        raise NotModelled(f"an event replaced by an event of another kind ({type(final).__name__}, 616.2)")


def lose_life(game: Game, player: PlayerId, amount: int) -> None:
    """Lose life (119.3), unless the player can't (119.8)."""
    if amount > 0 and not rules.life_loss_forbidden(game, player):
        game.players[player].life -= amount
        game.emit(LifeChanged(player, -amount))


def pay_life(game: Game, player: PlayerId, amount: int) -> None:
    """Pay life (119.4): the player loses it, unless a replacement effect changes the payment."""
    if amount <= 0:
        return
    final = replace(game, PayLife(player, amount))
    if isinstance(final, PayLife):
        lose_life(game, final.player, final.amount)
    else:
        carry_out(game, final)


def set_life(game: Game, player: PlayerId, total: int) -> None:
    """"[A player's] life total becomes N": they gain or lose the difference (119.5)."""
    difference = total - game.players[player].life
    if difference > 0:
        gain_life(game, player, difference)
    elif difference < 0:
        lose_life(game, player, -difference)


def tap(game: Game, permanents: Sequence[GameObject]) -> None:
    changed = [p for p in permanents if not p.tapped]
    for permanent in changed:
        permanent.tapped = True
    game.emit(*(Tapped(p.id) for p in changed))


def untap(game: Game, permanents: Sequence[GameObject]) -> None:
    changed = [p for p in permanents if p.tapped]
    for permanent in changed:
        permanent.tapped = False
    game.emit(*(Untapped(p.id) for p in changed))


def replace_losing(game: Game, players: Sequence[PlayerId], reason: str = "") -> tuple[list[PlayerId], list[Instead]]:
    """Which of ``players`` would lose once replacement effects have applied to their losing
    (614.1a; one replacement for a player who would lose for several reasons at once, 704.7), and
    what those effects do instead."""
    losers: list[PlayerId] = []
    instead: list[Instead] = []
    for player in dict.fromkeys(p for p in players if not game.players[p].left):
        final = replace(game, LoseGame(player, reason))
        if isinstance(final, LoseGame):
            losers.append(final.player)
        elif isinstance(final, Instead):
            instead.append(final)
        elif final is not None:
            carry_out(game, final)  # an event of another kind happens instead (616.2)
    return losers, instead


def do_instead(game: Game, done: Sequence[Instead]) -> None:
    """Do what replacement effects do instead of an event: move objects, set life totals (119.5)."""
    for instead in done:
        for object_id, zone in instead.moves:
            if object_id in game.objects:
                zones.move(game, game.objects[object_id], zone)
        for player, total in instead.life_totals:
            set_life(game, player, total)


def lose(game: Game, players: Sequence[PlayerId], reason: str, *, seen: Mapping[ObjectId, View] | None = None,
         replaceable: bool = True) -> None:
    """Players lose the game (104.3).  With one player left, that player wins (104.2a) and the
    game is over; in a multiplayer game a player who loses leaves it (800.4a).  Each loss is a
    proposed event that replacement effects may replace (614.1a, 704.7: one replacement for a
    player who would lose for several reasons at once), unless it can't be (a concession, 104.3a).
    ``seen``: the state the loss is looked back at from (603.10f; the state before the
    state-based actions that caused it, 704.8)."""
    from kb.engine import teams

    seen = seen if seen is not None else game.views()
    if replaceable:
        players, done = teams.losing(game, players, reason)  # a team wins and loses as one (809.5, 810.8a)
        do_instead(game, done)
    else:
        players = teams.with_teams(game, players)
    losing = [p for p in dict.fromkeys(players) if not game.players[p].left]
    for player in losing:
        game.players[player].lost = True
    game.emit(*(PlayerLost(p, reason, seen) for p in losing))
    remaining = [p for p in game.turn_order if not game.players[p].lost and not game.players[p].left]
    if teams.one_side_left(game, remaining):
        game.over = True
        game.winners = remaining
        game.turn_state.priority = None
        game.touch()
        return
    for player in losing:
        leave_game(game, player)


def win(game: Game, player: PlayerId) -> None:
    """An effect says ``player`` wins the game (104.2b): the game is over."""
    from kb.engine import teams

    if game.over or game.players[player].left:
        return
    if game.limited_range:
        from kb.engine import influence

        influence.win_in_range(game, player)  # 801.14
        return
    winning = teams.winners(game, player)  # the team wins; a player who can't win doesn't (810.8a)
    if winning is None:
        return
    game.over = True
    game.winners = winning
    game.turn_state.priority = None
    game.touch()


def leave_game(game: Game, player: PlayerId) -> None:
    """``player`` leaves the game (800.4a): everything they own leaves with them (a phased-out
    permanent too, but it triggers nothing: 702.26k); effects giving them control end; abilities
    they control on the stack cease to exist; what they still control is exiled."""
    from kb.engine import hidden_agenda, keywords_new_casting, phasing, planechase

    planar = planechase.owner_leaving(game, player)  # 901.10
    seen = game.views()
    game.players[player].left = True
    events: list[Event] = [PlayerLeft(player), *hidden_agenda.revealed_as_player_leaves(game, player),
                           *keywords_new_casting.foretold_revealed_as_player_leaves(game, player)]
    for obj in [o for o in game.objects.values() if o.owner == player]:
        if obj.face_down is not None and obj.zone in (Zone.BATTLEFIELD, Zone.STACK):
            events.append(Revealed(obj.id, obj.card.name, "its owner left the game"))  # 708.9
        if obj.zone is Zone.BATTLEFIELD and phasing.exists(obj):
            events.append(ZoneChanged(obj.id, None, Zone.BATTLEFIELD, None, seen[obj.id], Cause.LEAVE_GAME, seen))
        game.last_known[obj.id] = seen[obj.id]
        del game.objects[obj.id]
        from kb.engine import combat

        combat.remove_from_combat(game, obj.id)
    game.stack = [item for item in game.stack
                  if (item.spell in game.objects if item.spell is not None else item.controller != player)]
    for effect in game.effects:
        if any(_gives_control_to(part, effect, player) for part in effect.parts):
            effect.ended = True
    game.touch()
    views = game.views()
    still_theirs = []
    for obj in game.objects.values():
        if obj.zone is not Zone.BATTLEFIELD:
            continue
        if phasing.exists(obj):
            if views[obj.id].controller == player:
                still_theirs.append(obj)
        elif obj.phased_out_under == player:
            if obj.controller == player:
                still_theirs.append(obj)
            else:
                phasing.await_turn_of(obj, player)
    game.emit(*events)
    if still_theirs:
        zones.move_all(game, still_theirs, Zone.EXILE, cause=Cause.LEAVE_GAME)
    planechase.after_owner_left(game, planar)
    if game.turn_state.priority == player and not game.over:
        from kb.engine import priority

        priority.give(game, player)  # the next player in turn order still in the game (800.4a)


def _gives_control_to(part: LayerPart, effect: ContinuousEffect, player: PlayerId) -> bool:
    if part.layer is not Layer.CONTROL:
        return False
    return part.gives_control_to == player or (part.gives_control_to is None and effect.controller == player)
