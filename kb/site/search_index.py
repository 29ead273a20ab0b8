"""The site's client-side search index: character bigrams over folded text, in shards.

The browser cannot run Sudachi, so both sides do only what both can do identically:
:func:`kb.normalize.fold`, the variant table (``apply_variants``), then character bigrams
of each run between separators.  ``static/normalize.js`` ports ``fold`` and
``apply_variants``; the shared vectors are checked in Python and in Chromium.  The
separators, the variants and the shard count travel in ``search/meta.js``, so the query
side reads them instead of repeating them.

Files (each a script that hands its data to ``static/search.js``; ``fetch`` of local files
is blocked on ``file://``, a ``<script>`` is not):

- ``search/meta.js``: counts, doc lengths and kinds, separators, variants, the character
  groups (:mod:`kb.site.search_groups`);
- ``search/index/G.js``: the postings of the grams of group G, and the names (with
  ``kb search``'s tiers), aliases and English names filed under it;
- ``search/words/N.js``: the complete postings of the grams of the katakana and Latin
  words filed there, and the names, aliases and English names whose key starts with such
  a word (:mod:`kb.site.search_words`);
- ``search/docs/S/K.js``: the documents K*S … K*S+S-1 (id, title, path, citation, text)
  for re-ranking and snippets, once in files of each size S of :data:`DOC_LEVELS`.

A query loads meta, the word files of its words, the groups of its other grams and names
(most often the same few files), and the documents of its top hits: in the files of the
sizes that bring them in the fewest bytes and requests (:data:`DOC_REQUEST_BYTES`).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from kb.build.reuse import digest
from kb.graph import RuleGraph, RuleNode
from kb.model import Bullet, BulletList, Paragraph, Section, WikiPage
from kb.normalize import apply_variants, fold
from kb.rulenum import Level
from kb.search.ranking import ALIAS_TIER_DROP, DEFINING_BOOST, KIND_PRIOR, VARIANT_SECTIONS
from kb.search.tables import QueryTables
from kb.site.jsdata import script_call
from kb.site.search_groups import group_characters, hiragana_trigrams
from kb.site.search_words import (
    FILE_BYTES,
    STEM,
    WORD_DOCS,
    leading_word,
    stem_file,
    word_file,
    words_of,
)
from kb.site.search_words import stem as stem_of
from kb.site.sitemap import SiteMap
from kb.site.urls import rule_path
from kb.sources.cards import card_names_in

FORMAT = "kb-site-search/4"
SEPARATORS = (" \t\n\r。、，,!！?？「」『』（）()［］[]〔〕【】{}｛｝<>＜＞:：;；\"'“”‘’"
              "/／|｜…‥―─—–-~～〜=＝*＊#＃•●◦▪→←↑↓")
"""Characters that end a run; bigrams never span them.  ``.`` is kept (rule numbers)."""
_SEPARATOR_RE = re.compile("[" + re.escape(SEPARATORS) + "]+")

KINDS = ("rule", "page", "glossary")
DEFINING_TIER, RULE_TIER, GLOSSARY_TIER, HEADING_TIER, PAGE_TIER = 4, 3, 2, 1, 1
"""kb search's name tiers (:mod:`kb.search.searcher`), for the browser."""
DOC_LEVELS = (4, 16, 64)
"""The documents are filed in order, once in files of each of these sizes (each divides
the next).  A query's ten hits sit in a few runs of the CR: 702.26d, 702.26g and 702.26b
with 110.5, 502.1 and 610.4a.  One size cannot serve both: at 8 a file the hits of a query
came from 6.2 files (the 278 queries of every set), at 32 from 5.1 at two and a half times
the bytes.  So ``search.js`` chooses, for the hits it has, the files of whichever sizes
cost least (:data:`DOC_REQUEST_BYTES`): a file of 64 where several hits sit near each
other, of 4 for a hit alone.  Simulated on the hits of sets 1-4 (the dev queries kept
apart): 8 a file 6.2 files and 9.2 kB a query; sizes 8 and 32, 5.1 files and 9.5 kB;
4, 16 and 64, 4.7 files and 9.8 kB (three copies on disk)."""
DOC_REQUEST_BYTES = 6_000
"""What a request is worth against bytes when ``search.js`` chooses document files (a
request's headers and its round trip on a slow link); on the hits of sets 1-4, with sizes
4, 16 and 64: 3,000 gave 5.1 files and 8.1 kB a query, 4,000 4.9 and 8.9 kB, 6,000 4.7 and
9.8 kB, 8,000 4.7 and 10.0 kB."""
DOC_GRAM_BYTES = 0.55
"""Compressed bytes of a document file per bigram of its documents (``meta.js``'s lengths),
with :data:`DOC_FILE_BYTES` for the file itself: fitted on the seeds + CR's files of every
size, so ``search.js`` weighs a file before loading it."""
DOC_FILE_BYTES = 230
"""A document file's own bytes beside its documents' (headers, the call around the rows)."""


def normalise(text: str, variants: dict[str, str]) -> str:
    return apply_variants(fold(text), variants)


_LONE_ALNUM_RE = re.compile(r"(?<![a-z0-9])[a-z0-9](?![a-z0-9])")


def grams(normalised: str) -> list[str]:
    """Character bigrams of each run between separators; a one-character run is itself.

    A lone Latin letter or digit inside a run (the ``x`` of ``xの値``, the ``0`` of
    ``ライフが0点``) is also kept by itself, so queries such as ``コスト X`` can match it.
    """
    found: list[str] = []
    for run in _SEPARATOR_RE.split(normalised):
        if len(run) == 1:
            found.append(run)
        elif run:
            found.extend(run_bigrams(run))
            found.extend(_LONE_ALNUM_RE.findall(run))
    return found


def run_bigrams(run: str) -> list[str]:
    """The bigrams of a run with no separator (a word of the word files is one)."""
    return [run[i:i + 2] for i in range(len(run) - 1)]


@dataclass(frozen=True)
class SearchDoc:
    id: str
    """``rule:702.26d``, ``page:フェイジング#ルール``, ``glossary:KEY``."""
    kind: str
    title: str
    path: str
    cite: str
    text: str
    """Shown in results, with the snippet highlighted."""
    extra: str = ""
    """Indexed but not shown: headings above, older wordings."""
    quoted: bool = False
    """A rule with text from a wiki page's citation block: its postings go in the
    ``quoted`` part, which an edit to a wiki page may change, not in ``core``."""
    titled_rule: bool = False
    """A rule of the CR's rule level (702.37) with a title of its own, which its subrules'
    titles show as their heading: a query word naming it puts them first, as in kb search
    (:data:`kb.search.searcher.NAMED_MIN_LEVEL`; a chapter's title does not count)."""
    names: tuple[tuple[str, int], ...] = ()
    """Exact names with their tier, as ``kb search`` ranks a query that is a name
    (:func:`kb.search.searcher._name_tier`): the concept's defining rule 4, another rule
    with text 3, the glossary entry 2, a heading without text or a wiki page 1."""


def collect_docs(graph: RuleGraph, sitemap: SiteMap) -> list[SearchDoc]:
    """Rules, glossary entries, then wiki pages (the order :func:`search_files` numbers)."""
    from kb.search.definitions import defined_names
    from kb.search.terms import glossary_headwords

    defined = defined_names(graph)
    docs = [_rule_doc(graph, node, defined) for node in graph if node.texts or node.titles]
    for key, term in graph.glossary.items():
        entry = term.entry
        title = f"{entry.headword or ''}（{entry.reading}）／{entry.english}"
        names = tuple((name, GLOSSARY_TIER) for name in [*glossary_headwords(entry.headword), entry.english]
                      if name)
        docs.append(SearchDoc(f"glossary:{key}", "glossary", title, sitemap.glossary[key],
                              f"用語集 {entry.version}", entry.definition, names=names))
    for page in sorted(graph.pages.values(), key=lambda p: p.title):
        docs.extend(_page_docs(page, sitemap))
    return docs


def _rule_names(graph: RuleGraph, node: RuleNode, defined: dict[str, list[str]]) -> tuple[tuple[str, int], ...]:
    from kb.search.documents import title_names
    from kb.search.terms import glossary_headwords

    own = title_names(node.title)
    for key in node.glossary:
        term = graph.glossary.get(key)
        if term is not None:
            own += [*glossary_headwords(term.entry.headword), term.entry.english]
    tier = RULE_TIER if node.texts else HEADING_TIER
    return (*((name, DEFINING_TIER) for name in defined.get(str(node.number), [])),
            *((name, tier) for name in own if name))


def _rule_doc(graph: RuleGraph, node: RuleNode, defined: dict[str, list[str]] | None = None) -> SearchDoc:
    number = node.number
    heading = node.title or next((graph.nodes[a].title for a in number.ancestors()
                                  if a in graph.nodes and graph.nodes[a].title), None)
    title = f"{number} {heading}" if heading else str(number)
    newest = node.texts[0] if node.texts else node.titles[0]
    text = newest.text if node.texts else ""
    examples = [f"例：{e.text}" for e in newest.examples] if node.texts else []
    older = [t.text for t in node.texts[1:] if t.text != newest.text]
    source = newest.source
    cite = f"{number} · {newest.version} · {PurePosixPath(source.path).name}:{source.line}"
    return SearchDoc(f"rule:{number}", "rule", title, rule_path(number), cite,
                     "\n".join([text, *examples]).strip(), "\n".join([heading or "", *older]),
                     quoted=node.quoted_by_wiki, names=_rule_names(graph, node, defined or {}),
                     titled_rule=bool(node.title) and number.level == Level.RULE)


def _page_docs(page: WikiPage, sitemap: SiteMap) -> list[SearchDoc]:
    path = sitemap.pages[page.title]
    lead = [f"{k}\t{v}" for k, v in page.infobox.items()] + _block_lines(page.lead)
    lead_text = "\n".join(lead)
    docs = [SearchDoc(f"page:{page.title}", "page", page.title, path, f"MTG Wiki · {page.title}",
                      lead_text, " ".join([page.english_name or "", *card_names_in(page, lead_text)]),
                      names=((page.title, PAGE_TIER),))]
    for section in page.sections:
        if section.citation is not None:
            continue  # the quoted rules are rule documents already
        docs.append(_section_doc(page, section, path))
    return docs


def _section_doc(page: WikiPage, section: Section, path: str) -> SearchDoc:
    text = "\n".join(_block_lines(section.blocks))
    return SearchDoc(f"page:{page.title}#{section.anchor}", "page", f"{page.title} › {section.title}",
                     f"{path}#{section.anchor}", f"MTG Wiki · {page.title} › {section.title}",
                     text, " ".join([page.title, section.title, *card_names_in(page, text)]))


def _block_lines(blocks: list[Paragraph | BulletList]) -> list[str]:
    lines: list[str] = []

    def walk(bullet: Bullet) -> None:
        lines.append(bullet.text)
        for child in bullet.children:
            walk(child)

    for block in blocks:
        if isinstance(block, Paragraph):
            lines.append(block.text)
        else:
            for item in block.items:
                walk(item)
    return lines


@dataclass
class IndexPart:
    """The postings of one group of documents (``core``, ``quoted`` or ``pages``), kept
    apart in the build's cache so that a rebuild indexes again only the parts whose
    documents changed; the files hold every part's postings together."""

    name: str
    numbers: list[int]
    """The site-wide numbers of its documents, ascending."""
    lengths: list[int]
    """Each document's length in bigrams, in the order of ``numbers``."""
    postings: dict[str, list[int]]
    """Gram → (site-wide document number, count) pairs, flat, numbers ascending."""
    words: dict[str, int]
    """Word (:func:`kb.site.search_words.words_of`) → how many of its documents hold it:
    the word files are chosen from these, so the texts are normalised once."""


def search_files(docs: list[SearchDoc], tables: QueryTables,
                 previous: PreviousPart | None = None) -> dict[str, str | Path]:
    """Every file of the search index, by site path.

    The documents are numbered rules and glossary first, wiki pages last, and their
    postings are made in three parts: ``core`` (the CR's rules and glossary, the bulk,
    which a wiki edit leaves alone), ``quoted`` (the rules with text a wiki page quotes)
    and ``pages``, the wiki pages in runs (:func:`page_chunks`); ``previous`` finds a part
    as the previous build made it when its documents and variants were the same.  The
    parts' postings are then filed together by group (:mod:`kb.site.search_groups`):
    ``search/index/G.js`` holds the postings of the grams of group G and the names,
    aliases and English names filed under it."""
    core_docs = [d for d in docs if d.kind != "page"]
    docs = core_docs + [d for d in docs if d.kind == "page"]
    numbered = list(enumerate(docs))
    cr = [(n, d) for n, d in numbered if d.kind != "page" and not d.quoted]

    def made(name: str, group: list[tuple[int, SearchDoc]]) -> IndexPart:
        return (previous and previous(name, group, tables.variants)) or index_part(name, group, tables.variants)

    parts = (made("core", cr), made("quoted", [(n, d) for n, d in numbered if d.quoted]))
    held: Counter[str] = Counter()
    for part in parts:
        held.update(part.words)
    merged = merged_postings(parts)
    # Each gram's postings grow a run at a time in one buffer of their ASCII digits: a
    # string for every gram of every run (millions at 10,000 wiki pages) held several
    # times the postings' size until they were joined.
    encoded = {gram: bytearray(encode_postings(found), "ascii") for gram, found in merged.items()}
    lengths = [0] * len(docs)
    for part in parts:
        for number, length in zip(part.numbers, part.lengths, strict=True):
            lengths[number] = length
    # The page runs, numbered from 0, follow every core document: each run's postings are
    # encoded on their own, the first gap counted from the gram's last document so far.
    last = {gram: found[-2] for gram, found in merged.items()}
    for first, chunk in page_chunks(docs, len(core_docs)):
        run = made("pages", list(enumerate(chunk)))
        for gram, relative in run.postings.items():
            piece = encode_postings(relative, last.get(gram, 0) - first).encode("ascii")
            if gram in encoded:
                encoded[gram] += piece
            else:
                encoded[gram] = bytearray(piece)
            last[gram] = first + relative[-2]
        lengths[first:first + len(run.lengths)] = run.lengths
        held.update(run.words)
    postings = {gram: found.decode("ascii") for gram, found in encoded.items()}
    del encoded
    names = (("n", name_table(docs, tables.variants)), ("a", alias_table(tables)),
             ("e", dict(sorted(tables.english.items()))))
    # A gram's bytes in its file: its key and its postings, quoted, with a colon and a comma.
    sizes = {gram: len(gram) + len(found) + 6 for gram, found in postings.items()}
    for _, table in names:
        for key, entry in table.items():
            if leading_word(key) is None:
                sizes[key[:2]] = sizes.get(key[:2], 0) + len(key) + len(json.dumps(entry, ensure_ascii=False))
    groups = group_characters(sizes, {gram: len(found) // 2 for gram, found in merged.items()},
                              trigrams=hiragana_trigrams(indexed_text(doc) for doc in docs))
    files: dict[str, str | Path] = {}
    files.update(doc_files(docs))
    meta = {
        "format": FORMAT,
        "docs": len(docs),
        "groups": groups.groups,
        "splitGroups": groups.split,
        "restGroups": groups.rest,
        "kanaGroups": groups.kana,
        "docLevels": DOC_LEVELS,
        "docRequestBytes": DOC_REQUEST_BYTES + DOC_FILE_BYTES,
        "docGramBytes": DOC_GRAM_BYTES,
        "averageLength": sum(lengths) / len(lengths) if lengths else 0,
        "lengths": "".join(map(varint, lengths)),
        "kinds": "".join(str(KINDS.index(d.kind)) for d in docs),
        "kindWeights": [KIND_PRIOR[k] for k in KINDS],  # kb search's own
        "variantSections": VARIANT_SECTIONS,
        "variantRanges": variant_ranges(docs),
        "separators": SEPARATORS,
        "variants": tables.variants,
        "aliasTierDrop": ALIAS_TIER_DROP,
        "definingBoost": DEFINING_BOOST,
        "titledRules": titled_rules(docs),
    }
    word_count, word_filed = word_files(held, postings)
    meta["wordFiles"] = word_count
    meta["wordStem"] = STEM
    filed: list[dict[str, dict[str, object]]] = [{"p": {}, "n": {}, "a": {}, "e": {}} for _ in range(groups.count)]
    for gram in sorted(postings):
        filed[groups.of(gram)]["p"][gram] = postings[gram]
    for kind, table in names:
        for key, found in table.items():
            lead = leading_word(key)
            if lead is None:
                filed[groups.of_key(key)][kind][key] = found
            else:
                word_filed[word_file(lead, word_count)][kind][key] = found
    for number, content in enumerate(filed):
        files[f"search/index/{number}.js"] = script_call("searchIndex", number, content)
    for number, content in enumerate(word_filed):
        files[f"search/words/{number}.js"] = script_call("searchWords", number, content)
    files["search/meta.js"] = script_call("searchMeta", meta)
    return files


def word_files(held: Counter[str],
               postings: dict[str, str]) -> tuple[int, list[dict[str, dict[str, object]]]]:
    """How many word files (:mod:`kb.site.search_words`) and each one's postings: the
    complete postings of every gram of every word ``held`` by enough documents whose
    stem the file holds (names, aliases and English names are added by the caller)."""
    grams_by_stem: dict[str, set[str]] = {}
    for word, count in held.items():
        if count >= WORD_DOCS:
            grams_by_stem.setdefault(stem_of(word), set()).update(run_bigrams(word))
    total = sum(len(postings[gram]) for found in grams_by_stem.values() for gram in found if gram in postings)
    count = max(1, -(-total // FILE_BYTES))
    filed: list[dict[str, dict[str, object]]] = [{"p": {}, "n": {}, "a": {}, "e": {}} for _ in range(count)]
    for word_stem, found in grams_by_stem.items():
        table = filed[stem_file(word_stem, count)]["p"]
        for gram in found:
            if gram in postings:
                table[gram] = postings[gram]
    for content in filed:
        content["p"] = dict(sorted(content["p"].items()))
    return count, filed


def doc_files(docs: list[SearchDoc]) -> dict[str, str]:
    """``search/docs/S/K.js`` for each size S of :data:`DOC_LEVELS`: the rows of documents
    K*S … K*S+S-1, handed to ``kb.searchDocs`` with the number of the first."""
    rows = [doc_row(d) for d in docs]
    files: dict[str, str] = {}
    for size in DOC_LEVELS:
        for first in range(0, len(rows), size):
            files[f"search/docs/{size}/{first // size}.js"] = script_call("searchDocs", first, rows[first:first + size])
    return files


def doc_row(doc: SearchDoc) -> list[str]:
    """[id, title, path, cite, text] as ``search/docs/S/K.js`` holds it: a rule's title and
    citation without the number they start with, and its path empty when it is the rule's
    own page (``search.js``'s ``docRow`` puts them back)."""
    if doc.kind == "rule":
        number = doc.id[len("rule:"):]
        if doc.title.startswith(number) and doc.cite.startswith(number):
            path = "" if doc.path == f"rules/{number}.html" else doc.path
            return [doc.id, doc.title[len(number):], path, doc.cite[len(number):], doc.text]
    return [doc.id, doc.title, doc.path, doc.cite, doc.text]


def titled_rules(docs: list[SearchDoc]) -> dict[str, str]:
    """The rules of the CR's rule level with a title of their own, as chapter → runs of
    numbers (``{"702": "2-189"}``: 263 numbers in 90 bytes), for the browser's
    ``withinNamed``."""
    numbers: dict[str, list[int]] = {}
    for doc in docs:
        if doc.titled_rule:
            chapter, rule = doc.id[len("rule:"):].split(".")
            numbers.setdefault(chapter, []).append(int(rule))
    runs: dict[str, str] = {}
    for chapter, found in numbers.items():
        pieces: list[list[int]] = []
        for number in sorted(found):
            if pieces and number == pieces[-1][1] + 1:
                pieces[-1][1] = number
            else:
                pieces.append([number, number])
        runs[chapter] = ",".join(f"{a}-{b}" if b > a else str(a) for a, b in pieces)
    return runs


PAGE_CHUNK = 8
"""A wiki page starts a new run of the ``pages`` part about once in this many pages (where
its title's hash says so): an edit makes again the postings of its run alone."""


def page_chunks(docs: list[SearchDoc], start: int) -> list[tuple[int, list[SearchDoc]]]:
    """The wiki page documents from ``start`` on in runs of whole pages, each with the
    site-wide number of its first document.  A run begins where a page's title hash says
    (content-defined, so adding or removing a page changes the runs beside it alone);
    its postings are made with numbers from 0, so a run made by the previous build serves
    though the documents before it changed in number."""
    chunks: list[tuple[int, list[SearchDoc]]] = []
    page = None
    for number in range(start, len(docs)):
        doc = docs[number]
        title = doc.id.partition("#")[0]
        if title != page:
            page = title
            if not chunks or int(digest(title)[:8], 16) % PAGE_CHUNK == 0:
                chunks.append((number, []))
        chunks[-1][1].append(doc)
    return chunks


def merged_postings(parts: tuple[IndexPart, ...]) -> dict[str, list[int]]:
    """Each gram's postings of every part, document numbers ascending."""
    merged: dict[str, list[int]] = {}
    for part in parts:
        for gram, found in part.postings.items():
            if gram in merged:
                pairs = sorted(zip(merged[gram][0::2] + found[0::2], merged[gram][1::2] + found[1::2],
                                   strict=True))
                merged[gram] = [n for pair in pairs for n in pair]
            else:
                merged[gram] = found
    return merged


def name_table(docs: list[SearchDoc], variants: dict[str, str]) -> dict[str, list[list[int]]]:
    """Normalised name (no spaces) → [[doc number, tier], …], highest tier first."""
    table: dict[str, dict[int, int]] = {}
    for number, doc in enumerate(docs):
        for name, tier in doc.names:
            key = "".join(normalise(name, variants).split())
            if key:
                found = table.setdefault(key, {})
                found[number] = max(tier, found.get(number, 0))
    return {key: sorted(([n, t] for n, t in found.items()), key=lambda pair: (-pair[1], pair[0]))
            for key, found in sorted(table.items())}


def variant_ranges(docs: list[SearchDoc]) -> list[list[float]]:
    """[first, last, weight] of each run of documents that are rules of a variant section
    (:data:`kb.search.ranking.VARIANT_SECTIONS`), by site-wide number: the browser weighs a
    candidate without loading its document."""
    ranges: list[list[float]] = []
    for number, doc in enumerate(docs):
        section = doc.id[len("rule:")] if doc.kind == "rule" else ""
        weight = VARIANT_SECTIONS.get(section)
        if weight is None:
            continue
        if ranges and ranges[-1][1] == number - 1 and ranges[-1][2] == weight:
            ranges[-1][1] = number
        else:
            ranges.append([number, number, weight])
    return ranges


def alias_key(text: str) -> str:
    """How both sides look an alias up: folded, without spaces (counter target spell,
    デッキ切れ); a katakana word is also looked up by its skeleton (``search.js``)."""
    return "".join(fold(text).split())


def alias_table(tables: QueryTables) -> dict[str, list[list[str | float]]]:
    """Alias key → [[term, weight], …] from the build's alias table (``search/aliases.tsv``,
    the one ``kb search`` expands with), each term normalised as the index is."""
    table: dict[str, list[list[str | float]]] = {}
    for alias, found in sorted(tables.aliases.items()):
        key = alias_key(alias)
        rows = table.setdefault(key, [])
        for term, weight in found:
            normalised = normalise(term, tables.variants)
            if key and normalised and normalised != key and all(r[0] != normalised for r in rows):
                rows.append([normalised, weight])
        if not rows:
            del table[key]
    return table


PreviousPart = Callable[[str, list[tuple[int, SearchDoc]], dict[str, str]], IndexPart | None]
"""Given a part's name, its documents (with their numbers) and the variants, the previous
build's part if it was made from the same, else None."""


def part_key(name: str, docs: list[tuple[int, SearchDoc]], variants: dict[str, str]) -> str:
    """What a part's files are made from: its name, its documents and their numbers, and the
    variants."""
    return digest(name, json.dumps(variants, ensure_ascii=False, sort_keys=True),
                  *(f"{n}\t{d.id}\t{d.kind}\t{d.title}\t{d.text}\t{d.extra}" for n, d in docs))


def index_part(name: str, docs: list[tuple[int, SearchDoc]], variants: dict[str, str]) -> IndexPart:
    """Postings of ``docs`` (site-wide number, document; numbers ascending)."""
    postings: dict[str, list[int]] = {}
    lengths: list[int] = []
    words: Counter[str] = Counter()
    for number, doc in docs:
        normalised = normalise(indexed_text(doc), variants)
        counts = Counter(grams(normalised))
        lengths.append(sum(counts.values()))
        for gram, count in counts.items():
            postings.setdefault(gram, []).extend((number, count))
        words.update(set(words_of(normalised)))
    return IndexPart(name, [n for n, _ in docs], lengths, postings, dict(words))


def indexed_text(doc: SearchDoc) -> str:
    """The text a document's grams and words are taken from."""
    return f"{doc.title}\n{doc.text}\n{doc.extra}"


DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"
"""The 64 characters of the numbers in postings and lengths: none needs escaping in JSON."""


def _varint(number: int) -> str:
    out = []
    value = number
    while value >= 32:
        out.append(DIGITS[32 + (value & 31)])
        value >>= 5
    out.append(DIGITS[value])
    return "".join(out)


_SMALL_VARINTS = [_varint(n) for n in range(1024)]
"""Most gaps and counts are small: their strings made once."""


def varint(number: int) -> str:
    """``number`` in :data:`DIGITS`, five bits a character, lowest first; a character of
    the upper half (32-63) says another follows.  ``search.js`` reads it back."""
    return _SMALL_VARINTS[number] if 0 <= number < 1024 else _varint(number)


def read_varints(text: str) -> list[int]:
    """The numbers :func:`varint` wrote, in order."""
    numbers: list[int] = []
    value = shift = 0
    for char in text:
        digit = DIGITS.index(char)
        value |= (digit & 31) << shift
        if digit >= 32:
            shift += 5
        else:
            numbers.append(value)
            value = shift = 0
    if shift:
        raise ValueError(f"unfinished number at the end of {text[-8:]!r}")
    return numbers


def encode_postings(flat: list[int], previous: int = 0) -> str:
    """(doc, count) pairs, doc numbers ascending, as one string: each doc number as the gap
    from the one before, doubled, plus one when a count other than 1 follows (most counts
    are 1 and take no character).  A string of digits is about a tenth smaller compressed
    than the JSON array of the same numbers.  ``previous`` is the document before the
    first (a run of pages numbered from 0 continues another's string)."""
    out: list[str] = []
    small = _SMALL_VARINTS
    for i in range(0, len(flat), 2):
        doc, count = flat[i], flat[i + 1]
        gap = 2 * (doc - previous)
        previous = doc
        if count == 1:
            out.append(small[gap] if gap < 1024 else _varint(gap))
        else:
            out.append(small[gap + 1] if gap < 1023 else _varint(gap + 1))
            out.append(small[count] if count < 1024 else _varint(count))
    return "".join(out)


def decode_postings(text: str) -> list[int]:
    """The (doc, count) pairs of :func:`encode_postings`, flat, doc numbers absolute."""
    numbers = read_varints(text)
    flat: list[int] = []
    doc = i = 0
    while i < len(numbers):
        doc += numbers[i] >> 1
        if numbers[i] & 1:
            flat.extend((doc, numbers[i + 1]))
            i += 2
        else:
            flat.extend((doc, 1))
            i += 1
    return flat
