"""``_build/kb.sqlite``: the build's lookup store, read one rule at a time.

``kb rule`` answers from here without loading the graph: it opens the file read-only,
checks that this program wrote it (:data:`SCHEMA` and :func:`fingerprint`), and reads one
row.  The tables are documented in README.md (*The lookup store*) for anyone querying the
file with ``sqlite3``; :mod:`kb.store_write` fills them during the build's ``export``
stage.  This module imports only the standard library and :mod:`kb.errors`, so a lookup
pays for nothing else.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path
from typing import Any

from kb.errors import KbError

STORE_FILE = "kb.sqlite"
"""Where a build keeps the store: ``<out>/kb.sqlite``."""
SCHEMA = "kb-store/2"
"""The tables' layout; also ``PRAGMA user_version`` = :data:`SCHEMA_VERSION`."""
SCHEMA_VERSION = 2

FINGERPRINTED = ("store.py", "store_write.py", "lookup.py", "export.py", "graph.py",
                 "releases.py", "rulenum.py", "__init__.py")
"""The modules whose code decides what the store holds and how it is read: a store
written by any other code of these is refused, never read."""

Json = dict[str, Any]


def fingerprint() -> str:
    """A hash of :data:`FINGERPRINTED` (their bytes, by name): which program wrote a store."""
    folder = Path(__file__).parent
    hasher = hashlib.sha256()
    for name in FINGERPRINTED:
        hasher.update(name.encode() + b"\0" + (folder / name).read_bytes() + b"\0")
    return hasher.hexdigest()[:16]


class Store:
    """An open ``kb.sqlite``, checked: read-only, this program's, this schema's."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            # Read-only and immutable for SQLite: a build never changes a finished store (it
            # writes a new build and swaps it in), so no locks and no journal are looked for.
            self._db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
            meta = dict(self._db.execute("SELECT key, value FROM meta").fetchall())
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
        except sqlite3.Error as err:
            raise KbError(f"cannot read the lookup store ({err}): rebuild with `kb build`",
                          path) from err
        if meta.get("schema") != SCHEMA or version != SCHEMA_VERSION:
            raise KbError(f"the lookup store has schema {meta.get('schema')!r} (version {version}); "
                          f"this kb reads {SCHEMA!r}: rebuild with `kb build`", path)
        if meta.get("fingerprint") != fingerprint():
            raise KbError("the lookup store was written by another version of kb "
                          f"({meta.get('generator')}, program {meta.get('fingerprint')}; this is "
                          f"{fingerprint()}): rebuild with `kb build`", path)
        self.build = meta.get("build")

    def rule(self, number: str) -> Json | None:
        """``kb rule NUMBER --json``'s document for the canonical ``number``, or None: the
        stored document with its ``history`` (kept apart, as runs of releases; the document
        holds an empty list in its place, so the keys keep their order)."""
        row = self._query("SELECT document FROM rules WHERE number = ?", (number,))
        if not row:
            return None
        entries = self._query(
            "SELECT release, number_then, language, change, text, examples, version FROM history "
            "WHERE number = ? ORDER BY release, language <> 'en'", (number,))
        try:
            document: Json = json.loads(row[0][0])
            document["history"] = [_entry(*entry) for entry in entries]
        except (TypeError, ValueError) as err:
            raise KbError(f"damaged lookup store ({err}): rebuild with `kb build`", self.path) from err
        return document

    def numbers(self) -> tuple[list[str], set[str]]:
        """The numbers with text or a heading in rule order, and every number in the graph:
        what :func:`near` needs."""
        rows = self._query("SELECT number, has_text FROM rules ORDER BY position", ())
        return [n for n, has_text in rows if has_text], {n for n, _ in rows}

    def close(self) -> None:
        self._db.close()

    def _query(self, sql: str, parameters: tuple[str, ...]) -> list[Any]:
        try:
            return self._db.execute(sql, parameters).fetchall()
        except sqlite3.Error as err:
            raise KbError(f"damaged lookup store ({err}): rebuild with `kb build`", self.path) from err


def _entry(release: str, number: str, language: str, change: str, text: str, examples: str,
           version: str | None) -> Json:
    """One entry of ``history`` as :func:`kb.lookup.history_json` makes it."""
    entry: Json = {"release": release, "number": number, "language": language,
                   "change": change, "text": text, "examples": json.loads(examples)}
    if version:
        entry["version"] = version
    return entry


def open_store(build_dir: Path) -> Store | None:
    """The build's store; None when the build has none (a build by an older kb, read
    from ``kb.json`` instead)."""
    path = build_dir / STORE_FILE
    if not path.is_file():
        return None
    return Store(path)
