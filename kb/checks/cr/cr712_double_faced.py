"""Double-faced cards and copies of them (707.8, 712): the CR's examples — token copies with both
faces, a copy of a back face that can't transform, effects that go on applying after transforming."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards_basics import CYTOSHAPE
from kb.checks.cards_copies import (
    AFFLICTED_DESERTER,
    ELITE_VANGUARD,
    INSTIGATOR_GANG,
    KRUIN_OUTLAW,
    MOONMIST,
    VILLAGE_IRONSMITH,
)
from kb.checks.cr.cr614_replacement_effects import CACKLING_COUNTERPART
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast
from kb.engine import (
    CardType,
    ChoiceKind,
    Game,
    Resolution,
    SpellAbility,
    Zone,
    card,
    cards_in,
    copies,
    transform,
)
from kb.engine.targets import target


@check("707.8a@20260116.0@a12b6f8e", "707.8@20260116.0@b32315a9", "701.27a@20260116.0@d1271a75",
       "111.4@20260116.0@2b86bbe8", example="707.8a#1@10f3bfa8")
def token_copy_of_afflicted_deserter_is_double_faced(expect: Expect) -> None:
    """状況: Aの《苦悩の脱走者》（3/2の人間・狼男。第2面は5/4の狼男《狼男の荒らし屋》）が戦場にある。
    行動: Aが《大笑いの写し身》で脱走者のトークン・コピーを作る。次に《月霧》（人間をすべて変身させる）を唱え、
    その後もう一度、第2面になった脱走者のトークン・コピーを作る。
    結果: 1つ目のトークンは両面トークンで、月霧で脱走者とともに変身して狼男の荒らし屋になる。2つ目のトークンは
    コピー元と同じく第2面をオモテにして戦場に出る（狼男の荒らし屋）。"""
    game = Game(["A", "B"])
    deserter = game.place(AFFLICTED_DESERTER, player="A")
    cast(game, "A", CACKLING_COUNTERPART, [deserter])
    [first] = [o for o in game.battlefield("A") if o.is_token]
    expect.equal((game.view(first).name, game.view(first).pt), ("Afflicted Deserter", (3, 2)),
                 "トークンは第1面をオモテにした苦悩の脱走者")
    cast(game, "A", MOONMIST)
    seen = game.view(first)
    expect.that(seen.status.transformed and seen.name == "Werewolf Ransacker" and seen.pt == (5, 4),
                "トークンも両面を持ち、変身して狼男の荒らし屋になった")
    expect.equal(game.view(deserter).name, "Werewolf Ransacker", "脱走者も変身した")
    cast(game, "A", CACKLING_COUNTERPART, [deserter])
    [second] = [o for o in game.battlefield("A") if o.is_token and o.id != first.id]
    seen = game.view(second)
    expect.that(seen.status.transformed and seen.name == "Werewolf Ransacker" and seen.pt == (5, 4),
                "第2面がオモテのパーマネントのコピーは、第2面をオモテにして戦場に出る")
    expect.that(transform.transform(game, second) and game.view(second).name == "Afflicted Deserter",
                "変身すれば第1面の苦悩の脱走者になる")


def _copy_a_card_in_graveyard(resolution: Resolution) -> None:
    for chosen in resolution.objects(0):
        copies.create_token_copies(resolution.game, chosen, resolution.controller)


CARD_COPIER = card("Test Card Copier", "{1}{U}", "Sorcery", spell=SpellAbility(
    "Create a token that's a copy of target creature card in your graveyard.", _copy_a_card_in_graveyard,
    (target(cards_in(Zone.GRAVEYARD, CardType.CREATURE, owner="you"), "target creature card in your graveyard"),)))
"""Test: a sorcery that creates a token copy of a creature card in its caster's graveyard."""


@check("707.8a@20260116.0@a12b6f8e", "707.5@20260116.0@c44e7e0c", "712.9@20260116.0@b1ffbdda",
       example="707.8a#2@7356358f")
def token_copy_of_clone_is_not_double_faced(expect: Expect) -> None:
    """状況: Aの墓地に《クローン》がある。Bの《苦悩の脱走者》が変身して《狼男の荒らし屋》になっている。
    行動: Aが、自分の墓地のクリーチャー・カード1枚のコピーであるトークンを生成するソーサリーでクローンのトークン・コピーを作り、
    それはクローンの置換効果で荒らし屋のコピーとして戦場に出る。次に効果でそのトークンを変身させようとする。
    結果: トークンは5/4の狼男の荒らし屋だが、クローンは両面カードではないので両面トークンではなく、変身できない。"""
    game = Game(["A", "B"])
    clone = game.place(cards.CLONE, Zone.GRAVEYARD, "A")
    deserter = game.place(AFFLICTED_DESERTER, player="B")
    transform.transform(game, deserter)
    game.choices.script(ChoiceKind.OBJECT, deserter, player="A")
    cast(game, "A", CARD_COPIER, [clone])
    [token] = [o for o in game.battlefield("A") if o.is_token]
    seen = game.view(token)
    expect.equal((seen.name, seen.pt), ("Werewolf Ransacker", (5, 4)), "トークンは狼男の荒らし屋のコピーとして出た")
    expect.that(not transform.transform(game, token), "両面トークンではないので変身できない")
    expect.equal(game.view(token).name, "Werewolf Ransacker", "荒らし屋のまま")


@check("712.9@20260116.0@b1ffbdda", "707.8@20260116.0@b32315a9", "701.27c@20260116.0@9a1ce949",
       example="712.9#1@0609c87f")
def clone_of_wildblood_pack_cant_transform(expect: Expect) -> None:
    """状況: Bの《扇動する集団》が変身して第2面の《野生の血の群れ》（5/5、トランプル）になっている。
    行動: Aの《クローン》が野生の血の群れのコピーとして戦場に出る。次に《月霧》のように効果でクローンを変身させようとする。
    結果: クローンはオモテになっている面をコピーして5/5でトランプルを持つ野生の血の群れになる。クローンは両面カードではない
    ので変身できない。元の群れは変身できる。"""
    game = Game(["A", "B"])
    gang = game.place(INSTIGATOR_GANG, player="B")
    transform.transform(game, gang)
    game.choices.script(ChoiceKind.OBJECT, gang, player="A")
    clone = game.put_onto_battlefield(cards.CLONE, "A")
    assert clone is not None
    seen = game.view(clone)
    expect.that(seen.name == "Wildblood Pack" and seen.pt == (5, 5) and seen.has("trample"),
                "オモテの面の野生の血の群れをコピーした")
    expect.that(not transform.transform(game, clone), "クローンは両面カードではないので変身できない")
    expect.that(transform.transform(game, gang) and game.view(gang).name == "Instigator Gang",
                "両面カードの群れは変身して扇動する集団に戻る")


@check("712.9@20260116.0@b1ffbdda", "707.8@20260116.0@b32315a9", "701.27a@20260116.0@d1271a75",
       "613.2a@20260116.0@78a0e5c5", example="712.9#2@01d067d5")
def kruin_outlaw_copying_elite_vanguard_still_transforms(expect: Expect) -> None:
    """状況: Aの《クルーインの無法者》（両面カードの第1面、人間・ならず者・狼男）とBの《先兵の精鋭》（2/1の人間・兵士）。
    行動: Aが《細胞形成》で無法者をターン終了時まで先兵の精鋭のコピーにする。その後、《月霧》（人間をすべて変身させる）を唱える。
    結果: 先兵の精鋭のコピーである無法者は両面カードなので変身し、第2面がオモテになるが、そのターンの間は2/1の
    先兵の精鋭のコピーのまま。片面の先兵の精鋭は変身しない。ターンが終わるとコピー効果が終わり、第2面の
    《クルーイン峡の恐怖》（3/3、二段攻撃）になっている。"""
    game = Game(["A", "B"])
    outlaw = game.place(KRUIN_OUTLAW, player="A")
    vanguard = game.place(ELITE_VANGUARD, player="B")
    game.choices.script(ChoiceKind.OBJECT, vanguard, player="A")
    cast(game, "A", CYTOSHAPE, [outlaw])
    expect.equal(game.view(outlaw).name, "Elite Vanguard", "無法者は先兵の精鋭のコピー")
    cast(game, "A", MOONMIST)
    seen = game.view(outlaw)
    expect.that(seen.status.transformed, "両面カードなので変身し、第2面がオモテになった")
    expect.equal((seen.name, seen.pt), ("Elite Vanguard", (2, 1)), "そのターンの間は先兵の精鋭のコピーのまま")
    expect.that(not game.view(vanguard).status.transformed, "片面カードの先兵の精鋭は変身しない")
    game.next_turn()
    seen = game.view(outlaw)
    expect.that(seen.name == "Terror of Kruin Pass" and seen.pt == (3, 3) and seen.has("double strike"),
                "コピー効果が終わると第2面のクルーイン峡の恐怖")


@check("712.18@20260116.0@401eecd4", "611.2c@20260116.0@615e4f07", "701.27a@20260116.0@d1271a75",
       example="712.18#1@aac2fe4e")
def ironfang_keeps_the_giant_growth_of_village_ironsmith(expect: Expect) -> None:
    """状況: Aの《村の鉄鍛冶》（1/1の人間・狼男、両面カードの第1面。第2面は3/1の《鉄牙》）。
    行動: Aが鉄鍛冶に《巨大化》（ターン終了時まで+3/+3）を唱え、その後《月霧》で鉄鍛冶を変身させる。
    結果: 変身しても新しいオブジェクトにはならないので、巨大化の効果は適用され続け、鉄牙は6/4になる。"""
    game = Game(["A", "B"])
    ironsmith = game.place(VILLAGE_IRONSMITH, player="A")
    cast(game, "A", cards.GIANT_GROWTH, [ironsmith])
    expect.equal(game.view(ironsmith).pt, (4, 4), "鉄鍛冶は巨大化で4/4")
    cast(game, "A", MOONMIST)
    seen = game.view(ironsmith)
    expect.equal((seen.name, seen.pt), ("Ironfang", (6, 4)), "鉄牙になっても+3/+3は残り6/4")
    expect.equal(game.current(ironsmith).id, ironsmith.id, "同じオブジェクトのまま")
