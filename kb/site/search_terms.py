"""The site search's term index: ``kb search``'s own terms, for a browser port of its ranking
(issue 13 goal 4).

The browser cannot run Sudachi.  It can cut a query with a dictionary of the surfaces the
corpus holds (:class:`Segmenter`: each surface → the term Sudachi gave it most often, the
cheapest cut) and rank with ``kb search``'s rules over the terms of ``kb search``'s own
index.  Measured before building it (``bench/site_terms.py``): that ranking stays within
0.02 of ``kb search`` on every query set.  This module writes what such a port reads:

- ``search/terms/meta.js``: the groups of the files below, the documents' count (the idf's
  N), each term document's site document (``kb search`` indexes a wiki section as several
  passages, the site shows it as one document), the headings without text, the brief
  subrules (:func:`brief_subrules`), and the dictionary's surfaces that start with
  hiragana or a symbol (particles, endings, する, ？: every query has some, so they come
  with the file every query loads first);
- ``search/terms/runs/N.js``: the rest of the dictionary as the query's cut reads it.  The
  cut looks up the surfaces that may start at each character; filed by their first
  characters, a query's took a file for nearly every character (8-9 a dev query).  So each
  *run* of the texts (kanji, katakana or Latin characters between hiragana, spaces and
  symbols: 状況起因処理, フェイズアウト, 0枚) is filed by its hash with every surface a cut
  may take in it and their rows (:func:`run_surfaces`): a query's run the texts hold takes
  one file.  ``search/terms/cut/N.js``: the same surfaces by their first character's hash,
  for a run the texts do not hold (one file a character);
- ``search/terms/G.js``: the term postings, the names and the site's alias and
  English-name tables, each filed by the group of a two-character key
  (:mod:`kb.site.search_groups`; characters joined by how many documents hold them side by
  side, as the bigram index's are): an alias or an English name by its first two
  characters, a term's postings and English stems by those of the surface that most often
  gives the term (its *home*: いる for 居る), a name by its first word's home, and a
  glossary headword's kinds (``kb search``'s ``Searcher.kind_table``: 墓地 → 領域) by the
  headword's home, beside its postings;
- ``search/terms/pos/G.js``: for the closeness bonus (``kb search``'s ``_proximity``), each
  term's word positions in the fields the bonus reads (``PROXIMITY_FIELDS``: the text and
  the heading, as Whoosh records them) with its BM25 score in that field, filed in the
  group of the term's postings: a query of two words or more loads those of its words only
  (:func:`position_rows`).

A dictionary row is ``[term, cost, role, units, home]`` (:func:`dictionary_rows`); a
posting string holds (term document, score) pairs as :func:`kb.site.search_index.encode_postings`
writes them, the score ``kb search``'s BM25F summed over the fields at their weights
(``FIELD_WEIGHTS``), in units of 1/:data:`QUANTUM`.
"""

from __future__ import annotations

import functools
import itertools
import math
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kb.normalize import fold
from kb.site.jsdata import script_call
from kb.site.search_groups import group_characters, is_hiragana, shard_of
from kb.site.search_index import encode_postings, varint

if TYPE_CHECKING:
    from kb.search.analyzer import Word
    from kb.search.searcher import Searcher

TERMS_FORMAT = "kb-site-terms/6"
QUANTUM = 4
"""Term scores are kept to a quarter point: the ranking is the same as unrounded on every
set (``bench.site_terms --quantise 4``); whole points lose one query of set 3."""
COST_QUANTUM = 10
"""A dictionary word's cost is kept to a tenth (:class:`Segmenter`)."""
WORD_COST = 2.0
UNKNOWN_COST = 25.0
RUN_COST = 14.0
CUT_FILE_BYTES = 10_000
"""About the bytes (before compression) of a file of the surfaces by their first character."""
RUN_FILE_BYTES = 4_000
"""About the bytes (before compression) of a file of the texts' runs: a query loads one a
run (dev queries: 8,000 7.1 kB a query for the runs, 4,000 4.6 kB)."""
TERM_GROUP_BYTES = 5_000
"""Most bytes (before compression) a group of the term files is joined up to (dev queries,
``bench.site_network --call searchByTerms``, the median: 5,000 15 requests and 56.7 kB;
8,000 61.4 kB; 3,000 with run files of 2,000 bytes 16 requests and 51.8 kB)."""
ENGLISH_PREFIX = "\x01"
"""An English stem's postings are filed under this prefix (``english`` field), apart from
the Japanese terms: ``kb search`` adds them at ``ENGLISH_WEIGHT`` for a word typed in Latin."""

Entry = tuple[str, tuple[str, ...], tuple[str, ...]]
"""A surface's term, part of speech and mode-A units (as :class:`Word` holds them)."""

UNKNOWN_POS = ("名詞", "普通名詞", "一般", "*", "*", "*")
SYMBOL_POS = ("補助記号", "一般", "*", "*", "*", "*")
NUMBER_POS = ("名詞", "数詞", "*", "*", "*", "*")


# -- the dictionary and the segmenter ---------------------------------------------------


def corpus_dictionary(searcher: Searcher) -> tuple[dict[str, Entry], dict[str, int]]:
    """Each folded surface of the indexed texts → the analysis Sudachi gave it most often,
    and how often it occurs."""
    seen: dict[str, dict[Entry, int]] = {}
    analysis = searcher.analysis
    for stored in searcher.searcher.all_stored_fields():
        for text in (stored["data"].get("fields") or {}).values():
            if not isinstance(text, str):
                continue
            for word in analysis.words(text):
                surface = fold(word.surface)
                if not surface.strip():
                    continue  # a space: the segmenter's own
                entry = (word.text, word.pos, tuple(p.text for p in word.parts))
                counts = seen.setdefault(surface, {})
                counts[entry] = counts.get(entry, 0) + 1
    # Ties go by the analysis itself, not by the order the index holds the documents in
    # (which an incremental build may change).
    return ({surface: max(counts, key=lambda e: (counts[e], e)) for surface, counts in seen.items()},
            {surface: sum(counts.values()) for surface, counts in seen.items()})


def word_costs(counts: Mapping[str, int]) -> dict[str, float]:
    """-log of each surface's share of the corpus's words, plus :data:`WORD_COST` (fewer,
    longer words win over pieces), to a tenth: what the browser's segmenter adds up."""
    total = sum(counts.values()) or 1
    return {s: round((math.log(total / max(1, n)) + WORD_COST) * COST_QUANTUM) / COST_QUANTUM
            for s, n in counts.items()}


def script(char: str) -> str:
    """The script a character is of, as the segmenter groups runs."""
    name = unicodedata.name(char, "")
    if "KATAKANA" in name or char == "ー":
        return "katakana"
    if char.isascii() and char.isalnum():
        return "latin"
    if "HIRAGANA" in name:
        return "hiragana"
    return "kanji" if "CJK" in name else "symbol"


@functools.cache
def script_ranges() -> list[list[Any]]:
    """[script, first, last] of each run of code points :func:`script` calls kana or kanji
    (Latin is ASCII, the rest symbols): the browser's segmenter reads them from
    ``search/terms/meta.js`` rather than knowing Unicode's names."""
    ranges: list[list[Any]] = []
    for code in range(0x110000):
        kind = script(chr(code))
        if kind in ("katakana", "hiragana", "kanji"):
            if ranges and ranges[-1][0] == kind and ranges[-1][2] == code - 1:
                ranges[-1][2] = code
            else:
                ranges.append([kind, code, code])
    return ranges


class Segmenter:
    """The cheapest cut of a query into the dictionary's surfaces, as the browser runs it:
    each word costs :func:`word_costs` (a common word is cheap: が+いる before がい+る,
    は+いつ before はい+つ); a katakana or Latin run no entry covers whole is one unknown
    word at :data:`RUN_COST` (ライブラリ, cmc), any other character one by itself at
    :data:`UNKNOWN_COST`."""

    def __init__(self, table: dict[str, Entry], counts: Mapping[str, int]):
        self.table = table
        self.longest = max(map(len, table), default=1)
        costs = word_costs(counts)
        self.cost = {s: costs.get(s, WORD_COST) for s in table}

    def words(self, text: str) -> list[Word]:
        folded = fold(text)
        return [self._word(folded, a, b) for a, b in cheapest_cut(folded, self.cost, self.longest)]

    def _word(self, folded: str, start: int, end: int) -> Word:
        from kb.search.analyzer import POWER_TOUGHNESS_RE, Part, Word

        surface = folded[start:end]
        if POWER_TOUGHNESS_RE.fullmatch(surface):
            return Word(surface, surface, start, end, NUMBER_POS, "", False)
        entry = self.table.get(surface)
        if entry is None:
            unknown = SYMBOL_POS if script(surface[0]) == "symbol" or surface.isspace() else UNKNOWN_POS
            return Word(surface, surface, start, end, unknown, "", True)
        text, pos, units = entry
        return Word(text, surface, start, end, pos, "", False, tuple(Part(u, start, end) for u in units))


def read_as_the_port(searcher: Searcher) -> Segmenter:
    """``searcher`` made to read a query as the site's port does (for the tests and the
    bench; returns the segmenter): cut by the dictionary of the corpus's surfaces (:class:`Segmenter`), with the
    glossary kinds the term files hold, read with the searcher's own analysis of each
    definition before the cut replaces it (the dictionary's cut joins カード・タイプ)."""
    kinds = searcher.kind_table()
    segmenter = Segmenter(*corpus_dictionary(searcher))
    searcher.analysis.words = segmenter.words  # type: ignore[method-assign]
    searcher.kinds_of = lambda text: kinds.get(text, [])  # type: ignore[method-assign]
    return segmenter


def cheapest_cut(folded: str, cost: Mapping[str, float], longest: int) -> list[tuple[int, int]]:
    """The spans of the cheapest cut of ``folded`` into the surfaces ``cost`` prices
    (:class:`Segmenter`): ``static/search-terms.js``'s ``cheapestCut`` does the same.  A power
    and toughness (2/2, +1/+1) is one word; ties go to the cut found first (the
    shortest step from the earliest start)."""
    from kb.search.analyzer import POWER_TOUGHNESS_RE

    fixed = {m.start(): m.end() for m in POWER_TOUGHNESS_RE.finditer(folded)}
    size = len(folded)
    best: list[tuple[float, int]] = [(0.0, 0)] + [(float("inf"), 0)] * size
    for i in range(size):
        spent = best[i][0]
        if spent == float("inf"):
            continue
        steps: list[tuple[int, float]] = []
        if i in fixed:
            steps.append((fixed[i], WORD_COST))
        for length in range(1, min(longest, size - i) + 1):
            surface = folded[i:i + length]
            if surface in cost:
                steps.append((i + length, cost[surface]))
        kind = script(folded[i])
        if kind in ("katakana", "latin") and (i == 0 or script(folded[i - 1]) != kind):
            end = i
            while end < size and script(folded[end]) == kind:
                end += 1
            steps.append((end, RUN_COST))
        steps.append((i + 1, UNKNOWN_COST))
        for end, step in steps:
            if spent + step < best[end][0]:
                best[end] = (spent + step, i)
    cuts = []
    end = size
    while end > 0:
        cuts.append((best[end][1], end))
        end = best[end][1]
    return list(reversed(cuts))


def role_flag(entry: Entry, titled: Callable[[str], bool] | None = None) -> int:
    """How ``kb search``'s query reader treats the word (:func:`kb.search.query._add_words`):
    0 dropped (a particle), 1 weak (optional), 2 content (required), 3 content but
    optional (a question's frame: どう, 何回), 4 content (required), a verb that no
    heading or headword holds (``titled``: whether a term is in the index's ``title``
    field), which a question's coverage weighs less (``Searcher._plain_verb``)."""
    from kb.search.analyzer import DROPPED_POS, WEAK_POS
    from kb.search.questions import is_optional_content, is_verb

    text, pos, _ = entry
    if pos[0] in DROPPED_POS:
        return 0
    if pos[0] in WEAK_POS or pos[1] == "非自立可能":
        return 1
    if is_optional_content(text, pos):
        return 3
    return 4 if titled is not None and is_verb(pos) and not titled(text) else 2


def homes(table: Mapping[str, Entry], counts: Mapping[str, int]) -> dict[str, str]:
    """Each term → the surface under whose key its postings are filed: the term itself when
    it is a surface of the dictionary or a compound's unit or joined units (which a query
    looks up by their text), else the surface that most often gives it (いる for 居る;
    ties: the shorter, then the first in order)."""
    own = set(table)
    for _, _, units in table.values():
        if units:
            own.update(units)
            own.add("".join(units))
    best: dict[str, tuple[int, int, str]] = {}
    for surface, (term, _, _) in table.items():
        rank = (counts.get(surface, 0), -len(surface), surface)
        if term not in best or rank[:2] > best[term][:2] or (rank[:2] == best[term][:2] and surface < best[term][2]):
            best[term] = rank
    return {term: term if term in own else rank[2] for term, rank in best.items()}


def dictionary_rows(table: Mapping[str, Entry], counts: Mapping[str, int],
                    home: Mapping[str, str], titled: Callable[[str], bool] | None = None) -> dict[str, list[Any]]:
    """Surface → ``[term, cost, role, units, home]``: the term ("" when it is the surface),
    the segmenter's cost, :func:`role_flag`, the mode-A units of a compound (empty for one
    unit) and the surface whose group holds the term's postings ("" when it is this one)."""
    costs = word_costs(counts)
    rows: dict[str, list[Any]] = {}
    for surface in sorted(table):
        entry = table[surface]
        term, _, units = entry
        where = home.get(term, term)
        rows[surface] = [term if term != surface else "", costs.get(surface, WORD_COST), role_flag(entry, titled),
                         list(units), where if where != surface else ""]
    return rows


# -- the postings ---------------------------------------------------------------------


@dataclass
class TermDocuments:
    """``kb search``'s documents numbered for the site: in the order of the site documents
    they show as (so the map is a run of small gaps), with each one's site number."""

    keys: list[str]
    site: list[int]
    docnum: dict[int, int]
    """Whoosh's document number → term document number."""


def site_key(key: str) -> str:
    """The site document a ``kb search`` document shows as: the same key, but a wiki
    passage (``page:T#anchor-2``, ``page:T#lead-0``) shows as its section (``page:T#anchor``)
    or its page (``page:T``)."""
    if not key.startswith("page:") or "#" not in key:
        return key
    page, _, passage = key.partition("#")
    anchor = passage.rpartition("-")[0]
    return page if anchor == "lead" else f"{page}#{anchor}"


def term_documents(searcher: Searcher, site_ids: list[str]) -> TermDocuments:
    """Every document of the index with the site document it shows as.  One the site does
    not have could not be shown: it is left out (``dropped`` in ``meta.js``; none in any
    build the tests make)."""
    number = {key: n for n, key in enumerate(site_ids)}
    found: list[tuple[int, str, int]] = []
    for docnum, stored in searcher.searcher.reader().iter_docs():
        key = stored["data"]["key"]
        shown = number.get(site_key(key))
        if shown is None and key.startswith("page:"):
            shown = number.get(key.partition("#")[0])  # a passage of a section the site folds in its page
        if shown is not None:
            found.append((shown, key, docnum))
    found.sort()
    return TermDocuments([k for _, k, _ in found], [s for s, _, _ in found],
                         {docnum: n for n, (_, _, docnum) in enumerate(found)})


def term_postings(searcher: Searcher, documents: TermDocuments,
                  kept: dict[tuple[str, str], dict[int, float]] | None = None) -> dict[str, dict[int, int]]:
    """Each term of the index → term document → its BM25F score summed over the fields at
    ``kb search``'s ``FIELD_WEIGHTS``, in units of 1/:data:`QUANTUM`, at least 1; each
    English stem (under :data:`ENGLISH_PREFIX`) at ``ENGLISH_WEIGHT``.  ``kept`` receives
    each (field, term)'s own scores of the fields the closeness bonus reads, for
    :func:`position_rows` (read once: reading them costs most of this)."""
    from kb.search.document import FIELDS
    from kb.search.english import ENGLISH_FIELD, ENGLISH_WEIGHT
    from kb.search.searcher import FIELD_WEIGHTS, PROXIMITY_FIELDS

    weights = {**FIELD_WEIGHTS, ENGLISH_FIELD: ENGLISH_WEIGHT}
    scores: dict[str, dict[int, float]] = {}
    reader = searcher.searcher.reader()
    for name in (*FIELDS, ENGLISH_FIELD):
        prefix = ENGLISH_PREFIX if name == ENGLISH_FIELD else ""
        for raw in reader.lexicon(name):
            text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
            found = scores.setdefault(prefix + text, {})
            own = searcher.postings.term(name, text)
            if kept is not None and name in PROXIMITY_FIELDS:
                kept[(name, text)] = own
            for docnum, value in own.items():
                number = documents.docnum.get(docnum)
                if number is not None:
                    found[number] = found.get(number, 0.0) + value * weights[name]
    return {t: {d: max(1, round(v * QUANTUM)) for d, v in found.items()} for t, found in scores.items() if found}


def encoded(postings: Mapping[int, int]) -> str:
    flat: list[int] = []
    for number in sorted(postings):
        flat += [number, postings[number]]
    return encode_postings(flat)


def position_rows(searcher: Searcher, documents: TermDocuments,
                  scores: Mapping[tuple[str, str], dict[int, float]] | None = None) -> dict[str, list[str]]:
    """Each term of the fields the closeness bonus reads → one string a field, in
    ``PROXIMITY_FIELDS``' order ("" where the term is not in it): for each term document
    holding it, ascending, the gap from the one before, the term's BM25 score in the field
    (1/:data:`QUANTUM` points, at least 1, unweighted: the bonus weighs it), the count of
    its positions, the first position and the gaps to the next, as :func:`varint` numbers.
    ``scores``: the fields' scores :func:`term_postings` kept (else read again)."""
    from kb.search.searcher import PROXIMITY_FIELDS

    rows: dict[str, list[str]] = {}
    reader = searcher.searcher.reader()
    for column, name in enumerate(PROXIMITY_FIELDS):
        for raw in reader.lexicon(name):
            text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
            own = scores[(name, text)] if scores is not None and (name, text) in scores \
                else searcher.postings.term(name, text)
            found = sorted((documents.docnum[d], own[d], p)
                           for d, p in searcher.postings.positions(name, text).items() if d in documents.docnum)
            if not found:
                continue
            parts: list[str] = []
            previous = 0
            for number, score, positions in found:
                parts += [varint(number - previous), varint(max(1, round(score * QUANTUM))), varint(len(positions))]
                parts += [varint(b - a) for a, b in zip([0, *positions], positions, strict=False)]
                previous = number
            rows.setdefault(text, [""] * len(PROXIMITY_FIELDS))[column] = "".join(parts)
    return rows


def name_rows(searcher: Searcher, documents: TermDocuments) -> dict[str, list[int]]:
    """Name key (words' terms, space-separated) → flat (term document, flags) pairs: 1 a
    name of the document, 2 a concept it defines, 4 its title as typed
    (``kb search``'s ``_name_tier``)."""
    flags: dict[str, dict[int, int]] = {}
    for docnum, stored in searcher.searcher.reader().iter_docs():
        data = stored["data"]
        number = documents.docnum.get(docnum)
        if number is None:
            continue
        for flag, keys in ((1, data.get("name_keys") or []), (2, data.get("define_keys") or []),
                           (4, [data["title_key"]] if data.get("title_key") else [])):
            for key in keys:
                found = flags.setdefault(key, {})
                found[number] = found.get(number, 0) | flag
    return {key: [v for number in sorted(found) for v in (number, found[number])]
            for key, found in sorted(flags.items())}


def term_files(searcher: Searcher, site_ids: list[str], aliases: Mapping[str, object] | None = None,
               english: Mapping[str, object] | None = None) -> dict[str, str]:
    """Every file of the term index (see the module's docstring), by site path.
    ``aliases`` and ``english``: the site's alias and English-name tables
    (:func:`kb.site.search_index.alias_table`, ``QueryTables.english``), filed here too by
    the group of their key's first two characters, which the query's cut has loaded."""
    table, counts = corpus_dictionary(searcher)
    documents = term_documents(searcher, site_ids)
    field_scores: dict[tuple[str, str], dict[int, float]] = {}
    postings = term_postings(searcher, documents, field_scores)
    home = homes(table, counts)
    rows = dictionary_rows(table, counts, home, lambda term: bool(searcher.postings.term("title", term)))
    names = name_rows(searcher, documents)

    def key_of_term(term: str) -> str:
        if term.startswith(ENGLISH_PREFIX):
            return term[len(ENGLISH_PREFIX):]  # an English stem: by itself
        return home.get(term, term)

    filed: list[tuple[str, str, str, object]] = []  # (kind, filing key, entry key, value)
    kana: dict[str, list[Any]] = {}
    for surface, row in rows.items():
        if not in_run(surface[0]):
            kana[surface] = row
        else:
            filed.append(("d", surface, surface, row))
    for term, found in sorted(postings.items()):
        filed.append(("p", key_of_term(term), term, encoded(found)))
    for key, pairs in names.items():
        filed.append(("n", key_of_term(key.split(" ")[0]), key, pairs))
    for term, kinds in searcher.kind_table().items():
        # Each kind as the port's words hold it: [term, mode-A units, home of its postings].
        filed.append(("k", key_of_term(term), term,
                      [[k.text, [p.text for p in k.parts], key_of_term(k.text)] for k in kinds]))
    for kind, lookup in (("a", aliases or {}), ("e", english or {})):
        filed += [(kind, key, key, value) for key, value in sorted(lookup.items()) if key]
    # The dictionary's surfaces (what the query's cut reads, at every character) are filed
    # apart from the rest (postings, names, kinds, aliases: read for the words the cut
    # found), each in groups of its own: the cut's files hold no postings, and a word's
    # postings come without the surfaces of its neighbours.
    sizes: dict[str, int] = {}
    cut_sizes: dict[str, int] = {}
    for kind, filing, entry, value in filed:
        size = len(entry) + len(value) + 6 if isinstance(value, str) else len(entry) + 4 * len(str(value)) // 3
        into = cut_sizes if kind == "d" else sizes
        into[filing[:2]] = into.get(filing[:2], 0) + size
    # Characters are joined by how many documents hold them side by side in the text, as
    # the bigram index's groups are: the cut looks up the surfaces that may start at each
    # character of the query, and a word's characters then share a file.
    adjacent, runs = text_pairs_and_runs(searcher)
    for gram in adjacent:
        sizes.setdefault(gram, 0)
    groups = group_characters(sizes, adjacent, TERM_GROUP_BYTES)
    # The surfaces by their first character's hash (search/terms/cut/N.js): what the cut
    # reads for a run the texts do not hold (:func:`run_surfaces`), one file a character.
    cut_count = max(1, -(-sum(cut_sizes.values()) // CUT_FILE_BYTES))
    files: list[dict[str, dict[str, object]]] = [{"p": {}, "n": {}, "a": {}, "e": {}, "k": {}}
                                                 for _ in range(groups.count)]
    surfaces: list[dict[str, object]] = [{} for _ in range(cut_count)]
    for kind, filing, entry, value in filed:
        if kind == "d":
            surfaces[shard_of(entry[0], cut_count)][entry] = value
        else:
            files[groups.of_key(filing)][kind][entry] = value
    # The runs of the texts, each with the surfaces a cut may take in it, filed by the
    # run's hash: a query's run the texts hold takes one file for its cut, not one group a
    # character (the files above are for the runs the texts do not hold).
    by_run = run_surfaces(runs, (s for s in rows if s not in kana), max(map(len, rows), default=1))
    run_bytes = sum(len(run) + sum(len(s) + len(str(rows[s])) for s in held) for run, held in by_run.items())
    run_count = max(1, -(-run_bytes // RUN_FILE_BYTES))
    run_files: list[dict[str, dict[str, Any]]] = [{"r": {}, "d": {}} for _ in range(run_count)]
    for run, held in sorted(by_run.items()):
        run_file = run_files[shard_of(run, run_count)]
        run_file["r"][run] = held
        run_file["d"].update((s, rows[s]) for s in held)
    site_map = "".join(varint(b - a) for a, b in zip([0, *documents.site], documents.site, strict=False))
    headings = [n for n, docnum in sorted((n, d) for d, n in documents.docnum.items())
                if _is_heading(searcher, docnum)]
    rule_number = {key[len("rule:"):]: n for n, key in enumerate(documents.keys) if key.startswith("rule:")}
    parents = [n - rule_number.get(str(_parent_rule(key)), n) for n, key in enumerate(documents.keys)]
    brief = brief_subrules(searcher, documents)
    meta = {
        "format": TERMS_FORMAT,
        "documents": searcher.postings.documents,
        "dropped": searcher.postings.documents - len(documents.keys),
        "site": site_map,
        "headings": "".join(varint(b - a) for a, b in zip([0, *headings], headings, strict=False)),
        "groups": groups.groups,
        "splitGroups": groups.split,
        "restGroups": groups.rest,
        "cutFiles": cut_count,
        "runFiles": run_count,
        "quantum": QUANTUM,
        "english": ENGLISH_PREFIX,
        "scripts": script_ranges(),
        "runScripts": list(RUN_SCRIPTS),
        "longest": max(map(len, rows), default=1),
        "costs": {"word": WORD_COST, "unknown": UNKNOWN_COST, "run": RUN_COST},
        "parents": "".join(varint(gap) for gap in parents),
        "brief": "".join(varint(b - a) for a, b in zip([0, *brief], brief, strict=False)),
        "weights": ranking_weights(),
        # Every query's cut reads the surfaces led by hiragana or a symbol: in the file every query loads first.
        "kana": kana,
    }
    out = {f"search/terms/{n}.js": script_call("searchTerms", n, content) for n, content in enumerate(files)}
    out.update({f"search/terms/cut/{n}.js": script_call("searchTermSurfaces", n, rows)
                for n, rows in enumerate(surfaces)})
    out.update({f"search/terms/runs/{n}.js": script_call("searchTermRuns", n, content)
                for n, content in enumerate(run_files)})
    located: list[dict[str, list[str]]] = [{} for _ in range(groups.count)]
    for term, row in sorted(position_rows(searcher, documents, field_scores).items()):
        located[groups.of_key(key_of_term(term))][term] = row
    # Every group's file, empty or not: the browser loads a word's by its group alone.
    out.update({f"search/terms/pos/{n}.js": script_call("searchTermPositions", n, rows)
                for n, rows in enumerate(located)})
    out["search/terms/meta.js"] = script_call("searchTermsMeta", meta)
    return out


def text_pairs_and_runs(searcher: Searcher) -> tuple[dict[str, int], set[str]]:
    """Each two characters, neither hiragana, side by side in the folded indexed texts →
    how many documents hold them; and every run of the texts (:func:`runs_of`)."""
    found: dict[str, int] = {}
    runs: set[str] = set()
    for stored in searcher.searcher.all_stored_fields():
        held: set[str] = set()
        for text in (stored["data"].get("fields") or {}).values():
            if isinstance(text, str):
                folded = fold(text)
                held.update(folded[i:i + 2] for i in range(len(folded) - 1))
                runs.update(folded[a:b] for a, b in runs_of(folded))
        for gram in held:
            if not gram[0].isspace() and not gram[1].isspace() and not is_hiragana(gram[0]) \
                    and not is_hiragana(gram[1]) and gram[0] != gram[1]:
                found[gram] = found.get(gram, 0) + 1
    return found, runs


RUN_SCRIPTS = ("kanji", "katakana", "latin")


@functools.cache
def in_run(char: str) -> bool:
    """A character of a run: kanji, katakana or Latin (:func:`script`)."""
    return script(char) in RUN_SCRIPTS


def runs_of(folded: str) -> list[tuple[int, int]]:
    """The spans of the runs of kanji, katakana and Latin characters of a folded text
    (状況起因処理, フェイズアウト, 0枚): the words of a query stand in them, between its
    hiragana, spaces and symbols."""
    spans = []
    i = 0
    while i < len(folded):
        if in_run(folded[i]):
            end = i
            while end < len(folded) and in_run(folded[end]):
                end += 1
            spans.append((i, end))
            i = end
        else:
            i += 1
    return spans


def run_surfaces(runs: Iterable[str], surfaces: Iterable[str], longest: int) -> dict[str, list[str]]:
    """Each run of the texts → every surface of the dictionary the cut of a query holding
    that run may take at one of its characters: those inside the run, and those that
    start inside it and go on past its end (飛ばさ after 飛).  A query's run found here
    needs no other file for its cut."""
    known = set(surfaces)
    past: dict[str, list[str]] = {}  # the part in a run → the surfaces going on past it
    for surface in known:
        if not in_run(surface[0]):
            continue
        end = next((i for i, c in enumerate(surface) if not in_run(c)), len(surface))
        if end < len(surface):
            past.setdefault(surface[:end], []).append(surface)
    found: dict[str, list[str]] = {}
    for run in runs:
        held: set[str] = set()
        for start in range(len(run)):
            held.update(run[start:end] for end in range(start + 1, min(len(run), start + longest) + 1)
                        if run[start:end] in known)
            held.update(past.get(run[start:], ()))
        found[run] = sorted(held)
    return found


def brief_subrules(searcher: Searcher, documents: TermDocuments) -> list[int]:
    """The term documents of the subrules ``kb search`` calls brief (their text under a
    share of their rule's, ``kb.search.searcher.is_brief_subrule``), in order: the port
    has no document's text to measure."""
    from kb.search.document import SearchDocument
    from kb.search.searcher import is_brief_subrule

    found = []
    for docnum, n in documents.docnum.items():
        document = SearchDocument.from_json(searcher.searcher.stored_fields(docnum)["data"])
        if document.kind == "rule" and is_brief_subrule(document.fields.get("body", ""),
                                                        searcher.rule_text(document)):
            found.append(n)
    return sorted(found)


def _parent_rule(key: str) -> object:
    """The rule of the CR's rule level a subrule is under (702.2 of 702.2b), or None: kb
    search's ``_within_named`` looks no higher (``NAMED_MIN_LEVEL``)."""
    from kb.rulenum import Level, RuleNumber

    number = RuleNumber.try_parse(key[len("rule:"):]) if key.startswith("rule:") else None
    if number is None:
        return None
    return next((a for a in number.ancestors() if a.level == Level.RULE), None)


def ranking_weights() -> dict[str, object]:
    """``kb search``'s ranking constants, one definition for both sides."""
    from kb.search import query, searcher
    from kb.search.questions import HOW_MANY_LENGTH, HOW_MANY_PREFIX
    from kb.search.ranking import ALIAS_TIER_DROP, DEFINING_BOOST, KIND_PRIOR, VARIANT_SECTIONS

    return {
        "coveragePower": searcher.COVERAGE_POWER, "optional": searcher.OPTIONAL_WEIGHT,
        "candidates": searcher.CANDIDATES, "unitsBelow": searcher.UNITS_FALLBACK_BELOW,
        "headingPrior": searcher.HEADING_PRIOR, "definingBoost": DEFINING_BOOST,
        "compoundUnits": query.COMPOUND_UNITS_WEIGHT, "aliasTierDrop": ALIAS_TIER_DROP,
        "kind": searcher.KIND_WEIGHT, "plainVerb": searcher.PLAIN_VERB_WEIGHT,
        "questionGlossary": searcher.QUESTION_GLOSSARY_WEIGHT,
        "kindPrior": KIND_PRIOR, "variantSections": VARIANT_SECTIONS,
        "tiers": {"exact": searcher.EXACT_NAME_TIER, "defining": searcher.DEFINING_TIER,
                  "heading": searcher.HEADING_TIER, "definition": searcher.DEFINITION_TIER,
                  "pageTitle": searcher.PAGE_TITLE_TIER},
        "maxAliasWords": query.MAX_ALIAS_WORDS,
        "howMany": {"prefix": HOW_MANY_PREFIX, "length": HOW_MANY_LENGTH},
        "proximity": {"weight": searcher.PROXIMITY_WEIGHT, "slop": searcher.PROXIMITY_SLOP,
                      "fields": [[name, searcher.FIELD_WEIGHTS[name]] for name in searcher.PROXIMITY_FIELDS]},
    }


def _is_heading(searcher: Searcher, docnum: int) -> bool:
    """A rule without text of its own (``kb search``'s ``HEADING_PRIOR`` and tier)."""
    data = searcher.searcher.stored_fields(docnum)["data"]
    return bool(data.get("kind") == "rule" and not (data.get("fields") or {}).get("body"))


def read_script(text: str) -> list[Any]:
    """The arguments of a ``kb.NAME(ARGS);`` file (:func:`kb.site.jsdata.script_call`)."""
    import json

    return list(json.loads("[" + text[text.index("(") + 1:text.rindex(")")] + "]"))


class TermIndex:
    """The term index as a site holds it, read as the browser reads it: what a query's
    surfaces, terms and names find, and which files that takes (for tests and the bench)."""

    def __init__(self, folder: Path):
        from kb.site.search_groups import Groups
        from kb.site.search_index import read_varints

        self.folder = folder
        self.meta = read_script((folder / "meta.js").read_text(encoding="utf-8"))[0]
        self.groups = Groups(self.meta["groups"], self.meta["restGroups"], self.meta["splitGroups"])
        self.site = list(itertools.accumulate(read_varints(self.meta["site"])))
        self.kana: dict[str, list[Any]] = self.meta["kana"]
        self._files: dict[int, dict[str, dict[str, Any]]] = {}
        self._surfaces: dict[int, dict[str, list[Any]]] = {}

    def _numbered(self, folder: Path, number: int) -> Any:
        """The content of the numbered file ``folder/N.js``, which must say it is number N."""
        path = folder / f"{number}.js"
        found = read_script(path.read_text(encoding="utf-8"))
        if found[0] != number:
            raise ValueError(f"{path} holds file {found[0]}")
        return found[1]

    def file(self, number: int) -> dict[str, dict[str, Any]]:
        if number not in self._files:
            self._files[number] = self._numbered(self.folder, number)
        return self._files[number]

    def row(self, surface: str) -> list[Any] | None:
        """The dictionary's row of a folded surface, or None."""
        if not in_run(surface[0]):
            return self.kana.get(surface)
        found: list[Any] | None = self.surfaces(shard_of(surface[0], self.meta["cutFiles"])).get(surface)
        return found

    def all_rows(self) -> dict[str, list[Any]]:
        """The whole dictionary: the meta's surfaces and every group's of the cut."""
        rows = dict(self.kana)
        for number in range(self.meta["cutFiles"]):
            rows.update(self.surfaces(number))
        return rows

    def runs(self, number: int) -> dict[str, dict[str, Any]]:
        """A file of the texts' runs (``search/terms/runs/N.js``): ``r`` each run → its
        surfaces, ``d`` their rows."""
        return dict(self._numbered(self.folder / "runs", number))

    def surfaces(self, number: int) -> dict[str, list[Any]]:
        """The dictionary's rows of a group of the cut (``search/terms/cut/G.js``)."""
        if number not in self._surfaces:
            self._surfaces[number] = self._numbered(self.folder / "cut", number)
        return self._surfaces[number]

    def postings(self, term: str, home: str | None = None) -> dict[int, int]:
        """Term document → score (1/``quantum`` points) of ``term`` (an English stem after
        :data:`ENGLISH_PREFIX`), filed under ``home`` (the term itself when not given)."""
        from kb.site.search_index import decode_postings

        text = self.file(self.groups.of_key(home or term))["p"].get(term)
        flat = decode_postings(text) if text else []
        return dict(zip(flat[0::2], flat[1::2], strict=True))

    def positions(self, term: str, home: str | None = None) -> list[dict[int, tuple[int, list[int]]]]:
        """For each field of the bonus (``PROXIMITY_FIELDS``): term document → (score in
        1/``quantum`` points, positions) of ``term``, filed under ``home``
        (:func:`position_rows`)."""
        from kb.site.search_index import read_varints

        path = self.folder / "pos" / f"{self.groups.of_key(home or term)}.js"
        row = read_script(path.read_text(encoding="utf-8"))[1].get(term) if path.is_file() else None
        out: list[dict[int, tuple[int, list[int]]]] = []
        for text in row or []:
            numbers = read_varints(text)
            found: dict[int, tuple[int, list[int]]] = {}
            number = i = 0
            while i < len(numbers):
                number += numbers[i]
                count = numbers[i + 2]
                found[number] = (numbers[i + 1], list(itertools.accumulate(numbers[i + 3:i + 3 + count])))
                i += 3 + count
            out.append(found)
        return out

    def table(self, kind: str, key: str) -> Any:
        """What the alias (``a``) or English-name (``e``) table files under ``key``, read
        where the browser looks (the group of the key's first two characters), or None."""
        return self.file(self.groups.of_key(key))[kind].get(key)

    def kinds(self, term: str, home: str | None = None) -> list[list[Any]]:
        """The kinds of a glossary headword (``[term, units, home]`` each), read where the
        browser looks: the group of the headword's postings."""
        found: list[list[Any]] = self.file(self.groups.of_key(home or term))["k"].get(term, [])
        return found

    def names(self, key: str, home: str | None = None) -> dict[int, int]:
        """Term document → flags of a name key (:func:`name_rows`)."""
        pairs = self.file(self.groups.of_key(home or key.split(" ")[0]))["n"].get(key, [])
        return dict(zip(pairs[0::2], pairs[1::2], strict=True))
