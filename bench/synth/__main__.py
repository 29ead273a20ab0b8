"""``python -m bench.synth N OUT [--seed S]``: write an N× synthetic corpus into OUT.

Build it with the command it prints (``kb build --corpus OUT --cr OUT/cr/… …``).
"""

from __future__ import annotations

import argparse
import shlex
from pathlib import Path

from bench.synth import DEFAULT_SEED, generate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.synth", description=__doc__)
    parser.add_argument("scale", type=float, help="how many times the seeds + CR corpus (1, 3, 10, 30…)")
    parser.add_argument("out", type=Path, help="an empty or new directory (not in the repository)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"default {DEFAULT_SEED}")
    parser.add_argument("--wiki-scale", type=float, metavar="M",
                        help="size the wiki side alone as M × the seeds (default: SCALE)")
    args = parser.parse_args(argv)
    manifest = generate(args.scale, args.out, args.seed, wiki_scale=args.wiki_scale)
    command = ["kb", "build", "--corpus", str(args.out)]
    for path in manifest.cr_paths:
        command += ["--cr", path]
    print(f"wrote {manifest.pages} wiki pages ({manifest.page_bytes / 1e6:.1f} MB) and "
          f"{len(manifest.versions)} CR versions ({', '.join(manifest.versions)}; "
          f"{manifest.total_bytes / 1e6:.1f} MB in all) into {args.out}/ in {manifest.seconds:.1f}s; "
          f"{len(manifest.dangling)} dangling references planted")
    print("build it with: " + shlex.join(command))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
