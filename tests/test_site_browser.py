"""The site in headless Chromium: from file:// and over HTTP, search, previews, vectors.

One browser for the module.  Skipped, with the reason, where Chromium or Playwright is
missing (``.ci/run`` installs Debian's chromium and fonts-noto-cjk).
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import DEV_QUERIES, needs_cr
from test_site_search_docs import cheapest_files
from test_site_vectors import read_vectors

from bench.browser import kb_served, run_queries, why_no_browser
from kb.graph import RuleGraph
from kb.normalize import apply_variants, fold, katakana_skeleton
from kb.rulenum import find_references
from kb.search.evaluate import read_queries, score
from kb.site.builder import build_site
from kb.site.search_groups import Groups, shard_of
from kb.site.search_index import grams, normalise, read_varints, varint
from kb.site.search_words import word_file

_REASON = why_no_browser()
pytestmark = pytest.mark.skipif(_REASON is not None, reason=f"browser tests skipped: {_REASON}")

SCREENSHOTS = Path(tempfile.gettempdir()) / "kb-site-screenshots"


@pytest.fixture(scope="module")
def http_root(seed_site: Path) -> Iterator[str]:
    with kb_served(seed_site) as root:
        yield root


# Reports each Content-Security-Policy violation to the test (an init script runs in every
# document before the page's own scripts, and is not itself subject to the page's CSP).
_REPORT_VIOLATIONS = """document.addEventListener("securitypolicyviolation", function (e) {
  window.kbTestViolation(e.violatedDirective + " blocked " + (e.blockedURI || "inline") +
                         " at " + e.sourceFile + ":" + e.lineNumber);
});"""


class Watched:
    """A page whose every request, console error, dialog and CSP violation is recorded;
    outside requests abort."""

    def __init__(self, browser: Any, allowed_prefix: str):
        self.context = browser.new_context(viewport={"width": 1100, "height": 900})
        self.requests: list[str] = []
        self.outside: list[str] = []
        self.errors: list[str] = []
        self.dialogs: list[str] = []
        self.violations: list[str] = []
        self.context.expose_binding("kbTestViolation", lambda _source, text: self.violations.append(text))
        self.context.add_init_script(_REPORT_VIOLATIONS)

        def route(route: Any) -> None:
            url = route.request.url
            self.requests.append(url)
            if url.startswith(allowed_prefix):
                route.continue_()
            else:
                self.outside.append(url)
                route.abort()

        self.context.route("**/*", route)
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", self._console)
        self.page.on("dialog", self._dialog)

    def _console(self, message: Any) -> None:
        if message.type == "error" or "Content Security Policy" in message.text:
            self.errors.append(message.text)

    def _dialog(self, dialog: Any) -> None:
        self.dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    def close(self) -> None:
        self.context.close()

    def assert_clean(self) -> None:
        self.page.evaluate("() => new Promise(done => setTimeout(done, 0))")  # deliver pending reports
        assert self.outside == [], "requests left the site"
        assert self.errors == [], "console errors (CSP violations show here)"
        assert self.dialogs == [], "a script opened a dialog"
        assert self.violations == [], "Content-Security-Policy violations"


def search_and_check_first(watched: Watched, start_url: str) -> None:
    page = watched.page
    page.goto(start_url)
    page.fill("#q-home", "フェイズアウト トークン")
    page.press("#q-home", "Enter")
    page.wait_for_selector("#results li")
    first = page.locator("#results li").first
    assert first.locator("a.result-title").inner_text().startswith("702.26d")
    assert "702.26d" in first.locator(".cite").inner_text()
    assert first.locator("mark").count() >= 1  # the snippet is highlighted


def test_from_file_url_search_result_rule_link_and_preview(browser: Any, seed_site: Path) -> None:
    watched = Watched(browser, "file://")
    page = watched.page
    search_and_check_first(watched, (seed_site / "index.html").as_uri())
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "search.png"))

    page.locator("#results li a.result-title").first.click()
    page.wait_for_url("**/rules/702.26d.html")
    assert "トークンはフェイズ・アウト中も戦場に存在し続ける" in page.inner_text("#text")

    page.locator(".breadcrumb a[data-rule='702.26']").click()  # follow a rule link
    page.wait_for_url("**/rules/702.26.html")
    page.locator("#children a[data-rule='702.26d']").hover()
    preview = page.locator("#preview")
    preview.wait_for(state="visible")
    assert "トークンはフェイズ・アウト中も" in preview.inner_text()
    page.screenshot(path=str(SCREENSHOTS / "preview.png"))

    page.keyboard.press("Escape")
    preview.wait_for(state="hidden")
    page.locator("#children a[data-rule='702.26b']").focus()  # keyboard, not only hover
    preview.wait_for(state="visible")
    assert "702.26b" in preview.inner_text()
    assert page.locator("a[data-rule='702.26b'][aria-describedby='preview']").count() == 1
    # Only the preview shard of the rule under the pointer was loaded, not all of them.
    shards = {url.rsplit("/", 1)[1] for url in watched.requests if "/previews/" in url}
    assert shards == {"702-2.js"}
    watched.assert_clean()
    watched.close()


def test_every_kind_of_page_passes_the_csp_from_file(browser: Any, seed_site: Path) -> None:
    watched = Watched(browser, "file://")
    for path in ("index.html", "glossary.html", "dangling.html", "search.html",
                 "rules/702.26.html", "pages/フェイジング.html"):
        watched.page.goto((seed_site / path).as_uri())
        watched.page.wait_for_load_state("load")
        assert watched.page.evaluate("() => !!window.kb && !!window.kb.loadScript"), path  # kb.js ran
    watched.assert_clean()  # a CSP violation is a console error
    watched.close()


def test_over_http(browser: Any, http_root: str) -> None:
    watched = Watched(browser, http_root)
    search_and_check_first(watched, http_root + "index.html")
    loaded = [u for u in watched.requests if "/search/index/" in u]
    assert 0 < len(loaded) < 20  # only the shards this query needs
    watched.assert_clean()
    watched.close()


def test_rule_number_query_jumps_to_the_rule(browser: Any, seed_site: Path) -> None:
    watched = Watched(browser, "file://")
    watched.page.goto((seed_site / "search.html").as_uri() + "?q=%EF%BC%97%EF%BC%90%EF%BC%92.26d")
    watched.page.wait_for_url("**/rules/702.26d.html")
    watched.assert_clean()
    watched.close()


def test_shared_vectors_in_the_browser(browser: Any, seed_site: Path) -> None:
    watched = Watched(browser, "file://")
    page = watched.page
    page.goto((seed_site / "search.html").as_uri())
    page.wait_for_function("() => !!(window.kb && kb.fold && kb.findNumbersLoose && kb.shardOf)")
    folds = read_vectors("../../tests/fixtures/normalize_vectors.tsv")
    got = page.evaluate("rows => rows.map(r => kb.fold(r))", [source for source, _ in folds])
    assert got == [expected for _, expected in folds]
    assert got == [fold(source) for source, _ in folds]

    queries = read_vectors("rule_query_vectors.tsv")
    got = page.evaluate("rows => rows.map(r => kb.findNumbersLoose(r).join(' '))", [q for q, _ in queries])
    assert got == [expected for _, expected in queries]

    variants = {"オモテ": "表", "フェイズアウト": "phase-out"}
    samples = ["オモテ向き になる", "ﾌｪｲｽﾞ･ｱｳﾄしたオモテ", "フェイズ・アウト"]
    got = page.evaluate("([rows, v]) => rows.map(r => kb.applyVariants(kb.fold(r), v))", [samples, variants])
    assert got == [apply_variants(fold(s), variants) for s in samples]

    skeletons = read_vectors("../../tests/fixtures/katakana_skeleton_vectors.tsv")
    got = page.evaluate("rows => rows.map(r => kb.katakanaSkeleton(r))", [source for source, _ in skeletons])
    assert got == [expected for _, expected in skeletons]
    assert got == [katakana_skeleton(source) for source, _ in skeletons]

    text = "フェイズ・アウト状態の間は、７０２．２６ｄ ﾄｰｸﾝ Glorious Anthem。コストXの値が0点"
    expected_grams = grams(normalise(text, {}))
    got = page.evaluate("t => kb.searchGrams(kb.fold(t))", text)
    assert got == expected_grams
    got = page.evaluate("([g, n]) => g.map(x => kb.shardOf(x, n))", [expected_grams, 128])
    assert got == [shard_of(g, 128) for g in expected_grams]
    # The file each gram is in: the character groups of the site's meta.js, on both sides.
    written = (seed_site / "search" / "meta.js").read_text(encoding="utf-8")
    meta = json.loads(written[written.index("(") + 1:written.rindex(")")])
    groups = Groups(meta["groups"], meta["restGroups"], meta["splitGroups"], meta["kanaGroups"])
    probes = [*expected_grams, "の両", "なる", "なっ", "った", "どう", "ぷぷ", "を", "ー", "ール", "ーン", "フェイズアウト", "𠮷野", "が𠮷", "トー"]
    assert page.evaluate("g => kb.searchGroups(g)", probes) == [groups.of(g) for g in probes]
    # The word file of a word, on both sides (a leading イ or ウ is in the skeleton there too).
    words = ["フェイズアウト", "インスタント", "ウィザード", "クリンナップ", "ヴァンパイア", "trample", "10", "ーン"]
    assert page.evaluate("w => kb.searchWordFiles(w)", words) == [word_file(w, meta["wordFiles"]) for w in words]
    # Postings and lengths are numbers in 64 digits, written in Python, read in the browser.
    numbers = [0, 1, 31, 32, 33, 1023, 1024, 4031, 99_999, 2**31 + 5]
    written_numbers = "".join(map(varint, numbers))
    assert read_varints(written_numbers) == numbers
    assert page.evaluate("t => kb.readVarints(t)", written_numbers) == numbers
    # Highlighting maps folded text back to the original: each folded character's span.
    mapped = page.evaluate("t => { const m = kb.foldWithMap(t, {}); return [m.folded, m.spans.length]; }", text)
    assert mapped == [fold(text), len(fold(text))]
    watched.assert_clean()
    watched.close()


def test_kana_groups_in_the_browser(browser: Any, seed_site: Path) -> None:
    """The two-hiragana grams of ``meta.kanaGroups`` are in the same group on both sides
    (the seeds alone have none common enough: the site's meta is given some)."""
    page = browser.new_page()
    page.goto((seed_site / "search.html").as_uri())
    page.wait_for_function("() => !!(window.kb && kb.searchGroups && kb.searchMeta)")
    written = (seed_site / "search" / "meta.js").read_text(encoding="utf-8")
    meta = json.loads(written[written.index("(") + 1:written.rindex(")")])
    meta["kanaGroups"] = ["なっったなる", "どううな"]
    page.evaluate("m => kb.searchMeta(m)", meta)
    groups = Groups(meta["groups"], meta["restGroups"], meta["splitGroups"], meta["kanaGroups"])
    probes = ["なっ", "った", "なる", "どう", "うな", "たら", "する", "状況", "の両"]
    assert page.evaluate("g => kb.searchGroups(g)", probes) == [groups.of(g) for g in probes]
    assert len({groups.of(g) for g in probes[:5]}) == 2 and groups.of("なる") == groups.count - 2
    page.close()


def test_document_files_chosen_in_the_browser(browser: Any, seed_site: Path) -> None:
    """The files ``search.js`` loads a query's hits from: each hit in one of them, and the
    cheapest choice among the sizes (one file for ten neighbours, a small one for a hit
    alone), as written out again in ``cheapest_files``."""
    page = browser.new_page()
    page.goto((seed_site / "search.html").as_uri())
    page.wait_for_function("() => !!(window.kb && kb.searchDocFiles)")
    written = (seed_site / "search" / "meta.js").read_text(encoding="utf-8")
    meta = json.loads(written[written.index("(") + 1:written.rindex(")")])
    count, levels = meta["docs"], meta["docLevels"]
    assert count > levels[-1]
    cases = [list(range(10)), [0], [count - 1], [1, levels[-1] + 1, count - 1],
             list(range(0, count, 7)), list(range(count)), [5, 3, 5, 70 % count]]
    for numbers in cases:
        chosen = page.evaluate("n => kb.searchDocFiles(n)", numbers)
        spans = [(int(b) * int(s), int(b) * int(s) + int(s)) for s, b in (p.split("/")[1:] for p in chosen)]
        assert all(any(a <= n < b for a, b in spans) for n in numbers), (numbers, chosen)
        assert sorted(chosen) == cheapest_files(numbers, meta), numbers
    assert page.evaluate("n => kb.searchDocFiles(n)", list(range(10))) == [f"docs/{levels[1]}/0"]
    assert page.evaluate("n => kb.searchDocFiles(n)", [count - 1]) == [f"docs/{levels[0]}/{(count - 1) // levels[0]}"]
    page.close()


def texts_of(graph: RuleGraph) -> list[str]:
    texts = [t.text for node in graph for t in node.texts + node.titles]
    texts += [e.text for node in graph for t in node.texts for e in t.examples]
    texts += [block.text for page in graph.pages.values() for block in page.prose()]
    texts += [t.entry.definition for t in graph.glossary.values()]
    return texts


def assert_reference_spans_match(page: Any, texts: list[str]) -> int:
    """The JS reference finder (links in snippets) agrees with kb.rulenum on ``texts``."""
    expected = [[[s.start, s.end, str(s.first)] for ref in find_references(t) for s in ref.spans]
                for t in texts]
    got = page.evaluate(
        "texts => texts.map(t => kb.findReferenceSpans(t).map(s => [s.start, s.end, s.number]))", texts)
    mismatches = [(t, e, g) for t, e, g in zip(texts, expected, got, strict=True) if e != g]
    assert mismatches == []
    return sum(len(e) for e in expected)


def test_reference_spans_match_the_grammar_on_every_seed_text(browser: Any, seed_site: Path,
                                                               seed_graph: RuleGraph) -> None:
    watched = Watched(browser, "file://")
    watched.page.goto((seed_site / "search.html").as_uri())
    texts = texts_of(seed_graph) + [line for line, _ in read_vectors("rule_query_vectors.tsv")]
    assert assert_reference_spans_match(watched.page, texts) > 20  # the texts do hold references
    watched.assert_clean()
    watched.close()


def test_seed_dev_queries_in_the_browser(browser: Any, seed_site: Path) -> None:
    queries = read_queries(DEV_QUERIES, ["seeds"]) if DEV_QUERIES.is_file() else []
    if not queries:
        pytest.skip(f"no dev queries at {DEV_QUERIES}")
    watched = Watched(browser, "file://")
    watched.page.goto((seed_site / "search.html").as_uri())
    results = run_queries(watched.page, [q.query for q in queries])
    result = score("kb site", queries, [r["ids"] for r in results])
    # A floor, not the measurement (bench/site.py reports the figures): a regression in
    # folding, sharding or scoring drops far below it.
    assert result.recall_at(5) >= 0.8, [q.query for q in result.missed(queries)]
    watched.assert_clean()
    watched.close()


@needs_cr
def test_cr_site_variants_english_and_numbers(browser: Any, full_graph: RuleGraph,
                                              tmp_path_factory: pytest.TempPathFactory) -> None:
    site = tmp_path_factory.mktemp("cr-site") / "site"
    build_site(full_graph, site)
    watched = Watched(browser, "file://")
    page = watched.page
    page.goto((site / "search.html").as_uri())
    found = page.evaluate("""async () => {
      const out = {};
      for (const q of ["表向きにする 特別な処理", "フェイズアウト トークン", "Glorious Anthem", "CR 613.7"]) {
        const r = await kb.search(q, 5);
        out[q] = r.hits.map(h => [h.id, h.snippet.filter(p => p[1]).map(p => p[0])]);
      }
      return out;
    }""")
    variant_hits = dict(found["表向きにする 特別な処理"])
    assert "rule:702.37e" in variant_hits
    assert any("オモテ向き" in mark for mark in variant_hits["rule:702.37e"])  # 表向き found オモテ向き
    assert found["フェイズアウト トークン"][0][0] == "rule:702.26d"
    assert found["Glorious Anthem"][0][0].startswith("page:")
    assert found["CR 613.7"][0][0] == "rule:613.7"
    said = page.evaluate("""async () => {
      const out = {};
      for (const q of ["702.26z", "999.1", "ルール 809", "613-7f", "総合ルール 704.5項", "フェイズアウト 量子力学",
                       "呪禁とは", "優先権", "状況起因処理"]) {
        const r = await kb.search(q, 5);
        out[q] = [r.hits.map(h => h.id), r.messages];
      }
      return out;
    }""")
    hits, messages = said["702.26z"]
    assert hits == [] and "702.26z" in messages[0] and "702.26" in messages[0]  # near numbers, no unrelated rules
    assert said["999.1"][0] == [] and "999.1" in said["999.1"][1][0]
    assert said["ルール 809"][0][0] == "rule:809"
    assert said["613-7f"][0][0] == "rule:613.7f"
    assert said["総合ルール 704.5項"][0][0] == "rule:704.5"
    assert any("量子力学" in m for m in said["フェイズアウト 量子力学"][1])  # an ignored word is named
    # kb search's name tiers: the definition asked for, the defining rule before its heading.
    assert said["呪禁とは"][0][0] == "glossary:呪禁／Hexproof"
    assert said["優先権"][0][0] == "rule:117.1"
    assert said["状況起因処理"][0][0] == "rule:704.1"
    assert assert_reference_spans_match(page, texts_of(full_graph)) > 1000
    watched.assert_clean()
    watched.close()


@needs_cr
def test_cr_site_expands_kb_search_aliases(browser: Any, search_full_build: Path) -> None:
    """The build's alias table travels in the name shards: initialisms, spelling skeletons,
    obsolete terms and English verbs reach what kb search reaches, a skeleton never stands
    for the spelling typed, and a name reached through an alias keeps its tier."""
    watched = Watched(browser, "file://")
    page = watched.page
    page.goto((search_full_build / "site" / "search.html").as_uri())
    aliases = page.evaluate("""async () => {
      const out = {};
      for (const q of ["SBA", "クリーンアップ・ステップ 手札", "ライブラリー", "counter target spell"]) {
        out[q] = (await kb.searchAliases(q)).map(a => [a.english, a.japanese]);
      }
      return out;
    }""")
    assert ["sba", ["状況起因処理"]] in aliases["SBA"]
    assert any("クリンナップ" in " ".join(terms) for _, terms in aliases["クリーンアップ・ステップ 手札"])
    assert aliases["ライブラリー"] == []  # its skeleton names only itself
    assert any(literal == "counter" and "打ち消す" in terms for literal, terms in aliases["counter target spell"])
    first = page.evaluate("""async () => {
      const out = {};
      for (const q of ["SBA", "CMC"]) out[q] = (await kb.search(q, 5)).hits.map(h => h.id);
      return out;
    }""")
    assert first["SBA"][0].startswith("rule:704")
    assert first["CMC"][0] in ("rule:202.3", "glossary:点数で見たマナ・コスト／Converted Mana Cost")
    watched.assert_clean()
    watched.close()
