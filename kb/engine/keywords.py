"""Keyword abilities (702): which the CR defines, which the model plays, and how one is written.

:data:`CR_KEYWORDS` lists every keyword ability of the 20260116.0 CR with its rule, so a
misspelt keyword is bad input (:class:`ScenarioError`) while a real keyword the model does not
play raises :class:`NotModelled` naming it and its rule.  :data:`MODELLED` lists the keywords the
model plays and what their parameter is.  What a keyword *does* lives with the rules it changes,
in tables keyed by the keyword's name: evasion in :data:`kb.engine.combat.BLOCK_RESTRICTIONS`,
damage in :data:`kb.engine.damage.DAMAGE_KEYWORDS`, targeting in :data:`kb.engine.targets.TARGETING`,
and so on.  Adding a keyword: add it to :data:`MODELLED` and an entry to the table of each rule
it changes (each table entry also gets a mutant that disables it, :mod:`kb.checks.mutants`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from kb.engine.errors import NotModelled, ScenarioError

if TYPE_CHECKING:
    from kb.engine.characteristics import View
    from kb.engine.conditions import Number

CR_KEYWORDS: dict[str, str] = {
    "deathtouch": "702.2",
    "defender": "702.3",
    "double strike": "702.4",
    "enchant": "702.5",
    "equip": "702.6",
    "first strike": "702.7",
    "flash": "702.8",
    "flying": "702.9",
    "haste": "702.10",
    "hexproof": "702.11",
    "indestructible": "702.12",
    "intimidate": "702.13",
    "landwalk": "702.14",
    "lifelink": "702.15",
    "protection": "702.16",
    "reach": "702.17",
    "shroud": "702.18",
    "trample": "702.19",
    "vigilance": "702.20",
    "ward": "702.21",
    "banding": "702.22",
    "rampage": "702.23",
    "cumulative upkeep": "702.24",
    "flanking": "702.25",
    "phasing": "702.26",
    "buyback": "702.27",
    "shadow": "702.28",
    "cycling": "702.29",
    "echo": "702.30",
    "horsemanship": "702.31",
    "fading": "702.32",
    "kicker": "702.33",
    "flashback": "702.34",
    "madness": "702.35",
    "fear": "702.36",
    "morph": "702.37",
    "amplify": "702.38",
    "provoke": "702.39",
    "storm": "702.40",
    "affinity": "702.41",
    "entwine": "702.42",
    "modular": "702.43",
    "sunburst": "702.44",
    "bushido": "702.45",
    "soulshift": "702.46",
    "splice": "702.47",
    "offering": "702.48",
    "ninjutsu": "702.49",
    "epic": "702.50",
    "convoke": "702.51",
    "dredge": "702.52",
    "transmute": "702.53",
    "bloodthirst": "702.54",
    "haunt": "702.55",
    "replicate": "702.56",
    "forecast": "702.57",
    "graft": "702.58",
    "recover": "702.59",
    "ripple": "702.60",
    "split second": "702.61",
    "suspend": "702.62",
    "vanishing": "702.63",
    "absorb": "702.64",
    "aura swap": "702.65",
    "delve": "702.66",
    "fortify": "702.67",
    "frenzy": "702.68",
    "gravestorm": "702.69",
    "poisonous": "702.70",
    "transfigure": "702.71",
    "champion": "702.72",
    "changeling": "702.73",
    "evoke": "702.74",
    "hideaway": "702.75",
    "prowl": "702.76",
    "reinforce": "702.77",
    "conspire": "702.78",
    "persist": "702.79",
    "wither": "702.80",
    "retrace": "702.81",
    "devour": "702.82",
    "exalted": "702.83",
    "unearth": "702.84",
    "cascade": "702.85",
    "annihilator": "702.86",
    "level up": "702.87",
    "rebound": "702.88",
    "umbra armor": "702.89",
    "infect": "702.90",
    "battle cry": "702.91",
    "living weapon": "702.92",
    "undying": "702.93",
    "miracle": "702.94",
    "soulbond": "702.95",
    "overload": "702.96",
    "scavenge": "702.97",
    "unleash": "702.98",
    "cipher": "702.99",
    "evolve": "702.100",
    "extort": "702.101",
    "fuse": "702.102",
    "bestow": "702.103",
    "tribute": "702.104",
    "dethrone": "702.105",
    "hidden agenda": "702.106",
    "outlast": "702.107",
    "prowess": "702.108",
    "dash": "702.109",
    "exploit": "702.110",
    "menace": "702.111",
    "renown": "702.112",
    "awaken": "702.113",
    "devoid": "702.114",
    "ingest": "702.115",
    "myriad": "702.116",
    "surge": "702.117",
    "skulk": "702.118",
    "emerge": "702.119",
    "escalate": "702.120",
    "melee": "702.121",
    "crew": "702.122",
    "fabricate": "702.123",
    "partner": "702.124",
    "undaunted": "702.125",
    "improvise": "702.126",
    "aftermath": "702.127",
    "embalm": "702.128",
    "eternalize": "702.129",
    "afflict": "702.130",
    "ascend": "702.131",
    "assist": "702.132",
    "jump-start": "702.133",
    "mentor": "702.134",
    "afterlife": "702.135",
    "riot": "702.136",
    "spectacle": "702.137",
    "escape": "702.138",
    "companion": "702.139",
    "mutate": "702.140",
    "encore": "702.141",
    "boast": "702.142",
    "foretell": "702.143",
    "demonstrate": "702.144",
    "daybound and nightbound": "702.145",
    "disturb": "702.146",
    "decayed": "702.147",
    "cleave": "702.148",
    "training": "702.149",
    "compleated": "702.150",
    "reconfigure": "702.151",
    "blitz": "702.152",
    "casualty": "702.153",
    "enlist": "702.154",
    "read ahead": "702.155",
    "ravenous": "702.156",
    "squad": "702.157",
    "space sculptor": "702.158",
    "visit": "702.159",
    "prototype": "702.160",
    "living metal": "702.161",
    "more than meets the eye": "702.162",
    "for mirrodin!": "702.163",
    "toxic": "702.164",
    "backup": "702.165",
    "bargain": "702.166",
    "craft": "702.167",
    "disguise": "702.168",
    "solved": "702.169",
    "plot": "702.170",
    "saddle": "702.171",
    "spree": "702.172",
    "freerunning": "702.173",
    "gift": "702.174",
    "offspring": "702.175",
    "impending": "702.176",
    "exhaust": "702.177",
    "max speed": "702.178",
    "start your engines!": "702.179",
    "harmonize": "702.180",
    "mobilize": "702.181",
    "job select": "702.182",
    "tiered": "702.183",
    "station": "702.184",
    "warp": "702.185",
    "∞ (infinity)": "702.186",
    "mayhem": "702.187",
    "web-slinging": "702.188",
    "firebending": "702.189",
}
"""Every keyword ability of 702 (lower case) and its rule."""

Parameter = Literal["none", "cost", "quality", "number", "land type", "number and cost", "optional number",
                    "optional cost"]

MODELLED: dict[str, Parameter] = {
    "deathtouch": "none",
    "defender": "none",
    "double strike": "none",
    "enchant": "quality",
    "equip": "cost",
    "first strike": "none",
    "flash": "none",
    "flying": "none",
    "haste": "none",
    "hexproof": "none",
    "indestructible": "none",
    "intimidate": "none",
    "landwalk": "land type",
    "lifelink": "none",
    "protection": "quality",
    "reach": "none",
    "shroud": "none",
    "trample": "none",
    "vigilance": "none",
    "ward": "cost",
    "phasing": "none",
    "fear": "none",
    "shadow": "none",
    "morph": "cost",
    "megamorph": "cost",
    "changeling": "none",
    "devoid": "none",
    "menace": "none",
    "skulk": "none",
    "disguise": "cost",
    "wither": "none",
    "infect": "none",
    "crew": "number",
}
"""The keywords the model plays, each with the kind of parameter it takes."""

VARIANTS: dict[str, str] = {"megamorph": "morph"}
"""Keywords that are variants of another (702.37b): both count as the base keyword."""

VARIANT_RULES: dict[str, str] = {}
"""The rule of a keyword that is a special form of another but doesn't count as it ("bands with
other" is a form of banding, 702.22b, yet not banding, 702.22c)."""

LOST_WITH: dict[str, tuple[str, ...]] = {}
"""Keywords an object loses with another: losing banding loses "bands with other" too (702.22b)."""

_LANDWALK = re.compile(r"^((?:snow|legendary|nonbasic|artifact) )?(plains|island|swamp|mountain|forest|land)walk$")
"""Landwalk (702.14a): a land type, or "land", with at most one supertype or type before it."""


@dataclass(frozen=True)
class Keyword:
    """A keyword ability as an object has it: ``flying``; ``protection from red``
    (``name="protection", parameter="red"``); ``morph {2}{W}{W}``; ``enchant creature``."""

    name: str
    parameter: str = ""
    spares: frozenset[int] = frozenset()
    """For protection granted by an effect that "doesn't remove" some permanents (702.16n,
    702.16p): the ids of the permanents it leaves attached."""
    x: Number | None = None
    """702.1b: the X of its parameter as the effect granting it defines it from the game ("echo
    {X}, where X is your life total"), worked out anew whenever it is used
    (:func:`kb.engine.keyword_variables.price`)."""
    of_object: Callable[[View], str] | None = None
    """702.1b: its parameter as the effect granting it defines it from the object's characteristics
    ("the flashback cost is equal to its mana cost"), worked out anew for the object as it is
    (:func:`kb.engine.keyword_variables.anew`): a split card cast as one half has that half's."""

    @property
    def rule(self) -> str:
        return CR_KEYWORDS.get(self.name) or VARIANT_RULES.get(self.name) or CR_KEYWORDS[VARIANTS[self.name]]

    @property
    def number(self) -> int:
        """N of "[keyword] N" (rampage 2, fading 3, soulshift 4 …); bad input if it isn't a number
        of 0 or more."""
        try:
            value = int(self.parameter)
        except ValueError:
            raise ScenarioError(f"{self.name} takes a number, not {self.parameter!r}") from None
        if value < 0:
            raise ScenarioError(f"{self.name} takes a number of 0 or more, not {value}")
        return value

    def __str__(self) -> str:
        if self.name == "protection" or (self.name == "hexproof" and self.parameter):
            return f"{self.name} from {self.parameter}"
        if self.name == "landwalk":
            return f"{self.parameter.lower()}walk"
        return f"{self.name} {self.parameter}".strip()


Parser = Callable[[str], "tuple[Keyword, ...] | None"]

PARSERS: list[Parser] = []
"""Readers for keywords printed in a shape of their own ("hexproof from red", "swampcycling {2}",
"Goblin offering", "protection from each color"): each returns the keyword abilities the text
stands for, or None if the text isn't theirs.  Tried in order before the plain "name parameter"
reading; the modules that give those keywords their behaviour register them."""


def keywords(text: str) -> tuple[Keyword, ...]:
    """Every keyword ability ``text`` stands for: one, or several for a shorthand such as
    "protection from white and from blue" (702.16g) or "protection from each color" (702.16h)."""
    for parser in PARSERS:
        found = parser(text.strip())
        if found is not None:
            return found
    return (_single(text),)


def keyword(text: str) -> Keyword:
    """Read one keyword as printed: ``"flying"``, ``"protection from red"``, ``"equip {2}"``,
    ``"forestwalk"``, ``"morph {2}{W}{W}"``.  Unknown words are bad input; keywords of the CR
    the model does not play raise NotModelled."""
    found = keywords(text)
    if len(found) != 1:
        raise ScenarioError(f"{text!r} stands for {len(found)} keyword abilities, not one")
    return found[0]


@functools.lru_cache(maxsize=512)
def asked(text: str) -> tuple[str, str | None]:
    """What "does it have ``text``?" asks about: a keyword's name (any parameter), or, for a
    keyword written as printed ("ward {2}", "protection from red", "forestwalk"), its name and
    parameter.  Bad input raises: a word that is no keyword would otherwise quietly answer no."""
    if text in CR_KEYWORDS or text in MODELLED:
        return text, None
    found = keywords(text)
    if len(found) != 1:
        raise ScenarioError(f"{text!r} stands for {len(found)} keyword abilities: ask about one")
    return found[0].name, found[0].parameter or None


def _single(text: str) -> Keyword:
    words = text.strip()
    lower = words.lower()
    if (walk := _LANDWALK.match(lower)) is not None:
        qualifier = f"{walk.group(1).strip().capitalize()} " if walk.group(1) else ""
        return Keyword("landwalk", qualifier + walk.group(2).capitalize())
    if lower.startswith("protection from "):
        return _checked("protection", words[len("protection from "):])
    name, dash, _ = lower.partition("—")
    if dash and name.strip() in _DASHED_COSTS:  # "Morph—Pay 5 life": a cost that isn't only mana (702.37a)
        return _checked(name.strip(), words[len(name) + 1:].strip())
    for name in sorted(set(CR_KEYWORDS) | set(MODELLED), key=len, reverse=True):
        if lower == name or lower.startswith(name + " "):
            return _checked(name, words[len(name):].strip())
    raise ScenarioError(f"unknown keyword {text!r}: not a keyword ability of 702")


_DASHED_COSTS = frozenset({"morph", "megamorph", "disguise"})
"""Keywords printed "[keyword]—[cost]" when the cost has words (702.37a, 702.168a)."""


def _checked(name: str, parameter: str) -> Keyword:
    if name not in MODELLED:
        raise NotModelled(f"the keyword {name} ({CR_KEYWORDS.get(name, '702')})")
    kind = MODELLED[name]
    if kind == "none" and parameter:
        raise ScenarioError(f"{name} takes no parameter, got {parameter!r}")
    if kind not in ("none", "optional number", "optional cost") and not parameter:
        raise ScenarioError(f"{name} needs a {kind}")
    return Keyword(name, parameter)
