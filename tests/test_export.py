"""kb.json: valid against its schema, and loading it gives the same graph back."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from kb.errors import KbError
from kb.export import (
    graph_from_json,
    graph_to_json,
    load_graph,
    node_to_json,
    release_free_digest,
    write_json,
)
from kb.graph import RuleGraph

SCHEMA = Path(__file__).resolve().parent.parent / "kb" / "schema" / "kb-graph-1.schema.json"


def _validate(data: dict[str, object]) -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(data)


def test_seeds_export_is_valid_and_round_trips(seed_graph: RuleGraph, tmp_path: Path) -> None:
    data = graph_to_json(seed_graph)
    _validate(data)
    path = tmp_path / "kb.json"
    records = write_json(seed_graph, path, "build-1")
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written.pop("build") == "build-1" and written == data  # the rules spliced in whole
    assert [json.loads(r) for r in records.rules.values()] == data["rules"]
    # Each record's text as a whole record is encoded (kb.export.joined_record), byte for byte.
    compact = {"ensure_ascii": False, "separators": (",", ":")}
    assert list(records.rules.values()) == [json.dumps(r, **compact) for r in data["rules"]]  # type: ignore[arg-type]
    assert records.release_free == {node.number: release_free_digest(node_to_json(seed_graph, node),
                                                                     seed_graph.english_releases[-1]
                                                                     if seed_graph.english_releases else None)
                                    for node in seed_graph}
    assert [json.loads(r) for r in records.pages.values()] == data["pages"]
    loaded = load_graph(path)
    assert graph_to_json(loaded) == data


def test_full_export_is_valid_and_round_trips(full_graph: RuleGraph) -> None:
    data = graph_to_json(full_graph)
    _validate(data)
    assert graph_to_json(graph_from_json(json.loads(json.dumps(data)))) == data


def test_schema_rejects_a_broken_export(seed_graph: RuleGraph) -> None:
    data = graph_to_json(seed_graph)
    data["rules"][0]["number"] = "702.26l"
    with pytest.raises(jsonschema.ValidationError):
        _validate(data)


def test_loading_a_foreign_file_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "kb.json"
    path.write_text('{"schema": "something-else/9"}', encoding="utf-8")
    with pytest.raises(KbError, match="unknown schema"):
        load_graph(path)
    with pytest.raises(KbError, match="run `kb build` first"):
        load_graph(tmp_path / "missing.json")
