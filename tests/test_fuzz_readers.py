"""Fuzzing the readers: any text either parses or raises KbError naming the file and a
line of it; never another exception, never a hang.  The wiki reader also never loses a
line: each non-blank line lands in the page's records or in ``page.dropped``.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from fuzzing import (
    cr_texts,
    fuzz_settings,
    glossary_texts,
    guarded,
    seed_pages_damaged,
    wiki_pages,
)
from glossary_wiki import parse_glossary_wiki
from hypothesis import given
from hypothesis import strategies as st

from kb.errors import KbError
from kb.export import graph_to_json
from kb.graph import build_graph
from kb.model import Bullet, Paragraph, WikiPage
from kb.sources.cr import parse_cr
from kb.sources.leaked import render_leaked_wikitext
from kb.sources.wiki import parse_wiki_page
from kb.textio import normalise_newlines

PAGE = "corpus/wiki/fuzz.txt"
CR = "rules-fuzz.txt"


def assert_names_a_line(err: KbError, path: str, text: str) -> None:
    lines = text.count("\n") + 1
    assert err.path == path, err
    assert err.line is not None and 1 <= err.line <= lines, err
    assert str(err).startswith(f"{path}:{err.line}: ")


def parse_or_refuse_page(text: str) -> WikiPage | None:
    try:
        return parse_wiki_page(text, PAGE)
    except KbError as err:
        assert_names_a_line(err, PAGE, text)
        return None


# -- what became of each line ----------------------------------------------------------


def accounted_lines(page: WikiPage) -> dict[int, list[str]]:
    """Line number -> the texts the page's records hold for that line."""
    found: dict[int, list[str]] = {}

    def add(line: int, text: str) -> None:
        found.setdefault(line, []).append(text)

    for dropped in page.dropped:
        add(dropped.line, dropped.text)
    for name in page.names:
        add(name.line, name.japanese)
    for block in page.prose():  # infobox fields, lead and section blocks
        add(block.line, block.text)
    for section in page.sections:
        add(section.line, section.title)
        if section.citation is not None:  # citation sections are left out of prose()
            stack: list[Bullet] = []
            for quoted in section.blocks:
                if isinstance(quoted, Paragraph):
                    add(quoted.line, quoted.text)
                else:
                    stack.extend(quoted.items)
            while stack:
                bullet = stack.pop()
                add(bullet.line, bullet.text)
                stack.extend(bullet.children)
    for footnote in page.footnotes:
        add(footnote.line, footnote.text)
    return found


def title_index(text: str, page: WikiPage) -> int | None:
    """The line the page's title was read from: the first line that holds it, when no
    earlier line is content; None when the title came from the file name."""
    lines = text.split("\n")
    found = accounted_lines(page)
    for index, line in enumerate(lines):
        if not line.strip():
            continue
        if page.title in line and index + 1 not in found:
            return index
        if index + 1 not in found:
            break
    assert page.title == Path(page.path).stem, f"title {page.title!r} is in no line"
    return None


def assert_no_line_lost(text: str, page: WikiPage) -> None:
    lines = text.split("\n")
    title = title_index(text, page)
    found = accounted_lines(page)
    for index, line in enumerate(lines):
        if index == title or not line.strip():
            continue
        number = index + 1
        assert number in found, f"line {number} lost: {line!r}"
        # The record for the line holds (a piece of) that line, so numbering is right too;
        # wikitext that leaked into the text is held as the wiki shows it.
        squeezed = _squeeze(line)
        shown = _squeeze(render_leaked_wikitext(line, WikiPage("x", "x", "indented"), 1))
        assert any(_squeeze(piece)[:8] in squeezed or _squeeze(piece)[:8] in shown
                   for piece in found[number]), (
            f"line {number} {line!r} is recorded as {found[number]!r}"
        )


def _squeeze(text: str) -> str:
    """Without whitespace and table bars (a table row is kept as its cells)."""
    return "".join(text.replace("|", "").split())


# -- the wiki reader -------------------------------------------------------------------


@fuzz_settings(2500)
@given(wiki_pages())
@guarded
def test_wiki_reader_parses_or_refuses_shaped_pages(text: str) -> None:
    text = normalise_newlines(text)  # as read_text hands it over
    page = parse_or_refuse_page(text)
    if page is not None:
        assert_no_line_lost(text, page)


@fuzz_settings(1500)
@given(st.text(max_size=400))
@guarded
def test_wiki_reader_parses_or_refuses_any_text(text: str) -> None:
    page = parse_or_refuse_page(text)
    if page is not None and "\r" not in text:
        assert_no_line_lost(text, page)


# -- the CR and glossary readers -------------------------------------------------------


@fuzz_settings(1500)
@given(cr_texts())
@guarded
def test_cr_reader_parses_or_refuses(text: str) -> None:
    try:
        document = parse_cr(text, CR)
    except KbError as err:
        assert_names_a_line(err, CR, text)
        return
    lines = text.count("\n") + 1
    assert document.entries
    for entry in document.entries:
        assert 1 <= entry.source.line <= lines
        assert entry.source.path == CR
    for term in document.glossary:
        assert 1 <= term.source.line <= lines


@fuzz_settings(500)
@given(st.text(max_size=300))
@guarded
def test_cr_reader_parses_or_refuses_any_text(text: str) -> None:
    try:
        parse_cr(text, CR)
    except KbError as err:
        assert_names_a_line(err, CR, text)


@fuzz_settings(700)
@given(st.one_of(glossary_texts(), st.text(max_size=300)))
@guarded
def test_glossary_reader_parses_or_refuses(text: str) -> None:
    try:
        entries = parse_glossary_wiki(text, "glossary.txt", "20260116.0")
    except KbError as err:
        assert_names_a_line(err, "glossary.txt", text)
        return
    for entry in entries:
        assert 1 <= entry.source.line <= text.count("\n") + 1


# -- the graph over fuzzed pages -------------------------------------------------------


@fuzz_settings(300)
@given(st.lists(wiki_pages(), min_size=1, max_size=3), st.one_of(st.none(), cr_texts()))
@guarded
def test_graph_and_export_take_whatever_the_readers_give(pages: list[str], cr: str | None) -> None:
    """What the readers accept, the graph links and the export writes as JSON."""
    parsed = []
    for text in pages:
        page = parse_or_refuse_page(text)
        if page is not None:
            parsed.append(page)
    documents = []
    if cr is not None:
        with contextlib.suppress(KbError):
            documents.append(parse_cr(cr, CR))
    graph = build_graph(parsed, documents)
    json.dumps(graph_to_json(graph), ensure_ascii=False)


@fuzz_settings(1500)
@given(seed_pages_damaged())
@guarded
def test_wiki_reader_parses_or_refuses_damaged_seed_pages(text: str) -> None:
    text = normalise_newlines(text)
    page = parse_or_refuse_page(text)
    if page is not None:
        assert_no_line_lost(text, page)
