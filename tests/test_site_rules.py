"""Rule pages and the site's frame as a judge reads them (issue 14, issue 12 part 4): rule
text first, sources named as publications (never a file), the checks as statements after
the references, the coverage page, the 404 page, citations and head tags."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CR_FILE, needs_cr

from kb.site.source_links import OFFICIAL_JA

# What a reader must never see: the building machine's paths, the data files read.
_ABSOLUTE = re.compile(r"(?<![\w.:/])/(?:work|home|tmp|usr|root|var|mnt|opt|srv|Users)/")
_SOURCE_FILES = re.compile(r"rules\.txt|glossary\.txt|corpus/wiki|\.txt:\d+|\.wiki\b|\.xml:\d+|cr-ja-|cr-en/")
# Where wiki pages show their corpus file: issue 14 point 10, the wiki pages' own work.
_WIKI_PAGES = ("pages/", "revisions/")


def read(site: Path, path: str) -> str:
    return (site / path).read_text(encoding="utf-8")


def main_of(page: str) -> str:
    return page.split('<main id="main">')[1].split("</main>")[0]


def leaks(site: Path, wiki: bool) -> list[str]:
    found = []
    for path in sorted(site.rglob("*.html")):
        name = path.relative_to(site).as_posix()
        if name.startswith(_WIKI_PAGES) != wiki:
            continue
        text = path.read_text(encoding="utf-8")
        for pattern in (_ABSOLUTE, _SOURCE_FILES):
            match = pattern.search(text)
            if match:
                found.append(f"{name}: {text[max(0, match.start() - 60):match.end() + 20]!r}")
    return found


@pytest.fixture(scope="module")
def site(search_full_build: Path) -> Path:
    """The seeds with the CR, built with its checks (kb build)."""
    return search_full_build / "site"


@needs_cr
def test_no_page_shows_a_path_or_a_source_file(site: Path) -> None:
    assert leaks(site, wiki=False) == []


@needs_cr
def test_no_wiki_page_shows_a_path_or_a_source_file(site: Path) -> None:
    assert leaks(site, wiki=True) == []


@needs_cr
def test_no_page_repeats_an_id(site: Path) -> None:
    """Every id once per page: 505.4 has two texts of 20260116.0 (a conflict in the CR
    file), each its own section (issue 14 point 12)."""
    repeated = []
    for path in sorted(site.rglob("*.html")):
        ids = re.findall(r'\sid="([^"]+)"', path.read_text(encoding="utf-8"))
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            repeated.append(f"{path.relative_to(site).as_posix()}: {twice}")
    assert repeated == []
    page = read(site, "rules/505.4.html")
    assert 'id="v20260116.0"' in page and 'id="v20260116.0-2"' in page


@needs_cr
def test_rule_text_comes_first_and_names_its_publication(site: Path) -> None:
    page = main_of(read(site, "rules/702.26d.html"))
    text = page.index('class="rule-text"')
    # Nothing but the breadcrumb, previous/next and the heading before the text.
    assert page.index("<h1>") < text
    for later in ('id="references"', 'id="referenced-by"', 'id="checks"', 'class="cite-bar"', 'id="history"'):
        assert later not in page or page.index(later) > text, later
    assert f'<a class="source" href="{OFFICIAL_JA}" rel="noreferrer">総合ルール 20260116.0（2026-01-16）</a>' in page
    # The older identical text is one line, its text one click away.
    older = page.split('<details class="older-row">')[1].split("</details>")[0]
    assert "20231117.0 も同文" in older.split("</summary>")[0]
    assert "トークンはフェイズ・アウト中も戦場に存在し続ける" in older
    assert "MTG Wiki「フェイジング」の引用" in older
    assert "同文（空白のみ異なる）" not in page


@needs_cr
def test_title_only_rule_shows_its_title_once(site: Path) -> None:
    page = main_of(read(site, "rules/702.26.html"))
    assert 'id="titles"' not in page and "見出し" not in page
    assert page.count("フェイジング／Phasing") == 1  # the h1; the breadcrumb ends with the number


@needs_cr
def test_previous_next_and_breadcrumb_at_top_and_bottom(site: Path) -> None:
    page = main_of(read(site, "rules/702.26d.html"))
    assert page.count('rel="prev" href="../rules/702.26c.html"') == 2
    assert page.count('rel="next" href="../rules/702.26e.html"') == 2
    assert page.index('class="breadcrumb"') < page.index("<h1>")
    side = read(site, "rules/702.26d.html").split('id="siblings-title"')[1]
    # Numbers with what they are: an untitled sibling shows the start of its text.
    assert re.search(r'702\.26e</a> <span class="rule-title">呪文や能力の解決', side)


@needs_cr
def test_checks_read_as_statements_after_the_references(site: Path) -> None:
    page = main_of(read(site, "rules/702.26d.html"))
    assert re.search(r'<a class="badge verified" href="#checks"[^>]*>検証済み \d+</a>', page)
    assert page.index('id="referenced-by"') < page.index('id="checks"')
    checks = page.split('id="checks"')[1].split("</section>")[0]
    for label in ("状況", "行動", "結果"):
        assert f"<dt>{label}</dt>" in checks
    assert "成功" in checks
    # Code, function names and files only inside the collapsed detail.
    shown = re.sub(r'<details class="check-code">.*?</details>', "", checks, flags=re.DOTALL)
    assert "def " not in shown and ".py" not in shown and "expect" not in shown
    assert "kb/checks/cr/cr702_26_phasing.py" in checks


@needs_cr
def test_coverage_page_counts_as_kb_check_does(site: Path, search_full_build: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "kb", "check", "--json", "--build", str(search_full_build)],
                            capture_output=True, text=True, check=False)
    coverage = json.loads(result.stdout)["coverage"]["all"]
    page = read(site, "coverage.html")
    totals = re.findall(r"<dd>([\d,]+)", page)
    assert int(totals[0]) == coverage["rules"]
    assert int(totals[1]) == coverage["passing"]
    examples = coverage_all = json.loads(result.stdout)["coverage"]["examples"]
    assert f"<dd>{examples['covered']} / {examples['total']}</dd>" in page  # the CR's 例 paragraphs
    assert coverage_all["total"] == 277
    assert 'href="rules/702.html"' in page and "検証のないルール" in page
    assert 'href="coverage.html"' in read(site, "index.html")


@needs_cr
def test_home_says_which_texts_each_version_has(site: Path) -> None:
    home = main_of(read(site, "index.html"))
    assert "20260116.0）: 日本語の全文" in home
    assert re.search(r"20231117\.0）: 日本語は Wiki ページが引用する \d+ ルールの本文のみ", home)
    # Dangling references are out of the main navigation, linked from home and footer.
    header = read(site, "index.html").split('class="site-header"')[1].split("</header>")[0]
    assert "dangling.html" not in header


@needs_cr
def test_not_found_page(site: Path) -> None:
    page = read(site, "404.html")
    assert '<html lang="ja">' in page and "ページが見つかりません" in page
    assert 'href="/index.html"' in page and 'action="/search.html"' in page
    assert 'href="/static/kb.css"' in page


@needs_cr
def test_citation_canonical_and_open_graph(site: Path) -> None:
    page = read(site, "rules/702.26d.html")
    assert '<link rel="canonical" href="../rules/702.26d.html">' in page
    assert '<meta property="og:type" content="article">' in page
    assert '<meta property="og:title" content="702.26d フェイジング／Phasing">' in page
    assert 'data-citation="CR 702.26d（2026-01-16）"' in page
    assert "引用をコピー" in page and "リンクをコピー" in page


def test_seed_site_has_coverage_404_and_outline(seed_site: Path) -> None:
    for path in ("coverage.html", "404.html", "outline.js", "static/frame.js", "static/frame.css"):
        assert (seed_site / path).is_file(), path
    outline = read(seed_site, "outline.js")
    # Sections and chapters, each chapter with the number of its rules; the rules apart.
    assert outline.startswith('kb.outline("all",[["1",') and '["702","キーワード能力",2]' in outline
    chapter = read(seed_site, "outline/702.js")
    assert chapter.startswith('kb.outline("702",[') and '["702.26","フェイジング／Phasing",[]]' in chapter
    assert CR_FILE.name not in outline
