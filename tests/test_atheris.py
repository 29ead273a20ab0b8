"""The atheris harness: its contract holds on the seeds, and a short coverage-guided run
finds nothing (skipped where atheris is not installed)."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from atheris_readers import one_input
from fuzzing import SEED_FILES

HARNESS = Path(__file__).with_name("atheris_readers.py")
RUNS = 3000


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "cp932"])
def test_the_harness_accepts_the_seed_pages(encoding: str) -> None:
    for path in SEED_FILES:
        text = path.read_text(encoding="utf-8").replace("•", "・")
        one_input(text.encode(encoding, errors="replace"))
        one_input(text.encode(encoding, errors="replace")[: len(text) // 3])


def test_the_harness_accepts_odd_bytes() -> None:
    for data in (b"", b"\x00", b"\xff\xfe", b"\xef\xbb\xbf", b"\x1b$B", b"\r\r\n", bytes(range(256))):
        one_input(data)


@pytest.mark.skipif(importlib.util.find_spec("atheris") is None, reason="atheris is not installed")
def test_a_short_atheris_run_finds_nothing(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for path in SEED_FILES:
        shutil.copy(path, corpus / path.name)
    command = [sys.executable, str(HARNESS), f"-runs={RUNS}", "-max_len=4096", "-timeout=10",
               "-seed=1", f"-artifact_prefix={tmp_path}/", str(corpus)]
    result = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=300,
                            check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    assert f"Done {RUNS} runs" in result.stderr
    assert not list(tmp_path.glob("crash-*")) and not list(tmp_path.glob("timeout-*"))
