"""Invented words: katakana names built from the morae of real CR terms, their romaji and
their hiragana readings, so a new keyword reads like フェイジング／Phasing does."""

from __future__ import annotations

import random
import re

_SMALL = set("ャュョァィゥェォヮ")
KATAKANA_RUN = re.compile(r"[ァ-ヴー・]{3,}")

_BASE = {
    "ア": "a", "イ": "i", "ウ": "u", "エ": "e", "オ": "o",
    "カ": "ka", "キ": "ki", "ク": "ku", "ケ": "ke", "コ": "ko",
    "ガ": "ga", "ギ": "gi", "グ": "gu", "ゲ": "ge", "ゴ": "go",
    "サ": "sa", "シ": "shi", "ス": "su", "セ": "se", "ソ": "so",
    "ザ": "za", "ジ": "ji", "ズ": "zu", "ゼ": "ze", "ゾ": "zo",
    "タ": "ta", "チ": "chi", "ツ": "tsu", "テ": "te", "ト": "to",
    "ダ": "da", "ヂ": "ji", "ヅ": "zu", "デ": "de", "ド": "do",
    "ナ": "na", "ニ": "ni", "ヌ": "nu", "ネ": "ne", "ノ": "no",
    "ハ": "ha", "ヒ": "hi", "フ": "fu", "ヘ": "he", "ホ": "ho",
    "バ": "ba", "ビ": "bi", "ブ": "bu", "ベ": "be", "ボ": "bo",
    "パ": "pa", "ピ": "pi", "プ": "pu", "ペ": "pe", "ポ": "po",
    "マ": "ma", "ミ": "mi", "ム": "mu", "メ": "me", "モ": "mo",
    "ヤ": "ya", "ユ": "yu", "ヨ": "yo",
    "ラ": "ra", "リ": "ri", "ル": "ru", "レ": "re", "ロ": "ro",
    "ワ": "wa", "ヲ": "wo", "ン": "n", "ヴ": "vu",
}
_SMALL_VOWEL = {"ァ": "a", "ィ": "i", "ゥ": "u", "ェ": "e", "ォ": "o",
                "ャ": "ya", "ュ": "yu", "ョ": "yo", "ヮ": "wa"}


def morae(word: str) -> list[str]:
    """``フェイジング`` -> フェ, イ, ジ, ン, グ (a small kana or ー joins the one before)."""
    out: list[str] = []
    for ch in word:
        if (ch in _SMALL or ch == "ー") and out:
            out[-1] += ch
        elif ch in _BASE or ch == "ッ":
            out.append(ch)
    return out


def romaji(word: str) -> str:
    """A readable Latin spelling of katakana: ゾラヴェク -> Zoraveku -> trimmed to Zoravek."""
    out = ""
    double = False
    for mora in morae(word):
        if mora == "ッ":
            double = True
            continue
        head, tail = mora[0], mora[1:].replace("ー", "")
        sound = _BASE.get(head, "")
        if tail and tail[0] in _SMALL_VOWEL:
            sound = _with_small(head, sound, _SMALL_VOWEL[tail[0]])
        if double and sound:
            sound = sound[0] + sound
        double = False
        out += sound
    if out.endswith("u") and len(out) > 3 and out[-2] not in "aeiou":
        out = out[:-1]  # English names drop the final epenthetic u (Phasing, not Fueijingu)
    return out[:1].upper() + out[1:]


def _with_small(head: str, sound: str, small: str) -> str:
    """キ+ャ -> kya, シ+ャ -> sha, フ+ェ -> fe, ウ+ィ -> wi, テ+ィ -> ti."""
    if head in "シチジヂ":
        consonant = sound[:-1]
        return consonant + (small.removeprefix("y"))
    if head == "ウ":
        return "w" + small.lstrip("y")
    consonant = sound.rstrip("aiueo") or "w"
    if small.startswith("y") and sound.endswith("i"):
        return consonant + small
    return consonant + small.lstrip("y") if not small.startswith("y") else consonant + small


def hiragana(word: str) -> str:
    """The reading the glossary gives a katakana headword: カタカナ -> かたかな, no ・."""
    return "".join(chr(ord(ch) - 0x60) if "ァ" <= ch <= "ヶ" else ch for ch in word if ch != "・")


class NameMaker:
    """Unique katakana names from a pool of real morae, with English spellings."""

    def __init__(self, rng: random.Random, source_words: list[str], taken: set[str]):
        self.rng = rng
        pool: list[str] = []
        for word in source_words:
            pool.extend(morae(word.replace("・", "")))
        self.first = [m for m in pool if m[0] not in "ンッ" and "ー" not in m]
        self.inner = [m for m in pool if m != "ッ"]
        self.taken = set(taken)
        self.taken_english: set[str] = set()

    def katakana(self, low: int = 3, high: int = 5) -> str:
        for _ in range(1000):
            count = self.rng.randint(low, high)
            parts = [self.rng.choice(self.first)]
            parts += [self.rng.choice(self.inner) for _ in range(count - 1)]
            word = "".join(parts).replace("ーー", "ー")
            if word not in self.taken and not word.endswith("ッ"):
                self.taken.add(word)
                return word
        raise RuntimeError("could not invent a new name")  # pool far too small

    def keyword(self) -> tuple[str, str]:
        """A new keyword as the CR titles one: (Japanese, English)."""
        while True:
            japanese = self.katakana()
            english = romaji(japanese)
            if english and english not in self.taken_english:
                self.taken_english.add(english)
                return japanese, english
