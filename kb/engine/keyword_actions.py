"""Keyword actions of chapter 701 that a spell or ability performs as it resolves: looking at and
rearranging the top of a library (scry 701.22, surveil 701.25), fighting (701.14), doubling
(701.10), putting counters by a rule (proliferate 701.34, monstrosity 701.37, bolster 701.39,
adapt 701.46, amass 701.47), and the actions of a permanent (explore 701.44, connive 701.50).

Each is a function of the game, called from an effect function (``lambda r: keyword_actions.scry(
r.game, r.controller, 1)``).  Actions that abilities trigger on emit an event once the whole
procedure is done, even if part of it was impossible (701.22d, 701.25d, 701.44b, 701.47b, 701.50b);
scry 0 and surveil 0 are no event at all (701.22b, 701.25c).  Other actions of 701 live where
their mechanism is: attach (``attach``), counter (``stack``), destroy and sacrifice (``zones``),
regenerate (``regeneration``), transform (``transform``), manifest and cloak (``facedown``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from kb.engine import actions, counters, instructions, zones
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import ScenarioError
from kb.engine.events import Amassed, Cause, Connived, Explored, Scried, Shuffled, Surveilled

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.replacement import Damage, Replacement, ReplacementContext

PLUS_ONE = "+1/+1"


# -- the top of a library ---------------------------------------------------------------------------


def top_of_library(game: Game, player: PlayerId, count: int) -> list[ObjectId]:
    """The top ``count`` cards of ``player``'s library, top first (all of them if fewer: 609.3)."""
    library = game.players[player].library
    return list(reversed(library[-count:])) if count > 0 else []


def _id(value: object) -> object:
    """An answer may name a game object or its id."""
    from kb.engine.objects import GameObject

    return value.id if isinstance(value, GameObject) else value


def _some_of(game: Game, player: PlayerId, cards: Sequence[ObjectId], prompt: str) -> list[ObjectId]:
    """Any number of ``cards``, as ``player`` chooses (an answer may name objects or their ids)."""

    def ids(value: object) -> list[object]:
        return [_id(v) for v in value] if isinstance(value, (list, tuple)) else []

    if not cards:
        return []  # nothing to choose from: no choice (701.22d, 701.25d: the action still happens)

    answer = game.choices.ask(Choice(ChoiceKind.OBJECTS, player, prompt, accepts=lambda v: isinstance(
        v, (list, tuple)) and all(i in cards for i in ids(v)) and len(set(ids(v))) == len(ids(v)), default=[]))
    return [i for i in ids(answer) if isinstance(i, int)]


def _in_order(game: Game, player: PlayerId, cards: Sequence[ObjectId], prompt: str) -> list[ObjectId]:
    """``cards`` in the order ``player`` chooses, first named first."""
    if len(cards) < 2:
        return list(cards)
    answer = game.choices.ask(Choice(ChoiceKind.ORDER, player, prompt, items=tuple(cards), accepts=lambda v: isinstance(
        v, (list, tuple)) and len(v) == len(cards) and {_id(i) for i in v} == set(cards)))
    assert isinstance(answer, (list, tuple))
    return [i for i in map(_id, answer) if isinstance(i, int)]


def _restack(game: Game, player: PlayerId, looked: Sequence[ObjectId], on_top: Sequence[ObjectId],
             on_bottom: Sequence[ObjectId]) -> None:
    """Put the looked-at cards back: ``on_top`` (first named ends on top), ``on_bottom`` (first named
    ends nearest the top of the bottom part).  The library's list holds the top card last."""
    library = game.players[player].library
    rest = [i for i in library if i not in looked]
    library[:] = list(reversed(on_bottom)) + rest + list(reversed(on_top))
    game.touch()


def scry(game: Game, player: PlayerId, count: int) -> None:
    """701.22a: look at the top ``count`` cards, put any number on the bottom and the rest on top,
    each in any order.  Scry 0 is no scry (701.22b); "whenever you scry" triggers after the whole
    procedure (701.22d)."""
    if count <= 0:
        return
    looked = top_of_library(game, player, count)
    bottom = _some_of(game, player, looked, f"cards to put on the bottom (scry {count})")
    top = [i for i in looked if i not in bottom]
    _restack(game, player, looked, _in_order(game, player, top, "order on top, top first"),
             _in_order(game, player, bottom, "order on the bottom, upper first"))
    game.emit(Scried(player, count))


def scry_each(game: Game, players: Sequence[PlayerId], count: int) -> None:
    """701.22c: several players scry at once: each looks at their top ``count`` cards at the same
    time, they decide where to put them in APNAP order, then all put them there at once."""
    if count <= 0:
        return
    deciding = [p for p in game.apnap() if p in players]
    looked = {p: top_of_library(game, p, count) for p in deciding}
    plans = {}
    for player in deciding:
        bottom = _some_of(game, player, looked[player], f"cards to put on the bottom (scry {count})")
        top = [i for i in looked[player] if i not in bottom]
        plans[player] = (_in_order(game, player, top, "order on top, top first"),
                         _in_order(game, player, bottom, "order on the bottom, upper first"))
    for player in deciding:
        _restack(game, player, looked[player], *plans[player])
    game.emit(*(Scried(p, count) for p in deciding))


def surveil(game: Game, player: PlayerId, count: int, *, additional: int = 0) -> None:
    """701.25a: look at the top ``count`` cards, put any number into the graveyard and the rest on
    top in any order.  Surveil 0 is no surveil (701.25c); triggers wait for the end (701.25d).
    ``additional``: an effect lets the player look at that many more cards as they surveil (701.25b)."""
    if count <= 0:
        return
    looked = surveilled_cards(game, player, count, additional)
    binned = _some_of(game, player, looked, f"cards to put into the graveyard (surveil {count})")
    top = [i for i in looked if i not in binned]
    _restack(game, player, looked, _in_order(game, player, top, "order on top, top first"), [])
    zones.move_all(game, [game.objects[i] for i in binned], Zone.GRAVEYARD, cause=Cause.EFFECT)
    game.emit(Surveilled(player, count))


def surveilled_cards(game: Game, player: PlayerId, count: int, additional: int) -> list[ObjectId]:
    """701.25b: the cards looked at while surveilling, the additional ones included: any of them may
    go to the graveyard or back on top."""
    return top_of_library(game, player, count + additional)


def shuffle(game: Game, player: PlayerId) -> None:
    """701.24a: put ``player``'s library in an order no player knows (seeded by the game's clock,
    so a scenario replays the same); a library of 0 or 1 cards is shuffled too (701.24e)."""
    from kb.engine import shuffling

    game.emit(shuffling.shuffle_keeping(game, player, []))


def shuffle_into_library(game: Game, player: PlayerId, objects: Sequence[ObjectId],
                         expected: Zone | None = None) -> None:
    """Put ``objects`` into their owner's library, then shuffle ``player``'s library.  An object
    no longer in ``expected`` (the zone the effect looks for it in) isn't moved; the library is
    shuffled all the same, even if none was moved or the group is empty (701.24c, 701.24d)."""
    moving = [game.objects[i] for i in objects if i in game.objects
              and (expected is None or game.objects[i].zone is expected)]
    if moving:
        zones.move_all(game, moving, Zone.LIBRARY, cause=Cause.EFFECT)
    shuffle(game, player)


HIDDEN_ZONES = frozenset({Zone.LIBRARY, Zone.HAND})
"""Zones whose cards not every player may see (400.2): a search there may fail to find (701.23b)."""


def search(game: Game, player: PlayerId, owner: PlayerId, zone: Zone, matches: Callable[[View], bool], *,
           up_to: int | None = None) -> list[ObjectId]:
    """701.23a: ``player`` looks at every card of ``owner``'s ``zone`` and finds those that match
    (all of them, or ``up_to`` that many).  In a hidden zone a search for cards with a quality may
    find fewer than there are, even none (701.23b); in a public zone every match is found."""
    candidates = [o.id for o in game.in_zone(zone, owner) if matches(game.view(o.id))]
    if zone not in HIDDEN_ZONES:
        return candidates[:up_to] if up_to is not None else candidates
    if not candidates:
        return []
    limit = len(candidates) if up_to is None else up_to
    answer = game.choices.ask(Choice(ChoiceKind.OBJECTS, player, f"cards found in {owner}'s {zone.value}",
                                     accepts=lambda v: isinstance(v, (list, tuple)) and len(v) <= limit and
                                     len({_id(c) for c in v}) == len(v) and all(_id(c) in candidates for c in v)))
    assert isinstance(answer, (list, tuple))
    return [i for i in map(_id, answer) if isinstance(i, int)]


def search_for_cards(game: Game, player: PlayerId, count: int) -> list[ObjectId]:
    """701.23d: "search your library for N cards" with no quality: ``count`` cards must be found,
    or as many as the library holds."""
    library = list(game.players[player].library)
    need = min(count, len(library))
    if need == 0:
        return []
    options = tuple(tuple(c) for c in combinations(library, need)) if len(library) <= 8 else ()
    answer = game.choices.ask(Choice(ChoiceKind.OBJECTS, player, f"{need} card(s) to find", options,
                                     accepts=None if options else lambda v: isinstance(v, (list, tuple))
                                     and len({_id(c) for c in v}) == need == len(v)
                                     and all(_id(c) in library for c in v)))
    assert isinstance(answer, (list, tuple))
    return [i for i in map(_id, answer) if isinstance(i, int)]


# -- fighting and doubling --------------------------------------------------------------------------


def _creature_on_battlefield(game: Game, object_id: ObjectId) -> bool:
    obj = game.objects.get(object_id)
    return obj is not None and obj.zone is Zone.BATTLEFIELD and not obj.phased_out and \
        game.view(object_id).is_a("Creature")


def fight(game: Game, first: ObjectId, second: ObjectId) -> None:
    """701.14a: each deals damage equal to its power to the other, at once; neither fights if
    either is no longer a creature on the battlefield (701.14b); a creature fighting itself deals
    twice its power to itself (701.14c).  The damage is not combat damage (701.14d)."""
    from kb.engine import damage

    if not (_creature_on_battlefield(game, first) and _creature_on_battlefield(game, second)):
        return
    one, other = game.view(first).power or 0, game.view(second).power or 0
    if first == second:
        damage.deal(game, [(first, first, 2 * one)], combat=False)
    else:
        damage.deal(game, [(first, second, one), (second, first, other)], combat=False)


def investigate(game: Game, player: PlayerId) -> None:
    """701.16a: create a Clue token (111.10f)."""
    from kb.engine.predefined_tokens import PREDEFINED

    game.create_token(PREDEFINED["Clue"], player)


def double_power(game: Game, creature: ObjectId, source: ObjectId | None, controller: PlayerId) -> None:
    """701.10b-c: +X/+0 until end of turn, X its power as the effect resolves (a negative power
    gives -X/-0 with X the difference from 0, the same number): a modification (613.4c)."""
    from kb.engine.durations import UntilEndOfTurn
    from kb.engine.parts import modify_pt

    power = game.view(creature).power or 0
    game.create_effect("double its power", [modify_pt(power, 0)], [creature], UntilEndOfTurn(),
                       source=source, controller=controller)


def double_life(game: Game, player: PlayerId) -> None:
    """701.10d: gain or lose life so that the new total is twice the old one."""
    actions.set_life(game, player, 2 * game.players[player].life)


def double_counters(game: Game, holder: ObjectId | PlayerId, kind: str) -> None:
    """701.10e: put as many more counters of ``kind`` as there already are."""
    obj = game.players[holder] if isinstance(holder, str) else game.objects[holder]
    pile = obj.counters.get(kind)
    if pile is not None and pile.count > 0:
        counters.put(game, holder if isinstance(holder, str) else game.objects[holder], kind, pile.count)


def double_mana(game: Game, player: PlayerId, kind: str) -> None:
    """701.10f: the player adds as much mana of ``kind`` ("G", "C" …) as they already have."""
    pool = game.players[player].mana
    amount = sum(n for k, n in pool.mana.items() if k.split("|", 1)[0] == kind)
    if amount:
        game.add_mana(player, ("{" + kind + "}") * amount)


def double_damage(text: str, applies: Callable[[ReplacementContext, Damage], bool]) -> Replacement:
    """701.10g: "[a source] deals double that damage instead": a replacement effect on the damage
    event, for a static ability's ``replacements`` (``applies(context, damage)`` picks the events)."""
    from dataclasses import replace as with_changes

    from kb.engine.replacement import Damage, Replacement

    return Replacement(text, Damage, applies, lambda c, d: with_changes(d, amount=d.amount * 2))


# -- counters by a rule -----------------------------------------------------------------------------


def proliferate(game: Game, player: PlayerId) -> list[ObjectId | PlayerId]:
    """701.34a: choose any number of permanents and players with counters; each gets one more
    counter of each kind it already has.  Returns those chosen."""
    holders: list[ObjectId | PlayerId] = [o.id for o in game.battlefield() if o.counters and not o.phased_out]
    holders += [p for p, state in game.players.items() if state.counters and not state.left]
    answer = game.choices.ask(Choice(ChoiceKind.OBJECTS, player, "permanents and players to proliferate",
                                     accepts=lambda v: isinstance(v, (list, tuple)) and all(
                                         _id(h) in holders for h in v), default=holders))
    assert isinstance(answer, (list, tuple))
    chosen: list[ObjectId | PlayerId] = [h for h in map(_id, answer) if isinstance(h, (int, str))]
    from kb.engine import team_poison

    poisoned = team_poison.proliferate_poison(game, player, [h for h in chosen if isinstance(h, str)])  # 701.34b
    for holder in chosen:
        kinds = list((game.players[holder] if isinstance(holder, str) else game.objects[holder]).counters)
        for kind in kinds:
            if kind == team_poison.POISON and isinstance(holder, str) and holder not in poisoned:
                continue
            counters.put(game, holder if isinstance(holder, str) else game.objects[holder], kind, 1)
    return chosen


def adapt(game: Game, permanent: ObjectId, count: int) -> None:
    """701.46a: if it has no +1/+1 counters, put ``count`` of them on it."""
    obj = game.objects[permanent]
    pile = obj.counters.get(PLUS_ONE)
    if pile is None or pile.count == 0:
        counters.put(game, obj, PLUS_ONE, count)


MONSTROUS = "monstrous"


def monstrosity(game: Game, permanent: ObjectId, count: int) -> None:
    """701.37a: if it isn't monstrous, put ``count`` +1/+1 counters on it and it becomes monstrous,
    a designation it keeps until it leaves the battlefield (701.37b); X is remembered (701.37c)."""
    obj = game.objects.get(permanent)
    if obj is None or obj.zone is not Zone.BATTLEFIELD or MONSTROUS in obj.designations:
        return
    counters.put(game, obj, PLUS_ONE, count)
    obj.designations.add(MONSTROUS)
    obj.chosen["monstrosity X"] = count
    game.touch()


def is_monstrous(game: Game, permanent: ObjectId) -> bool:
    obj = game.objects.get(permanent)
    return obj is not None and obj.zone is Zone.BATTLEFIELD and MONSTROUS in obj.designations


def bolster(game: Game, player: PlayerId, count: int) -> ObjectId | None:
    """701.39a: choose a creature you control with the least toughness (one of them, if tied) and
    put ``count`` +1/+1 counters on it.  Returns it."""
    mine = [o.id for o in game.creatures(player)]
    if not mine:
        return None
    least = min(game.view(i).toughness or 0 for i in mine)
    options = tuple(i for i in mine if (game.view(i).toughness or 0) == least)
    chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, f"the creature to bolster {count}", options))
    assert isinstance(chosen, int)
    counters.put(game, game.objects[chosen], PLUS_ONE, count)
    return chosen


def amass(game: Game, player: PlayerId, subtype: str, count: int) -> ObjectId | None:
    """701.47a: if you control no Army, create a 0/0 black [subtype] Army creature token; then
    choose an Army you control and put ``count`` +1/+1 counters on it.  You amassed even if part
    of it was impossible (701.47b); the Army chosen is "the Army you amassed" (701.47c)."""
    from kb.engine.cards import token

    def armies() -> tuple[ObjectId, ...]:
        return tuple(o.id for o in game.creatures(player) if "Army" in game.view(o).subtypes)

    if not armies():
        game.create_token(token(None, f"Creature — {subtype} Army", 0, 0, colors="B"), player)
    found = armies()
    chosen: ObjectId | None = None
    if found:
        answer = game.choices.ask(Choice(ChoiceKind.OBJECT, player, "the Army to amass with", found))
        assert isinstance(answer, int)
        chosen = answer
        counters.put(game, game.objects[chosen], PLUS_ONE, count)
    game.emit(Amassed(player, chosen))
    return chosen


# -- restricting, copying, exchanging --------------------------------------------------------------


def detain(game: Game, permanent: ObjectId, controller: PlayerId, source: ObjectId | None = None) -> None:
    """701.35a: until ``controller``'s next turn, ``permanent`` can't attack or block and its
    activated abilities can't be activated."""
    from kb.engine.durations import UntilYourNextTurn
    from kb.engine.rules import CantActivate, CantAttack, CantBlock
    from kb.engine.selectors import only

    which = only(permanent)
    game.create_effect("detained", (), [permanent], UntilYourNextTurn(controller),
                       rules=[CantAttack(which), CantBlock(which), CantActivate(which)], source=source,
                       controller=controller)


def populate(game: Game, player: PlayerId) -> list[ObjectId]:
    """701.36a: choose a creature token you control and create a token that's a copy of it; with
    none, no token is created (701.36b).  Returns the tokens created."""
    from kb.engine import copies

    mine = tuple(o.id for o in game.creatures(player) if o.card.is_token)
    if not mine:
        return []
    chosen = game.choices.ask(Choice(ChoiceKind.OBJECT, player, "the creature token to populate", mine))
    assert isinstance(chosen, int)
    return [o.id for o in copies.create_token_copies(game, chosen, player)]


def exchange_life_totals(game: Game, first: PlayerId, second: PlayerId) -> None:
    """701.12c: each player gains or loses the difference, so replacement effects and triggers
    see life gained and lost."""
    one, other = game.players[first].life, game.players[second].life
    actions.set_life(game, first, other)
    actions.set_life(game, second, one)


def exchange_control(game: Game, first: ObjectId, second: ObjectId, source: ObjectId | None,
                     controller: PlayerId) -> bool:
    """701.12b: the controllers of two permanents controlled by different players each gain control
    of the other's at once; with one controller the exchange does nothing.  701.12a: if either is
    gone, no part of it happens.  Returns whether it happened."""
    from kb.engine.parts import control

    if any(game.objects.get(i) is None or game.objects[i].zone is not Zone.BATTLEFIELD for i in (first, second)):
        return False
    one, other = game.view(first).controller, game.view(second).controller
    if one == other:
        return False
    game.create_effect(f"{other} controls it", [control(other)], [first], None, source=source,
                       controller=controller)
    game.create_effect(f"{one} controls it", [control(one)], [second], None, source=source, controller=controller)
    return True


# -- actions of a permanent -------------------------------------------------------------------------


def _acting(game: Game, permanent: ObjectId) -> tuple[PlayerId, bool]:
    """The controller of the permanent that acts, as it last existed if it left (701.44c, 701.50c),
    and whether it is still on the battlefield."""
    obj = game.objects.get(permanent)
    if obj is not None and obj.zone is Zone.BATTLEFIELD:
        return game.view(permanent).controller, True
    return game.last_known_view(permanent).controller, False


def explore(game: Game, permanent: ObjectId) -> None:
    """701.44a: its controller reveals the top card of their library; a land card goes to their
    hand; otherwise the permanent gets a +1/+1 counter and the player may put the card into their
    graveyard.  It explored even if part of that was impossible (701.44b)."""
    player, present = _acting(game, permanent)
    top = top_of_library(game, player, 1)
    if top:
        revealed = game.objects[top[0]]
        if game.view(revealed.id).is_a("Land"):
            zones.move(game, revealed, Zone.HAND, cause=Cause.EFFECT)
        else:
            if present:
                counters.put(game, game.objects[permanent], PLUS_ONE, 1)
            if game.choices.ask(Choice(ChoiceKind.MAY, player, "put the revealed card into your graveyard",
                                       (True, False))):
                zones.move(game, revealed, Zone.GRAVEYARD, cause=Cause.EFFECT)
    game.emit(Explored(permanent, player))


def connive(game: Game, permanent: ObjectId, count: int = 1) -> None:
    """701.50a, e: its controller draws ``count`` cards, then discards ``count``; the permanent gets
    a +1/+1 counter for each nonland card discarded.  It connived even if part of that was
    impossible (701.50b)."""
    if count < 1:
        raise ScenarioError("connive N needs N of at least 1")
    player, present = _acting(game, permanent)
    game.draw(player, count)
    discarded = instructions.discard_cards(game, player, count)
    nonland = sum(1 for i in discarded if not game.last_known_view(i).is_a("Land"))
    if present and nonland:
        counters.put(game, game.objects[permanent], PLUS_ONE, nonland)
    game.emit(Connived(permanent, player))


__all__ = ["Amassed", "Connived", "Explored", "Scried", "Shuffled", "Surveilled", "adapt", "amass", "bolster", "connive", "detain",
           "double_counters", "double_damage", "double_life", "double_mana", "double_power", "exchange_control", "exchange_life_totals", "explore",
           "fight", "investigate", "is_monstrous", "monstrosity", "populate", "proliferate", "scry", "scry_each", "search", "search_for_cards", "shuffle", "shuffle_into_library", "surveil", "surveilled_cards",
           "top_of_library"]
