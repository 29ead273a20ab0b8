"""``kb build``: run the stages in order into a temporary directory, then swap it in.

A failure anywhere leaves the previous build untouched: output goes to a temporary
sibling of the output directory (:mod:`kb.build.swap`), which replaces it atomically only
when every stage has succeeded.  With two processes, the search stages run in a forked
child beside the others (:mod:`kb.build.forked`); a rebuild takes what did not change
from the build it replaces (:mod:`kb.build.reuse`).
"""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from kb.build.forked import ForkedStages, can_fork
from kb.build.reuse import Reuse
from kb.build.snapshot import retire
from kb.build.stages import BACKGROUND_STAGES, STAGES
from kb.build.state import BuildOptions, BuildState
from kb.build.swap import (
    build_lock,
    check_replaceable,
    flush_to_disk,
    parking,
    remove_litter,
    swap_into_place,
    work_dir,
)
from kb.errors import KbError
from kb.export import GRAPH_FILE
from kb.sources.corpus import corpus_files


@dataclass
class BuildReport:
    out: Path
    timings: list[tuple[str, float]]
    pages: int
    rules_with_text: int
    versions: list[str]
    warnings: list[str]
    written: list[str]
    reused: int = 0
    """Files taken unchanged from the previous build."""
    elapsed: float | None = None
    """Wall seconds of the stages; less than their sum when a stage ran in the background."""
    jobs: int = 1
    """Processes the stages ran in: 2 when the background stages ran in a child."""
    english_releases: list[str] = field(default_factory=list)
    """The English releases read (``--cr-en``), oldest first."""

    @property
    def seconds(self) -> float:
        if self.elapsed is not None:
            return self.elapsed
        return sum(t for _, t in self.timings)


PARALLEL_INPUT_LIMIT = 24_000_000
"""Input bytes (wiki pages and CR files) up to which ``jobs=None`` runs the search stages
in a child.  Side by side, the two processes hold their peaks at once: 1.4 GB for 14 MB
of input, 2.1 GB for 41 MB (the bench's synthetic 10× and 30× corpora), against 1.4 GB
in turn at 41 MB.  Past this size the build keeps within the 2 GB it is meant to need
and gives up the overlap (about a quarter of its time); below it, where a rebuild should
take under a second, it keeps it."""


def auto_jobs(options: BuildOptions) -> int:
    """``options.jobs``, or when it is None: 2 on two cores or more for an input of up to
    :data:`PARALLEL_INPUT_LIMIT` bytes, else 1."""
    if options.jobs is not None:
        return options.jobs
    if (os.cpu_count() or 1) < 2:
        return 1
    size = sum(path.stat().st_size for path in
               [*corpus_files(options.corpus), *options.cr,
                *([options.cards] if options.cards is not None else [])])
    if options.cr_en:
        # The search indexes the newest English release only; the history stays in this
        # process (and is shared with the child until either writes to it).
        from kb.history.stage import english_files

        size += max(path.stat().st_size for path in english_files(options.cr_en))
    return 2 if size <= PARALLEL_INPUT_LIMIT else 1


def input_paths(options: BuildOptions) -> list[Path]:
    """What the build reads: the corpus folder, the CR files, the English releases, the
    card-name table."""
    return [options.corpus, *options.cr, *options.cr_en,
            *([options.cards] if options.cards is not None else [])]


Progress = Callable[[str, int, int], None]
"""Called with (stage name, index, count) as each stage starts."""


def build(options: BuildOptions, progress: Progress | None = None) -> BuildReport:
    """Run every stage into a temporary directory and swap it in as ``options.out``."""
    try:
        return _build_and_swap(options, progress)
    except OSError as err:  # a full disk, a read-only folder: a message, not a traceback
        where = err.filename or options.out
        raise KbError(f"cannot write the build: {err.strerror or err}", where) from err


def _build_and_swap(options: BuildOptions, progress: Progress | None) -> BuildReport:
    # Work on the real, absolute path: "--out ." must not become a sibling named "..tmp",
    # and a symlinked _build keeps its link (the directory it points to is replaced).
    out = Path(os.path.realpath(options.out))
    check_replaceable(out, [Path.cwd(), *input_paths(options)])
    out.parent.mkdir(parents=True, exist_ok=True)
    with build_lock(out):
        remove_litter(out)
        work = work_dir(out)
        work.mkdir()
        previous = out if out.is_dir() and (out / GRAPH_FILE).is_file() and not options.clean else None
        state = BuildState(options, work, reuse=Reuse(previous, work))
        background: ForkedStages | None = None
        try:
            jobs = auto_jobs(options)
            timings: list[tuple[str, float]] = []
            started_build = time.perf_counter()
            for index, (name, stage) in enumerate(STAGES):
                if name in BACKGROUND_STAGES and jobs > 1 and can_fork():
                    if background is None:
                        background = ForkedStages([s for s in STAGES if s[0] in BACKGROUND_STAGES], state)
                        state.wait_for = background.wait_for
                    timings.append((name, 0.0))  # its own seconds once it has finished
                    continue
                if progress is not None:
                    beside = background.running if background is not None else []
                    progress(" + ".join([name, *beside]), index, len(STAGES))
                started = time.perf_counter()
                stage(state)
                timings.append((name, time.perf_counter() - started))
                # What the stages made so far stays until the build ends: out of the
                # collector's way, or each full collection walks all of it again (a
                # rebuild with the CR spent a tenth of its time there).
                gc.freeze()
            if background is not None:
                if progress is not None and background.running:
                    progress(f"waiting for {', '.join(background.running)}", len(STAGES) - 1, len(STAGES))
                background.join()
                timings = [(name, background.seconds.get(name, seconds)) for name, seconds in timings]
            elapsed = time.perf_counter() - started_build
            state.written.extend(state.reuse.write())
            if options.strict and state.warnings:
                raise KbError(f"strict build failed: {len(state.warnings)} warning(s); first: "
                              f"{state.warnings[0]}")
            flush_to_disk(work)
            swap_into_place(work, out)
        finally:
            gc.unfreeze()  # collectable again once the caller lets go of the build
            if background is not None:
                background.cancel()
            # The previous build (or a failed new one) goes, unless a reader still holds it.
            retire(work, parking(out, state.build_id))
    return BuildReport(
        out=options.out,
        timings=timings,
        pages=len(state.pages),
        rules_with_text=sum(1 for node in state.graph if node.has_text),
        versions=state.graph.versions,
        warnings=state.warnings,
        written=state.written,
        reused=state.reuse.linked,
        elapsed=elapsed,
        jobs=2 if background is not None else 1,
        english_releases=state.graph.english_releases,
    )
