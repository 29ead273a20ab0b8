"""Rule pages and the frame in Chromium at 1280×900 and on a phone (390×844): rule text on
the first screen, keys, the outline drawer, copy buttons, dark mode, the 404 page over
HTTP, and axe-core's accessibility rules (issue 14).

axe-core comes from the npm registry, never from the repository: ``.ci/run`` installs it
into a cache folder outside the checkout and names ``axe.min.js`` (or the folder it was
installed into) in ``KB_AXE_CORE``; without it the axe test skips, saying so.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import needs_cr
from test_site_browser import SCREENSHOTS, Watched

from bench.browser import axe_core, kb_served, why_no_browser

_REASON = why_no_browser()
pytestmark = [pytest.mark.skipif(_REASON is not None, reason=f"browser tests skipped: {_REASON}"), needs_cr]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}



@pytest.fixture(scope="module")
def site(search_full_build: Path) -> Path:
    return search_full_build / "site"


@pytest.fixture(scope="module")
def http_root(site: Path) -> Iterator[str]:
    with kb_served(site) as root:
        yield root


def open_page(browser: Any, viewport: dict[str, int], **options: Any) -> tuple[Any, Any]:
    context = browser.new_context(viewport=viewport, **options)
    return context, context.new_page()


@pytest.mark.parametrize("rule", ["702.26", "702.26d"])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_first_screen_shows_rule_text(browser: Any, site: Path, rule: str, viewport: dict[str, int]) -> None:
    context, page = open_page(browser, viewport)
    page.goto((site / "rules" / f"{rule}.html").as_uri())
    # The rule's own text, or for a heading its title and its first subrule's text.
    text = page.locator("#text .rule-text").first if rule == "702.26d" else page.locator("#children .child-text").first
    box = text.bounding_box()
    assert box is not None
    assert box["y"] + 60 < viewport["height"], f"rule text starts at {box['y']:.0f}px"
    heading = page.locator("h1").bounding_box()
    assert heading is not None and heading["y"] < viewport["height"] / 2
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"rule-{rule}-{viewport['width']}.png"))
    context.close()


def test_phone_touch_targets_and_no_sideways_scroll(browser: Any, site: Path) -> None:
    context, page = open_page(browser, PHONE)
    page.goto((site / "rules" / "702.26d.html").as_uri())
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    heights = page.evaluate("""() => [...document.querySelectorAll(
        '.siblings a, .prev-next a, .breadcrumb a, .site-nav a, .frame-tools button, .cite-actions button')]
        .filter(e => e.offsetParent !== null).map(e => [e.textContent.trim(), e.getBoundingClientRect().height])""")
    assert heights and all(h >= 44 for _, h in heights), [x for x in heights if x[1] < 44]
    context.close()


def test_keys_search_and_previous_next(browser: Any, site: Path) -> None:
    watched = Watched(browser, "file://")
    page = watched.page
    page.goto((site / "rules" / "702.26d.html").as_uri())
    page.keyboard.press("j")
    page.wait_for_url("**/rules/702.26e.html")
    page.keyboard.press("k")
    page.wait_for_url("**/rules/702.26d.html")
    page.keyboard.press("]")
    page.wait_for_url("**/rules/702.26e.html")
    page.keyboard.press("[")
    page.wait_for_url("**/rules/702.26d.html")
    page.keyboard.press("/")
    assert page.evaluate("() => document.activeElement.type") == "search"
    page.keyboard.type("j")  # typing in the box is not a key command
    assert page.url.endswith("702.26d.html")
    assert page.input_value('input[type="search"]') == "j"
    watched.assert_clean()
    watched.close()


def test_focus_ring_and_input_border_contrast(browser: Any, site: Path) -> None:
    context, page = open_page(browser, DESKTOP)
    page.goto((site / "rules" / "702.26d.html").as_uri())
    colours = page.evaluate("""() => {
      const input = document.querySelector('input[type="search"]');
      const link = document.querySelector('.breadcrumb a');
      link.focus();
      return [getComputedStyle(input).borderTopColor, getComputedStyle(link).outlineColor,
              getComputedStyle(document.body).backgroundColor];
    }""")
    border, ring, background = (_rgb(c) for c in colours)
    assert _contrast(border, background) >= 3, colours
    assert _contrast(ring, background) >= 3, colours
    context.close()


def _rgb(css: str) -> tuple[float, float, float]:
    parts = css[css.index("(") + 1:css.index(")")].split(",")
    return float(parts[0]), float(parts[1]), float(parts[2])


def _contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    def luminance(c: tuple[float, float, float]) -> float:
        channels = [(v / 255 / 12.92) if v / 255 <= 0.03928 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_outline_drawer_on_a_phone_and_sidebar_on_desktop(browser: Any, site: Path) -> None:
    watched = Watched(browser, "file://")
    page = watched.page
    page.set_viewport_size(PHONE)
    page.goto((site / "rules" / "702.26d.html").as_uri())
    toggle = page.locator(".outline-toggle")
    toggle.click()
    drawer = page.locator("#outline-drawer")
    drawer.wait_for(state="visible")
    current = drawer.locator('[aria-current="page"]')
    current.wait_for(state="visible")
    assert current.get_attribute("data-rule") == "702.26"  # the rule above; its section and chapter open
    assert toggle.get_attribute("aria-expanded") == "true"
    page.keyboard.press("Escape")
    drawer.wait_for(state="hidden")
    page.set_viewport_size(DESKTOP)
    page.goto((site / "rules" / "702.26d.html").as_uri())
    page.locator("#outline nav a[data-rule='702']").wait_for(state="attached")
    opened = page.locator("#outline .outline-row:has(a[data-rule='702']) > button.twisty")
    assert opened.get_attribute("aria-expanded") == "true"
    assert page.locator("#outline a[data-rule='702.26'][aria-current='page']").is_visible()
    watched.assert_clean()
    watched.close()


def test_copy_citation_and_selection_of_the_rule_text(browser: Any, site: Path) -> None:
    context, page = open_page(browser, DESKTOP)
    page.goto((site / "rules" / "702.26d.html").as_uri())
    page.locator("button.copy[data-copy='citation']").click()
    status = page.locator(".copy-status")
    status.wait_for(state="visible")
    page.wait_for_function("() => document.querySelector('.copy-status').textContent.length > 0")
    text = status.inner_text()
    assert "コピーしました" in text and "CR 702.26d（2026-01-16）" in text and "rules/702.26d.html" in text
    # Selecting across the text and its label copies the text only.
    copied = page.evaluate("""() => {
      const version = document.querySelector('#text section.version');
      const range = document.createRange();
      range.selectNodeContents(version);
      const selection = getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      let data = '';
      document.addEventListener('copy', e => { data = e.clipboardData ? '' : ''; }, {once: true});
      return selection.toString();
    }""")
    assert "トークンはフェイズ・アウト中も" in copied
    assert "最新" not in copied and "2026-01-16" not in copied
    context.close()


def test_dark_mode_differs_and_the_toggle_is_remembered(browser: Any, site: Path) -> None:
    url = (site / "rules" / "702.26d.html").as_uri()
    light_context, light = open_page(browser, PHONE, color_scheme="light")
    light.goto(url)
    light_shot = light.screenshot()
    dark_context, dark = open_page(browser, PHONE, color_scheme="dark")
    dark.goto(url)
    dark_shot = dark.screenshot()
    SCREENSHOTS.mkdir(exist_ok=True)
    (SCREENSHOTS / "rule-dark.png").write_bytes(dark_shot)
    assert dark_shot != light_shot
    assert dark.evaluate("() => getComputedStyle(document.body).backgroundColor") != \
        light.evaluate("() => getComputedStyle(document.body).backgroundColor")
    # The toggle overrides the system's choice and is remembered from file:// too.
    light.locator(".theme-toggle").click()
    assert light.evaluate("() => document.documentElement.dataset.theme") == "dark"
    light.reload()
    assert light.evaluate("() => document.documentElement.dataset.theme") == "dark"
    assert light.locator(".theme-toggle").get_attribute("aria-pressed") == "true"
    assert light.evaluate("() => getComputedStyle(document.body).backgroundColor") == \
        dark.evaluate("() => getComputedStyle(document.body).backgroundColor")
    light_context.close()
    dark_context.close()


def test_not_found_page_over_http(browser: Any, http_root: str) -> None:
    watched = Watched(browser, http_root)
    page = watched.page
    page.set_viewport_size(PHONE)
    response = page.goto(http_root + "rules/999.99z.html")
    assert response is not None and response.status == 404
    assert page.evaluate("() => document.documentElement.lang") == "ja"
    assert page.locator("h1").inner_text() == "ページが見つかりません"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    assert page.evaluate("() => document.activeElement.type") == "search"  # ready to search
    # The console reports the document's own 404, and nothing else failed to load.
    not_found = [e for e in watched.errors if "404 (Not Found)" in e]
    assert len(not_found) == 1, watched.errors
    watched.errors.remove(not_found[0])
    page.locator("a", has_text="ホーム").click()
    page.wait_for_url(http_root + "index.html")
    watched.assert_clean()
    watched.close()


@pytest.mark.parametrize("path", ["index.html", "rules/702.26d.html", "coverage.html"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_violation(browser: Any, site: Path, path: str, scheme: str) -> None:
    script = axe_core()
    if script is None:
        pytest.skip("axe-core not found: set KB_AXE_CORE (npm install --prefix DIR axe-core@4.14.1)")
    for viewport in (DESKTOP, PHONE):
        context, page = open_page(browser, viewport, color_scheme=scheme)
        page.goto((site / path).as_uri())
        # Run by the test through the debugging protocol: the page's CSP (rightly) refuses
        # any script not its own, and the site stays as it is served.
        page.evaluate(script.read_text(encoding="utf-8") + "\n;undefined")
        found = page.evaluate("""async () => {
          const result = await axe.run(document, {resultTypes: ['violations']});
          return result.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
            .map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '));
        }""")
        context.close()
        assert found == [], f"{path} {scheme} {viewport['width']}px"
