"""What a refused declaration of attackers or blockers says: the real reason, not a nearby one.

Two API traps met by the combat audit: ``declare_blockers({})`` when no creature could block was
refused as though the step hadn't begun; a phased-out creature declared as an attacker or blocker
was refused as though another player controlled it, while the reason is that it is treated as
though it doesn't exist (702.26b)."""

from __future__ import annotations

import pytest
from scenario_cards import BEARS

from kb.engine import Game, IllegalAction, Step


def test_blockers_when_no_creature_could_block_say_so() -> None:
    """509.1a: B has no untapped creature, so the declaration was made with none as the step began."""
    game = Game()
    bears = game.place(BEARS, player="A")
    game.place(BEARS, player="B", tapped=True)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bears])
    game.advance_to(Step.DECLARE_BLOCKERS)
    with pytest.raises(IllegalAction, match="no blockers to declare: as this step began, the defending players "
                                            "had no untapped creature") as refused:
        game.declare_blockers({})
    assert "start of the declare blockers step" not in str(refused.value)


def test_attackers_when_no_creature_could_attack_say_so() -> None:
    game = Game()
    game.place(BEARS, player="A", tapped=True)
    game.advance_to(Step.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction, match="no attackers to declare: as this step began, the active player had "
                                            "no untapped creature"):
        game.declare_attackers([])


def test_a_declaration_outside_its_step_or_made_twice_says_which() -> None:
    game = Game()
    bears = game.place(BEARS, player="A")
    game.place(BEARS, player="B")
    with pytest.raises(IllegalAction, match="blockers are declared as the declare blockers step begins; it is now "
                                            "the precombat main phase"):
        game.declare_blockers({})
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bears])
    with pytest.raises(IllegalAction, match="attackers were already declared in this step"):
        game.declare_attackers([bears])


def test_phased_out_blocker_is_refused_as_phased_out_not_as_someone_elses() -> None:
    """702.26b: B's phased-out Bears are treated as though they don't exist; B controls them."""
    game = Game()
    bears = game.place(BEARS, player="A")
    hidden = game.place(BEARS, player="B")
    game.place(BEARS, player="B")
    game.phase_out(hidden)
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.declare_attackers([bears])
    game.advance_to(Step.DECLARE_BLOCKERS)
    with pytest.raises(IllegalAction, match=r"is phased out: it is treated as though it doesn't exist \(702.26b\)") \
            as refused:
        game.declare_blockers({hidden: bears})
    assert "controlled" not in str(refused.value)


def test_phased_out_attacker_is_refused_as_phased_out_not_as_someone_elses() -> None:
    game = Game()
    hidden = game.place(BEARS, player="A")
    game.place(BEARS, player="A")
    game.phase_out(hidden)
    game.advance_to(Step.DECLARE_ATTACKERS)
    with pytest.raises(IllegalAction, match=r"can't attack: it is phased out: it is treated as though it doesn't "
                                            r"exist \(702.26b\)") as refused:
        game.declare_attackers([hidden])
    assert "controls" not in str(refused.value)
