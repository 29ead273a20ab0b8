"""The scenario API from outside: effects a scenario writes itself, with only ``kb.engine``'s names.

A scenario that needs a replacement effect the library has no helper for writes a
:class:`Replacement` over a proposed event (``Damage``, ``Move``, ``PutCounters`` …); everything it
needs for that, and for token copies, is importable from ``kb.engine`` itself (no reaching into
its modules).  Expected answers are the CR's (rule numbers in each docstring).
"""

from __future__ import annotations

from dataclasses import replace as with_changes

import pytest
from scenario_cards import BEARS, GIANT

import kb.engine
from kb.engine import (
    Category,
    CopiableCard,
    Damage,
    FaceDown,
    Game,
    Move,
    PutCounters,
    Replacement,
    ReplacementContext,
    ScenarioError,
    StaticAbility,
    Zone,
    as_it_would_enter,
    card,
    create_token_copies,
    turn_face_up,
)

MORPH_BEAR = card("Morph Bear", "{2}{G}", "Creature — Bear", 3, 3, "morph {G}")
GATE = card("Guild Gate", None, "Land — Gate")


def _to_a_creature(c: ReplacementContext, d: Damage) -> bool:
    return d.amount > 0 and not isinstance(d.recipient, str) and c.game.view(d.recipient).is_a("Creature")


def _double(c: ReplacementContext, d: Damage) -> Damage:
    return with_changes(d, amount=d.amount * 2)


DOUBLER = card("Creature Furnace", "{1}{R}{R}{R}", "Enchantment", StaticAbility(
    "If a source would deal damage to a creature, it deals double that damage to that creature instead.",
    replacements=(Replacement("double the damage to a creature", Damage, _to_a_creature, _double),)))


def _opponents_creature_entering(c: ReplacementContext, m: Move) -> bool:
    arriving = as_it_would_enter(c.game, m)  # judged as it would exist on the battlefield (614.12)
    return (m.to_zone is Zone.BATTLEFIELD and arriving is not None and arriving.is_a("Creature")
            and arriving.controller != c.context.you)


TAXING_GATE = card("Frozen Gate", "{2}{W}", "Enchantment", StaticAbility(
    "Creatures your opponents control enter tapped.", replacements=(Replacement(
        "creatures your opponents control enter tapped", Move, _opponents_creature_entering,
        lambda c, m: with_changes(m, tapped=True), category=Category.OTHER),)))


def _one_more(c: ReplacementContext, p: PutCounters) -> PutCounters:
    return with_changes(p, count=p.count + 1)


SCALES = card("Counting Scales", "{G}", "Enchantment", StaticAbility(
    "If one or more +1/+1 counters would be put on a creature you control, that many plus one are put on "
    "it instead.", replacements=(Replacement(
        "one more +1/+1 counter", PutCounters,
        lambda c, p: p.kind == "+1/+1" and not isinstance(p.target, str)
        and c.game.view(p.target).controller == c.context.you, _one_more),)))


def test_a_custom_replacement_doubles_damage_to_creatures_only() -> None:
    """Cards: A's "if a source would deal damage to a creature, it deals double that damage to that
    creature instead"; B's 3/3.  Action: A's 2/2 deals 2 damage to the 3/3, then 2 to B.
    CR 614.1a ("instead": a replacement effect): the 3/3 is dealt 4 (120.3e) and is destroyed by
    lethal damage (704.5g); B is no creature, so B loses 2 life (120.3a)."""
    game = Game()
    game.place(DOUBLER, player="A")
    bears = game.place(BEARS, player="A")
    giant = game.place(GIANT, player="B")
    assert game.deal_damage(bears, giant, 2) == 4
    assert game.deal_damage(bears, "B", 2) == 2
    game.refresh_priority()
    assert game.battlefield("B") == []
    assert game.players["B"].life == 18


def test_a_custom_entering_replacement_reads_the_object_as_it_would_enter() -> None:
    """Cards: A's "creatures your opponents control enter tapped".  Action: effects put a creature
    and a land onto the battlefield under B's control, and a creature under A's.
    CR 614.1c, 614.12: the replacement modifies how a permanent enters, judged by the permanent as
    it would exist on the battlefield: B's creature enters tapped; B's land and A's creature don't."""
    game = Game()
    game.place(TAXING_GATE, player="A")
    creature = game.put_onto_battlefield(BEARS, "B")
    land = game.put_onto_battlefield(GATE, "B")
    own = game.put_onto_battlefield(BEARS, "A")
    assert creature is not None and land is not None and own is not None
    assert game.view(creature).tapped
    assert not game.view(land).tapped
    assert not game.view(own).tapped


def test_a_custom_counter_replacement_applies_to_counters_put_by_an_effect() -> None:
    """Cards: A's "if one or more +1/+1 counters would be put on a creature you control, that many
    plus one are put on it instead"; A's 2/2 and B's 2/2.  Action: an effect puts two +1/+1 counters
    on each.  CR 614.1a, 122.6: A's creature gets three (a 5/5), B's gets two (a 4/4)."""
    game = Game()
    game.place(SCALES, player="A")
    mine = game.place(BEARS, player="A")
    theirs = game.place(BEARS, player="B")
    game.put_counters(mine, "+1/+1", 2)
    game.put_counters(theirs, "+1/+1", 2)
    assert game.view(mine).pt == (5, 5)
    assert game.view(theirs).pt == (4, 4)


def test_token_copies_take_only_copiable_values() -> None:
    """Cards: A's 2/2 with two +1/+1 counters.  Action: an effect creates two tokens that are copies
    of it for B.  CR 707.2, 111.4: each token is a 2/2 with the original's name, controlled by B,
    without its counters (122.1: counters are no copiable value); the copiable values are a
    ``CopiableCard`` of the original's characteristics (707.2)."""
    game = Game()
    original = game.place(BEARS, player="A", counters={"+1/+1": 2})
    made = create_token_copies(game, original.id, "B", 2)
    assert len(made) == 2
    for made_token in made:
        view = game.view(made_token)
        assert (view.name, view.pt, view.controller) == ("Grizzly Bears", (2, 2), "B")
        assert made_token.card.is_token
    assert CopiableCard(game.view(original).copiable) == CopiableCard(game.view(made[0]).copiable)


def test_the_exported_names_exist() -> None:
    """Every name in ``kb.engine.__all__`` is there, and the names for writing replacement effects
    and token copies are among them."""
    assert [n for n in kb.engine.__all__ if not hasattr(kb.engine, n)] == []
    for name in ("Damage", "Move", "PutCounters", "GainLife", "Category", "ReplacementContext", "Proposed",
                 "as_it_would_enter", "CopiableCard", "create_token_copies"):
        assert name in kb.engine.__all__


@pytest.mark.parametrize("value", [True, "morph", 1])
def test_face_down_must_be_a_face_down_status(value: object) -> None:
    """A face-down permanent's characteristics depend on which rule made it face down (708.2,
    702.168b, 701.58a): ``face_down=True`` doesn't say which, and is refused naming what to pass,
    when placing, putting onto the battlefield and casting."""
    game = Game()
    with pytest.raises(ScenarioError, match=r"FaceDown\.MORPH"):
        game.place(MORPH_BEAR, face_down=value)  # type: ignore[arg-type]
    in_hand = game.place(MORPH_BEAR, Zone.HAND, "A")
    with pytest.raises(ScenarioError, match=r"FaceDown\.MANIFEST"):
        game.put_onto_battlefield(in_hand, "A", face_down=value)  # type: ignore[arg-type]
    game.add_mana("A", "{3}")
    with pytest.raises(ScenarioError, match=r"FaceDown\.MORPH"):
        game.cast("A", in_hand, face_down=value)
    assert in_hand.zone is Zone.HAND and not game.battlefield()


def test_face_down_with_a_status_is_a_nameless_two_two() -> None:
    """CR 708.2, 702.37c: placed face down as a morph, the 3/3 is a nameless 2/2."""
    game = Game()
    placed = game.place(MORPH_BEAR, face_down=FaceDown.MORPH)
    view = game.view(placed)
    assert view.face_down and view.pt == (2, 2) and not view.name


def test_turn_face_up_the_effect_and_the_special_action_are_told_apart() -> None:
    """``kb.engine.turn_face_up(game, permanent)`` is the effect "turn it face up" (708.7: no cost);
    ``game.turn_face_up(player, permanent)`` the special action (116.2b, 702.37e: its morph cost
    paid).  Called with the other's arguments, each says which is which rather than failing
    obscurely; called right, the effect turns it face up with no mana spent (708.8: a 3/3 again)."""
    game = Game()
    hidden = game.place(MORPH_BEAR, face_down=FaceDown.MORPH)
    with pytest.raises(ScenarioError, match="special action"):
        turn_face_up(game, "A")  # type: ignore[arg-type]
    with pytest.raises(ScenarioError, match=r"kb\.engine\.turn_face_up\(game, permanent\)"):
        game.turn_face_up(hidden, "A")  # type: ignore[arg-type]
    assert game.view(hidden).face_down
    assert turn_face_up(game, hidden)
    assert game.view(hidden).pt == (3, 3) and not game.view(hidden).face_down


@pytest.mark.parametrize("ask", ["obj", "current", "view"])
def test_a_bool_is_not_an_object_id(ask: str) -> None:
    """``True`` is an ``int`` in Python, and object ids start at 1: taken as an id it would name
    the first object made.  Every function that takes "the object, its view or its id" refuses it."""
    game = Game()
    game.place(BEARS)
    assert game.obj(1).id == 1  # the object True would have named (a library card here)
    with pytest.raises(ScenarioError, match="neither an object nor an object's id"):
        getattr(game, ask)(True)


def test_a_bool_is_not_a_source_or_a_watched_permanent() -> None:
    """The same refusal where a source or the permanent of "until ~ leaves" is named (610.3)."""
    game = Game()
    bears = game.place(BEARS)
    with pytest.raises(ScenarioError, match="deal_damage source"):
        game.deal_damage(True, bears, 1)  # a bool type-checks as an int
    with pytest.raises(ScenarioError, match="until_leaves"):
        game.exile(bears, until_leaves=True)
    assert game.view(bears).zone is Zone.BATTLEFIELD


@pytest.mark.parametrize("make", ["phases_out", "phases_in", "dies"])
def test_a_trigger_refuses_a_word_where_a_filter_belongs(make: str) -> None:
    """``phases_out("creature")`` was accepted and failed with an AttributeError only when an event
    was checked, far from the mistake; the trigger is refused as it is made, naming the word."""
    from kb.engine import creatures, triggers

    with pytest.raises(ScenarioError, match="'creature' is not a filter"):
        getattr(triggers, make)("creature")
    assert getattr(triggers, make)(creatures()).what is not None


def test_loses_all_creature_types_beats_changeling_in_either_order() -> None:
    """"Creatures lose all creature types" (layer 4) against changeling: a changeling's every
    creature type is a characteristic-defining ability, applied first in the layer (613.3), so the
    loss wins whether its timestamp is earlier (a static ability already there) or later (Amoeboid
    Changeling's resolved "target creature loses all creature types"); a Bear stays a creature,
    typeless (205.1a).  ``becomes_creature_types()`` naming no type is refused, naming the part."""
    from kb.engine import (
        StaticAbility,
        UntilEndOfTurn,
        becomes_creature_types,
        creatures,
        lose_creature_types,
    )

    shapeshifter = card("Shapeshifter", "{1}{U}", "Creature — Shapeshifter", 1, 1, "changeling")
    blank = card("Blank Slate", "{2}{U}", "Enchantment", StaticAbility(
        "Creatures lose all creature types.", (lose_creature_types(),), creatures()))
    game = Game()
    game.place(blank)
    later = game.place(shapeshifter)
    assert game.view(later).is_a("Creature") and not game.view(later).subtypes

    game = Game()
    earlier = game.place(shapeshifter)
    bear = game.place(BEARS)
    assert "Elf" in game.view(earlier).subtypes
    game.create_effect("loses all creature types", [lose_creature_types()], [earlier, bear], UntilEndOfTurn())
    for permanent in (earlier, bear):
        assert game.view(permanent).is_a("Creature") and not game.view(permanent).subtypes
    with pytest.raises(ScenarioError, match=r"lose_creature_types\(\)"):
        becomes_creature_types()
