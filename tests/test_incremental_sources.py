"""A rebuild reads the English release files' hashes from the build's cache when their
status (device, inode, size, change times) is the one they had when hashed; a file
written since, even with its size and mtime put back, is hashed again."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import kb.history.stage
from kb.build.reuse import Memo, digest
from kb.history.stage import FILE_KEYS_CACHE, file_key


def known_from(previous: Memo) -> Memo:
    """The memo the next build reads: what ``previous`` kept."""
    memo = Memo(None, FILE_KEYS_CACHE)
    memo.previous = dict(previous.used)
    return memo


def test_an_unchanged_file_is_not_read_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kb.history.stage, "RACY_NS", 0)  # the file was just written
    path = tmp_path / "2026-01-16.txt"
    path.write_bytes(b"100.1. These Magic rules apply.\n")
    first = Memo(None, FILE_KEYS_CACHE)
    key = file_key(path, first)
    assert key == digest(path.name, path.read_bytes()) and first.hits == 0
    second = known_from(first)
    monkeypatch.setattr(Path, "read_bytes", lambda self: pytest.fail(f"{self} read again"))
    assert file_key(path, second) == key and second.hits == 1
    assert second.used == first.used  # kept for the build after


def test_a_rewritten_file_with_its_size_and_mtime_put_back_is_hashed_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kb.history.stage, "RACY_NS", 0)
    path = tmp_path / "2026-01-16.txt"
    path.write_bytes(b"100.1. These Magic rules apply.\n")
    first = Memo(None, FILE_KEYS_CACHE)
    file_key(path, first)
    before = path.stat()
    path.write_bytes(b"100.1. Those Magic rules apply.\n")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    second = known_from(first)
    assert file_key(path, second) == digest(path.name, path.read_bytes())
    assert second.hits == 0


def test_a_file_written_just_before_it_was_hashed_is_hashed_again(tmp_path: Path) -> None:
    """Its clock may not tick before it is written again: its status then proves nothing."""
    path = tmp_path / "2026-01-16.txt"
    path.write_bytes(b"100.1. These Magic rules apply.\n")
    first = Memo(None, FILE_KEYS_CACHE)
    file_key(path, first)
    assert first.used == {}
