"""Hostile page text in a real browser: shown as text, never run (issue 7, hostile content).

A site is built from tests/fixtures/hostile/悪意.txt and a second page whose title, text and
quoted rule carry payloads aimed at the site's script data files (``"]);…//``,
``</script>``, backslashes, ``${…}``).  Chromium loads every page, the rule previews and
the search results that show that text, and finds no dialog, no CSP violation, no
console error, no request outside the site and no element or attribute the text made.
The watchers themselves are shown to catch each of those (the positive controls below).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, urlsplit

import pytest
from test_hostile_content import HOSTILE_PAGE, PAYLOADS, data_script_calls
from test_site_browser import Watched

from bench.browser import kb_served, why_no_browser
from kb.cli import main
from kb.search.tables import QueryTables
from kb.site.render import CSP
from kb.site.search_index import SearchDoc, search_files

_REASON = why_no_browser()
pytestmark = pytest.mark.skipif(_REASON is not None, reason=f"browser tests skipped: {_REASON}")

ESCAPE_TITLE = "<svg onload=alert('title')>\"');alert('title')//"
ESCAPE_PAYLOADS = [
    "\"]);alert(\"quote\");//",
    "'\\');alert(\"bs\");//",
    "\\\"",
    "${alert(\"tpl\")}",
    "`);alert(\"tick\");//",
    "<!-- と -->",
    "</SCRIPT ><script>alert(\"close\")</script>",
    "\\u0022);alert(\"esc\");//",
]
ESCAPE_QUOTE = "\"]);alert(\"preview\");//</script><script>alert(\"preview-close\")</script>${alert(\"tpl\")}\\\""
ESCAPE_PAGE = f"""{ESCAPE_TITLE}
提供：MTG Wiki
逃げ出す文字/Escapes

本文：{" と ".join(ESCAPE_PAYLOADS)} と __proto__ と constructor。702.26b を参照。

参考
引用：総合ルール 20231117.0
• 7 その他のルール
  • 702 キーワード能力
    • 702.26 フェイジング／Phasing
      • 702.26b {ESCAPE_QUOTE} の文字。
"""

HOSTILE_QUERIES = [
    "constructor", "__proto__", "toString hasOwnProperty",  # names of Object's own, not filed keys
    "<script>alert('q')</script>",
    "<img src=x onerror=alert('q')>",
    "\"]);alert('q');//",
    "${alert('q')}",
    "javascript:alert('q')",
    "悪意 alert",
    "{{ config.items() }}",
    "\u2028\u2029\\",
]

# Every element or attribute in the live DOM (after the page's scripts ran) that hostile
# text could have produced; '' for each one that is fine.
_DANGEROUS_DOM = """root => {
  const found = [];
  const banned = new Set(["IFRAME", "FRAME", "OBJECT", "EMBED", "SVG", "STYLE", "BASE", "IMG", "TEMPLATE",
                          "TEXTAREA", "SELECT"]);
  for (const el of document.querySelectorAll("*")) {
    const tag = el.tagName.toUpperCase();
    const where = "<" + tag.toLowerCase() + " " + Array.from(el.attributes).map(a => a.name + "=" + a.value).join(" ") + ">";
    if (banned.has(tag)) found.push(where);
    if (tag === "SCRIPT" && !(el.src && el.src.startsWith(root) && el.src.endsWith(".js"))) found.push(where);
    if (tag === "META" && el.httpEquiv && el.httpEquiv !== "Content-Security-Policy") found.push(where);
    if (tag === "INPUT" && !(el.name === "q" && el.type === "search")) found.push(where);  // the search boxes
    for (const attr of el.attributes) {
      const value = attr.value.trim().toLowerCase();
      const holdsUrl = ["href", "src", "action", "formaction", "xlink:href", "data", "srcdoc"].includes(attr.name);
      if (attr.name.startsWith("on") || (holdsUrl && value.startsWith("javascript:"))) found.push(where);
    }
    for (const name of ["href", "src", "action", "formAction"]) {
      const url = typeof el[name] === "string" ? el[name] : "";
      // The one way out: a link the reader follows to the wiki page's original address.
      const outLink = tag === "A" && name === "href" && el.rel === "nofollow noreferrer" &&
        (url.startsWith("https://") || url.startsWith("http://"));
      if (url && !url.startsWith(root) && !outLink) found.push(where + " " + name + "=" + url);
    }
  }
  return found;
}"""


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("hostile-site")
    wiki = root / "corpus" / "wiki"
    wiki.mkdir(parents=True)
    shutil.copy(HOSTILE_PAGE, wiki / HOSTILE_PAGE.name)
    (wiki / "<svg onload=alert('file')>.txt").write_text(ESCAPE_PAGE, encoding="utf-8")
    assert main(["build", "--quiet", "--corpus", str(root / "corpus"), "--out", str(root / "_build")]) == 0
    return root / "_build" / "site"


def site_root(site: Path) -> str:
    return site.as_uri() + "/"


def assert_requests_inside(watched: Watched, site: Path) -> None:
    """Every file:// request named an existing file of the site (no stray ``src=x``)."""
    for url in watched.requests:
        path = Path(unquote(urlsplit(url).path))
        assert path.is_relative_to(site) and path.is_file(), url


def assert_inert(watched: Watched, root: str, where: str) -> None:
    assert watched.page.evaluate(_DANGEROUS_DOM, root) == [], where
    watched.assert_clean()


def visible_text(watched: Watched) -> str:
    text: str = watched.page.evaluate("() => document.body.innerText")
    return text


def search(watched: Watched, root: str, query: str) -> str:
    """The results' text after the search page ran ``query`` (given in the URL)."""
    page = watched.page
    page.goto(root + "search.html?q=" + quote(query, safe=""))
    page.wait_for_function("q => document.body.dataset.searched === q", arg=query)
    assert page.input_value("#q") == query  # the query itself is shown as typed, as text
    text: str = page.inner_text("#results")
    return text


def test_every_page_of_a_hostile_site_is_inert(browser: Any, hostile_site: Path) -> None:
    root = site_root(hostile_site)
    watched = Watched(browser, root)
    shown: list[str] = []
    for html in sorted(hostile_site.rglob("*.html")):
        if html == hostile_site / "404.html":
            continue  # a server's page for any missing path: its links start at the root (tests/test_site_frame_browser.py)
        watched.page.goto(html.as_uri())
        watched.page.wait_for_load_state("load")
        assert watched.page.evaluate("() => !!(window.kb && window.kb.loadScript)"), html  # kb.js ran
        assert_inert(watched, root, str(html))
        shown.append(visible_text(watched))
    everything = "\n".join(shown)
    for payload in [*PAYLOADS, *ESCAPE_PAYLOADS, ESCAPE_TITLE, ESCAPE_QUOTE]:
        assert payload in everything, payload  # shown, as the text it is
    assert_requests_inside(watched, hostile_site)
    watched.close()


def test_previews_show_hostile_rule_text_as_text(browser: Any, hostile_site: Path) -> None:
    root = site_root(hostile_site)
    watched = Watched(browser, root)
    page = watched.page
    page.goto((hostile_site / "rules" / "702.26.html").as_uri())
    preview = page.locator("#preview")
    for number, expected in (("702.26a", "<script>alert('quote')</script>"), ("702.26b", ESCAPE_QUOTE)):
        page.locator(f"#children a[data-rule='{number}']").hover()
        page.wait_for_function("n => !document.getElementById('preview').hidden && "
                               "document.getElementById('preview').innerText.includes(n)", arg=number)
        assert expected in preview.inner_text()
        assert preview.locator("*").evaluate_all("els => els.map(e => e.tagName)") == [
            "DIV", "SPAN", "DIV", "DIV"]  # head, number, text, version: nothing the text made
        page.keyboard.press("Escape")
        preview.wait_for(state="hidden")
    assert_inert(watched, root, "previews")
    assert_requests_inside(watched, hostile_site)
    watched.close()


def test_search_results_and_hostile_queries_are_inert(browser: Any, hostile_site: Path) -> None:
    root = site_root(hostile_site)
    watched = Watched(browser, root)
    results = search(watched, root, "悪意")
    assert "<script>alert(\"lead\")</script>" in results or "<script>alert(\"infobox\")</script>" in results
    results = search(watched, root, "alert preview")
    assert "alert(\"preview\")" in results
    for query in HOSTILE_QUERIES:
        search(watched, root, query)
        assert_inert(watched, root, query)
    assert watched.page.locator("#results li").count() > 0  # the last queries found the pages
    assert_requests_inside(watched, hostile_site)
    watched.close()


def test_over_http_with_the_csp_header(browser: Any, hostile_site: Path) -> None:
    with kb_served(hostile_site) as root:
        watched = Watched(browser, root)
        response = watched.page.goto(root + "pages/" + quote(HOSTILE_PAGE.stem + ".html"))
        assert response is not None and response.headers["content-security-policy"] == CSP
        assert "<script>alert(\"lead\")</script>" in visible_text(watched)
        assert_inert(watched, root, "page over http")
        assert "alert(\"preview\")" in search(watched, root, "alert preview")
        assert_inert(watched, root, "search over http")
        watched.close()


_CAPTURE_CALLS = """async paths => {
  const calls = [];
  const names = ["previews", "searchMeta", "searchIndex", "searchWords", "searchDocs",
                 "searchNotes", "searchSuggest", "glossaryPreviews"];
  const saved = names.map(n => kb[n]);
  for (const n of names) kb[n] = function () { calls.push([n, Array.from(arguments)]); };
  try {
    for (const path of paths) await kb.loadScript(path);
  } finally {
    names.forEach((n, i) => { kb[n] = saved[i]; });
  }
  return calls;
}"""


def test_data_scripts_reach_the_browser_exactly_as_written(browser: Any, hostile_site: Path) -> None:
    """Chromium runs each data file as one call whose arguments are the JSON written: no
    text escaped its string literal (else a call would be missing, extra or different)."""
    crafted_text = "\n".join([*ESCAPE_PAYLOADS, "\u2028 \u2029 \\u2028 \r \x00 \ufeff \U0001f600 \ud7ff"])
    crafted = search_files([SearchDoc("page:x", "page", ESCAPE_TITLE, "pages/x.html", "</script>", crafted_text,
                                      names=((ESCAPE_TITLE, 1), (crafted_text, 1)))],
                           QueryTables({"</script>": "\u2028"}, {"constructor": ["\u2029"]}))
    for path, content in crafted.items():
        target = hostile_site / "crafted" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        assert isinstance(content, str)  # made here, not linked from a previous build
        target.write_text(content, encoding="utf-8")
    scripts = sorted(p.relative_to(hostile_site).as_posix() for folder in ("previews", "search", "glossary", "crafted")
                     for p in (hostile_site / folder).rglob("*.js"))
    expected = [call for path in scripts for call in data_script_calls((hostile_site / path).read_text("utf-8"))]
    assert ("searchDocs", [0, [["page:x", ESCAPE_TITLE, "pages/x.html", "</script>", crafted_text]]]) in expected

    root = site_root(hostile_site)
    watched = Watched(browser, root)
    watched.page.goto(root + "search.html")
    got = watched.page.evaluate(_CAPTURE_CALLS, scripts)
    assert [name for name, _ in got] == [name for name, _ in expected]
    for (name, args), (_, want) in zip(got, expected, strict=True):
        assert args == want, name
    watched.assert_clean()
    watched.close()


def test_the_watchers_catch_what_they_watch_for(browser: Any, tmp_path: Path) -> None:
    """Positive controls: an inline script under the CSP, an alert without one, a request
    out of the site and an element with a handler are each reported."""
    csp = f'<meta http-equiv="Content-Security-Policy" content="{CSP}">'
    (tmp_path / "inline.html").write_text(f"<!doctype html>{csp}<p>x</p><script>alert(1)</script>", "utf-8")
    (tmp_path / "alert.html").write_text("<!doctype html><script>alert('open')</script>", "utf-8")
    (tmp_path / "outside.html").write_text('<!doctype html><img src="https://example.invalid/x.png">', "utf-8")
    root = site_root(tmp_path)
    for name, seen in (("inline", "violations"), ("alert", "dialogs"), ("outside", "outside")):
        watched = Watched(browser, root)
        watched.page.goto((tmp_path / f"{name}.html").as_uri())
        watched.page.wait_for_load_state("load")
        with pytest.raises(AssertionError):
            watched.assert_clean()
        assert getattr(watched, seen), name
        watched.close()
    watched = Watched(browser, root)
    watched.page.goto((tmp_path / "outside.html").as_uri())
    assert watched.page.evaluate(_DANGEROUS_DOM, root) != []
    watched.close()
