"""Text-changing effects (612), applied in layer 3 (613.1c): colour words, basic land types and
creature types in the rules text and the type line, never in a name or a granted ability; tokens;
exchanging rules texts; having the full text of another card; setting a name."""

from __future__ import annotations

from kb.checks import cards
from kb.checks.cards import real
from kb.checks.cr.cr611_continuous_effects import CRUSADE, SAVANNAH_LIONS
from kb.checks.expect import Expect
from kb.checks.registry import check
from kb.checks.scenes import cast
from kb.engine import (
    FOREST,
    ActivatedAbility,
    ChoiceKind,
    Game,
    Resolution,
    SpellAbility,
    StaticAbility,
    UntilEndOfTurn,
    Zone,
    add_types,
    attached_to_this,
    card,
    condition,
    cost,
    creatures,
    gain,
    lands,
    text_changes,
    this_object,
    token,
)
from kb.engine import target as target_of
from kb.engine.cardtypes import CardType
from kb.engine.choices import Choice
from kb.engine.targets import TargetSpec
from kb.engine.text_changes import (
    COLOR,
    CREATURE_TYPE,
    LAND_TYPE,
    TokenMaker,
    exchange_text,
    full_text_of,
    set_name,
)

_CHOICE = {COLOR: ChoiceKind.COLOR, LAND_TYPE: ChoiceKind.BASIC_LAND_TYPE, CREATURE_TYPE: ChoiceKind.CREATURE_TYPE}


def _replace_words(kind: str, forbidden: frozenset[str] = frozenset()):  # type: ignore[no-untyped-def]
    """"Change the text of target spell or permanent by replacing all instances of one [kind] with
    another": the words are chosen as it resolves (608.2d); the effect lasts indefinitely."""

    def effect(resolution: Resolution) -> None:
        chosen = resolution.target
        if not isinstance(chosen, int):
            return
        game = resolution.game
        old = game.choices.ask(Choice(_CHOICE[kind], resolution.controller, f"the {kind} to replace"))
        new = game.choices.ask(Choice(_CHOICE[kind], resolution.controller, f"the new {kind}"))
        if str(new) in forbidden:
            from kb.engine import IllegalAction

            raise IllegalAction(f"the new {kind} can't be {new}")
        resolution.create_effect(f"replace {old} with {new}", [text_changes.change_text(kind, str(old), str(new))],
                                 [chosen])

    return effect


def _spell_or_permanent() -> TargetSpec:
    from kb.engine.selectors import objects

    return target_of(objects(zones=(Zone.BATTLEFIELD, Zone.STACK), text="spell or permanent"),
                     "target spell or permanent")


SLEIGHT_OF_MIND = real("臨機応変", card("Sleight of Mind", "{U}", "Instant", spell=SpellAbility(
    "Change the text of target spell or permanent by replacing all instances of one color word with another.",
    _replace_words(COLOR), (_spell_or_permanent(),))))

MAGICAL_HACK = real("魔法改竄", card("Magical Hack", "{U}", "Instant", spell=SpellAbility(
    "Change the text of target spell or permanent by replacing all instances of one basic land type with another.",
    _replace_words(LAND_TYPE), (_spell_or_permanent(),))))

ARTIFICIAL_EVOLUTION = real("人工進化", card("Artificial Evolution", "{U}", "Instant", spell=SpellAbility(
    "Change the text of target spell or permanent by replacing all instances of one creature type with another. The "
    "new creature type can't be Wall.", _replace_words(CREATURE_TYPE, frozenset({"Wall"})),
    (_spell_or_permanent(),))))


def _words(game: Game, player: str, old: str, new: str, kind: ChoiceKind) -> None:
    game.choices.script(kind, old, player=player)
    game.choices.script(kind, new, player=player)


BLACK_CREATURE = card("Test Black Squire", "{1}{B}", "Creature — Human", 2, 2)
"""Test: a black 2/2."""


@check("612.1@20260116.0@f36ee67a", "613.1c@20260116.0@74afe4f6", "613.1@20260116.0@cc70e3d4",
       "613.1g@20260116.0@18a157f0")
def a_colour_word_in_the_rules_text_is_changed(expect: Expect) -> None:
    """状況: Aの《十字軍》（白であるすべてのクリーチャーは+1/+1の修整を受ける）、白の《サバンナ・ライオン》（2/1）、黒の
    テスト用2/2クリーチャー。
    行動: Aが十字軍を対象に《臨機応変》を唱え、「白」を「黒」に置き換える。
    結果: 十字軍の文章は「黒であるすべてのクリーチャー」になり（第3種）、ライオンは2/1に戻り、黒のクリーチャーが3/3になる。"""
    game = Game(["A", "B"])
    crusade = game.place(CRUSADE)
    lions = game.place(SAVANNAH_LIONS)
    squire = game.place(BLACK_CREATURE)
    expect.equal((game.view(lions).pt, game.view(squire).pt), ((3, 2), (2, 2)), "最初は白のライオンが+1/+1")
    _words(game, "A", "W", "B", ChoiceKind.COLOR)
    cast(game, "A", SLEIGHT_OF_MIND, [crusade])
    expect.equal([str(a) for a in game.view(crusade).abilities], ["Black creatures get +1/+1."], "十字軍の文章が変わった")
    expect.equal((game.view(lions).pt, game.view(squire).pt), ((2, 1), (3, 3)), "黒のクリーチャーが+1/+1を受ける")


URBORG_LIKE = card("Test Swamp Lord", "{2}", "Enchantment", StaticAbility(
    "Each land is a Swamp in addition to its other land types.", (add_types(subtypes=("Swamp",)),), lands()))
"""Test: an enchantment with "Each land is a Swamp in addition to its other land types"."""


@check("612.2@20260116.0@4a2ed076", "613.1c@20260116.0@74afe4f6", "305.6@20260116.0@c95e8075")
def a_land_type_changes_in_the_type_line_but_not_in_a_name(expect: Expect) -> None:
    """状況: Aの《森》と、「各土地は他の土地タイプに加えて沼である」テスト用エンチャント。
    行動: Aが森を対象に《魔法改竄》を唱えて「森」を「島」に置き換え、次にエンチャントを対象に唱えて「沼」を「山」に置き換える。
    結果: 土地タイプの語だけが変わる：森の名前は「Forest」のままだが、土地タイプは島（と、エンチャントによる山）になり、{U}を出す。
    {G}は出さない。"""
    game = Game(["A", "B"])
    forest = game.place(FOREST)
    swamps = game.place(URBORG_LIKE)
    _words(game, "A", "Forest", "Island", ChoiceKind.BASIC_LAND_TYPE)
    cast(game, "A", MAGICAL_HACK, [forest])
    _words(game, "A", "Swamp", "Mountain", ChoiceKind.BASIC_LAND_TYPE)
    cast(game, "A", MAGICAL_HACK, [swamps])
    view = game.view(forest)
    expect.equal((view.name, sorted(view.subtypes)), ("Forest", ["Island", "Mountain"]),
                 "名前はForestのまま、土地タイプは島と山")
    game.choices.script(ChoiceKind.OBJECT, "{T}: Add {U}.", player="A")
    game.activate("A", forest, "{T}: Add {U}.")
    expect.equal(dict(game.players["A"].mana.mana), {"U": 1}, "島として{U}を出した")


BLACK_KNIGHT = real("黒騎士", card("Black Knight", "{B}{B}", "Creature — Human Knight", 2, 2, "first strike",
                                   "protection from white"))

WARDING_GEAR = card("Test Ward of White", "{1}", "Artifact — Equipment", "equip {1}", StaticAbility(
    "Equipped creature has protection from white.", (gain("protection from white"),), attached_to_this()))
"""Test: an Equipment: "Equipped creature has protection from white"."""


@check("612.3@20260116.0@702c948b", "613.1c@20260116.0@74afe4f6")
def a_granted_ability_keeps_its_words(expect: Expect) -> None:
    """状況: Aの《黒騎士》（プロテクション（白））に、「装備しているクリーチャーはプロテクション（白）を持つ」テスト用装備品が
    ついている。
    行動: Aが黒騎士を対象に《臨機応変》を唱え、「白」を「赤」に置き換える。
    結果: 黒騎士に印刷されたプロテクション（白）はプロテクション（赤）になるが、装備品が与えた能力は文章を変えられず
    プロテクション（白）のまま。"""
    game = Game(["A", "B"])
    knight = game.place(BLACK_KNIGHT)
    game.place(WARDING_GEAR, attached_to=knight)
    _words(game, "A", "W", "R", ChoiceKind.COLOR)
    cast(game, "A", SLEIGHT_OF_MIND, [knight])
    protections = sorted(k.parameter for k in game.view(knight).keywords("protection"))
    expect.equal(protections, ["red", "white"], "印刷された方は赤に、与えられた方は白のまま")


SPORE_GARDEN = card("Test Spore Garden", "{2}{G}", "Enchantment", ActivatedAbility(
    "{T}: Create a 1/1 green Saproling creature token.", cost("{T}"),
    TokenMaker(token("Saproling", "Creature — Saproling", 1, 1, colors="G"))))
"""Test: an enchantment with "{T}: Create a 1/1 green Saproling creature token"."""


@check("612.2a@20260116.0@31d5c7de", "612.4@20260116.0@863f4ad4", "613.1c@20260116.0@74afe4f6")
def creature_types_of_tokens_and_of_what_makes_them(expect: Expect) -> None:
    """状況: Aの「{T}：1/1の緑の苗木クリーチャー・トークンを1体生成する」テスト用エンチャントと、それで生成した苗木トークン。
    行動: Aがトークンを対象に《人工進化》を唱えて「苗木」を「エルフ」に置き換え、次にエンチャントを対象に唱えて同じく置き換え、
    能力を起動する。
    結果: トークンのクリーチャー・タイプはトークンを生成したものが定めるが、文章変更で変えられ、エルフになる（名前は苗木のまま）。
    トークンを生成する能力の「苗木」はタイプとしても名前としても使われているので、新しいトークンは「エルフ」という名前のエルフになる。"""
    game = Game(["A", "B"])
    garden = game.place(SPORE_GARDEN)
    game.activate("A", garden)
    game.resolve_stack()
    [saproling] = [o for o in game.battlefield("A") if o.is_token]
    _words(game, "A", "Saproling", "Elf", ChoiceKind.CREATURE_TYPE)
    cast(game, "A", ARTIFICIAL_EVOLUTION, [saproling])
    view = game.view(saproling)
    expect.equal((view.name, sorted(view.subtypes)), ("Saproling", ["Elf"]), "トークンはエルフになり、名前はそのまま")
    _words(game, "A", "Saproling", "Elf", ChoiceKind.CREATURE_TYPE)
    cast(game, "A", ARTIFICIAL_EVOLUTION, [garden])
    game.next_turn("B")
    game.next_turn("A")
    game.activate("A", garden)
    game.resolve_stack()
    new = [o for o in game.battlefield("A") if o.is_token and o.id != saproling.id]
    expect.equal([(game.view(o).name, sorted(game.view(o).subtypes)) for o in new], [("Elf", ["Elf"])],
                 "新しいトークンはエルフという名前のエルフ")


def _exchange(resolution: Resolution) -> None:
    first, second = resolution.objects(0)
    resolution.create_effect("exchange rules text", [exchange_text(first, second)], [first, second])


TEST_EXCHANGE = card("Test Exchange of Words", "{U}", "Instant", spell=SpellAbility(
    "Exchange the rules text of two target creatures.", _exchange,
    (TargetSpec("two target creatures", creatures(), None, 2),)))
"""Test: stands in for Exchange of Words: "Exchange the rules text of two target creatures"."""


@check("612.5@20260116.0@32a161dc", "613.1c@20260116.0@74afe4f6")
def two_objects_exchange_their_rules_text(expect: Expect) -> None:
    """状況: Aの《セラの天使》（4/4、飛行、警戒）と《チフス鼠》（1/1、接死）。
    行動: Aが2体を対象に「クリーチャー2体を対象とし、それらの文章を交換する」テスト用インスタント（Exchange of Wordsの代わり）を
    唱える。
    結果: ルール・テキストだけが入れ替わる：天使は接死を、鼠は飛行と警戒を持ち、パワーとタフネスや名前は変わらない。"""
    game = Game(["A", "B"])
    angel = game.place(cards.SERRA_ANGEL)
    rats = game.place(cards.TYPHOID_RATS)
    cast(game, "A", TEST_EXCHANGE, [[angel, rats]])
    a, r = game.view(angel), game.view(rats)
    expect.that(a.has("deathtouch") and not a.has("flying") and r.has("flying") and r.has("vigilance"),
                "天使は接死を、鼠は飛行と警戒を持つ")
    expect.equal((a.name, a.pt, r.name, r.pt), ("Serra Angel", (4, 4), "Typhoid Rats", (1, 1)),
                 "名前とパワー・タフネスは変わらない")


def _top_creature_card(context: object) -> int | None:
    from kb.engine.context import Context

    assert isinstance(context, Context)
    yard = context.game.graveyard(context.player("your graveyard"))
    if not yard:
        return None
    top = yard[-1]
    return top.id if CardType.CREATURE in top.printed.types else None


_DISCARD = ActivatedAbility("{2}: Discard a card.", cost("{2}, Discard a card"))

VOLRATHS_SHAPESHIFTER = real("ヴォルラスの多相の戦士", card(
    "Volrath's Shapeshifter", "{1}{U}{U}", "Creature — Shapeshifter", 0, 1,
    StaticAbility("As long as the top card of your graveyard is a creature card, Volrath's Shapeshifter has the full "
                  "text of that card and has the text \"{2}: Discard a card.\"",
                  (full_text_of(_top_creature_card, (_DISCARD,)),), this_object(),
                  condition=condition("the top card of your graveyard is a creature card",
                                      lambda c: _top_creature_card(c) is not None)),
    _DISCARD))
"""ヴォルラスの多相の戦士; its discard ability is written as a cost ("{2}, Discard a card") with no effect."""


@check("612.6@20260116.0@4ade6474", "613.1c@20260116.0@74afe4f6")
def the_full_text_of_another_card(expect: Expect) -> None:
    """状況: Aの《ヴォルラスの多相の戦士》（あなたの墓地の一番上のカードがクリーチャー・カードであるかぎり、そのカードのすべての文章を
    持つ）。
    行動: Aの墓地の一番上に《大喰らいのワーム》が置かれ、次に《森》が置かれる。
    結果: ワームが一番上なら、名前、マナ・コスト、色、タイプ行、能力、パワーとタフネスまでワームのもの（6/4の緑のワーム）になる。
    森が一番上になると、元の0/1の多相の戦士に戻る。"""
    game = Game(["A", "B"])
    shifter = game.place(VOLRATHS_SHAPESHIFTER)
    game.place(cards.CRAW_WURM, Zone.GRAVEYARD, "A")
    view = game.view(shifter)
    expect.equal((view.name, view.pt, sorted(view.subtypes), sorted(c.value for c in view.colors)),
                 ("Craw Wurm", (6, 4), ["Wurm"], ["G"]), "ワームのすべての文章を持つ")
    game.place(FOREST, Zone.GRAVEYARD, "A")
    view = game.view(shifter)
    expect.equal((view.name, view.pt), ("Volrath's Shapeshifter", (0, 1)), "一番上がクリーチャーでなくなると元に戻る")


LEGEND = card("Test Legend", "{2}", "Legendary Creature — Human", 2, 2)
"""Test: a legendary 2/2 called Test Legend."""

OTHER_LEGEND = card("Test Other Legend", "{2}", "Legendary Creature — Human", 3, 3)
"""Test: a legendary 3/3 called Test Other Legend."""


@check("612.8@20260116.0@430bc7bd", "613.1c@20260116.0@74afe4f6", "704.5j@20260116.0@5dc97204")
def an_effect_sets_a_name(expect: Expect) -> None:
    """状況: Aの伝説のテスト用クリーチャー2体、「Test Legend」と「Test Other Legend」。
    行動: 効果が後者の名前を「Test Legend」にする。
    結果: その名前だけを持つので、同じ名前の伝説のパーマネントが2つになり、レジェンド・ルールでAは1つを選んで残す。"""
    game = Game(["A", "B"])
    legend = game.place(LEGEND)
    other = game.place(OTHER_LEGEND)
    game.refresh_priority()
    expect.that(game.obj(legend).zone is Zone.BATTLEFIELD and game.obj(other).zone is Zone.BATTLEFIELD,
                "名前が違うあいだは両方残る")
    game.create_effect("is named Test Legend", [set_name("Test Legend")], [other], UntilEndOfTurn())
    expect.equal(game.view(other).name, "Test Legend", "名前が変わった")
    game.choices.script(ChoiceKind.LEGEND_RULE, legend, player="A")
    game.refresh_priority()
    expect.that(game.obj(legend).zone is Zone.BATTLEFIELD and game.current(other).zone is Zone.GRAVEYARD,
                "同じ名前になり、レジェンド・ルールでAが選ばなかった方が墓地へ")


__all__ = ["ARTIFICIAL_EVOLUTION", "MAGICAL_HACK", "SLEIGHT_OF_MIND"]
