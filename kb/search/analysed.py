"""The analysed terms of each search segment's documents, kept from one build for the next.

A segment written again holds mostly documents as they were: a new English release
changes a few dozen of the CR's three thousand rules (``kbsearchcr00``), an edited wiki
page one page of its bucket's hundreds (``kbsearchpagesNN``).  The segment is written
again whole, in the order a clean build writes it, but a document field whose text is
unchanged takes its terms from this store instead of being analysed by Sudachi again
(:func:`kb.search.whoosh_internals.analysed_by`): the segment is the one a clean build
writes, byte for byte in what it holds, at a fraction of the time.

One file a segment (``search/analysed/<segment>.bin``), so a segment linked from the
previous build links its file too, and only the segments written again read and write
theirs: at 10,000 wiki pages all the terms together are some 200 MB.  A file is entries
sorted by key, each a key (a hash of the dictionary's stamp, the field and the text) and
the terms the field gave; written the same however the terms were had, so an incremental
and a clean build write the same files.
"""

from __future__ import annotations

import os
import struct
from collections.abc import Callable
from pathlib import Path

from kb.build.reuse import digest
from kb.search.whoosh_internals import Posting

_MAGIC = b"kb-analysed/1\n"
_KEY = 32
"""Hex digits of a key (:func:`kb.build.reuse.digest`)."""
_ENTRY = struct.Struct("<I")
_TERM = struct.Struct("<HIdI")
"""A term's length, frequency, weight and the length of its encoded positions."""


class AnalysedTerms:
    """The terms of each (field, text) as analysed with one dictionary: those of the
    previous build, and those this build used (what it writes for the next)."""

    def __init__(self, stamp: str, previous: dict[str, bytes] | None = None):
        self.stamp = stamp
        self.previous = previous or {}
        self.used: dict[str, bytes] = {}
        self.analysed = 0
        self.reused = 0

    @classmethod
    def read(cls, path: Path | None, stamp: str) -> AnalysedTerms:
        """The previous build's terms (none when ``path`` is None or not such a file)."""
        if path is None:
            return cls(stamp)
        try:
            data = path.read_bytes()
        except OSError:
            return cls(stamp)
        return cls(stamp, _entries(data))

    def key(self, field: str, text: str) -> str:
        return digest(self.stamp, field, text)

    def postings(self, field: str, text: str, analyse: Callable[[str], list[Posting]]) -> list[Posting]:
        """The terms of ``text`` in ``field``: kept ones, or ``analyse(text)``."""
        key = self.key(field, text)
        blob = self.used.get(key) or self.previous.get(key)
        if blob is None:
            found = analyse(text)
            blob = _encode(found)
            self.analysed += 1
        else:
            found = _decode(blob)
            self.reused += 1
        self.used[key] = blob
        return found

    def write(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.unlink(missing_ok=True)  # it may be a link to the previous build's file
        parts = [_MAGIC]
        for key in sorted(self.used):
            blob = self.used[key]
            parts += [key.encode("ascii"), _ENTRY.pack(len(blob)), blob]
        path.write_bytes(b"".join(parts))


class AnalysedStore:
    """The folder of one build's segment files and the previous build's."""

    def __init__(self, stamp: str, folder: Path, previous: Path | None):
        self.stamp = stamp
        self.folder = folder
        self.previous = previous

    def link(self, segment: str) -> bool:
        """Hard-link the previous build's file of a segment that is linked itself; False
        when there is none (the segment must then be written)."""
        if self.previous is None:
            return False
        self.folder.mkdir(parents=True, exist_ok=True)
        try:
            os.link(self.previous / f"{segment}.bin", self.folder / f"{segment}.bin")
        except OSError:
            return False
        return True

    def terms(self, segment: str) -> AnalysedTerms:
        """The terms a segment written again may take from the previous build."""
        return AnalysedTerms.read(self.previous / f"{segment}.bin" if self.previous else None, self.stamp)

    def keep(self, segment: str, terms: AnalysedTerms) -> None:
        terms.write(self.folder / f"{segment}.bin")


def _entries(data: bytes) -> dict[str, bytes]:
    """The entries of a file; none when it is not one (a build reads what it may reuse,
    and an unreadable cache is only not reused)."""
    if not data.startswith(_MAGIC):
        return {}
    found: dict[str, bytes] = {}
    at, end = len(_MAGIC), len(data)
    while at < end:
        if at + _KEY + _ENTRY.size > end:
            return {}
        key = data[at:at + _KEY].decode("ascii", "replace")
        (size,) = _ENTRY.unpack_from(data, at + _KEY)
        at += _KEY + _ENTRY.size
        if at + size > end:
            return {}
        found[key] = data[at:at + size]
        at += size
    return found


def _encode(postings: list[Posting]) -> bytes:
    parts = []
    for term, frequency, weight, value in postings:
        parts += [_TERM.pack(len(term), frequency, weight, len(value)), term, value]
    return b"".join(parts)


def _decode(blob: bytes) -> list[Posting]:
    found: list[Posting] = []
    at, end = 0, len(blob)
    while at < end:
        size, frequency, weight, value_size = _TERM.unpack_from(blob, at)
        at += _TERM.size
        term = blob[at:at + size]
        at += size
        found.append((term, frequency, weight, blob[at:at + value_size]))
        at += value_size
    return found
