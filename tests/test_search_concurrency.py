"""``kb search`` while ``kb build`` rewrites the index (issue 7, concurrent use).

Two corpora that answer differently (the seeds; the seeds moved one line down, so every
citation names another line) but share a vocabulary (so a rebuild reuses the user
dictionary and takes under a second) are built in turn, again and again, by real
``kb build`` processes.  Meanwhile 1,000 queries run — 950 in-process (a fresh
:class:`Searcher` each time, and one kept open throughout) and 50 as ``kb search``
processes — and every answer must be, hit for hit, the answer of one whole build of one
of the two corpora; the build id an answer names must be the build its graph came from.
Nothing may fail.  (Searchers that do not pin their build fail here: a SudachiError, or
an index and a graph from two builds.)
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from fuzzing import budget
from test_atomic_build import litter, make_corpus
from test_snapshot import shifted_corpus

from kb.build.pipeline import build
from kb.build.state import BuildOptions
from kb.search.searcher import Searcher

QUERIES = [
    "フェイズアウト トークン", "ﾌｪｲｽﾞ･ｱｳﾄ ｵｰﾅｰ", "表向き タイムスタンプ", "変異 裏向き", "702.26d",
    "CR 613.7", "７０２．２６ａ", "継続的効果 依存", "Glorious Anthem", "phasing", "Morph", "頌歌",
    "オーラ 装備品", "コピー効果", "タイムスタンプ順", "量子力学", "フェイズアウト 量子力学", "マナ・コスト",
]
IN_PROCESS = budget(950)
CLI = budget(50)
"""1,000 queries in all under the ``ci`` hypothesis profile (tests/fuzzing.py scales them)."""
MIN_BUILDS = 6
BUILD_PAUSE = 0.5
"""Between builds: rebuilding back to back would take one of the two cores all along."""


def without_build(answer: dict[str, object]) -> str:
    return json.dumps({k: v for k, v in answer.items() if k != "build"}, ensure_ascii=False, sort_keys=True)


def answers(out: Path) -> tuple[str, dict[str, str]]:
    searcher = Searcher.open(out)
    try:
        assert searcher.build_id is not None
        return searcher.build_id, {q: without_build(searcher.search(q).to_json()) for q in QUERIES}
    finally:
        searcher.close()


def graph_build_id(directory: Path) -> str:
    found: str = json.loads((directory / "kb.json").read_text(encoding="utf-8"))["build"]
    return found


@dataclass
class Corpora:
    one: Path
    two: Path
    built: Path
    """A build of ``two``: copied as a start, a build of ``one`` then reuses its dictionary."""
    expected: dict[str, set[str]]
    """Query -> the answers a whole build of either corpus gives."""
    of_corpus: dict[str, dict[str, str]] = field(default_factory=dict)

    def start(self, out: Path) -> None:
        shutil.copytree(self.built, out, symlinks=True)
        build(BuildOptions(corpus=self.one, out=out))


@pytest.fixture(scope="module")
def corpora(tmp_path_factory: pytest.TempPathFactory) -> Corpora:
    root = tmp_path_factory.mktemp("concurrent")
    one = make_corpus(root / "one")
    two = shifted_corpus(one, root / "two")
    out = root / "probe"
    found = Corpora(one, two, out, {q: set() for q in QUERIES})
    for name, corpus in (("one", one), ("two", two)):
        build(BuildOptions(corpus=corpus, out=out))
        _, given = answers(out)
        found.of_corpus[name] = given
        for query, answer in given.items():
            found.expected[query].add(answer)
    differ = sum(len(a) == 2 for a in found.expected.values())
    assert differ >= len(QUERIES) - 2, "the corpora must answer differently"
    return found


def test_a_searcher_keeps_to_its_build_through_rebuilds(corpora: Corpora, tmp_path: Path) -> None:
    """Opened, then the build is replaced by one without a user dictionary, then asked:
    the answers are still those of the build it opened (it used to load the user
    dictionary by path on the first query, from the new build, or fail without one)."""
    out = tmp_path / "_build"
    corpora.start(out)
    searcher = Searcher.open(out)
    opened = searcher.build_id
    bare = tmp_path / "bare"
    (bare / "wiki").mkdir(parents=True)
    (bare / "wiki" / "頁.txt").write_text("頁\n\n本文。\n", encoding="utf-8")
    for corpus in (bare, corpora.two, bare):
        build(BuildOptions(corpus=corpus, out=out))
    assert not (out / "search" / "user.dic").exists()
    assert searcher.build_id == opened != graph_build_id(out)
    for query in QUERIES:
        assert without_build(searcher.search(query).to_json()) == corpora.of_corpus["one"][query], query
    assert len(litter(out)) == 1  # its build, parked while it is open
    searcher.close()
    build(BuildOptions(corpus=bare, out=out))
    assert litter(out) == []


@dataclass
class Tally:
    answers: Counter[str] = field(default_factory=Counter)
    builds_seen: set[str] = field(default_factory=set)
    failures: list[str] = field(default_factory=list)

    def check(self, how: str, query: str, answer: dict[str, object], expected: set[str]) -> None:
        build_id = answer.get("build")
        if not isinstance(build_id, str):
            self.failures.append(f"{how}: {query!r}: no build id")
        elif without_build(answer) not in expected:
            self.failures.append(f"{how}: {query!r}: an answer no whole build gives (build {build_id})")
        else:
            self.answers[how] += 1
            self.builds_seen.add(build_id)


def test_a_thousand_queries_while_kb_build_keeps_rewriting_the_index(
    corpora: Corpora, tmp_path: Path
) -> None:
    out = tmp_path / "_build"
    corpora.start(out)
    kept = Searcher.open(out)  # opened once, asked throughout
    kept_answers = corpora.of_corpus["one"]
    tally = Tally()
    done = threading.Event()
    builds: list[int] = []

    def keep_building() -> None:
        corpus = [corpora.two, corpora.one]
        while not done.is_set() or len(builds) < MIN_BUILDS:
            command = [sys.executable, "-m", "kb", "build", "--quiet", "--corpus",
                       str(corpus[len(builds) % 2]), "--out", str(out)]
            result = subprocess.run(command, capture_output=True, text=True, check=False)
            builds.append(result.returncode)
            if result.returncode:
                tally.failures.append(f"kb build: {result.stderr.strip()}")
            time.sleep(BUILD_PAUSE)

    def keep_asking_the_cli() -> None:
        for i in range(CLI):
            query = QUERIES[i % len(QUERIES)]
            result = subprocess.run(
                [sys.executable, "-m", "kb", "search", "--json", "--build", str(out), "--", query],
                capture_output=True, text=True, timeout=60, check=False)
            if result.returncode not in (0, 1) or result.stderr:
                tally.failures.append(f"kb search {query!r}: exit {result.returncode}: {result.stderr.strip()}")
                continue
            answer = json.loads(result.stdout)
            # The CLI adds each hit's outdated-claim notes (read from the same snapshot);
            # the rest must be what some whole build answers.
            for hit in answer["hits"]:
                if not isinstance(hit.pop("outdated", None), list):
                    tally.failures.append(f"kb search {query!r}: a hit without its outdated notes")
            tally.check("cli", query, answer, corpora.expected[query])

    asking = [threading.Thread(target=keep_asking_the_cli)]
    threads = [threading.Thread(target=keep_building), *asking]
    for thread in threads:
        thread.start()
    try:
        i = 0
        while i < IN_PROCESS or any(thread.is_alive() for thread in asking):
            query = QUERIES[i % len(QUERIES)]
            i += 1
            searcher = Searcher.open(out)
            try:
                tally.check("api", query, searcher.search(query).to_json(), corpora.expected[query])
                if i % 10 == 0:  # the index and the graph the searcher reads are one build's
                    assert searcher.snapshot is not None
                    assert graph_build_id(searcher.snapshot.path) == searcher.build_id
            finally:
                searcher.close()
            if i % 5 == 0:
                kept_answer = without_build(kept.search(query).to_json())
                if kept_answer != kept_answers[query]:
                    tally.failures.append(f"kept searcher: {query!r} changed")
            time.sleep(0.005)  # leave the builds and the CLI some of the two cores
    finally:
        done.set()
        for thread in threads:
            thread.join()
        kept.close()
    assert tally.failures == []
    assert tally.answers["api"] >= IN_PROCESS and tally.answers["cli"] == CLI
    assert len(builds) >= MIN_BUILDS and set(builds) == {0}
    assert len(tally.builds_seen) >= 3, "the queries did not overlap the rebuilds"
    build(BuildOptions(corpus=corpora.one, out=out))
    assert litter(out) == []
