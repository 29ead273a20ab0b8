"""An incremental build of a wiki export with the card-name table equals a clean build.

The other rebuild tests (``test_incremental.py``) read the seeds' rendered text; this one
reads what a large wiki gives: a synthetic Special:Export (:mod:`bench.synth.export`,
many pages in one file, revisions, card boxes and mentions) with ``--cards``.  One page
gets lines added, so every later page of the file moves down (what is cached by text must
come back at the new lines), and another a card mention; the rebuild must equal a clean
build file by file (:func:`test_incremental.differences`).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from xml.sax.saxutils import escape

import pytest
from conftest import CR_FILE, needs_cr
from test_incremental import differences

from bench.synth.export import CARDS_FILE, WrittenExport, generate_export
from kb.build.pipeline import build
from kb.build.state import BuildOptions
from kb.sources.cards import read_card_names

pytestmark = [needs_cr, pytest.mark.skipif(not CARDS_FILE.is_file(), reason="no card-name table")]
PAGES = 40


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> tuple[WrittenExport, Path]:
    root = tmp_path_factory.mktemp("incremental-wiki")
    written = generate_export(PAGES, root / "corpus")
    out = root / "_build"
    build(options(written, out, jobs=1))
    return written, out


def options(written: WrittenExport, out: Path, jobs: int) -> BuildOptions:
    return BuildOptions(corpus=written.path.parent.parent, cr=[CR_FILE], cards=CARDS_FILE, out=out, jobs=jobs)


def add_to_page(written: WrittenExport, title: str, addition: str) -> None:
    """``addition`` at the end of ``title``'s newest revision."""
    data = written.path.read_text(encoding="utf-8")
    start = data.index(f"<title>{escape(title)}</title>")
    end = data.rindex("</text>", start, data.index("</page>", start))
    written.path.write_text(data[:end] + escape(addition) + data[end:], encoding="utf-8")


def test_lines_added_above_and_a_card_mention(workspace: tuple[WrittenExport, Path], tmp_path: Path) -> None:
    written, out = workspace
    first, later = written.titles[1], written.titles[-2]
    card = read_card_names(CARDS_FILE).cards[1]
    add_to_page(written, first, "\n\n追加の段落。\n\n* 追加の箇条。rule 702.26a 参照。\n")
    add_to_page(written, later, f"\n\n{card.english} / {card.japanese}と《{card.japanese}》を例に挙げる。\n")
    report = build(options(written, out, jobs=2))
    kept = tmp_path / "incremental"
    shutil.copytree(out, kept, symlinks=True)
    clean = build(BuildOptions(**{**options(written, out, jobs=1).__dict__, "clean": True}))
    assert clean.reused == 0 and report.reused > 100
    assert differences(kept, out) == []
    # The mentions were found, at the lines the page now has.
    pages = json.loads((out / "kb.json").read_text(encoding="utf-8"))["pages"]
    cards = [c for p in pages if p["title"] == later for c in p["cards"] if c["japanese"] == card.japanese]
    assert {c["form"] for c in cards} >= {"pair", "brackets"}
