"""Zones and zone changes (400): an object that moves becomes a new object (400.7).

Moving is a proposed event (:class:`~kb.engine.replacement.Move`) that replacement effects may
change (614); then the object leaves its zone — revealed if it was face down (708.9), becoming
unattached from what it was attached to and unattaching what was attached to it (701.3d),
removed from combat (506.4), its last known information kept (608.2h) — and a new object with a
new timestamp (613.7d; several at once in APNAP order, 613.7m) appears in the new zone.
Leaves-the-battlefield abilities look back to the moment before (603.10a): the event carries
every object as it was.

A permanent spell that resolves keeps its id as it becomes a permanent: it is a new object
(400.7) but the effects that changed it as a spell go on applying (400.7a, 608.3), which is
what keeping the id models.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from kb.engine import (
    attach,
    before_the_game,
    continuous,
    facedown,
    phasing,
    replacement,
    timestamps,
)
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cardtypes import AURA, CardType
from kb.engine.counters import checked_kind
from kb.engine.errors import IllegalAction, NotModelled, ScenarioError
from kb.engine.events import (
    Attached,
    Cause,
    CountersPut,
    Event,
    TokenCreated,
    Unattached,
    ZoneChanged,
)
from kb.engine.objects import CounterPile, FaceDown, GameObject
from kb.engine.parts import LayerPart, copy_of_values
from kb.engine.replacement import CreateTokens, Move, PutCounters, Replacement, replace

if TYPE_CHECKING:
    from kb.engine.cards import Card
    from kb.engine.characteristics import View
    from kb.engine.game import Game


def place(game: Game, card: Card, zone: Zone, player: PlayerId, *, owner: PlayerId | None = None,
          tapped: bool = False, face_down: FaceDown | None = None, counters: Mapping[str, int] | None = None,
          attached_to: ObjectId | PlayerId | None = None) -> GameObject:
    """Set up an object that is simply there (no event).  On the battlefield ``player`` controls
    it; elsewhere ``player`` owns it."""
    game.player(player)
    if zone is Zone.STACK:
        raise ScenarioError(f"{card.name} can't be placed on the stack: an object there is a spell or an ability "
                            f"(405.1), put there by casting it: game.cast(player, card) (601.2)")
    _refuse_statuses_off_the_battlefield(card, zone, tapped, face_down, attached_to)
    host = game.objects.get(attached_to) if isinstance(attached_to, int) else None
    if host is not None and host.phased_out:
        raise ScenarioError(f"{card.name} can't be placed attached to a phased-out permanent: what is attached to it "
                            f"phased out with it (702.26g); place it, then phase the permanent out")
    game.placing = True
    try:
        obj = _place(game, card, zone, player, owner, tapped, face_down, counters, attached_to)
        game.touch()
    finally:
        game.placing = False
    game.unsettled = True  # the views as placed are the baseline for control changes (603.10d)
    return obj


def _refuse_statuses_off_the_battlefield(card: Card, zone: Zone, tapped: bool, face_down: FaceDown | None,
                                         attached_to: ObjectId | PlayerId | None) -> None:
    """A set-up asking for what its zone can't have is bad input, not silently dropped or kept: only
    a permanent is tapped (110.5) or attached (701.3a); a card in a hand, library or graveyard has no
    face-down status (404.2: a graveyard is a face-up pile; face down is a permanent's, a spell's or an
    exiled card's, 110.5, 708, 406.3)."""
    if zone is Zone.BATTLEFIELD:
        return
    if tapped:
        raise ScenarioError(f"{card.name} can't be placed tapped in the {zone.value}: only a permanent is "
                            f"tapped (110.5)")
    if attached_to is not None:
        raise ScenarioError(f"{card.name} can't be placed attached in the {zone.value}: only a permanent is "
                            f"attached (701.3a)")
    if face_down is not None and zone in (Zone.HAND, Zone.LIBRARY, Zone.GRAVEYARD):
        raise ScenarioError(f"{card.name} can't be placed face down in the {zone.value}: face down is a "
                            f"permanent's, a spell's or an exiled card's status (110.5, 404.2, 406.3)")


def _place(game: Game, card: Card, zone: Zone, player: PlayerId, owner: PlayerId | None, tapped: bool,
           face_down: FaceDown | None, counters: Mapping[str, int] | None,
           attached_to: ObjectId | PlayerId | None) -> GameObject:
    obj = game._new_object(card, owner or player, zone, player)
    obj.tapped = tapped and zone is Zone.BATTLEFIELD
    obj.face_down = face_down
    obj.entered_turn = obj.control_since = 0  # there since before the game's first turn
    given = dict(counters or {})
    if zone is Zone.BATTLEFIELD and face_down is None:  # face down it is a plain 2/2 creature (708.2)
        from kb.engine.replacement import intrinsic_counters

        for kind, count in intrinsic_counters(card.front):  # loyalty, defense, lore (306.5b, 714.3a)
            given.setdefault(kind, count)
    for kind, count in given.items():
        obj.counters[checked_kind(kind)] = CounterPile(count, game.tick())
    if attached_to is not None:
        obj.attached_to = attached_to
    if zone is Zone.LIBRARY:
        game.players[obj.owner].library.append(obj.id)
    return obj


def still_in(game: Game, object_id: ObjectId | None, zone: Zone) -> GameObject | None:
    """The object, if it is still in ``zone``; None if it has left it — even if its card came back,
    that is a new object (400.7, 603.6, 603.7c)."""
    obj = game.objects.get(object_id) if object_id is not None else None
    return obj if obj is not None and obj.zone is zone else None


def move(game: Game, obj: GameObject, to: Zone, **options: object) -> GameObject | None:
    return move_all(game, [obj], to, **options)[0]  # type: ignore[arg-type]


def move_all(game: Game, objects: Sequence[GameObject], to: Zone, *, cause: Cause = Cause.EFFECT,
             controller: PlayerId | None = None, tapped: bool = False, face_down: FaceDown | None = None,
             counters: Mapping[str, int] | None = None, to_bottom: bool = False,
             own: Sequence[Replacement] = (), seen: Mapping[ObjectId, View] | None = None,
             effects: Sequence[tuple[str, Sequence[LayerPart]]] = (), causes: Sequence[Cause] | None = None,
             can_regenerate: bool = True) -> list[GameObject | None]:
    """Move ``objects`` at once (one event, so their leaves-the-battlefield abilities all see
    each other leave, 603.10a).  Returns what each became, None where it went nowhere.
    ``seen``: the state the move's last known information comes from (default: now; 704.8).
    ``causes``: a cause for each object, when they differ (state-based actions, 704.5f-g);
    ``can_regenerate`` False: a destruction that can't be regenerated (701.19c)."""
    seen = seen if seen is not None else game.views()
    together = frozenset(o.id for o in objects)
    each = list(causes) if causes is not None else [cause] * len(objects)
    proposals: list[Move | None] = []
    for o, why in zip(objects, each, strict=True):
        host: ObjectId | PlayerId | None = None
        if not can_change_zones(o):
            proposals.append(None)  # a token that has left the battlefield stays where it is (111.8)
            continue
        if to is Zone.BATTLEFIELD and face_down is None:
            if not can_enter_battlefield(seen[o.id]):
                proposals.append(None)  # it stays where it is (400.4a, 304.4, 307.4)
                continue
            if AURA in seen[o.id].subtypes and why is not Cause.RESOLVE:
                host = attach.host_for_entering_aura(game, o, controller or o.owner)
                if host is None:
                    proposals.append(None)  # nothing it could enchant: it stays (303.4g)
                    continue
        proposals.append(Move(o.id, to, why, controller, tapped, tuple((counters or {}).items()), face_down,
                              attach_to=host, to_bottom=to_bottom,
                              effects=tuple((text, tuple(parts)) for text, parts in effects),
                              together=together, can_regenerate=can_regenerate))
    before = game.entering
    game.entering = before | {p.object_id for p in proposals if p is not None and p.to_zone is Zone.BATTLEFIELD}
    try:
        finals = [replace(game, p, own) if p is not None else None for p in proposals]
    finally:
        game.entering = before
    return perform(game, objects, finals, seen)


def can_change_zones(obj: GameObject) -> bool:
    """A token that has left the battlefield can't move to another zone (111.8); conspiracy,
    dungeon, phenomenon, plane, scheme and vanguard cards can't leave the command zone (400.4b)."""
    if obj.is_token and obj.zone is not Zone.BATTLEFIELD:
        return False
    return not (obj.zone is Zone.COMMAND and obj.card.front.types & COMMAND_ONLY)


COMMAND_ONLY = frozenset({CardType.CONSPIRACY, CardType.DUNGEON, CardType.PHENOMENON, CardType.PLANE,
                          CardType.SCHEME, CardType.VANGUARD})
"""Card types that never leave the command zone (400.4b)."""


def can_enter_battlefield(view: View) -> bool:
    """Instants and sorceries can't enter the battlefield (304.4, 307.4, 400.4a)."""
    return not view.types & {CardType.INSTANT, CardType.SORCERY}


def perform(game: Game, objects: Sequence[GameObject], finals: Sequence[object],
            seen: Mapping[ObjectId, View]) -> list[GameObject | None]:
    """Carry out moves whose replacement effects have been applied."""
    from kb.engine import meld

    sacrifice_as_they_enter(game, finals)
    events: list[Event] = []
    results: list[GameObject | None] = []
    entering: list[tuple[GameObject, Move]] = []
    for obj, final in zip(objects, finals, strict=True):
        if not isinstance(final, Move) or obj.id not in game.objects:
            results.append(None)
            continue
        if final.to_zone is Zone.BATTLEFIELD and obj.zone is not Zone.BATTLEFIELD and not replacement.may_enter(game, final):
            results.append(None)  # it can't enter, so it doesn't move (614.17d)
            continue
        events += _leave(game, obj, final, seen)
        new = _arrive(game, obj, final, seen)
        for split in ON_LEAVING:
            split(game, obj, new)
        results.append(new)
        events.append(ZoneChanged(obj.id, new.id, obj.zone, final.to_zone, seen.get(obj.id), final.cause, seen))
        events += [meld.separated_event(obj, other, final, seen) for other in meld.separate(game, obj, new, final)]
        obj.zone = final.to_zone  # the old object is gone (400.7); one still held says where its card went
        if final.to_zone is Zone.BATTLEFIELD:
            entering.append((new, final))
    from kb.engine import shuffling

    events += shuffling.shuffle_in(game, [(n, f) for n, f in zip(results, finals, strict=True)
                                          if n is not None and isinstance(f, Move)])
    if len(entering) > 1:
        timestamps.stamp_together(game, [n for n, _ in entering])
    for new, final in entering:
        events += _entered(game, new, final)
    game.emit(*events)
    return results


def sacrifice_as_they_enter(game: Game, finals: Sequence[object]) -> None:
    """The permanents chosen to be sacrificed as the moving objects enter (devour, 702.82a) are
    sacrificed as the event happens."""
    doomed = [game.objects[i] for f in finals if isinstance(f, Move) for i in f.sacrificed if i in game.objects]
    if doomed:
        move_all(game, doomed, Zone.GRAVEYARD, cause=Cause.SACRIFICE)


ON_LEAVING: list[Callable[[Game, GameObject, GameObject], None]] = []
"""What else happens as an object moves, given it and the new object (a merged permanent's other
components are put into the same zone, 729.3)."""


def _leave(game: Game, obj: GameObject, final: Move, seen: Mapping[ObjectId, View]) -> list[Event]:
    from kb.engine import combat

    events: list[Event] = []
    shown = facedown.reveal_on_leaving(game, obj, final.to_zone)
    if shown is not None:
        events.append(shown)
    if obj.zone is Zone.STACK and any(item.spell == obj.id for item in game.stack):
        # A spell leaving the stack while it waits there (exiled, bounced) takes its entry with it (405.1);
        # a resolving spell's entry is already gone.
        game.stack = [item for item in game.stack if item.spell != obj.id]
    if obj.zone is Zone.BATTLEFIELD:
        for other in game.objects.values():
            if other.attached_to == obj.id and phasing.exists(other):
                other.attached_to = None
                events.append(Unattached(other.id, obj.id, seen))
            # A phased-out one keeps pointing at it: it phases in unattached (702.26i).
        if obj.attached_to is not None:
            events.append(Unattached(obj.id, obj.attached_to, seen))
        combat.remove_from_combat(game, obj.id)
    return events


def _arrive(game: Game, obj: GameObject, final: Move, seen: Mapping[ObjectId, View]) -> GameObject:
    """The new object in the new zone (400.7); the old one is gone, remembered as it was."""
    game.last_known[obj.id] = seen[obj.id]
    del game.objects[obj.id]
    owner = game.players[obj.owner]
    if obj.id in owner.library:
        owner.library.remove(obj.id)
    controller = final.controller or obj.owner
    new = game._new_object(obj.card, obj.owner, final.to_zone, controller)
    new.previous = obj.id
    game.became[obj.id] = new.id
    from kb.engine.spell_copies import COPY_OF_A_SPELL

    if COPY_OF_A_SPELL in obj.designations:
        new.designations.add(COPY_OF_A_SPELL)  # still a copy wherever it goes, and so it ceases (704.5e)
    from kb.engine import commander

    commander.carried(obj, new, final.to_zone)
    if final.to_zone is Zone.LIBRARY:
        if final.to_bottom:
            owner.library.insert(0, new.id)
        else:
            owner.library.append(new.id)
    if final.to_zone.is_public and obj.zone.is_public:
        new.stickers = obj.stickers  # stickers stay on cards moving between public zones (123.5)
    if final.to_zone is Zone.BATTLEFIELD:
        new.tapped = final.tapped
        new.transformed = final.transformed and obj.card.back is not None
        new.melded_with = obj.melded_with  # two cards melding enter as one permanent (712.14c)
        new.face_down = final.face_down
        new.chosen = dict(final.choices)
        new.attached_to = final.attach_to
    elif final.face_down is not None and final.to_zone in (Zone.STACK, Zone.EXILE):
        new.face_down = final.face_down  # cast face down (708.4) or exiled face down
    before_the_game.carried(obj, new)  # a choice made before the game stays with the card (607.2p)
    return new


def _entered(game: Game, new: GameObject, final: Move) -> list[Event]:
    events: list[Event] = []
    for text, parts in final.effects:  # 611.2e: they apply as it enters; 613.7n: after its own statics
        continuous.create(game, text, parts, [new.id])
    if final.copy_of is not None:
        name = final.copy_of.normal.name
        continuous.create(game, f"enters as a copy of {name}", [copy_of_values(final.copy_of, f"copy of {name}")],
                          [new.id], source=new.id)
    for kind, count in final.counters:
        # "Given counters as it enters" is "put" (122.6), so the effects that replace putting counters
        # apply to them too, though another replacement effect gives them (614.16: Hardened Scales);
        # none are put for an "enters with X counters" with X 0, so nothing replaces that.
        if count <= 0:
            continue
        put = replace(game, PutCounters(new.id, kind, count))
        if not isinstance(put, PutCounters) or put.count <= 0:
            continue
        if put.target != new.id:
            raise NotModelled("a replacement effect putting the counters a permanent enters with on another "
                              "object or player (122.6, 614.16)")
        pile = new.counters.get(put.kind)
        new.counters[put.kind] = CounterPile((pile.count if pile else 0) + put.count, game.tick())
        events.append(CountersPut(new.id, put.kind, put.count))
    if final.attach_to is not None:
        events.append(Attached(new.id, final.attach_to))
    return events


def enter_from_stack(game: Game, spell: GameObject, controller: PlayerId,
                     attach_to: ObjectId | PlayerId | None = None) -> GameObject | None:
    """A permanent spell resolves and becomes a permanent under its controller (608.3a, 608.3c)."""
    seen = game.views()
    final = replace(game, Move(spell.id, Zone.BATTLEFIELD, Cause.RESOLVE, controller,
                               face_down=spell.face_down, attach_to=attach_to))
    if not isinstance(final, Move):
        return None
    if final.to_zone is Zone.BATTLEFIELD and not replacement.may_enter(game, final):
        final = Move(spell.id, Zone.GRAVEYARD, Cause.RULES)  # it can't be put onto the battlefield (608.3e)
    if final.to_zone is not Zone.BATTLEFIELD:
        return perform(game, [spell], [final], seen)[0]
    sacrifice_as_they_enter(game, [final])
    game.last_known[spell.id] = seen[spell.id]
    from kb.engine import spell_copies, spell_costs

    spell_copies.becomes_a_token(game, spell)  # 608.3f
    spell.zone = Zone.BATTLEFIELD
    spell.controller = final.controller or controller
    spell.tapped = final.tapped
    if final.transformed and spell.card.back is not None:
        spell.transformed = True  # it enters transformed (daybound at night, 702.145b)
    spell.face_down = final.face_down
    spell.chosen = {**spell.chosen, **dict(final.choices)}
    spell.attached_to = final.attach_to
    spell.entered_turn = spell.control_since = game.turn
    spell.cast = False
    timestamps.stamp(game, spell)
    spell_costs.entering(game, spell, spell.controller)  # 608.3g
    events: list[Event] = [ZoneChanged(spell.id, spell.id, Zone.STACK, Zone.BATTLEFIELD, seen[spell.id],
                                       Cause.RESOLVE, seen)]
    events += _entered(game, spell, final)
    game.emit(*events)
    return spell


def put_onto_battlefield(game: Game, card: Card | GameObject | ObjectId, controller: PlayerId | None = None, *,
                         tapped: bool = False, face_down: FaceDown | None = None,
                         counters: Mapping[str, int] | None = None,
                         effects: Sequence[tuple[str, Sequence[LayerPart]]] = ()) -> GameObject | None:
    from kb.engine.cards import Card as CardType_

    if isinstance(card, CardType_):
        obj = place(game, card, Zone.EXILE if face_down else Zone.HAND, controller or game.active)
    else:
        obj = game.obj(card)
    return move(game, obj, Zone.BATTLEFIELD, controller=controller or obj.owner, tapped=tapped,
                face_down=face_down, counters=counters or {}, effects=effects)


def put_all_onto_battlefield(game: Game, cards: Sequence[Card | GameObject | ObjectId],
                             controller: PlayerId | None = None, *, tapped: bool = False) -> list[GameObject | None]:
    """Put several objects onto the battlefield at once: one event, and their relative timestamps
    in APNAP order, each player choosing the order of their own (613.7m)."""
    from kb.engine.cards import Card as CardType_

    objs = [place(game, c, Zone.HAND, controller or game.active) if isinstance(c, CardType_) else game.obj(c)
            for c in cards]
    return move_all(game, objs, Zone.BATTLEFIELD, controller=controller, tapped=tapped)


def create_tokens(game: Game, card: Card, controller: PlayerId, count: int = 1, *,
                  tapped: bool = False, transformed: bool = False) -> list[GameObject]:
    """Create tokens on the battlefield (111.2, 701.7a); replacement effects may change how many.
    ``transformed``: double-faced tokens enter with their back face up (707.8a)."""
    from kb.engine.cards import Card as CardType_

    if not isinstance(card, CardType_):
        raise IllegalAction("create_token needs a token definition (kb.engine.token(...))")
    if game.players[controller].left:
        return []  # 800.4b
    final = replace(game, CreateTokens(card, controller, count, tapped))
    if not isinstance(final, CreateTokens):
        return []
    seen = game.views()
    events: list[Event] = []
    token_card = final.card if final.card.is_token else _as_token(final.card)
    made = [game._new_object(token_card, final.controller, Zone.BATTLEFIELD, final.controller)
            for _ in range(final.count)]
    for obj in made:
        obj.transformed = transformed and token_card.back is not None
    entered = []
    together = frozenset(o.id for o in made)
    for obj in made:  # each token's entering is an event within the creation (616.1g): 614.1c-d, 614.12
        how = replace(game, Move(obj.id, Zone.BATTLEFIELD, Cause.EFFECT, final.controller, final.tapped,
                                 together=together))
        if not isinstance(how, Move) or how.to_zone is not Zone.BATTLEFIELD or not replacement.may_enter(game, how):
            del game.objects[obj.id]  # it never comes into being on the battlefield
            game.touch()
            continue
        obj.tapped, obj.chosen = how.tapped, dict(how.choices)
        obj.controller = how.controller or final.controller
        entered.append((obj, how))
    if len(entered) > 1:
        timestamps.stamp_together(game, [o for o, _ in entered])
    for obj, how in entered:
        events.append(TokenCreated(obj.id, obj.controller))
        events.append(ZoneChanged(None, obj.id, None, Zone.BATTLEFIELD, None, Cause.EFFECT, seen))
        events += _entered(game, obj, how)
    game.emit(*events)
    return [o for o, _ in entered]


def _as_token(card: Card) -> Card:
    from dataclasses import replace as with_changes

    return with_changes(card, is_token=True)


def destroy(game: Game, permanents: Sequence[GameObject], *, can_regenerate: bool = True) -> list[GameObject | None]:
    """Destroy (701.8): to the graveyard, unless indestructible (702.12b); regeneration may replace
    it (701.19a) unless it "can't be regenerated" (701.19c)."""
    views = game.views()
    going = [p for p in permanents if p.zone is Zone.BATTLEFIELD and phasing.exists(p)
             and not indestructible(views[p.id])]
    moved = dict(zip([p.id for p in going], move_all(game, going, Zone.GRAVEYARD, cause=Cause.DESTROY,
                                                       can_regenerate=can_regenerate), strict=True))
    return [moved.get(p.id) for p in permanents]


def indestructible(view: View) -> bool:
    """A permanent with indestructible can't be destroyed (702.12b)."""
    return view.has("indestructible")


def sacrifice(game: Game, player: PlayerId, permanents: Sequence[GameObject]) -> list[GameObject | None]:
    """Sacrifice (701.21a): only your own permanents; indestructible doesn't help."""
    views = game.views()
    for permanent in permanents:
        if permanent.zone is not Zone.BATTLEFIELD or views[permanent.id].controller != player:
            raise IllegalAction(f"{player} can sacrifice only permanents they control (701.21a; an effect's "
                                "'sacrifice it' that can't be done: sacrifice(…, if_able=True))")
        if not phasing.exists(permanent):
            raise IllegalAction("a phased-out permanent is treated as though it doesn't exist: "
                                "it can't be sacrificed (702.26b; an effect's 'sacrifice it': if_able=True)")
    return move_all(game, list(permanents), Zone.GRAVEYARD, cause=Cause.SACRIFICE)


def sacrifice_if_able(game: Game, player: PlayerId, object_ids: Sequence[ObjectId]) -> list[GameObject | None]:
    """"Sacrifice it" as an ability resolves (a delayed trigger of blitz, decayed, mobilize, encore;
    vanishing; evoke): the instruction does what it can (609.3).  ``player`` sacrifices those still on
    the battlefield (603.7c), phased in (702.26b) and under their control — a player can't sacrifice a
    permanent they don't control (701.21a): a delayed trigger's controller is the player who made it
    (603.7d-e), not whoever controls the permanent now.  One entry per id: None for one left alone."""
    views = game.views()
    able = [game.objects[i] for i in object_ids if i in game.objects and game.objects[i].zone is Zone.BATTLEFIELD
            and phasing.exists(game.objects[i]) and views[i].controller == player]
    done = dict(zip([o.id for o in able], sacrifice(game, player, able), strict=True)) if able else {}
    return [done.get(i) for i in object_ids]


def is_permanent_card(game: Game, obj: GameObject) -> bool:
    return bool(game.view(obj.id).types & {CardType.ARTIFACT, CardType.BATTLE, CardType.CREATURE,
                                           CardType.ENCHANTMENT, CardType.LAND, CardType.PLANESWALKER})
