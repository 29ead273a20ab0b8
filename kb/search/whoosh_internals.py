"""Every use kb makes of Whoosh's internals, in one place (tested by
``tests/test_whoosh_internals.py``; ``pyproject.toml`` keeps whoosh-reloaded below 2.8).

Whoosh's public API writes an index through one writer, names segments at random and
merges them as it likes.  A rebuild that analyses again only the segments whose documents
changed (:func:`kb.search.index.write_index`) needs five things it does not offer:

- segments named by kb (``kbsearchcr00``…), so a build's file names are the same from build
  to build: a codec whose new segment takes the given id (:func:`named_segment_codec`);
- a segment's file hard-linked from the previous build (:func:`segment_file` names it,
  :func:`previous_segments` reads the previous table of contents for its record), some
  of its documents marked deleted in the new table (:func:`with_deleted`);
- the table of contents written by hand to hold segments no writer wrote
  (:func:`write_segments`), and the tables and lock a writer would have cleaned up
  (:func:`leftovers`);
- a segment written again whose unchanged documents are not analysed again: the writer's
  fields answer from the previous build's postings (:func:`analysed_by`);
- each document's field lengths read back once per document and field, not once per
  posting, when the writer files the postings (:func:`lengths_read_once`);
- the postings pooled by term and filed a block at a time (:func:`postings_by_term`);
- for queries, an ``Or`` matched as a tree of unions (:func:`union`).

Anything here may break with another Whoosh: the test says so first.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import sys
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any


def import_without_web_and_async() -> None:
    """Import ``whoosh.compat`` and ``cached_property`` (which ``whoosh.reading`` uses)
    without the web client and the event loop they name and kb never uses.

    ``whoosh.compat`` imports ``urllib.request`` for ``urlretrieve`` alone, and with it
    ``http.client``, ``ssl`` and ``email``; ``cached_property`` imports ``asyncio`` to tell
    coroutine functions apart: together about 100 ms of every cold ``kb search``.  While
    they are imported, each of the two is a stand-in with the names used: ``urlretrieve`` and
    ``ensure_future`` import the real module when called, ``iscoroutinefunction`` is
    ``inspect``'s (the same answer on Python 3.11+, where asyncio's own legacy marker is
    gone).  The stand-ins leave ``sys.modules`` afterwards, so ``import urllib.request``
    or ``import asyncio`` anywhere else is the real module."""
    stand_ins = {}
    if "whoosh.compat" not in sys.modules and "urllib.request" not in sys.modules:
        stand_ins["urllib.request"] = _stand_in("urllib.request", urlretrieve=_real("urllib.request", "urlretrieve"))
    if "cached_property" not in sys.modules and "asyncio" not in sys.modules:
        stand_ins["asyncio"] = _stand_in("asyncio", iscoroutinefunction=inspect.iscoroutinefunction,
                                         ensure_future=_real("asyncio", "ensure_future"))
    sys.modules.update(stand_ins)
    try:
        import cached_property  # type: ignore[import-untyped]  # noqa: F401
        import whoosh.compat  # noqa: F401
    finally:
        for name, module in stand_ins.items():
            if sys.modules.get(name) is module:
                del sys.modules[name]


def _stand_in(name: str, **names: Any) -> types.ModuleType:
    module = types.ModuleType(name)
    module.__dict__.update(names)
    return module


def _real(module: str, name: str) -> Any:
    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    return call


def named_segment_codec(segment_id: str) -> Any:
    """A codec for ``index.writer(codec=…)`` whose one new segment is ``segment_id``."""
    from whoosh.codec.whoosh3 import W3Codec, W3Segment

    class NamedSegment(W3Codec):  # type: ignore[misc]
        def new_segment(self, storage: Any, indexname: str) -> Any:
            # A plain codec in the segment: the index's table of contents pickles it.
            return W3Segment(W3Codec(), indexname, segid=segment_id)

    return NamedSegment()


def segment_file(indexname: str, segment_id: str) -> str:
    """The one compound file that holds a segment (what to hard-link)."""
    return f"{indexname}_{segment_id}.seg"


def segments_of(index: Any) -> list[Any]:
    """The segment records in ``index``'s table of contents as it is on disk."""
    from whoosh.index import TOC

    return list(TOC.read(index.storage, index.indexname).segments)


def previous_segments(folder: Path, indexname: str) -> list[Any] | None:
    """The segment records of the index in ``folder``; None when it cannot be read."""
    from whoosh.filedb.filestore import FileStorage
    from whoosh.index import TOC

    try:
        return list(TOC.read(FileStorage(str(folder)), indexname).segments)
    except Exception:  # noqa: BLE001  (an unreadable previous index is simply not reused)
        return None


def segment_id(segment: Any) -> str:
    return str(segment.segid)


def with_deleted(segment: Any, docnums: list[int]) -> Any:
    """A copy of a segment record whose deleted documents are ``docnums`` (the record's
    own deletions replaced): readers skip them in postings, searches and counts of live
    documents, but not in ``doc_frequency``, ``doc_count_all`` or ``field_length``."""
    import copy

    found = copy.copy(segment)
    found._deleted = set(docnums) if docnums else None
    return found


def write_segments(index: Any, segments: list[Any]) -> None:
    """Write a table of contents of ``segments`` for ``index``: generation
    ``len(segments)``, what a writer that had written them one by one would leave."""
    from whoosh.index import TOC

    TOC(index.schema, segments, len(segments)).write(index.storage, index.indexname)


def leftovers(folder: Path, indexname: str) -> list[Path]:
    """What a reader does not need once the index is complete: every table of contents
    but the newest (writing a table by hand does not clean up as a commit does) and the
    write lock."""
    tables = sorted(folder.glob(f"_{indexname}_*.toc"), key=lambda p: int(p.stem.rsplit("_", 1)[1]))
    return [*tables[:-1], folder / f"{indexname}_WRITELOCK"]


def union(queries: list[Any]) -> Any:
    """``Or(queries)`` matched as a tree of unions.  On a small index Whoosh would preload
    every posting of every term into arrays; a tree lets an enclosing And skip ahead."""
    from whoosh.query import Or

    query = Or(queries)
    query.matcher_type = Or.DEFAULT_MATCHER
    return query


Posting = tuple[bytes, int, float, bytes]
"""What a field's ``index(value)`` gives a writer for one term: (term, frequency, weight,
encoded positions and characters)."""


@contextlib.contextmanager
def analysed_by(writer: Any, fields: list[str],
                postings: Callable[[str, str, Callable[[str], list[Posting]]], list[Posting]]
                ) -> Iterator[None]:
    """While open, ``writer.add_document`` takes each of ``fields``' terms from
    ``postings(field, value, analyse)`` (``analyse`` runs the field's own analysis) instead
    of analysing the value itself: a writer adds a document by asking each field for its
    terms (``field.index(value)``), so answering that from a cache writes the same segment
    without analysing again.  The fields are left as they were before the writer commits
    (the table of contents pickles the schema)."""
    hooked = []
    try:
        for name in fields:
            field = writer.schema[name]
            original = field.index

            def index(value: Any, _name: str = name, _original: Any = original,
                      **kwargs: Any) -> Any:
                if kwargs or not isinstance(value, str):
                    return _original(value, **kwargs)
                return postings(_name, value, lambda text: list(_original(text)))

            field.index = index
            hooked.append(field)
        yield
    finally:
        for field in hooked:
            del field.index


def lengths_read_once(writer: Any) -> None:
    """Have ``writer`` (a ``SegmentWriter`` before its commit) read each document's field
    lengths once per document and field when it files the postings.

    On commit the writer hands every posting to the codec with the length of its
    document's field, read back from the segment's lengths column posting by posting
    (``doc_field_length``: a quarter of writing a segment).  The lengths are the same
    numbers however often they are read, so the segment is the same byte for byte."""
    original = writer.per_document_reader

    def per_document_reader() -> Any:
        reader = original()
        return _LengthsOnce(reader) if reader is not None else None

    writer.per_document_reader = per_document_reader


class _LengthsOnce:
    """A per-document reader whose ``doc_field_length`` reads each field's lengths of
    every document at its first call, through the reader's own ``doc_field_length`` (so
    each value, quantised and with its default, is the one Whoosh would give)."""

    def __init__(self, reader: Any):
        self._reader = reader
        self._fields: dict[str, list[Any]] = {}

    def doc_field_length(self, docnum: int, fieldname: str, default: int = 0) -> Any:
        if default != 0:  # the writer asks with the default; anyone else reads through
            return self._reader.doc_field_length(docnum, fieldname, default)
        return self.all_lengths(fieldname)[docnum]

    def all_lengths(self, fieldname: str) -> list[Any]:
        """Every document's length of ``fieldname`` (0 where it has none)."""
        lengths = self._fields.get(fieldname)
        if lengths is None:
            count = self._reader.doc_count_all()
            if self._without_lengths(fieldname):
                # An unscored field (an ID, the cites) has postings but no lengths: the
                # reader looked for the column's file again for every document (a stat
                # each: 4 fields x 12,000 passages in a wiki bucket) to return 0.
                lengths = [0] * count
            else:
                read = self._reader.doc_field_length
                lengths = [read(number, fieldname) for number in range(count)]
            self._fields[fieldname] = lengths
        return lengths

    def _without_lengths(self, fieldname: str) -> bool:
        from whoosh.codec.whoosh3 import W3PerDocReader, _lenfield

        reader = self._reader
        return isinstance(reader, W3PerDocReader) and not reader.has_column(_lenfield(fieldname))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._reader, name)


def postings_by_term(writer: Any) -> bool:
    """Have ``writer`` (a ``SegmentWriter`` of a W3 codec, before any document) pool its
    postings by term and file them a block at a time; False (and ``writer`` untouched)
    for any other writer.

    Whoosh pools every posting as a tuple, sorts them all at commit, and hands them one
    by one to its postings writer, which checks and buffers each and writes a block of
    128 (pickled, compressed) when full: a per-posting Python path that was most of an
    edited wiki bucket's segment.  Here each term's postings are kept in a list as the
    documents add them (in document order: sorted already, but for a term given twice in
    one document, whose list is sorted as Whoosh sorts), only the terms are sorted, and
    each block's buffers are filled at once before Whoosh's own ``_write_block`` writes
    it: the same blocks, term infos and table, so the same segment byte for byte."""
    from whoosh.codec.whoosh3 import W3FieldWriter, W3PostingsWriter

    codec = writer.codec
    probe = codec.postings_writer(None)
    if type(probe) is not W3PostingsWriter or probe._inlinelimit > 1 or probe._byteids \
            or type(writer.fieldwriter) is not W3FieldWriter or writer.docnum != writer.docbase:
        return False
    pool = _TermPool()
    writer.pool = pool

    def flush_segment() -> None:
        # SegmentWriter._flush_segment with the pool's terms filed by _file_postings.
        writer.perdocwriter.close()
        lengths = writer.per_document_reader() if codec.length_stats else None
        _file_postings(writer.fieldwriter, writer.schema, lengths, pool, probe._blocklimit)
        writer.fieldwriter.close()
        if lengths is not None:
            lengths.close()

    writer._flush_segment = flush_segment
    return True


_Item = tuple[str, bytes, int, float, Any]
"""A pooled posting as ``SegmentWriter.add_document`` gives it: (field, term, document
number, weight, encoded value)."""


class _TermPool:
    """The postings of a segment being written, by (field, term), in the order added."""

    def __init__(self) -> None:
        self.terms: dict[tuple[str, bytes], list[_Item]] = {}
        self.unsorted: set[tuple[str, bytes]] = set()

    def add(self, item: _Item) -> None:
        key = (item[0], item[1])
        found = self.terms.get(key)
        if found is None:
            self.terms[key] = [item]
            return
        if item[2] <= found[-1][2]:  # not after the term's last document: sort it at the end
            self.unsorted.add(key)
        found.append(item)

    def sorted_terms(self) -> Iterator[tuple[tuple[str, bytes], list[_Item]]]:
        """Each term's postings in Whoosh's order (its pool sorts whole tuples)."""
        for key in sorted(self.terms):
            items = self.terms[key]
            yield key, sorted(items) if key in self.unsorted else items

    def cleanup(self) -> None:
        self.terms.clear()


def _file_postings(fieldwriter: Any, schema: Any, lengths: Any, pool: _TermPool,
                   blocklimit: int) -> None:
    """What ``FieldWriter.add_postings`` does with the sorted postings, a block at a time:
    each block's ids, weights and values go into the postings writer's buffers as its
    ``add_posting`` would leave them, and its ``_write_block`` writes them."""
    from array import array

    field = None
    field_lengths: list[int] | None = None
    reader_lengths = lengths.doc_field_length if lengths is not None else None
    for (fieldname, btext), items in pool.sorted_terms():
        if items[0][2] == -1:
            raise ValueError(f"a spelling posting in field {fieldname!r}: not filed here")
        if fieldname != field:
            if field is not None:
                fieldwriter.finish_field()
            fieldwriter.start_field(fieldname, schema[fieldname])
            field = fieldname
            field_lengths = None
            if reader_lengths is not None:
                count = lengths.doc_count_all()
                field_lengths = [reader_lengths(n, fieldname) for n in range(count)] \
                    if not isinstance(lengths, _LengthsOnce) else lengths.all_lengths(fieldname)
        fieldwriter.start_term(btext)
        postwriter = fieldwriter._postwriter
        total = len(items)
        for start in range(0, total, blocklimit):
            block = items[start:start + blocklimit]
            ids = [item[2] for item in block]
            weights = [item[3] for item in block]
            postwriter._ids = array("I", ids)
            postwriter._weights = array("f", weights)
            postwriter._values = [item[4] for item in block if item[4]]
            # The first of the largest, or the int 0 (pickled): as add_posting keeps it.
            postwriter._maxweight = max(0, max(weights))
            if field_lengths is not None:
                found = [length for length in map(field_lengths.__getitem__, ids) if length]
                postwriter._minlength = min(found) if found else None
                postwriter._maxlength = max(found) if found else 0
            postwriter._write_block(last=start + blocklimit >= total)
        fieldwriter.finish_term()
    if field is not None:
        fieldwriter.finish_field()
