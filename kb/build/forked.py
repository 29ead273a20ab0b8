"""Run build stages in a forked child while the parent goes on with the others.

Stages whose results the parent's stages do not read, or read at one known point, can
run beside them: on two cores that takes their time off the build's.  The child is a
``fork`` of the build, so it sees the graph and the working directory as they were; it
runs its stages in order, tells the parent as each one finishes (so the parent can wait
for the one file it needs: the dictionary stage's query tables), and at the end sends
back through a pipe what the parent must know: each stage's seconds, the paths and
warnings they added, and the caches (:mod:`kb.build.reuse`) and files they wrote or linked.
An error in the child is raised again in the parent as the same kind of error with the
same message, so a failed stage reads the same either way.

Only where ``os.fork`` is safe to use (Linux); elsewhere :func:`can_fork` is False and
the build runs its stages in turn.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import select
import signal
import sys
import time
import traceback
from collections.abc import Sequence
from typing import Any

from kb.build.state import BuildState, StageFunction
from kb.errors import KbError

_PR_SET_PDEATHSIG = 1


def can_fork() -> bool:
    return sys.platform.startswith("linux") and hasattr(os, "fork")


class ForkedStages:
    """Stages started, in order, in a child process.  :meth:`wait_for` blocks until one
    has finished; :meth:`join` waits for all and takes their results into ``state``;
    :meth:`cancel` stops the child."""

    def __init__(self, stages: Sequence[tuple[str, StageFunction]], state: BuildState):
        self.names = [name for name, _ in stages]
        self.seconds: dict[str, float] = {}
        self.done = False
        self._state = state
        self._finished = 0
        """How many stages the child has said it finished."""
        kept_before = set(state.reuse.kept)
        self._written_at, self._warnings_at = len(state.written), len(state.warnings)
        linked_before = state.reuse.linked
        parent = os.getpid()
        result_read, result_write = os.pipe()
        step_read, step_write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: run the stages, report, and leave without cleaning up
            os.close(result_read)
            os.close(step_read)
            status = 0
            try:
                _die_with(parent)
                seconds = []
                for name, stage in stages:
                    started = time.perf_counter()
                    stage(state)
                    seconds.append((name, time.perf_counter() - started))
                    os.write(step_write, b".")
                caches = sorted(set(state.reuse.kept) - kept_before)
                state.reuse.write_caches(caches)  # here: sending them over costs more
                result: tuple[Any, ...] = (
                    "ok", seconds, state.written[self._written_at:],
                    state.warnings[self._warnings_at:], caches,
                    state.reuse.linked - linked_before)
            except BaseException as err:  # noqa: BLE001  (every failure goes to the parent)
                result, status = ("error", *_describe(err)), 1
            try:
                with os.fdopen(result_write, "wb") as pipe:
                    pickle.dump(result, pipe)
            finally:
                os._exit(status)  # not sys.exit: the parent's atexit and buffers are its own
        os.close(result_write)
        os.close(step_write)
        self._pid, self._result_read, self._step_read = pid, result_read, step_read

    @property
    def running(self) -> list[str]:
        """The stages not finished yet (as far as the child has said; never blocks)."""
        if self.done:
            return []
        while self._finished < len(self.names) and select.select([self._step_read], [], [], 0)[0]:
            if not self._take_step():
                break  # the child ended: join() tells how
        return self.names[self._finished:]

    def wait_for(self, name: str) -> None:
        """Block until stage ``name`` has finished; raise the child's error if it failed."""
        if name not in self.names:
            return
        wanted = self.names.index(name) + 1
        while self._finished < wanted and not self.done:
            if not self._take_step():  # the child ended before saying so
                self.join()
                return

    def _take_step(self) -> bool:
        """Read the child's next "a stage finished" mark (blocking); False once it has ended."""
        if not os.read(self._step_read, 1):
            return False
        self._finished += 1
        return True

    def join(self) -> None:
        """Wait for the child; add what it made to the build state, or raise its error."""
        if self.done:
            return
        pipe, self._result_read = os.fdopen(self._result_read, "rb"), -1  # the file closes it
        with pipe:
            data = pipe.read()
        _, status = os.waitpid(self._pid, 0)
        self.done = True
        self._close()
        try:
            result = pickle.loads(data) if data else None
        except Exception:  # noqa: BLE001  (a child killed mid-write leaves half a pickle)
            result = None
        if result is None:
            raise KbError(f"the {' and '.join(self.names)} stages stopped without finishing "
                          f"({_how_it_ended(status)})")
        if result[0] == "error":
            raise _rebuilt(self.names, *result[1:])
        _, seconds, written, warnings, caches, linked = result
        self.seconds = dict(seconds)
        state = self._state
        # Where the stages would have put them, run in turn: the report reads the same.
        state.written[self._written_at:self._written_at] = written
        state.warnings[self._warnings_at:self._warnings_at] = warnings
        state.reuse.written.update(caches)
        state.reuse.linked += linked

    def cancel(self) -> None:
        """Stop the child (the build failed elsewhere) and reap it."""
        if self.done:
            return
        self.done = True
        with contextlib.suppress(ProcessLookupError):
            os.kill(self._pid, signal.SIGKILL)
        os.waitpid(self._pid, 0)
        self._close()

    def _close(self) -> None:
        for fd in (self._result_read, self._step_read):
            if fd >= 0:
                os.close(fd)
        self._result_read = self._step_read = -1


def _die_with(parent: int) -> None:
    """Have the kernel kill this child when the build process dies (a killed build must
    not leave a child writing into a directory the next build removes)."""
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:  # the parent died before the request took effect
        os._exit(1)


def _describe(err: BaseException) -> tuple[str, Any]:
    """What the parent needs to raise the same error: plain data, which pickles."""
    if isinstance(err, KbError):
        return "kb", (err.message, err.path, err.line)
    if isinstance(err, OSError):
        return "os", (err.errno, err.strerror, err.filename)
    return "other", "".join(traceback.format_exception(err)).rstrip()


def _rebuilt(names: list[str], kind: str, detail: Any) -> BaseException:
    if kind == "kb":
        message, path, line = detail
        return KbError(message, path, line)
    if kind == "os":
        number, text, filename = detail
        return OSError(number, text, filename) if filename is not None else OSError(number, text)
    return RuntimeError(f"the {' and '.join(names)} stages failed in their child process:\n{detail}")


def _how_it_ended(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"killed by signal {os.WTERMSIG(status)}"
    return f"exit status {os.waitstatus_to_exitcode(status)}"
