"""The English releases in the build: read each file once per content, align each pair of
consecutive releases once per pair of files.

``kb build --cr-en PATH`` names release files or folders of them.  The ``read`` stage
reads them (:func:`read_english`), the ``history`` stage aligns them (:func:`align_history`).
Both keep what they made in the build's caches (:mod:`kb.build.reuse`), keyed by the
files' content hashes: ``cr-en`` holds each release as read, ``cr-en-glossary`` the
newest release's glossary, ``cr-en-pairs`` each pair's alignment, ``cr-en-texts`` the newest
release's texts folded and split into words (what aligning it with a release after it
starts from).  A rebuild after adding one release parses that file and aligns its one or
two pairs; everything else comes from the caches.
"""

from __future__ import annotations

import gc
import json
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any, cast

from kb.build.reuse import FileMemo, Memo, digest
from kb.build.state import BuildState
from kb.errors import KbError
from kb.history.align import Alignment, align
from kb.history.features import Features, TextCache
from kb.history.graph import run_breaks
from kb.history.identity import History
from kb.history.pairing import LinkKind
from kb.history.release import Interner, NumberCache, Release
from kb.model import SourceRef
from kb.sources.cr_en import GlossaryTerm, read_cr_en, release_files

READER_CACHE = "cr-en"
GLOSSARY_CACHE = "cr-en-glossary"
PAIRS_CACHE = "cr-en-pairs"
TEXTS_CACHE = "cr-en-texts"
FILE_KEYS_CACHE = "cr-en-files"

RACY_NS = 2_000_000_000
"""A file changed this close to (or after) the moment it was hashed may change again
within one tick of its clock (2 s on FAT) with its status left as it was: hashed again."""


def english_files(paths: Iterable[Path]) -> list[Path]:
    """The release files ``--cr-en`` names: each file, and each folder's ``YYYY-MM-DD.txt``."""
    found: list[Path] = []
    for path in paths:
        for file in release_files(path):
            if file not in found:
                found.append(file)
    return found


def read_english(state: BuildState) -> None:
    """Read every English release file given (from the cache when its bytes are known);
    refuse two files of one release."""
    files = english_files(state.options.cr_en)
    if not files:
        return
    memo = FileMemo(state.reuse, READER_CACHE)
    file_keys = Memo(state.reuse, FILE_KEYS_CACHE)
    intern, numbers = Interner(), NumberCache()
    read: dict[str, tuple[Release, str]] = {}
    newest: tuple[Release, list[GlossaryTerm] | None] | None = None
    """The newest release so far, with its glossary when its file was parsed here."""
    # The releases hold no cycles and stay until the build ends: decoding the cached ones
    # (some 3,000 lists each) with the collector on had it walk them again and again
    # (0.05-0.17 s of the 109 releases' 0.7 s).  The pipeline freezes them after the stage.
    collecting = gc.isenabled()
    gc.disable()
    try:
        before: tuple[str, Release] | None = None
        """The release read last, by its key: a release parsed is kept against it."""
        for path in files:
            # The file's name is part of what it says: the release date is read from it.
            key = file_key(path, file_keys)
            cached = memo.get(key)
            glossary = None
            release = _cached_release(cached, path, read, intern, numbers)
            kept = release is not None and cast(dict[str, Any], cached).get("base") == \
                (before[0] if before is not None else None)
            if release is None:
                parsed = read_cr_en(path)
                release, glossary = Release.from_english(parsed, intern), parsed.glossary
            # Kept against the release read before it, as a clean build keeps it (when a
            # release was added before it since, that one is its base now).
            if not kept:
                base = before[1] if before is not None else None
                memo.put(key, {**release.to_json(base), "path": "",
                               **({"base": before[0]} if before is not None else {})})
            before = key, release
            if newest is None or release.day > newest[0].day:
                newest = release, glossary
            other = read.get(release.version)
            if other is not None:
                raise KbError(f"holds the release of {release.version}, as {other[0].path} does: "
                              "give each release once", path)
            read[release.version] = (release, key)
    finally:
        if collecting:
            gc.enable()
    ordered = sorted(read.values(), key=lambda item: item[0].day)
    state.releases = [release for release, _ in ordered]
    state.release_keys = [key for _, key in ordered]
    parsed_glossary = newest[1] if newest is not None and newest[0] is ordered[-1][0] else None
    state.english_glossary = _newest_glossary(state, ordered[-1], parsed_glossary)


def _cached_release(cached: object, path: Path, read: dict[str, tuple[Release, str]],
                    intern: Interner, numbers: NumberCache) -> Release | None:
    """The release ``cached`` holds, None when there is none or it is kept against a
    release (its ``base``, by key) this build has not read before it."""
    if not isinstance(cached, dict):
        return None
    base_key = cached.get("base")
    base = None
    if base_key is not None:
        base = next((release for release, key in read.values() if key == base_key), None)
        if base is None:
            return None
    return Release.from_json({**cached, "path": str(path)}, intern, numbers, base)


def cached_releases(folder: Path) -> list[Release]:
    """Every release a build's ``cache/cr-en`` folder holds, oldest first (each kept
    against its base read first)."""
    entries = {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in folder.glob("*.json")}
    done: dict[str, Release] = {}

    def release(key: str) -> Release:
        found = done.get(key)
        if found is None:
            data = entries[key]
            base = release(data["base"]) if data.get("base") is not None else None
            found = done[key] = Release.from_json(data, base=base)
        return found

    return sorted(map(release, entries), key=lambda found: found.day)


def file_key(path: Path, known: Memo) -> str:
    """The hash of ``path``'s name and bytes (the key of its release in the caches), taken
    from ``known`` when the file's status is the one it had when it was hashed.

    The status is its device, inode, size and change times: writing a file's bytes sets
    its ctime to the clock, and no call sets a ctime back, so a file whose ctime is still
    the one it had when hashed, and was so well before that moment (:data:`RACY_NS`),
    holds the bytes it held then.  Its status is no hash of its bytes: a file whose
    bytes a disk or a tool changed without a write through the file system (restored
    with its old times by a backup taken of the whole device) is not seen."""
    status = _status(path)
    name = digest(str(path.resolve()), *map(str, status))
    found = known.get(name)
    if isinstance(found, str):
        return found
    hashed_at = time.time_ns()
    key = digest(path.name, path.read_bytes())
    if _status(path) == status and max(status[-2:]) < hashed_at - RACY_NS:
        known.put(name, key)
    return key


def _status(path: Path) -> tuple[int, ...]:
    """Device, inode, size, mtime and ctime (not the access time reading it may set)."""
    found = path.stat()
    return (found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns, found.st_ctime_ns)


def _newest_glossary(state: BuildState, newest: tuple[Release, str],
                     parsed: list[GlossaryTerm] | None) -> list[GlossaryTerm]:
    """The newest release's glossary (the one the site shows beside the Japanese):
    ``parsed`` when its file was just read, else from the cache or the file."""
    release, key = newest
    memo = Memo(state.reuse, GLOSSARY_CACHE)
    cached = memo.get(key) if parsed is None else None
    if isinstance(cached, list):
        return [_glossary_from_json(item, release.path) for item in cached]
    terms = parsed if parsed is not None else read_cr_en(release.path).glossary
    memo.put(key, [_glossary_to_json(term) for term in terms])
    return terms


def _glossary_to_json(term: GlossaryTerm) -> dict[str, Any]:
    return {"term": term.term, "definition": term.definition, "release": term.release,
            "line": term.source.line, "examples": [e.text for e in term.examples]}


def _glossary_from_json(item: dict[str, Any], path: str) -> GlossaryTerm:
    from kb.model import Example

    source = SourceRef(path, item["line"])
    return GlossaryTerm(item["term"], item["definition"], item["release"], source,
                        [Example(text, source) for text in item["examples"]])


def align_history(state: BuildState) -> None:
    """Align each pair of consecutive releases (from the cache when both files are known)
    and chain them into every rule's identity."""
    if not state.releases:
        return
    state.history = aligned_history(state.releases, state.release_keys,
                                    Memo(state.reuse, PAIRS_CACHE), Memo(state.reuse, TEXTS_CACHE))


def aligned_history(releases: list[Release], keys: list[str], memo: Memo | None,
                    texts: Memo | None = None) -> History:
    """The history of ``releases`` (oldest first, ``keys`` their files' hashes); features
    are made only for the releases of pairs the cache does not hold.  ``texts`` keeps the
    newest release's texts as folded, for the build that adds a release after it."""
    cache = TextCache()
    features: dict[int, Features] = {}

    def features_of(k: int) -> Features:
        found = features.get(k)
        if found is None:
            if texts is not None:
                cache.load(releases[k].texts, texts.previous.get(keys[k]))
            found = features[k] = Features.of(releases[k], cache)
        for done in [d for d in features if d < k - 1]:
            del features[done]  # each release serves two pairs at most
        return found

    alignments: list[Alignment] = []
    folded: dict[str, str] = {}
    for k in range(1, len(releases)):
        key = digest(keys[k - 1], keys[k])
        cached = memo.get(key) if memo is not None else None
        if isinstance(cached, dict):
            alignment = alignment_from_json(cached, releases[k - 1], releases[k])
        else:
            alignment = align(features_of(k - 1), features_of(k))
            run_breaks(alignment, folded)  # kept with the pair: the graph's history spans
        if memo is not None:
            memo.put(key, alignment_to_json(alignment))
        alignments.append(alignment)
    if texts is not None and releases:
        newest = releases[-1].texts
        if not cache.load(newest, texts.get(keys[-1])):
            texts.put(keys[-1], cache.to_json(newest))
    return History(releases, alignments)


def alignment_to_json(alignment: Alignment) -> dict[str, Any]:
    return {"forward": alignment.forward, "links": [list(link) for link in alignment.links],
            "breaks": run_breaks(alignment)}


def alignment_from_json(data: dict[str, Any], older: Release, newer: Release) -> Alignment:
    forward: list[int] = data["forward"]
    if len(forward) != len(older):
        raise KbError(f"cached alignment does not fit the release of {older.version}: rebuild "
                      "with --clean")
    backward = [-1] * len(newer)
    for i, j in enumerate(forward):
        if j >= 0:
            backward[j] = i
    links = [(int(i), int(j), cast(LinkKind, kind)) for i, j, kind in data["links"]]
    breaks = data.get("breaks")
    return Alignment(older, newer, list(forward), backward, links,
                     list(breaks) if isinstance(breaks, list) else None)
