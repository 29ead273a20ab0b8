"""Reading a build while ``kb build`` replaces it: a pinned build is whole and stays.

:func:`kb.snapshot.open_snapshot` pins the current build; the builder deletes the build it
swapped out only when nobody holds it, else parks it for a later build.  The last test
reads while real ``kb build`` processes keep swapping two different corpora in.
"""

from __future__ import annotations

import json
import re
import subprocess
import threading
import time
from pathlib import Path

import pytest
from test_atomic_build import build_command, litter, make_corpus

from kb.build import BuildOptions, build, swap_into_place
from kb.errors import KbError
from kb.snapshot import is_pinned, open_snapshot, retire


def build_id(directory: Path) -> str:
    data = json.loads((directory / "kb.json").read_text(encoding="utf-8"))
    found: str = data["build"]
    return found


def test_every_build_has_its_own_id(tmp_path: Path) -> None:
    corpus = make_corpus(tmp_path)
    out = tmp_path / "_build"
    ids = set()
    for _ in range(2):
        build(BuildOptions(corpus=corpus, out=out))
        ids.add(build_id(out))
    assert len(ids) == 2 and all(re.fullmatch(r"\d{8}T\d{6}-\d+-[0-9a-f]{8}", i) for i in ids)


def test_a_pinned_build_outlives_the_swap_and_goes_with_the_next_build(tmp_path: Path) -> None:
    corpus = make_corpus(tmp_path)
    out = tmp_path / "_build"
    build(BuildOptions(corpus=corpus, out=out))
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


def test_without_readers_the_previous_build_is_deleted_at_once(tmp_path: Path) -> None:
    corpus = make_corpus(tmp_path)
    out = tmp_path / "_build"
    for _ in range(2):
        build(BuildOptions(corpus=corpus, out=out))
        assert litter(out) == []


def test_a_reader_that_lost_the_race_to_a_swap_takes_the_new_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opened just before a swap and locked just after it: the reader must notice it holds
    the build that was swapped out, and pin the new one instead."""
    corpus = make_corpus(tmp_path)
    out, other = tmp_path / "_build", tmp_path / "other"
    build(BuildOptions(corpus=corpus, out=out))
    build(BuildOptions(corpus=corpus, out=other))
    newer = build_id(other)
    import kb.snapshot

    real_flock = kb.snapshot.fcntl.flock
    calls = []

    def swap_then_lock(fd: int, operation: int) -> None:
        if not calls:
            swap_into_place(other, out)  # lands between the reader's open and its lock
        calls.append(operation)
        real_flock(fd, operation)

    monkeypatch.setattr(kb.snapshot.fcntl, "flock", swap_then_lock)
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


def _pages_and_docs(directory: Path, pause: float = 0.0) -> tuple[str, set[str], int]:
    data = json.loads((directory / "kb.json").read_text(encoding="utf-8"))
    time.sleep(pause)  # a slow reader: a swap may land between its two reads
    meta = (directory / "site" / "search" / "meta.js").read_text(encoding="utf-8")
    docs = int(re.search(r'"docs":(\d+)', meta).group(1))  # type: ignore[union-attr]
    return data["build"], {p["title"] for p in data["pages"]}, docs


def test_readers_see_whole_builds_while_kb_build_keeps_swapping(tmp_path: Path) -> None:
    """Two corpora with different pages built in turn by real ``kb build`` processes; each
    read (kb.json, then the site's search metadata) comes from one build, every time.
    (Read by path instead, about one read in forty mixes two builds here.)"""
    small = make_corpus(tmp_path / "small")
    large = make_corpus(tmp_path / "large", copies=1)
    out = tmp_path / "_build"
    expected: dict[frozenset[str], int] = {}
    for corpus in (small, large):
        build(BuildOptions(corpus=corpus, out=out))
        _, pages, docs = _pages_and_docs(out)
        expected[frozenset(pages)] = docs
    assert len(set(expected.values())) == 2

    stop = threading.Event()
    built: list[int] = []

    def keep_building() -> None:
        while not stop.is_set():
            for corpus in (small, large):
                built.append(subprocess.run(build_command(corpus, out), check=False).returncode)

    builder = threading.Thread(target=keep_building)
    builder.start()
    seen: set[str] = set()
    reads = 0
    try:
        deadline = time.monotonic() + 60
        while (len(seen) < 6 or reads < 200) and time.monotonic() < deadline:
            with open_snapshot(out) as snapshot:
                identity, pages, docs = _pages_and_docs(snapshot.path, pause=0.02)
            assert expected[frozenset(pages)] == docs, identity
            seen.add(identity)
            reads += 1
    finally:
        stop.set()
        builder.join()
    assert built and set(built) == {0}
    assert len(seen) >= 6, f"only {len(seen)} builds seen in {reads} reads"
    build(BuildOptions(corpus=small, out=out))
    assert litter(out) == []
