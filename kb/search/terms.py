"""The MTG vocabulary of a knowledge base: which words the user dictionary adds, and how.

Nothing here is a hand-kept word list.  Candidates come from the graph: glossary
headwords, the Japanese side of ``日本語/English`` pairs, keyword titles
(``702.26 フェイジング／Phasing``), wiki page titles, short terms the rules put in
「」, and noun compounds that occur more than once (状況起因処理, 領域変更誘発).  Sudachi
(system dictionary only) then decides what each candidate is:

- a word the system dictionary already has is left alone;
- a candidate whose parts' normalized forms join into one system word *with the same
  reading* is a spelling variant of that word: オモテ向き (オモテ→表 + 向き, read
  オモテムキ) is 表向き (read オモテムキ), so both index as 表向き;
- any other compound stays whole, normalized to the join of its parts' normalized forms,
  with its parts as mode-A split so that 頌歌 still finds 栄光の頌歌.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from kb.build.reuse import Memo, digest
from kb.graph import RuleGraph
from kb.normalize import fold
from kb.search.analyzer import DROPPED_POS, Analysis, Word
from kb.sources.names import find_name_pairs

MIN_CHARS = 2
MAX_CHARS = 16
MAX_COMPOUND_WORDS = 4
"""Longer noun runs are phrases, not terms."""
MIN_COMPOUND_COUNT = 2
"""A noun run becomes a term when the knowledge base uses it at least this often."""

_QUOTED_RE = re.compile(r"「([^「」]{2,16})」")
_BRACKETS_RE = re.compile(r"[（(\[［〔][^）)\]］〕]*[）)\]］〕]")
_KATAKANA_SHIFT = ord("ァ") - ord("ぁ")


@dataclass(frozen=True)
class PartSpec:
    """One morpheme of a compound, as the user dictionary CSV describes it."""

    surface: str
    pos: tuple[str, ...]
    reading: str
    normalized: str


@dataclass
class TermEntry:
    """A word the user dictionary adds."""

    surface: str
    """The folded headword (NFKC, lower case, no middle dots): what Sudachi looks up."""
    normalized: str
    """The index term."""
    reading: str
    pos: tuple[str, ...] = ("名詞", "普通名詞", "一般", "*", "*", "*")
    parts: list[PartSpec | str] = field(default_factory=list)
    """Mode-A split: morphemes, or the surface of another entry (a variant) as one unit."""
    variant_of: str | None = None
    """The system-dictionary word this spelling is a variant of (オモテ向き → 表向き)."""
    origins: set[str] = field(default_factory=set)


def kb_texts(graph: RuleGraph) -> Iterator[str]:
    """Every text of the knowledge base: rules (newest and older texts), titles,
    examples, wiki prose and glossary definitions."""
    for group in kb_text_groups(graph):
        yield from group


def kb_text_groups(graph: RuleGraph) -> Iterator[list[str]]:
    """:func:`kb_texts`, in the same order, one list per rule, wiki page and glossary
    term: what the dictionary stage's memos keep together, so a rebuild hashes and looks
    up a few thousand groups, not every paragraph, and an edit changes one group."""
    for node in graph:
        group: list[str] = []
        for statement in node.texts + node.titles:
            group.append(statement.text)
            group.extend(example.text for example in statement.examples)
        yield group
    for page in graph.pages.values():
        yield [page.title, *(block.text for block in page.prose()),
               *(section.title for section in page.sections)]
    for term in graph.glossary.values():
        yield [term.entry.definition]


def candidates(graph: RuleGraph, analysis: Analysis, memo: Memo | None = None,
               vocabulary: set[str] | None = None,
               groups: list[list[str]] | None = None) -> dict[str, set[str]]:
    """Folded candidate terms and where each came from.  ``vocabulary``, if given, gains
    every word the knowledge base uses (see :func:`noun_compounds`); ``groups`` are
    :func:`kb_text_groups` if the caller has them already."""
    found: dict[str, set[str]] = {}

    def add(text: str, origin: str) -> None:
        term = fold(text)
        if MIN_CHARS <= len(term) <= MAX_CHARS and not _has_csv_trouble(term):
            found.setdefault(term, set()).add(origin)

    for term in graph.glossary.values():
        for piece in glossary_headwords(term.entry.headword):
            add(piece, "glossary")
    for japanese, _ in graph.names:
        add(japanese, "name")
    for node in graph:
        for heading in node.titles[:1]:
            for pair in find_name_pairs(heading.text):
                add(pair.japanese, "keyword")
    for title in graph.pages:
        add(title, "page")
    if groups is None:
        groups = list(kb_text_groups(graph))
    for group in groups:
        for text in group:
            for match in _QUOTED_RE.finditer(text):
                add(match.group(1), "quoted")
    for compound, count in grouped_compounds(groups, analysis, memo, vocabulary).items():
        if count >= MIN_COMPOUND_COUNT:
            add(compound, "compound")
    return found


def glossary_headwords(headword: str) -> list[str]:
    """``コントロール、コントローラー`` → both; bracketed notes and 「」 removed."""
    cleaned = _BRACKETS_RE.sub("", headword).replace("「", "").replace("」", "")
    return [piece.strip() for piece in cleaned.split("、") if piece.strip()]


def terms_of_art(graph: RuleGraph) -> set[str]:
    """Folded glossary headwords and Japanese rule titles: MTG terms with exact meanings."""
    found = {fold(piece) for term in graph.glossary.values()
             for piece in glossary_headwords(term.entry.headword)}
    for node in graph:
        if node.title:
            found.add(fold(node.title.split("／")[0]))
    return found - {""}


def noun_compounds(texts: Iterable[str], analysis: Analysis, memo: Memo | None = None,
                   vocabulary: set[str] | None = None) -> Counter[str]:
    """Maximal runs of 2 to 4 adjacent nouns (with prefixes and suffixes), counted.

    ``memo`` keeps each text's compounds and words by the text's hash, so a rebuild
    analyses only the texts that changed; the counts come out in the same order either
    way.  ``vocabulary``, if given, gains the normalized form of every word that is not a
    particle, auxiliary or symbol (the same pass: the alias table checks Sudachi's synonyms
    against it)."""
    return grouped_compounds(([text] for text in texts), analysis, memo, vocabulary)


def grouped_compounds(groups: Iterable[list[str]], analysis: Analysis, memo: Memo | None = None,
                      vocabulary: set[str] | None = None) -> Counter[str]:
    """:func:`noun_compounds` of the texts of ``groups`` in order, ``memo`` keeping each
    group's compounds and words by the hash of its texts (a group of one text is kept as
    :func:`noun_compounds` keeps it)."""
    counts: Counter[str] = Counter()
    for group in groups:
        if memo is None:
            compounds, words = _group_terms(group, analysis)
        else:
            key = digest(*group)
            found = memo.get(key)
            if not isinstance(found, dict):
                compounds, words = _group_terms(group, analysis)
                found = {"compounds": compounds, "words": words}
                memo.put(key, found)
            compounds, words = found["compounds"], found["words"]
        counts.update(compounds)
        if vocabulary is not None:
            vocabulary.update(words)
    return counts


def _group_terms(texts: list[str], analysis: Analysis) -> tuple[list[str], list[str]]:
    """:func:`text_terms` of each text: the compounds in order, the distinct words."""
    compounds: list[str] = []
    words: dict[str, None] = {}
    for text in texts:
        found, used = text_terms(text, analysis)
        compounds += found
        words.update(dict.fromkeys(used))
    return compounds, list(words)


def text_compounds(text: str, analysis: Analysis) -> list[str]:
    """The compounds of one text, folded, in the order they occur."""
    return text_terms(text, analysis)[0]


def text_terms(text: str, analysis: Analysis) -> tuple[list[str], list[str]]:
    """The compounds of one text (folded, in order) and its distinct words (normalized)."""
    found: list[str] = []
    words: dict[str, None] = {}
    run: list[Word] = []
    for word in analysis.words(text):
        if word.pos[0] not in DROPPED_POS:
            words[word.text] = None
        if _extends_run(run, word):
            run.append(word)
            continue
        if run:
            _close_run(run, text, found)
        run = [word] if _extends_run([], word) else []
    if run:
        _close_run(run, text, found)
    return found, list(words)


def _extends_run(run: list[Word], word: Word) -> bool:
    """Consecutive words are adjacent in the folded text (dots and stray spaces are gone);
    punctuation is a word of its own and ends a run.  Numbers, Latin words (the ``g`` of
    ``rule 702.26g参照``) and adverb-like nouns (すべて, それぞれ, うち) do not make terms."""
    kind, sub = word.pos[0], word.pos[1]
    if word.surface.isascii():
        return False
    if kind == "名詞":
        return sub != "数詞" and word.pos[2] != "副詞可能"
    if kind == "接頭辞":
        return True
    return kind == "接尾辞" and bool(run)


def _close_run(run: list[Word], text: str, found: list[str]) -> None:
    """A run ends: without trailing prefixes, 2 to 4 words make a compound."""
    while run and run[-1].pos[0] == "接頭辞":
        run.pop()
    if 2 <= len(run) <= MAX_COMPOUND_WORDS:
        found.append(fold(text[run[0].start:run[-1].end]))


def derive_entries(found: dict[str, set[str]], analysis: Analysis,
                   readings: dict[str, str] | None = None) -> list[TermEntry]:
    """Decide, for each candidate, whether and how the user dictionary adds it.

    ``analysis`` must use the system dictionary only.  ``readings`` gives known
    readings (from the glossary) by folded term.
    """
    readings = readings or {}
    analysis = Analysis(analysis.user_dictionary, readings=True)
    entries: dict[str, TermEntry] = {}
    compounds: list[tuple[str, list[Word]]] = []
    for term in sorted(found):
        words = analysis.words(term)
        if not words or not (_is_term(words) or _named_term(term, found[term])):
            continue
        reading = readings.get(term) or "".join(w.reading for w in words)
        if len(words) == 1:
            if words[0].oov:
                entries[term] = TermEntry(term, words[0].text, reading, origins=found[term])
            continue
        joined = "".join(w.text for w in words)
        canonical = _dictionary_word(joined, reading, analysis)
        if canonical is not None and joined != term:
            entries[term] = TermEntry(term, joined, reading, pos=canonical,
                                      variant_of=joined, origins=found[term])
        else:
            compounds.append((term, words))
    variants = {t: e for t, e in entries.items() if e.variant_of}
    for term, words in compounds:
        entries[term] = TermEntry(
            term,
            "".join(w.text for w in words),
            readings.get(term) or "".join(w.reading for w in words),
            parts=_parts(words, variants),
            origins=found[term],
        )
    return [entries[t] for t in sorted(entries)]


def _dictionary_word(joined: str, reading: str, analysis: Analysis) -> tuple[str, ...] | None:
    """The part of speech of ``joined`` when it is one system-dictionary word read
    ``reading``."""
    words = analysis.words(joined)
    if len(words) != 1 or words[0].oov or words[0].text != joined:
        return None
    if _katakana(words[0].reading) != _katakana(reading):
        return None
    return words[0].pos


def _parts(words: list[Word], variants: dict[str, TermEntry]) -> list[PartSpec | str]:
    """The compound's morphemes, with a run that spells a known variant as one unit."""
    parts: list[PartSpec | str] = []
    i = 0
    while i < len(words):
        for j in range(len(words), i + 1, -1):
            spelled = "".join(w.surface for w in words[i:j])
            if spelled in variants:
                parts.append(spelled)
                i = j
                break
        else:
            word = words[i]
            parts.append(PartSpec(word.surface, word.pos, word.reading, word.text))
            i += 1
    return parts


def _is_term(words: list[Word]) -> bool:
    """Nouns (with prefixes and suffixes), and の only between them: 栄光の頌歌, not である."""
    for index, word in enumerate(words):
        if word.pos[0] in ("名詞", "接頭辞", "接尾辞"):
            continue
        if word.surface == "の" and 0 < index < len(words) - 1:
            continue
        return False
    return True


_WRITTEN_AS_NOUN_RE = re.compile(r"[\u4e00-\u9fff\u30a1-\u30fa\u30fc]+")
NAMED_ORIGINS = frozenset({"glossary", "keyword"})


def _named_term(term: str, origins: set[str]) -> bool:
    """A glossary headword or keyword written in kanji and katakana only is a noun of the
    rules whatever Sudachi makes of its pieces (予顕 is read as the pronoun 予 and the
    adjectival 顕, アクティブプレイヤー as アクティブ and プレイヤー)."""
    return bool(origins & NAMED_ORIGINS) and _WRITTEN_AS_NOUN_RE.fullmatch(term) is not None


def _katakana(text: str) -> str:
    return "".join(chr(ord(c) + _KATAKANA_SHIFT) if "ぁ" <= c <= "ゖ" else c for c in text)


def hiragana_reading(reading: str) -> str:
    """A glossary reading (ひらがな) as the katakana a Sudachi dictionary expects."""
    return _katakana(fold(reading).replace(" ", ""))


def _has_csv_trouble(term: str) -> bool:
    return any(ch in term for ch in ',"\n\r\t') or term.isascii()
