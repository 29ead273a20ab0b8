"""The Whoosh index of the search documents, written into the build and opened from it
(files as :mod:`kb.search.layout` describes)."""

from __future__ import annotations

import dataclasses
import functools
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kb.build.reuse import digest as content_digest
from kb.errors import KbError
from kb.search.analysed import AnalysedStore
from kb.search.analyzer import field_postings, japanese_analyzer, register_user_dictionary
from kb.search.document import FIELDS, SearchDocument, without_references
from kb.search.english import ENGLISH_FIELD, english_analyzer
from kb.search.layout import (
    DICTIONARY_FILE,
    DOCUMENTS_FILE,
    INDEX_DIR,
    META_FILE,
    META_SCHEMA,
    SEARCH_DIR,
)
from kb.search.tables import QueryTables
from kb.search.whoosh_internals import (
    Posting,
    analysed_by,
    leftovers,
    lengths_read_once,
    named_segment_codec,
    postings_by_term,
    previous_segments,
    segment_file,
    segment_id,
    segments_of,
    with_deleted,
    write_segments,
)


def make_schema(user_dictionary: str | None, digest: str | None = None) -> Any:
    from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema

    analyzer = japanese_analyzer(user_dictionary, digest)
    # Character spans in the postings give highlights without re-analysing each hit.
    text_fields = {name: TEXT(analyzer=analyzer, phrase=True, chars=name in ("title", "body"))
                   for name in FIELDS}
    text_fields[ENGLISH_FIELD] = TEXT(analyzer=english_analyzer(), phrase=True, chars=True)
    return Schema(
        key=ID(stored=True, unique=True),
        kind=ID(stored=True),
        rule=ID(stored=True),
        cites=KEYWORD(lowercase=True, commas=False, scorable=False),
        data=STORED(),
        **text_fields,
    )


PAGES_PER_BUCKET = 600
"""Wiki pages per segment, once there are more than two segments' worth: an edit to one
page analyses again only its segment's pages.  Smaller segments would make an edit's
rewrite smaller, but every query pays for each segment: with the wiki pages of a
1,000-page export in 7 segments of ~140 (9 in all) instead of 2 of ~480, the dev queries
took 35–60% more CPU (mean 18.5–22 ms against 13.9 ms, p99 50–57 ms against 35 ms;
bench/RESULTS.md, the wiki at scale)."""
MAX_PAGE_BUCKETS = 16
SEGMENT_ORDER = ("kbsearchcr", "kbsearchen", "kbsearchquoted", "kbsearchpages")
"""Documents are spread over segments so that a rebuild analyses again only the segments
whose documents changed: the CR's rules and its glossary in Japanese (``kbsearchcr00``),
their English texts (``kbsearchen00``: see :data:`ENGLISH_SEGMENT`), the rules some wiki
page quotes (``kbsearchquoted00``: an edit to a quote changes them), and the wiki pages
(``kbsearchpagesNN``, by a hash of the title).  Every segment costs each query a lookup,
though: with the CR, warm p99 was 16 ms with two segments, 17 ms with three, 20 ms with
four and 50 ms with twenty (``bench.search``'s latency on this machine), so a small
corpus has four; five with English releases (the English segment's cost to the queries
was not measurable: bench/RESULTS.md).  A large wiki has more page segments (one per
:data:`PAGES_PER_BUCKET` pages, at most :data:`MAX_PAGE_BUCKETS`): at 10,000 pages two
segments would have an edit analyse 5,000 pages again."""
ENGLISH_SEGMENT = "kbsearchen00"
"""The English text of each CR rule and glossary entry, a document per text keyed
:data:`ENGLISH_PREFIX` + its document's key, and the rules only the English releases have
(whole): a new English release leaves the Japanese segment (``kbsearchcr00``), the
costlier, as it was, and writes only the English documents it changed
(:data:`ENGLISH_DELTA`), or this segment again once they are many.  Reading puts them back together
(:mod:`kb.search.numbering`): one document per rule, numbered in the CR's order, with
the same scores as when the English text was a field of the rule's own document."""
ENGLISH_PREFIX = "en:"
ENGLISH_DELTA = "kbsearchen01"
"""The English documents a rebuild changed or added since :data:`ENGLISH_SEGMENT` was
written whole: that segment is linked from the previous build with the documents they
replace (or the release dropped) marked deleted, and only these are written
(:func:`english_delta`)."""
DELTA_SHARE = 0.25
"""Once the changed and the deleted documents are more than this share of the English
documents, the English segment is written whole again (merged): each deleted document
still costs the queries a skipped posting."""


@dataclass
class EnglishLayout:
    """Where the documents of the English segments belong among the CR's documents,
    numbered in their order (``block`` of them, the Japanese segment's and the English-only
    rules): ``of[j]`` is the place of the English segments' document ``j`` (its rule's, or
    its own for an English-only rule, which ``whole`` lists; -1 for a deleted one).
    ``deleted_lengths``: each field's length summed over the deleted documents, which
    Whoosh's field totals still count."""

    block: int
    of: list[int]
    whole: list[int]
    deleted_lengths: dict[str, int] = dataclasses.field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {"block": self.block, "of": self.of, "whole": self.whole}
        if self.deleted_lengths:
            found["deleted_lengths"] = self.deleted_lengths
        return found

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> EnglishLayout:
        return cls(int(data["block"]), [int(n) for n in data["of"]], [int(n) for n in data["whole"]],
                   {str(k): int(v) for k, v in (data.get("deleted_lengths") or {}).items()})


Lengths = dict[str, int]
"""A document's length in each scored field, as Whoosh counts it (its terms' frequencies)."""


@dataclass
class EnglishRecord:
    """What a build keeps of its English segments for the next build (``english.json``):
    each document's digest (:func:`kb.build.reuse.digest` of the dictionary, its final
    path and the document) and field lengths, by segment in index order, and the
    documents of :data:`ENGLISH_SEGMENT` that are deleted."""

    segments: dict[str, list[tuple[str, Lengths]]]
    deleted: list[int]

    def to_json(self) -> dict[str, Any]:
        return {"segments": {name: [[d, lengths] for d, lengths in entries]
                             for name, entries in self.segments.items()},
                "deleted": self.deleted}

    @classmethod
    def from_json(cls, data: Any) -> EnglishRecord | None:
        """The record, or None for anything else (an unreadable one is not reused)."""
        try:
            segments = {str(name): [(str(d), {str(k): int(v) for k, v in lengths.items()})
                                    for d, lengths in entries]
                        for name, entries in data["segments"].items()}
            return cls(segments, [int(n) for n in data["deleted"]])
        except (KeyError, TypeError, ValueError, AttributeError):
            return None


@dataclass
class EnglishDelta:
    """How a rebuild writes its English documents from the previous build's
    :data:`ENGLISH_SEGMENT`: linked, with ``deleted`` of its documents marked deleted,
    and ``added`` (indices into the English documents) written as :data:`ENGLISH_DELTA`."""

    deleted: list[int]
    added: list[int]
    layout: EnglishLayout
    record: EnglishRecord
    """The record once the delta's lengths are filled in (:meth:`written`)."""

    def written(self, lengths: list[Lengths]) -> EnglishRecord:
        digests = [d for d, _ in self.record.segments.get(ENGLISH_DELTA, [])]
        if self.added:
            self.record.segments[ENGLISH_DELTA] = list(zip(digests, lengths, strict=True))
        return self.record


def english_delta(documents: list[SearchDocument], layout: EnglishLayout, digests: list[str],
                  previous: EnglishRecord | None) -> EnglishDelta | None:
    """The delta that brings the previous build's English segment to ``documents`` (the
    English segment's documents, whose digests are ``digests``, placed by ``layout``);
    None when it should be written whole: no previous segment, no change (it is then
    linked whole), or the changes past :data:`DELTA_SHARE`."""
    base = previous.segments.get(ENGLISH_SEGMENT) if previous is not None else None
    if previous is None or not base:
        return None
    wanted = {d: i for i, d in enumerate(digests)}
    was_deleted = set(previous.deleted)
    live = {d: real for real, (d, _) in enumerate(base) if real not in was_deleted}
    deleted = [real for real, (d, _) in enumerate(base) if real in was_deleted or d not in wanted]
    added = [i for i, d in enumerate(digests) if d not in live]
    if (not deleted and not added) or len(deleted) + len(added) > DELTA_SHARE * len(documents):
        return None
    gone = set(deleted)
    of = [-1 if real in gone else layout.of[wanted[d]] for real, (d, _) in enumerate(base)]
    of += [layout.of[i] for i in added]
    totals: dict[str, int] = {}
    for real in deleted:
        for field, length in base[real][1].items():
            totals[field] = totals.get(field, 0) + length
    record = EnglishRecord({ENGLISH_SEGMENT: base}, deleted)
    if added:
        record.segments[ENGLISH_DELTA] = [(digests[i], {}) for i in added]
    return EnglishDelta(deleted, added, EnglishLayout(layout.block, of, layout.whole, totals), record)


def page_buckets(pages: int) -> int:
    """How many segments the wiki pages of a build take (a function of their number, so a
    rebuild and a clean build of one corpus split them alike)."""
    return max(2, min(MAX_PAGE_BUCKETS, -(-pages // PAGES_PER_BUCKET)))


def segment_groups(documents: list[SearchDocument]) -> list[tuple[str, list[SearchDocument]]]:
    """(segment id, its documents) in index order: the CR's, their English texts, the
    quoted rules, then the wiki pages by bucket.  Fixed ids (not Whoosh's random ones)
    keep a build's file names the same from build to build."""
    return segment_layout(documents)[0]


def segment_layout(documents: list[SearchDocument]) -> tuple[list[tuple[str, list[SearchDocument]]],
                                                                EnglishLayout | None]:
    """:func:`segment_groups` and, when the CR's documents have English texts, where the
    English segment's documents belong (None when there is no English segment)."""
    groups: dict[str, list[SearchDocument]] = {}
    buckets = page_buckets(len({d.page for d in documents if d.kind == "page"}))
    for document in documents:
        if document.kind == "page":
            segment = f"kbsearchpages{_bucket(document.page or document.key, buckets):02d}"
        elif document.from_wiki:
            segment = "kbsearchquoted00"
        else:
            segment = "kbsearchcr00"
        groups.setdefault(segment, []).append(document)
    layout = None
    cr = groups.get("kbsearchcr00", [])
    if any(document.english for document in cr):
        japanese, english, layout = _english_apart(cr)
        groups["kbsearchcr00"], groups[ENGLISH_SEGMENT] = japanese, english
        if not japanese:
            del groups["kbsearchcr00"]
    ordered = sorted(groups.items(), key=lambda item: (SEGMENT_ORDER.index(item[0][:-2]), item[0]))
    return ordered, layout


def _english_apart(cr: list[SearchDocument]) -> tuple[list[SearchDocument], list[SearchDocument],
                                                      EnglishLayout]:
    """The CR's documents without their English texts, and the English segment's."""
    japanese: list[SearchDocument] = []
    english: list[SearchDocument] = []
    of: list[int] = []
    whole: list[int] = []
    for place, document in enumerate(cr):
        if document.english_only:
            english.append(document)
            of.append(place)
            whole.append(place)
            continue
        if document.english:
            english.append(SearchDocument(key=ENGLISH_PREFIX + document.key, kind=document.kind,
                                          heading="", text="", source=document.source,
                                          english=document.english))
            of.append(place)
            document = dataclasses.replace(document, english="")
        japanese.append(document)
    return japanese, english, EnglishLayout(len(cr), of, whole)


@functools.lru_cache(maxsize=1 << 15)
def _bucket(name: str, buckets: int) -> int:
    # Asked once per document, twice a build: a page's passages share their page's name.
    return int(content_digest(name)[:8], 16) % buckets


def write_index(documents: list[SearchDocument], folder: Path, user_dictionary: str | None,
                final_dictionary: str | None = None,
                reusable: dict[str, Path] | None = None,
                terms: AnalysedStore | None = None,
                groups: list[tuple[str, list[SearchDocument]]] | None = None,
                deletions: dict[str, list[int]] | None = None,
                lengths: dict[str, list[Lengths]] | None = None) -> list[str]:
    """Index ``documents`` into ``folder`` (created), analysing with ``user_dictionary``,
    one segment per group of :func:`segment_groups`.

    ``reusable`` maps segment ids to the previous build's index where the caller has
    found that segment made from the same documents with the same dictionary: such a
    segment is hard-linked instead of analysed again.  Returns the ids linked.
    ``terms`` keeps the analysed terms of every segment: a document of a segment written
    again is analysed only where its text changed (:mod:`kb.search.analysed`).
    ``final_dictionary`` is where the dictionary will be once the build is moved into
    place: the analyzer pickled into the index remembers that path (and the digest).
    ``groups``: :func:`segment_groups` of ``documents``, when the caller has them.
    ``deletions``: for a segment linked, its documents to mark deleted (the linked
    segment's own deletions replaced).  ``lengths`` receives, for each English segment
    written, each document's field lengths (:class:`EnglishRecord`)."""
    from whoosh.index import create_in

    folder.mkdir(parents=True, exist_ok=True)
    digest = register_user_dictionary(user_dictionary) if user_dictionary else None
    index = create_in(str(folder), make_schema(final_dictionary or user_dictionary, digest))
    previous_tables: dict[Path, list[Any] | None] = {}
    segments: list[Any] = []
    """The segments so far; the table of contents on disk lags while linked ones pile up."""
    written = 0
    linked = []
    for segment, group in groups if groups is not None else segment_groups(documents):
        source = (reusable or {}).get(segment)
        if source is not None and terms is not None and not terms.link(segment):
            source = None  # its terms are not kept: written (and analysed) again
        found = _link_segment(source, folder, index.indexname, segment, previous_tables) \
            if source is not None else None
        if found is not None:
            if deletions is not None and segment in deletions:
                found = with_deleted(found, deletions[segment])
            segments.append(found)
            linked.append(segment)
            continue
        if len(segments) != written:  # the writer starts from the table on disk
            write_segments(index, segments)
        measured = _write_segment(index, group, segment, terms)
        if lengths is not None and segment.startswith("kbsearchen"):
            lengths[segment] = measured
        segments = segments_of(index)
        written = len(segments)
    if len(segments) != written:
        # What a fresh build's table holds after writing every segment: generation N.
        write_segments(index, segments)
    # What a reader needs is the newest table and the segments: the files are then the
    # same however each segment was made.
    for path in leftovers(folder, index.indexname):
        path.unlink(missing_ok=True)
    return linked


def text_fields(document: SearchDocument) -> dict[str, str]:
    """The analysed fields of a document as indexed (the empty ones left out)."""
    fields = {name: without_references(document.fields.get(name, "")) for name in FIELDS}
    fields[ENGLISH_FIELD] = without_references(document.english)
    return {name: value for name, value in fields.items() if value}


def _write_segment(index: Any, documents: list[SearchDocument], segment_id: str,
                   store: AnalysedStore | None = None) -> list[Lengths]:
    """Write a segment of ``documents``; each one's field lengths as Whoosh counted them."""
    if not documents:
        return []
    measured: list[Lengths] = []
    terms = store.terms(segment_id) if store is not None else None
    writer = index.writer(limitmb=256, codec=named_segment_codec(segment_id))
    # The Japanese fields' terms come from the words directly (the same terms as
    # Whoosh's token pipeline would give: kb.search.analyzer.field_postings).
    direct = {name: found for name in FIELDS
              if (found := field_postings(writer.schema[name])) is not None}

    def postings(field: str, text: str, analyse: Callable[[str], list[Posting]]) -> list[Posting]:
        analyse = direct.get(field, analyse)
        found = terms.postings(field, text, analyse) if terms is not None else analyse(text)
        # Whoosh's length of a scored field: its terms' frequencies summed (add_document).
        length = sum(posting[1] for posting in found)
        if length:
            measured[-1][field] = length
        return found

    lengths_read_once(writer)
    postings_by_term(writer)
    try:
        with analysed_by(writer, [*FIELDS, ENGLISH_FIELD], postings):
            for document in documents:
                measured.append({})
                writer.add_document(
                    key=document.key,
                    kind=document.kind,
                    rule=document.rule or "",
                    cites=" ".join(document.cites),
                    data=_stored(document),
                    **text_fields(document),
                )
        writer.commit(merge=False)  # each group stays its own segment
    except BaseException:
        writer.cancel()
        raise
    if store is not None and terms is not None:
        store.keep(segment_id, terms)
    return measured


def _stored(document: SearchDocument) -> dict[str, Any]:
    if document.key.startswith(ENGLISH_PREFIX):  # the text alone: its rule's document has the rest
        return {"key": document.key, "english": document.english}
    return document.to_json()


def _link_segment(previous: Path, folder: Path, indexname: str, wanted: str,
                  tables: dict[Path, list[Any] | None]) -> Any | None:
    """Link segment ``wanted``'s file from the index in ``previous``; its segment
    record, or None when it cannot be had.  ``tables`` keeps each previous table of
    contents read."""
    if previous not in tables:
        tables[previous] = previous_segments(previous, indexname)
    found = [segment for segment in tables[previous] or [] if segment_id(segment) == wanted]
    if len(found) != 1:
        return None
    name = segment_file(indexname, wanted)
    try:
        os.link(previous / name, folder / name)
    except OSError:
        return None
    return found[0]


@dataclass
class OpenIndex:
    """An opened index with what it was built from."""

    index: Any
    meta: dict[str, Any]
    user_dictionary: str | None
    tables: QueryTables


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
    if isinstance(meta.get("english"), dict):  # the CR's English texts in a segment of their own
        from kb.search.numbering import MappedIndex

        index = MappedIndex(index, EnglishLayout.from_json(meta["english"]))
    tables = QueryTables.read(folder)
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
