"""The game model: a long game, the cost of one full layer evaluation and of one state-based
action check, beside the same evaluation with dependencies ignored; and the checks stage's
share of a clean build.

The game: two players, 20 turns, about 200 permanents and about 50 continuous effects in force
(static abilities of anthems, type-changing lands and enchantments that depend on each other —
《血染めの月》 with 《ヨーグモスの墳墓、アーボーグ》, 《生命と枝》 with 《成長の揺り篭、ヤヴィマヤ》,
《機械の行進》 — plus effects of resolved spells that last until end of turn or indefinitely).
Every turn a creature enters, one is dealt lethal damage (a state-based action destroys it),
and new effects start, so each turn has work for layers, SBA and triggers.

"Dependencies ignored" is the mutant ``ignore-dependencies`` (613.8 off: timestamp order only):
the gap is what the trial-based dependency search (:mod:`kb.engine.dependency`) costs.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from bench.common import CR_FILE, ROOT, Figure, figures_table

if TYPE_CHECKING:
    from kb.engine import Card, Game, ObjectId, View

TURNS = 20
PERMANENTS = 200
RESOLVED_EFFECTS = 30
"""Effects of resolved spells in force (the rest of the ~50 are static abilities)."""
ATTACKERS = 3


def run(quick: bool = False) -> str:
    repeat = 3 if quick else 10
    game, seconds, counts = long_game(TURNS // 4 if quick else TURNS)
    evaluation, ignoring, sba_check, views_cached = _per_call(game, repeat)
    game_line = (
        f"A {counts['turns']}-turn game played in {seconds:.2f} s ({seconds / counts['turns'] * 1000:.0f} ms a "
        f"turn): {counts['permanents']} permanents and {counts['effects']} continuous effects in force at the "
        f"end ({counts['statics']} static abilities, {counts['resolved']} from resolved spells); "
        f"{counts['events']} events, {counts['evaluations']} full layer evaluations "
        f"({counts['evaluations'] / counts['turns']:.0f} a turn).  Setting up the board took "
        f"{counts['setup ms']} ms.")
    ratio_line = (f"Dependencies (613.8, decided by trial) cost {_ratio(evaluation, ignoring)} of an evaluation "
                  "with them ignored, on this board.")
    lines = ["## Game model (kb.engine)", "", game_line, "",
             figures_table([evaluation, ignoring, sba_check, views_cached]), "", ratio_line]
    lines += ["", _checks_share(quick)]
    return "\n".join(lines) + "\n"


def _ratio(a: Figure, b: Figure) -> str:
    return f"{a.median / b.median:.2f}×" if b.median else "n/a"


def long_game(turns: int) -> tuple[Game, float, dict[str, int]]:
    """Play ``turns`` turns on a big board; returns the game, the seconds it took and counts."""
    from kb.engine import Game, Indefinite, StaticAbility, Zone, creatures, layers, modify_pt

    started = time.perf_counter()
    game = Game(["A", "B"], library=turns + 5)
    for seat in game.players.values():
        seat.life = 1_000_000  # the attacks below never end the game
    board = _board()
    per_player = PERMANENTS // 2
    for name in ("A", "B"):
        for index in range(per_player):
            game.place(board[index % len(board)], Zone.BATTLEFIELD, name)
    for _ in range(RESOLVED_EFFECTS // 2):
        game.create_effect("creatures you control get +1/+0", [modify_pt(1, 0)], creatures(controller="A"),
                           Indefinite(), controller="A")
        game.create_effect("creatures get +0/+1", [modify_pt(0, 1)], creatures(), Indefinite(), controller="B")
    game.views()
    setup = time.perf_counter() - started
    evaluations = 0
    original = layers.evaluate

    def counted(game: Game) -> dict[ObjectId, View]:
        nonlocal evaluations
        evaluations += 1
        return original(game)

    layers.evaluate = counted
    started = time.perf_counter()
    try:
        _play(game, turns)
    finally:
        layers.evaluate = original
    seconds = time.perf_counter() - started
    statics = sum(1 for view in game.views().values() if view.zone is Zone.BATTLEFIELD
                  for held in view.abilities if isinstance(held, StaticAbility) and (held.parts or held.rules))
    counts = {
        "turns": turns,
        "permanents": len(game.battlefield()),
        "statics": statics,
        "resolved": sum(1 for e in game.effects if e.active),
        "effects": statics + sum(1 for e in game.effects if e.active),
        "events": len(game.log),
        "evaluations": evaluations,
        "setup ms": round(setup * 1000),
    }
    return game, seconds, counts


def _play(game: Game, turns: int) -> None:
    """Each turn: a creature enters, one of the opponent's is dealt lethal damage, five creatures
    get +2/+2 and trample until end of turn, and three untapped creatures attack unblocked."""
    from kb.checks import cards
    from kb.engine import Step, UntilEndOfTurn, can_attack, gain, modify_pt

    for _ in range(turns):
        player = game.active
        game.put_onto_battlefield(cards.GRIZZLY_BEARS, player)
        victims = game.creatures(game.opponents(player)[0])
        if victims:
            victim = victims[-1]
            game.deal_damage(victim, victim, 99)  # lethal: 704.5g destroys it before priority
        mine = game.creatures(player)[:5]
        game.create_effect("+2/+2 and trample until end of turn", [modify_pt(2, 2), gain("trample")], mine,
                           UntilEndOfTurn(), controller=player)
        game.refresh_priority()
        game.advance_to(Step.DECLARE_ATTACKERS, attack=True)
        able = [c for c in game.creatures(player) if can_attack(game, c)][:ATTACKERS]
        game.declare_attackers(able)
        game.next_turn()


def _board() -> list[Card]:
    """One player's permanents, cycled: lands, creatures, and the effects that depend on each other."""
    from kb.checks import cards as c
    from kb.engine import FOREST, MOUNTAIN, PLAINS, SWAMP

    statics = [c.GLORIOUS_ANTHEM, c.HONOR_OF_THE_PURE, c.URBORG, c.YAVIMAYA, c.BLOOD_MOON, c.LIFE_AND_LIMB,
               c.MARCH_OF_THE_MACHINES, c.GLORIOUS_ANTHEM, c.HONOR_OF_THE_PURE, c.ANGER, c.GLORIOUS_ANTHEM,
               c.BONESPLITTER]
    creatures = [c.GRIZZLY_BEARS, c.HILL_GIANT, c.SERRA_ANGEL, c.GIANT_SPIDER, c.WIND_DRAKE, c.CRAW_WURM,
                 c.YOUTHFUL_KNIGHT, c.PILLARFIELD_OX, c.CORAL_MERFOLK, c.ORNITHOPTER, c.VAMPIRE_NIGHTHAWK,
                 c.TYPHOID_RATS]
    lands = [FOREST, MOUNTAIN, PLAINS, SWAMP, c.MISHRAS_FACTORY]
    # per 100: 12 statics, 40 lands, 48 creatures, interleaved so a short board has each kind
    order: list[Card] = []
    for index in range(100):
        if index % 8 == 0 and index // 8 < len(statics):
            order.append(statics[index // 8])
        elif index % 5 in (1, 3):
            order.append(lands[index % len(lands)])
        else:
            order.append(creatures[index % len(creatures)])
    return order


def _per_call(game: Game, repeat: int) -> tuple[Figure, Figure, Figure, Figure]:
    from kb.checks.mutants import MUTANTS, applied
    from kb.engine import layers, sba

    ignore = next(m for m in MUTANTS if m.name == "ignore-dependencies")
    evaluation, ignoring, check, cached = [], [], [], []
    for _ in range(repeat):  # interleaved: a burst of load slows both alike
        evaluation.append(_timed(lambda: layers.evaluate(game)))
        with applied(ignore):
            ignoring.append(_timed(lambda: layers.evaluate(game)))
        game.touch()
        game.views()
        check.append(_timed(lambda: sba.find_all(game)))
        cached.append(_timed(game.views))
    return (Figure("full layer evaluation (613, dependencies by trial)", evaluation),
            Figure("full layer evaluation, dependencies ignored (timestamps only)", ignoring),
            Figure("state-based action check (704.3, every 704.5 entry; views cached)", check),
            Figure("views when nothing changed (the cache)", [v * 1e6 for v in cached], "µs"))


def _timed(function: Callable[[], object]) -> float:
    started = time.perf_counter()
    function()
    return time.perf_counter() - started


def _checks_share(quick: bool) -> str:
    """The checks stage of a clean build with the CR, as a share of the whole build, with one
    process (``--jobs 1``) and as ``kb build`` decides (``--jobs`` left out), interleaved.
    No user cache (``KB_CACHE_DIR=``): with one, a build of a program that ran its checks
    before takes their outcomes from it and the stage measures nothing."""
    if not CR_FILE.is_file():
        return f"Checks stage: skipped, the CR file is not at `{CR_FILE}`."
    from bench.kbrun import build_args, interleaved_builds
    from kb.build.stages import BACKGROUND_STAGES
    from kb.checks.registry import all_checks

    count = len(all_checks())
    modes = [("--jobs 1", ["--jobs", "1"]), ("default --jobs", [])]
    saved = os.environ.get("KB_CACHE_DIR")
    os.environ["KB_CACHE_DIR"] = ""
    try:
        with tempfile.TemporaryDirectory(prefix="kb-bench-engine-") as tmp:
            runs = interleaved_builds([([*build_args(ROOT / "corpus", [CR_FILE]), *extra], Path(tmp) / f"out{i}")
                                       for i, (_, extra) in enumerate(modes)], 1 if quick else 3)
    finally:
        if saved is None:
            del os.environ["KB_CACHE_DIR"]
        else:
            os.environ["KB_CACHE_DIR"] = saved
    lines = []
    for (mode, _), figures in zip(modes, runs, strict=True):
        stage = next((n for n in figures.stage_names() if "check" in n), None)
        if stage is None:
            return f"Checks stage: the build reports no checks stage (stages: {', '.join(figures.stage_names())})."
        checks = figures.stage(stage, f"`{stage}` stage, clean build with the CR, {mode}")
        wall = figures.wall(f"whole clean build with the CR, {mode} (fresh process)")
        share = checks.median / wall.median if wall.median else 0.0
        lines += [figures_table([checks, wall]), "",
                  (f"{mode}: the checks stage is {share:.0%} of a clean build; {count} checks, "
                  f"{checks.median / count * 1000:.1f} ms a check (the whole stage: outcomes, staleness, "
                  f"coverage, sources)."), ""]
        report = figures.last
        if report.get("jobs", 1) > 1:
            seconds = {s["name"]: float(s["seconds"]) for s in report["stages"]}
            beside = sum(v for n, v in seconds.items() if n in BACKGROUND_STAGES)
            parent = sum(v for n, v in seconds.items() if n not in BACKGROUND_STAGES)
            lines += [(f"{mode}, last run: the stages of the build's own process took {parent:.1f} s, those run "
                      f"beside them in the child ({', '.join(BACKGROUND_STAGES)}) {beside:.1f} s; the checks "
                      f"stage adds {max(0.0, min(seconds[stage], parent - beside)):.1f} s to the critical path."), ""]
    return "\n".join(lines).rstrip()
