"""The static site: pages, links, escaping, the strict link check, and the build stage."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from conftest import CORPUS, CR_FILE, needs_cr

from kb.build.pipeline import build
from kb.build.reuse import Reuse
from kb.build.stages import STAGES
from kb.build.state import BuildOptions
from kb.errors import KbError
from kb.graph import RuleCheck, RuleGraph, build_graph
from kb.model import WikiPage
from kb.normalize import fold
from kb.rulenum import RuleNumber
from kb.search.tables import QueryTables
from kb.site.builder import SiteOptions, build_site
from kb.site.links import LinkCheck, find_broken_links
from kb.site.markup import LinkEnv, Prose, TermLinker
from kb.site.previous import PreviousSite
from kb.site.resources import site_sources
from kb.site.urls import href, page_slug, preview_shard
from kb.sources.wiki import parse_wiki_page


def read(site: Path, path: str) -> str:
    return (site / path).read_text(encoding="utf-8")


def test_site_has_home_search_glossary_dangling(seed_site: Path) -> None:
    for path in ("index.html", "search.html", "glossary.html", "dangling.html",
                 "static/kb.js", "static/search.js", "static/normalize.js", "search/meta.js"):
        assert (seed_site / path).is_file(), path
    home = read(seed_site, "index.html")
    assert '<html lang="ja">' in home
    assert 'name="viewport"' in home
    assert "Content-Security-Policy" in home


def test_search_page_fetches_what_a_query_needs_at_once(seed_site: Path) -> None:
    """Every script the search page runs a query in its address with is preloaded before the
    first script that blocks the parser: deferred scripts alone are fetched only after it
    has run, a round trip later on a phone."""
    head = read(seed_site, "search.html").split("</head>")[0]
    blocking = re.search(r'<script src="[^"]+"></script>', head)
    assert blocking is not None
    preloaded = re.findall(r'<link rel="preload" as="script" href="([^"]+)">', head[:blocking.start()])
    deferred = re.findall(r'<script (?:id="[^"]+" )?src="([^"]+)" defer></script>', head)
    assert "search/meta.js" in deferred and "static/search.js" in deferred
    assert set(deferred) | {re.findall(r'src="([^"]+)"', blocking.group())[0]} <= set(preloaded)
    # A page without a search to run preloads nothing.
    assert 'rel="preload"' not in read(seed_site, "glossary.html")


def test_every_rule_node_has_a_page(seed_site: Path, seed_graph: RuleGraph) -> None:
    for node in seed_graph:
        assert (seed_site / "rules" / f"{node.number}.html").is_file(), node.number


def test_rule_page_702_26d(seed_site: Path) -> None:
    page = read(seed_site, "rules/702.26d.html")
    assert "トークンはフェイズ・アウト中も戦場に存在し続ける" in page
    breadcrumb = page.split('class="breadcrumb"')[1].split("</nav>")[0]
    assert 'href="../rules/702.26.html"' in breadcrumb  # the parent
    siblings = page.split('id="siblings-title"')[1]
    for sibling in ("702.26a", "702.26c", "702.26e", "702.26p"):
        assert f'href="../rules/{sibling}.html"' in siblings
    assert 'id="referenced-by"' in page
    pages = page.split('id="pages-title"')[1]
    assert "フェイジング</a>" in pages and '引用 <time datetime="2023-11-17" title="日本語版 20231117.0">2023-11-17</time>' in pages
    assert 'rel="prev" href="../rules/702.26c.html"' in page
    assert 'rel="next" href="../rules/702.26e.html"' in page


def test_rule_page_lists_who_references_it(seed_site: Path) -> None:
    page = read(seed_site, "rules/506.4.html")
    backlinks = page.split('id="referenced-by"')[1].split("</section>")[0]
    assert 'href="../rules/702.26b.html"' in backlinks  # 702.26b: (rule 506.4 参照)


def test_wiki_page_links_rules_and_terms(seed_site: Path) -> None:
    page = read(seed_site, f"pages/{page_slug('フェイジング')}.html")
    assert 'data-rule="702.26"' in page  # infobox CR:702.26
    assert 'id="ルール"' in page
    assert "702.26p" in page  # the citation block
    timestamp = read(seed_site, f"pages/{page_slug('タイムスタンプ')}.html")
    linked = re.findall(r'class="term">([^<]+)</a>', timestamp)
    assert "継続的効果" in linked
    assert len(linked) == len(set(linked))  # each term linked once


def test_dangling_page_lists_dangling_numbers(seed_site: Path, seed_graph: RuleGraph) -> None:
    page = read(seed_site, "dangling.html")
    for node in seed_graph.dangling():
        assert f'data-rule="{node.number}"' in page


def test_markup_joins_japanese_lines_and_links_references() -> None:
    prose = Prose()
    html = prose.inline("フェイズ・アウト\nする(rule 800.4a, 800.4c 参照)\nand\nmore", LinkEnv("rules/1.html"))
    assert "フェイズ・アウトする" in html
    assert 'href="../rules/800.4a.html"' in html and 'href="../rules/800.4c.html"' in html
    assert "and\nmore" in html


def test_markup_escapes_html_and_leaves_markdown_alone() -> None:
    html = Prose().inline('<script>alert(1)</script> *x* 1. [a](javascript:b) {{ 7*7 }}', LinkEnv("x.html"))
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "*x* 1. [a](javascript:b) {{ 7*7 }}" in html


def test_terms_linked_longest_first_once() -> None:
    terms = TermLinker({"継続的効果": "pages/a.html", "継続": "glossary.html#g-x"})
    env = LinkEnv("pages/b.html", terms)
    html = Prose().inline("継続的効果と継続的効果と継続", env)
    assert html.count('class="term"') == 2
    assert 'href="../pages/a.html" class="term">継続的効果</a>' in html


def test_terms_inside_longer_katakana_words_are_not_linked() -> None:
    terms = TermLinker({"ブロック": "glossary.html#g-b", "フェイズ": "glossary.html#g-f"})
    html = Prose().inline("ミラージュ・ブロックでフェイズ・インする。ブロックする。", LinkEnv("pages/x.html", terms))
    assert html.count('class="term"') == 1
    assert "ミラージュ・ブロックでフェイズ・インする。<a" in html


def test_urls() -> None:
    assert href("rules/702.26d.html", "rules/702.26.html") == "../rules/702.26d.html"
    assert href("pages/変異.html#ルール", "index.html") == "pages/%E5%A4%89%E7%95%B0.html#%E3%83%AB%E3%83%BC%E3%83%AB"
    assert page_slug('a/b:c?"<>') == "a_b_c"
    assert preview_shard(RuleNumber.parse("702.26d")) == "702-2"
    assert preview_shard(RuleNumber.parse("702")) == "top"


def test_untrusted_page_text_renders_as_text(tmp_path: Path) -> None:
    text = ("悪意<script>alert(1)</script>\n提供：MTG Wiki\n\n解説\n\n"
            "本文に<script>alert(2)</script>と{{ 7*7 }}と{% if true %}X{% endif %}、"
            '<img src=x onerror="alert(3)">、rule 702.26d 参照。\n')
    page = parse_wiki_page(text, "evil.txt")
    out = tmp_path / "site"
    build_site(build_graph([page], []), out)
    html = read(out, f"pages/{page_slug(page.title)}.html")
    assert "<script>alert" not in html and "<img src=x" not in html
    assert "&lt;script&gt;alert(2)&lt;/script&gt;" in html
    assert "{{ 7*7 }}" in html and "{% if true %}X{% endif %}" in html
    assert 'data-rule="702.26d"' in html


def test_broken_internal_link_fails_the_build(tmp_path: Path, seed_graph: RuleGraph) -> None:
    templates = tmp_path / "templates"
    shutil.copytree(site_sources() / "templates", templates)
    rule = templates / "rule.html"
    rule.write_text(rule.read_text(encoding="utf-8").replace(
        "{% endblock %}",
        '{% if page.rule.number == "702.26d" %}<a href="{{ \'rules/no-such-rule.html\' | url }}">x</a>'
        "{% endif %}{% endblock %}", 1),
        encoding="utf-8")
    out = tmp_path / "site"
    with pytest.raises(KbError) as failure:
        build_site(seed_graph, out, SiteOptions(templates=templates))
    message = str(failure.value)
    assert "1 broken internal link" in message
    assert "rules/702.26d.html: ../rules/no-such-rule.html (no such file)" in message
    assert not out.exists()  # nothing half-written


def test_link_check_finds_missing_files_anchors_and_external_sources() -> None:
    files: dict[str, str | bytes] = {
        "index.html": '<a href="rules/1.html#x">a</a><a href="rules/2.html">b</a>'
                      '<a href="#top">c</a><script src="https://cdn.example/x.js"></script>',
        "rules/1.html": '<h1 id="y">1</h1><a href="../index.html">up</a>',
    }
    broken = {(b.page, b.link, b.reason.split(" ")[0]) for b in find_broken_links(files)}
    assert broken == {
        ("index.html", "rules/1.html#x", "no"),
        ("index.html", "rules/2.html", "no"),
        ("index.html", "#top", "no"),
        ("index.html", "https://cdn.example/x.js", "leaves"),
    }


def test_link_check_rereads_kept_pages_only_for_suspect_targets(tmp_path: Path) -> None:
    """A page kept from the previous build is read again only when it names a file that
    is gone (or lost an id): the name as our links spell it, percent-encoded, or as is."""
    def kept(name: str, text: str) -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    files: dict[str, str | bytes | Path] = {
        "rules/1.html": kept("1.html", '<a href="../pages/%E8%A2%AB%E8%A6%86.html">x</a>'),
        "rules/2.html": kept("2.html", '<a href="../pages/plain.html#gone">y</a>'),
        "rules/3.html": kept("3.html", '<a href="../index.html">z</a>'),
        "pages/plain.html": '<h1 id="here">now rendered again</h1>',
        "index.html": "<p>home</p>",
    }
    assert find_broken_links(files, suspects=set()) == []  # nothing gone: kept pages skipped
    broken = {(b.page, b.reason.split(" ")[0])
              for b in find_broken_links(files, suspects={"pages/被覆.html", "pages/plain.html"})}
    assert broken == {("rules/1.html", "no"), ("rules/2.html", "no")}
    # Without suspects given (a build reusing nothing), every page is checked.
    assert {b.page for b in find_broken_links(files)} == {"rules/1.html", "rules/2.html"}



class _Ids:
    """Ids and link targets known by path, as :class:`kb.site.previous.PreviousSite`
    knows them by content (every page named in ``known`` links nowhere unless
    ``targets`` says where)."""

    def __init__(self, known: dict[str, set[str]], targets: dict[str, list[str]] | None = None):
        self.known = known
        self.targets: dict[str, list[str]] = {path: [] for path in known} | (targets or {})
        self.remembered: dict[str, set[str]] = {}
        self.remembered_targets: dict[str, list[str]] = {}

    def known_ids(self, path: str) -> set[str] | None:
        return self.known.get(path)

    def remember_ids(self, path: str, ids: set[str]) -> None:
        self.remembered[path] = ids

    def known_targets(self, path: str) -> list[str] | None:
        return self.targets.get(path)

    def remember_targets(self, path: str, targets: list[str]) -> None:
        self.remembered_targets[path] = targets


def test_link_check_takes_a_kept_pages_ids_without_reading_it(tmp_path: Path) -> None:
    """The site's index pages, rendered every build, link to fragments of kept pages: their
    ids come from what a build recorded for the same content; a kept page is read only
    when nothing was recorded."""
    unread = tmp_path / "gone.html"  # reading it would fail
    check = LinkCheck(_Ids({"pages/a.html": {"s1"}}))
    check.rendered("cards.html", '<a href="pages/a.html#s1">a</a><a href="pages/b.html#x">b</a>')
    check.rendered("pages/b.html", '<h2 id="x">b</h2>')
    check.kept_page("pages/a.html", unread)
    assert check.finish({"cards.html", "pages/a.html", "pages/b.html"}, set()) == []
    known = _Ids({"pages/a.html": {"s2"}})
    check = LinkCheck(known)
    check.rendered("cards.html", '<a href="pages/a.html#s1">a</a><a href="pages/b.html#x">b</a>')
    check.rendered("pages/b.html", '<h2 id="x">b</h2>')
    check.kept_page("pages/a.html", unread)
    assert [b.reason for b in check.finish({"cards.html", "pages/a.html", "pages/b.html"}, set())] == \
        ["no id 's1' in pages/a.html"]
    # Every page's ids are recorded, as a clean build (every page rendered) records them.
    assert known.remembered == {"cards.html": set(), "pages/b.html": {"x"}}
    kept = tmp_path / "a.html"
    kept.write_text('<h2 id="s1">a</h2>', encoding="utf-8")
    known = _Ids({})
    check = LinkCheck(known)
    check.rendered("cards.html", '<a href="pages/a.html#s1">a</a>')
    check.kept_page("pages/a.html", kept)
    assert check.finish({"cards.html", "pages/a.html"}, set()) == []
    assert known.remembered == {"cards.html": set(), "pages/a.html": {"s1"}}


def test_link_check_rereads_a_kept_page_only_when_a_recorded_target_is_suspect(tmp_path: Path) -> None:
    """A kept page whose links' targets a build recorded is read again only when one of
    them is suspect, though its text names a suspect file (the name alone sent every
    rule page to be read when a release removed one rule); a page with nothing recorded
    is read, and every page's targets are recorded for the next build."""
    unread = tmp_path / "unread.html"  # reading it would fail
    named = tmp_path / "named.html"
    named.write_text('<a href="b.html#x">b</a><a href="../gone.html">?</a>', encoding="utf-8")
    linking = tmp_path / "linking.html"
    linking.write_text('<a href="../gone.html">gone</a>', encoding="utf-8")
    known = _Ids({"pages/a.html": set(), "pages/c.html": set(), "pages/d.html": set()},
                 {"pages/a.html": ["pages/b.html"], "pages/c.html": ["gone.html"]})
    del known.targets["pages/d.html"]  # ids recorded, targets not
    check = LinkCheck(known)
    check.rendered("pages/b.html", '<h2 id="x">b</h2><a href="../index.html">home</a>')
    check.kept_page("pages/a.html", unread)
    check.kept_page("pages/c.html", linking)
    check.kept_page("pages/d.html", named)
    files = {"index.html", "pages/a.html", "pages/b.html", "pages/c.html", "pages/d.html"}
    broken = check.finish(files, {"gone.html"})
    assert sorted((b.page, b.reason) for b in broken) == \
        [("pages/c.html", "no such file"), ("pages/d.html", "no such file")]
    assert known.remembered_targets == {"pages/b.html": ["index.html"],
                                        "pages/d.html": ["gone.html", "pages/b.html"]}


def test_previous_site_knows_ids_by_content(tmp_path: Path) -> None:
    first = Reuse.none(tmp_path / "first")
    site = PreviousSite(first, "site")
    site.files.put("pages/a.html", "hash-a")
    site.remember_ids("pages/a.html", {"s1", "s2"})
    first.write()
    second = PreviousSite(Reuse(tmp_path / "first", tmp_path / "second"), "site")
    second.files.put("pages/a.html", "hash-a")
    second.files.put("pages/b.html", "hash-b")  # other content: not known
    assert second.known_ids("pages/a.html") == {"s1", "s2"}
    assert second.known_ids("pages/b.html") is None


def test_previous_site_knows_link_targets_by_folder_and_content(tmp_path: Path) -> None:
    first = Reuse.none(tmp_path / "first")
    site = PreviousSite(first, "site")
    site.files.put("pages/a.html", "hash-a")
    site.files.put("pages/e.html", "hash-e")
    site.remember_targets("pages/a.html", ["index.html", "pages/b.html"])
    site.remember_targets("pages/e.html", [])
    first.write()
    second = PreviousSite(Reuse(tmp_path / "first", tmp_path / "second"), "site")
    second.files.put("pages/a.html", "hash-a")
    second.files.put("rules/a.html", "hash-a")  # the same bytes elsewhere link elsewhere
    second.files.put("pages/e.html", "hash-e")
    assert second.known_targets("pages/a.html") == ["index.html", "pages/b.html"]
    assert second.known_targets("rules/a.html") is None
    assert second.known_targets("pages/e.html") == []

def test_no_page_requests_anything_outside_the_site(seed_site: Path) -> None:
    for path in seed_site.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        # Nothing loads from elsewhere; the one way out is a link the reader follows (the
        # wiki page's original address), never fetched by the page.
        assert not re.search(r'src="(?:https?:)?//', text), path
        assert not re.search(r'<link[^>]+href="(?:https?:)?//', text), path
        outside = re.findall(r'<a [^>]*href="(?:https?:)?//[^>]*>', text)
        assert all('rel="nofollow noreferrer"' in a for a in outside), path
        assert "<script>" not in text  # no inline script: every script has a src
        assert not re.search(r"<[^>]+\son[a-z]+=", text), path  # no inline handlers
        assert "style=" not in text, path


def test_checks_are_shown_when_the_graph_has_them(tmp_path: Path, seed_pages: list[WikiPage]) -> None:
    graph = build_graph(seed_pages, [])
    node = graph.get("702.26d")
    assert node is not None
    node.checks = [RuleCheck(
        id="phasing.token_stays", status="needs-review", message="text changed",
        doc="A phased-out token stays on the battlefield.",
        source="def check(expect):\n    expect.ok(game.x < 1)", location="kb/checks/phasing.py:7",
        written_against="20231117.0", rules=["702.26d"], changed_in=["20260116.0"],
    )]
    build_site(graph, tmp_path / "site")
    page = read(tmp_path / "site", "rules/702.26d.html")
    checks = page.split('id="checks"')[1].split("</section>")[0]
    assert "phasing.token_stays" in checks and "要確認" in checks and "20260116.0" in checks
    assert "expect.ok(game.x &lt; 1)" in checks and "kb/checks/phasing.py:7" in checks
    assert 'id="checks"' not in read(tmp_path / "site", "rules/702.26c.html")


def test_built_checks_appear_on_the_rule_page(search_full_build: Path) -> None:
    page = read(search_full_build / "site", "rules/702.26d.html")
    assert 'id="checks"' in page and "kb/checks/cr/cr702_26_phasing.py" in page


def test_kb_build_writes_the_site(tmp_path: Path) -> None:
    assert [name for name, _ in STAGES][-1] == "site"
    report = build(BuildOptions(corpus=CORPUS, out=tmp_path / "_build"))
    assert (tmp_path / "_build" / "site" / "index.html").is_file()
    assert "site/" in report.written


@needs_cr
def test_cr_site_shows_version_differences(search_full_build: Path) -> None:
    out = search_full_build / "site"  # the seeds and the CR, as kb build writes them
    page = read(out, "rules/702.26k.html")
    newest, older = page.index('id="v20260116.0"'), page.index('id="v20231117.0"')
    assert newest < older  # newest first
    assert "<ins>による能力を</ins>" in page
    assert ('<time datetime="2023-11-17" title="日本語版 20231117.0">2023-11-17</time> の本文（'
            '<time datetime="2026-01-16" title="日本語版 20260116.0">2026-01-16</time> で変更）') in page
    home = read(out, "index.html")
    assert "日本語版 20260116.0" in home and 'href="rules/7.html"' in home
    glossary = read(out, "glossary.html")
    # The entry's anchor (what term links point to) on the entry of that headword.
    assert re.search(r'id="g-オモテ向き／Face_Up">\s*<dt>オモテ向き ', glossary), "no entry for オモテ向き"
    term = read(out, "glossary/オモテ向き／Face_Up.html")  # its own page, what term links load
    assert "<h1>オモテ向き " in term and 'href="../glossary.html#g-' in term
    # The source is the publication, never the file it was read from.
    rule = read(out, "rules/702.26d.html")
    assert CR_FILE.name not in rule
    assert '<a class="source" href="https://mtg-jp.com/gameplay/rules" rel="noreferrer">総合ルール 20260116.0（2026-01-16）</a>' in rule


def test_the_site_search_folds_the_tables_the_build_wrote(search_seed_build: Path) -> None:
    written = json.loads((search_seed_build / "search" / "query_tables.json").read_text(encoding="utf-8"))
    tables = QueryTables.from_json(written).folded()
    assert "フェイジング" in tables.english["phasing"]
    assert "栄光の頌歌" in tables.english["glorious anthem"]
    assert all(k == fold(k) and all(v == fold(v) for v in vs) for k, vs in tables.english.items())
    meta = read(search_seed_build / "site", "search/meta.js")
    assert json.dumps(tables.variants, ensure_ascii=False, separators=(",", ":")) in meta


@needs_cr
def test_the_site_search_has_the_variants_of_the_cr(search_full_build: Path) -> None:
    meta = read(search_full_build / "site", "search/meta.js")
    assert '"オモテ":"表"' in meta  # オモテ向き (CR) = 表向き (wiki)


@needs_cr
def test_the_site_search_knows_which_rules_name_their_subrules(search_full_build: Path) -> None:
    """meta.js lists the titled rules of the CR's rule level as runs (702.37 変異 is one,
    the chapter 702 and the untitled 514.3 are not): the browser's withinNamed reads them."""
    from kb.site.search_index import SearchDoc, titled_rules

    meta = read(search_full_build / "site", "search/meta.js")
    found = re.search(r'"titledRules":(\{[^}]*\})', meta)
    assert found is not None
    runs = json.loads(found.group(1))
    numbers = {f"{chapter}.{n}" for chapter, text in runs.items() for piece in text.split(",")
               for n in range(int(piece.split("-")[0]), int(piece.split("-")[-1]) + 1)}
    assert "702.37" in numbers and "701.23" in numbers
    assert "514.3" not in numbers and not any("." not in n for n in numbers)
    docs = [SearchDoc(f"rule:{n}", "rule", "", "", "", "", titled_rule=True) for n in ("702.9", "702.2", "702.3", "901.15")]
    assert titled_rules(docs) == {"702": "2-3,9", "901": "15"}


def test_the_site_search_weighs_kinds_as_kb_search_does(search_seed_build: Path) -> None:
    from kb.search.ranking import KIND_PRIOR
    from kb.site.search_index import KINDS

    meta = read(search_seed_build / "site", "search/meta.js")
    found = re.search(r'"kindWeights":(\[[^\]]*\])', meta)
    assert found is not None
    assert json.loads(found.group(1)) == [KIND_PRIOR[kind] for kind in KINDS]
