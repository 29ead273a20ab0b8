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
from typing import Any

from kb import __version__
from kb.export import node_to_json, releases_json
from kb.graph import RuleGraph
from kb.lookup import history_runs, with_lookups
from kb.rulenum import RuleNumber
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


def write_store(graph: RuleGraph, path: Path, build_id: str,
                records: dict[RuleNumber, str] | None = None) -> None:
    """Write the store for ``graph`` at ``path`` (a new file in the build's work folder).
    ``records`` are the rules as ``kb.json`` has them (:func:`kb.export.write_json`), so
    that each document is decoded rather than made again."""
    meta = {"schema": SCHEMA, "fingerprint": fingerprint(), "generator": f"kb {__version__}",
            "build": build_id, "versions": json.dumps(graph.versions)}
    db = sqlite3.connect(path)
    try:
        db.execute("PRAGMA journal_mode = OFF")  # a new file in a folder swapped in whole
        db.execute("PRAGMA synchronous = OFF")  # the build flushes the folder at its end
        db.executescript(TABLES)
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        db.executemany("INSERT INTO meta VALUES (?, ?)", sorted(meta.items()))
        rows = _empty_rows()
        for position, node in enumerate(graph):
            record = records.get(node.number) if records is not None else None
            document = with_lookups(graph, node, json.loads(record) if record is not None
                                    else node_to_json(graph, node), history=False)
            _rule_rows(document, position, bool(node.texts or node.titles), rows)
            rows["runs"] += [(document["number"], run.language, run.first, run.last, run.number,
                              run.change, run.version or None, run.text,
                              json.dumps(run.examples, ensure_ascii=False))
                             for run in history_runs(graph, node)]
            if position % BATCH == BATCH - 1:
                _insert(db, rows)
                rows = _empty_rows()
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
    finally:
        db.close()


def _empty_rows() -> dict[str, list[Row]]:
    return {name: [] for name in ("rules", "texts", "examples", "refs", "mentions", "runs")}


def _insert(db: sqlite3.Connection, rows: dict[str, list[Row]]) -> None:
    for table, table_rows in rows.items():
        if table_rows:
            marks = ", ".join("?" * len(table_rows[0]))
            db.executemany(f"INSERT INTO {table} VALUES ({marks})", table_rows)


def _rule_rows(document: dict[str, Any], position: int, has_text: bool,
               rows: dict[str, list[Row]]) -> None:
    number = document["number"]
    rows["rules"].append((number, position, document["level"], document["parent"],
                          document["title"], int(has_text), int(document["dangling"]),
                          document["identity"],
                          json.dumps(document, ensure_ascii=False, separators=(",", ":"))))
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
