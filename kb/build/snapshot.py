"""One build read as a whole while ``kb build`` may replace it: pinning and retiring.

``kb build`` swaps a finished build in with one atomic rename, so the output directory
always names a complete build.  A reader that opens files by path one after another
could still read some from the build before a swap and some from the one after, and the
builder used to delete the previous build right after swapping it out.  So:

- a reader *pins* the build (:func:`open_snapshot`): it opens the directory once, takes a
  shared ``flock`` on it, checks it is still the current build, and reads every file
  through that directory (``/proc/self/fd/N/…`` on Linux), whatever is swapped in later;
- the builder *retires* the build it swapped out (:func:`retire`): deleted at once when no
  reader holds it, else left under a hidden name for a later build to delete once free.

The lock lives on the directory itself, so it travels with it through the swap.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Self

from kb.errors import KbError

ATTEMPTS = 100
"""Swaps a reader sits out before giving up (each retry follows a completed swap)."""


class Snapshot:
    """A pinned build: :attr:`path` names that one build until :meth:`close`."""

    def __init__(self, fd: int, origin: Path):
        self.fd = fd
        self.origin = origin
        """The directory as the caller named it (for messages)."""
        proc = Path(f"/proc/self/fd/{fd}")
        self.path = proc if proc.is_dir() else origin
        """Where to read the build's files.  Not to be ``resolve()``d: that would turn it
        back into whatever name the directory has now."""

    def close(self, _close: Callable[[int], None] = os.close) -> None:
        # (os.close bound early: __del__ may run at exit, after the os module is torn down)
        if self.fd >= 0:
            _close(self.fd)  # releases the shared lock
            self.fd = -1

    def __del__(self) -> None:
        # A reader that forgets to close must not keep an old build parked for ever.
        self.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


def open_snapshot(build_dir: Path) -> Snapshot:
    """Pin the build now at ``build_dir``; a :class:`KbError` when there is none."""
    for _ in range(ATTEMPTS):
        try:
            fd = os.open(build_dir, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        except (FileNotFoundError, NotADirectoryError) as err:
            raise KbError("no build here (run kb build first)", build_dir) from err
        try:
            # Blocks only while a builder deletes this very directory (then it is stale).
            fcntl.flock(fd, fcntl.LOCK_SH)
            if _same_directory(fd, build_dir):
                return Snapshot(fd, build_dir)
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)  # swapped out before the lock was ours: take the new one
    raise KbError(f"the build changed {ATTEMPTS} times while being opened", build_dir)


def _same_directory(fd: int, build_dir: Path) -> bool:
    try:
        now = build_dir.stat()
    except FileNotFoundError:  # between the two renames where renameat2 is missing
        return False
    mine = os.fstat(fd)
    return (now.st_dev, now.st_ino) == (mine.st_dev, mine.st_ino)


def retire(old: Path, parking: Path) -> bool:
    """Delete the directory ``old`` unless a reader has it pinned; then move it to
    ``parking`` (unless that is where it is) for a later build.  True when deleted."""
    if old.is_symlink() or not old.is_dir():
        with contextlib.suppress(FileNotFoundError):
            old.unlink()
        return True
    try:
        fd = os.open(old, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except FileNotFoundError:
        return True
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if parking != old:
                old.rename(parking)
            return False
        shutil.rmtree(old, ignore_errors=True)
        return True
    finally:
        os.close(fd)
