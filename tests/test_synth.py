"""The synthetic scale corpus: deterministic, and read by kb exactly as designed."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from bench.common import CR_FILE, ROOT
from bench.synth import MANIFEST, Manifest, generate
from kb.build.stages import STAGES
from kb.build.state import BuildOptions, BuildState
from kb.graph import RuleGraph
from kb.model import CRDocument
from kb.rulenum import Level, RuleNumber

pytestmark = pytest.mark.skipif(not CR_FILE.is_file(), reason=f"the shared CR is not at {CR_FILE}")


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file() and p.name != MANIFEST}


def test_same_seed_gives_the_same_bytes(tmp_path: Path) -> None:
    generate(1, tmp_path / "here", seed=7)
    # The second run is another process with another string-hash seed, so an iteration
    # over a set or a hash-ordered structure would show up as different bytes.
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    subprocess.run([sys.executable, "-m", "bench.synth", "1", str(tmp_path / "there"),
                    "--seed", "7"], cwd=ROOT, env=env, check=True, capture_output=True)
    here, there = _tree(tmp_path / "here"), _tree(tmp_path / "there")
    assert here.keys() == there.keys()
    assert [name for name in here if here[name] != there[name]] == []


def test_another_seed_gives_another_corpus(tmp_path: Path) -> None:
    generate(1, tmp_path / "a", seed=1)
    generate(1, tmp_path / "b", seed=2)
    a, b = _tree(tmp_path / "a"), _tree(tmp_path / "b")
    assert a["cr/rules-20260116.txt"] != b["cr/rules-20260116.txt"]
    assert set(a) != set(b)  # other topics, so other page titles


def test_refuses_a_directory_with_files(tmp_path: Path) -> None:
    (tmp_path / "x.txt").write_text("keep me")
    with pytest.raises(FileExistsError):
        generate(1, tmp_path)


@pytest.fixture(scope="module", params=[1, 3], ids=["1x", "3x"])
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
          ) -> tuple[Manifest, RuleGraph]:
    """The corpus read and linked by the build's own first stages (what these tests look at;
    the search, checks and site stages would triple the time and show nothing more here)."""
    folder = tmp_path_factory.mktemp(f"synth{request.param}")
    manifest = generate(request.param, folder / "corpus")
    state = BuildState(BuildOptions(corpus=folder / "corpus", cr=[Path(p) for p in manifest.cr_paths],
                                    out=folder / "out"), folder)
    for name, stage in STAGES:
        if name in ("read", "history", "graph"):
            stage(state)
    return manifest, state.graph


def test_versions_and_rule_counts_are_as_designed(built: tuple[Manifest, RuleGraph]) -> None:
    manifest, graph = built
    assert graph.versions == [*manifest.versions, manifest.wiki_only_version]
    per_version = Counter(t.version for node in graph for t in node.texts)
    assert dict(per_version) == manifest.rules_per_version
    assert len(graph.glossary) == manifest.glossary_keys
    assert graph.conflicts == []


def test_only_the_planted_references_dangle(built: tuple[Manifest, RuleGraph]) -> None:
    manifest, graph = built
    assert manifest.dangling, "the generator plants some dangling references"
    assert sorted(str(node.number) for node in graph.dangling()) == sorted(manifest.dangling)
    for node in graph:
        if node.referenced_by and str(node.number) not in manifest.dangling:
            assert node.texts or node.titles, node.number


def test_pages_and_quotes_are_as_designed(built: tuple[Manifest, RuleGraph]) -> None:
    manifest, graph = built
    assert len(graph.pages) == manifest.pages
    assert Counter(page.skin for page in graph.pages.values()) == Counter(
        {skin: count for skin, count in manifest.skins.items() if count})
    assert manifest.quotes
    for quote in manifest.quotes:
        for number in quote["numbers"]:
            node = graph.get(number)
            assert node is not None
            assert any(link.page == quote["page"] and link.kind == "quote"
                       and link.version == quote["version"] for link in node.pages), (quote, number)
            # The quoted text is the version's text: no conflict, and the page is a source.
            pool = node.titles if RuleNumber.parse(number).level <= Level.CHAPTER else node.texts + node.titles
            text = next(t for t in pool if t.version == quote["version"])
            assert any(source.page == quote["page"] for source in text.sources)


def test_planted_irregular_lines_are_noticed(built: tuple[Manifest, RuleGraph]) -> None:
    manifest, graph = built
    for written in manifest.cr_files:
        noticed = Counter(i.message.split(": ", 1)[1] for i in graph.irregularities
                          if i.source.path == written["path"])
        assert noticed == Counter({k: v for k, v in written["irregular"].items() if v})


def test_one_x_keeps_the_real_numbering(built: tuple[Manifest, RuleGraph],
                                        cr_document: CRDocument) -> None:
    manifest, graph = built
    if manifest.scale != 1:
        pytest.skip("only 1× keeps the real numbering")
    real = {e.number for e in cr_document.entries}
    newest = manifest.versions[0]
    generated = {n.number for n in graph if n.text_in(newest) or any(
        t.version == newest for t in n.titles)}
    assert generated == real


def test_older_versions_lack_recent_rules_and_differ_in_wording(
        built: tuple[Manifest, RuleGraph]) -> None:
    manifest, graph = built
    if len(manifest.versions) < 2:
        pytest.skip("one CR version at 1×")
    newer, older = manifest.versions[:2]
    only_newer = [n for n in graph if n.text_in(newer) and not n.text_in(older)]
    reworded = [n for n in graph if (a := n.text_in(newer)) and (b := n.text_in(older))
                and a.text != b.text]
    both = [n for n in graph if n.text_in(newer) and n.text_in(older)]
    assert 0 < len(only_newer) < 0.1 * len(both)
    assert 0.01 * len(both) < len(reworded) < 0.2 * len(both)
