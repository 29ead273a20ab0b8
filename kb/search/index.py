"""The Whoosh index of the search documents, written into the build and opened from it
(files as :mod:`kb.search.layout` describes)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kb.errors import KbError
from kb.search.analyzer import japanese_analyzer, register_user_dictionary
from kb.search.documents import FIELDS, SearchDocument, without_references
from kb.search.layout import (
    DICTIONARY_FILE,
    DOCUMENTS_FILE,
    INDEX_DIR,
    META_FILE,
    META_SCHEMA,
    SEARCH_DIR,
    TABLES_FILE,
)


def make_schema(user_dictionary: str | None, digest: str | None = None) -> Any:
    from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema

    analyzer = japanese_analyzer(user_dictionary, digest)
    # Character spans in the postings give highlights without re-analysing each hit.
    text_fields = {name: TEXT(analyzer=analyzer, phrase=True, chars=name in ("title", "body"))
                   for name in FIELDS}
    return Schema(
        key=ID(stored=True, unique=True),
        kind=ID(stored=True),
        rule=ID(stored=True),
        cites=KEYWORD(lowercase=True, commas=False, scorable=False),
        data=STORED(),
        **text_fields,
    )


def write_index(documents: list[SearchDocument], folder: Path, user_dictionary: str | None,
                final_dictionary: str | None = None) -> None:
    """Index ``documents`` into ``folder`` (created), analysing with ``user_dictionary``.

    ``final_dictionary`` is where the dictionary will be once the build is moved into
    place: the analyzer pickled into the index remembers that path (and the digest)."""
    from whoosh.index import create_in

    folder.mkdir(parents=True, exist_ok=True)
    digest = register_user_dictionary(user_dictionary) if user_dictionary else None
    index = create_in(str(folder), make_schema(final_dictionary or user_dictionary, digest))
    writer = index.writer(limitmb=256, codec=_one_named_segment())
    try:
        for document in documents:
            fields = {name: without_references(document.fields.get(name, "")) for name in FIELDS}
            writer.add_document(
                key=document.key,
                kind=document.kind,
                rule=document.rule or "",
                cites=" ".join(document.cites),
                data=document.to_json(),
                **{name: value for name, value in fields.items() if value},
            )
        writer.commit()
    except BaseException:
        writer.cancel()
        raise


SEGMENT_ID = "kbsearchsegment0"
"""The index is written once, as one segment: a fixed name instead of Whoosh's random
one keeps a build's file names the same from build to build."""


def _one_named_segment() -> Any:
    from whoosh.codec.whoosh3 import W3Codec, W3Segment

    class OneNamedSegment(W3Codec):  # type: ignore[misc]
        def new_segment(self, storage: Any, indexname: str) -> Any:
            # A plain codec in the segment: the index's table of contents pickles it.
            return W3Segment(W3Codec(), indexname, segid=SEGMENT_ID)

    return OneNamedSegment()


@dataclass
class OpenIndex:
    """An opened index with what it was built from."""

    index: Any
    meta: dict[str, Any]
    user_dictionary: str | None
    tables: dict[str, Any]


def open_index(build_dir: Path) -> OpenIndex:
    """Open ``<build_dir>/search``; a :class:`KbError` explains a missing or old build."""
    from whoosh.index import EmptyIndexError, open_dir

    folder = build_dir / SEARCH_DIR
    meta_path = folder / META_FILE
    if not meta_path.is_file():
        raise KbError("no search index in this build (run kb build first)", build_dir)
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    if meta.get("schema") != META_SCHEMA:
        raise KbError(f"search index schema {meta.get('schema')!r} is not {META_SCHEMA!r}; "
                      "rebuild with kb build", meta_path)
    try:
        index = open_dir(str(folder / INDEX_DIR))
    except (EmptyIndexError, OSError) as err:
        raise KbError(f"search index unreadable: {err}", folder / INDEX_DIR) from err
    tables = json.loads((folder / TABLES_FILE).read_text(encoding="utf-8"))
    dictionary = folder / DICTIONARY_FILE
    if dictionary.is_file():
        register_user_dictionary(dictionary)
    return OpenIndex(index, meta, str(dictionary) if dictionary.is_file() else None, tables)


def read_documents(build_dir: Path) -> list[SearchDocument]:
    path = build_dir / SEARCH_DIR / DOCUMENTS_FILE
    if not path.is_file():
        raise KbError("no search documents in this build (run kb build first)", build_dir)
    data = json.loads(path.read_text(encoding="utf-8"))
    return [SearchDocument.from_json(item) for item in data["documents"]]
