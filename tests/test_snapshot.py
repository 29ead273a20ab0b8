"""Reading a build while ``kb build`` replaces it: a pinned build is whole and stays.

:func:`kb.build.snapshot.open_snapshot` pins the current build; the builder deletes the build it
swapped out only when nobody holds it, else parks it for a later build.  The last test
reads while real ``kb build`` processes keep swapping two different corpora in.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import shutil
import subprocess
import threading
import time
from pathlib import Path

import pytest
from test_atomic_build import build_command, litter, make_corpus

from kb.build.pipeline import build
from kb.build.snapshot import open_snapshot, retire
from kb.build.state import BuildOptions
from kb.build.swap import swap_into_place
from kb.errors import KbError


def is_pinned(directory: Path) -> bool:
    """Whether some reader holds ``directory`` now: its shared lock keeps ours out."""
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


def build_id(directory: Path) -> str:
    data = json.loads((directory / "kb.json").read_text(encoding="utf-8"))
    found: str = data["build"]
    return found


def shifted_corpus(corpus: Path, root: Path) -> Path:
    """``corpus`` with every page one line lower: the same vocabulary (a rebuild reuses the
    user dictionary, so builds alternating between the two take under a second), but
    every citation names another line."""
    shifted = root / "corpus"
    (shifted / "wiki").mkdir(parents=True)
    for page in (corpus / "wiki").glob("*.txt"):
        title, body = page.read_text(encoding="utf-8").split("\n", 1)
        (shifted / "wiki" / page.name).write_text(f"{title}\n\n{body}", encoding="utf-8")
    return shifted


@pytest.fixture(scope="module")
def seeds(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The seeds corpus and a build of it (copied to start an output: a build over a
    copy reuses its user dictionary instead of compiling one, seconds faster)."""
    root = tmp_path_factory.mktemp("snapshot-seeds")
    corpus = make_corpus(root)
    built = root / "built"
    build(BuildOptions(corpus=corpus, out=built))
    return corpus, built


def start(seeds: tuple[Path, Path], out: Path) -> Path:
    shutil.copytree(seeds[1], out, symlinks=True)
    return seeds[0]


def test_every_build_has_its_own_id(seeds: tuple[Path, Path], tmp_path: Path) -> None:
    out = tmp_path / "_build"
    corpus = start(seeds, out)
    ids = set()
    for _ in range(2):
        build(BuildOptions(corpus=corpus, out=out))
        ids.add(build_id(out))
    assert len(ids) == 2 and all(re.fullmatch(r"\d{8}T\d{6}-\d+-[0-9a-f]{8}", i) for i in ids)


def test_a_pinned_build_outlives_the_swap_and_goes_with_the_next_build(seeds: tuple[Path, Path],
                                                                       tmp_path: Path) -> None:
    out = tmp_path / "_build"
    corpus = start(seeds, out)
    first = build_id(out)
    with open_snapshot(out) as snapshot:
        build(BuildOptions(corpus=corpus, out=out))
        second = build_id(out)
        assert second != first
        assert build_id(snapshot.path) == first  # still the build it pinned, whole
        assert (snapshot.path / "site" / "index.html").is_file()
        parked = litter(out)
        assert len(parked) == 1 and parked[0].startswith("._build.old-")  # kept for the reader
        assert is_pinned(out.parent / parked[0])
        with open_snapshot(out) as newer:
            assert build_id(newer.path) == second
    assert litter(out) == [parked[0]]  # nobody removes it while no build runs …
    build(BuildOptions(corpus=corpus, out=out))
    assert litter(out) == []  # … the next build does, once it is free


def test_without_readers_the_previous_build_is_deleted_at_once(seeds: tuple[Path, Path],
                                                               tmp_path: Path) -> None:
    out = tmp_path / "_build"
    corpus = start(seeds, out)
    for _ in range(2):
        build(BuildOptions(corpus=corpus, out=out))
        assert litter(out) == []


def test_a_reader_that_lost_the_race_to_a_swap_takes_the_new_build(
    seeds: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opened just before a swap and locked just after it: the reader must notice it holds
    the build that was swapped out, and pin the new one instead."""
    out, other = tmp_path / "_build", tmp_path / "other"
    start(seeds, out)
    corpus = start(seeds, other)
    build(BuildOptions(corpus=corpus, out=other))
    newer = build_id(other)
    real_flock = fcntl.flock
    calls: list[int] = []

    def swap_then_lock(fd: int, operation: int) -> None:
        if not calls:
            swap_into_place(other, out)  # lands between the reader's open and its lock
        calls.append(operation)
        real_flock(fd, operation)

    monkeypatch.setattr(fcntl, "flock", swap_then_lock)  # the module kb.build.snapshot locks with
    with open_snapshot(out) as snapshot:
        assert build_id(snapshot.path) == newer
    assert len(calls) == 2


def test_retire_deletes_what_nobody_holds_and_parks_what_a_reader_holds(tmp_path: Path) -> None:
    free, held = tmp_path / "free", tmp_path / "held"
    for folder in (free, held):
        (folder / "sub").mkdir(parents=True)
        (folder / "sub" / "f.txt").write_text("x", encoding="utf-8")
    assert retire(free, tmp_path / "unused") and not free.exists()
    with open_snapshot(held):
        assert not retire(held, tmp_path / "parked")
    assert not held.exists() and (tmp_path / "parked" / "sub" / "f.txt").is_file()
    assert retire(tmp_path / "parked", tmp_path / "parked") and not (tmp_path / "parked").exists()


def test_no_build_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(KbError, match="no build here"):
        open_snapshot(tmp_path / "missing")


def _two_ids(directory: Path, pause: float) -> tuple[str, str]:
    """The build id in kb.json and, a moment later, the one in the search metadata."""
    graph = build_id(directory)
    time.sleep(pause)  # a slow reader: a swap may land between its two reads
    search = json.loads((directory / "search" / "meta.json").read_text(encoding="utf-8"))["build"]
    return graph, search


def test_readers_see_whole_builds_while_kb_build_keeps_swapping(seeds: tuple[Path, Path],
                                                               tmp_path: Path) -> None:
    """Real ``kb build`` processes keep swapping builds in; every read (kb.json, then the
    search metadata) comes from one build, every time.  (Read by path instead, about one
    read in forty mixes two builds here.)"""
    out = tmp_path / "_build"
    corpus = start(seeds, out)
    corpora = [corpus, shifted_corpus(corpus, tmp_path / "shifted")]
    stop = threading.Event()
    built: list[int] = []

    def keep_building() -> None:
        while not stop.is_set():
            command = build_command(corpora[len(built) % 2], out)
            built.append(subprocess.run(command, check=False).returncode)

    builder = threading.Thread(target=keep_building)
    builder.start()
    seen: set[str] = set()
    reads = 0
    try:
        deadline = time.monotonic() + 60
        while (len(seen) < 6 or reads < 200) and time.monotonic() < deadline:
            with open_snapshot(out) as snapshot:
                graph, search = _two_ids(snapshot.path, pause=0.02)
            assert graph == search
            seen.add(graph)
            reads += 1
    finally:
        stop.set()
        builder.join()
    assert built and set(built) == {0}
    assert len(seen) >= 6, f"only {len(seen)} builds seen in {reads} reads"
    build(BuildOptions(corpus=corpus, out=out))
    assert litter(out) == []
