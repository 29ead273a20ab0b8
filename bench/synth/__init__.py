"""A synthetic corpus N times the seeds + CR, for measuring how kb scales.

``generate(n, out_dir, seed)`` writes, deterministically for a given seed and inputs:

- ``out_dir/wiki/*.txt``: wiki pages in both skins, about n × the seeds' bytes, in a
  realistic mix of sizes (many short pages, some as long as the seeds);
- ``out_dir/cr/rules-YYYYMMDD.txt``: √n CR versions of √n × the real CR's size each (so
  the CR side is about n × the real file): the newest grown from the real CR's structure,
  the others older versions with recent additions missing and some rules reworded;
- ``out_dir/manifest.json``: what the KB should find (versions, rules per version,
  pages, quotes, the planted dangling references, the planted irregular lines).

Everything is recombined from the real seeds and CR, read from ``../shared`` at
generation time; nothing generated is meant to be committed (write to a temporary
directory, or under the git-ignored ``_build/``).  At n = 1 the CR numbering is the real
one; see :mod:`bench.synth.cr` and :mod:`bench.synth.wiki` for the shapes.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from bench.common import CR_FILE, SHARED
from bench.synth import cr as cr_gen
from bench.synth import wiki as wiki_gen
from bench.synth.material import Material, load
from bench.synth.text import Rewriter, Targets
from bench.synth.words import NameMaker
from kb.model import rule_kind

SEEDS = SHARED / "seeds"
DEFAULT_SEED = 20260116
MANIFEST = "manifest.json"


@dataclass
class Manifest:
    scale: float
    seed: int
    versions: list[str]
    """CR versions written as files, newest first."""
    wiki_only_version: str
    """Quoted by some pages, but given by no CR file (like the seeds' 20231117.0)."""
    cr_files: list[dict[str, Any]]
    pages: int
    page_bytes: int
    skins: dict[str, int]
    quotes: list[dict[str, Any]]
    rules_per_version: dict[str, int]
    """Rule numbers with statement text, per version, as ``kb stats`` counts them."""
    glossary_keys: int
    dangling: list[str]
    """The references planted on purpose to name no rule; every other one resolves."""
    seconds: float = 0.0
    inputs: dict[str, str] = field(default_factory=dict)

    @property
    def cr_paths(self) -> list[str]:
        return [f["path"] for f in self.cr_files]

    @property
    def total_bytes(self) -> int:
        return self.page_bytes + sum(int(f["bytes"]) for f in self.cr_files)


def generate(n: float, out_dir: Path, seed: int = DEFAULT_SEED, cr_file: Path = CR_FILE,
             seed_dir: Path = SEEDS, wiki_scale: float | None = None) -> Manifest:
    """Write an ``n``× corpus into ``out_dir`` (which must be empty or absent).

    ``wiki_scale`` sizes the wiki side alone (default ``n``): the real wiki is far larger
    than four pages next to one CR, so site and search benches may want more pages.
    """
    if n <= 0:
        raise ValueError("the scale must be positive")
    out_dir = Path(out_dir)
    if out_dir.exists() and any(out_dir.iterdir()):
        raise FileExistsError(f"{out_dir} is not empty")
    started = time.perf_counter()
    material = load(cr_file, seed_dir)
    rng = random.Random(f"{seed}:{n:g}")  # 1 and 1.0 are the same corpus
    count, factor = cr_gen.versions_for(n)

    targets = Targets()
    names = NameMaker(rng, material.katakana, {j for j, _ in material.keyword_titles})
    rewriter = Rewriter(rng, targets, material.katakana)
    versions = [cr_gen.newest(material, factor, rng, names, targets, rewriter)]
    # Older versions reword with the same targets but plant nothing: a planted reference
    # must appear in a written file, and the oldest version is only quoted by some pages.
    rewriter.plant_dangling = False
    for released in cr_gen.RELEASES[1: count + 1]:
        versions.append(cr_gen.older(versions[-1], released, material, rewriter))
    rewriter.plant_dangling = True

    (out_dir / "cr").mkdir(parents=True)
    written = [cr_gen.write(v, out_dir / "cr" / f"rules-{v.label[:8]}.txt", rng, n, seed)
               for v in versions[:count]]
    pages = wiki_gen.write_pages(out_dir / "wiki", material, versions, rewriter, names,
                                 round((wiki_scale or n) * material.seed_bytes))
    manifest = Manifest(
        scale=n, seed=seed,
        versions=[v.label for v in versions[:count]],
        wiki_only_version=versions[count].label,
        cr_files=[asdict(w) for w in written],
        pages=pages.count, page_bytes=pages.bytes, skins=pages.skins, quotes=pages.quotes,
        rules_per_version=_rules_per_version(versions, count, pages.quotes),
        glossary_keys=len({_gloss_key(g) for v in versions[:count] for g in v.glossary}),
        dangling=sorted({str(d) for d in targets.dangling}),
        inputs=_inputs(material, cr_file, seed_dir),
    )
    manifest.seconds = round(time.perf_counter() - started, 2)
    (out_dir / MANIFEST).write_text(json.dumps(asdict(manifest), ensure_ascii=False, indent=1),
                                    encoding="utf-8")
    return manifest


def load_manifest(out_dir: Path) -> Manifest:
    data = json.loads((Path(out_dir) / MANIFEST).read_text(encoding="utf-8"))
    return Manifest(**data)


def _rules_per_version(versions: list[cr_gen.Version], count: int,
                       quotes: list[dict[str, Any]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for version in versions[:count]:
        out[version.label] = sum(1 for e in version.entries.values()
                                 if rule_kind(e.number, e.text) == "text") + 1  # + section 0
    wiki_only = versions[count]
    quoted = {n for q in quotes if q["version"] == wiki_only.label for n in q["numbers"]}
    by_text = {str(e.number): e for e in wiki_only.entries.values()}
    out[wiki_only.label] = sum(1 for n in quoted
                               if rule_kind(by_text[n].number, by_text[n].text) == "text")
    for label, number_count in list(out.items()):
        if number_count == 0:
            del out[label]
    # Pages quoting a written version add no new numbers: they quote its exact text.
    return out


def _gloss_key(gloss: cr_gen.Gloss) -> str:
    return f"{gloss.headword}／{gloss.english}" if gloss.headword else f"（{gloss.reading}）／{gloss.english}"


def _inputs(material: Material, cr_file: Path, seed_dir: Path) -> dict[str, str]:
    return {"cr": str(cr_file), "cr_bytes": str(material.cr_bytes), "seeds": str(seed_dir),
            "seed_bytes": str(material.seed_bytes)}
