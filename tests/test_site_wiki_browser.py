"""Wiki pages, the glossary and the search box in Chromium, at 1280×900 and 390×844:
outdated-claim notes on the page and in search results, glossary link cost, suggestions,
Enter on a rule number, arrow keys, no duplicate ids, and axe-core's accessibility check.

axe-core comes from the npm registry, never from this repository: ``.ci/run`` installs it
into a cache folder outside the checkout and names it in ``KB_AXE_CORE`` (the folder, or
``axe.min.js`` itself); the axe tests skip, saying so, without it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import needs_cr

from bench.browser import axe_core, kb_served, why_no_browser
from kb.site.links import ids_in

_REASON = why_no_browser()
pytestmark = [pytest.mark.skipif(_REASON is not None, reason=f"browser tests skipped: {_REASON}"), needs_cr]

VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
NOTE = "この記述は 20231117.0 時点。現行 702.26d と異なる可能性"
TOKEN_PASSAGE = "トークンがフェイズ・アウトした場合、それは次の状況起因処理で消滅する。"
TERM_PAGE_MOST = 16_000
"""Bytes a glossary term link may load (its page, not the whole glossary)."""



@pytest.fixture(scope="module")
def site(search_full_build: Path) -> Path:
    return search_full_build / "site"


@pytest.fixture(scope="module")
def http_root(site: Path) -> Iterator[str]:
    with kb_served(site) as root:
        yield root


@pytest.fixture(params=sorted(VIEWPORTS))
def page(request: pytest.FixtureRequest, browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=VIEWPORTS[request.param])
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    yield tab
    context.close()
    assert errors == []


def test_the_phasing_page_marks_the_outdated_token_passage(page: Any, site: Path) -> None:
    page.goto((site / "pages" / "フェイジング.html").as_uri())
    bullet = page.locator("li", has_text=TOKEN_PASSAGE).first
    note = bullet.locator(":scope > .outdated-note")
    assert note.is_visible()
    assert NOTE in note.inner_text()
    assert note.locator("a[data-rule='702.26d']").get_attribute("href") == "../rules/702.26d.html"
    assert note.locator("a[href$='702.26d.html#checks']").count() == 1
    # The page's table of contents and its source on the wiki.
    toc = page.locator("nav.page-toc")
    assert toc.is_visible() and "ルール" in toc.inner_text()
    source = page.locator(".page-source a").first.get_attribute("href")
    assert source == "https://mtgwiki.com/wiki/%E3%83%95%E3%82%A7%E3%82%A4%E3%82%B8%E3%83%B3%E3%82%B0"


def test_the_search_result_carries_the_note(page: Any, site: Path) -> None:
    page.goto((site / "search.html").as_uri())
    page.fill("#q", "フェイズアウト トークン")
    page.press("#q", "Enter")
    page.wait_for_selector("#results .outdated-note")
    items = page.locator("#results > li")
    marked = page.locator("#results > li", has=page.locator(".outdated-note")).first
    assert "フェイジング" in marked.inner_text() and NOTE in marked.inner_text()
    assert items.first.locator("a.result-title").inner_text().startswith("702.26d")
    assert items.first.locator(".outdated-note").count() == 0  # the rule itself is current


def test_glossary_term_link_loads_little(browser: Any, http_root: str, site: Path) -> None:
    context = browser.new_context(viewport=VIEWPORTS["desktop"])
    tab = context.new_page()
    tab.goto(http_root + "pages/%E3%83%95%E3%82%A7%E3%82%A4%E3%82%B8%E3%83%B3%E3%82%B0.html")
    loaded: list[tuple[str, int]] = []
    tab.on("response", lambda response: loaded.append((response.url, len(response.body()))))
    link = tab.locator("a.term[data-term]").first
    link.hover()  # the preview: one small file
    tab.wait_for_selector("#preview:not([hidden])")
    assert "用語集" in tab.inner_text("#preview")
    preview_bytes = sum(size for url, size in loaded if "/glossary/previews/" in url)
    with tab.expect_response(lambda r: "/glossary/" in r.url and r.url.endswith(".html")) as response:
        link.click()
    document = [len(response.value.body())]
    tab.wait_for_load_state("load")
    assert "/glossary/" in tab.url
    context.close()
    whole = (site / "glossary.html").stat().st_size
    assert document and document[0] < TERM_PAGE_MOST, document
    assert 0 < preview_bytes < TERM_PAGE_MOST
    assert document[0] * 20 < whole  # not the whole glossary


def test_glossary_filter(page: Any, site: Path) -> None:
    page.goto((site / "glossary.html").as_uri())
    page.fill("#glossary-filter", "deathtouch")
    shown = page.locator("dl.glossary > .entry:visible")
    assert shown.count() == 1 and "接死" in shown.first.inner_text()
    assert page.inner_text("#glossary-filter-count") == "1 件"
    page.fill("#glossary-filter", "せっし")  # by reading
    assert "接死" in page.locator("dl.glossary > .entry:visible").first.inner_text()


def test_suggestions_and_enter_to_the_rule(page: Any, site: Path) -> None:
    page.goto((site / "index.html").as_uri())
    assert page.evaluate("document.activeElement.id") == "q-home"  # autofocus
    page.keyboard.type("フェイジ")
    options = page.locator("#q-home-suggestions [role=option]")
    options.first.wait_for()
    labels = options.all_inner_texts()
    assert any("フェイジング" in label for label in labels)
    page.keyboard.press("ArrowDown")
    assert page.get_attribute("#q-home", "aria-activedescendant") == "q-home-suggestions-0"
    page.fill("#q-home", "")
    page.keyboard.type("702.26")
    page.locator("#q-home-suggestions [role=option]", has_text="702.26d").first.wait_for()
    # Enter on an exact number: the rule page at once, no search page between.
    page.fill("#q-home", "７０２．２６ｄ")
    with page.expect_navigation():
        page.press("#q-home", "Enter")
    assert page.url.endswith("/rules/702.26d.html")
    # From a rule page's header box too.
    page.fill("#q-rule", "CR 613.7f")
    with page.expect_navigation():
        page.press("#q-rule", "Enter")
    assert page.url.endswith("/rules/613.7f.html")


def test_arrow_keys_move_through_results(page: Any, site: Path) -> None:
    page.goto((site / "search.html").as_uri() + "?q=%E3%83%95%E3%82%A7%E3%82%A4%E3%82%B8%E3%83%B3%E3%82%B0")
    page.wait_for_selector("#results a.result-title")
    page.focus("#q")
    page.keyboard.press("ArrowDown")
    titles = page.locator("#results a.result-title")
    assert page.evaluate("document.activeElement.className") == "result-title"
    first = titles.nth(0).inner_text()
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.textContent") == titles.nth(1).inner_text() != first
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.id") == "q"


def test_no_duplicate_ids_and_one_search_box(site: Path) -> None:
    """On the pages of this part of the site (wiki pages, the glossary, search, home)."""
    pages = [*site.glob("pages/*.html"), *site.glob("glossary/*.html"),
             *(site / name for name in ("glossary.html", "search.html", "index.html"))]
    for path in pages:
        text = path.read_text(encoding="utf-8")
        counts = Counter(re.findall(r'\sid="([^"]*)"', text))
        assert [i for i, n in counts.items() if n > 1] == [], path
        assert len(ids_in(text)) == len(counts)
        assert text.count('role="search"') <= 1, path
        if 'name="q"' in text:
            box = re.search(r'<input id="([^"]+)" type="search" name="q"', text)
            assert box is not None and f'<label class="visually-hidden" for="{box.group(1)}">' in text, path


AXE_PAGES = ["pages/フェイジング.html", "glossary.html", "glossary/接死／Deathtouch.html", "search.html?q=フェイズアウト+トークン"]


@pytest.mark.parametrize("path", AXE_PAGES)
def test_axe_finds_no_serious_violation(browser: Any, site: Path, path: str) -> None:
    script = axe_core()
    if script is None:
        pytest.skip("axe-core not found: install it with npm (see .ci/run) and set KB_AXE_CORE")
    for name, viewport in VIEWPORTS.items():
        context = browser.new_context(viewport=viewport)
        tab = context.new_page()
        file, _, query = path.partition("?")
        tab.goto((site / file).as_uri() + (f"?q={query}" if query else ""))
        if query:
            tab.wait_for_selector("#results .outdated-note")
        tab.evaluate(script.read_text(encoding="utf-8"))  # through the DevTools protocol, not the page's CSP
        result = tab.evaluate("axe.run(document, {resultTypes: ['violations']})")
        context.close()
        bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
               for v in result["violations"] if v["impact"] in ("serious", "critical")]
        assert bad == [], (path, name, bad)
