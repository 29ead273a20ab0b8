"""Incremental builds: one wiki page edited, added or deleted, then ``kb build`` again.

Goal (issue 6): at 1× (the seeds and the CR), a rebuild after one page changes takes
≤ 1 s.  Peer: the clean build of the same corpus (``kb build --clean``), measured in the
same rounds.  Each round edits フェイジング's commentary (a phrase reworded and a line
citing a rule added, so the lines below move), rebuilds, edits the wording of a rule it
quotes (702.26k, 20231117.0), rebuilds, adds a page, rebuilds, deletes it, rebuilds, and rebuilds once more with
nothing changed.  Each run is a fresh
``kb build`` process (wall, from outside; ``--jobs`` as the machine gives: 2 here, so the
dictionary and index stages run in a child beside the others); stage seconds come from
``kb build --json``.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from bench.common import CR_FILE, ROOT, Figure, figures_table
from bench.kbrun import BuildFigures, BuildRun, build_args, interleaved_commands, kb_build
from bench.report import fmt, peer_table, ratio, verdict

GOAL = 1.0
EDITED = "フェイジング.txt"
ADDED = "被覆.txt"
ADDED_TEXT = (
    "被覆\n提供：MTG Wiki\n被覆/Shroud\n被覆（ひふく）/Shroudはキーワード能力。\n"
    "解説\n• 被覆を持つパーマネントは呪文や能力の対象にならない。rule 702.18a参照。\n"
)


def run(quick: bool = False) -> str:
    repeat = 2 if quick else 5
    if not CR_FILE.is_file():
        return f"## Incremental builds\n\nSkipped: the CR file is not at `{CR_FILE}`.\n"
    with tempfile.TemporaryDirectory(prefix="kb-bench-incremental-") as tmp:
        work = Path(tmp)
        full = _measure(work / "full", [CR_FILE], repeat)
        seeds = _measure(work / "seeds", [], repeat)
        (floor,) = interleaved_commands(
            [("python start-up + `import kb.cli, kb.build.pipeline` (floor)",
              [sys.executable, "-c", "import kb.cli, kb.build.pipeline"])], repeat)
    return "\n\n".join([
        "## Incremental builds",
        _section("1×: the seeds and the CR 20260116", full, floor, goal=True),
        _section("The default corpus (the seeds, no CR)", seeds, floor, goal=False),
    ]) + "\n"


class Rounds:
    """Figures per kind of rebuild, over the rounds."""

    def __init__(self) -> None:
        self.kinds: dict[str, BuildFigures] = {}

    def add(self, kind: str, run: BuildRun) -> None:
        self.kinds.setdefault(kind, BuildFigures()).runs.append(run)


def _measure(root: Path, cr: list[Path], repeat: int) -> Rounds:
    corpus = root / "corpus"
    shutil.copytree(ROOT / "corpus", corpus)
    out = root / "_build"
    args = build_args(corpus, cr)
    kb_build(args, out)  # warm-up: page cache, .pyc files, and a build to reuse
    rounds = Rounds()
    page = corpus / "wiki" / EDITED
    steps: list[tuple[str, Callable[[int], None], list[str]]] = [
        ("clean build (`--clean`)", lambda _: None, ["--clean"]),
        ("after editing one page", lambda n: _edit(page, n), []),
        ("after editing a quoted rule in it", lambda n: _edit_quote(page, n), []),
        ("after adding a page", lambda _: _write(corpus / "wiki" / ADDED, ADDED_TEXT), []),
        ("after deleting that page", lambda _: (corpus / "wiki" / ADDED).unlink(), []),
        ("nothing changed", lambda _: None, []),
    ]
    for round_number in range(repeat):
        for kind, change, extra in steps:
            change(round_number)
            rounds.add(kind, kb_build([*args, *extra], out, clean=False))
    return rounds


def _edit(page: Path, round_number: int) -> None:
    """A commentary edit: a phrase reworded, and a line that cites a rule added after the
    解説 paragraph (so every line below it, the quoted CR included, moves down one)."""
    text = page.read_text(encoding="utf-8")
    before, after = "簡単に言うと", "簡単に言えば"
    text = text.replace(before, after, 1) if before in text else text.replace(after, before, 1)
    head, _, tail = text.partition("\nルール\n")
    page.write_text(f"{head}\n追記{round_number}：rule 702.26b参照。\n\nルール\n{tail}", encoding="utf-8")


def _edit_quote(page: Path, round_number: int) -> None:
    """An edit inside the quoted CR text (702.26k's wording), which changes a rule's
    20231117.0 text: its search documents and its page, not only the wiki page's."""
    text = page.read_text(encoding="utf-8")
    before = "702.26k フェイズ・アウトしているパーマネントは"
    after = "702.26k フェイズ・アウトしている状態のパーマネントは"
    edited = text.replace(before, after) if before in text else text.replace(after, before)
    if edited == text:
        raise RuntimeError(f"{page}: the quoted text of 702.26k to edit is not there")
    page.write_text(edited, encoding="utf-8")


def _build_seconds(figures: BuildFigures) -> list[float]:
    """The build's own wall seconds (``kb build --json``'s ``seconds``): the stages, of
    which the search stages run in a child beside the others."""
    return [float(run.report["seconds"]) for run in figures.runs]


def _section(title: str, rounds: Rounds, floor: Figure, goal: bool) -> str:
    clean = rounds.kinds["clean build (`--clean`)"]
    clean_wall = clean.wall("clean build (`--clean`), wall")
    pairs: list[tuple[Figure, Figure | None]] = []
    stage_rows: list[Figure] = []
    for kind, figures in rounds.kinds.items():
        if figures is clean:
            continue
        pairs.append((figures.wall(f"rebuild {kind}, wall"), clean_wall))
        pairs.append((Figure(f"rebuild {kind}, stages (in the process)", _build_seconds(figures)),
                      Figure("clean, stages (in the process)", _build_seconds(clean))))
    edited = rounds.kinds["after editing one page"]
    for name in edited.stage_names():
        stage_rows.append(edited.stage(name, f"edit: stage `{name}`"))
        stage_rows.append(clean.stage(name, f"clean: stage `{name}`"))
    reused = edited.last.get("reused", 0)
    edit_wall = edited.wall("").median
    edit_stages = Figure("", _build_seconds(edited)).median
    lines = [
        f"### {title}",
        "",
        peer_table([*pairs, (clean_wall, None), (floor, None)]),
        "",
        figures_table(stage_rows),
        "",
        (f"- After an edit the build took {reused} of its files unchanged from the previous "
         f"build; {fmt(edit_wall)} wall against {fmt(clean_wall.median)} for a clean build "
         f"({ratio(edit_wall, clean_wall.median)})."),
    ]
    if goal:
        lines.append(
            f"- Goal (issue 6) ≤ {fmt(GOAL)} after one page changes: the stages (wall time "
            f"inside the process, the search stages running beside the others) "
            f"{verdict(edit_stages, GOAL)}; the whole `kb build` process "
            f"{verdict(edit_wall, GOAL)}, of which {fmt(floor.median)} is the interpreter "
            "starting and importing kb.")
        slowest = max((k for k in rounds.kinds if k != "clean build (`--clean`)"),
                      key=lambda k: rounds.kinds[k].wall("").median)
        lines.append(
            f"- Slowest kind of rebuild: {slowest}, "
            f"{verdict(rounds.kinds[slowest].wall('').median, GOAL)} (median wall).")
    return "\n".join(lines)


def _write(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
