"""Atomic output: a killed, failed or concurrent ``kb build`` never leaves ``_build/``
half-written, and the next build leaves no temporary litter.

The builds run as real processes (``python -m kb build``) so that SIGKILL can land
anywhere: interpreter start, reading, linking, writing, fsync, the swap or the cleanup.
"""

from __future__ import annotations

import functools
import json
import os
import random
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import CORPUS, CR_FILE

from bench.buildfiles import MARKER, comparable_names, file_hashes, holds_every_document
from kb.build.pipeline import build
from kb.build.state import BuildOptions
from kb.errors import KbError
from kb.export import load_graph

TRIALS = 24


def make_corpus(root: Path, copies: int = 0) -> Path:
    """The seeds, plus renamed copies of each so a build takes long enough to be hit."""
    wiki = root / "corpus" / "wiki"
    wiki.mkdir(parents=True)
    for path in sorted((CORPUS / "wiki").glob("*.txt")):
        shutil.copy(path, wiki / path.name)
        body = path.read_text(encoding="utf-8").split("\n", 1)[1]
        for copy in range(copies):
            title = f"{path.stem}{copy}"
            (wiki / f"{title}.txt").write_text(f"{title}\n{body}", encoding="utf-8")
    return root / "corpus"


def build_command(corpus: Path, out: Path, *extra: str, cr: bool = False) -> list[str]:
    command = [sys.executable, "-m", "kb", "build", "--corpus", str(corpus), "--out", str(out),
               "--quiet", *extra]
    if cr and CR_FILE.is_file():
        command += ["--cr", str(CR_FILE)]
    return command


def litter(out: Path) -> list[str]:
    """What builds leave beside ``out`` besides the lock file."""
    names = [p.name for p in out.parent.iterdir() if p.name.startswith(f".{out.name}.")]
    return sorted(name for name in names if name != f".{out.name}.lock")


def work_dirs(out: Path) -> list[Path]:
    return list(out.parent.glob(f".{out.name}.tmp-*"))


def pages_in(out: Path) -> set[str]:
    data = json.loads((out / "kb.json").read_text(encoding="utf-8"))
    return {page["title"] for page in data["pages"]}


def run_build(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=120,
                          check=False)


@pytest.fixture
def built(tmp_path: Path) -> tuple[Path, Path]:
    """The seeds and a first complete build of them."""
    corpus = make_corpus(tmp_path)
    out = tmp_path / "_build"
    result = run_build(build_command(corpus, out), tmp_path)
    assert result.returncode == 0, result.stderr
    return corpus, out


def first_builds(root: Path, copies: int, cr: bool) -> tuple[Path, Path, float]:
    """A corpus with one marker page, built twice; the time of the second (warm) build."""
    corpus = make_corpus(root, copies)
    # Every build has one marker page, so a new build has the same files as the last one
    # up to the marker's name (see comparable_names).
    (corpus / "wiki" / f"{MARKER}0.txt").write_text(f"{MARKER}0\n本文。\n", encoding="utf-8")
    out = root / "_build"
    assert run_build(build_command(corpus, out, cr=cr), root).returncode == 0
    started = time.perf_counter()
    result = run_build(build_command(corpus, out, cr=cr), root)
    seconds = time.perf_counter() - started
    assert result.returncode == 0, result.stderr
    return corpus, out, seconds


@pytest.fixture
def big_built(tmp_path: Path) -> tuple[Path, Path, float]:
    """The seeds and the CR: with the site, about 3 s a build and 3,900 files."""
    return first_builds(tmp_path, copies=0 if CR_FILE.is_file() else 8, cr=True)


@pytest.fixture
def copies_built(tmp_path: Path) -> tuple[Path, Path, float]:
    """The seeds and 32 renamed copies: about 0.7 s a build (mostly the interpreter, the
    site and the flush), so many kills fit in a test; bench/robustness.py kills the CR
    build."""
    return first_builds(tmp_path, copies=8, cr=False)


def wait_until(condition: Callable[[], bool], process: subprocess.Popen[bytes]) -> bool:
    """Poll ``condition`` until it holds (True) or the process has ended (False)."""
    while not condition():
        if process.poll() is not None:
            return False
        time.sleep(0.001)
    return True


def test_sigkill_at_random_points_never_breaks_the_build(
    copies_built: tuple[Path, Path, float], capsys: pytest.CaptureFixture[str]
) -> None:
    corpus, out, seconds = copies_built
    seed = int(os.environ.get("KB_KILL_SEED", random.randrange(1 << 30)))
    rng = random.Random(seed)
    previous = file_hashes(out)
    outcomes = {"killed, old build kept": 0, "killed after the swap": 0, "finished": 0}
    for trial in range(TRIALS):
        for old_marker in corpus.glob(f"wiki/{MARKER}*.txt"):
            old_marker.unlink()
        marker = f"{MARKER}{trial + 1}"
        (corpus / "wiki" / f"{marker}.txt").write_text(f"{marker}\n本文。\n", encoding="utf-8")
        left_over = set(work_dirs(out))  # by an earlier killed build; not this one's
        inode = out.stat().st_ino
        process = subprocess.Popen(build_command(corpus, out), cwd=out.parent,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        # Four ways to pick the moment, in turn: any time; some time after the build took
        # the lock and made its work folder; near the end (site, flush, swap); just after
        # the swap (out changed inode: the old build is being removed).  The last two hit
        # what a kill at a random time rarely does.
        phase = trial % 4
        if phase == 0:
            time.sleep(rng.uniform(0, seconds))
        elif phase == 1:
            wait_until(functools.partial(lambda seen: bool(set(work_dirs(out)) - seen), left_over), process)
            time.sleep(rng.uniform(0, seconds / 2))
        elif phase == 2:
            time.sleep(rng.uniform(seconds * 0.6, seconds * 0.95))
        else:
            wait_until(functools.partial(lambda old: out.stat().st_ino != old, inode), process)
            time.sleep(rng.uniform(0, 0.03))
        process.kill()
        _, stderr = process.communicate(timeout=60)
        assert process.returncode in (0, -9), stderr
        now = file_hashes(out)
        if marker in pages_in(out):  # the swap happened: a whole new build is in place
            assert comparable_names(now) == comparable_names(previous), set(now) ^ set(previous)
            assert holds_every_document(out)
            load_graph(out / "kb.json")
            outcomes["finished" if process.returncode == 0 else "killed after the swap"] += 1
        else:
            assert now == previous, f"trial {trial} (seed {seed}): the build changed but is not the new one"
            assert process.returncode == -9
            outcomes["killed, old build kept"] += 1
        previous = now
        assert len(litter(out)) <= 1, litter(out)  # each build clears what the last one left
    # A build that runs to the end clears the litter of killed ones.
    assert run_build(build_command(corpus, out), out.parent).returncode == 0
    assert litter(out) == []
    with capsys.disabled():
        print(f"\n{TRIALS} kills (KB_KILL_SEED={seed}, build {seconds:.2f} s): {outcomes}")
    assert outcomes["killed, old build kept"] >= TRIALS // 4, outcomes
    # Phase 3 waits for the swap, so the new side is seen at least that often.
    assert outcomes["killed after the swap"] + outcomes["finished"] >= TRIALS // 4, outcomes


BAD_INPUTS = {
    "bad UTF-8": ("wiki/壊れた.txt", "壊れた\n一行目\n".encode() + b"\xff\xfe\n", 3),
    "NUL byte": ("wiki/壊れた.txt", "壊れた\n一行目\n二行目\x00\n".encode(), 3),
    "empty page": ("wiki/空.txt", b"", 1),
    "malformed XML export": ("wiki/壊れた.xml", b"<mediawiki>\n<page><title>x</title>\n<ns>0</ns\n</page></mediawiki>\n", 4),
    "HTML that is no wiki page": ("wiki/頁.html", b"<html><body><p>text</p></body></html>\n", 1),
    "page without a title": ("wiki/|.txt", "| 表の | 途中 |\n本文。\n".encode(), 1),
}


@pytest.mark.parametrize("name", sorted(BAD_INPUTS))
def test_bad_input_fails_with_file_and_line_and_leaves_the_build_alone(
    name: str, built: tuple[Path, Path]
) -> None:
    corpus, out = built
    before = file_hashes(out)
    relative, data, line = BAD_INPUTS[name]
    (corpus / relative).write_bytes(data)
    result = run_build(build_command(corpus, out), out.parent)
    assert result.returncode == 1
    assert f"{corpus / relative}:{line}: " in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1  # one clear message
    assert file_hashes(out) == before
    assert litter(out) == []


@pytest.mark.parametrize(
    ("cr_text", "line", "message"),
    [
        (b"no version here\n100.1. rule\n", 1, "cannot tell the CR version"),
        ("20260116.0\n100. 原則\n100.1. 本文。\n用語集\n\u3000定義だけ\n".encode(), 5,
         "glossary text before the first headword"),
        ("20260116.0\n100.1. 本文。\n".encode() + b"\x81\x20\xff\xff\n", 3, "cannot decode"),
    ],
)
def test_a_bad_cr_file_fails_with_file_and_line(
    cr_text: bytes, line: int, message: str, built: tuple[Path, Path]
) -> None:
    corpus, out = built
    before = file_hashes(out)
    cr = out.parent / "rules-bad.txt"
    cr.write_bytes(cr_text)
    command = [sys.executable, "-m", "kb", "build", "--corpus", str(corpus), "--out", str(out),
               "--cr", str(cr)]
    result = run_build(command, out.parent)
    assert result.returncode == 1
    assert f"{cr}:{line}: " in result.stderr and message in result.stderr
    assert "Traceback" not in result.stderr
    assert file_hashes(out) == before and litter(out) == []


def test_a_strict_build_that_fails_on_warnings_leaves_the_build_alone(
    built: tuple[Path, Path]
) -> None:
    corpus, out = built
    before = file_hashes(out)
    (corpus / "wiki" / "参照.txt").write_text("参照\n本文は rule 999.9z を参照。\n", encoding="utf-8")
    result = run_build(build_command(corpus, out, "--strict"), out.parent)
    assert result.returncode == 1 and "strict build failed" in result.stderr
    assert file_hashes(out) == before and litter(out) == []


def test_a_second_build_of_the_same_output_is_refused_and_corrupts_nothing(
    big_built: tuple[Path, Path, float]
) -> None:
    corpus, out, _ = big_built
    (corpus / "wiki" / "新しい.txt").write_text("新しい\n本文。\n", encoding="utf-8")
    first = subprocess.Popen(build_command(corpus, out, cr=True), cwd=out.parent,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while not any(name.startswith(f".{out.name}.tmp-") for name in litter(out)):
        assert first.poll() is None, "the first build ended before it could be raced"
        assert time.monotonic() < deadline
        time.sleep(0.005)
    second = run_build(build_command(corpus, out), out.parent)  # the first holds the lock
    assert second.returncode == 1
    assert "another build of this directory is running" in second.stderr
    _, stderr = first.communicate(timeout=60)
    assert first.returncode == 0, stderr
    assert "新しい" in pages_in(out)
    load_graph(out / "kb.json")
    assert litter(out) == []


def test_builds_started_together_leave_one_whole_build(built: tuple[Path, Path]) -> None:
    corpus, out = built
    for _ in range(2):
        processes = [subprocess.Popen(build_command(corpus, out), cwd=out.parent,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                     for _ in range(3)]
        results = [(p.wait(timeout=120), p.stderr.read() if p.stderr else "") for p in processes]
        for process in processes:
            if process.stderr:
                process.stderr.close()
        assert any(code == 0 for code, _ in results), results
        for code, stderr in results:
            assert code == 0 or "another build of this directory is running" in stderr, stderr
        load_graph(out / "kb.json")
        assert litter(out) == []


# -- what --out may replace ------------------------------------------------------------


def options(out: Path) -> BuildOptions:
    return BuildOptions(corpus=CORPUS, out=out)


def test_out_naming_a_folder_that_is_not_a_build_is_refused_and_kept(tmp_path: Path) -> None:
    # The swap used to replace it and delete its files.
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "大事.txt").write_text("消さないで", encoding="utf-8")
    with pytest.raises(KbError, match="not a kb build"):
        build(options(folder))
    assert (folder / "大事.txt").read_text(encoding="utf-8") == "消さないで"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes"]


def test_out_naming_a_file_is_refused_and_kept(tmp_path: Path) -> None:
    # The file used to be swapped out and left behind as ".name.tmp-PID".
    target = tmp_path / "out.txt"
    target.write_text("x", encoding="utf-8")
    with pytest.raises(KbError, match="names a file"):
        build(options(target))
    assert target.read_text(encoding="utf-8") == "x"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_out_holding_the_corpus_or_the_current_folder_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    corpus = make_corpus(tmp_path)
    (corpus / "kb.json").write_text("{}", encoding="utf-8")  # even if it looks like a build
    with pytest.raises(KbError, match="holding"):
        build(BuildOptions(corpus=corpus, out=corpus))
    monkeypatch.chdir(corpus / "wiki")
    with pytest.raises(KbError, match="holding"):
        build(BuildOptions(corpus=corpus, out=Path("..")))
    assert (corpus / "kb.json").is_file() and any((corpus / "wiki").iterdir())


def test_an_empty_folder_or_a_symlinked_build_is_replaced(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    build(options(empty))
    assert (empty / "kb.json").is_file()
    link = tmp_path / "link"
    link.symlink_to(empty)
    build(options(link))
    assert link.is_symlink() and (link / "kb.json").is_file()
    assert litter(empty) == []


def test_an_unwritable_output_is_a_message_not_a_traceback(tmp_path: Path) -> None:
    parent = tmp_path / "file-not-folder"
    parent.write_text("", encoding="utf-8")
    result = run_build([sys.executable, "-m", "kb", "build", "--corpus", str(CORPUS), "--out",
                        str(parent / "_build")], tmp_path)
    assert result.returncode == 1
    assert "cannot write the build" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "content",
    ['{"schema": "kb-graph/1"}', '{"schema": "kb-graph/1", "sources": [], "rules": [{"number": "x"}]}',
     '{"schema": "kb-graph/1", "sources": 3}', '{"schema": "kb-graph/1"', "", "[]"],
)
def test_a_damaged_build_is_a_message_not_a_traceback(content: str, tmp_path: Path) -> None:
    # A hand-edited kb.json with the right schema but missing keys raised KeyError.
    (tmp_path / "kb.json").write_text(content, encoding="utf-8")
    for command in (["rule", "702.26"], ["stats"]):
        result = run_build([sys.executable, "-m", "kb", *command, "--build", str(tmp_path)], tmp_path)
        assert result.returncode == 1, result.stderr
        assert str(tmp_path / "kb.json") in result.stderr and "Traceback" not in result.stderr
