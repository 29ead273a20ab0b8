"""The game model on its own: the README's scenario, bad input, what it can't model, choices it
won't guess, loops with limits, its caches and shortcuts changing nothing, and its place in the
house (it imports nothing outside kb.engine)."""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

import pytest

from kb import engine
from kb.checks import cards
from kb.checks.registry import Check, all_checks
from kb.checks.runner import run
from kb.engine import (
    CardLibrary,
    ChoiceKind,
    Game,
    IllegalAction,
    ManaCost,
    NotModelled,
    RunawayLoop,
    ScenarioError,
    SpellAbility,
    StaticAbility,
    TriggeredAbility,
    UnscriptedChoice,
    Zone,
    card,
    creatures,
    dependency,
    keyword,
    limits,
    modify_pt,
    target_creature,
)
from kb.engine.errors import EngineError
from kb.engine.keywords import CR_KEYWORDS, MODELLED
from kb.engine.mana import payments
from kb.engine.parts import Layer
from kb.engine.selectors import EVERYTHING

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "kb" / "engine"
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_scenario_runs() -> None:
    match = re.search(r"### Writing a scenario.*?```python\n(.*?)```", README, re.DOTALL)
    assert match is not None, "the README has a 'Writing a scenario' section with a python block"
    exec(compile(match.group(1), "README.md", "exec"), {})  # noqa: S102 -- our own README, run as a test


def test_mana_costs_parse_print_and_pay() -> None:
    cost = ManaCost.parse("{X}{2}{W}{W}")
    assert (cost.x_count, cost.mana_value, str(cost)) == (1, 4, "{X}{2}{W}{W}")
    hybrid = ManaCost.parse("{3}{W/B}{W/B}")
    assert hybrid.mana_value == 5 and {c.value for c in hybrid.colors} == {"W", "B"}
    assert ManaCost.parse("{2/W}").mana_value == 2
    assert payments(Counter({"W": 1, "B": 1}), ManaCost.parse("{W/B}{W/B}")) == [Counter()]
    assert len(payments(Counter({"G": 2, "C": 1}), ManaCost.parse("{1}{G}"))) == 2  # a choice: {G} or {C} left
    assert payments(Counter({"G": 1}), ManaCost.parse("{1}{G}")) == []
    with pytest.raises(ScenarioError, match="Q"):
        ManaCost.parse("{Q}")


def test_paying_mana_is_a_choice_when_it_matters() -> None:
    game = Game(["A", "B"])
    bears = game.place(cards.GRIZZLY_BEARS, Zone.HAND, "A")
    game.add_mana("A", "{G}{G}{C}{W}")
    with pytest.raises(UnscriptedChoice, match="mana"):
        game.cast("A", bears)  # {1}{G}: the generic mana could be {G}, {C} or {W}
    assert bears.zone is Zone.HAND and game.players["A"].mana.total == 4, "the cast was undone"
    game.choices.script(ChoiceKind.MANA_PAYMENT, "{G}{W}", player="A")
    game.cast("A", bears)
    assert dict(+game.players["A"].mana.mana) == {"G": 1, "W": 1}


def test_bad_input_names_what_is_wrong() -> None:
    with pytest.raises(ScenarioError, match="flyng"):
        keyword("flyng")
    unplayed = next(k for k in CR_KEYWORDS if k not in MODELLED and "(" not in k)
    with pytest.raises(NotModelled, match=unplayed):
        keyword(unplayed)
    with pytest.raises(ScenarioError, match="Creatur"):
        card("Test", "{1}", "Creatur — Bear", 2, 2)
    with pytest.raises(ScenarioError, match="power and toughness"):
        card("Test", "{1}", "Creature — Bear")
    with pytest.raises(ScenarioError, match="spell="):
        card("Test Bolt", "{R}", "Instant")
    library = CardLibrary()
    library.add(cards.GRIZZLY_BEARS)
    assert library["Grizzly Bears"] is cards.GRIZZLY_BEARS
    with pytest.raises(ScenarioError, match="Grizly Bears"):
        library["Grizly Bears"]
    with pytest.raises(ScenarioError, match="affects"):
        StaticAbility("Creatures get +1/+1.", (modify_pt(1, 1),))
    with pytest.raises(ScenarioError, match="no player 'Z'"):
        Game(["A", "B"]).player("Z")
    from kb.engine.triggers import at_beginning_of
    from kb.engine.turn import Step

    with pytest.raises(ScenarioError, match="'opponents'"):
        at_beginning_of(Step.UPKEEP, "opponents")


def test_what_it_cannot_model_raises_not_modelled() -> None:
    from kb.engine.selectors import where
    from kb.engine.text_changes import COLOR, change_text

    game = Game(["A", "B"])
    crusade = game.place(card("Test Crusade", "{W}{W}", "Enchantment", StaticAbility(
        "White creatures get +1/+1.", (modify_pt(1, 1),), creatures() & where("white", lambda c, o: "W" in o.colors))))
    with pytest.raises(NotModelled, match="612"):  # its words are in a function the model can't rewrite
        game.create_effect("white becomes black", [change_text(COLOR, "W", "B")], [crusade])
        game.view(crusade)
    with pytest.raises(NotModelled, match="partner"):  # a keyword of the CR the model doesn't play
        card("Test Partner", "{2}", "Legendary Creature — Human", 2, 2, "partner")
    # 615.12: whether damage that can't be prevented uses up a "the next time" effect
    from kb.engine.replacement import prevent_damage

    game = Game(["A", "B"])
    bears, giant = game.place(cards.GRIZZLY_BEARS), game.place(cards.HILL_GIANT, player="B")
    game.create_effect("the next time", replacements=[prevent_damage(to=giant.id, uses=1)], controller="B")
    with pytest.raises(NotModelled, match=r"615\.12"):
        game.deal_damage(bears, giant, 2, preventable=False)


def test_a_filter_that_needs_you_and_has_no_one_raises() -> None:
    game = Game(["A", "B"])
    game.place(cards.GRIZZLY_BEARS)
    with pytest.raises(ScenarioError, match="you"):
        game.create_effect("creatures you control get +1/+1", [modify_pt(1, 1)], creatures(controller="you"))


def test_an_unscripted_choice_that_matters_raises() -> None:
    game = Game(["A", "B"])
    game.place(cards.GRIZZLY_BEARS)
    game.place(cards.HILL_GIANT)
    growth = game.place(cards.GIANT_GROWTH, Zone.HAND, "A")
    game.add_mana("A", "{G}")
    with pytest.raises(UnscriptedChoice, match="target creature"):
        game.cast("A", growth)
    assert growth.zone is Zone.HAND and not game.stack


def test_a_genuine_loop_raises_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(limits.LIMITS, "resolving the stack (608)", 30)

    def again(resolution: engine.Resolution) -> None:
        resolution.game.gain_life(resolution.controller, 1)

    game = Game(["A", "B"])
    game.place(card("Test Echo", "{2}", "Enchantment", TriggeredAbility(
        "Whenever you gain life, you gain 1 life.", engine.on_event(
            "you gain life", (engine.LifeChanged,),
            lambda t: int(isinstance(t.event, engine.LifeChanged) and t.event.amount > 0
                          and t.event.player == t.source.controller)), again)))
    game.gain_life("A", 1)
    with pytest.raises(RunawayLoop, match="resolving the stack"):
        game.resolve_stack()


def test_layers_are_in_the_cr_order() -> None:
    assert [layer.label for layer in Layer] == ["1a", "1b", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d"]
    assert [layer for layer in Layer if layer.cda_first] == [Layer.CONTROL, Layer.TEXT, Layer.TYPE, Layer.COLOR,
                                                             Layer.ABILITY]


def test_illegal_actions_are_refused_with_their_rule() -> None:
    game = Game(["A", "B"])
    growth = game.place(cards.GIANT_GROWTH, Zone.HAND, "A")
    with pytest.raises(IllegalAction, match=r"601\.2c"):
        game.add_mana("A", "{G}")
        game.cast("A", growth)  # no creature to target
    with pytest.raises(IllegalAction, match=r"117\.1"):
        game.pass_priority_to("B")
        game.cast("A", growth)


@pytest.fixture(scope="module")
def sample() -> list[Check]:
    return all_checks()[::3]


def test_the_view_cache_changes_nothing(sample: list[Check], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Game, "cache_views", False)
    failed = [c.id for c in sample if not run(c).passed]
    assert failed == []


def test_skipping_trials_that_cannot_differ_changes_nothing(sample: list[Check], monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    monkeypatch.setattr(dependency, "LAYER_WRITES", dict.fromkeys(Layer, EVERYTHING))
    failed = [c.id for c in sample if "613" in c.id and not run(c).passed]
    assert failed == []


def test_the_public_surface() -> None:
    for name in engine.__all__:
        assert hasattr(engine, name), name
    assert issubclass(NotModelled, EngineError) and issubclass(ScenarioError, ValueError)
    missing = []
    for path in sorted(ENGINE.glob("*.py")):
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        if path.name not in ("__init__.py", "basics.py", "errors.py", "limits.py", "context.py", "selectors.py",
                             "conditions.py", "game.py", "choices.py") and not re.search(r"\d{3}(\.\d+)?", doc):
            missing.append(path.name)
    assert missing == [], "each module of the rules names the rules it plays"


def test_the_engine_imports_nothing_outside_itself() -> None:
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("kb"):
                assert node.module.startswith("kb.engine"), f"{path.name} imports {node.module}"
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("kb") and not a.name.startswith("kb.engine")
                               for a in node.names), path.name


def test_spells_with_targets_follow_the_readme_shape() -> None:
    bolt = card("Test Bolt", "{R}", "Instant", spell=SpellAbility(
        "Deal 3 damage to target creature.", lambda r: r.game.deal_damage(r.source_id, r.target, 3),  # type: ignore[arg-type]
        (target_creature(),)))
    game = Game(["A", "B"])
    giant = game.place(cards.HILL_GIANT, player="B")
    held = game.place(bolt, Zone.HAND, "A")
    game.add_mana("A", "{R}")
    game.cast("A", held, targets=[giant])
    game.resolve_stack()
    assert giant.id not in game.objects and game.current(giant).zone is Zone.GRAVEYARD
