"""Words chosen as a permanent enters, and the abilities they give it (614.12c, 607.2m).

"As [this] enters, choose Khans or Dragons" is a replacement effect that remembers the word
(:func:`choose_word`, 614.12).  "[Word] — [ability]" means "as long as [word] was chosen as this
permanent entered, it has [ability]" (:func:`word_ability`): a static ability of the permanent
that grants the ability to the permanent itself, linked to the ability that chose the word
(607.2m), so it reads that ability's choice only (:func:`chosen_word`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kb.engine import replacement
from kb.engine.abilities import StaticAbility
from kb.engine.choices import ChoiceKind
from kb.engine.conditions import Condition
from kb.engine.errors import ScenarioError
from kb.engine.parts import gain
from kb.engine.selectors import this_object

if TYPE_CHECKING:
    from kb.engine.cards import AbilityLike
    from kb.engine.context import Context

WORD = "word"
"""The key the chosen word is remembered under."""


def choose_word(*words: str, text: str | None = None) -> StaticAbility:
    """"As [this permanent] enters, choose [word] or [word]" (614.12c)."""
    if len(words) < 2:
        raise ScenarioError("choose among two or more words (614.12c)")
    said = text or f"As this permanent enters, choose {' or '.join(words)}."
    return StaticAbility(said, replacements=(replacement.as_enters_choose(ChoiceKind.WORD, lambda game: words, WORD,
                                                                          said),))


def chosen_word(context: Context) -> object:
    """The word the linked ability chose as the permanent entered (607.2m): None if none was."""
    source = context.source
    if source is None:
        return None
    return replacement.chosen_for(context.game, source.id, WORD)


def was_chosen(context: Context, word: str) -> bool:
    """Was ``word`` the word chosen as the permanent entered (614.12c)?"""
    return chosen_word(context) == word


def word_ability(word: str, ability: AbilityLike) -> StaticAbility:
    """"[word] — [ability]" (614.12c): the permanent has ``ability`` as long as ``word`` was chosen
    as it entered."""
    return StaticAbility(f"{word} — {ability}", parts=(gain(ability),), affects=this_object(),
                         condition=Condition(f"{word} was chosen as it entered", lambda c: was_chosen(c, word)))


__all__ = ["WORD", "choose_word", "chosen_word", "was_chosen", "word_ability"]
