"""Hostile page text is data: the readers keep it verbatim and nothing interprets it.

tests/fixtures/hostile/悪意.txt carries <script>, <img onerror>, javascript: links,
Jinja syntax ({{ … }}, {% … %}), raw HTML and markdown in every place a page has (infobox,
lead, bullets, names, a CR citation).  This file checks the reader, kb.json and the site's
HTML statically; tests/test_hostile_browser.py loads the same page in Chromium and watches
for dialogs, script runs, requests and CSP violations.
"""

from __future__ import annotations

import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, cast

import pytest
from test_fuzz_readers import assert_no_line_lost

from kb.cli import main
from kb.search.tables import QueryTables
from kb.site.search_index import SearchDoc, search_files
from kb.sources.wiki import read_wiki_page

HOSTILE_PAGE = Path(__file__).parent / "fixtures" / "hostile" / "悪意.txt"
PAYLOADS = [
    '<script>alert("infobox")</script>',
    '<img src=x onerror=alert("infobox-img")>',
    '<script>alert("lead")</script>',
    "{{ config.items() }}",
    '{% include "base.html" %}',
    "<img src=x onerror=\"alert('img')\">",
    "<a href=\"javascript:alert('link')\">",
    "[クリック](javascript:alert('md'))",
    "<svg onload=alert('svg')>",
    "{{ self.__init__.__globals__ }}",
    "${7*7}",
    "&lt;script&gt; &amp; &#x3C;script&#x3E;",
    "</a><script>alert('after-link')</script>",
    '<meta http-equiv="refresh" content="0;url=https://example.invalid/">',
    "Glorious Anthem\"><script>alert('name')</script>",
    "<script>alert('quote')</script>",
]


def test_the_reader_keeps_every_line_of_a_hostile_page() -> None:
    page = read_wiki_page(HOSTILE_PAGE)
    assert page.title == "悪意" and page.english_name == "Malice"
    assert_no_line_lost(HOSTILE_PAGE.read_text(encoding="utf-8"), page)
    entry = page.citations[0].entries[-1]
    assert str(entry.number) == "702.26a" and "<script>alert('quote')</script>" in entry.text


def test_a_build_keeps_hostile_text_verbatim_and_the_site_shows_it_as_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    wiki = tmp_path / "corpus" / "wiki"
    wiki.mkdir(parents=True)
    shutil.copy(HOSTILE_PAGE, wiki / HOSTILE_PAGE.name)
    monkeypatch.chdir(tmp_path)
    assert main(["build", "--quiet"]) == 0
    raw = (tmp_path / "_build" / "kb.json").read_text(encoding="utf-8")
    strings = _strings(json.loads(raw))
    for payload in PAYLOADS:
        assert any(payload in text for text in strings), payload
    # Jinja syntax is not evaluated and HTML entities are not decoded.
    assert "{{ config.items() }}" in raw and "&lt;script&gt;" in raw and "${7*7}" in raw
    outside = [p for p in tmp_path.rglob("*") if p.is_file()
               and not p.is_relative_to(tmp_path / "_build") and p.parent != wiki]
    assert [p.name for p in outside] == ["._build.lock"]
    # The site: the payloads are text; no element or attribute of theirs made it into a page.
    site = tmp_path / "_build" / "site"
    page_html = (site / "pages" / f"{HOSTILE_PAGE.stem}.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(" in page_html
    for html_file in site.rglob("*.html"):
        for tag, attributes in _elements(html_file.read_text(encoding="utf-8")):
            where = f"{html_file.relative_to(site)}: <{tag} {attributes}>"
            assert tag not in {"iframe", "svg", "style", "object", "embed", "base"}, where
            assert tag != "form" or dict(attributes).get("action") == "search.html" or (
                dict(attributes).get("action") or "").endswith("/search.html"), where
            assert tag != "script" or (dict(attributes).get("src") or "").endswith(".js"), where
            assert tag != "meta" or dict(attributes).get("http-equiv") in (
                None, "Content-Security-Policy"), where
            for name, value in attributes:
                assert not name.startswith("on"), where
                assert not (value or "").strip().lower().startswith("javascript:"), where
                assert "example.invalid" not in (value or ""), where
    for script in [*site.glob("previews/*.js"), *site.glob("search/**/*.js")]:
        data_script_calls(script.read_text(encoding="utf-8"))


_DATA_CALL_RE = re.compile(r"kb\.([a-zA-Z]+)\((.*)\);\n", re.DOTALL)


def data_script_calls(text: str) -> list[tuple[str, list[object]]]:
    """The one call a site data file (``previews/*.js``, ``search/**.js``) makes.

    The file must be exactly ``kb.NAME(ARGS);`` with ARGS a list of JSON values: JSON is
    a subset of JavaScript, so the browser then runs that one call with exactly these
    arguments, whatever text the strings hold.  The one place JavaScript reads JSON
    differently is an object key ``__proto__``, which sets the prototype: refused here.
    """
    match = _DATA_CALL_RE.fullmatch(text)
    assert match is not None, text[:200]
    arguments = json.loads("[" + match.group(2) + "]", object_pairs_hook=_no_proto_key)
    return [(match.group(1), arguments)]


def _no_proto_key(pairs: list[tuple[str, object]]) -> dict[str, object]:
    assert "__proto__" not in dict(pairs), "an object key __proto__ means something else in JavaScript"
    return dict(pairs)


SCRIPT_BREAKERS = ["</script>", "</SCRIPT >", "<!--", "-->", "\u2028", "\u2029", "\"", "'", "`",
                   "\\", "\\\"", "${alert(1)}", "\"]);alert(1);//", "\\u0022);alert(1);//",
                   "\r\n", "\x00", "\ufeff", "\U0001f600"]


def test_data_scripts_hold_any_text_inside_their_string_literals() -> None:
    text = " ".join(SCRIPT_BREAKERS)
    docs = [SearchDoc(f"page:{b}", "page", b, "pages/x.html", b, f"{text}\n{b}") for b in SCRIPT_BREAKERS]
    files = search_files(docs, QueryTables({b: b for b in SCRIPT_BREAKERS[:4]}, {"constructor": [text]}))
    texts = {path: content for path, content in files.items() if isinstance(content, str)}
    assert texts.keys() == files.keys()  # nothing linked from a previous build here
    calls = {path: data_script_calls(content) for path, content in texts.items()}
    rows: dict[int, Any] = {}  # each document is in a file of every size, the same row
    for path, [(_, arguments)] in calls.items():
        if path.startswith("search/docs/"):
            first, block = cast("tuple[int, list[Any]]", tuple(arguments))
            for offset, row in enumerate(block):
                assert rows.setdefault(first + offset, row) == row
    assert [rows[n][1] for n in sorted(rows)] == SCRIPT_BREAKERS
    assert all(text in row[4] for row in rows.values())
    english = [arguments[1]["e"] for path, [(_, arguments)] in calls.items()  # type: ignore[index]
               if path.startswith(("search/index/", "search/words/")) and arguments[1]["e"]]  # type: ignore[index]
    assert english == [{"constructor": [text]}]
    for content in texts.values():  # a line break inside a literal is a syntax error before ES2019
        assert "\u2028" not in content and "\u2029" not in content and "\n" not in content[:-1]


def _elements(html: str) -> list[tuple[str, list[tuple[str, str | None]]]]:
    found: list[tuple[str, list[tuple[str, str | None]]]] = []

    class Collector(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            found.append((tag, attrs))

    Collector().feed(html)
    return found


def _strings(data: object) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for value in data.values() for s in _strings(value)]
    if isinstance(data, list):
        return [s for value in data for s in _strings(value)]
    return []
