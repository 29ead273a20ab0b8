"""Fuzzing the wikitext, XML export and HTML readers: any input parses or is refused with
a KbError naming the file and a line of it, never another exception, never a hang; for
well-formed generated wikitext and exports, every reference and quote written is found
again and no markup is left in any text, section name or page."""

from __future__ import annotations

import re
from pathlib import Path

from fuzzing import (
    damaged_wikitext,
    export_pages,
    export_xml,
    fuzz_settings,
    guarded,
    html_documents,
    wikitext_pages,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_wiki_formats import assert_no_markup, tiny_cr

from kb.errors import KbError
from kb.graph import build_graph
from kb.rulenum import RuleNumber
from kb.sources.crquote import expand_cr_quotes, newest_cr
from kb.sources.html import parse_html_page
from kb.sources.mwexport import read_export
from kb.sources.wikitext import parse_wikitext

WRITTEN_RE = re.compile(r"\{\{(?:CR\||#cr:|#CR:)([0-9.a-z]+)\}\}")


def cited(pages: list) -> set[str]:  # type: ignore[type-arg]
    graph = build_graph(pages, [])
    return {str(n.number) for n in graph for p in n.pages}


@fuzz_settings(600)
@given(wikitext_pages())
@guarded
def test_wikitext_references_are_recovered_and_no_markup_leaks(text: str) -> None:
    page = parse_wikitext(text, "fuzz.wiki", "項目")
    assert_no_markup(page)
    written = {str(RuleNumber.parse(n)) for n in WRITTEN_RE.findall(text)}
    assert written <= cited([page])


@fuzz_settings(300)
@given(wikitext_pages())
@guarded
def test_wikitext_cr_quotes_are_filled_with_every_rule(text: str) -> None:
    page = parse_wikitext(text, "fuzz.wiki", "項目")
    expand_cr_quotes([page], newest_cr([tiny_cr()]))
    for quote in page.cr_quotes:
        section = page.sections[quote.section]
        if section.citation is not None:
            numbers = [str(e.number) for e in section.citation.entries]
            assert str(quote.number) in numbers
            assert all(e.source.line == quote.line for e in section.citation.entries)
    assert_no_markup(page)


@fuzz_settings(600)
@given(damaged_wikitext())
@guarded
def test_damaged_wikitext_never_crashes(text: str) -> None:
    page = parse_wikitext(text, "fuzz.wiki", "項目")
    lines = text.count("\n") + 1
    for block in page.prose():
        assert 1 <= block.line <= lines


@settings(parent=fuzz_settings(200), suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                             HealthCheck.too_slow, HealthCheck.data_too_large])
@given(export_pages())
@guarded
def test_exports_give_the_newest_revision_of_each_article(tmp_path_factory: object, pages: list) -> None:  # type: ignore[type-arg]
    path = Path(tmp_path_factory.mktemp("x")) / "export.xml"  # type: ignore[attr-defined]
    xml = export_xml(pages)
    path.write_text(xml, encoding="utf-8")
    read = list(read_export(path))
    articles = [p for p in pages if p[1] == 0]
    assert [p.title for p in read] == [p[0] for p in articles]
    lines = xml.count("\n") + 1
    for page, (_, _, revisions) in zip(read, articles, strict=True):
        # newest by time, then id; of equals the later in the file (mwexport's rule)
        newest = max(enumerate(revisions), key=lambda ir: (ir[1][1], ir[1][0], ir[0]))[1]
        assert page.revision.id == newest[0]
        assert len(page.history) == len(revisions) - 1
        assert_no_markup(page)
        written = {str(RuleNumber.parse(n)) for n in WRITTEN_RE.findall(newest[2])}
        assert written <= cited([page])
        for block in page.prose():
            assert 1 <= block.line <= lines


@settings(parent=fuzz_settings(300), suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                             HealthCheck.too_slow, HealthCheck.data_too_large])
@given(export_pages(), st.integers(0, 10_000), st.sampled_from(["cut", "tag", "amp", "nul"]))
@guarded
def test_damaged_exports_are_refused_with_file_and_line(tmp_path_factory: object, pages: list,  # type: ignore[type-arg]
                                                        at: int, how: str) -> None:
    path = Path(tmp_path_factory.mktemp("x")) / "export.xml"  # type: ignore[attr-defined]
    xml = export_xml(pages)
    at = at % max(1, len(xml))
    damage = {"cut": "", "tag": "<x>", "amp": "&", "nul": "\x01"}[how]
    broken = xml[:at] + damage + (xml[at:] if how != "cut" else "")
    path.write_text(broken, encoding="utf-8")
    try:
        list(read_export(path))
    except KbError as err:
        assert err.path == str(path)
        assert err.line is not None and 1 <= err.line <= broken.count("\n") + 1


@fuzz_settings(600)
@given(html_documents())
@guarded
def test_html_reader_parses_or_refuses(text: str) -> None:
    try:
        page = parse_html_page(text, "fuzz.html")
    except KbError as err:
        assert err.path == "fuzz.html" and err.line == 1
        return
    assert page.title
    lines = text.count("\n") + 1
    for block in page.prose():
        assert 1 <= block.line <= lines
