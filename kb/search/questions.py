"""The frame of a question: words a question is made of that its answer need not contain.

「ライブラリーが0枚のときにカードを引いたらどうなる？」 asks about ライブラリー, 0枚,
カード, 引く; the rule that answers it says nothing of とき or どう.  Particles, auxiliaries
and sentence endings (の, か, ？, ですか) are dropped by the analyzer already
(:data:`kb.search.analyzer.DROPPED_POS`); pronouns (何, どこ) and light verbs (なる, できる)
are weak (:data:`kb.search.analyzer.WEAK_POS`).  What is left are these: interrogative
adverbs and counters, and the nouns a question's sentence hangs on.  They are optional
in a query: they add to a document's score where it has them but a document need not.

Keyed by the analyzer's folded normalized form (:attr:`kb.search.analyzer.Word.text`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

INTERROGATIVES = frozenset({
    "どう", "如何", "何故", "何", "いつ", "何時", "どこ", "何処", "誰", "どれ", "何れ",
    "どちら", "何方", "どっち", "どの", "どんな", "幾つ", "いくつ", "幾ら", "いくら",
})
"""How, why, what, when, where, who, which, how many (the analyzer's normalized forms)."""

QUESTION_FRAME = frozenset({
    "時", "こと", "事", "侭", "場合", "もの", "物", "所", "様", "訳", "筈", "方法", "ため", "為",
})
"""Nouns a question's sentence hangs on: 〜のとき, 〜すること, 〜のまま, 〜の場合, 〜する方法."""

QUESTION_PREDICATES = frozenset({"起きる", "起こる", "構う", "可能"})
"""Predicates a question ends on that its answer rarely says: 〜したら何が起きる,
〜してもかまわない, 〜は可能ですか (the rule says what happens, not that it happens)."""

HOW_MANY_PREFIX = "何"
"""何回, 何枚, 何点, 何体: "how many" fused with its counter into one word."""
HOW_MANY_LENGTH = 3
"""The longest such word: 何 and a counter of one or two characters (何回, 何種類)."""


def how_many_counter(text: str, parts: Sequence[str]) -> str | None:
    """The counter of a how-many word (何枚 → 枚, 何回 → 回), from its units, or None.  The
    answer writes a number and the counter (903.5a 「100枚」, 100.4a 「15枚」), never 何枚:
    the counter is an alternative of the question's optional clause."""
    if (text.startswith(HOW_MANY_PREFIX) and len(text) <= HOW_MANY_LENGTH and len(parts) == 2
            and parts[0] == HOW_MANY_PREFIX and parts[1]):
        return parts[1]
    return None


def is_counter(pos: tuple[str, ...]) -> bool:
    """A counter Sudachi reads as a noun (体, 点, 回): 「2体」 is said 「2つ以上」 in a rule.
    The number itself stays required, and so does a suffix counter (接尾辞/名詞的/助数詞:
    枚): the CR counts cards in 枚 (「1枚も存在しない」 answers 「0枚のとき」); made optional
    too, 「ライブラリーが0枚のときにカードを引いたらどうなる？」 fell from 4th to 8th
    (bench/search_split.py), nothing else changed."""
    return pos[1] == "助数詞" or pos[2] == "助数詞可能"


def is_frame_pos(pos: tuple[str, ...]) -> bool:
    """A word a question is phrased with that the answer rarely repeats, by its part of
    speech: a relational noun (名詞/普通名詞/副詞可能: 「ゲームの中にある？」 where the rule
    says 「ゲームの外部にある」, 「払う途中で」, 「一番上」, 「最初に」, 「効果の一部」), an
    adverb (「勝手に見ても」, 「また起動できる？」) or an auxiliary's stem (「〜みたいな」).  Like a
    counter, optional: it adds where a document has it.  Sets 1-5: set 1 対象がすべて不正に
    なった呪文は… 2nd → 1st, set 2 効果の一部が実行できないときは… 4th → 1st, set 5 ライブラリー
    の一番上を勝手に見ても… and …払う途中でマナ能力を使える？ from outside the ten to 4th and
    9th; two questions 6th → 7th."""
    return pos[2] == "副詞可能" or pos[0] == "副詞" or pos[1] == "助動詞語幹"


def is_verb(pos: tuple[str, ...]) -> bool:
    """A verb (動詞; the light ones, なる, できる, する, are weak already: 非自立可能).  In a
    question, one that no heading or headword uses weighs less in the coverage
    (:data:`kb.search.searcher.PLAIN_VERB_WEIGHT`)."""
    return pos[0] == "動詞"


def is_optional_content(text: str, pos: tuple[str, ...]) -> bool:
    """A content word that is optional in a query (the question's frame: a question word,
    a counter, a relational noun, an adverb): one definition for the query reader
    (:func:`kb.search.query._add_words`), its question test and the site's word roles."""
    return is_question_word(text) or is_counter(pos) or is_frame_pos(pos)


def is_question_word(text: str) -> bool:
    """Whether ``text`` (a word's folded normalized form) is part of a question's frame."""
    return (text in INTERROGATIVES or text in QUESTION_FRAME or text in QUESTION_PREDICATES
            or (text.startswith(HOW_MANY_PREFIX) and len(text) <= HOW_MANY_LENGTH))


_DEFINITION_RE = re.compile(
    r"(?:とは|って|っては|ってなに|の意味|の定義)"
    r"(?:なに|何|なん|どういう(?:意味|こと)|どんなもの)?(?:ですか|でしょうか|なの|か|は)?[?？。\s]*$")
"""「呪禁とは」, 「呪禁とは何ですか？」, 「呪禁って何」, 「呪禁の意味は」: asking what a term is."""


def definition_asked(folded: str) -> tuple[str, bool]:
    """``folded`` without a trailing 「〜とは」 and whether it had one (the rest must not
    be empty: 「とは」 alone is a word to search for)."""
    match = _DEFINITION_RE.search(folded)
    if match is None or not folded[:match.start()].strip():
        return folded, False
    return folded[:match.start()], True
