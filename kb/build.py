"""The build: a list of named stages run in order into a temporary directory, then swapped in.

Phase one reads and resolves everything (read, graph); phase two writes (export, and the
stages later issues add).  A failure anywhere leaves the previous build untouched: output
goes to a temporary sibling of the output directory, which replaces it atomically only
when every stage has succeeded.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import fcntl
import functools
import gc
import os
import secrets
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from kb.errors import KbError
from kb.export import write_json
from kb.forked import ForkedStages, can_fork
from kb.graph import RuleGraph, build_graph
from kb.model import CRDocument, WikiPage
from kb.reuse import Reuse
from kb.rulenum import RuleNumber
from kb.search.stages import build_dictionary, build_index
from kb.snapshot import retire
from kb.sources.cr import read_cr
from kb.sources.wiki import read_wiki_page

GRAPH_FILE = "kb.json"
SITE_DIR = "site"


@dataclass
class BuildOptions:
    corpus: Path = Path("corpus")
    cr: list[Path] = field(default_factory=list)
    out: Path = Path("_build")
    strict: bool = False
    """Turn warnings (dangling references, conflicting texts) into a failed build."""
    clean: bool = False
    """Reuse nothing from the previous build (see :mod:`kb.reuse`)."""
    jobs: int | None = 1
    """Processes at once: with 2 or more, the stages of :data:`BACKGROUND_STAGES` run in a
    forked child beside the others (Linux; see :mod:`kb.forked`).  None: as
    :func:`auto_jobs` decides."""


@dataclass
class BuildState:
    """What the stages share: inputs, what earlier stages made, and the working directory."""

    options: BuildOptions
    work: Path
    pages: list[WikiPage] = field(default_factory=list)
    documents: list[CRDocument] = field(default_factory=list)
    graph: RuleGraph = field(default_factory=RuleGraph)
    warnings: list[str] = field(default_factory=list)
    written: list[str] = field(default_factory=list)
    """Paths (relative to the output) of what the build wrote, for the summary."""
    rule_records: dict[RuleNumber, str] = field(default_factory=dict)
    """Each rule's record as ``kb.json`` holds it (the export stage's)."""
    reuse: Reuse = field(default_factory=lambda: Reuse.none(Path()))
    """The previous build, where a stage can take what did not change."""
    build_id: str = field(default_factory=lambda: new_build_id())
    """Unique to this build; written into what the build writes, so a reader can tell
    which build an answer came from."""
    wait_for: Callable[[str], None] = field(default=lambda stage: None)
    """Call before reading what stage ``stage`` wrote: returns once it has finished
    (immediately when the stages run in turn)."""


def new_build_id() -> str:
    return f"{time.strftime('%Y%m%dT%H%M%S')}-{os.getpid()}-{secrets.token_hex(4)}"


StageFunction = Callable[[BuildState], None]


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
    """Processes the stages ran in."""

    @property
    def seconds(self) -> float:
        if self.elapsed is not None:
            return self.elapsed
        return sum(t for _, t in self.timings)


# -- stages -----------------------------------------------------------------------------


def read_sources(state: BuildState) -> None:
    """Read every wiki page of the corpus and every CR file given."""
    for path in wiki_files(state.options.corpus):
        page = read_wiki_page(path)
        for other in state.pages:
            if other.title == page.title:
                raise KbError(f"page title {page.title!r} is also the title of {other.path}", path, 1)
        state.pages.append(page)
    for path in state.options.cr:
        state.documents.append(read_cr(path))


def link_graph(state: BuildState) -> None:
    """Resolve everything into one graph; report dangling references and conflicts."""
    state.graph = build_graph(state.pages, state.documents)
    for node in state.graph.dangling():
        who = ", ".join(sorted({link.origin for link in node.referenced_by} |
                               {f"page:{p.page}" for p in node.pages if p.kind != "quote"}))
        state.warnings.append(f"dangling reference to {node.number} (from {who})")
    for conflict in state.graph.conflicts:
        where = "; ".join(str(t.source) for t in conflict.texts)
        state.warnings.append(
            f"conflict: {conflict.number} has {len(conflict.texts)} different texts in "
            f"{conflict.version} ({where})"
        )


def run_checks(state: BuildState) -> None:
    """Run the executable checks against the graph and attach them to the rules they cite."""
    from kb.checks.report import attach, run_checks
    from kb.reuse import Memo

    report = run_checks(state.graph, memo=Memo(state.reuse, "checks"))
    attach(state.graph, report, Memo(state.reuse, "check-sources"))
    for result in report.failed:
        state.warnings.append(f"check failed: {result.check.id} ({result.message})")


def export_graph(state: BuildState) -> None:
    state.rule_records = write_json(state.graph, state.work / GRAPH_FILE, state.build_id)
    state.written.append(GRAPH_FILE)


def write_site(state: BuildState) -> None:
    import json

    from kb.search.layout import SEARCH_DIR, TABLES_FILE
    from kb.site.builder import SiteOptions, build_site
    from kb.site.tables import QueryTables, from_search_tables

    def tables(_graph: RuleGraph) -> QueryTables:
        # The dictionary stage wrote them (deriving them again cost a second); the site
        # asks only once its pages are made, so a dictionary stage in the background
        # has had that long to finish.
        state.wait_for("dictionary")
        return from_search_tables(json.loads(
            (state.work / SEARCH_DIR / TABLES_FILE).read_text(encoding="utf-8")))

    build_site(state.graph, state.work / SITE_DIR, SiteOptions(tables=tables),
               reuse=state.reuse, rule_records=state.rule_records)
    state.written.append(f"{SITE_DIR}/")


STAGES: list[tuple[str, StageFunction]] = [
    ("read", read_sources),
    ("graph", link_graph),
    ("dictionary", build_dictionary),
    ("index", build_index),
    ("checks", run_checks),
    ("export", export_graph),
    ("site", write_site),
]
"""The build, in order."""

PARALLEL_INPUT_LIMIT = 24_000_000
"""Input bytes (wiki pages and CR files) up to which ``jobs=None`` runs the search stages
in a child.  Side by side, the two processes hold their peaks at once: 1.4 GB for 14 MB
of input, 2.1 GB for 41 MB (the bench's synthetic 10× and 30× corpora), against 1.4 GB
in turn at 41 MB.  Past this size the build keeps within the 2 GB it is meant to need
and gives up the overlap (about a quarter of its time); below it, where a rebuild should
take under a second, it keeps it."""

BACKGROUND_STAGES = ("dictionary", "index")
"""Stages that may run in a child process, in turn, beside the others (which start from
the same graph): they write only their own files under ``search/``, and of those the
other stages read only the query tables, after ``state.wait_for("dictionary")``."""


def auto_jobs(options: BuildOptions) -> int:
    """``options.jobs``, or when it is None: 2 on two cores or more for an input of up to
    :data:`PARALLEL_INPUT_LIMIT` bytes, else 1."""
    if options.jobs is not None:
        return options.jobs
    if (os.cpu_count() or 1) < 2:
        return 1
    size = sum(path.stat().st_size for path in [*wiki_files(options.corpus), *options.cr])
    return 2 if size <= PARALLEL_INPUT_LIMIT else 1


def wiki_files(corpus: Path) -> list[Path]:
    """``corpus/wiki/*.txt`` (or ``corpus/*.txt`` when there is no ``wiki/``), sorted."""
    if not corpus.is_dir():
        raise KbError("corpus directory not found", corpus)
    folder = corpus / "wiki" if (corpus / "wiki").is_dir() else corpus
    return sorted(folder.glob("*.txt"))


# -- running ----------------------------------------------------------------------------


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
    _check_replaceable(out, [Path.cwd(), options.corpus, *options.cr])
    out.parent.mkdir(parents=True, exist_ok=True)
    with _build_lock(out):
        _remove_litter(out)
        work = out.parent / f".{out.name}.tmp-{os.getpid()}"
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
            _flush_to_disk(work)
            swap_into_place(work, out)
        finally:
            gc.unfreeze()  # collectable again once the caller lets go of the build
            if background is not None:
                background.cancel()
            # The previous build (or a failed new one) goes, unless a reader still holds it.
            retire(work, out.parent / f".{out.name}.old-{state.build_id}")
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
    )


@contextlib.contextmanager
def _build_lock(out: Path) -> Iterator[None]:
    lock_path = out.parent / f".{out.name}.lock"
    with lock_path.open("w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError as err:
            raise KbError("another build of this directory is running", out) from err
        yield


def _check_replaceable(out: Path, keep: list[Path]) -> None:
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


def _remove_litter(out: Path) -> None:
    """Temporary directories left by builds that were killed (we hold the lock: none is
    live), and previous builds that readers held when they were swapped out."""
    for pattern in (f".{out.name}.tmp-*", f".{out.name}.old-*"):
        for path in out.parent.glob(pattern):
            retire(path, path)


def _flush_to_disk(root: Path) -> None:
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
