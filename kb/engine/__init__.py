"""The game model: Magic played as the Comprehensive Rules say, split the way the CR is.

It knows nothing of the rule graph, the wiki or the site; :mod:`kb.checks` ties it to rule
numbers.  What it can't model raises :class:`NotModelled` naming the concept; it never answers
with a plausible guess.  Every loop has a limit that raises :class:`RunawayLoop` naming it.

Where each part of the rules lives (one module per CR area):

=================  ===============================================================================
objects            ``cards`` (108, 111: cards and tokens as data), ``cardtypes`` (205),
                   ``characteristics`` (109.3), ``objects`` (109, 110.5: statuses), ``players`` (102),
                   ``mana`` (106, 107, 202), ``costs`` (118), ``keywords`` (702: the table of keywords),
                   ``records`` (the records made for every object, built fast), ``before_the_game``
                   (607.2n, 607.2p: what cards in a deck do before it is shuffled to start the game)
zones              ``zones`` (400: zone changes make new objects, last known information)
turn structure     ``turn`` (500-514: phases, steps, turn-based actions, extra and skipped ones), ``priority``
                   (117), ``timing`` (506.7, 503.2: "only before blockers are declared"), ``day_night`` (502.2)
spells, abilities  ``casting`` (601), ``activating`` (602, 605), ``ability_instances`` (602.5c),
                   ``special_actions`` (116, 305),
                   ``stack`` (405, 608), ``targets`` (115), ``payment`` (601.2g-h), ``abilities`` (113),
                   ``spell_costs`` (118.8-9: costs keywords give), ``modes`` (700.2: modal spells),
                   ``division`` (601.2d: dividing among targets as a spell is cast)
combat             ``combat`` (506-511), ``declarations`` (508.1c-d, 509.1b-c: restrictions, requirements and
                   costs of a whole declaration), ``turn_triggers`` (508.3, 509.3), ``damage`` (120 and the
                   keywords that change damage)
triggers           ``triggers`` (603: events, look-back, delayed and state triggers), ``events``,
                   ``modal_triggers`` (603.3c), ``linked_tokens`` (607.2c: tokens created with an object),
                   ``once_each_turn`` (603.2h: "do this only once each turn"), ``finding`` (400.7j-k: the object a cost or effect moved),
                   ``hidden_triggers`` (603.2f), ``all_conditions`` (603.1b), ``revealed_this_way`` (603.11, 607.2h), ``notes`` (607.2e)
copies             ``copies`` (707.2-707.9: copy effects, entering as a copy), ``spell_copies`` (707.10: copies
                   of spells, 608.3f, 704.5e), ``copy_targets`` (707.10e: copies with a prescribed target)
general rules      ``piles`` (700.3), ``devotion`` (700.5), ``expend`` (700.14), ``player_control`` (722),
                   ``visibility`` (400.2, 402.3, 708.5, 722.4: what a player may see), ``restart`` (726, 400.11),
                   ``subgames`` (728)
continuous effects ``continuous`` (611), ``durations`` (611.2, 514.2), ``parts`` (what an effect does
                   in each layer), ``layers`` (613), ``cda`` (604.3a: which abilities are characteristic-defining),
                   ``dependency`` (613.8), ``rules`` (613.11: "can't",
                   "can", costs, permissions), ``selectors``, ``conditions``, ``context``
replacement        ``replacement`` (614-616, prevention 615), ``redirection`` (614.9, 801.13a),
                   ``fixed_words`` (614.12c), ``as_face_up`` (614.1e), ``chosen_sources`` (615.9),
                   ``cant_events`` (614.17c: an event that can't happen), ``as_enters_costs`` (607.2g),
                   ``token_replacements`` (701.7b: tokens as created, and as they enter),
                   ``prevention_applied`` (615.13: one event per prevention effect applied),
                   ``skip_then`` (614.10b: skip a step, then act first thing in the next one)
state-based        ``sba`` (704: the table of state-based actions)
statuses, markers  ``phasing`` (702.26), ``facedown`` (708, 702.37, 702.168, 701.40, 701.58, 701.62),
                   ``attach`` (701.3), ``counters`` (122), ``timestamps`` (613.7), ``stickers`` (123),
                   ``transform`` (701.27), ``command`` (the command zone), ``sagas`` (714), ``classes`` (716: class levels)
keyword abilities  ``keyword_abilities`` (what keywords stand for), ``keywords_static``, ``player_keywords``
                   (702.11c, 702.16), ``banding`` (702.22), ``keywords_combat`` (702.23, 702.25, 702.39,
                   702.45), ``keywords_upkeep`` (702.24, 702.30, 702.32), ``keywords_counters``
                   (702.38, 702.43, 702.44, 702.54, 702.58), ``keywords_hand`` (702.29, 702.49,
                   702.53, 702.57), ``keywords_graveyard`` (702.46, 702.52, 702.55, 702.59),
                   ``keywords_combat2``, ``keywords_zones``, ``keywords_time``, ``keywords_recent`` (702.62 on),
                   ``keywords_casting`` (702.27-702.126: keywords of casting spells), ``sticker_kicker`` (702.33h),
                   ``keywords_new`` and ``keywords_new_casting`` (702.134c-702.189), ``keywords_kwdef`` (702.132,
                   702.148, 702.150, 702.160, 702.172, 702.173, 702.183, 702.186, 701.65), ``speed`` (702.178-702.179),
                   ``partner`` (702.124j: partner with [name]), ``ascend`` (702.131), ``attractions`` (717, 701.51, 701.52, 702.159), ``hidden_agenda`` (702.106), ``mutate`` (702.140, 729), ``cases`` (719, 702.169), ``daybound`` (702.145), ``sectors`` (702.158),
                   ``libraries`` (401, 701.23, 701.24: searching, shuffling), ``optional_search`` (701.23g),
                   ``keyword_variables``
                   (702.1b-c: a granted keyword's X, its variants)
card layouts       ``layouts`` (710 flip cards), ``transform`` (712), ``split_cards`` (709, 702.102 fuse,
                   702.127 aftermath), ``adventures`` (715), ``meld`` (701.42, 712.4, 712.21)
small actions      ``actions`` (drawing, discarding, life, tapping, losing and leaving the game), ``discard_hidden``
                   (701.9c: a card discarded into a hidden zone unrevealed)
multiplayer        ``teams`` (809.5, 810: Two-Headed Giant's shared life, team wins and losses; 805: shared team turns), ``team_poison``
                   (810.10, 704.6b, 701.34b: a team's shared poison counters), ``winning``
                   (104.2b, 104.3: "can't lose", "can't win"), ``influence`` (801: the limited range of
                   influence; 809.3c), ``grand_melee`` (807.4), ``commander`` (903), ``outside_game`` (903.11: cards from outside a Commander game), ``archenemy`` (904),
                   ``planechase`` (901), ``planar_die`` (901.8-901.9)
keyword actions    ``keyword_actions`` (701: scry, surveil, fight, double, proliferate, explore …),
                   ``counter_actions`` (701.11, 701.41, 701.53, 701.56, 701.63, 701.66, 701.68),
                   ``designations`` (701.15 goad, 701.43 exert, 701.60 suspect, 701.64 harness),
                   ``exert_attacks`` (701.43d: exerting as it attacks, and the linked "when you do"),
                   ``library_actions`` (701.4, 701.20, 701.29, 701.30, 701.48, 701.57),
                   ``shown_cards`` (701.20a-e, 701.24b: cards revealed or looked at for a while, reordered),
                   ``choice_actions`` (701.38 vote, 701.55), ``cost_actions`` (701.59, 701.61, 701.67)
                   ``each_permanent`` (701.44d, 701.50d: several permanents explore or connive at once),
                   ``zone_exchanges`` (701.12d-e: exchanging cards in two zones)
choices, limits    ``choices`` (every player choice, scriptable), ``limits``, ``errors``, ``loops`` (731.3-731.5,
                   104.4b: fragmented loops, a loop of mandatory actions is a draw)
=================  ===============================================================================

The names below are the public surface; the README's "Writing a scenario" shows them at work.
Functions that other modules call are called through their module (``layers.affected_set``),
so the mutants in :mod:`kb.checks.mutants` can replace one rule at a time.
"""

# Keyword abilities whose behaviour lives in modules of their own: importing them registers their
# entries in the keyword tables (keywords.MODELLED and PARSERS, combat.BLOCK_RESTRICTIONS, …).
from kb.engine import (  # noqa: F401
    additional_costs,
    adventures,
    ascend,
    attractions,
    banding,
    daybound,
    designations,
    exert_attacks,
    hidden_agenda,
    keywords_casting,
    keywords_combat,
    keywords_combat2,
    keywords_counters,
    keywords_graveyard,
    keywords_hand,
    keywords_kwdef,
    keywords_new,
    keywords_new_casting,
    keywords_recent,
    keywords_static,
    keywords_time,
    keywords_upkeep,
    keywords_zones,
    meld,
    mutate,
    partner,
    sectors,
    speed,
    split_cards,
    sticker_kicker,
    team_poison,
)
from kb.engine.abilities import ActivatedAbility, SpellAbility, StaticAbility, TriggeredAbility
from kb.engine.as_face_up import with_counters_as_turned_face_up
from kb.engine.basics import ObjectId, PlayerId, Zone
from kb.engine.cards import (
    FOREST,
    ISLAND,
    MOUNTAIN,
    PLAINS,
    SWAMP,
    Card,
    CardLibrary,
    basic_land,
    card,
    face,
    token,
)
from kb.engine.cardtypes import CardType, Supertype
from kb.engine.characteristics import Characteristics, CopiableCard, View
from kb.engine.choices import ChoiceKind
from kb.engine.combat import (
    attacked_by,
    can_attack,
    defending_player,
    is_attacking,
    is_blocked,
    is_blocking,
    put_onto_battlefield_attacking,
    put_onto_battlefield_blocking,
)
from kb.engine.conditions import Condition, Number, condition, count, exists, fixed, you_control
from kb.engine.continuous import ContinuousEffect, affect_next_spell
from kb.engine.copies import copiable_values, copy_of, create_token_copies, enters_as_copy
from kb.engine.costs import Cost, cost
from kb.engine.durations import (
    ForAsLongAs,
    Indefinite,
    UntilEndOfCombat,
    UntilEndOfTurn,
    UntilEndOfYourNextTurn,
    UntilLeaves,
    UntilNextStep,
    UntilYourNextTurn,
    during_next_step,
    while_controls,
    while_on_battlefield,
)
from kb.engine.errors import (
    IllegalAction,
    NotModelled,
    RunawayLoop,
    ScenarioError,
    UnscriptedChoice,
)
from kb.engine.events import (
    AttackersDeclared,
    BlockersDeclared,
    CardDrawn,
    ControlChanged,
    Countered,
    DamageDealt,
    LifeChanged,
    ManaAdded,
    PhasedIn,
    PhasedOut,
    Revealed,
    SpellCast,
    StepBegan,
    TurnedFaceUp,
    ZoneChanged,
)
from kb.engine.facedown import (
    cloak,
    manifest,
    manifest_dread,
    manifest_top,
    turn_face_down,
    turn_face_up,
)
from kb.engine.game import Game
from kb.engine.keywords import Keyword, keyword
from kb.engine.mana import Color, ManaCost
from kb.engine.objects import FaceDown, GameObject, Sticker
from kb.engine.parts import (
    Layer,
    LayerPart,
    add_colors,
    add_types,
    base_pt,
    base_pt_counted,
    base_pt_is_mana_value,
    becomes_color,
    becomes_creature_types,
    becomes_types,
    control,
    defines_pt,
    every_creature_type,
    gain,
    gain_control,
    land_types_become,
    lose,
    lose_all_abilities,
    lose_creature_types,
    lose_types,
    modify_pt,
    modify_pt_by,
    switch_pt,
)
from kb.engine.replacement import (
    BeginPhase,
    BeginStep,
    BeginTurn,
    Category,
    CreateTokens,
    Damage,
    Draw,
    GainLife,
    Instead,
    LifeFromDamage,
    LoseGame,
    Move,
    PayLife,
    Proposed,
    PutCounters,
    Replacement,
    ReplacementContext,
    Shield,
    as_enters_choose,
    as_it_would_enter,
    enters_tapped,
    enters_with_counters,
    instead_to,
    prevent_damage,
    skip_phase,
    skip_step,
    skip_turn,
)
from kb.engine.rules import (
    AttackCost,
    AttackLimit,
    BlockCost,
    CanAttackAsThoughHaste,
    CanBlockAdditional,
    CantActivate,
    CantAttack,
    CantAttackAlone,
    CantBeBlocked,
    CantBeCountered,
    CantBlock,
    CantCast,
    CantEnter,
    CantGainLife,
    CantLoseLife,
    CantPhase,
    CantPlayLands,
    CastPermission,
    CostChange,
    DamageCantBePrevented,
    DoesntCauseTriggers,
    DoesntUntap,
    ExtraLandPlays,
    LegendRuleDoesntApply,
    MaximumCounters,
    MaximumHandSize,
    MustAttack,
    MustBeBlocked,
    MustBlock,
    PlayersHave,
    TriggersAdditionalTime,
)
from kb.engine.sagas import chapter
from kb.engine.selectors import (
    Filter,
    artifacts,
    attached_to_this,
    cards_in,
    creatures,
    enchantments,
    lands,
    objects,
    only,
    permanents,
    same_name_as,
    spells,
    this_object,
    tokens,
    where,
)
from kb.engine.stack import Resolution, StackObject
from kb.engine.targets import (
    TargetSpec,
    any_target,
    target,
    target_creature,
    target_player,
    target_spell,
)
from kb.engine.triggers import (
    a_player_loses,
    at_beginning_of,
    attacks,
    becomes_blocked,
    becomes_unattached,
    becomes_untapped,
    blocks,
    cast,
    countered,
    create_delayed,
    deals_damage,
    dies,
    enters,
    is_dealt_damage,
    leaves,
    leaves_graveyard,
    on_event,
    phases_in,
    phases_out,
    put_into_graveyard_from_anywhere,
    state,
    turned_face_up,
    you_lose_control,
)
from kb.engine.turn import Phase, Step
from kb.engine.turn_triggers import (
    attacks_alone,
    attacks_and_isnt_blocked,
    attacks_player,
    attacks_with,
    becomes_blocked_by,
    becomes_blocked_by_at_least,
    blocks_a_creature,
    is_attacked,
    player_attacks,
    player_attacks_player,
)

__all__ = [  # noqa: RUF022  (grouped as they were added)
    "AttackCost", "AttackLimit", "BlockCost", "CanBlockAdditional", "CantAttackAlone", "MustBeBlocked", "MustBlock",
    "attacked_by", "attacks_alone", "attacks_and_isnt_blocked", "attacks_player", "attacks_with",
    "becomes_blocked_by", "becomes_blocked_by_at_least", "blocks_a_creature", "defending_player", "is_attacked",
    "is_blocked", "player_attacks", "player_attacks_player", "put_onto_battlefield_attacking",
    "put_onto_battlefield_blocking", "skip_phase", "skip_turn",
    "FOREST", "ISLAND", "MOUNTAIN", "PLAINS", "SWAMP", "ActivatedAbility", "AttackersDeclared",
    "BlockersDeclared", "CanAttackAsThoughHaste", "CantActivate", "CantAttack", "CantBeBlocked", "CantBeCountered", "DamageCantBePrevented",
    "DoesntCauseTriggers",
    "CantBlock", "CantCast", "CantEnter", "CantGainLife", "CantLoseLife", "CantPhase", "CantPlayLands", "Card", "CardDrawn", "CardLibrary", "CardType",
    "CastPermission", "Characteristics",
    "ChoiceKind", "Color", "Condition", "ContinuousEffect", "ControlChanged", "Cost", "CostChange", "Countered",
    "DamageDealt", "DoesntUntap", "ExtraLandPlays", "FaceDown", "Filter", "ForAsLongAs", "Game", "GameObject",
    "IllegalAction", "Indefinite", "Keyword", "Layer", "LayerPart", "LegendRuleDoesntApply", "LifeChanged",
    "ManaAdded", "ManaCost", "MaximumCounters", "MaximumHandSize", "MustAttack", "NotModelled", "Number", "ObjectId",
    "Phase", "PhasedIn", "PhasedOut", "PlayerId", "Replacement", "Resolution", "Revealed", "RunawayLoop",
    "ScenarioError", "Shield", "SpellAbility", "SpellCast", "StackObject", "StaticAbility", "Step", "StepBegan",
    "Sticker", "Supertype", "TargetSpec", "TriggeredAbility", "TriggersAdditionalTime", "TurnedFaceUp", "UnscriptedChoice",
    "UntilEndOfCombat", "UntilEndOfTurn", "UntilLeaves", "UntilNextStep", "UntilYourNextTurn", "View",
    "Zone", "ZoneChanged", "a_player_loses", "add_colors", "add_types", "affect_next_spell", "any_target",
    "artifacts", "as_enters_choose", "at_beginning_of", "attached_to_this", "attacks", "base_pt", "base_pt_counted",
    "base_pt_is_mana_value", "basic_land", "becomes_blocked", "becomes_color", "becomes_creature_types",
    "becomes_types", "becomes_unattached", "becomes_untapped", "blocks", "can_attack", "card", "cards_in", "cast", "chapter", "cloak",
    "condition", "control", "copiable_values", "copy_of", "cost", "count", "countered", "create_delayed", "creatures", "deals_damage",
    "defines_pt", "dies", "during_next_step", "enchantments", "enters", "enters_as_copy", "enters_tapped", "enters_with_counters",
    "every_creature_type", "exists", "face", "fixed", "gain", "gain_control", "instead_to", "is_attacking",
    "is_blocking", "is_dealt_damage", "keyword", "land_types_become", "lands", "leaves", "leaves_graveyard", "lose",
    "lose_all_abilities", "lose_creature_types", "lose_types", "manifest", "manifest_dread", "manifest_top", "modify_pt",
    "modify_pt_by", "objects", "on_event", "only", "permanents", "phases_in", "phases_out", "prevent_damage",
    "put_into_graveyard_from_anywhere", "same_name_as", "skip_step", "spells", "state", "switch_pt", "target", "target_creature",
    "target_player", "target_spell", "this_object", "token", "tokens", "turn_face_down", "turn_face_up",
    "turned_face_up", "where", "while_controls", "while_on_battlefield", "with_counters_as_turned_face_up", "you_control",
    "you_lose_control",
    # what a scenario needs to write a replacement effect of its own (614, 616) and token copies (707)
    "BeginPhase", "BeginStep", "BeginTurn", "Category", "CopiableCard", "CreateTokens", "Damage", "Draw", "GainLife",
    "Instead", "LifeFromDamage", "LoseGame", "Move", "PayLife", "Proposed", "PutCounters", "ReplacementContext",
    "as_it_would_enter", "create_token_copies",
    # players with keyword abilities ("you have hexproof", 613.10)
    "PlayersHave", "UntilEndOfYourNextTurn",
]
