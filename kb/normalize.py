"""Text folding shared by every index: the Python search, and the site's browser search.

The browser cannot run Sudachi, so this is the part of normalisation both sides can do
identically: NFKC (half-width ｶﾀｶﾅ to full width, full-width ASCII to ASCII), lower case,
no middle dots (フェイズ・アウト = フェイズアウト), and no spaces between Japanese characters
(the CR's ``オモテ向き になる``).  A table of variants generated from the knowledge base
(``オモテ向き`` → ``表向き``) is applied on top.  ``tests/fixtures/normalize_vectors.tsv``
holds input/output pairs that the Python tests and the browser tests both check.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping

MIDDLE_DOTS = "・･"
_DOTS = str.maketrans("", "", MIDDLE_DOTS)
# A run of spaces with a non-ASCII character on at least one side is not a word break.
_JAPANESE_SPACE_RE = re.compile(r"(?<=[^\x00-\x7f])\s+|\s+(?=[^\x00-\x7f])")
_SPACES_RE = re.compile(r"\s+")


def fold(text: str) -> str:
    """NFKC, lower case, no middle dots, no spaces next to Japanese characters."""
    text = unicodedata.normalize("NFKC", text).lower().translate(_DOTS)
    text = _JAPANESE_SPACE_RE.sub("", text)
    return _SPACES_RE.sub(" ", text).strip()


def fold_joined(folded: Iterable[str]) -> str:
    """``fold("\\n".join(texts))`` from each text's fold (``fold(text)``, in order): every
    step of :func:`fold` but the spaces works within a line, and the run of spaces where
    two texts meet goes as :func:`fold` takes it: dropped beside a Japanese (non-ASCII)
    character, one space between ASCII ones.  A rebuild keeps each text's fold and joins
    them instead of folding the whole knowledge base again."""
    parts: list[str] = []
    last = ""
    for piece in folded:
        if not piece:
            continue  # nothing but spaces (and dots): the run beside it simply goes on
        if parts:
            parts.append(" " if last.isascii() and piece[0].isascii() else "")
        parts.append(piece)
        last = piece[-1]
    return "".join(parts)


def apply_variants(folded: str, variants: Mapping[str, str]) -> str:
    """Replace each variant (already folded) by its canonical form, longest match first."""
    if not variants:
        return folded
    pattern = re.compile("|".join(re.escape(k) for k in sorted(variants, key=len, reverse=True)))
    return pattern.sub(lambda m: variants[m.group(0)], folded)


# -- folding with offsets ---------------------------------------------------------------

# Characters that NFKC may merge into the character before them (dakuten, combining marks).
_JOINERS = "\uff9e\uff9f\u3099\u309a"


def fold_with_offsets(text: str) -> tuple[str, list[int], list[int]]:
    """:func:`fold`, and for each folded character the span of ``text`` it came from.

    Returns ``(folded, starts, ends)``: folded character ``i`` comes from
    ``text[starts[i]:ends[i]]``, so a token at ``folded[a:b]`` highlights
    ``text[starts[a]:ends[b - 1]]``.  NFKC runs per base character with its combining
    marks (ﾌﾞ becomes ブ and maps back to both), which equals whole-string NFKC for the
    text this project reads.
    """
    single = text.translate(_SINGLE_FOLD)
    if len(single) == len(text) and unicodedata.normalize("NFKC", text).lower() == single:
        # Common case: every character folds to one character and nothing composes
        # across characters (the whole-string NFKC agrees), so offsets are identity.
        positions = list(range(len(text)))
        single, starts, ends = _sub_tracked(_DOTS_RE, "", single, positions,
                                            [p + 1 for p in positions])
        return _fold_spaces(single, starts, ends)
    chars: list[str] = []
    starts = []
    ends = []
    i = 0
    while i < len(text):
        j = i + 1
        while j < len(text) and (text[j] in _JOINERS or unicodedata.combining(text[j])):
            j += 1
        for ch in unicodedata.normalize("NFKC", text[i:j]).lower().translate(_DOTS):
            chars.append(ch)
            starts.append(i)
            ends.append(j)
        i = j
    return _fold_spaces("".join(chars), starts, ends)


class _SingleCharacterFold(dict[int, str]):
    """``str.translate`` table: a character to its NFKC lower-case form, filled as met.
    A character that folds to more or less than one character maps to two U+FFFF, so
    the translated text changes length and the slow path takes over."""

    def __missing__(self, code: int) -> str:
        folded = unicodedata.normalize("NFKC", chr(code)).lower()
        value = folded if len(folded) == 1 else "\uffff\uffff"
        self[code] = value
        return value


_SINGLE_FOLD = _SingleCharacterFold()
_DOTS_RE = re.compile(f"[{MIDDLE_DOTS}]")


def _fold_spaces(folded: str, starts: list[int],
                 ends: list[int]) -> tuple[str, list[int], list[int]]:
    folded, starts, ends = _sub_tracked(_JAPANESE_SPACE_RE, "", folded, starts, ends)
    folded, starts, ends = _sub_tracked(_SPACES_RE, " ", folded, starts, ends)
    lead = len(folded) - len(folded.lstrip())
    tail = len(folded.rstrip())
    return folded[lead:tail], starts[lead:tail], ends[lead:tail]


def _sub_tracked(pattern: re.Pattern[str], replacement: str, text: str, starts: list[int],
                 ends: list[int]) -> tuple[str, list[int], list[int]]:
    """``pattern.sub(replacement, text)`` where ``replacement`` is "" or one character,
    keeping the offset lists in step (a replacement spans what it replaced)."""
    out: list[str] = []
    new_starts: list[int] = []
    new_ends: list[int] = []
    last = 0
    for match in pattern.finditer(text):
        out.append(text[last:match.start()])
        new_starts.extend(starts[last:match.start()])
        new_ends.extend(ends[last:match.start()])
        if replacement and match.end() > match.start():
            out.append(replacement)
            new_starts.append(starts[match.start()])
            new_ends.append(ends[match.end() - 1])
        last = match.end()
    out.append(text[last:])
    new_starts.extend(starts[last:])
    new_ends.extend(ends[last:])
    return "".join(out), new_starts, new_ends


# -- katakana spelling skeletons (static/normalize.js ports this) ----------------------

_SMALL = str.maketrans("ァィゥェォャュョヮヵヶ", "アイウエオヤユヨワカケ")
_VU = {"ヴァ": "バ", "ヴィ": "ビ", "ヴェ": "ベ", "ヴォ": "ボ", "ヴ": "ブ"}
_VU_RE = re.compile("|".join(sorted(_VU, key=len, reverse=True)))
_E_ROW = "エケセテネヘメレゲゼデベペ"
_O_ROW = "オコソトノホモヨロゴゾドボポ"
_LINKED_N = {"ナ": "ア", "ニ": "イ", "ヌ": "ウ", "ネ": "エ", "ノ": "オ"}


def katakana_skeleton(word: str) -> str:
    """What is left of a katakana spelling once the parts that vary are gone: long
    vowels, small kana and ッ, イ after an e-row and ウ after an o-row kana (レイ/レー),
    ヴ written as the バ row, and the liaison ンナ for ンア (クリンナップ, クリーンアップ).
    The characters ヅ and ヂ are read as ズ and ジ.  Other characters are kept."""
    text = fold(word)
    text = _VU_RE.sub(lambda m: _VU[m.group(0)], text)
    text = text.replace("ヅ", "ズ").replace("ヂ", "ジ").replace("ッ", "").replace("ー", "")
    text = text.translate(_SMALL)
    out: list[str] = []
    for char in text:
        previous = out[-1] if out else ""
        # ``previous and``: "" is in every string, and a leading イ/ウ is no lengthening.
        if previous and ((char == "イ" and previous in _E_ROW) or (char == "ウ" and previous in _O_ROW)):
            continue
        if previous == "ン" and char in _LINKED_N:
            char = _LINKED_N[char]
        out.append(char)
    return "".join(out)
