"""Changing the targets of a spell or ability on the stack (115.7).

"Change the target(s)", "choose new targets": the new targets must be legal, and only the final
set of targets is judged (115.7e) — so two targets may trade places although, one at a time,
each change would briefly make both targets the same.  A spell or ability keeps its targets if
no legal change is made (115.7a-d).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from kb.engine import targets
from kb.engine.basics import PlayerId
from kb.engine.choices import Choice, ChoiceKind
from kb.engine.errors import IllegalAction
from kb.engine.events import BecameTarget
from kb.engine.targets import Target

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.stack import StackObject

Targets = tuple[tuple[Target, ...], ...]


def _source(game: Game, item: StackObject) -> View | None:
    if item.spell is not None and item.spell in game.objects:
        return game.view(item.spell)
    if item.source_id is not None and item.source_id in game.objects:
        return game.view(item.source_id)
    return item.source


def why_illegal(game: Game, item: StackObject, proposed: Targets) -> str | None:
    """Why ``proposed`` can't be the targets of ``item`` (None: it can).  Judged as a whole,
    the final set only (115.7e)."""
    if len(proposed) != len(item.specs):
        return f"{item.text!r} has {len(item.specs)} target group(s)"
    source = _source(game, item)
    for index, (spec, picks) in enumerate(zip(item.specs, proposed, strict=True)):
        if len(picks) != spec.count or len(set(picks)) != len(picks):
            return f"{spec.text!r} needs {spec.count} different target(s)"
        for pick in picks:
            if pick == item.id:
                return "a spell or ability can't target itself (115.5)"
            if not targets.is_legal(game, spec, pick, item.controller, source):
                return f"{pick!r} is not a legal target for {spec.text!r}"
        if spec.other and any(p in group for group in proposed[:index] for p in picks):
            return f"{spec.text!r} must be another target than the earlier ones"
    return None


def legal_change(game: Game, item: StackObject, proposed: Targets) -> str | None:
    """Why changing ``item``'s targets to ``proposed`` is illegal, or None (115.7e)."""
    return why_illegal(game, item, proposed)


def change_targets(game: Game, item: StackObject, proposed: Sequence[Sequence[Target]]) -> None:
    """Change ``item``'s targets to ``proposed`` (115.7a); IllegalAction if the new set isn't legal."""
    final: Targets = tuple(tuple(group) for group in proposed)
    reason = legal_change(game, item, final)
    if reason is not None:
        raise IllegalAction(reason, "115.7e")
    changed = [t for group, old in zip(final, item.targets, strict=True) for t in group if t not in old]
    item.targets = final
    game.touch()
    game.emit(*(BecameTarget(t, item.id, item.controller) for t in changed))


def choose_new_targets(game: Game, player: PlayerId, item: StackObject) -> bool:
    """"You may choose new targets for it" (115.7d): ``player`` may keep any targets and change
    the others to legal ones.  True if the targets changed."""
    if not game.choices.ask(Choice(ChoiceKind.MAY, player, f"choose new targets for {item.text!r}?", (True, False))):
        return False
    answer = game.choices.ask(Choice(
        ChoiceKind.TARGETS, player, f"new targets for {item.text!r}",
        accepts=lambda value: isinstance(value, (list, tuple)) and len(value) == len(item.specs)))
    assert isinstance(answer, (list, tuple))
    proposed = tuple(tuple(group) if isinstance(group, (list, tuple)) else (group,) for group in answer)
    before = item.targets
    change_targets(game, item, proposed)
    return item.targets != before
