"""``python -m bench``: run every bench module and write ``bench/RESULTS.md``.

Each module in :data:`MODULES` exposes ``run(quick: bool = False) -> str`` returning one
markdown section.  Adding an area is one line here.

``--quick`` is a smoke run (fewer repeats, smaller scales); it and ``--only`` print to
stdout instead of replacing the full results, unless ``--out`` says where to write.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import time
import traceback
from pathlib import Path

from bench.common import ROOT, machine, table

MODULES: list[tuple[str, str]] = [
    ("build", "bench.build"),
    ("incremental", "bench.incremental"),
    ("scale", "bench.scale"),
    ("search", "bench.search"),
    ("search-sets", "bench.search_sets"),
    ("site", "bench.site"),
    ("site-network", "bench.site_network"),
    ("robustness", "bench.robustness"),
    ("linearity", "bench.linearity"),
    ("engine", "bench.engine"),
    ("history", "bench.history"),
    ("wiki", "bench.wiki"),
]
"""(name for ``--only``, module) in the order RESULTS.md shows them."""

RESULTS = ROOT / "bench" / "RESULTS.md"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true",
                        help="smoke run: fewer repeats, smaller scales")
    parser.add_argument("--only", action="append", choices=[name for name, _ in MODULES],
                        metavar="NAME", help="run only this module (repeatable): "
                        + ", ".join(name for name, _ in MODULES))
    parser.add_argument("--out", type=Path, metavar="FILE",
                        help=f"where to write (default: {RESULTS.relative_to(ROOT)} for a full "
                        "run, stdout for --quick or --only)")
    args = parser.parse_args(argv)

    facts = machine()
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    started = time.perf_counter()
    sections, failed = [], []
    for name, module_name in MODULES:
        if args.only and name not in args.only:
            continue
        print(f"bench: {name} …", file=sys.stderr, flush=True)
        section_started = time.perf_counter()
        section, ok = run_module(name, module_name, args.quick)
        seconds = time.perf_counter() - section_started
        print(f"bench: {name} done in {seconds:.0f} s", file=sys.stderr, flush=True)
        sections.append(section.rstrip() + f"\n\n_({name}: {seconds:.0f} s to run)_\n")
        if not ok:
            failed.append(name)
    text = header(facts, load, args.quick, args.only, time.perf_counter() - started) + "\n" + \
        "\n".join(sections)

    out = args.out if args.out else (None if args.quick or args.only else RESULTS)
    if out is None:
        print(text)
    else:
        out.write_text(text, encoding="utf-8")
        print(f"bench: wrote {out}", file=sys.stderr)
    if failed:
        print(f"bench: failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


def run_module(name: str, module_name: str, quick: bool) -> tuple[str, bool]:
    """The module's section, or its error: one broken area must not cost the others
    their figures."""
    try:
        module = importlib.import_module(module_name)
        return module.run(quick=quick), True
    except Exception:  # noqa: BLE001 -- one broken area must not cost the others their figures
        trace = traceback.format_exc()
        print(trace, file=sys.stderr)
        last = trace.strip().splitlines()[-1]
        return f"## {name}\n\n**Failed**: `{last}` (the traceback is on stderr).\n", False


def header(facts: dict[str, str], load: tuple[float, float, float] | None, quick: bool,
           only: list[str] | None, seconds: float) -> str:
    rows = [[key, value] for key, value in facts.items()]
    if load is not None:
        rows.append(["load average at start", " / ".join(f"{x:.2f}" for x in load)])
    mode = "quick (smoke run: fewer repeats, smaller scales)" if quick else "full"
    if only:
        mode += f", only {', '.join(only)}"
    rows.append(["mode", mode])
    rows.append(["total time", f"{seconds / 60:.1f} min"])
    return "\n".join([
        "# Benchmarks",
        "",
        ("Written by `python -m bench` (see `bench/__main__.py`); do not edit by hand. Every "
        "figure is min / median / max over repeated runs on the machine below, which is shared "
        "and noisy: compare a figure with its peer in the same run (the ratio), not absolute "
        "times across runs."),
        "",
        table(["", ""], rows),
        "",
    ])


if __name__ == "__main__":
    raise SystemExit(main())
