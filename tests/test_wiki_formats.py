"""The wiki's other forms: wikitext files, MediaWiki XML exports, saved HTML pages (desktop
and mobile), ``{{#CR:N}}`` quotes filled from a CR, and revisions of one title merged.
Fixtures are in tests/fixtures/formats/, written for these tests."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kb.errors import KbError
from kb.graph import build_graph
from kb.model import CRDocument, Paragraph, RevisionInfo, RuleEntry, SourceRef, WikiPage, rule_kind
from kb.rulenum import RuleNumber, find_references
from kb.sources.cr import read_cr
from kb.sources.crquote import expand_cr_quotes, newest_cr
from kb.sources.html import read_html_page
from kb.sources.mwexport import ExportSkip, read_export
from kb.sources.revisions import merge_revisions
from kb.sources.wikitext import parse_wikitext, read_wikitext_file

FORMATS = Path(__file__).parent / "fixtures" / "formats"
CR_FILE = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "cr-ja-20260116" / "rules.txt"
MARKUP = re.compile(r"\[\[|\]\]|\{\{|\}\}|'''|^=+|=+$|__[A-Z]+__|<ref|</ref|\{\||\|\}")


def page_texts(page: WikiPage) -> list[str]:
    """Every text a reader put on the page: prose, headings, citations, footnotes, infobox."""
    texts = [block.text for block in page.prose()]
    texts += [s.title for s in page.sections]
    texts += [e.text for c in page.citations for e in c.entries]
    texts += [f.text for f in page.footnotes]
    texts += list(page.infobox.values()) + page.categories + page.hatnotes
    return texts


def assert_no_markup(page: WikiPage) -> None:
    for text in page_texts(page):
        assert not MARKUP.search(text), f"markup left in {text!r}"


def tiny_cr() -> CRDocument:
    """Four rules in our own words, numbered as the CR numbers them."""
    rows = [("7", "その他のルール"), ("702", "キーワード能力"), ("702.26", "試験の能力／Test"),
            ("702.26a", "試験の能力は常在型能力である。"), ("702.26b", "二つ目の細則である。"),
            ("702.27", "次の能力／Next")]
    entries = [RuleEntry(RuleNumber.parse(n), "20990101.0", t, rule_kind(RuleNumber.parse(n), t),
                         SourceRef("tiny-cr.txt", i + 1)) for i, (n, t) in enumerate(rows)]
    return CRDocument("tiny-cr.txt", "20990101.0", entries, [], [])


# -- wikitext ----------------------------------------------------------------------------


def test_wikitext_page_is_read_as_the_wiki_shows_it() -> None:
    page = read_wikitext_file(str(FORMATS / "試験能力.wiki"))
    assert page.title == "試験能力" and page.skin == "wikitext"
    assert page.english_name == "Test Ability"
    assert page.infobox == {"種別": "常在型能力", "英語名": "Test Ability", "CR": "702.26"}
    assert page.hatnotes == ["試験能力 (曖昧さ回避)"]
    assert page.categories == ["キーワード能力", "テスト"]
    assert [(s.title, s.level) for s in page.sections] == [
        ("定義", 2), ("ルール CR:613.7", 2), ("引用", 2), ("引用：総合ルール", 2), ("引用", 2), ("表", 3)]
    lead = page.lead[0]
    assert isinstance(lead, Paragraph)
    assert lead.text == "試験能力/Test Abilityは、説明のためだけに作った能力である^[1]。段落の二行目は前の行に続く。"
    # A named <ref> used twice is one footnote, marked twice.
    assert [(f.number, f.text) for f in page.footnotes] == [(1, "ここに注がある。")]
    assert page.footnote_marks == [(7, 1), (13, 1)]
    assert [(c.name, c.form, c.japanese) for c in page.cards] == [
        ("Serra Angel", "card box", None), ("Breezekeeper", "card box", "微風の守り手")]
    assert [n.line for n in page.notes] == [28] and "未知のテンプレート" in page.notes[0].message
    assert ("栄光の頌歌", "Glorious Anthem") in {(n.japanese, n.english) for n in page.names}
    assert_no_markup(page)


def test_wikitext_references_are_found_once_with_their_lines() -> None:
    page = read_wikitext_file(str(FORMATS / "試験能力.wiki"))
    graph = build_graph([page], [])
    found = {(str(n.number), p.line) for n in graph for p in n.pages}
    assert {("702.26b", 12), ("611.2", 14), ("702.26", 31)} <= found
    # Each reference is recorded once, even where the same rule is named twice.
    lines = [p.line for p in graph.nodes[RuleNumber.parse("702.26b")].pages]
    assert lines == [12]


@pytest.mark.parametrize(("text", "prose"), [
    ("Phasing{{CR|418}}", "Phasing CR:418"),  # a letter before: a bare chapter was lost (fuzz)
    ("x{{CR|418}}y", "x CR:418 y"),
    ("位相{{CR|418}}は", "位相CR:418は"),  # no word spaces beside Japanese
    ("（{{CR|702.26a}}）", "（CR:702.26a）"),
])
def test_a_cr_template_is_a_reference_whatever_touches_it(text: str, prose: str) -> None:
    page = parse_wikitext(text, "f.wiki", "項目")
    assert [b.text for b in page.prose()] == [prose]
    number = RuleNumber.parse(text.split("|")[1].split("}")[0])
    assert [(n.number, p.line) for n in build_graph([page], []) for p in n.pages] == [(number, 1)]


def test_card_box_lines_are_text_never_headings() -> None:
    page = read_wikitext_file(str(FORMATS / "試験能力.wiki"))
    rules = next(s for s in page.sections if s.title.startswith("ルール"))
    texts = [b.text for b in rules.blocks if hasattr(b, "text")]
    box = ["クリーチャー — イリュージョン", "飛行", "4/4"]
    assert [t for t in texts if t in box] == box


def test_a_redirect_page_has_a_target_and_no_content() -> None:
    page = read_wikitext_file(str(FORMATS / "転送元.wiki"))
    assert page.redirect == "試験能力" and page.categories == ["転送"]
    assert not page.lead and not page.sections


def test_cr_quote_is_filled_from_the_cr_with_its_version() -> None:
    page = read_wikitext_file(str(FORMATS / "試験能力.wiki"))
    expand_cr_quotes([page], newest_cr([tiny_cr()]))
    citation = page.citations[0]
    assert citation.version == "20990101.0"
    assert [str(e.number) for e in citation.entries] == ["7", "702", "702.26", "702.26a", "702.26b"]
    assert all(e.source == SourceRef(page.path, 31, page.title) for e in citation.entries)
    section = page.sections[page.cr_quotes[0].section]
    assert section.title == "引用：総合ルール 20990101.0"
    # Text after the quote is the section's, not the quote's.
    assert page.sections[page.cr_quotes[0].section + 1].blocks[0].line == 32
    assert not page.notes[1:]


def test_cr_quote_without_a_cr_stays_a_reference_and_says_so() -> None:
    page = read_wikitext_file(str(FORMATS / "試験能力.wiki"))
    expand_cr_quotes([page], None)
    assert page.citations == []
    assert any("has no CR text" in n.message and n.line == 31 for n in page.notes)
    graph = build_graph([page], [])
    assert any(p.line == 31 for p in graph.nodes[RuleNumber.parse("702.26")].pages)


def test_cr_quote_of_a_rule_the_cr_lacks_is_noted() -> None:
    page = read_wikitext_file(str(FORMATS / "試験能力.wiki"))
    cr = tiny_cr()
    cr.entries = [e for e in cr.entries if not str(e.number).startswith("702.26")]
    expand_cr_quotes([page], newest_cr([cr]))
    assert any("not in the CR 20990101.0" in n.message for n in page.notes)


@pytest.mark.skipif(not CR_FILE.is_file(), reason="the CR text is not in ../shared")
def test_cr_quote_from_the_real_cr_quotes_every_subrule() -> None:
    page = read_wikitext_file(str(FORMATS / "試験能力.wiki"))
    document = read_cr(CR_FILE)
    expand_cr_quotes([page], newest_cr([document]))
    numbers = [str(e.number) for e in page.citations[0].entries]
    expected = [str(e.number) for e in document.entries if str(e.number).startswith("702.26")]
    assert numbers == ["7", "702", *expected]
    assert_no_markup(page)


# -- XML exports -------------------------------------------------------------------------


def test_export_pages_revisions_namespaces_and_redirects() -> None:
    skipped: list[ExportSkip] = []
    pages = list(read_export(FORMATS / "export.xml", skipped))
    assert [p.title for p in pages] == ["版の多い項目", "別名"]
    page = pages[0]
    assert page.revision == RevisionInfo(25, "2021-02-03T04:05:06Z", "xml")
    assert [(h.revision.id, h.line) for h in page.history] == [(10, 19)]
    assert page.history[0].text is not None and "{{CR|502.1}}" in page.history[0].text
    # Lines are the export's: the text of revision 25 starts on line 29.
    assert page.lead[0].line == 29
    assert [(s.title, s.line) for s in page.sections] == [("解説", 31), ("引用：総合ルール", 33)]
    assert pages[1].redirect == "版の多い項目"
    assert [(s.title, s.reason) for s in skipped] == [("テンプレート:何か", "namespace 10")]
    for p in pages:
        assert_no_markup(p)


@pytest.mark.parametrize(("text", "line", "what"), [
    ("<mediawiki><page><title>甲</title><revision><text>x</txt></revision></page></mediawiki>", 1,
     "malformed XML at column"),
    ("<mediawiki>\n<page>\n<title>甲</title>\n<revision><text>x</text></revision>\n", 5, "malformed XML"),
    ("<html><body/></html>", 1, "root element is <html>"),
    ("", 1, "malformed XML"),
    ("<mediawiki><page><ns>0</ns></page></mediawiki>", 1, "without a <title>"),
])
def test_a_bad_export_is_refused_with_file_line_and_column(tmp_path: Path, text: str, line: int,
                                                           what: str) -> None:
    path = tmp_path / "bad.xml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(KbError) as err:
        list(read_export(path))
    assert err.value.path == str(path) and err.value.line == line and what in str(err.value)


def test_an_export_is_streamed_not_held_whole(tmp_path: Path) -> None:
    """Pages come one at a time: the first is handed over before the file is read out
    (the export below is broken at its end)."""
    page = ("<page><title>項目{}</title><ns>0</ns><revision><id>{}</id>"
            "<text>本文 {{{{CR|702.26a}}}}</text></revision></page>\n")
    body = "".join(page.format(i, i) for i in range(2000))
    path = tmp_path / "big.xml"
    path.write_text(f"<mediawiki>\n{body}<broken", encoding="utf-8")
    pages = read_export(path)
    first = next(pages)
    assert first.title == "項目0"
    with pytest.raises(KbError):
        list(pages)


# -- saved HTML --------------------------------------------------------------------------


def test_desktop_html_page() -> None:
    page = read_html_page(FORMATS / "desktop.html")
    assert page.title == "試験能力" and page.skin == "html"
    assert page.english_name == "Test Ability"
    assert page.infobox == {"種別": "常在型能力", "CR": "CR:702.26"}
    assert page.revision == RevisionInfo(4321, "2015-03-04T10:20", "header")
    assert page.categories == ["キーワード能力"]
    assert [s.title for s in page.sections] == ["定義", "脚注", "引用：総合ルール 20231117.0"]
    definition = page.sections[0].blocks
    assert len(definition) == 1 and [len(b.items) for b in definition if hasattr(b, "items")] == [2]
    assert [(f.number, f.text) for f in page.footnotes] == [(1, "注の文。")]
    assert [str(e.number) for e in page.citations[0].entries] == ["7", "702", "702.26", "702.26a"]
    assert_no_markup(page)
    # The table of contents and the edit links are not text of the page.
    assert not any("編集" in t or t.startswith("1 定義") for t in page_texts(page))


def test_mobile_html_page() -> None:
    page = read_html_page(FORMATS / "mobile.html")
    assert page.title == "携帯の項目" and page.english_name == "Mobile Entry"
    assert [s.title for s in page.sections] == ["解説"]
    mentions = [b.text for b in page.prose() if find_references(b.text)]
    assert mentions == ["携帯版の箇条で rule 613.7a 参照。"]


def test_an_html_file_that_is_no_wiki_page_is_refused_by_name() -> None:
    with pytest.raises(KbError) as err:
        read_html_page(FORMATS / "not-a-page.html")
    assert "not-a-page.html" in str(err.value) and "not a wiki page" in str(err.value)


def test_html_without_content_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.html"
    path.write_text('<html><body><h1 id="firstHeading">題</h1></body></html>', encoding="utf-8")
    with pytest.raises(KbError, match="no content"):
        read_html_page(path)


# -- revisions ---------------------------------------------------------------------------


def test_two_files_with_one_title_are_revisions_of_one_page() -> None:
    old = WikiPage("甲", "甲@2010-01-01.txt", "indented", revision=RevisionInfo(None, "2010-01-01", "file name"))
    new = WikiPage("甲", "甲.html", "html", revision=RevisionInfo(7, "2020-05-05T10:00", "header"))
    undated = WikiPage("甲", "甲.txt", "flat")
    other = WikiPage("乙", "乙.txt", "flat")
    merged = merge_revisions([old, undated, new, other])
    assert [p.path for p in merged] == ["甲.html", "乙.txt"]
    assert [h.path for h in merged[0].history] == ["甲@2010-01-01.txt", "甲.txt"]


def test_copies_of_one_revision_keep_the_first_read() -> None:
    desktop = WikiPage("甲", "a.txt", "indented")
    mobile = WikiPage("甲", "b.txt", "flat")
    assert merge_revisions([desktop, mobile])[0] is desktop
