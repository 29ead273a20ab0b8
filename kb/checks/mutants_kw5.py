"""Engine mutants for the keyword actions' and abilities' behaviour subrules checked in
:mod:`kb.checks.cr.cr701_more_behaviour_subrules`: each breaks one of those rules on purpose.
:mod:`kb.checks.mutants` collects them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from kb.checks.mutants import Mutant
from kb.engine import (
    additional_costs,
    attractions,
    characteristics,
    commander,
    dungeons,
    each_permanent,
    facedown,
    keyword_actions,
    keywords,
    keywords_casting,
    keywords_new_casting,
    revealing,
    searching,
    special_actions,
    speed,
    transform,
    zone_exchanges,
    zones,
)
from kb.engine.abilities import StaticAbility
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cards import AbilityLike, Card
from kb.engine.characteristics import View
from kb.engine.events import Event, ZoneChanged
from kb.engine.game import Game
from kb.engine.mana import Color
from kb.engine.objects import FaceDown, GameObject
from kb.engine.stack import Resolution


def _in_the_order_given(game: Game, permanents: Sequence[ObjectId], act: Callable[[Game, ObjectId], None],
                        what: str) -> list[ObjectId]:
    """Permanents told to act at once act in the order the effect lists them, not chosen in APNAP order."""
    for permanent in permanents:
        act(game, permanent)
    return list(permanents)


def _taxed_for_every_commander(game: Game, spell: ObjectId) -> int:
    """The commander tax counts the casts from the command zone of every commander its owner has."""
    owner = game.objects[spell].owner
    return sum(1 for e in game.log if isinstance(e, ZoneChanged) and e.from_zone is Zone.COMMAND
               and e.to_zone is Zone.STACK and e.new_id is not None and e.new_id != spell
               and game.last_known_view(e.new_id).owner == owner)


_original_damage_by_commanders = commander.combat_damage_by_commanders


def _damage_of_all_commanders_together(game: Game, player: PlayerId) -> Counter[ObjectId]:
    """Combat damage from a player's commanders is added up as though from one commander."""
    totals = _original_damage_by_commanders(game, player)
    return Counter({next(iter(totals)): sum(totals.values())}) if totals else totals


def _foretold_stay_hidden(game: Game, player: PlayerId) -> list[Event]:
    """A player who leaves the game takes their foretold cards away unrevealed."""
    return []


_original_max_speed = speed.max_speed


def _max_speed_on_the_battlefield_only(ability: AbilityLike, zones: frozenset[Zone] = frozenset({Zone.BATTLEFIELD})
                                       ) -> StaticAbility:
    """A max speed ability functions only on the battlefield, whatever zone its granted ability names."""
    return _original_max_speed(ability)


def _never_turned_over_since(game: Game, permanent: GameObject, since: int) -> bool:
    """A permanent's own ability turns it over even if it transformed or converted since the ability
    was put on the stack."""
    return False


def _venture_into_any_dungeon(game: Game, player: PlayerId, available: Sequence[Card],
                              quality: Callable[[Card], bool]) -> None:
    """"Venture into [quality]" ignores the quality: a plain venture into the dungeon."""
    dungeons.venture(game, player, available)


def _a_search_for_each_card(game: Game, player: PlayerId, owner: PlayerId, zone: Zone,
                            qualities: Sequence[Callable[[View], bool]]) -> list[ObjectId] | None:
    """Searching for several cards before one shuffle is a search for each of them."""
    found: list[ObjectId] = []
    for quality in qualities:
        found += searching.search(game, player, owner, zone, quality, up_to=1) or []
    return found


def _mayhem_any_time(game: Game, player: PlayerId, card: GameObject) -> bool:
    """Mayhem without a cost lets its owner play the card from their graveyard whether they discarded it this
    turn or not."""
    return (card.zone is Zone.GRAVEYARD and card.owner == player
            and any(not k.parameter for k in game.view(card.id).keywords("mayhem")))


def _first_commanders_identity(game: Game, player: PlayerId) -> frozenset[Color]:
    """"Your commander's colour identity" is that of one of your commanders only, not of both combined."""
    first = next((o for o in game.objects.values() if commander.is_commander(o) and o.owner == player), None)
    return commander.color_identity(first.card) if first is not None else frozenset()


def _the_first_commander(game: Game, player: PlayerId, where: Zone | None = None) -> GameObject | None:
    """An effect on "your commander" acts on the first of two commanders, not the one its owner chooses."""
    return next((o for o in game.objects.values() if commander.is_commander(o) and o.owner == player
                 and (where is None or o.zone is where)), None)


def _anyones_cards_outside(game: Game, player: PlayerId, matches: Callable[[Card], bool]) -> list[Card]:
    """A search outside the game may find any player's cards there, not only the searcher's own."""
    return [c for p in game.players.values() for c in p.outside if matches(c)]


_VARIANTS_WITHOUT_PARTNER_WITH = {k: v for k, v in keywords.VARIANTS.items() if k != "partner with"}


def _converts_anyway(game: Game, permanent: GameObject) -> bool:
    """A permanent that can't transform may still convert."""
    return False


def _manifested_all_at_once(game: Game, player: PlayerId, count: int, how: FaceDown = FaceDown.MANIFEST
                            ) -> list[GameObject]:
    """The top cards of a library are manifested or cloaked all at once, not one at a time."""
    top = [game.objects[i] for i in game.players[player].library[-count:]][::-1]
    moved = zones.move_all(game, top, Zone.BATTLEFIELD, controller=player, face_down=how)
    return [o for o in (moved or []) if o is not None]


def _scry_in_listed_order(game: Game, players: Sequence[PlayerId], count: int) -> None:
    """Players scrying at once scry one after another in the order listed, not deciding in APNAP order."""
    for player in players:
        keyword_actions.scry(game, player, count)


def _search_in_listed_order(game: Game, players: Sequence[PlayerId], zone: Zone, matches: Callable[[View], bool], *,
                            up_to: int | None = None) -> dict[PlayerId, list[ObjectId]]:
    """Players searching at once search one after another in the order listed, not deciding in APNAP order."""
    return {p: searching.search(game, p, p, zone, matches, up_to=up_to) or [] for p in players}


def _prize_unclaimed(resolution: Resolution, prize: Callable[[Resolution], None]) -> None:
    """Claiming the prize does nothing: the "Prize —" paragraph is read as no part of the visit ability."""


def _exchange_any_owners(first: GameObject, second: GameObject) -> bool:
    """Cards in two zones are exchanged whoever owns them."""
    return first.zone is not second.zone


def _exchange_by_two_moves(game: Game, first: GameObject, second: GameObject) -> bool:
    """An exchange is two ordinary moves: an Aura put onto the battlefield is attached as its controller
    chooses, not to what the other card was attached to."""
    if not zone_exchanges.may_exchange(first, second):
        return False
    there, here = first.zone, second.zone
    controller = game.view(first.id).controller if there is Zone.BATTLEFIELD else game.view(second.id).controller
    zones.move(game, first, here)
    zones.move(game, second, there, controller=controller)
    return True


def _additional_cost_forgotten(resolution: Resolution) -> bool:
    """The ability that asks whether a spell's optional additional cost (collect evidence) was paid never
    sees it: the two abilities aren't linked."""
    return False


def _no_as_you_cascade(game: Game, player: PlayerId, exiled: Sequence[ObjectId]) -> None:
    """"As you cascade" abilities never get to act on the exiled cards."""


_original_exchange_zones = zone_exchanges.exchange_zones


def _no_exchange_with_an_empty_zone(game: Game, player: PlayerId, first: Zone, second: Zone) -> None:
    """Exchanging two zones' contents doesn't happen when one of them is empty (as though it were impossible)."""
    if game.in_zone(first, player) and game.in_zone(second, player):
        _original_exchange_zones(game, player, first, second)


MUTANTS: tuple[Mutant, ...] = (
    Mutant("simultaneous-actions-in-listed-order", "701.44d",
           "permanents told to explore or connive at once act in the order listed, not chosen in APNAP order",
           ((each_permanent, "one_at_a_time", _in_the_order_given),)),
    Mutant("commander-tax-shared-by-partners", "702.124d",
           "a commander's tax counts the times its owner's other commander was cast from the command zone",
           ((commander, "casts_from_command_zone", _taxed_for_every_commander),)),
    Mutant("commander-damage-shared-by-partners", "702.124d",
           "combat damage from two commanders is added together for the 21-damage rule",
           ((commander, "combat_damage_by_commanders", _damage_of_all_commanders_together),)),
    Mutant("foretold-cards-leave-unrevealed", "702.143f",
           "a player leaving the game doesn't reveal the face-down foretold cards they own",
           ((keywords_new_casting, "foretold_revealed_as_player_leaves", _foretold_stay_hidden),)),
    Mutant("miracle-reveal-is-momentary", "702.94b",
           "a card revealed for miracle is revealed only as it is drawn, not while its trigger is on the stack",
           ((revealing, "KEPT_REVEALED", {k: v for k, v in revealing.KEPT_REVEALED.items() if k != "miracle"}),)),
    Mutant("turns-itself-over-again", "701.27f",
           "a permanent's own ability transforms or converts it even if it turned over since the ability was put "
           "on the stack", ((transform, "turned_over_since", _never_turned_over_since),)),
    Mutant("venture-into-any-dungeon", "701.49d", "venturing into [quality] may bring in a dungeon without the quality",
           ((dungeons, "venture_into", _venture_into_any_dungeon),)),
    Mutant("a-search-for-each-card", "701.23h",
           "searching for several cards and then shuffling is a separate search for each card",
           ((searching, "search_for_each", _a_search_for_each_card),)),
    Mutant("mayhem-without-discarding-this-turn", "702.187c",
           "a card with mayhem without a cost may be played from the graveyard though it wasn't discarded this turn",
           ((keywords_new_casting, "may_play_by_mayhem", _mayhem_any_time),)),
    Mutant("playing-means-casting", "701.18b", "a permission to play a card lets a land card be cast, not played",
           ((special_actions, "LAND_PERMISSIONS",
             {k: v for k, v in special_actions.LAND_PERMISSIONS.items() if k != "mayhem"}),)),
    Mutant("partner-identity-of-one-commander", "702.124c",
           "your commander's colour identity is that of one of your two commanders",
           ((commander, "commanders_color_identity", _first_commanders_identity),)),
    Mutant("your-commander-unchosen", "702.124e",
           "an effect on your commander acts on the first of two commanders, without its owner choosing",
           ((commander, "your_commander", _the_first_commander),)),
    Mutant("search-anyones-cards-outside", "701.23j",
           "a search outside the game may find cards another player owns",
           ((searching, "outside_candidates", _anyones_cards_outside),)),
    Mutant("partner-with-isnt-partner", "702.124n",
           "an effect referring to partner without naming a variant doesn't see partner with [name]",
           ((keywords, "VARIANTS", _VARIANTS_WITHOUT_PARTNER_WITH),
            (characteristics, "VARIANTS", _VARIANTS_WITHOUT_PARTNER_WITH))),
    Mutant("converts-though-it-cant-transform", "701.28f", "a permanent that can't transform may still convert",
           ((transform, "cant_convert", _converts_anyway),)),
    Mutant("manifested-all-at-once", "701.40e",
           "several cards manifested or cloaked from a library enter at the same time, not one at a time",
           ((facedown, "manifest_top_cards", _manifested_all_at_once),)),
    Mutant("scry-at-once-in-listed-order", "701.22c",
           "players scrying at once decide in the order listed, not in APNAP order",
           ((keyword_actions, "scry_each", _scry_in_listed_order),)),
    Mutant("search-at-once-in-listed-order", "701.23i",
           "players searching at once decide in the order listed, not in APNAP order",
           ((searching, "search_each", _search_in_listed_order),)),
    Mutant("prize-unclaimed", "702.159b", "claiming the prize of an Attraction doesn't do what its Prize paragraph says",
           ((attractions, "claim_the_prize", _prize_unclaimed),)),
    Mutant("exchange-across-owners", "701.12d", "cards in two zones are exchanged though different players own them",
           ((zone_exchanges, "may_exchange", _exchange_any_owners),)),
    Mutant("exchange-reattaches-by-choice", "701.12e",
           "a card exchanged for an attached card isn't attached to what the other was attached to",
           ((zone_exchanges, "exchange_cards", _exchange_by_two_moves),)),
    Mutant("evidence-not-linked", "701.59c",
           "a spell's ability asking whether evidence was collected doesn't see the optional additional cost paid",
           ((additional_costs, "was_paid", _additional_cost_forgotten),)),
    Mutant("as-you-cascade-ignored", "702.85b", "an \"as you cascade\" ability never acts on the cards cascade exiled",
           ((keywords_casting, "as_you_cascade", _no_as_you_cascade),)),
    Mutant("no-exchange-with-an-empty-zone", "701.12f",
           "the contents of two zones aren't exchanged when one of them is empty",
           ((zone_exchanges, "exchange_zones", _no_exchange_with_an_empty_zone),)),
    Mutant("max-speed-on-the-battlefield-only", "702.178b",
           "a max speed ability granting an ability that works from another zone functions only on the battlefield",
           ((speed, "max_speed", _max_speed_on_the_battlefield_only),)),
)
