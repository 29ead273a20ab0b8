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
from kb.model import WikiPage
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


def test_everyday_words_counted_again_for_the_edited_page_alone(
        seed_pages: list[WikiPage], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The site's everyday words (terms not linked) with the previous build's counts per
    page equal those counted afresh, and only the edited page's texts are counted again."""
    from kb.build.reuse import Memo
    from kb.graph import build_graph
    from kb.site import glossary_pages
    from kb.site.glossary_pages import everyday_words
    from kb.sources.wiki import read_wiki_page

    graph = build_graph(seed_pages, [])
    words = sorted({term.entry.headword for term in graph.glossary.values() if term.entry.headword}
                   | {"能力", "カード", "呪文", "マナ", "霧笛"})
    first = Memo(None, "everyday-words")
    before = everyday_words(graph, words, first)
    assert before == everyday_words(graph, words) and before
    edited = seed_pages[0].path
    copy = tmp_path / Path(edited).name
    lines = Path(edited).read_text(encoding="utf-8").split("\n")
    copy.write_text("\n".join([*lines[:3], *[f"霧笛の話、その{n}。" for n in range(40)], *lines[3:]]),
                    encoding="utf-8")
    pages = [read_wiki_page(copy), *seed_pages[1:]]
    again = build_graph(pages, [])
    counted: list[int] = []
    containing = glossary_pages._texts_containing

    def counting(chunks: list[list[str]], words: list[str]) -> list[dict[str, int]]:
        counted.append(len(chunks))
        return containing(chunks, words)

    monkeypatch.setattr(glossary_pages, "_texts_containing", counting)
    second = Memo(None, "everyday-words")
    second.previous = dict(first.used)
    after = everyday_words(again, words, second)
    assert counted == [1]  # the edited page's chunk alone
    assert after == everyday_words(again, words)
    assert after != before  # the edit made words everyday: the counts were used
