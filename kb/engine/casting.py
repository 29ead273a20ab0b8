"""Casting spells (601) and the timing rules for it (117.1a, 307.1).

:func:`cast` follows 601.2: the card moves to the stack (face down first, if cast face down,
708.4), X and targets are announced (601.2b-c), the game checks the spell may be cast (601.2e),
the total cost is determined (601.2f: the mana cost or {3} for morph and disguise, plus
increases, minus reductions) and paid (601.2g-h), and the spell becomes cast (601.2i).  Any
step that can't be done makes the whole cast illegal: the game returns to the moment before
(601.2, 732).

Whether a player may begin to cast a card at all (601.3) — from their hand, or from another
zone by a permission, at sorcery speed or with flash — is judged on the characteristics the
spell would have on the stack, with the continuous effects that would apply to it (601.3e):
a face-down spell is judged as a nameless colourless 2/2 creature (702.37c, 708.4).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from kb.engine import (
    continuous,
    division,
    facedown,
    payment,
    priority,
    rules,
    spell_costs,
    stack,
    targets,
    zones,
)
from kb.engine.basics import PlayerId, Zone
from kb.engine.cardtypes import CardType
from kb.engine.costs import Cost
from kb.engine.errors import IllegalAction, NotModelled, ScenarioError, UnscriptedChoice
from kb.engine.events import Cause, SpellCast
from kb.engine.mana import ManaCost
from kb.engine.objects import FaceDown, face_down_status
from kb.engine.parts import gain
from kb.engine.selectors import Filter
from kb.engine.targets import TargetSpec

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.costs import Cost
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.rules import InForce


def as_spell(game: Game, card: GameObject, player: PlayerId, face_down: FaceDown | None) -> View:
    """The characteristics ``card`` would have as a spell ``player`` casts (601.3e, 708.4)."""
    saved = (card.zone, card.controller, card.face_down)
    card.zone, card.controller, card.face_down = Zone.STACK, player, face_down
    try:
        return game.view(card.id)
    finally:
        card.zone, card.controller, card.face_down = saved


def sorcery_timing(game: Game, player: PlayerId) -> bool:
    """A main phase of the player's own turn (their team's, 805.4) with an empty stack (117.1a, 307.1)."""
    from kb.engine import teams
    from kb.engine.turn import Phase

    return (teams.is_active(game, player) and game.phase in (Phase.PRECOMBAT_MAIN, Phase.POSTCOMBAT_MAIN)
            and not game.stack)


def from_own_hand(card: GameObject, player: PlayerId) -> bool:
    """A player may cast the cards in their own hand (601.3; permissions add other zones)."""
    return card.zone is Zone.HAND and card.owner == player


def permission(game: Game, player: PlayerId, card: GameObject, spell: View) -> InForce | None:
    """601.3: may ``player`` begin to cast ``card`` from where it is?  None: from their own hand,
    no permission needed; else the permission used.  Raises IllegalAction if none allows it."""
    if from_own_hand(card, player):
        return None
    if not may_begin_from_face_down(game, player, card):
        raise IllegalAction(f"{player} can't look at that face-down card in exile, so can't begin to cast it", "601.3f")
    for found in rules.cast_permissions(game, player, spell):
        change = found.change
        assert isinstance(change, rules.CastPermission)
        if change.zone is None or change.zone is not card.zone or change.as_though_yours:
            continue
        if card.zone is Zone.LIBRARY and game.players[card.owner].library[-1:] != [card.id]:
            continue  # only the top card can be cast from a library
        return found
    raise IllegalAction(f"{player} may not cast a card from their {card.zone.value}: no rule or effect allows it",
                        "601.3")


def may_begin_from_face_down(game: Game, player: PlayerId, card: GameObject) -> bool:
    """601.3f: a spell may be cast from among face-down cards in exile only by a player who may look
    at that card there."""
    from kb.engine import visibility

    return card.zone is not Zone.EXILE or card.face_down is None or visibility.may_see_face(game, player, card)


def alternative_cost(game: Game, player: PlayerId, card: GameObject) -> Cost:
    """The alternative cost ``player`` pays for ``card`` (118.9): one of its own, chosen when it
    has several (118.9a)."""
    from kb.engine.abilities import AlternativeCost
    from kb.engine.choices import Choice, ChoiceKind

    found = [a for a in card.printed.abilities if isinstance(a, AlternativeCost) and a.cost is not None]
    if not found:
        raise IllegalAction(f"{card!r} has no alternative cost", "118.9")
    if len(found) == 1:
        chosen = found[0]
    else:
        text = game.choices.ask(Choice(ChoiceKind.MODE, player, "which alternative cost", tuple(a.text for a in found)))
        chosen = next(a for a in found if a.text == text)
    assert chosen.cost is not None
    return chosen.cost


def additional_cost(card: GameObject, face_down: FaceDown | None) -> Cost | None:
    """The spell's additional cost, paid with its mana cost (118.8, 601.2h): an instant's or
    sorcery's (the part cast, for a split card or an adventurer), or a permanent card's printed one;
    a face-down spell has no text, so none (708.4)."""
    from kb.engine import additional_costs

    if face_down is not None:
        return None
    spell = card.cast_part.spell
    return spell.additional if spell is not None else additional_costs.printed_additional(card)


def mana_cost_to_pay(card: GameObject, face_down: FaceDown | None) -> ManaCost:
    """What a spell cast for its mana cost starts from (601.2f): {3} face down (702.37c); an object
    with no mana cost can't be cast this way (118.6), while {0} is paid with nothing (118.5)."""
    base: ManaCost | None = facedown.FACE_DOWN_COST if face_down is not None else card.printed.mana_cost
    if base is None:
        raise IllegalAction("a spell with no mana cost can't be cast for its mana cost", "118.6, 601.2f")
    return base


def legendary_spell_allowed(game: Game, player: PlayerId, spell: View) -> bool:
    """205.4e: a legendary instant or sorcery can be cast only while its caster controls a
    legendary creature or a legendary planeswalker."""
    from kb.engine.cardtypes import Supertype

    if Supertype.LEGENDARY not in spell.supertypes or not spell.types & {CardType.INSTANT, CardType.SORCERY}:
        return True
    views = game.views()
    return any(Supertype.LEGENDARY in views[p.id].supertypes
               and views[p.id].types & {CardType.CREATURE, CardType.PLANESWALKER} for p in game.battlefield(player))


def has_flash(game: Game, player: PlayerId, spell: View) -> bool:
    """Flash (702.8a) or an effect letting it be cast as though it had flash (601.3b)."""
    if spell.has("flash"):
        return True
    for found in rules.cast_permissions(game, player, spell):
        change = found.change
        if isinstance(change, rules.CastPermission) and change.as_though_flash and change.zone is None:
            return True
    return False


def spell_targets(card: GameObject, spell: View) -> tuple[TargetSpec, ...]:
    """An instant's or sorcery's targets, or an Aura spell's: what its enchant ability allows (303.4a)."""
    if spell.face_down:
        return ()
    ability = card.cast_part.spell  # a split card's half, an Adventure (709.3b, 715.3b)
    if ability is not None:
        return ability.targets
    quality = spell.keywords("enchant")
    if spell.has("enchant") and "Aura" in spell.subtypes and quality:
        return (aura_target(quality[0].parameter),)
    return ()


def aura_target(quality: str) -> TargetSpec:
    from kb.engine import attach

    lower = quality.lower()
    players = "any" if lower == "player" else ("opponent" if lower == "opponent" else None)

    def test(context: object, candidate: object) -> bool:
        ctx = context  # the Aura spell is the source
        source = getattr(ctx, "source", None)
        return source is not None and attach._enchants(source, candidate)  # type: ignore[arg-type]

    objects = None if players else Filter(f"a {quality} it could enchant", test)
    return TargetSpec(f"target {quality}", objects, players)


def cast(game: Game, player: PlayerId, card: GameObject, *, targets: Sequence[object] | None = None, x: int = 0,
         face_down: FaceDown | None = None, pay_with: Sequence[GameObject] = (), alternative: bool | str = False,
         additional: Sequence[str] = (), resolving: bool = False, half: str | None = None) -> int:
    """Cast ``card``; returns the spell's id.  With ``alternative`` True the player pays the card's
    alternative cost rather than its mana cost (118.9); a keyword's name pays that keyword's
    (flashback, evoke …), and ``additional`` names the optional additional costs paid, once per
    payment (kicker, buyback …: :mod:`kb.engine.spell_costs`).  ``resolving``: an effect of a
    resolving spell or ability lets the player cast it now, which needs no priority and ignores
    timing (608.2g).  ``half``: the part of the card cast, chosen before it is put on the stack
    (709.3, 715.3, 702.102a: :data:`PARTS`).  Raises IllegalAction and leaves the game unchanged
    when the rules forbid it."""
    face_down = face_down_status(face_down, f"casting {card.card.name}")
    if not resolving:
        priority.require(game, player, "casting a spell")
    if card.zone in (Zone.STACK, Zone.BATTLEFIELD):
        raise IllegalAction(f"{card!r} is on the {card.zone.value}, not a card that can be cast")
    card.cast_as = choose_part(game, player, card, half)
    try:
        spell_id = _propose(game, player, card, targets, x, face_down, pay_with, alternative, additional, resolving)
    finally:
        if card.cast_as is not None:
            card.cast_as = None  # the card itself (now gone, or still where it was) is no part
    return spell_id


PARTS: dict[str, Callable[[Game, PlayerId, GameObject], str | None]] = {}
"""The parts of a card a player may choose to cast (709.3, 715.3), keyed by the name
:meth:`~kb.engine.cards.Card.part` knows them by: why ``player`` can't cast that part of the card
now, or None.  Entries come from :mod:`kb.engine.split_cards` and :mod:`kb.engine.adventures`."""


def choose_part(game: Game, player: PlayerId, card: GameObject, half: str | None) -> str | None:
    """709.3, 715.3: the part of ``card`` chosen before it is put on the stack; only that part is
    evaluated to see if it can be cast (709.3a, 715.3a)."""
    if half is None:
        if card.card.halves is not None:
            raise IllegalAction("a player casting a split card chooses which half they cast", "709.3")
        return None
    rule = PARTS.get(half)
    if rule is None:
        raise ScenarioError(f"no card has a part called {half!r} (known: {', '.join(sorted(PARTS))})")
    reason = rule(game, player, card)
    if reason is not None:
        raise IllegalAction(f"{card!r} can't be cast as {half}: {reason}", "709.3, 715.3")
    return half


OWN_PERMISSIONS: dict[str, Callable[[Game, PlayerId, GameObject, View], bool | None]] = {}
"""Rules of a card itself that say from where it may be cast (aftermath 702.127a; an Adventure's
card in exile, 715.3d), keyed by what they are: True lets ``player`` cast it from where it is,
False forbids it, None says nothing.  Asked before the effects that permit casting (601.3)."""


def _propose(game: Game, player: PlayerId, card: GameObject, targets: Sequence[object] | None, x: int,
             face_down: FaceDown | None, pay_with: Sequence[GameObject], alternative: bool | str,
             additional: Sequence[str], resolving: bool) -> int:
    card_view = facedown.as_it_is_cast(game, card)
    if face_down is not None:
        if face_down not in facedown.CASTING_KEYWORDS:
            raise ScenarioError(f"cards are cast face down with morph or disguise, not {face_down.value}")
        if not facedown.can_be_cast_face_down(card_view, face_down):
            raise IllegalAction(f"only a card with {facedown.CASTING_KEYWORDS[face_down]} can be cast face down",
                                "702.37d, 702.168c")
    found = spell_costs.ways(game, player, card_view, alternative if isinstance(alternative, str) else None,
                             additional)
    spell_view = spell_costs.as_spell(game, card, found, lambda: as_spell(game, card, player, face_down))
    if spell_view.is_a(CardType.LAND):
        raise IllegalAction("a land card can't be cast: it is played (305.1)", "305.9")
    own = own_permission(game, player, card, spell_view)
    granted = None if resolving or own or spell_costs.permits(game, found, card, player) \
        else permission(game, player, card, spell_view)
    if not legendary_spell_allowed(game, player, spell_view):
        raise IllegalAction("a legendary instant or sorcery needs a legendary creature or planeswalker you control",
                            "205.4e")
    if not resolving and not spell_view.is_a(CardType.INSTANT) and not has_flash(game, player, spell_view) \
            and not spell_costs.as_though_flash(found) and not sorcery_timing(game, player):
        raise IllegalAction("only an instant or a spell with flash can be cast now: others need a main phase of "
                            "your turn and an empty stack", "117.1a, 307.1")
    checkpoint = game.checkpoint()
    try:
        spell_id = _cast(game, player, card, targets, x, face_down, pay_with, granted, alternative is True, found,
                         card.cast_as)
    except (IllegalAction, UnscriptedChoice, NotModelled):
        game.restore(checkpoint)  # 732: as though it was never proposed
        raise
    if not resolving:
        priority.acted(game, player)
    return spell_id


def own_permission(game: Game, player: PlayerId, card: GameObject, spell: View) -> bool:
    """Does a rule of the card itself let ``player`` cast it from where it is (:data:`OWN_PERMISSIONS`)?
    Raises IllegalAction if one forbids it."""
    allowed = False
    for name, rule in OWN_PERMISSIONS.items():
        verdict = rule(game, player, card, spell)
        if verdict is False:
            raise IllegalAction(f"{spell.name or 'it'} can't be cast from the {card.zone.value} ({name})")
        allowed = allowed or bool(verdict)
    return allowed


def _cast(game: Game, player: PlayerId, card: GameObject, given: Sequence[object] | None, x: int,
          face_down: FaceDown | None, pay_with: Sequence[GameObject], granted: InForce | None,
          alternative: bool = False, found: Sequence[spell_costs.Way] = (), cast_as: str | None = None) -> int:
    origin = card.zone  # "can't cast spells from [a zone]" asks where it was cast from (601.2a)
    spell = zones.move(game, card, Zone.STACK, controller=player, face_down=face_down, cause=Cause.CAST)
    if spell is None:
        raise IllegalAction("the card couldn't be put on the stack")
    spell.cast, spell.x, spell.cast_as = True, x, cast_as
    begin_waiting_effects(game, spell, player)  # 601.2a, 611.2f
    spell_costs.begin(game, player, spell, found)  # 601.2b
    view = game.view(spell.id)
    specs = spell_costs.targets(spell, found, spell_targets(spell, view))
    chosen = targets.choose(game, specs, player, view, given)  # 601.2c
    if chosen is None:
        raise IllegalAction("the spell needs a target and there is no legal one", "601.2c")
    division.announce(game, player, spell, chosen)  # 601.2d
    reason = rules.cast_forbidden(game, player, view, origin)  # 601.2e
    if reason is not None:
        raise IllegalAction(f"it can't be cast: {reason}", "601.2e")
    other_parts = None
    if alternative:
        chosen_cost = alternative_cost(game, player, card)  # 118.9a: one of them
        base, other_parts = chosen_cost.mana or ManaCost(), replace(chosen_cost, mana=None)
    elif spell_costs.alternative_way(found) is None:
        base = mana_cost_to_pay(spell, face_down)  # the spell's: a prototyped one's own (718.3b)
    else:
        base = ManaCost()
    base, keyword_parts = spell_costs.costs(game, spell, found, base)  # an alternative cost, additional costs (118.8-9)
    paid = pay_total_cost(game, player, view, base.with_x(x), additional_cost(spell, face_down), pay_with,
                          other_parts)
    for key, value in spell_costs.pay_parts(game, player, spell, keyword_parts).items():
        paid[key] = [*paid.get(key, []), *value]
    item = stack.StackObject(spell.id, player, view.name or "face-down spell", spell.id, None, None, view, specs,
                             chosen, x, options=dict(paid))
    stack.push(game, item)
    if granted is not None:
        _grant(game, granted, spell.id)  # 611.3d
    game.players[player].spells_cast += 1
    game.emit(SpellCast(spell.id, player))  # 601.2i
    return spell.id


def pay_total_cost(game: Game, player: PlayerId, view: View, cost: ManaCost, additional: Cost | None,
                   pay_with: Sequence[GameObject], other_parts: Cost | None = None) -> dict[str, list[int]]:
    """601.2f-h: the total cost is determined — the mana cost (or an alternative cost, 118.9) plus
    increases, minus reductions (118.7b-d) — and locked in; mana abilities are activated; then the
    costs are paid, in any order: what happens while paying (a cost reducer sacrificed) no longer
    changes the total.  Returns what was paid that the effect may refer to (118.8)."""
    from kb.engine import activating

    total = cost.plus(rules.cost_change(game, player, view) + spell_costs.cost_change(game, player, view))  # 601.2f
    for kind in [*rules.cost_reductions(game, player, view), *spell_costs.mana_reductions(game, view)]:
        total = total.reduced_by(kind)  # 118.7b-d; locked in from here
    for source in pay_with:  # 601.2g
        activating.activate_mana_abilities(game, player, source)
    total = spell_costs.pay_otherwise(game, player, view, total)  # convoke, delve … (702.51b)
    paid = payment.pay(game, player, additional, None) if additional is not None else {}  # 118.8, 601.2h
    if other_parts is not None:
        paid.update(payment.pay(game, player, other_parts, None))  # the rest of an alternative cost
    spent = payment.pay_mana(game, player, total, view)
    game.players[player].mana_spent_on_spells += sum(spent.values())  # 700.14
    if view.id in game.objects:  # the mana spent to cast it (sunburst 702.44a counts its colours)
        game.objects[view.id].chosen[MANA_SPENT] = tuple(sorted(spent.elements()))
    return paid


MANA_SPENT = "mana spent"
"""Key of a spell's ``chosen``: the mana spent to cast it (sunburst 702.44a, 601.2h).  Not a
choice a copy of the spell shares: mana is no object, and a copy wasn't cast (707.10)."""


def _grant(game: Game, found: InForce, spell_id: int) -> None:
    """What a permission gives the spells cast with it lasts as long as the permission says, even
    after its source is gone (611.3d)."""
    change = found.change
    assert isinstance(change, rules.CastPermission)
    if change.grants:
        continuous.create(game, change.text, [gain(*change.grants)], [spell_id], change.duration,
                          source=found.source, controller=found.context.you)


def begin_waiting_effects(game: Game, spell: GameObject, player: PlayerId) -> None:
    """Effects on "the next spell you cast" begin as that spell is put on the stack (611.2f)."""
    view = game.view(spell.id)
    for waiting in list(game.waiting_effects):
        if waiting.player == player and waiting.spells.test(waiting.context(game), view):
            game.waiting_effects.remove(waiting)
            continuous.create(game, waiting.text, waiting.parts, [spell.id], waiting.duration,
                              source=waiting.source, controller=player)
            return
