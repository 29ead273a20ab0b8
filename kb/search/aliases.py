"""The alias table: other ways to write what the knowledge base calls something.

Generated at build time into ``search/aliases.tsv``; nothing here is a hand-kept word list
except the short, documented slang file (``kb/search/slang.tsv``).  Each row says that a
query containing ``alias`` may mean ``term`` (what the knowledge base writes), with a
weight below the literal term's 1.0 and the source it came from (:data:`SOURCES`):

- ``sudachi-variant``, ``sudachi-synonym``: Sudachi's synonym dictionary
  (``../shared/data/sudachi-synonyms/synonyms.txt``, format in ``synonyms-format.md``).
  A group counts only where a word the knowledge base uses can be reached: the target
  must be a word of the knowledge base.  Its flags are respected: a word with expansion
  flag 2 is never used, one with flag 1 is a target but never a trigger, and a misuse
  (form type 4) or misspelling (variant type 3) is a trigger but never a target.  An
  MTG term (a glossary headword or rule title) is never a trigger: 追放 means exile,
  not its everyday synonyms.  Another form of the same lexeme (spelling, translation,
  abbreviation) weighs more than another lexeme of the group.
- ``glossary-obsolete``: a glossary entry marked (廃語) → the term that replaced it, read
  from its definition (``マナ総量の古い言い方``, ``「戦場」となっている``, ``戦場 参照``,
  ``rule 308〔同族〕参照``) and kept only when that is a current glossary headword or rule
  title: 点数で見たマナ・コスト → マナ総量, 場 → 戦場.  Rows whose term is obsolete are
  carried on to the current term (converted mana cost → マナ総量).
- ``katakana``: the knowledge base's katakana words by their spelling skeleton
  (:func:`katakana_skeleton`: no long vowels, small kana, ッ, イ after an e-row kana, ウ
  after an o-row kana, ヴ as バ-row, ンナ as ンア), so クリーンアップ finds クリンナップ and
  プレーンズウォーカー finds プレインズウォーカー.  The alias column holds the skeleton.
- ``english``, ``english-verb``: English names from the bilingual pairs (the query tables'
  English map) and the ``日本語／English`` titles of rules and glossary entries, with
  ``(n)``/``(v)`` marks dropped; ``english-verb`` where the Japanese side has no noun
  (shuffle → 切り直す, discard → 捨てる), which the name table leaves out.
- ``initialism``: initials of the multi-word English names (ETB, SBA, CMC, EOT), three
  letters or more, where they are not an English word of the knowledge base and name at
  most two terms.
- ``card-name``: card names (``../shared/data/card-names-ja/db_mtg.csv``) that the
  knowledge base mentions: English → Japanese and the hiragana reading → Japanese (or
  Japanese → English where the knowledge base writes the English name).
- ``slang``: ``kb/search/slang.tsv``.
- ``head-verb``: a term of art that is a verb of one kanji before another verb of the
  knowledge base, read alike (支払う: 支 and 払う, シハラウ ending in ハラウ) → from that
  plain verb (払う → 支払う): a player writes 「コストを払う」 where the CR writes 支払う.
  The reading rules out a verb that only ends in the same characters (出来る is no 来る,
  気付く no 付く); Sudachi keeps such a verb whole (no mode-A units to meet the query's).
"""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import NamedTuple

from kb.build.reuse import Memo, digest
from kb.errors import KbError
from kb.graph import GlossaryTerm, RuleGraph
from kb.normalize import fold, katakana_skeleton
from kb.search.analyzer import Analysis
from kb.search.terms import glossary_headwords, kb_text_groups, terms_of_art

ALIASES_FILE = "aliases.tsv"
"""In the build's ``search/`` folder."""
HEADER = ("alias", "term", "weight", "source")

SOURCES: dict[str, tuple[float, str]] = {
    "sudachi-variant": (0.9, "Sudachi synonym dictionary: another form of the same lexeme"),
    "sudachi-synonym": (0.6, "Sudachi synonym dictionary: another lexeme of the same group"),
    "glossary-obsolete": (0.8, "a (廃語) glossary term → the term that replaced it"),
    "katakana": (0.9, "katakana spelling skeleton → the knowledge base's spelling"),
    "english": (0.9, "English name → Japanese name"),
    "english-verb": (0.9, "English verb → Japanese verb (no noun on the Japanese side)"),
    "initialism": (0.8, "initials of a multi-word English name"),
    "card-name": (0.9, "card name in the other language, or its reading"),
    "slang": (0.8, "community slang and initialisms (kb/search/slang.tsv)"),
    "head-verb": (0.8, "a verb → the term of art it is the head of (払う → 支払う)"),
}
"""Source → (weight, what it is).  Weights are below the literal term's 1.0."""

_SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "data"
DEFAULT_SYNONYMS = _SHARED / "sudachi-synonyms" / "synonyms.txt"
DEFAULT_CARD_NAMES = _SHARED / "card-names-ja" / "db_mtg.csv"
SLANG_FILE = Path(__file__).with_name("slang.tsv")

MIN_ALIAS_CHARS = 2
"""A one-character alias or synonym (前, 土) matches too much; only the glossary's own
obsolete terms may be one character (場 → 戦場)."""
MIN_SKELETON_CHARS = 3
MIN_INITIALISM = 3
MAX_INITIALISM_TERMS = 2


class Alias(NamedTuple):
    alias: str
    """Folded text a query may contain (for ``katakana``, the spelling skeleton)."""
    term: str
    """What the knowledge base writes (folded); several words are space-separated."""
    weight: float
    source: str


# -- the table --------------------------------------------------------------------------


def alias_table(graph: RuleGraph, english: Mapping[str, list[str]], vocabulary: set[str],
                analysis: Analysis | None = None, synonyms: Path | None = DEFAULT_SYNONYMS,
                card_names: Path | None = DEFAULT_CARD_NAMES, slang: Path | None = SLANG_FILE,
                memo: Memo | None = None, groups: list[list[str]] | None = None) -> list[Alias]:
    """Every alias of ``graph``'s knowledge base, sorted, one row per (alias, term).

    ``english`` is the query tables' English map, ``vocabulary`` the folded normalized
    words of the knowledge base (what Sudachi's groups are checked against); a data file
    given as None, or missing, contributes nothing.  ``memo`` keeps, for the next build,
    what each group of texts gives (by its hash) and the rows from each data file (by its
    content and the words or names of the knowledge base they were matched against);
    ``groups`` are :func:`kb_text_groups` if the caller has them already."""
    analysis = analysis or Analysis()
    if groups is None:
        groups = list(kb_text_groups(graph))
    katakana, mentioned = grouped_mentions(groups, memo)
    mentioned.update(fold(name) for pair in graph.names for name in pair)
    rows: list[Alias] = []
    art = terms_of_art(graph)
    if synonyms is not None and synonyms.is_file():
        inputs: tuple[str | bytes, ...] = ("synonyms", synonyms.read_bytes(), *sorted(vocabulary),
                                           "", *sorted(art))
        rows += _remembered(memo, inputs,
                            lambda: sudachi_aliases(read_synonyms(synonyms), vocabulary, art))
    rows += head_verb_aliases(art, vocabulary)
    obsolete = obsolete_terms(graph)
    rows += [Alias(old, new, _weight("glossary-obsolete"), "glossary-obsolete")
             for old, news in obsolete.items() for new in news]
    rows += katakana_aliases(katakana)
    english_rows = english_aliases(graph, english, analysis)
    rows += english_rows
    rows += initialism_aliases(english_rows)
    if card_names is not None and card_names.is_file():
        mentioned.discard("")
        rows += _remembered(memo, ("cards", card_names.read_bytes(), *sorted(mentioned)),
                            lambda: card_name_aliases(read_card_names(card_names), mentioned))
    if slang is not None:
        rows += read_slang(slang)
    rows += _carried_to_current(rows, obsolete)
    return _best_rows(rows)


def _remembered(memo: Memo | None, inputs: tuple[str | bytes, ...],
                make: Callable[[], Iterable[Alias]]) -> list[Alias]:
    """``make()``, or the rows it made from the same ``inputs`` last time."""
    key = digest(*inputs)
    found = memo.get(key) if memo is not None else None
    if isinstance(found, list):
        return [Alias(alias, term, _weight(source), source) for alias, term, source in found]
    rows = list(make())
    if memo is not None:
        memo.put(key, [[r.alias, r.term, r.source] for r in rows])
    return rows


def text_mentions(texts: Iterable[str], memo: Memo | None = None) -> tuple[set[str], set[str]]:
    """The katakana words (:func:`katakana_words`) and 《card names》 of the texts, folded;
    ``memo`` keeps each text's by its hash."""
    return grouped_mentions(([text] for text in texts), memo)


def grouped_mentions(groups: Iterable[list[str]], memo: Memo | None = None) -> tuple[set[str], set[str]]:
    """:func:`text_mentions` of the texts of ``groups``, ``memo`` keeping each group's by
    the hash of its texts (a group of one text is kept as :func:`text_mentions` keeps it)."""
    katakana: set[str] = set()
    cards: set[str] = set()
    for group in groups:
        key = digest("mentions", *group)
        found = memo.get(key) if memo is not None else None
        if not isinstance(found, list):
            found = [sorted(katakana_words(group)),
                     sorted({fold(m.group(1)) for text in group for m in _CARD_RE.finditer(text)})]
            if memo is not None:
                memo.put(key, found)
        katakana.update(found[0])
        cards.update(found[1])
    return katakana, cards


def _weight(source: str) -> float:
    return SOURCES[source][0]


def _best_rows(rows: Iterable[Alias]) -> list[Alias]:
    """One row per (alias, term): the heaviest (then the first source listed)."""
    order = {name: i for i, name in enumerate(SOURCES)}
    best: dict[tuple[str, str], Alias] = {}
    for row in rows:
        if not row.term or row.alias == row.term or (
                len(row.alias) < MIN_ALIAS_CHARS and row.source != "glossary-obsolete"):
            continue
        key = (row.alias, row.term)
        held = best.get(key)
        if held is None or (row.weight, -order[row.source]) > (held.weight, -order[held.source]):
            best[key] = row
    return sorted(best.values())


def _carried_to_current(rows: list[Alias], obsolete: dict[str, list[str]]) -> list[Alias]:
    """converted mana cost → 点数で見たマナ・コスト is also converted mana cost → マナ総量."""
    carried = []
    for row in rows:
        for current in obsolete.get(row.term, []):
            weight = round(row.weight * _weight("glossary-obsolete"), 3)
            carried.append(Alias(row.alias, current, weight, row.source))
    return carried


def summary(rows: Iterable[Alias]) -> dict[str, int]:
    """Rows per source, in the order of :data:`SOURCES`."""
    counts = Counter(row.source for row in rows)
    return {source: counts[source] for source in SOURCES if counts[source]}


# -- the file ---------------------------------------------------------------------------


def aliases_text(rows: Iterable[Alias]) -> str:
    lines = ["\t".join(HEADER)]
    lines += [f"{r.alias}\t{r.term}\t{r.weight:g}\t{r.source}" for r in rows]
    return "\n".join(lines) + "\n"


def write_aliases(path: Path, rows: Iterable[Alias]) -> None:
    path.write_text(aliases_text(rows), encoding="utf-8")


def read_aliases(path: Path) -> list[Alias]:
    """The rows of an ``aliases.tsv``; a malformed row is a :class:`KbError` naming its line."""
    rows = []
    lines = path.read_text(encoding="utf-8").split("\n")
    if not lines or tuple(lines[0].split("\t")) != HEADER:
        raise KbError(f"expected the header {' '.join(HEADER)}", path, 1)
    for number, line in enumerate(lines[1:], start=2):
        if not line:
            continue
        cells = line.split("\t")
        try:
            alias, term, weight, source = cells
            row = Alias(alias, term, float(weight), source)
        except ValueError:
            raise KbError("expected alias<TAB>term<TAB>weight<TAB>source", path, number) from None
        if source not in SOURCES:
            raise KbError(f"unknown source {source!r}", path, number)
        rows.append(row)
    return rows


# -- Sudachi's synonym dictionary -------------------------------------------------------


class SynonymWord(NamedTuple):
    """One line of ``synonyms.txt`` (a tuple: there are 92,000)."""

    group: str
    expand: int
    """0: always used; 1: expanded to but never triggers; 2: never used."""
    lexeme: str
    form: int
    """0 typical, 1 translation, 2 alias, 3 old name, 4 misuse."""
    variant: int
    """0 typical, 1 alphabet, 2 variant spelling, 3 misspelling."""
    headword: str

    @property
    def triggers(self) -> bool:
        return self.expand == 0

    @property
    def target(self) -> bool:
        return self.expand in (0, 1) and self.form != 4 and self.variant != 3


def read_synonyms(path: Path) -> list[SynonymWord]:
    """The words of a Sudachi synonym source file (CSV, groups between blank lines)."""
    words = []
    for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), start=1):
        if not line.strip():
            continue
        # The file quotes no field today; a line that does goes through the CSV reader.
        cells = next(csv.reader([line])) if '"' in line else line.split(",")
        if len(cells) < 9 or not cells[0].strip():
            raise KbError("expected a Sudachi synonym line (group,…,headword,,)", path, number)
        words.append(SynonymWord(cells[0], _FLAGS.get(cells[2], 0), cells[3],
                                 _FLAGS.get(cells[4], 0), _FLAGS.get(cells[6], 0), cells[8]))
    return words


_FLAGS = {str(n): n for n in range(10)}
"""Flag fields are one digit; an empty one is 0, as the format says."""


def sudachi_aliases(words: Sequence[SynonymWord], vocabulary: set[str],
                    art: set[str]) -> Iterator[Alias]:
    """Trigger → target within each group, for targets the knowledge base uses."""
    # Most groups have no word of the knowledge base: find the few that do, then read them.
    used = {w.group for w in words if w.target and len(w.headword) >= MIN_ALIAS_CHARS
            and quick_fold(w.headword) in vocabulary}
    groups: dict[str, list[SynonymWord]] = {}
    for word in words:
        if word.group in used and word.expand != 2:
            groups.setdefault(word.group, []).append(word)
    for members in groups.values():
        targets = [(quick_fold(w.headword), w.lexeme) for w in members
                   if w.target and len(w.headword) >= MIN_ALIAS_CHARS]
        targets = [(term, lexeme) for term, lexeme in targets if term in vocabulary]
        for trigger in members:
            alias = quick_fold(trigger.headword)
            if not trigger.triggers or alias in art:
                continue
            for term, lexeme in targets:
                source = "sudachi-variant" if lexeme == trigger.lexeme else "sudachi-synonym"
                yield Alias(alias, term, _weight(source), source)


_KANJI_RE = re.compile(r"[\u4e00-\u9fff々]")


def head_verb_aliases(art: Iterable[str], vocabulary: set[str]) -> Iterator[Alias]:
    """``head-verb`` rows: each term of art (``art``, folded) that is a verb (動詞/一般) of
    one kanji before a verb of ``vocabulary`` whose reading ends its own (支払う, 払う) →
    from that verb.  Read with the system dictionary alone, readings on."""
    reader = Analysis(readings=True)
    for term in sorted(art):
        head = term[1:]
        if len(head) < MIN_ALIAS_CHARS or head not in vocabulary or not (
                _KANJI_RE.match(term) and _KANJI_RE.match(head)):
            continue
        whole, part = reader.kept(term), reader.kept(head)
        if (len(whole) == 1 and len(part) == 1 and whole[0].text == term and part[0].text == head
                and all(w.pos[:2] == ("動詞", "一般") for w in (whole[0], part[0]))
                and whole[0].reading.endswith(part[0].reading)):
            yield Alias(head, term, _weight("head-verb"), "head-verb")


_PLAIN_JAPANESE_RE = re.compile(r"[\u3041-\u3096\u30a1-\u30fa\u30fc\u4e00-\u9fff々]+")
_PLAIN_ASCII_RE = re.compile(r"[A-Za-z0-9'\-]+")


def quick_fold(text: str) -> str:
    """:func:`kb.normalize.fold` of a word, short-cut where fold would only lower the case
    (kana, kanji, plain Latin: nearly all of 92,000 synonyms and 28,000 card names)."""
    if _PLAIN_JAPANESE_RE.fullmatch(text):
        return text
    if _PLAIN_ASCII_RE.fullmatch(text):
        return text.lower()
    return fold(text)


# -- obsolete glossary terms ------------------------------------------------------------

_OBSOLETE_RE = re.compile(r"^\s*[(（]廃語[)）]")
_OLD_NAME_RE = re.compile(r"([^。、()（）「」\s]+?)の(?:古い|以前の)(?:呼び名|言い方|表現|名前|呼称)")
_NOW_RE = re.compile(r"「([^「」]+)」となっている")
_SEE_TITLE_RE = re.compile(r"〔([^〔〕]+)〕")


def obsolete_terms(graph: RuleGraph) -> dict[str, list[str]]:
    """Each (廃語) glossary headword → the current terms its definition names (folded).

    A term counts only if it is a headword of a current (not obsolete) glossary entry or
    a rule title: a definition that names no such term (マナ・バーン) gives nothing."""
    obsolete = {key: term for key, term in graph.glossary.items() if _is_obsolete(term)}
    current = {fold(piece) for key, term in graph.glossary.items() if key not in obsolete
               for piece in glossary_headwords(term.entry.headword)}
    titles = {fold(node.title.split("／")[0]) for node in graph if node.title}
    found: dict[str, list[str]] = {}
    for term in obsolete.values():
        definition = fold(term.entry.definition)  # no stray spaces: 追放 領域 is 追放領域
        named = [m.group(1) for m in _OLD_NAME_RE.finditer(definition)]
        named += [m.group(1) for m in _NOW_RE.finditer(definition)]
        named += [graph.glossary[k].entry.headword for k in term.see_also if k in graph.glossary]
        named += [m.group(1) for m in _SEE_TITLE_RE.finditer(definition)]
        pieces = [fold(p) for name in named for p in glossary_headwords(name)]
        new = list(dict.fromkeys(p for p in pieces if p in current or p in titles))
        if new:
            for old in map(fold, glossary_headwords(term.entry.headword)):
                found.setdefault(old, [])
                found[old] += [n for n in new if n not in found[old] and n != old]
    return {old: new for old, new in found.items() if new}


def _is_obsolete(term: GlossaryTerm) -> bool:
    return bool(_OBSOLETE_RE.match(term.entry.definition))


# -- katakana spelling variants ---------------------------------------------------------

_KATAKANA_RUN_RE = re.compile(r"[ァ-ヺー](?:[ァ-ヺー・･]*[ァ-ヺー])?")
def katakana_words(texts: Iterable[str]) -> set[str]:
    """Folded katakana words of the texts: each run, its pieces between middle dots, and
    the run with the dots dropped (フェイズ・アウト gives フェイズ, アウト, フェイズアウト)."""
    found: set[str] = set()
    for text in texts:
        for match in _KATAKANA_RUN_RE.finditer(text):
            run = match.group(0)
            found.update(re.split("[・･]", run))
            found.add(fold(run))
    return {word for word in found if len(word) >= MIN_SKELETON_CHARS}


def katakana_aliases(words: Iterable[str]) -> Iterator[Alias]:
    """Skeleton → word for the knowledge base's katakana words."""
    for word in sorted(words):
        skeleton = katakana_skeleton(word)
        if len(skeleton) >= MIN_SKELETON_CHARS:
            yield Alias(skeleton, word, _weight("katakana"), "katakana")


# -- English ------------------------------------------------------------------------------

_MARK_RE = re.compile(r"\s*\((?:n|v|\d+)\)\s*$", re.IGNORECASE)
_ENGLISH_RE = re.compile(r"^[a-z][a-z0-9'’ \-!.,]*$")
_FUNCTION_WORDS = frozenset({"of", "the", "a", "an", "to", "at", "from", "and", "or", "in",
                             "on", "for", "with", "by", "as"})


def english_aliases(graph: RuleGraph, english: Mapping[str, list[str]],
                    analysis: Analysis) -> list[Alias]:
    """The English map, and the ``日本語／English`` titles of rules and glossary entries."""
    rows = [Alias(_english_key(en), fold(ja), _weight("english"), "english")
            for en, names in english.items() for ja in names if _english_key(en)]
    pairs: list[tuple[str, str]] = []
    for node in graph:
        if node.title and "／" in node.title:
            ja, _, en = node.title.partition("／")
            pairs.append((ja, en))
    for term in graph.glossary.values():
        pieces = glossary_headwords(term.entry.headword)
        alternatives = [a for a in _MARK_RE.sub("", term.entry.english).split("/") if a.strip()]
        if len(pieces) == len(alternatives):
            pairs += list(zip(pieces, alternatives, strict=True))
        else:
            pairs += [(ja, en) for ja in pieces for en in alternatives]
    has_noun: dict[str, bool] = {}
    for ja, en in pairs:
        key, japanese = _english_key(en), fold(ja)
        if not key or not japanese or japanese.isascii():
            continue
        if japanese not in has_noun:
            has_noun[japanese] = any(w.pos[0] == "名詞" for w in analysis.words(japanese))
        source = "english" if has_noun[japanese] else "english-verb"
        rows.append(Alias(key, japanese, _weight(source), source))
    return rows


def _english_key(english: str) -> str:
    key = fold(_MARK_RE.sub("", english))
    return key if _ENGLISH_RE.match(key) else ""


def initialism_aliases(english_rows: Iterable[Alias]) -> list[Alias]:
    """Initials of multi-word English names: of every word (enters the battlefield: ETB),
    without a leading function word (at end of turn: EOT) and of the content words alone
    (converted mana cost: CMC).  An initialism that is itself a word of an English name
    (act, end) is left out."""
    rows = list(english_rows)
    english_words = {w for row in rows for w in re.split(r"[ \-]+", row.alias) if w}
    targets: dict[str, set[str]] = {}
    for row in rows:
        words = [w for w in re.split(r"[ \-]+", row.alias) if w]
        if len(words) < 2:
            continue
        content = [w for w in words if w not in _FUNCTION_WORDS]
        unled = words[1:] if words[0] in _FUNCTION_WORDS else words
        for chosen in {tuple(words), tuple(unled), tuple(content)}:
            initials = "".join(w[0] for w in chosen if w[0].isalpha())
            if len(initials) >= MIN_INITIALISM and len(initials) == len(chosen):
                targets.setdefault(initials, set()).add(row.term)
    return [Alias(initials, term, _weight("initialism"), "initialism")
            for initials, terms in sorted(targets.items())
            if len(terms) <= MAX_INITIALISM_TERMS and initials not in english_words
            for term in sorted(terms)]


# -- card names ---------------------------------------------------------------------------

_CARD_RE = re.compile(r"《([^《》]{1,60})》")


class CardName(NamedTuple):
    english: str
    japanese: str
    reading: str


def read_card_names(path: Path) -> list[CardName]:
    """``db_mtg.csv``: English name, Japanese name, hiragana reading, spoken reading."""
    names = []
    text = path.read_text(encoding="utf-8")
    for number, cells in enumerate(csv.reader(io.StringIO(text)), start=1):
        if not cells:
            continue
        if len(cells) < 3:
            raise KbError("expected English,Japanese,reading[,reading]", path, number)
        names.append(CardName(cells[0].strip(), cells[1].strip(), cells[2].strip()))
    return names


def card_name_aliases(cards: Iterable[CardName], mentioned: set[str]) -> Iterator[Alias]:
    """For the ``cards`` the knowledge base mentions (folded names in ``mentioned``):
    English and reading → Japanese, or Japanese → English where the English is written."""
    weight = _weight("card-name")
    for card in cards:
        japanese = quick_fold(card.japanese)
        if japanese in mentioned:
            yield Alias(quick_fold(card.english), japanese, weight, "card-name")
            if card.reading:
                yield Alias(quick_fold(card.reading), japanese, weight, "card-name")
        elif (english := quick_fold(card.english)) in mentioned:
            yield Alias(japanese, english, weight, "card-name")


# -- slang ------------------------------------------------------------------------------


def read_slang(path: Path) -> list[Alias]:
    """``alias<TAB>term<TAB>why`` rows; ``#`` starts a comment line."""
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").split("\n"), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if len(cells) != 3 or not cells[0].strip() or not cells[1].strip() or not cells[2].strip():
            raise KbError("expected alias<TAB>term<TAB>why", path, number)
        term = " ".join(fold(word) for word in cells[1].split())
        rows.append(Alias(fold(cells[0]), term, _weight("slang"), "slang"))
    return rows
