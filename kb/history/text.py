"""Text as the history compares it: typography folded, words as tokens, word-level diffs.

The releases were typed over twenty years in four encodings: one release writes
``don't`` and ``Sorcery -- Arcane``, the next ``don’t`` and ``Sorcery—Arcane``, an older
one ``_Magic_(TM)`` for the italic title and the trademark.  None of that is a change of
the rule, so :func:`fold` removes it before texts are compared; the texts shown are the
releases' own.
"""

from __future__ import annotations

import difflib
import functools
import itertools
import re
import unicodedata
from collections.abc import Iterable
from typing import Literal

from whoosh.lang.porter import stem as porter_stem

_QUOTES = str.maketrans({"‘": "'", "’": "'", "‚": "'", "‛": "'", "“": "'", "”": "'", "„": "'",
                        '"': "'", "?": "'"})
_DASH_RE = re.compile(r"\s*(?:--|[—–])\s*")
_MARKS_RE = re.compile(r"\((?:tm|TM|r|R)\)|[™®]")
_ITALIC_RE = re.compile(r"(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])")
_SPACE_RE = re.compile(r"\s+")
_WORD_RE = re.compile(r"[a-z]+(?:'[a-z]+)*")
_DIFF_TOKEN_RE = re.compile(r"\s+|[^\s\u3000-\u9fff\uff00-\uffef]+|\S")
"""Diff tokens: whitespace, runs of anything else but Japanese, and single Japanese
characters (Japanese has no spaces between words, so its unit is the character)."""


def fold(text: str) -> str:
    """The text with quote and dash styles, trademark marks, italic underscores and
    spacing made uniform: equal folds mean no change to the rule."""
    text = unicodedata.normalize("NFKC", _MARKS_RE.sub("", text)).translate(_QUOTES)
    text = _ITALIC_RE.sub("", text)
    text = _DASH_RE.sub("-", text)
    return _SPACE_RE.sub(" ", text).strip()


RENAMED_TERMS: tuple[tuple[str, str], ...] = (
    # Magic 2010 (2009-07-11): the in-play zone became the battlefield, removed-from-the-
    # game became exile, spells are cast and abilities activated, effects became actions.
    ("comes into play", "enters the battlefield"),
    ("come into play", "enter the battlefield"),
    ("came into play", "entered the battlefield"),
    ("coming into play", "entering the battlefield"),
    ("leaves play", "leaves the battlefield"),
    ("left play", "left the battlefield"),
    ("leave play", "leave the battlefield"),
    ("into play", "onto the battlefield"),
    ("in play", "on the battlefield"),
    ("removed from the game", "exiled"),
    ("remove from the game", "exile"),
    ("removed-from-the-game zone", "exile zone"),
    ("state-based effect", "state-based action"),
    ("play spells", "cast spells"),
    ("play a spell", "cast a spell"),
    ("played a spell", "cast a spell"),
    # Dominaria (2018-07-13): the singular they.
    ("his or her", "their"),
    ("he or she", "they"),
)
"""Terms the CR renamed, old to new: words are compared in today's terms, so a rule that
only changed its vocabulary still looks like itself."""

_RENAMED_RE = re.compile("|".join(re.escape(old) for old, _ in RENAMED_TERMS))
_RENAMED = dict(RENAMED_TERMS)


def words(folded: str) -> frozenset[str]:
    """The distinct words of a folded text in today's terms (:data:`RENAMED_TERMS`),
    lower case, stemmed, without numbers (a rule cited by number is renumbered with the
    rest, so its digits say nothing about the text).  Stemmed, because a rule restated
    says the same in other forms: "played" and "playing", "enchant" and "enchantment",
    "sorceries" and "sorcery"."""
    return frozenset(word_sequence(folded))


def word_sequence(folded: str) -> list[str]:
    """The words of :func:`words` in their order, repeats kept."""
    lowered = _RENAMED_RE.sub(lambda m: _RENAMED[m.group(0)], folded.lower())
    return [stem(w) for w in _WORD_RE.findall(lowered)]


def shingles(sequence: list[str]) -> frozenset[str]:
    """The pairs of consecutive words: what a passage says in its own order, so a passage
    can be followed from one rule to another where word sets alone only say which words
    the two share ("mana abilities ... trigger ... stack" is in both halves of a split;
    "trigger on playing mana abilities" is in one)."""
    return frozenset(f"{a} {b}" for a, b in itertools.pairwise(sequence))


@functools.lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """The Porter stem of a word without its possessive (the stemmer the English search
    field uses, :mod:`kb.search.english`); cached, as the CR's vocabulary is small."""
    found: str = porter_stem(word.removesuffix("'s"))
    return found


STOPWORDS = frozenset((
    "a", "an", "the", "and", "or", "but", "nor", "if", "then", "than", "that", "this", "these",
    "those", "it", "its", "it's", "is", "are", "was", "were", "be", "been", "being", "has",
    "have", "had", "do", "does", "did", "doesn't", "don't", "can", "can't", "could", "may",
    "might", "must", "shall", "should", "will", "won't", "would", "of", "in", "on", "at", "to",
    "from", "by", "for", "with", "as", "into", "onto", "out", "up", "down", "over", "under",
    "about", "after", "before", "any", "all", "each", "every", "some", "no", "not", "other",
    "another", "such", "same", "only", "also", "even", "so", "there", "their", "they", "them",
    "he", "she", "his", "her", "him", "you", "your", "we", "our", "which", "who", "whom",
    "whose", "what", "when", "whenever", "where", "while", "see", "rule",
))
"""Function words, and the CR's own "see rule": words that say nothing of what a rule is about."""


_STOPWORDS_STEMMED = frozenset(map(stem, STOPWORDS))


def content(word_set: frozenset[str]) -> frozenset[str]:
    """The words of a word set that carry meaning (see :data:`STOPWORDS`)."""
    return word_set - _STOPWORDS_STEMMED


DiffOp = Literal["=", "-", "+"]


def word_diff(old: str, new: str) -> list[tuple[DiffOp, str]]:
    """Word-level diff of two texts (character-level inside Japanese): runs of kept
    (``=``), removed (``-``) and added (``+``) text, whitespace included, so joining the
    ``=`` and ``+`` runs gives ``new`` and the ``=`` and ``-`` runs give ``old``."""
    a = _DIFF_TOKEN_RE.findall(old)
    b = _DIFF_TOKEN_RE.findall(new)
    runs: list[tuple[DiffOp, str]] = []
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            _append(runs, "=", a[i1:i2])
            continue
        if op in ("delete", "replace"):
            _append(runs, "-", a[i1:i2])
        if op in ("insert", "replace"):
            _append(runs, "+", b[j1:j2])
    return runs


def _append(runs: list[tuple[DiffOp, str]], op: DiffOp, tokens: Iterable[str]) -> None:
    text = "".join(tokens)
    if not text:
        return
    if runs and runs[-1][0] == op:
        runs[-1] = (op, runs[-1][1] + text)
    else:
        runs.append((op, text))
