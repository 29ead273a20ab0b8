"""Putting a finished build in place: one builder at a time, nothing but a build replaced,
made durable, then swapped in with one atomic rename.

Around ``<out>``: ``.<name>.lock`` (held while a build runs), ``.<name>.tmp-<pid>`` (the
build being made) and ``.<name>.old-<id>`` (a build a reader still held when it was
swapped out; :func:`kb.build.snapshot.retire`).
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import fcntl
import functools
import os
from collections.abc import Iterator
from pathlib import Path

from kb.build.snapshot import retire
from kb.errors import KbError
from kb.export import GRAPH_FILE


def work_dir(out: Path) -> Path:
    """Where this process makes the build that will replace ``out``."""
    return out.parent / f".{out.name}.tmp-{os.getpid()}"


def parking(out: Path, build_id: str) -> Path:
    """Where a swapped-out build waits while a reader holds it."""
    return out.parent / f".{out.name}.old-{build_id}"


@contextlib.contextmanager
def build_lock(out: Path) -> Iterator[None]:
    """Hold ``.<name>.lock`` beside ``out``; a second build of ``out`` is refused."""
    lock_path = out.parent / f".{out.name}.lock"
    with lock_path.open("w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError as err:
            raise KbError("another build of this directory is running", out) from err
        yield


def check_replaceable(out: Path, keep: list[Path]) -> None:
    """The swap deletes what ``out`` held, so only a previous build (or nothing, or an
    empty directory) may be replaced: ``--out corpus`` or ``--out ~`` must fail, not
    delete the folder; nor may ``out`` hold the inputs or the current directory."""
    for path in keep:
        real = Path(os.path.realpath(path))
        if real == out or out in real.parents:
            raise KbError(f"--out would replace a folder holding {path}; choose another", out)
    if not out.exists():
        return
    if out.is_dir() and ((out / GRAPH_FILE).is_file() or not any(out.iterdir())):
        return
    what = "a file" if not out.is_dir() else f"a folder without {GRAPH_FILE}"
    raise KbError(f"--out names {what}, not a kb build; refusing to replace it", out)


def remove_litter(out: Path) -> None:
    """Temporary directories left by builds that were killed (we hold the lock: none is
    live), and previous builds that readers held when they were swapped out."""
    for pattern in (f".{out.name}.tmp-*", f".{out.name}.old-*"):
        for path in out.parent.glob(pattern):
            retire(path, path)


def flush_to_disk(root: Path) -> None:
    """Make the new build durable before it is swapped in.

    One ``syncfs`` of the build's file system costs a fraction of a second; an fsync per
    file cost seconds for the ~4,000 files of a site with the CR.
    """
    libc = _libc()
    syncfs = getattr(libc, "syncfs", None) if libc is not None else None
    fd = os.open(root, os.O_RDONLY)
    try:
        if syncfs is not None and syncfs(fd) == 0:
            return
    finally:
        os.close(fd)
    os.sync()


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def swap_into_place(new: Path, out: Path) -> None:
    """Make ``new`` become ``out`` in one step; the old ``out`` ends up at ``new``.

    Linux ``renameat2(RENAME_EXCHANGE)`` swaps two directories atomically, so a reader or
    a kill never sees a missing or half-written ``out``.  Elsewhere, two renames.
    """
    if not out.exists():
        new.rename(out)
        return
    if _exchange(new, out):
        return
    old = out.parent / f".{out.name}.old-{os.getpid()}"
    out.rename(old)
    new.rename(out)
    old.rename(new)


@functools.cache
def _libc() -> ctypes.CDLL | None:
    import ctypes.util  # only when swapping: finding libc costs a few ms

    name = ctypes.util.find_library("c")
    return ctypes.CDLL(name, use_errno=True) if name is not None else None


def _exchange(a: Path, b: Path) -> bool:
    libc = _libc()
    if libc is None:
        return False
    renameat2 = getattr(libc, "renameat2", None)
    if renameat2 is None:
        return False
    result = renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE)
    if result == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
        return False
    raise OSError(code, os.strerror(code), str(b))
