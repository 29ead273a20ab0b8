"""The build stages of search: ``dictionary`` (the MTG user dictionary and query tables)
and ``index`` (documents and the Whoosh index), both writing into ``<work>/search/``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

from kb.build.state import BuildState
from kb.search.layout import (
    ANALYSED_DIR,
    DICTIONARY_FILE,
    DOCUMENTS_FILE,
    ENGLISH_FILE,
    INDEX_DIR,
    META_FILE,
    META_SCHEMA,
    SEARCH_DIR,
    SOURCE_FILE,
    STAMP_FILE,
    TABLES_FILE,
)

if TYPE_CHECKING:
    from kb.search.document import SearchDocument
    from kb.search.index import EnglishDelta, EnglishRecord, Lengths


def build_dictionary(state: BuildState) -> None:
    """Derive the vocabulary from the graph, compile the user dictionary, write the
    query tables and the alias table (:mod:`kb.search.aliases`).

    What is derived from the candidate terms (the dictionary's rows, the English table,
    the variant spellings) is kept for the next build under a hash of everything it is
    derived from: the candidates, the glossary's readings and the name pairs.  Only
    which kanji spellings occur in the corpus is read from the corpus text each build."""
    from kb.build.reuse import Memo, digest
    from kb.search.aliases import ALIASES_FILE, alias_table, write_aliases
    from kb.search.analyzer import Analysis, forget_dictionaries, remembered_words
    from kb.search.tables import (
        QueryTables,
        VariantSpellings,
        alias_lookup,
        english_pairs,
        english_table_of,
        folded_corpus,
        glossary_readings,
        reading_table,
        variant_spellings,
        variant_table,
    )
    from kb.search.terms import candidates as term_candidates
    from kb.search.terms import derive_entries, kb_text_groups
    from kb.search.userdict import compile_user_dictionary, csv_rows

    folder = state.work / SEARCH_DIR
    analysis = Analysis()
    vocabulary: set[str] = set()
    groups = list(kb_text_groups(state.graph))  # every text, read once for the three passes
    found = term_candidates(state.graph, analysis, Memo(state.reuse, "compounds"), vocabulary, groups)
    readings = glossary_readings(state.graph)
    pairs = english_pairs(state.graph)
    key = digest(json.dumps(sorted((term, sorted(origins)) for term, origins in found.items()),
                            ensure_ascii=False),
                 json.dumps(readings, ensure_ascii=False, sort_keys=True),
                 json.dumps(pairs, ensure_ascii=False))
    memo = Memo(state.reuse, "dictionary")
    derived = memo.get(key)
    words = Memo(state.reuse, "words")
    if isinstance(derived, dict):
        words.carry_over()
    else:
        with remembered_words(words):
            entries = derive_entries(found, analysis, readings)
            spellings = variant_spellings(entries, found, analysis)
            english = english_table_of(pairs, analysis)
        derived = {"rows": csv_rows(entries), "entries": len(entries), "added": spellings.added,
                   "kanji": spellings.kanji, "english": english}
    memo.put(key, derived)
    corpus_text = folded_corpus(groups, Memo(state.reuse, "folded-texts"))
    variants = variant_table(VariantSpellings(derived["added"], derived["kanji"]), corpus_text)
    previous = None if state.options.clean else state.options.out / SEARCH_DIR
    compile_user_dictionary(derived["rows"], derived["entries"], folder, previous)
    with remembered_words(words):  # the English names' analyses, as the tables' were
        aliases = alias_table(state.graph, derived["english"], vocabulary, analysis,
                              memo=Memo(state.reuse, "aliases"), groups=groups)
    write_aliases(folder / ALIASES_FILE, aliases)
    lookup = alias_lookup((row.alias, row.term, row.weight) for row in aliases)
    _write_json(folder / TABLES_FILE, QueryTables(variants, derived["english"], lookup,
                                                  reading_table(state.graph)).to_json())
    forget_dictionaries()  # the index stage analyses with the user dictionary instead
    made = [SOURCE_FILE, DICTIONARY_FILE, STAMP_FILE] if derived["rows"] else [SOURCE_FILE]
    made += [TABLES_FILE, ALIASES_FILE]
    state.written.extend(f"{SEARCH_DIR}/{name}" for name in made)


def build_index(state: BuildState) -> None:
    """Make the search documents and index them with the user dictionary.

    Reused from the previous build when their inputs are unchanged: each document's name
    keys (by its names and the dictionary), and the index segment of the rules and
    glossary (by those documents and the dictionary; see :func:`write_index`)."""
    from kb.build.reuse import Memo, digest
    from kb.search.analysed import AnalysedStore
    from kb.search.analyzer import Analysis, name_key
    from kb.search.documents import search_documents
    from kb.search.index import (
        ENGLISH_DELTA,
        ENGLISH_SEGMENT,
        english_delta,
        segment_layout,
        write_index,
    )
    from kb.search.userdict import user_dictionary_in

    folder = state.work / SEARCH_DIR
    documents = search_documents(state.graph)
    user_dictionary = user_dictionary_in(folder)
    stamp = folder / STAMP_FILE
    dictionary_stamp = stamp.read_text(encoding="utf-8") if stamp.is_file() else "no dictionary"
    analysis = Analysis(user_dictionary)
    memo = Memo(state.reuse, "name-keys")
    def keys_of(names: list[str]) -> list[str]:
        key = digest(dictionary_stamp, *names)
        found = memo.get(key)
        if not isinstance(found, list):
            found = sorted({name_key(analysis.kept(name)) for name in names} - {""})
            memo.put(key, found)
        return found

    for document in documents:
        document.name_keys = keys_of(document.names)
        document.define_keys = keys_of(document.defines) if document.defines else []
        # The passage carrying a page's names (they begin with its title) gets the title's
        # key: a query equal to it puts the page first (PAGE_TITLE_TIER).
        title = keys_of([document.page]) if document.page and document.names else []
        document.title_key = title[0] if title else ""
    serialised = [json.dumps(d.to_json(), ensure_ascii=False, separators=(",", ":"))
                  for d in documents]
    (folder / DOCUMENTS_FILE).write_text(
        '{"documents":[' + ",".join(serialised) + "]}\n", encoding="utf-8")
    final = (state.options.out / SEARCH_DIR / DICTIONARY_FILE).resolve()
    # What each segment is made from: its documents, the dictionary (its stamp names the
    # CSV, the system dictionary and Sudachi), and the dictionary's final path, which the
    # analyzer pickled into the index remembers.
    # (The English segment's documents and the CR's without their English are made for
    # the index: serialised here.)
    record = {id(d): (d, text) for d, text in zip(documents, serialised, strict=True)}
    groups, english = segment_layout(documents)

    by_key = {d.key: (d, text) for d, text in zip(documents, serialised, strict=True) if d.english}

    def serialise(document: SearchDocument) -> str:
        # Each document once: the English ones are digested for their segment and each
        # alone.  (The record holds the document, so its id is not another's.)
        found = record.get(id(document))
        if found is None or found[0] is not document:
            text = _without_english(document, by_key.get(document.key))
            if text is None:
                text = json.dumps(document.to_json(), ensure_ascii=False, separators=(",", ":"))
            found = record[id(document)] = (document, text)
        return found[1]

    def keys(groups: list[tuple[str, list[SearchDocument]]]) -> dict[str, str]:
        return {segment: digest(dictionary_stamp, str(final), *map(serialise, group)) for segment, group in groups}

    def reusable_of(segments: dict[str, str]) -> dict[str, Path]:
        return {segment: previous_meta.parent / INDEX_DIR for segment, key in segments.items()
                if previous_meta is not None and before.get(segment) == key}

    segments = keys(groups)
    previous_meta = state.reuse.previous_file(f"{SEARCH_DIR}/{META_FILE}")
    before = _previous_segments(previous_meta) if previous_meta is not None else {}
    previous_english = _previous_english(previous_meta) if english is not None else None
    # The English segment: linked with the documents a release changed marked deleted,
    # and those written in a small segment of their own, when they are few.
    english_documents = dict(groups).get(ENGLISH_SEGMENT, [])
    english_digests = [digest(dictionary_stamp, str(final), serialise(d)) for d in english_documents]
    delta = english_delta(english_documents, english, english_digests, previous_english) \
        if english is not None and previous_meta is not None else None
    if delta is not None:
        english = delta.layout
        added = [english_documents[i] for i in delta.added]
        at = [segment for segment, _ in groups].index(ENGLISH_SEGMENT)
        groups[at:at + 1] = [(ENGLISH_SEGMENT, []), *([(ENGLISH_DELTA, added)] if added else [])]
        segments[ENGLISH_SEGMENT] = digest(before.get(ENGLISH_SEGMENT, ""), *map(str, delta.deleted))
        if added:
            segments[ENGLISH_DELTA] = digest(dictionary_stamp, str(final), *map(serialise, added))
    reusable = reusable_of(segments)
    if delta is not None and previous_meta is not None:
        reusable[ENGLISH_SEGMENT] = previous_meta.parent / INDEX_DIR
    # Documents unchanged since the previous build are not analysed again, even where
    # their segment is written again (a new release, a wiki edit): kb.search.analysed.
    previous_terms = previous_meta.parent / ANALYSED_DIR if previous_meta is not None else None
    terms = AnalysedStore(dictionary_stamp, folder / ANALYSED_DIR,
                          previous_terms if previous_terms is not None and previous_terms.is_dir() else None)
    lengths: dict[str, list[Lengths]] = {}
    linked = write_index(documents, folder / INDEX_DIR, user_dictionary, str(final) if user_dictionary else None,
                         reusable, terms, groups, {ENGLISH_SEGMENT: delta.deleted} if delta else None, lengths)
    if delta is not None and ENGLISH_SEGMENT not in linked:
        # The previous segment could not be linked after all: the English documents whole.
        shutil.rmtree(folder / INDEX_DIR)
        (folder / ANALYSED_DIR / f"{ENGLISH_DELTA}.bin").unlink(missing_ok=True)
        groups, english = segment_layout(documents)
        segments = keys(groups)
        delta, lengths = None, {}
        reusable = reusable_of(segments)
        write_index(documents, folder / INDEX_DIR, user_dictionary, str(final) if user_dictionary else None,
                    reusable, terms, groups, None, lengths)
    if english is not None:
        _write_json(folder / ENGLISH_FILE, _english_record(
            delta, lengths, english_digests, previous_english).to_json())
    kinds = {kind: sum(1 for d in documents if d.kind == kind) for kind in ("rule", "page", "glossary")}
    _write_json(folder / META_FILE, {
        "schema": META_SCHEMA,
        "build": state.build_id,
        "documents": kinds,
        "versions": state.graph.versions,
        "has_cr": any(source.kind == "cr" for source in state.graph.sources),
        "has_english": bool(state.graph.english_releases),
        "segments": segments,
        **({"english": english.to_json()} if english is not None else {}),
    })
    made = [DOCUMENTS_FILE, f"{INDEX_DIR}/", META_FILE, f"{ANALYSED_DIR}/"]
    state.written.extend(f"{SEARCH_DIR}/{name}" for name in [*made, *([ENGLISH_FILE] if english else [])])


def _previous_english(meta: Path | None) -> EnglishRecord | None:
    """The previous build's :class:`EnglishRecord`, if it has a readable one."""
    from kb.search.index import EnglishRecord

    if meta is None:
        return None
    try:
        return EnglishRecord.from_json(json.loads((meta.parent / ENGLISH_FILE).read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return None


def _english_record(delta: EnglishDelta | None, lengths: dict[str, list[Lengths]], digests: list[str],
                    previous: EnglishRecord | None) -> EnglishRecord:
    """What this build keeps of its English segments: the delta's record with the lengths
    of what it wrote, or every document with its lengths (the previous build's, when the
    segment was linked unchanged)."""
    from kb.search.index import ENGLISH_DELTA, ENGLISH_SEGMENT, EnglishRecord

    if delta is not None:
        return delta.written(lengths.get(ENGLISH_DELTA, []))
    measured = lengths.get(ENGLISH_SEGMENT)
    if measured is None:  # linked whole: its documents are the previous build's
        base = previous.segments.get(ENGLISH_SEGMENT) if previous is not None else None
        measured = [found for _, found in base] if base is not None and [d for d, _ in base] == digests else []
    if len(measured) != len(digests):  # not known: the next build writes the segment whole
        return EnglishRecord({}, [])
    return EnglishRecord({ENGLISH_SEGMENT: list(zip(digests, measured, strict=True))}, [])


def _previous_segments(meta: Path) -> dict[str, str]:
    """Segment id -> what it was made from, as the previous build recorded it."""
    try:
        value = json.loads(meta.read_text(encoding="utf-8")).get("segments")
    except (OSError, ValueError, AttributeError):
        return {}
    return {k: v for k, v in value.items() if isinstance(v, str)} if isinstance(value, dict) else {}


def _without_english(document: SearchDocument, original: tuple[SearchDocument, str] | None) -> str | None:
    """The serialised ``document`` when it is the CR's segment's copy of ``original``
    without its English text (:func:`kb.search.index.segment_layout`): ``original``'s text
    with the English taken out, not the whole document encoded again (3,000 rules a
    build); None when it is not such a copy or the text cannot be cut unambiguously."""
    if original is None or document.english or document.source is not original[0].source:
        return None
    english = original[0].english
    # In compact JSON a key's quote follows a comma only where it is a key (a quote
    # inside a string is escaped), and "english" is followed by "cites" only at the top.
    found = f',"english":{json.dumps(english, ensure_ascii=False)},"cites":'
    text = original[1]
    if text.count(found) != 1:
        return None
    cut = text.replace(found, ',"english":"","cites":')
    return cut


def _write_json(path: Path, data: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    # No indent: with one, json falls back to its pure-Python encoder (4-5x slower).
    path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
