"""Face-down spells and permanents (708): morph and megamorph (702.37), disguise (702.168),
manifest (701.40), manifest dread (701.62), cloak (701.58), turning face up and face down.

What a face-down object *is* comes from the rule that made it face down (708.2), applied in
layer 1b (:func:`kb.engine.layers.face_down_values`).  Casting face down is in
:mod:`kb.engine.casting` (``face_down=FaceDown.MORPH``): the spell is judged on its face-down
characteristics (708.4, 601.3e).  Turning a permanent face up is a special action (116.2b) or an
effect; either way it stays the same object, keeps the effects on it, gets a new timestamp
(613.7f) and doesn't "enter" (708.8).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from kb.engine import as_face_up, costs, counters, payment, phasing, timestamps, zones
from kb.engine.basics import ObjectId, PlayerId, Zone, object_id_of
from kb.engine.cardtypes import CardType
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import IllegalAction, NotModelled, ScenarioError, UnscriptedChoice
from kb.engine.events import Cause, Revealed, TurnedFaceDown, TurnedFaceUp
from kb.engine.keywords import Keyword
from kb.engine.mana import ManaCost
from kb.engine.objects import FaceDown

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.costs import Cost
    from kb.engine.game import Game
    from kb.engine.objects import GameObject

FACE_DOWN_COST = ManaCost.parse("{3}")
"""What casting face down costs instead of the mana cost (702.37a, 702.168a)."""

CASTING_KEYWORDS = {FaceDown.MORPH: "morph", FaceDown.DISGUISE: "disguise"}
"""The keyword that lets a card be cast face down each way (702.37d, 702.168c)."""


def reveal_on_leaving(game: Game, obj: GameObject, to: Zone) -> Revealed | None:
    """A face-down permanent leaving the battlefield, or a face-down spell leaving the stack other
    than for the battlefield, is revealed (708.9); it is face up in its new zone."""
    if obj.face_down is not None and obj.zone in (Zone.BATTLEFIELD, Zone.STACK) and to is not Zone.BATTLEFIELD:
        return Revealed(obj.id, obj.card.name, f"{obj.zone.value} → {to.value}")
    return None


def as_if_face_up(game: Game, obj: GameObject) -> View:
    """What a face-down permanent would be face up ("what its morph cost would be if it were
    face up", 702.37e): its characteristics with the effects that would apply to it then."""
    kind = obj.face_down
    obj.face_down = None
    try:
        return game.view(obj.id)
    finally:
        obj.face_down = kind


def as_it_is_cast(game: Game, card: GameObject) -> View:
    """The card a player begins to cast: one exiled face down, which has no characteristics there, is
    turned face up just before it is announced (406.3a), so its own abilities say how it may be cast."""
    if card.zone is Zone.EXILE and card.face_down is not None:
        return as_if_face_up(game, card)
    return game.view(card.id)


def can_be_cast_face_down(card: View, how: FaceDown) -> bool:
    """Only a card with morph (or megamorph) or disguise can be cast face down (702.37d, 702.168c)."""
    keyword = CASTING_KEYWORDS.get(how)
    return keyword is not None and card.has(keyword)


def ways_to_turn_face_up(game: Game, obj: GameObject) -> dict[str, tuple[ManaCost, bool]]:
    """The special actions that could turn ``obj`` face up, with their cost and whether it is a
    megamorph cost: "morph"/"disguise" by the cost it would have face up (702.37e, 702.168d),
    "mana cost" for a manifested or cloaked creature card (701.40b, 701.58b; also 701.40c-d)."""
    face_up = as_if_face_up(game, obj)
    found: dict[str, tuple[ManaCost, bool]] = {}
    for name in ("morph", "megamorph", "disguise"):
        for keyword in face_up.keywords(name):
            found.setdefault("disguise" if name == "disguise" else "morph",
                             (_face_up_cost(keyword.parameter)[0], name == "megamorph"))
    # 701.40b: "the card representing that permanent is a creature card": the card itself, not the
    # permanent it would be face up (Opalescence doesn't make an enchantment card a creature card;
    # a God whose devotion is low is still one).
    if obj.face_down in (FaceDown.MANIFEST, FaceDown.CLOAK) and CardType.CREATURE in obj.printed.types \
            and obj.printed.mana_cost is not None:
        found["mana cost"] = (obj.printed.mana_cost, False)
    return found


def _face_up_cost(parameter: str) -> tuple[ManaCost, Cost | None]:
    """A morph or disguise cost (702.37a, 702.168a: "Morph [cost]" is any cost, "Morph—Pay 5
    life"): its mana, and the rest of it (None when it is all mana)."""
    try:
        return ManaCost.parse(parameter), None
    except ScenarioError:
        whole = costs.cost(parameter)
        return whole.mana or ManaCost.parse("{0}"), replace(whole, mana=None)


def _rest_of_cost(game: Game, obj: GameObject, how: str) -> Cost | None:
    """What a morph or disguise cost asks besides mana (life, a discard …), for ``how``."""
    if how == "mana cost":
        return None
    names = ("disguise",) if how == "disguise" else ("morph", "megamorph")
    face_up = as_if_face_up(game, obj)
    for name in names:
        for keyword in face_up.keywords(name):
            return _face_up_cost(keyword.parameter)[1]
    return None


def turn_face_up_special_action(game: Game, player: PlayerId, obj: GameObject, *, x: int = 0,
                                how: str | None = None) -> None:
    """Turn a face-down permanent face up as a special action (116.2b): any time the player has
    priority; it doesn't use the stack, so nothing can respond (702.37e)."""
    from kb.engine import priority

    priority.require(game, player, "turning a permanent face up (116.2b)")
    if obj.face_down is None or obj.zone is not Zone.BATTLEFIELD or game.view(obj.id).controller != player \
            or not phasing.exists(obj):
        raise IllegalAction("only a face-down permanent you control can be turned face up (a phased-out one "
                            "is treated as though it doesn't exist, 702.26b)", "702.37e")
    ways = ways_to_turn_face_up(game, obj)
    if not ways:
        raise IllegalAction("face up it would have no morph or disguise cost (an effect removing its abilities "
                            "removes them), and it isn't a manifested or cloaked creature card (701.40b), so it "
                            "can't be turned face up this way", "702.37e")
    if how is None:
        if len(ways) > 1:
            how = str(game.choices.ask(Choice(ChoiceKind.OBJECT, player, "how to turn it face up", tuple(ways))))
        else:
            how = next(iter(ways))
    if how not in ways:
        raise IllegalAction(f"it can't be turned face up by {how}; it can by {', '.join(ways)}")
    cost, mega = ways[how]
    if x and not cost.x_count:  # 107.3d: X is chosen only for a cost that has one
        raise ScenarioError(f"x={x} given, but its {how} cost {cost} has no X (107.3d)")
    checkpoint = game.checkpoint()
    try:
        payment.pay_mana(game, player, cost.with_x(x))
        if (rest := _rest_of_cost(game, obj, how)) is not None:
            payment.pay(game, player, rest, obj)
    except (IllegalAction, UnscriptedChoice, NotModelled):
        game.restore(checkpoint)  # 732: as though it was never proposed
        raise
    turn_face_up(game, obj, megamorph_paid=mega, x=x)
    priority.acted(game, player)


def can_turn_face_up(obj: GameObject) -> bool:
    """A manifested or cloaked instant or sorcery is revealed and stays face down (701.40g, 701.58g)."""
    return not (obj.face_down in (FaceDown.MANIFEST, FaceDown.CLOAK)
                and obj.printed.types & {CardType.INSTANT, CardType.SORCERY})


def turn_face_up(game: Game, obj: GameObject | View | ObjectId, *, megamorph_paid: bool = False, x: int = 0) -> bool:
    """The effect "turn [a permanent] face up" (708.7), done by a resolving spell or ability: no cost,
    no priority needed.  The special action a player takes, paying a morph or disguise cost (116.2b,
    702.37e), is :meth:`Game.turn_face_up(player, permanent) <kb.engine.game.Game.turn_face_up>`.
    The permanent regains its normal characteristics, gets a new timestamp (613.7f) and stays the
    same object (708.8).  A manifested or cloaked instant or sorcery is revealed and stays face down
    (701.40g, 701.58g).  True if it turned."""
    from kb.engine.objects import GameObject

    if not isinstance(obj, GameObject):  # its view or its id names it too
        ref_id = getattr(obj, "id", obj)
        if isinstance(ref_id, int) and not isinstance(ref_id, bool):
            obj = game.obj(ref_id)
    if not isinstance(obj, GameObject):  # e.g. turn_face_up(game, "A", permanent): the special action meant
        raise ScenarioError(f"turn_face_up(game, permanent) is the effect \"turn it face up\" (708.7) and takes "
                            f"the permanent, not {obj!r}; a player turning their permanent face up by its "
                            f"morph or disguise cost is the special action game.turn_face_up(player, "
                            f"permanent) (116.2b)")
    if obj.face_down is not None and obj.zone is not Zone.BATTLEFIELD:
        # 708.7: what may turn face up is a permanent; a face-down spell or exiled card isn't one
        what = "a face-down spell: spells normally can't be turned face up" if obj.zone is Zone.STACK \
            else f"a face-down card in {obj.zone.value}"
        raise ScenarioError(f"turn_face_up(game, permanent) turns a face-down permanent face up (708.7); "
                            f"{obj.card.name} is {what} (708.7)")
    if obj.face_down is None or not phasing.exists(obj):  # 702.26b: a phased-out one can't be affected
        return False
    if not can_turn_face_up(obj):
        game.emit(Revealed(obj.id, obj.card.name, "a manifested instant or sorcery can't turn face up"))
        return False
    obj.face_down = None
    obj.x = x
    obj.megamorph_paid = megamorph_paid
    if megamorph_paid:
        counters.put(game, obj, "+1/+1")  # as it is turned face up (702.37b, 708.11)
    as_face_up.apply(game, obj)  # its own "as this is turned face up" (614.1e)
    timestamps.stamp(game, obj)
    game.emit(TurnedFaceUp(obj.id))
    return True


def turn_face_down(game: Game, obj: GameObject | View | ObjectId) -> bool:
    """Turn a face-up permanent (the object, its view or its id) face down (708.2a): a 2/2 with no
    text, name, subtypes or mana cost.  A face-down one stays as it is (708.2b); a double-faced one
    can't be (712.?): False."""
    obj = _the_object(game, obj, "turn_face_down(game, permanent)")
    if obj.face_down is not None or obj.card.back is not None or obj.zone is not Zone.BATTLEFIELD \
            or not phasing.exists(obj):  # 702.26b: a phased-out one can't be affected
        return False
    obj.face_down = FaceDown.EFFECT
    timestamps.stamp(game, obj)
    game.emit(TurnedFaceDown(obj.id))
    return True

def _the_object(game: Game, ref: GameObject | View | ObjectId, what: str) -> GameObject:
    """The object a function naming one was given as itself, its view or its id: a view used to
    look face up to the check and nothing was turned."""
    from kb.engine.objects import GameObject

    if isinstance(ref, GameObject):
        return ref
    return game.obj(object_id_of(ref, what))



def manifest(game: Game, player: PlayerId, card: GameObject, how: FaceDown = FaceDown.MANIFEST) -> GameObject | None:
    """Manifest (701.40a) or cloak (701.58a) a card: turned face down, then put onto the
    battlefield under ``player``'s control.  If it can't enter, it stays where it was (701.40f).
    ``how`` is ``FaceDown.MANIFEST`` or ``FaceDown.CLOAK``: any other would make a permanent that
    isn't manifested (it couldn't be turned face up for its mana cost, 701.40b)."""
    if how not in (FaceDown.MANIFEST, FaceDown.CLOAK):
        raise ScenarioError(f"manifest(how={how}) manifests or cloaks: how is FaceDown.MANIFEST or "
                            "FaceDown.CLOAK; put a card onto the battlefield face down otherwise with "
                            "game.put_onto_battlefield(card, player, face_down=FaceDown.EFFECT) (708.2a)")
    if card.zone in (Zone.BATTLEFIELD, Zone.STACK):
        raise ScenarioError(f"{card!r} is on the {card.zone.value}: manifest and cloak put a card onto the battlefield "
                            "face down (701.40a, 701.58a); a permanent is turned face down with "
                            "turn_face_down(game, permanent) (708.2a)")
    return zones.move(game, card, Zone.BATTLEFIELD, controller=player, face_down=how, cause=Cause.EFFECT)


def cloak(game: Game, player: PlayerId, card: GameObject) -> GameObject | None:
    """Cloak (701.58a): like manifest, and the permanent has ward {2}."""
    return manifest(game, player, card, FaceDown.CLOAK)


def manifest_top(game: Game, player: PlayerId) -> GameObject | None:
    """Manifest the top card of ``player``'s library (701.40a)."""
    library = game.players[player].library
    if not library:
        return None
    return manifest(game, player, game.objects[library[-1]])


def manifest_top_cards(game: Game, player: PlayerId, count: int, how: FaceDown = FaceDown.MANIFEST
                       ) -> list[GameObject]:
    """Manifest (or cloak) the top ``count`` cards of ``player``'s library: one at a time, each
    from the top of the library as it is then (701.40e, 701.58e).  Returns the permanents."""
    done = []
    for _ in range(count):
        library = game.players[player].library
        if not library:
            break
        entered = manifest(game, player, game.objects[library[-1]], how)
        if entered is None:
            break
        done.append(entered)
    return done


def manifest_dread(game: Game, player: PlayerId) -> GameObject | None:
    """Look at the top two cards, manifest one, put the rest into the graveyard (701.62a).  The
    player manifested dread once it is done, even if nothing could be (701.62b)."""
    from kb.engine.events import ManifestedDread

    library = game.players[player].library
    looked = [game.objects[i] for i in library[-2:]][::-1]
    if not looked:
        game.emit(ManifestedDread(player, None))
        return None
    chosen = looked[0] if len(looked) == 1 else game.choices.ask(Choice(
        ChoiceKind.OBJECT, player, "which card to manifest (manifest dread)", tuple(looked),
        matters=looked[0].card is not looked[1].card))
    assert isinstance(chosen, type(looked[0]))
    manifested = manifest(game, player, chosen)
    rest = [c for c in looked if c is not chosen and c.id in game.objects]
    if rest:
        zones.move_all(game, rest, Zone.GRAVEYARD)
    game.emit(ManifestedDread(player, manifested.id if manifested is not None else None))
    return manifested


__all__ = ["FACE_DOWN_COST", "FaceDown", "Keyword", "cloak", "manifest", "manifest_dread", "manifest_top",
           "turn_face_down", "turn_face_up", "turn_face_up_special_action"]
