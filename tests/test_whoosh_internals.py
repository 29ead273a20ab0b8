"""What kb relies on in Whoosh beyond its public API (kb/search/whoosh_internals.py):
named segments, a segment hard-linked into another index, a table of contents written by
hand, and an Or matched as unions.  A Whoosh that changes any of these fails here first."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from whoosh.fields import ID, TEXT, Schema
from whoosh.index import create_in, open_dir
from whoosh.query import Or, Term

from kb.search.whoosh_internals import (
    analysed_by,
    leftovers,
    lengths_read_once,
    named_segment_codec,
    postings_by_term,
    previous_segments,
    segment_file,
    segment_id,
    segments_of,
    union,
    write_segments,
)

SCHEMA = Schema(key=ID(stored=True, unique=True), body=TEXT)


def add_segment(index: object, name: str, words: list[str]) -> None:
    writer = index.writer(codec=named_segment_codec(name))  # type: ignore[attr-defined]
    for word in words:
        writer.add_document(key=f"{name}:{word}", body=word)
    writer.commit(merge=False)


def keys(folder: Path, query: object) -> list[str]:
    with open_dir(str(folder)).searcher() as searcher:
        return sorted(hit["key"] for hit in searcher.search(query, limit=None))


def test_named_segments_linked_into_a_new_index(tmp_path: Path) -> None:
    old, new = tmp_path / "old", tmp_path / "new"
    old.mkdir()
    new.mkdir()
    index = create_in(str(old), SCHEMA)
    add_segment(index, "kbtesta00", ["alpha", "beta"])
    add_segment(index, "kbtestb00", ["gamma"])
    assert [segment_id(s) for s in segments_of(index)] == ["kbtesta00", "kbtestb00"]
    assert (old / segment_file(index.indexname, "kbtesta00")).is_file()

    # A new index writes its own segment c, then keeps segment a by a hard link.
    fresh = create_in(str(new), SCHEMA)
    add_segment(fresh, "kbtestc00", ["delta"])
    kept = [s for s in previous_segments(old, fresh.indexname) or [] if segment_id(s) == "kbtesta00"]
    assert len(kept) == 1
    name = segment_file(fresh.indexname, "kbtesta00")
    os.link(old / name, new / name)
    write_segments(fresh, [*segments_of(fresh), *kept])
    assert [segment_id(s) for s in segments_of(fresh)] == ["kbtestc00", "kbtesta00"]
    for path in leftovers(new, fresh.indexname):
        path.unlink(missing_ok=True)
    assert sorted(p.name for p in new.iterdir()) == sorted(
        [name, segment_file(fresh.indexname, "kbtestc00"), f"_{fresh.indexname}_2.toc"])
    assert keys(new, Or([Term("body", "alpha"), Term("body", "delta")])) == \
        ["kbtesta00:alpha", "kbtestc00:delta"]
    assert keys(new, Term("body", "gamma")) == []  # segment b was not taken


def test_an_unreadable_previous_index_is_none(tmp_path: Path) -> None:
    assert previous_segments(tmp_path, "MAIN") is None


def test_union_matches_as_or_does(tmp_path: Path) -> None:
    index = create_in(str(tmp_path), SCHEMA)
    add_segment(index, "kbtesta00", ["alpha", "beta", "gamma"])
    terms = [Term("body", "alpha"), Term("body", "gamma")]
    query = union(terms)
    assert query.matcher_type == Or.DEFAULT_MATCHER
    assert keys(tmp_path, query) == keys(tmp_path, Or(terms)) == ["kbtesta00:alpha", "kbtesta00:gamma"]


def test_a_segment_written_from_kept_terms_is_the_same(tmp_path: Path) -> None:
    """analysed_by: a writer whose fields answer from kept terms writes what analysing
    writes; only texts not kept are analysed."""
    from kb.search.analysed import AnalysedTerms

    texts = ["alpha beta", "beta gamma gamma", "delta"]
    schema = Schema(key=ID(stored=True, unique=True), body=TEXT(phrase=True, chars=True))

    def write(folder: Path, terms: AnalysedTerms | None) -> list[object]:
        folder.mkdir()
        index = create_in(str(folder), schema)
        writer = index.writer()
        with analysed_by(writer, ["body"], terms.postings) if terms else contextlib.nullcontext():
            for n, text in enumerate(texts):
                writer.add_document(key=str(n), body=text)
        writer.commit()
        with open_dir(str(folder)).reader() as reader:
            return list(reader.iter_postings())

    plain = write(tmp_path / "plain", None)
    first = AnalysedTerms("stamp")
    assert write(tmp_path / "first", first) == plain and first.analysed == 3
    first.write(tmp_path / "terms.bin")
    texts[1] = "beta epsilon"
    again = AnalysedTerms.read(tmp_path / "terms.bin", "stamp")
    changed = write(tmp_path / "again", again)
    assert (again.analysed, again.reused) == (1, 2)
    assert changed == write(tmp_path / "plain2", None)
    assert "index" not in vars(schema["body"])  # the field is as it was
    other = AnalysedTerms.read(tmp_path / "terms.bin", "other stamp")
    assert other.previous and other.key("body", "delta") not in other.previous  # another dictionary's


def test_lengths_read_once_writes_the_same_segment(tmp_path: Path) -> None:
    """lengths_read_once: the segment's file is the same byte for byte, the per-posting
    lengths (which set each block's shortest and longest document) included, and the
    lengths column is read once per document and field, not once per posting, and an
    unscored field's (an ID's: postings, no lengths) not at all."""
    from whoosh.codec.whoosh3 import W3PerDocReader

    schema = Schema(key=ID(stored=True, unique=True), body=TEXT(phrase=True, chars=True),
                    title=TEXT(phrase=True))
    # Lengths that quantise differently (1, 7, 40, 300 words) and a document without a title.
    texts = [(" ".join(f"w{i % 13}" for i in range(size)), "t" if size > 1 else "")
             for size in (1, 7, 40, 300, 7)]

    def write(folder: Path, once: bool) -> dict[str, bytes]:
        folder.mkdir()
        index = create_in(str(folder), schema)
        # Files apart: the compound file's directory holds their modification times.
        writer = index.writer(codec=named_segment_codec("kbtest00"), compound=False)
        if once:
            lengths_read_once(writer)
        for n, (body, title) in enumerate(texts):
            writer.add_document(key=str(n), body=body, **({"title": title} if title else {}))
        writer.commit(merge=False)
        return {path.name: path.read_bytes() for path in folder.glob("*kbtest00*")}

    calls: list[tuple[int, str]] = []
    original = W3PerDocReader.doc_field_length

    def counted(self: object, docnum: int, fieldname: str, default: int = 0) -> object:
        calls.append((docnum, fieldname))
        return original(self, docnum, fieldname, default)

    W3PerDocReader.doc_field_length = counted
    try:
        plain = write(tmp_path / "plain", once=False)
        per_posting = len(calls)
        calls.clear()
        once = write(tmp_path / "once", once=True)
    finally:
        W3PerDocReader.doc_field_length = original
    assert once == plain and len(plain) > 3
    # The title's lengths are not asked for by the writer; the key's were, one stat each.
    assert sorted(calls) == [(n, "body") for n in range(len(texts))]
    assert len(calls) < per_posting


def test_postings_by_term_writes_the_same_segment(tmp_path: Path) -> None:
    """postings_by_term: the segment's files are the same byte for byte as Whoosh's own
    writer makes them (terms in one block, in two full ones and in several with a short
    last one; weights boosted per document; an unscored ID and keyword field; a document
    without a title; lengths read once or not), and no posting goes through Whoosh's
    per-posting ``add_posting``."""
    from whoosh.codec.whoosh3 import W3PostingsWriter
    from whoosh.fields import KEYWORD

    schema = Schema(key=ID(stored=True, unique=True), kind=ID(stored=True),
                    cites=KEYWORD(lowercase=True, commas=False, scorable=False),
                    body=TEXT(phrase=True, chars=True), title=TEXT(phrase=True))
    # "common" in all 300 documents (3 blocks, the last short), "half" in 256 (2 full
    # blocks), "w<k>" in one block each; lengths from 1 to ~40 words.
    documents = []
    for n in range(300):
        words = ["common", *(["half"] if n < 256 else []), *(f"w{k}" for k in range(n % 37))]
        documents.append({"key": f"d{n}", "kind": "page" if n % 3 else "rule",
                          "cites": " ".join(f"c{k}" for k in range(n % 4)),
                          "body": " ".join(words),
                          **({"title": f"t{n % 5} common"} if n % 7 else {}),
                          **({"_body_boost": 1.5} if n % 11 == 0 else {})})

    def write(folder: Path, fast: bool, once: bool) -> dict[str, bytes]:
        folder.mkdir()
        index = create_in(str(folder), schema)
        writer = index.writer(codec=named_segment_codec("kbtest00"), compound=False)
        if once:
            lengths_read_once(writer)
        if fast:
            assert postings_by_term(writer)
        for document in documents:
            writer.add_document(**document)
        writer.commit(merge=False)
        return {path.name: path.read_bytes() for path in folder.glob("*kbtest00*")}

    calls: list[object] = []
    original = W3PostingsWriter.add_posting

    def counted(self: object, *args: object) -> object:
        calls.append(args)
        return original(self, *args)

    W3PostingsWriter.add_posting = counted
    try:
        plain = write(tmp_path / "plain", fast=False, once=False)
        assert calls
        calls.clear()
        fast = write(tmp_path / "fast", fast=True, once=True)
        fast_unread = write(tmp_path / "fast-unread", fast=True, once=False)
    finally:
        W3PostingsWriter.add_posting = original
    assert calls == []
    assert fast == plain and fast_unread == plain and len(plain) > 3
    with open_dir(str(tmp_path / "fast")).searcher() as searcher:
        assert len(searcher.search(Term("body", "half"), limit=None)) == 256


def test_postings_by_term_sorts_a_term_given_twice_in_a_document() -> None:
    """A term a field gives twice for one document is filed as Whoosh's pool sorts it
    (whole postings); the other terms keep the order the documents added them."""
    from kb.search.whoosh_internals import _TermPool

    pool = _TermPool()
    for item in [("b", b"x", 0, 1.0, b"2"), ("a", b"y", 0, 1.0, b""), ("b", b"x", 1, 2.0, b""),
                 ("b", b"x", 1, 1.0, b"1"), ("a", b"y", 3, 1.0, b"")]:
        pool.add(item)
    assert list(pool.sorted_terms()) == [
        (("a", b"y"), [("a", b"y", 0, 1.0, b""), ("a", b"y", 3, 1.0, b"")]),
        (("b", b"x"), [("b", b"x", 0, 1.0, b"2"), ("b", b"x", 1, 1.0, b"1"), ("b", b"x", 1, 2.0, b"")]),
    ]


def test_postings_by_term_leaves_other_writers_alone(tmp_path: Path) -> None:
    index = create_in(str(tmp_path), SCHEMA)
    writer = index.writer(codec=named_segment_codec("kbtest00"))
    writer.add_document(key="a", body="alpha")
    pool = writer.pool
    assert not postings_by_term(writer)  # a document is in Whoosh's pool already
    assert writer.pool is pool
    writer.commit(merge=False)
    assert keys(tmp_path, Term("body", "alpha")) == ["a"]
