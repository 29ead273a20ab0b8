"""The build stages of search: ``dictionary`` (the MTG user dictionary and query tables)
and ``index`` (documents and the Whoosh index), both writing into ``<work>/search/``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

from kb.search.layout import (
    DICTIONARY_FILE,
    DOCUMENTS_FILE,
    INDEX_DIR,
    META_FILE,
    META_SCHEMA,
    SEARCH_DIR,
    SOURCE_FILE,
    STAMP_FILE,
    TABLES_FILE,
)

if TYPE_CHECKING:
    from kb.build import BuildState
    from kb.search.documents import SearchDocument


def build_dictionary(state: BuildState) -> None:
    """Derive the vocabulary from the graph, compile the user dictionary, write the
    query tables."""
    from kb.reuse import Memo
    from kb.search.analyzer import Analysis, forget_dictionaries
    from kb.search.tables import query_tables, vocabulary
    from kb.search.userdict import build_user_dictionary

    folder = state.work / SEARCH_DIR
    analysis = Analysis()
    words = vocabulary(state.graph, analysis, Memo(state.reuse, "compounds"))
    entries = words.entries
    previous = None if state.options.clean else state.options.out / SEARCH_DIR
    build_user_dictionary(entries, folder, previous=previous)
    tables = query_tables(state.graph, words)
    _write_json(folder / TABLES_FILE, tables.to_json())
    forget_dictionaries()  # the index stage analyses with the user dictionary instead
    made = [SOURCE_FILE, DICTIONARY_FILE, STAMP_FILE] if entries else [SOURCE_FILE]
    made.append(TABLES_FILE)
    state.written.extend(f"{SEARCH_DIR}/{name}" for name in made)


def build_index(state: BuildState) -> None:
    """Make the search documents and index them with the user dictionary."""
    from kb.search.analyzer import Analysis, name_key
    from kb.search.documents import search_documents
    from kb.search.index import write_index
    from kb.search.userdict import user_dictionary_in

    folder = state.work / SEARCH_DIR
    documents = search_documents(state.graph)
    user_dictionary = user_dictionary_in(folder)
    analysis = Analysis(user_dictionary)
    for document in documents:
        keys = {name_key(analysis.kept(name)) for name in document.names}
        document.name_keys = sorted(keys - {""})
    _write_json(folder / DOCUMENTS_FILE, {"documents": [d.to_json() for d in documents]})
    final = (state.options.out / SEARCH_DIR / DICTIONARY_FILE).resolve()
    stable_key = _stable_segment_key(documents, folder, str(final))
    previous = state.reuse.previous_file(f"{SEARCH_DIR}/{META_FILE}")
    stable_from = None
    if previous is not None and _previous_stable_key(previous) == stable_key:
        stable_from = previous.parent / INDEX_DIR
    write_index(documents, folder / INDEX_DIR, user_dictionary,
                str(final) if user_dictionary else None, stable_from)
    kinds = {kind: sum(1 for d in documents if d.kind == kind) for kind in ("rule", "page", "glossary")}
    _write_json(folder / META_FILE, {
        "schema": META_SCHEMA,
        "build": state.build_id,
        "documents": kinds,
        "versions": state.graph.versions,
        "has_cr": any(source.kind == "cr" for source in state.graph.sources),
        "stable_segment": stable_key,
    })
    state.written.extend(f"{SEARCH_DIR}/{name}" for name in (DOCUMENTS_FILE, f"{INDEX_DIR}/", META_FILE))


def _stable_segment_key(documents: list[SearchDocument], folder: Path, final: str) -> str:
    """What the rules-and-glossary segment is made from: its documents, the user dictionary
    (its stamp names the CSV, the system dictionary and Sudachi) and where it will be."""
    from kb.reuse import digest

    stamp = folder / STAMP_FILE
    parts = [json.dumps(d.to_json(), ensure_ascii=False, sort_keys=True)
             for d in documents if d.kind != "page"]
    return digest(stamp.read_text(encoding="utf-8") if stamp.is_file() else "no dictionary",
                  final, *parts)


def _previous_stable_key(meta: Path) -> str | None:
    try:
        value = json.loads(meta.read_text(encoding="utf-8")).get("stable_segment")
    except (OSError, ValueError, AttributeError):
        return None
    return value if isinstance(value, str) else None


def _write_json(path: Path, data: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    # No indent: with one, json falls back to its pure-Python encoder (4-5x slower).
    path.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
