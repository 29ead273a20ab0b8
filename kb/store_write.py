"""Write ``kb.sqlite`` (:mod:`kb.store`) from the graph, in the build's ``export`` stage.

Every table is filled from the documents ``kb rule --json`` prints (:func:`kb.lookup.rule_json`),
so the rows and the stored documents cannot disagree; the glossary, wiki pages, name pairs
and releases come from the graph as ``kb.json`` has them.  A rule's history is kept once,
as runs of releases (:func:`kb.lookup.history_runs`, the table ``runs``), not in its
document: expanded to one entry per release it would be most of the file (every rule
in every release), and a new release would change every document.  The view ``history``
and :meth:`kb.store.Store.rule` expand the runs.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from kb import __version__
from kb.export import RECORD_TAIL, Json, joined_record, node_to_json, record_parts, releases_json
from kb.graph import RuleGraph, RuleNode
from kb.lookup import history_runs, with_lookups
from kb.store import SCHEMA, SCHEMA_VERSION, fingerprint

TABLES = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE rules (
    number TEXT PRIMARY KEY, position INTEGER NOT NULL UNIQUE, level TEXT NOT NULL,
    parent TEXT, title TEXT, has_text INTEGER NOT NULL, dangling INTEGER NOT NULL,
    identity TEXT, document TEXT NOT NULL);
CREATE TABLE texts (
    number TEXT NOT NULL, language TEXT NOT NULL, release TEXT, version TEXT NOT NULL,
    kind TEXT NOT NULL, number_then TEXT, text TEXT NOT NULL,
    source_path TEXT NOT NULL, source_line INTEGER NOT NULL);
CREATE INDEX texts_number ON texts (number);
CREATE TABLE examples (
    number TEXT NOT NULL, language TEXT NOT NULL, version TEXT NOT NULL,
    position INTEGER NOT NULL, text TEXT NOT NULL);
CREATE INDEX examples_number ON examples (number);
CREATE TABLE refs (
    origin TEXT NOT NULL, target TEXT NOT NULL, raw TEXT NOT NULL, version TEXT,
    source_path TEXT NOT NULL, source_line INTEGER NOT NULL);
CREATE INDEX refs_origin ON refs (origin);
CREATE INDEX refs_target ON refs (target);
CREATE VIEW backlinks AS SELECT target AS number, origin AS cited_by, raw, version,
    source_path, source_line FROM refs;
CREATE TABLE pages (title TEXT PRIMARY KEY, path TEXT NOT NULL, english_name TEXT);
CREATE TABLE mentions (
    number TEXT NOT NULL, page TEXT NOT NULL, kind TEXT NOT NULL, version TEXT,
    line INTEGER NOT NULL, section TEXT, anchor TEXT, written TEXT);
CREATE INDEX mentions_number ON mentions (number);
CREATE INDEX mentions_page ON mentions (page);
CREATE TABLE glossary (
    key TEXT PRIMARY KEY, headword TEXT NOT NULL, reading TEXT, english TEXT,
    definition TEXT NOT NULL, version TEXT, source_path TEXT NOT NULL, source_line INTEGER NOT NULL);
CREATE TABLE names (japanese TEXT NOT NULL, english TEXT NOT NULL);
CREATE TABLE releases (
    release TEXT NOT NULL, language TEXT NOT NULL, version TEXT NOT NULL, path TEXT,
    complete INTEGER NOT NULL, PRIMARY KEY (release, language));
CREATE TABLE runs (
    number TEXT NOT NULL, language TEXT NOT NULL, first TEXT NOT NULL, last TEXT NOT NULL,
    number_then TEXT NOT NULL, change TEXT NOT NULL, version TEXT, text TEXT NOT NULL,
    examples TEXT NOT NULL);
CREATE INDEX runs_number ON runs (number);
CREATE VIEW history AS SELECT runs.number, releases.release, runs.language, runs.number_then,
    CASE WHEN releases.release = runs.first THEN runs.change ELSE 'unchanged' END AS change,
    runs.version, runs.text, runs.examples
    FROM runs JOIN releases ON releases.language = runs.language
        AND releases.release BETWEEN runs.first AND runs.last;
"""
"""The schema :data:`kb.store.SCHEMA`; README.md (*The lookup store*) describes each table."""

Row = tuple[Any, ...]


BATCH = 512
"""Rules decoded before their rows are inserted: the rows of a 30× corpus, held at once,
would add hundreds of MB to the build's peak."""


def write_store(graph: RuleGraph, path: Path, build_id: str) -> None:
    """Write the store for ``graph`` at ``path`` (a new file in the build's work folder);
    the build's export stage fills a :class:`StoreWriter` as it writes ``kb.json``."""
    with StoreWriter(graph, path, build_id) as store:
        for node in graph:
            rule = node_to_json(graph, node)
            store.add(node, rule, record_parts(rule)[0])


class StoreWriter:
    """``kb.sqlite`` written a rule at a time (:meth:`add`, in the graph's order), then
    the rest at :meth:`finish`; left unfinished (an error), the file is only closed."""

    def __init__(self, graph: RuleGraph, path: Path, build_id: str):
        self.graph = graph
        meta = {"schema": SCHEMA, "fingerprint": fingerprint(), "generator": f"kb {__version__}",
                "build": build_id, "versions": json.dumps(graph.versions)}
        self.db = sqlite3.connect(path)
        try:
            self.db.execute("PRAGMA journal_mode = OFF")  # a new file in a folder swapped in whole
            self.db.execute("PRAGMA synchronous = OFF")  # the build flushes the folder at its end
            self.db.executescript(TABLES)
            self.db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self.db.executemany("INSERT INTO meta VALUES (?, ?)", sorted(meta.items()))
        except BaseException:
            self.db.close()
            raise
        self.rows = _empty_rows()
        self.position = 0

    def add(self, node: RuleNode, record: Json, head: str) -> None:
        """The rows of ``node``, from its record as ``kb.json`` has it (:func:`node_to_json`)
        and the text of its head (:func:`kb.export.record_parts`): the stored document is
        ``kb rule --json``'s without the history, and only its tail is encoded here."""
        graph, rows, position = self.graph, self.rows, self.position
        tail = with_lookups(graph, node, {name: record[name] for name in RECORD_TAIL}, history=False)
        _rule_rows(record, joined_record(head, tail), position, bool(node.texts or node.titles), rows)
        rows["runs"] += [(record["number"], run.language, run.first, run.last, run.number,
                          run.change, run.version or None, run.text,
                          json.dumps(run.examples, ensure_ascii=False))
                         for run in history_runs(graph, node)]
        if position % BATCH == BATCH - 1:
            _insert(self.db, rows)
            self.rows = _empty_rows()
        self.position += 1

    def finish(self) -> None:
        graph, db, rows = self.graph, self.db, self.rows
        rows["refs"] += [_ref_row(link.origin, str(link.target), link.raw, link.version,
                                  link.source.path, link.source.line)
                         for term in graph.glossary.values() for link in term.references]
        _insert(db, rows)
        db.executemany("INSERT INTO glossary VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                       [(key, term.entry.headword, term.entry.reading, term.entry.english,
                         term.entry.definition, term.entry.version, term.entry.source.path,
                         term.entry.source.line) for key, term in graph.glossary.items()])
        db.executemany("INSERT INTO pages VALUES (?, ?, ?)",
                       [(p.title, p.path, p.english_name) for p in graph.pages.values()])
        db.executemany("INSERT INTO names VALUES (?, ?)",
                       [(e.japanese, e.english) for e in graph.names.values()])
        db.executemany("INSERT INTO releases VALUES (?, ?, ?, ?, ?)",
                       [(r["release"], r["language"], r["version"], r["path"], int(r["complete"]))
                        for r in releases_json(graph)])
        db.commit()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        try:
            if kind is None:
                self.finish()
        finally:
            self.db.close()


def _empty_rows() -> dict[str, list[Row]]:
    return {name: [] for name in ("rules", "texts", "examples", "refs", "mentions", "runs")}


def _insert(db: sqlite3.Connection, rows: dict[str, list[Row]]) -> None:
    for table, table_rows in rows.items():
        if table_rows:
            marks = ", ".join("?" * len(table_rows[0]))
            db.executemany(f"INSERT INTO {table} VALUES ({marks})", table_rows)


def _rule_rows(document: Json, stored: str, position: int, has_text: bool,
               rows: dict[str, list[Row]]) -> None:
    """``document``: the rule's record; ``stored``: the stored document's JSON."""
    number = document["number"]
    rows["rules"].append((number, position, document["level"], document["parent"],
                          document["title"], int(has_text), int(document["dangling"]),
                          document["identity"], stored))
    for text in document["texts"] + document["titles"] + document["english"]:
        rows["texts"].append((number, text["language"], text["release"], text["version"],
                              text["kind"], text.get("number"), text["text"],
                              text["source"]["path"], text["source"]["line"]))
        for index, example in enumerate(text["examples"]):
            rows["examples"].append((number, text["language"], text["version"], index,
                                     example["text"]))
    for link in document["references"]:
        rows["refs"].append(_ref_row(link["origin"], link["target"], link["raw"], link["version"],
                                     link["source"]["path"], link["source"]["line"]))
    for page in document["pages"]:
        rows["mentions"].append((number, page["page"], page["kind"], page["version"], page["line"],
                                 page["section"], page["anchor"], page["written"]))


def _ref_row(origin: str, target: str, raw: str, version: str | None, path: str,
             line: int) -> Row:
    return (origin, target, raw, version, path, line)
