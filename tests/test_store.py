"""``kb.sqlite``: the lookup store ``kb rule`` reads, and what it refuses.

The store must answer exactly as the graph does (every rule's document equals
``rule_json`` on the graph loaded from ``kb.json``), be queryable as README.md shows, and
never be read when another program or schema wrote it, or when it is damaged.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, needs_cr

from kb.errors import KbError
from kb.export import GRAPH_FILE, load_graph, node_to_json, write_json
from kb.graph import RuleGraph
from kb.lookup import history_json, rule_json, with_lookups
from kb.store import STORE_FILE, Store, fingerprint, open_store
from kb.store_write import StoreWriter, write_store


def kb(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kb", *argv], cwd=ROOT, capture_output=True,
                          text=True, check=False)


def copy_of(build: Path, tmp_path: Path) -> Path:
    """A build folder holding the two files a lookup reads."""
    copy = tmp_path / "build"
    copy.mkdir()
    for name in (GRAPH_FILE, STORE_FILE):
        shutil.copyfile(build / name, copy / name)
    return copy


def assert_same_as_the_graph(build: Path) -> None:
    graph = load_graph(build / GRAPH_FILE)
    store = Store(build / STORE_FILE)
    numbers, known = store.numbers()
    assert known == {str(node.number) for node in graph}
    for node in graph:
        assert store.rule(str(node.number)) == rule_json(graph, node.number), node.number
    assert numbers == [str(n.number) for n in graph if n.texts or n.titles]
    assert store.rule("999.9z") is None


def test_every_rule_reads_as_the_graph_gives_it(search_seed_build: Path) -> None:
    assert_same_as_the_graph(search_seed_build)


@needs_cr
def test_every_rule_of_the_cr_build_reads_as_the_graph_gives_it(search_full_build: Path) -> None:
    assert_same_as_the_graph(search_full_build)


def test_the_store_filled_as_kb_json_is_written_equals_one_written_alone(english_graph: RuleGraph,
                                                                        tmp_path: Path) -> None:
    """The build fills the store from each rule's record as ``write_json`` makes it (one
    pass, the stored document spliced from the record's encoded head): every table
    holds what :func:`write_store`, making each record itself, puts there."""
    alone, together = tmp_path / "alone.sqlite", tmp_path / "together.sqlite"
    write_store(english_graph, alone, "test")
    with StoreWriter(english_graph, together, "test") as store:
        write_json(english_graph, tmp_path / GRAPH_FILE, "test", store.add)
    tables = [name for (name,) in sqlite3.connect(alone).execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
    assert "rules" in tables and "runs" in tables
    for table in tables:
        query = f"SELECT * FROM {table} ORDER BY 1, 2"
        assert sqlite3.connect(together).execute(query).fetchall() == \
            sqlite3.connect(alone).execute(query).fetchall(), table
    # The spliced document is the whole document's encoding, byte for byte.
    documents = dict(sqlite3.connect(together).execute("SELECT number, document FROM rules").fetchall())
    for node in english_graph:
        whole = with_lookups(english_graph, node, node_to_json(english_graph, node), history=False)
        assert documents[str(node.number)] == json.dumps(whole, ensure_ascii=False, separators=(",", ":"))


def test_every_rules_history_reads_as_the_graph_gives_it(english_graph: RuleGraph,
                                                        tmp_path: Path) -> None:
    """With English releases (2019-01-25 to 2026-01-16): the store keeps a rule's history
    as runs, not in its document, and gives it back expanded as ``kb rule --json``'s
    ``history``; the view ``history`` has one row per entry."""
    path = tmp_path / STORE_FILE
    write_store(english_graph, path, "test")
    store = Store(path)
    for node in english_graph:
        assert store.rule(str(node.number)) == rule_json(english_graph, node.number), node.number
    phasing = store.rule("702.26")
    assert phasing is not None and {e["language"] for e in phasing["history"]} == {"en", "ja"}
    db = sqlite3.connect(path)
    assert db.execute("SELECT count(*) FROM history").fetchone()[0] == \
        sum(len(history_json(english_graph, node)) for node in english_graph)
    documents = [document for (document,) in db.execute("SELECT document FROM rules")]
    assert all('"history":[]' in document for document in documents)


@needs_cr
def test_the_readme_queries(search_full_build: Path) -> None:
    """The two example queries of README.md's *The lookup store*, with ``sqlite3``."""
    db = sqlite3.connect(search_full_build / STORE_FILE)
    texts = db.execute(
        "SELECT release, language, text FROM texts WHERE number = '702.26d' "
        "ORDER BY release DESC, language").fetchall()
    assert texts and {language for _, language, _ in texts} == {"ja"}
    assert texts[0][0] == "2026-01-16" and "フェイズ・アウト" in texts[0][2]
    cited_by = db.execute(
        "SELECT cited_by, count(*) FROM backlinks WHERE number = '702.26' "
        "GROUP BY cited_by ORDER BY cited_by").fetchall()
    graph = load_graph(search_full_build / GRAPH_FILE)
    expected: dict[str, int] = {}
    for link in graph.nodes[next(n for n in graph.nodes if str(n) == "702.26")].referenced_by:
        expected[link.origin] = expected.get(link.origin, 0) + 1
    assert dict(cited_by) == expected and expected
    mentions = db.execute("SELECT DISTINCT page FROM mentions WHERE number LIKE '702.26%'").fetchall()
    assert ("フェイジング",) in mentions


def test_kb_rule_answers_from_the_store(search_seed_build: Path, tmp_path: Path) -> None:
    """The store alone answers (kb.json gone), and as kb.json did (the store gone)."""
    build = copy_of(search_seed_build, tmp_path)
    from_store = kb("rule", "702.26d", "--json", "--build", str(build))
    text_from_store = kb("rule", "702.26d", "--build", str(build))
    missing = kb("rule", "702.26z", "--build", str(build))
    (build / GRAPH_FILE).unlink()
    assert kb("rule", "702.26d", "--json", "--build", str(build)).stdout == from_store.stdout
    shutil.copyfile(search_seed_build / GRAPH_FILE, build / GRAPH_FILE)
    (build / STORE_FILE).unlink()
    assert kb("rule", "702.26d", "--json", "--build", str(build)).stdout == from_store.stdout
    assert kb("rule", "702.26d", "--build", str(build)).stdout == text_from_store.stdout
    assert kb("rule", "702.26z", "--build", str(build)).stderr == missing.stderr
    assert missing.returncode == 1 and "702.26" in missing.stderr


@pytest.mark.parametrize("change, message", [
    ("UPDATE meta SET value = 'kb-store/0' WHERE key = 'schema'", "schema 'kb-store/0'"),
    ("PRAGMA user_version = 7", "version 7"),
    ("UPDATE meta SET value = '0123456789abcdef' WHERE key = 'fingerprint'",
     "written by another version of kb"),
    ("DROP TABLE meta", "cannot read the lookup store"),
    ("DROP TABLE rules", "damaged lookup store"),
    ("UPDATE rules SET document = '{' WHERE number = '702.26d'", "damaged lookup store"),
])
def test_a_store_of_another_program_or_schema_is_refused(
        search_seed_build: Path, tmp_path: Path, change: str, message: str) -> None:
    build = copy_of(search_seed_build, tmp_path)
    db = sqlite3.connect(build / STORE_FILE)
    db.execute(change)
    db.commit()
    db.close()
    result = kb("rule", "702.26d", "--build", str(build))
    assert result.returncode == 1 and result.stdout == ""
    assert str(build / STORE_FILE) in result.stderr and message in result.stderr
    assert "kb build" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("content", [b"", b"not a database at all\n" * 100, None])
def test_a_corrupt_store_is_an_error_naming_the_file(
        search_seed_build: Path, tmp_path: Path, content: bytes | None) -> None:
    build = copy_of(search_seed_build, tmp_path)
    path = build / STORE_FILE
    if content is None:  # a real store cut short, as by a full disk
        path.write_bytes(path.read_bytes()[:len(path.read_bytes()) // 3])
    else:
        path.write_bytes(content)
    result = kb("rule", "702.26d", "--build", str(build))
    assert result.returncode == 1 and result.stdout == ""
    assert str(path) in result.stderr and "Traceback" not in result.stderr


def test_the_store_names_the_program_and_build_that_wrote_it(search_seed_build: Path) -> None:
    import json

    store = open_store(search_seed_build)
    assert store is not None
    assert store.build == json.loads((search_seed_build / GRAPH_FILE).read_text("utf-8"))["build"]
    db = sqlite3.connect(search_seed_build / STORE_FILE)
    assert dict(db.execute("SELECT key, value FROM meta"))["fingerprint"] == fingerprint()
    with pytest.raises(KbError, match="cannot read"):
        Store(search_seed_build / "nothing-here.sqlite")


def test_every_table_and_view_is_in_the_readme() -> None:
    """README.md's *The lookup store* has a row for every table and view but ``backlinks``
    (described with ``refs``)."""
    import re

    from kb.store_write import TABLES

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    names = re.findall(r"CREATE (?:TABLE|VIEW) (\w+)", TABLES)
    assert "runs" in names and "history" in names
    missing = [name for name in names if name != "backlinks" and f"\n| `{name}`" not in readme]
    assert missing == []
