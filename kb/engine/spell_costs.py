"""Casting options that keywords give: optional additional costs and alternative costs (118.8,
118.9, 601.2b, 601.2f-h), keywords that change or pay a spell's total cost, and casting a spell
while another spell or ability resolves (608.2g).

A *casting option* is a way to cast a spell a keyword offers: an alternative cost paid "rather
than its mana cost" (flashback, evoke, dash, madness …) or an optional additional cost (kicker,
buyback, replicate …).  :data:`OPTIONS` holds them by keyword; a player names the ones they use
(``game.cast(player, card, alternative="flashback", additional=("kicker",))``, an additional
cost once per time it is paid), and :func:`kb.engine.casting.cast` asks this module at the steps
of 601.2:

- 601.3: the zones an option lets the card be cast from (flashback, retrace: a graveyard);
- 601.2b: the options are announced and remembered on the spell (:func:`begin`), so the spell,
  and the permanent it becomes (400.7), can tell whether a cost was paid (:func:`times_paid`);
- 601.2c: the targets an option adds or removes (:meth:`CastingOption.targets`);
- 601.2f: the total cost — the mana cost or one alternative cost (118.9a), plus additional costs,
  plus increases, minus reductions (:data:`COST_CHANGES`: affinity, undaunted);
- 601.2g-h: keywords that pay part of the total otherwise, applied only once it is determined
  (:data:`PAYMENT_KEYWORDS`: convoke, delve, improvise), then each option's parts that aren't mana.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from kb.engine import keyword_variables, payment
from kb.engine.basics import PlayerId, Zone
from kb.engine.costs import Cost, cost
from kb.engine.errors import IllegalAction, ScenarioError
from kb.engine.keywords import Keyword
from kb.engine.mana import ManaCost

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.game import Game
    from kb.engine.objects import GameObject
    from kb.engine.parts import LayerPart
    from kb.engine.stack import Resolution
    from kb.engine.targets import TargetSpec

ALTERNATIVE = "alternative cost"
"""Key of a spell's ``chosen``: the keyword whose alternative cost was paid."""
ADDITIONAL = "additional costs"
"""Key of a spell's ``chosen``: the keyword instances whose additional cost was paid, one
``(name, parameter)`` per payment."""
WITHOUT_MANA_COST = "without paying its mana cost"
"""The alternative cost an effect gives: no mana (118.9); increases still apply (601.2f)."""


class CastingOption:
    """A way to cast a spell a keyword gives: override what differs from paying its mana cost."""

    keyword: str = ""
    rule: str = ""
    kind: Literal["alternative", "additional"] = "alternative"
    zones: frozenset[Zone] = frozenset({Zone.HAND})
    """Where the card may be cast from with this option without another permission (601.3)."""
    repeatable: bool = False
    """May be paid any number of times (multikicker 702.33c, replicate 702.56a)."""
    needs_keyword: bool = True
    """Only a card with the keyword may use it ("without paying its mana cost" needs none)."""

    def usable(self, game: Game, player: PlayerId, spell: GameObject) -> str | None:
        """Why the option can't be used for this spell (on the stack, options announced), or None."""
        return None

    def price(self, keyword: Keyword | None) -> Cost:
        """The cost the option asks: its keyword's parameter."""
        return cost(keyword.parameter) if keyword is not None and keyword.parameter else Cost()

    def begin(self, game: Game, player: PlayerId, spell: GameObject, keyword: Keyword | None) -> None:
        """601.2b: the spell is on the stack; announce what goes with the option."""

    def enters(self, game: Game, player: PlayerId, permanent: GameObject) -> None:
        """608.3g: the permanent spell cast with the option is being put onto the battlefield (a delayed
        triggered ability its static ability creates, dash 702.109a, is created now)."""

    def targets(self, spell: GameObject, specs: tuple[TargetSpec, ...], keyword: Keyword | None
                ) -> tuple[TargetSpec, ...]:
        """601.2c: the spell's targets with the option."""
        return specs

    def characteristics(self) -> tuple[LayerPart, ...]:
        """What the option makes the spell as it is put on the stack (a bestowed Aura spell,
        702.103b): the spell is judged with them whether it may be cast (601.3e, 702.103d)."""
        return ()

    def extra_price(self, game: Game, spell: GameObject) -> Cost | None:
        """A cost that depends on what was announced with the option (the splice costs of the cards
        spliced onto the spell, 702.47a), paid with the rest."""
        return None

    def reduction(self, game: Game, spell: GameObject) -> int:
        """Generic mana the option takes off the total cost (emerge, 702.119a)."""
        return 0

    def mana_reduction(self, game: Game, spell: GameObject) -> list[str]:
        """Coloured or colourless mana the option takes off the total cost, one symbol per mana,
        each reducing generic mana when the total has none of it (offering 702.48c, 118.7)."""
        return []

    flash: bool = False
    """The spell may be cast any time its controller could cast an instant (offering, 702.48a)."""


@dataclass(frozen=True)
class Way:
    """An option used for one spell, with the keyword instance it comes from."""

    option: CastingOption
    keyword: Keyword | None


class WithoutManaCost(CastingOption):
    keyword = WITHOUT_MANA_COST
    rule = "118.9"
    needs_keyword = False
    zones = frozenset(Zone)


OPTIONS: dict[str, CastingOption] = {}
"""The casting options keywords give, keyed by keyword (entries come from the keywords' modules)."""

WITHOUT = WithoutManaCost()

COST_CHANGES: dict[str, Callable[[Game, PlayerId, View, Keyword], int]] = {}
"""Keywords of a spell that change its total cost (601.2f), keyed by keyword: generic mana added
(negative: taken off) by one instance (affinity 702.41a, undaunted 702.125a)."""

PAYMENT_KEYWORDS: dict[str, Callable[[Game, PlayerId, View, ManaCost], ManaCost]] = {}
"""Keywords that let part of a spell's total cost be paid otherwise once it is determined
(convoke 702.51b, delve 702.66b, improvise 702.126b), keyed by keyword: given the total, pay
what the player chooses and return the rest.  One instance or several: the same (702.51d)."""


def ways(game: Game, player: PlayerId, view: View, alternative: str | None, additional: Sequence[str]
         ) -> list[Way]:
    """The options a player names, checked: at most one alternative cost (118.9a), each the card's
    own keyword (``view``: the card as it begins to be cast); an additional cost named once per
    payment — one instance each (702.33b, 702.56b) unless the keyword may be paid any number of
    times (702.33c)."""
    found: list[Way] = []
    named = [(alternative, "alternative")] if alternative else []
    for name, kind in [*named, *((a, "additional") for a in additional)]:
        assert name is not None
        name, wanted = _named(name)
        option = WITHOUT if name == WITHOUT_MANA_COST else OPTIONS.get(name)
        if option is None:
            raise IllegalAction(f"no rule or effect lets a spell be cast with {name!r}", "601.2b")
        if option.kind != kind:
            raise ScenarioError(f"{name} is an {option.kind} cost, not an {kind} one")
        instances = [k for k in view.keywords(name) if wanted is None or k.parameter == wanted]
        if option.needs_keyword and not instances:
            raise IllegalAction(f"{view.name or 'the card'} has no {name}", "601.2b")
        free = unpaid_instances(instances, [w.keyword for w in found if w.option is option])
        if option.needs_keyword and not option.repeatable and not free:
            raise IllegalAction(f"{view.name or 'the card'} has only {len(instances)} {name} cost(s)", "601.2b")
        keyword = free[0] if free else (instances[-1] if instances else None)
        found.append(Way(option, keyword))
    return found


def unpaid_instances(instances: Sequence[Keyword], taken: Sequence[Keyword | None]) -> list[Keyword]:
    """The instances of a keyword not yet named for a payment: each instance is its own cost (casualty 1
    and casualty 2 are two, 702.153b), so naming one uses that one only."""
    free = list(instances)
    for keyword in taken:
        if keyword in free:
            free.remove(keyword)
    return free


def _named(text: str) -> tuple[str, str | None]:
    """"kicker" or "kicker {W}": the option's keyword and, if given, which instance (702.33f)."""
    if text in OPTIONS or text == WITHOUT_MANA_COST:
        return text, None
    for name in sorted(OPTIONS, key=len, reverse=True):
        if text.startswith(name + " "):
            return name, text[len(name) + 1:].strip()
    return text, None


def as_spell(game: Game, card: GameObject, found: Sequence[Way], view: Callable[[], View]) -> View:
    """The characteristics the card would have as a spell cast with these options (601.3e,
    702.103d): ``view`` computes them while the options' characteristics apply to it."""
    parts = tuple(p for w in found for p in w.option.characteristics())
    if not parts:
        return view()
    from kb.engine.continuous import ContinuousEffect

    effect = ContinuousEffect("as it would be cast", parts, game.clock + 1, affected=frozenset({card.id}))
    game.effects.append(effect)
    game.touch()
    try:
        return view()
    finally:
        game.effects.remove(effect)
        game.touch()


def permits(game: Game, found: Sequence[Way], card: GameObject, player: PlayerId) -> bool:
    """Does an option let ``player`` cast their card from where it is (flashback: a graveyard)?  Or
    another's card there that an effect says is as though in ``player``'s own (609.4a)?"""
    from kb.engine import rules

    return card.zone is not Zone.HAND and any(card.zone in w.option.zones for w in found) \
        and (card.owner == player or rules.as_though_yours(game, player, game.view(card.id), card.zone))


def begin(game: Game, player: PlayerId, spell: GameObject, found: Sequence[Way]) -> None:
    """601.2b: the options are announced and remembered on the spell, and the modes are chosen
    (700.2a; all of them when entwined, 702.42a) knowing them (601.4); each option does what goes
    with it."""
    from kb.engine import modes

    spell.chosen[ALTERNATIVE] = next((w.option.keyword for w in found if w.option.kind == "alternative"), None)
    spell.chosen[ADDITIONAL] = tuple((w.option.keyword, w.keyword.parameter if w.keyword else "")
                                     for w in found if w.option.kind == "additional")
    game.touch()
    modes.announce(game, player, spell, every_mode=any(w.option.keyword == "entwine" for w in found))  # 601.4
    for way in found:
        way.option.begin(game, player, spell, way.keyword)
    for way in found:
        reason = way.option.usable(game, player, spell)
        if reason is not None:
            raise IllegalAction(f"{way.option.keyword} can't be used: {reason}", way.option.rule)


def targets(spell: GameObject, found: Sequence[Way], specs: tuple[TargetSpec, ...]) -> tuple[TargetSpec, ...]:
    """601.2c: the targets of the modes chosen (700.2c), with those the options add or remove."""
    from kb.engine import modes

    specs = modes.targets(spell, specs)
    for way in found:
        specs = way.option.targets(spell, specs, way.keyword)
    return specs


def alternative_way(found: Sequence[Way]) -> Way | None:
    return next((w for w in found if w.option.kind == "alternative"), None)


KEYWORD_COSTS: dict[str, Callable[[Game, GameObject, Keyword], ManaCost]] = {}
"""Keywords of a spell that add to its total cost what the choices made as it was cast call for
(escalate's cost for each mode beyond the first, 702.120a), keyed by keyword."""


def costs(game: Game, spell: GameObject, found: Sequence[Way], base: ManaCost) -> tuple[ManaCost, list[Cost]]:
    """601.2f: the mana to pay before increases and reductions — the mana cost ``base`` or the
    alternative cost, plus each additional cost's mana and what the spell's keywords ask for the
    choices made (escalate) — and the parts of those costs that aren't mana, paid with it (601.2h)."""
    mana = base
    others: list[Cost] = []
    view = game.view(spell.id)
    for name, extra in KEYWORD_COSTS.items():
        for keyword in view.keywords(name):
            mana = add(mana, extra(game, spell, keyword))
    for way in found:
        now = None if way.keyword is None else keyword_variables.anew(game, way.keyword, spell.id)  # 702.1b
        price = way.option.extra_price(game, spell) or way.option.price(now)
        if way.option.kind == "alternative":
            mana = price.mana or ManaCost()
        elif price.mana is not None:
            mana = add(mana, price.mana)
        rest = replace(price, mana=None)
        if rest != Cost():
            others.append(rest)
    return mana, others


def add(first: ManaCost, second: ManaCost) -> ManaCost:
    """Two mana costs as one (601.2f: the total cost)."""
    generic = sum(int(s) for s in (*first.symbols, *second.symbols) if s.isdigit())
    rest = tuple(s for s in (*first.symbols, *second.symbols) if not s.isdigit())
    return ManaCost(((str(generic),) if generic else ()) + rest)


def cost_change(game: Game, player: PlayerId, view: View) -> int:
    """601.2f: what the spell's own keywords and the options used add to or take off its total."""
    change = sum(rule(game, player, view, keyword) for name, rule in COST_CHANGES.items()
                 for keyword in view.keywords(name))
    spell = game.objects.get(view.id)
    if spell is not None:
        for name in options_used(spell):
            option = OPTIONS.get(name)
            change -= option.reduction(game, spell) if option is not None else 0
    return change


def mana_reductions(game: Game, view: View) -> list[str]:
    """118.7: the coloured or colourless mana the options used take off the total cost."""
    spell = game.objects.get(view.id)
    if spell is None:
        return []
    return [kind for name in options_used(spell) if name in OPTIONS for kind in OPTIONS[name].mana_reduction(game, spell)]


def as_though_flash(found: Sequence[Way]) -> bool:
    return any(w.option.flash for w in found)


def pay_otherwise(game: Game, player: PlayerId, view: View, total: ManaCost) -> ManaCost:
    """601.2g-h: keywords that pay part of the determined total otherwise; the rest is paid with mana."""
    for name, rule in PAYMENT_KEYWORDS.items():
        if view.has(name):
            total = rule(game, player, view, total)
    return total


def pay_parts(game: Game, player: PlayerId, spell: GameObject, others: Sequence[Cost]) -> dict[str, list[int]]:
    """601.2h: the parts of the options' costs that aren't mana."""
    paid: dict[str, list[int]] = {}
    for part in others:
        for key, value in payment.pay(game, player, part, spell).items():
            paid[key] = [*paid.get(key, []), *value]
    return paid


# -- what a spell or the permanent it became remembers --------------------------------------------


def entering(game: Game, permanent: GameObject, controller: PlayerId) -> None:
    """A permanent spell resolves and is put onto the battlefield: each option it was cast with does
    what it does then (608.3g)."""
    for name in options_used(permanent):
        option = OPTIONS.get(name)
        if option is not None:
            option.enters(game, controller, permanent)


def options_used(obj: GameObject) -> list[str]:
    found = [str(name) for name, _ in obj.chosen.get(ADDITIONAL, ())]  # type: ignore[attr-defined]
    alternative = obj.chosen.get(ALTERNATIVE)
    return [*found, str(alternative)] if alternative else found


def times_paid(game: Game, object_id: int | None, keyword: str, parameter: str | None = None) -> int:
    """How many times this spell (or the permanent it became) had ``keyword``'s cost paid as it
    was cast — for one instance only with ``parameter`` ("if it was kicked with its {1}{G}
    kicker", 702.33f).  An alternative cost counts once."""
    obj = game.objects.get(object_id) if object_id is not None else None
    if obj is None:
        return 0
    payments: tuple[tuple[str, str], ...] = obj.chosen.get(ADDITIONAL, ())  # type: ignore[assignment]
    count = len([name for name, given in payments if name == keyword and (parameter is None or given == parameter)])
    return count + int(obj.chosen.get(ALTERNATIVE) == keyword)


def paid(game: Game, object_id: int | None, keyword: str) -> bool:
    return times_paid(game, object_id, keyword) > 0


def resolution_paid(resolution: Resolution, keyword: str, parameter: str | None = None) -> int:
    return times_paid(resolution.game, resolution.item.spell or resolution.source_id, keyword, parameter)


def cast_from(game: Game, spell: int) -> Zone | None:
    """The zone a spell was cast from (the zone change that put it on the stack)."""
    from kb.engine.events import Cause, ZoneChanged

    for event in reversed(game.log):
        if isinstance(event, ZoneChanged) and event.new_id == spell and event.cause is Cause.CAST:
            return event.from_zone
    return None


# -- casting while something resolves (608.2g) ----------------------------------------------------


def cast_while_resolving(game: Game, player: PlayerId, card: GameObject, *, alternative: str = WITHOUT_MANA_COST,
                         what: str = "cast it", targets: Sequence[object] | None = None) -> int | None:
    """An effect lets ``player`` cast ``card`` as it resolves (608.2g): timing permissions and
    restrictions are ignored and the effect is the permission; the player may decline.  Returns
    the spell's id, or None if they didn't or couldn't (the card stays where it is)."""
    from kb.engine import casting
    from kb.engine.choices import Choice, ChoiceKind

    if not game.choices.ask(Choice(ChoiceKind.MAY, player, what, (True, False))):
        return None
    try:
        return casting.cast(game, player, card, alternative=alternative, resolving=True, targets=targets)
    except IllegalAction:
        return None


__all__ = ["ADDITIONAL", "ALTERNATIVE", "COST_CHANGES", "KEYWORD_COSTS", "OPTIONS", "PAYMENT_KEYWORDS", "WITHOUT_MANA_COST",
           "CastingOption", "Way", "cast_from", "cast_while_resolving", "paid", "resolution_paid", "times_paid"]
