"""What a build reuses from the build it replaces: cached results and unchanged files.

``kb build`` writes a new build beside the old one and swaps it in, so the previous build
is still there to read while the new one is made.  A stage that can tell which of its
results do not depend on what changed takes them from there:

- *memos* (``cache/NAME.json`` in the build): results keyed by a hash of their input, such
  as the noun compounds of one text.  A build writes only the entries it used, so the
  cache never outgrows the corpus;
- *files*: an unchanged output file is hard-linked from the previous build instead of
  written again (never written through afterwards: the new build only adds new files).

Two caches outlive builds, in the user's cache folder (:func:`user_cache`): the compiled
user dictionary, by its inputs' hash (:mod:`kb.search.userdict`), and what depends on
the program alone, by the program's fingerprint (:func:`program_memo`: the outcomes of
the executable checks and their descriptions, :mod:`kb.checks.described`).  They serve ``--clean`` builds and builds into other folders.

Everything carries a *fingerprint* of the code and dictionaries that made it (the ``kb``
sources, the site templates and assets, by their paths inside the checkout and their
contents, and the versions of Sudachi, its dictionary and Whoosh).  A previous build with another fingerprint, or none, is not reused, so a
changed program never serves old results.  ``kb build --clean`` reuses nothing.
"""

from __future__ import annotations

import functools
import gc
import hashlib
import json
import os
from pathlib import Path
from typing import Any

CACHE_DIR = "cache"
FINGERPRINT_FILE = "fingerprint.json"
_PACKAGES = ("sudachipy", "sudachidict_core", "whoosh-reloaded", "jinja2", "markdown-it-py")
_ROOT = Path(__file__).resolve().parent.parent
"""The ``kb`` package."""


def digest(*parts: str | bytes) -> str:
    """A short content hash of ``parts`` (kept apart, so ("ab", "c") != ("a", "bc"))."""
    hasher = hashlib.blake2b(digest_size=16)
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        hasher.update(len(data).to_bytes(8, "little"))
        hasher.update(data)
    return hasher.hexdigest()


@functools.cache
def code_fingerprint() -> str:
    """What made a build: every file of the package and of the site's templates and
    assets, named by its path inside them (so moving a checkout keeps every cache), and
    the versions of the libraries whose output the build stores."""
    from importlib.metadata import PackageNotFoundError, version  # 10 ms: only when needed

    from kb.site.resources import site_sources

    site = site_sources()
    parts: list[str | bytes] = []
    for name, root in (("kb", _ROOT), ("site", site)):
        if name == "site" and _ROOT in site.parents:
            continue  # an installed kb ships the site inside the package: read already
        for path in sorted(p for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
            parts += [f"{name}/{path.relative_to(root).as_posix()}", path.read_bytes()]
    for package in _PACKAGES:
        try:
            parts.append(f"{package}={version(package)}")
        except PackageNotFoundError:
            parts.append(f"{package}=none")
    return digest(*parts)


class Reuse:
    """The previous build (``previous``), if it can be reused, and the new one (``work``).

    ``memo(name)`` gives the previous build's entries of one cache; ``keep(name, entries)``
    stores what this build used.  ``link(path)`` hard-links an unchanged file.
    """

    def __init__(self, previous: Path | None, work: Path):
        self.work = work
        self.previous = previous if previous is not None and _same_code(previous) else None
        self.kept: dict[str, dict[str, Any]] = {}
        self.written: set[str] = set()
        """Caches already in the new build (:meth:`write_caches`)."""
        self._loaded: dict[str, dict[str, Any]] = {}
        """The previous build's caches as read, to link those this build leaves as they were."""
        self._spans: dict[str, PreviousEntries] = {}
        """Where each entry of those caches is in its file, to copy the text of the
        entries a changed cache keeps instead of encoding them again."""
        self.linked = 0
        """Files taken from the previous build (for the build's report)."""
        self.folders: set[str] = set()
        """Caches kept one file an entry (:class:`FileMemo`)."""

    @classmethod
    def none(cls, work: Path) -> Reuse:
        return cls(None, work)

    @property
    def active(self) -> bool:
        return self.previous is not None

    def memo(self, name: str) -> dict[str, Any]:
        if self.previous is None:
            return {}
        path = self.previous / CACHE_DIR / f"{name}.json"
        try:
            text = path.read_text(encoding="utf-8")
        except OSError:
            return {}
        # Decoding makes containers by the hundred thousand, and no cycles: the collector,
        # run as they are made, walked everything the build held again and again (~6% of
        # a 3,000-page rebuild's CPU).  What is read stays until the build ends (to
        # link the caches left as they were): frozen, out of the collector's way, as the
        # pipeline freezes each stage's work (and unfreezes it all at the end).
        collecting = gc.isenabled()
        gc.disable()
        try:
            data, spans = decode_entries(text)
        except ValueError:
            return {}
        finally:
            if collecting:
                gc.enable()
        gc.freeze()
        if not isinstance(data, dict):
            return {}
        self._loaded[name] = data
        if spans is not None:
            self._spans[name] = PreviousEntries(path, len(text), data, spans)
        del text
        return data

    def keep(self, name: str, entries: dict[str, Any]) -> None:
        self.kept[name] = entries

    def previous_file(self, relative: str) -> Path | None:
        if self.previous is None:
            return None
        path = self.previous / relative
        return path if path.is_file() else None

    def link(self, relative: str, target: Path | None = None) -> bool:
        """Hard-link ``relative`` from the previous build into ``target`` (default: the
        same path in the new build); False when there is nothing to link."""
        if self.previous is None:
            return False
        # Strings, not Path objects: a rebuild links thousands of files.
        source = f"{self.previous}/{relative}"
        destination = os.fspath(target) if target is not None else f"{self.work}/{relative}"
        try:
            os.link(source, destination)
        except FileNotFoundError:
            if not Path(source).is_file():
                return False
            Path(destination).parent.mkdir(parents=True, exist_ok=True)
            try:
                os.link(source, destination)
            except OSError:
                return False
        except OSError:
            return False  # another file system, or links not allowed: the caller writes
        self.linked += 1
        return True

    def write_caches(self, names: list[str]) -> None:
        """Write the kept caches ``names`` into the new build now (a stage run in a child
        process writes its own; see :mod:`kb.build.forked`)."""
        folder = self.work / CACHE_DIR
        folder.mkdir(parents=True, exist_ok=True)
        for name in names:
            entries = self.kept[name]
            self.written.add(name)
            if entries == self._loaded.get(name) and self.link(f"{CACHE_DIR}/{name}.json"):
                continue  # the same entries: the same file (keys are written sorted)
            write_entries(entries, folder / f"{name}.json", self._spans.get(name))

    def write(self) -> list[str]:
        """Write the fingerprint and the kept caches not written yet into the new build;
        the paths of every cache."""
        self.write_caches(sorted(set(self.kept) - self.written))
        folder = self.work / CACHE_DIR
        (folder / FINGERPRINT_FILE).write_text(
            json.dumps({"code": code_fingerprint()}) + "\n", encoding="utf-8")
        return [f"{CACHE_DIR}/{name}.json" for name in sorted(self.written)] + \
            [f"{CACHE_DIR}/{name}/" for name in sorted(self.folders)] + \
            [f"{CACHE_DIR}/{FINGERPRINT_FILE}"]


class PreviousEntries:
    """A cache as the previous build wrote it: the entries decoded from it (``loaded``)
    and where each entry's value is in its text (``spans``), ``length`` characters read
    from ``path``."""

    def __init__(self, path: Path, length: int, loaded: dict[str, Any], spans: dict[str, tuple[int, int]]):
        self.path = path
        self.length = length
        self.loaded = loaded
        self.spans = spans

    def text(self) -> str:
        """The file's text again (not held through the build: ~100 MB of caches at 10,000
        wiki pages), or "" if it is no longer what was decoded."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except OSError:
            return ""
        return text if len(text) == self.length else ""


_DECODER = json.JSONDecoder()


def decode_entries(text: str) -> tuple[Any, dict[str, tuple[int, int]] | None]:
    """``json.loads(text)``, and for a cache in :func:`write_entries`'s form where each
    entry's value is in ``text`` (None for another form, which is decoded whole)."""
    try:
        return _entries_and_spans(text)
    except (ValueError, IndexError):
        return json.loads(text), None


def _entries_and_spans(text: str) -> tuple[dict[str, Any], dict[str, tuple[int, int]]]:
    scan = _DECODER.raw_decode
    entries: dict[str, Any] = {}
    spans: dict[str, tuple[int, int]] = {}
    if text[0] != "{":
        raise ValueError("not an object")
    at = 1
    if text[at] != "}":
        while True:
            key, at = scan(text, at)
            if not isinstance(key, str) or text[at] != ":":
                raise ValueError("not write_entries' form")
            value, end = scan(text, at + 1)
            entries[key] = value
            if not isinstance(value, str):  # never copied (write_entries)
                spans[key] = (at + 1, end)
            if text[end] != ",":
                at = end
                break
            at = end + 1
    if text[at] != "}" or text[at + 1:].strip():
        raise ValueError("not write_entries' form")
    return entries, spans


def write_entries(entries: dict[str, Any], path: Path, previous: PreviousEntries | None = None) -> None:
    """``entries`` as ``json.dumps(entries, ensure_ascii=False, sort_keys=True,
    separators=(",", ":"))`` writes them, and a newline, an entry at a time: the text of a
    large cache made in one piece (the site search's parts: 66 MB at 10,000 wiki pages)
    took several times its size in memory, at the very end of the build.

    An entry whose value is the very object (not a string) decoded from the ``previous``
    build's cache is copied from that file's text, as this function wrote it then (the
    same program: the fingerprint), not encoded again: a one-page edit changes one entry
    of the large caches.  (A memo's values are never changed in place: as
    :meth:`Reuse.write_caches` links a cache whose entries compare equal to those read.)"""
    loaded = previous.loaded if previous is not None else {}
    text: str | None = None  # the previous file's, read at the first entry copied from it
    with path.open("w", encoding="utf-8") as out:
        out.write("{")
        for i, key in enumerate(sorted(entries)):
            value = entries[key]
            out.write(f'{"," if i else ""}{json.dumps(key, ensure_ascii=False)}:')
            # (A string encodes faster than its text is read and sliced out.)
            if previous is not None and loaded.get(key) is value and not isinstance(value, str):
                if text is None:
                    text = previous.text()
                if text:
                    start, end = previous.spans[key]
                    out.write(text[start:end])
                    continue
            out.write(json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")))
        out.write("}\n")


def _same_code(previous: Path) -> bool:
    try:
        data = json.loads((previous / CACHE_DIR / FINGERPRINT_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and data.get("code") == code_fingerprint()


class Memo:
    """One cache: the previous build's entries, and those this build asked for."""

    def __init__(self, reuse: Reuse | None, name: str):
        self.name = name
        self.previous = reuse.memo(name) if reuse is not None else {}
        self.used: dict[str, Any] = {}
        self.hits = 0
        if reuse is not None:
            reuse.keep(name, self.used)

    def get(self, key: str) -> Any | None:
        found = self.previous.get(key)
        if found is not None:
            self.hits += 1
            self.used[key] = found
        return found

    def put(self, key: str, value: Any) -> None:
        self.used[key] = value

    def carry_over(self) -> None:
        """Keep every previous entry for the next build (when this one needed none)."""
        self.used.update(self.previous)


CACHE_ENV = "KB_CACHE_DIR"
"""Where kb keeps what outlives a build; empty turns those caches off."""


def user_cache() -> Path | None:
    """``$KB_CACHE_DIR``, else ``$XDG_CACHE_HOME/kb``, else ``~/.cache/kb``; None when
    ``KB_CACHE_DIR`` is set empty."""
    configured = os.environ.get(CACHE_ENV)
    if configured is not None:
        return Path(configured) if configured else None
    base = os.environ.get("XDG_CACHE_HOME")
    return (Path(base) if base else Path("~/.cache").expanduser()) / "kb"


def program_folder() -> Path | None:
    """Where the user cache keeps what depends on this very program (its fingerprint)
    alone; None when the user cache is off."""
    folder = user_cache()
    return None if folder is None else folder / "program" / code_fingerprint()


def _program_memo_path(name: str) -> Path | None:
    folder = program_folder()
    return None if folder is None else folder / f"{name}.json"


def program_memo(name: str) -> dict[str, Any]:
    """Entries of the cache ``name`` that a build of this very program (same
    fingerprint) kept in the user cache: results that depend on the program alone."""
    path = _program_memo_path(name)
    if path is None:
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def keep_program_memo(name: str, entries: dict[str, Any]) -> None:
    """Store ``entries`` for the next build of this program, whole or not at all (another
    build may read it meanwhile); a cache folder that cannot be written is skipped."""
    path = _program_memo_path(name)
    if path is None or not entries:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        partial.write_text(json.dumps(entries, ensure_ascii=False, sort_keys=True), encoding="utf-8")
        partial.replace(path)
    except OSError:
        pass


class FileMemo:
    """A cache of large entries kept one file each (``cache/NAME/KEY.json``): an entry
    taken from the previous build is linked, not written again, so a build that adds one
    entry writes that one (the English releases as read: 11 MB for 110, which a single
    file would have the build encode and write whole).  Keys must be file names (digests)."""

    def __init__(self, reuse: Reuse | None, name: str):
        self.reuse = reuse
        self.name = name
        self.hits = 0
        if reuse is not None:
            reuse.folders.add(name)

    def get(self, key: str) -> Any | None:
        reuse = self.reuse
        if reuse is None or reuse.previous is None:
            return None
        relative = f"{CACHE_DIR}/{self.name}/{key}.json"
        try:
            found = json.loads((reuse.previous / relative).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not reuse.link(relative):
            self.put(key, found)
        self.hits += 1
        return found

    def put(self, key: str, value: Any) -> None:
        if self.reuse is None:
            return
        folder = self.reuse.work / CACHE_DIR / self.name
        folder.mkdir(parents=True, exist_ok=True)
        text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        path = folder / f"{key}.json"
        path.unlink(missing_ok=True)  # it may be a link to the previous build's: never write through
        path.write_text(text + "\n", encoding="utf-8")
