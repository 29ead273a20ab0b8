"""Effects that change the rules of the game rather than objects (613.11): "can't", "can",
costs, permissions — and "can't" beats "can" (101.2).

A rules change comes from a static ability of an object where it functions (while its
condition holds) or from a resolved effect for its duration; either way it binds objects that
arrive later too (611.2c).  The questions the rest of the engine asks are the functions at the
bottom (:func:`forbids`, :func:`allows`, :func:`cost_change` …); each collects the changes in
force and answers by 101.2: if any effect says something can't happen, it can't, whatever
other effects say it can.

Adding a kind of rules change: a dataclass here with the filter(s) it needs, and a question
function that the rule it changes calls.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from kb.engine import keyword_abilities, phasing
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.characteristics import Views
from kb.engine.conditions import Number
from kb.engine.context import Context
from kb.engine.durations import Duration, Indefinite
from kb.engine.errors import ScenarioError
from kb.engine.keywords import Keyword
from kb.engine.selectors import Filter, teammates

if TYPE_CHECKING:
    from kb.engine.abilities import Ability
    from kb.engine.characteristics import View
    from kb.engine.game import Game


@dataclass(frozen=True, eq=False)
class CantCast:
    """Spells matching ``spells`` can't be cast (601.2e, 601.3).  ``players``: whose casting
    ("any", "you", "opponent").  ``spells`` is matched against the spell on the stack (601.2e), so
    it must look there (``spells(…)``, or ``where(…, zones=[Zone.STACK])``); ``from_zones``: only
    spells cast from these zones ("players can't cast spells from graveyards", Grafdigger's Cage;
    "from anywhere other than their hands": every zone but the hand)."""

    spells: Filter
    players: str = "any"
    text: str = "can't be cast"
    from_zones: frozenset[Zone] | None = None

    def __post_init__(self) -> None:
        if Zone.STACK not in self.spells.zones:
            # such a filter never matches a spell: the rule would silently forbid nothing
            raise ScenarioError(
                f"CantCast({self.spells.text!r}): the spell is judged on the stack (601.2e), but the filter "
                f"looks only in {sorted(z.value for z in self.spells.zones)}: use spells(…) or "
                "where(…, zones=[Zone.STACK]); for \"can't cast spells from [a zone]\" give from_zones=")
        if self.from_zones is not None:
            object.__setattr__(self, "from_zones", frozenset(self.from_zones))


@dataclass(frozen=True, eq=False)
class CastPermission:
    """The affected player may cast spells matching ``spells`` from ``zone`` (601.3), or, with
    ``as_though_flash``, at instant speed (601.3b).  Spells cast this way gain ``grants`` for
    ``duration`` (611.3d)."""

    spells: Filter
    zone: Zone | None = None
    as_though_flash: bool = False
    grants: tuple[Ability, ...] = ()
    duration: Duration = field(default_factory=Indefinite)
    players: str = "you"
    text: str = "may cast"
    as_though_yours: bool = False
    """"… from other players' [zone] as though those cards were in your [zone]" (609.4): no
    permission of its own, but what lets you cast cards from your own ``zone`` (flashback) then
    lets you cast those cards too (609.4a)."""
    lands: bool = False
    """"You may play lands [and cast spells] from ``zone``": it lets the player play the land cards
    matching ``spells`` from there too (305.1; from a library, only its top card)."""


@dataclass(frozen=True, eq=False)
class CostChange:
    """Spells matching ``spells`` cost ``amount`` more (negative: less) generic mana (601.2f); the
    amount may be a number counted as the cost is determined ("{1} less for each …").  With
    ``mana`` (``"{G}{G}"``, ``amount`` 0), that mana less (118.7b-d, 118.7f)."""

    spells: Filter
    amount: int | Number
    players: str = "any"
    text: str = "costs more"
    mana: str = ""


@dataclass(frozen=True, eq=False)
class LoyaltyCostChange:
    """Loyalty abilities of ``sources`` that the affected players activate cost an additional
    ``amount`` loyalty (+1: an additional [+1], 606.4); combined with the printed one (606.5)."""

    sources: Filter
    amount: int
    players: str = "you"
    text: str = "loyalty abilities cost more"


@dataclass(frozen=True, eq=False)
class ActivationCostChange:
    """Activated abilities (not mana abilities) of ``sources`` that the affected players activate
    cost ``mana`` more ("cost {R} more to activate"): added to the activation cost to make the total
    cost (602.2b, 601.2f)."""

    sources: Filter
    mana: str
    players: str = "any"
    text: str = "activated abilities cost more to activate"


@dataclass(frozen=True, eq=False)
class SpendAsAnyColor:
    """"You may spend mana as though it were mana of any color to pay the activation costs of
    [``sources``]'s abilities": it changes how the activation cost is paid, so it applies to the
    whole total cost, increases by other effects included (602.1e)."""

    sources: Filter
    players: str = "you"
    text: str = "may spend mana as though it were mana of any color to pay activation costs"


@dataclass(frozen=True, eq=False)
class CantAttack:
    creatures: Filter
    text: str = "can't attack"


@dataclass(frozen=True, eq=False)
class CantBlock:
    creatures: Filter
    text: str = "can't block"


@dataclass(frozen=True, eq=False)
class CantBeBlocked:
    """"[Creatures] can't be blocked" (509.1b): not an ability of theirs (113.12)."""

    creatures: Filter
    text: str = "can't be blocked"


@dataclass(frozen=True, eq=False)
class MustAttack:
    """"Attacks each combat if able" (508.1d)."""

    creatures: Filter
    text: str = "attacks each combat if able"


@dataclass(frozen=True, eq=False)
class Goaded:
    """Goaded by ``player`` (701.15b): attacks each combat if able, and a player other than
    ``player`` if able (the requirements are in :mod:`kb.engine.designations`)."""

    creatures: Filter
    player: PlayerId
    text: str = "goaded"


@dataclass(frozen=True, eq=False)
class AdditionalVotes:
    """"[Players] get ``count`` additional votes" (701.38d)."""

    count: int = 1
    players: str = "you"
    text: str = "additional vote"


@dataclass(frozen=True, eq=False)
class AdditionalVillainousChoice:
    """"If [a player] would face a villainous choice, they face it ``count`` additional times" (701.55c)."""

    count: int = 1
    players: str = "opponent"
    text: str = "faces a villainous choice an additional time"


@dataclass(frozen=True, eq=False)
class CantAttackAlone:
    """"[It] can't attack alone" (506.5): a restriction on the whole declaration (508.1c)."""

    creatures: Filter
    text: str = "can't attack alone"


@dataclass(frozen=True, eq=False)
class AttackLimit:
    """"No more than ``count`` creatures can attack each combat" (508.1c)."""

    count: int
    text: str = "no more than N creatures can attack each combat"


@dataclass(frozen=True, eq=False)
class AttackCost:
    """"Creatures can't attack [``players``] unless their controller pays ``cost`` for each" (508.1g-j):
    ``players`` is "you" (Ghostly Prison) or a player's name."""

    creatures: Filter
    cost: str
    players: str = "you"
    text: str = "can't attack unless their controller pays"


@dataclass(frozen=True, eq=False)
class MustBlock:
    """"[Creatures] block each combat if able" (509.1c), or, with ``attacker``, "block [that
    attacking creature] this combat if able" (provoke 702.39a)."""

    creatures: Filter
    attacker: ObjectId | None = None
    text: str = "blocks each combat if able"


@dataclass(frozen=True, eq=False)
class MustBeBlocked:
    """"All creatures able to block [it] do so" (509.1c): a requirement on each creature that could."""

    creatures: Filter
    text: str = "all creatures able to block it do so"


@dataclass(frozen=True, eq=False)
class CanBlockAdditional:
    """"Can block an additional creature each combat" (``count``), or any number (None) (509.1a)."""

    creatures: Filter
    count: int | None = 1
    text: str = "can block additional creatures"


@dataclass(frozen=True, eq=False)
class BlockCost:
    """"Creatures can't block unless their controller pays ``cost`` for each" (509.1d-f)."""

    creatures: Filter
    cost: str
    text: str = "can't block unless their controller pays"


@dataclass(frozen=True, eq=False)
class CanAttackAsThoughHaste:
    """A "can" permission (302.6): it loses to any "can't attack" (101.2)."""

    creatures: Filter
    text: str = "can attack as though it had haste"


@dataclass(frozen=True, eq=False)
class DoesntUntap:
    """"Doesn't untap during its controller's untap step" (502.3)."""

    permanents: Filter
    text: str = "doesn't untap during its controller's untap step"


@dataclass(frozen=True, eq=False)
class CantBeCountered:
    """Spells matching ``spells`` can't be countered (701.6b): countering them does nothing."""

    spells: Filter
    text: str = "can't be countered"


@dataclass(frozen=True, eq=False)
class DamageCantBePrevented:
    """"Damage can't be prevented" (Leyline of Punishment) or "damage [sources] would deal can't be
    prevented": prevention effects still meet that damage but prevent none of it (615.12)."""

    sources: Filter
    text: str = "damage can't be prevented"


@dataclass(frozen=True, eq=False)
class CantActivate:
    """Activated abilities of objects matching ``sources`` can't be activated (602.5), mana
    abilities too unless ``mana_abilities`` is False."""

    sources: Filter
    mana_abilities: bool = True
    text: str = "abilities can't be activated"


@dataclass(frozen=True, eq=False)
class CantPhase:
    """Permanents matching ``permanents`` can't phase out (``direction="out"``) or in (``"in"``)."""

    permanents: Filter
    direction: str
    text: str = "can't phase"

    def __post_init__(self) -> None:
        if self.direction not in ("out", "in"):  # any other word would stop no phasing at all
            raise ScenarioError(f"CantPhase: direction={self.direction!r}; it is \"out\" or \"in\" (702.26)")


@dataclass(frozen=True, eq=False)
class LegendRuleDoesntApply:
    """"The legend rule doesn't apply" (Mirror Gallery; 704.5j)."""

    text: str = "the legend rule doesn't apply"


@dataclass(frozen=True, eq=False)
class ExtraLandPlays:
    """"You may play an additional land on each of your turns" (305.2)."""

    count: int = 1
    players: str = "you"
    text: str = "may play additional lands"


@dataclass(frozen=True, eq=False)
class CantPlayLands:
    """"[You] can't play lands" (305.2): it beats any effect letting a player play more (101.2)."""

    players: str = "you"
    text: str = "can't play lands"


@dataclass(frozen=True, eq=False)
class CantGainLife:
    """"[Players] can't gain life" (119.7).  ``players`` is "you" unless given: "any" for "players
    can't gain life" (Sulfuric Vortex), "opponent" for "your opponents can't gain life"."""

    players: str = "you"
    text: str = "can't gain life"


@dataclass(frozen=True, eq=False)
class CantLoseLife:
    """"[Players] can't lose life" (119.8): damage doesn't reduce their life and they can't pay life.
    ``players`` is "you" unless given ("any", "opponent" or a player's name)."""

    players: str = "you"
    text: str = "can't lose life"


@dataclass(frozen=True, eq=False)
class MaximumHandSize:
    """The player's maximum hand size changes by ``change`` or, with None, there is none (402.2);
    with ``size``, "your maximum hand size is N" (Null Profusion).  Applied in timestamp order
    (613.11): a later "no maximum" undoes an earlier N, and a later N a "no maximum"."""

    change: int | None = 0
    players: str = "you"
    text: str = "maximum hand size"
    size: int | None = None

    def __post_init__(self) -> None:
        if self.size is not None and (self.change != 0 or self.size < 0):
            raise ScenarioError(f"{self.text!r}: give a size of 0 or more, or a change, not both")


@dataclass(frozen=True, eq=False)
class MaximumCounters:
    """"[This permanent] can't have more than N [kind] counters on it" (704.5r)."""

    permanents: Filter
    kind: str
    count: int
    text: str = "can't have more than N counters"


@dataclass(frozen=True, eq=False)
class CantEnter:
    """Permanents matching ``permanents`` (as they would exist on the battlefield) can't enter it
    (614.17d): the event that would put one there doesn't happen."""

    permanents: Filter
    text: str = "can't enter the battlefield"


@dataclass(frozen=True, eq=False)
class DoesntCauseTriggers:
    """"[An event] doesn't cause abilities [of sources] to trigger" (Torpor Orb, Hushwing Gryff:
    "creatures entering don't cause abilities to trigger"), a rule-changing effect (613.11):
    ``cause`` says which trigger events it stops.  Delayed triggered abilities are left to trigger."""

    sources: Filter
    cause: Callable[[Game, object], bool]
    """(game, the trigger event) -> does this event trigger nothing?"""
    text: str = "doesn't cause abilities to trigger"


@dataclass(frozen=True, eq=False)
class TriggersAdditionalTime:
    """"If [an event] causes a triggered ability of [sources] to trigger, that ability triggers an
    additional time" (603.2d): ``cause`` says which trigger events count."""

    sources: Filter
    cause: Callable[[Game, object], bool]
    """(game, the trigger event) -> does this event count?"""
    text: str = "triggers an additional time"


@dataclass(frozen=True, eq=False)
class PlayersHave:
    """"You have hexproof", "you have protection from everything": players with keyword abilities
    (702.11c, 702.16b-e, 702.18a).  ``players``: "you", "opponent", "any" or a player's name."""

    keywords: tuple[Keyword, ...]
    players: str = "you"
    text: str = "players have keyword abilities"


@dataclass(frozen=True, eq=False)
class CantCrew:
    """"Can't crew Vehicles" (702.122c): such a creature can't be tapped to pay a crew cost."""

    creatures: Filter
    text: str = "can't crew Vehicles"


@dataclass(frozen=True, eq=False)
class DevotionIncrease:
    """"Your devotion to each color and each combination of colors is increased by ``by``" (700.5,
    Altar of the Pantheon); read by :mod:`kb.engine.devotion`."""

    by: int = 1
    text: str = "devotion increased"


@dataclass(frozen=True, eq=False)
class ExhaustAgain:
    """"You may activate exhaust abilities as though they haven't been activated" (Elvish Refueler,
    702.177b: its condition is usually that you haven't begun to activate one this turn); read by
    :func:`kb.engine.keywords_new.exhaust`.  ``players``: whose abilities ("you")."""

    players: str = "you"
    text: str = "exhaust abilities may be activated again"


@dataclass(frozen=True, eq=False)
class StationsUsing:
    """"Each creature matching ``creatures`` stations permanents using its ``characteristic``
    rather than its power" (702.184c); read by :func:`kb.engine.keywords_new.station_amount`."""

    creatures: Filter
    characteristic: str = "toughness"
    text: str = "stations using another characteristic"


RuleChange = (CantCast | CastPermission | CostChange | CantAttack | CantBlock | CantBeBlocked | MustAttack | CanAttackAsThoughHaste
              | DoesntUntap | CantBeCountered | DamageCantBePrevented | CantActivate | CantPhase | LegendRuleDoesntApply | ExtraLandPlays
              | CantPlayLands | CantGainLife | CantLoseLife | MaximumHandSize | MaximumCounters | CantEnter | LoyaltyCostChange | TriggersAdditionalTime | DoesntCauseTriggers
              | ActivationCostChange | SpendAsAnyColor
              | CantAttackAlone | AttackLimit | AttackCost | MustBlock | MustBeBlocked | CanBlockAdditional | BlockCost
              | PlayersHave | CantCrew | Goaded | AdditionalVotes | AdditionalVillainousChoice
              | DevotionIncrease
              | StationsUsing | ExhaustAgain)


@dataclass(frozen=True)
class InForce:
    """A rules change in force and the context its filters are read in."""

    change: RuleChange
    context: Context
    timestamp: int
    source: ObjectId | None


def in_force(game: Game) -> list[InForce]:
    """Every rules change in force now, in timestamp order (613.11)."""
    return game.derived("rules in force", lambda: _in_force(game))


def _in_force(game: Game) -> list[InForce]:
    views = game.views()
    existing = phasing.existing_views(views)
    found: list[InForce] = []
    for view in _with_abilities(views):
        if view.status.phased_out:
            continue  # it doesn't exist for the game (702.26b)
        obj = game.objects[view.id]
        if obj.zone is Zone.COMMAND and obj.face_down is not None:
            continue
        for index, held in enumerate(view.abilities):
            ability = keyword_abilities.static(held)  # a keyword may stand for one (split second …)
            if ability is None or not ability.rules or not ability.functions_in(view.zone):
                continue
            context = Context(game, existing, view, view.controller)
            if ability.condition is not None and not ability.condition.holds(context):
                continue
            stamp = max(view.timestamp, view.granted_since[index] if index < len(view.granted_since) else 0)
            found += [InForce(change, context, stamp, view.id) for change in ability.rules]
    for effect in game.effects:
        if effect.active and effect.rules:
            source = existing.get(effect.source) if effect.source is not None else None
            context = Context(game, existing, source or effect.source_view, effect.controller)
            found += [InForce(change, context, effect.timestamp, effect.source) for change in effect.rules]
    return sorted(found, key=lambda f: f.timestamp)


def _with_abilities(views: Mapping[ObjectId, View]) -> list[View]:
    """The views that have any ability, in order (kept on a game's :class:`Views`: most objects,
    the cards in libraries, have none)."""
    if isinstance(views, Views):
        return views.index(_WITH_ABILITIES, _having_abilities)
    return _having_abilities(views)


def _having_abilities(views: Mapping[ObjectId, View]) -> list[View]:
    return [v for v in views.values() if v.abilities]


_WITH_ABILITIES = ("views with abilities",)


def of_kind(game: Game, kind: type[RuleChange]) -> Iterator[InForce]:
    return (f for f in in_force(game) if isinstance(f.change, kind))


def _player_matches(whose: str, context: Context, player: PlayerId) -> bool:
    if whose == "any":
        return True
    if whose == "you":
        return player == context.player("you")
    if whose == "opponent":
        you = context.player("an opponent")
        return player != you and not teammates(context.game, you, player)  # 102.3
    if whose not in context.game.players:
        # "opponents", "each" or a misspelt name would otherwise match no player: silently inert
        raise ScenarioError(f"players={whose!r}: give 'any', 'you', 'opponent' or a player of this game "
                            f"({', '.join(context.game.players)})")
    return player == whose


def _matches(game: Game, found: InForce, what: Filter, view: View) -> bool:
    return what.matches(found.context, view)


# -- the questions ------------------------------------------------------------------------------


def cast_forbidden(game: Game, player: PlayerId, spell: View, from_zone: Zone) -> str | None:
    """Why ``player`` can't cast ``spell`` (judged on its characteristics on the stack: 601.2e,
    708.4) from ``from_zone`` (where the card was as casting began, 601.2a), or None."""
    for found in of_kind(game, CantCast):
        change = found.change
        assert isinstance(change, CantCast)
        if change.from_zones is not None and from_zone not in change.from_zones:
            continue
        if _player_matches(change.players, found.context, player) and _matches(game, found, change.spells, spell):
            return change.text
    return None


def as_though_yours(game: Game, player: PlayerId, card: View, zone: Zone) -> bool:
    """Is ``card`` (in another player's ``zone``) treated as though it were in ``player``'s (609.4)?"""
    return any(isinstance(f.change, CastPermission) and f.change.as_though_yours and f.change.zone is zone
               for f in cast_permissions(game, player, card))


def cast_permissions(game: Game, player: PlayerId, card: View) -> list[InForce]:
    """Permissions that may let ``player`` cast ``card`` (judged on its characteristics as a spell,
    601.3e): the caller checks the zone each permission covers (601.3) or its flash (601.3b)."""
    found = []
    for item in of_kind(game, CastPermission):
        change = item.change
        assert isinstance(change, CastPermission)
        if not _player_matches(change.players, item.context, player):
            continue
        if change.spells.test(item.context, card):
            found.append(item)
    return found


def cost_change(game: Game, player: PlayerId, spell: View) -> int:
    """Generic mana added to (or taken from) the total cost of ``spell`` (601.2f)."""
    total = 0
    for found in of_kind(game, CostChange):
        change = found.change
        assert isinstance(change, CostChange)
        if _player_matches(change.players, found.context, player) and change.spells.test(found.context, spell) \
                and not change.mana:
            total += change.amount if isinstance(change.amount, int) else change.amount.value(found.context)
    return total


def loyalty_cost_change(game: Game, player: PlayerId, source: View) -> int:
    """What effects add to the loyalty cost of ``source``'s loyalty abilities ``player`` activates (606.4)."""
    total = 0
    for found in of_kind(game, LoyaltyCostChange):
        change = found.change
        assert isinstance(change, LoyaltyCostChange)
        if _player_matches(change.players, found.context, player) and change.sources.test(found.context, source):
            total += change.amount
    return total


def activation_cost_increases(game: Game, player: PlayerId, source: View) -> list[str]:
    """The mana effects add to the activation cost of ``source``'s (non-mana) activated abilities
    ``player`` activates (602.2b, 601.2f), one string per effect (``"{R}"``)."""
    found: list[str] = []
    for item in of_kind(game, ActivationCostChange):
        change = item.change
        assert isinstance(change, ActivationCostChange)
        if _player_matches(change.players, item.context, player) and change.sources.test(item.context, source):
            found.append(change.mana)
    return found


def spends_as_any_color(game: Game, player: PlayerId, source: View) -> bool:
    """May ``player`` spend mana as though it were mana of any color to pay the activation costs of
    ``source``'s abilities (602.1e)?"""
    for item in of_kind(game, SpendAsAnyColor):
        change = item.change
        assert isinstance(change, SpendAsAnyColor)
        if _player_matches(change.players, item.context, player) and change.sources.test(item.context, source):
            return True
    return False


def cost_reductions(game: Game, player: PlayerId, spell: View) -> list[str]:
    """Coloured or colourless mana taken off the total cost of ``spell`` (118.7b-d): one symbol per
    mana (``["G", "G"]`` for "costs {G}{G} less")."""
    found: list[str] = []
    for item in of_kind(game, CostChange):
        change = item.change
        assert isinstance(change, CostChange)
        if change.mana and _player_matches(change.players, item.context, player) \
                and change.spells.test(item.context, spell):
            found += re.findall(r"\{([WUBRGC])\}", change.mana)
    return found


def applies_to(game: Game, kind: type[RuleChange], view: View) -> list[RuleChange]:
    """The changes of ``kind`` whose filter matches ``view``."""
    found = []
    for item in of_kind(game, kind):
        what = _filter_of(item.change)
        if what is not None and what.matches(item.context, view):
            found.append(item.change)
    return found


def _filter_of(change: RuleChange) -> Filter | None:
    for name in ("creatures", "permanents", "spells", "sources"):
        value = getattr(change, name, None)
        if isinstance(value, Filter):
            return value
    return None


def forbids(game: Game, kind: type[RuleChange], view: View) -> bool:
    """Does some "can't" of ``kind`` apply to ``view``?  ("Can't" beats "can", 101.2.)"""
    return bool(applies_to(game, kind, view))


def may_exhaust_again(game: Game, player: PlayerId) -> bool:
    """May ``player`` activate an exhaust ability as though it hadn't been activated (702.177b)?"""
    return any(isinstance(f.change, ExhaustAgain) and _player_matches(f.change.players, f.context, player)
               for f in of_kind(game, ExhaustAgain))


def legend_rule_applies(game: Game) -> bool:
    return not any(True for _ in of_kind(game, LegendRuleDoesntApply))


def lands_per_turn(game: Game, player: PlayerId) -> int:
    """How many lands ``player`` may play this turn (305.2)."""
    extra = 0
    for found in of_kind(game, ExtraLandPlays):
        change = found.change
        assert isinstance(change, ExtraLandPlays)
        if _player_matches(change.players, found.context, player):
            extra += change.count
    return 1 + extra


def _forbidden_for(game: Game, kind: type[CantGainLife | CantLoseLife], player: PlayerId) -> bool:
    from kb.engine import teams

    sharing = teams.life_sharers(game, player)  # in Two-Headed Giant, one member can't: none can (810.9g-h)
    for found in of_kind(game, kind):
        change = found.change
        assert isinstance(change, (CantGainLife, CantLoseLife))
        if any(_player_matches(change.players, found.context, p) for p in sharing):
            return True
    return False


def life_gain_forbidden(game: Game, player: PlayerId) -> bool:
    """119.7: a player who can't gain life gains none."""
    return _forbidden_for(game, CantGainLife, player)


def life_loss_forbidden(game: Game, player: PlayerId) -> bool:
    """119.8: a player who can't lose life loses none and can't pay life."""
    return _forbidden_for(game, CantLoseLife, player)


def lands_forbidden(game: Game, player: PlayerId) -> bool:
    """Does an effect say ``player`` can't play lands?  "Can't" beats "may" (101.2)."""
    for found in of_kind(game, CantPlayLands):
        change = found.change
        assert isinstance(change, CantPlayLands)
        if _player_matches(change.players, found.context, player):
            return True
    return False


def maximum_hand_size(game: Game, player: PlayerId) -> int | None:
    """Seven unless an effect or a vanguard's hand modifier changes it (402.2, 313.6); None: no maximum."""
    from kb.engine.starting import vanguard_modifier

    size: int | None = 7 + vanguard_modifier(game, player, "hand")
    for found in of_kind(game, MaximumHandSize):
        change = found.change
        assert isinstance(change, MaximumHandSize)
        if _player_matches(change.players, found.context, player):
            if change.size is not None:
                size = change.size
            else:
                size = None if change.change is None or size is None else size + change.change
    return size


def player_keywords(game: Game, player: PlayerId) -> list[Keyword]:
    """The keyword abilities ``player`` has (702.11c, 702.16, 702.18a)."""
    found: list[Keyword] = []
    for item in of_kind(game, PlayersHave):
        change = item.change
        assert isinstance(change, PlayersHave)
        if _player_matches(change.players, item.context, player):
            found += change.keywords
    return found
