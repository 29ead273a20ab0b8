"""The sublayers of layer 1 (613.2): copy effects (1a), then face-down status (1b), whatever the
timestamps; what layer 1 leaves is the object's copiable values (613.2c)."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.engine import ChoiceKind, FaceDown, Game
from kb.engine.copies import copy_of


@check("613.2@20260116.0@5dc0ccc9", "613.2a@20260116.0@78a0e5c5", "613.2b@20260116.0@1e0c20d9",
       "613.2c@20260116.0@4257ab8d")
def a_face_down_copy_stays_face_down_and_is_copied_so(expect: Expect) -> None:
    """状況: Aは裏向きの《賛美されし天使》（変異）をコントロールし、Bは《灰色熊》をコントロールしている。
    行動: 効果によって、裏向きの天使が熊のコピーになる。そのあとAが《クローン》を、その裏向きのパーマネントのコピーとして戦場に
    出す。
    結果: コピー効果（1a）の方がタイムスタンプが新しくても、裏向きであること（1b）がそのあとに適用され、パーマネントは名前の
    ない2/2のまま。第1種別を適用し終えた特性がコピー可能な値なので、クローンは名前のない2/2（表向き）になる。"""
    game = Game(["A", "B"])
    angel = game.place(cards.EXALTED_ANGEL, face_down=FaceDown.MORPH)
    bears = game.place(cards.GRIZZLY_BEARS, player="B")
    game.create_effect("becomes a copy of the bears", [copy_of(game, bears)], [angel])
    view = game.view(angel)
    expect.equal((view.name, view.pt), (None, (2, 2)), "熊のコピーになっても、裏向きで名前のない2/2")
    game.choices.script(ChoiceKind.OBJECT, angel, player="A")
    clone = game.put_onto_battlefield(cards.CLONE, "A")
    assert clone is not None
    copied = game.view(clone)
    expect.equal((copied.name, copied.pt, copied.status.face_down), (None, (2, 2), False),
                 "クローンはコピー可能な値の、名前のない表向きの2/2")
