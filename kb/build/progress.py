"""Progress of a build on a terminal: the running stage, and a line per finished stage.

Nothing shows for a build that ends within about a second, nor when the output is not a
terminal (a pipe, a file, CI logs) or the user asked for ``--quiet``: the only output then
is the summary the command prints itself.  rich is imported only when a terminal will
actually show something, so scripted builds do not pay for it.
"""

from __future__ import annotations

import threading
import time
from types import TracebackType
from typing import IO, TYPE_CHECKING, Self

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress, ProgressColumn, Task, TaskID

SHOW_AFTER = 1.0
"""Seconds a build runs before its progress appears; shorter builds stay silent."""


class BuildProgress:
    """The ``progress(stage, index, count)`` callback of :func:`kb.build.pipeline.build`.

    Use as a context manager around the build.  The silent variant (``enabled=False``)
    only records stage times, so callers can treat both alike.
    """

    def __init__(self, stream: IO[str], enabled: bool, delay: float = SHOW_AFTER,
                 console: Console | None = None):
        self.enabled = enabled
        self.delay = delay
        self.stream = stream
        self.finished: list[tuple[str, float]] = []
        """(stage, seconds) of every stage that has finished, in order."""
        self._console = console
        self._stage: str | None = None
        self._stage_started = 0.0
        self._started = time.perf_counter()
        self._count = 0
        self._lock = threading.Lock()
        self._shown = False
        self._closed = False
        self._timer: threading.Timer | None = None
        self._progress: Progress | None = None
        self._task: TaskID | None = None

    def __enter__(self) -> Self:
        if self.enabled:
            self._timer = threading.Timer(self.delay, self._show)
            self._timer.daemon = True
            self._timer.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close(failed=kind is not None)

    def __call__(self, stage: str, index: int, count: int) -> None:
        with self._lock:
            self._finish_stage()
            self._stage, self._stage_started, self._count = stage, time.perf_counter(), count
            if self._progress is not None and self._task is not None:
                self._progress.update(self._task, description=stage, total=count, completed=index)

    def close(self, failed: bool = False) -> None:
        """Stop the display; the last stage counts as finished unless the build failed."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            if self._timer is not None:
                self._timer.cancel()
            if not failed:
                self._finish_stage()
            if self._progress is not None:
                self._progress.stop()

    @property
    def shown(self) -> bool:
        """Whether anything was drawn on the terminal."""
        return self._shown

    # -- internals ----------------------------------------------------------------------

    def _finish_stage(self) -> None:
        if self._stage is None:
            return
        seconds = time.perf_counter() - self._stage_started
        self.finished.append((self._stage, seconds))
        if self._progress is not None:
            self._progress.console.print(_stage_line(self._stage, seconds))
        self._stage = None

    def _show(self) -> None:
        """Runs on the timer thread once the build has lasted ``delay`` seconds."""
        with self._lock:
            if self._closed:
                return
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                SpinnerColumn,
                TextColumn,
            )

            console = self._console or Console(file=self.stream)
            self._progress = Progress(
                SpinnerColumn(), TextColumn("[bold]{task.description}"), BarColumn(),
                MofNCompleteColumn(), TextColumn("stages"), _since_column(self._started),
                console=console, transient=True,
            )
            for stage, seconds in self.finished:
                console.print(_stage_line(stage, seconds))
            self._task = self._progress.add_task(self._stage or "", total=self._count or None,
                                                 completed=len(self.finished))
            self._progress.start()
            self._shown = True


def _since_column(started: float) -> ProgressColumn:
    """Seconds since the build started (not since the display appeared)."""
    from rich.progress import ProgressColumn
    from rich.text import Text

    class SinceStart(ProgressColumn):
        def render(self, task: Task) -> Text:
            return Text(f"{time.perf_counter() - started:5.1f} s", style="progress.elapsed")

    return SinceStart()


def _stage_line(stage: str, seconds: float) -> str:
    return f"  [green]✓[/green] {stage:<10} {seconds:6.2f} s"
