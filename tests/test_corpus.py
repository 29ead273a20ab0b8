"""``kb build --corpus DIR`` over a mix of forms: rendered text, XML exports, wikitext and
saved HTML, several files of one title merged into one page with its revisions, and
files that are no articles skipped with a warning naming them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import jsonschema
import pytest

from kb.build.pipeline import build
from kb.build.state import BuildOptions
from kb.errors import KbError, NotAnArticle
from kb.export import graph_to_json, load_graph
from kb.sources.corpus import corpus_files, file_format, read_corpus
from kb.sources.html import parse_html_page
from kb.sources.wiki import parse_wiki_page
from kb.sources.wikitext import read_wikitext_file

ROOT = Path(__file__).resolve().parent.parent
FORMATS = ROOT / "tests" / "fixtures" / "formats"
SCHEMA = ROOT / "kb" / "schema" / "kb-graph-1.schema.json"

# An older revision of 試験能力, rendered, dated by its file name.
OLD_REVISION = """試験能力
提供：MTG Wiki
試験能力/Test Ability
種別	常在型能力

試験能力/Test Abilityは古い版の説明である。rule 502.1 を見よ。
"""
EDIT_PAGE = "「変異」を編集中\n警告: ログインしていません。\n本文の編集欄。\n"
CATEGORY_PAGE = "カテゴリ:キーワード能力\n\nこのカテゴリの項目。\n"


def mixed_corpus(root: Path) -> Path:
    corpus = root / "mixed"
    corpus.mkdir()
    for name in ("export.xml", "desktop.html", "mobile.html", "試験能力.wiki", "転送元.wiki"):
        shutil.copy(FORMATS / name, corpus / name)
    shutil.copy(ROOT / "corpus" / "wiki" / "変異.txt", corpus / "変異.txt")
    (corpus / "試験能力@2010-01-01.txt").write_text(OLD_REVISION, encoding="utf-8")
    (corpus / "編集中.txt").write_text(EDIT_PAGE, encoding="utf-8")
    (corpus / "カテゴリ.txt").write_text(CATEGORY_PAGE, encoding="utf-8")
    # An export saved under .txt is still an export: its first bytes say so.
    export = (FORMATS / "export.xml").read_text(encoding="utf-8").replace("版の多い項目", "別の書き出し")
    (corpus / "書き出し.txt").write_text(export, encoding="utf-8")
    (corpus / "README.md").write_text("not a wiki file", encoding="utf-8")
    return corpus


def test_files_are_told_by_suffix_and_first_bytes(tmp_path: Path) -> None:
    corpus = mixed_corpus(tmp_path)
    forms = {p.name: file_format(p) for p in corpus_files(corpus)}
    assert "README.md" not in forms
    assert forms["export.xml"] == "export" and forms["書き出し.txt"] == "export"
    assert forms["desktop.html"] == "html" and forms["試験能力.wiki"] == "wikitext"
    assert forms["変異.txt"] == "text" and forms["編集中.txt"] == "text"
    saved = tmp_path / "saved.txt"
    saved.write_bytes(b"\xef\xbb\xbf  <!DOCTYPE html><html><body></body></html>")
    assert file_format(saved) == "html"


def test_a_mixed_corpus_is_read_one_page_per_title(tmp_path: Path) -> None:
    corpus = read_corpus(mixed_corpus(tmp_path))
    pages = {p.title: p for p in corpus.pages}
    assert sorted(pages) == sorted(["試験能力", "版の多い項目", "別名", "携帯の項目", "転送元", "変異",
                                    "別の書き出し"])
    # Three files of 試験能力: the HTML copy is dated 2015 and is the page; the wikitext
    # (undated) and the 2010 rendered copy are its history, newest first.
    page = pages["試験能力"]
    assert page.skin == "html" and page.revision.timestamp == "2015-03-04T10:20"
    assert page.url == "https://example.invalid/試験能力"
    assert [(h.path.rsplit("/", 1)[-1], h.revision.timestamp) for h in page.history] == [
        ("試験能力@2010-01-01.txt", "2010-01-01"), ("試験能力.wiki", None)]
    # The export's page: its newest revision read, the older kept, the address known.
    assert pages["版の多い項目"].revision.id == 25 and len(pages["版の多い項目"].history) == 1
    assert pages["別名"].redirect == "版の多い項目"
    skipped = [w for w in corpus.warnings if w.startswith("skipped: ")]
    assert any("編集中.txt:1: " in w and "edit page" in w for w in skipped)
    assert any("カテゴリ.txt:1: " in w and "namespace" in w for w in skipped)
    assert sum("テンプレート:何か" in w for w in skipped) == 2  # once per export


def test_a_mixed_corpus_builds_and_kb_json_is_valid(tmp_path: Path) -> None:
    out = tmp_path / "out"
    report = build(BuildOptions(corpus=mixed_corpus(tmp_path), out=out, jobs=1))
    assert report.pages == 7
    assert any(w.startswith("skipped: ") and "編集中.txt" in w for w in report.warnings)
    data = json.loads((out / "kb.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8"))).validate(data)
    pages = {p["title"]: p for p in data["pages"]}
    assert pages["試験能力"]["skin"] == "html" and len(pages["試験能力"]["history"]) == 2
    assert pages["版の多い項目"]["revision"] == {"id": 25, "timestamp": "2021-02-03T04:05:06Z",
                                            "origin": "xml"}
    assert pages["別名"]["redirect"] == "版の多い項目"
    # Loading kb.json gives the new fields back as they were written.
    data.pop("build")
    assert graph_to_json(load_graph(out / "kb.json")) == data
    # The unknown template of the wikitext page is a page note and a build warning only
    # while that copy is the page: here the HTML copy is.
    assert not pages["試験能力"]["notes"]


def test_an_unknown_template_is_a_build_warning(tmp_path: Path) -> None:
    corpus = tmp_path / "c"
    corpus.mkdir()
    shutil.copy(FORMATS / "試験能力.wiki", corpus / "試験能力.wiki")
    report = build(BuildOptions(corpus=corpus, out=tmp_path / "out", jobs=1))
    notes = [w for w in report.warnings if w.startswith("page note: 試験能力 (")]
    assert any("試験能力.wiki:28): unknown template {{未知のテンプレート}}" in w for w in notes)
    # {{#CR:702.26}} without a CR in the build stays a reference, and says so.
    assert any("no CR text" in w for w in notes)


@pytest.mark.parametrize(("text", "reason"), [
    ("「変異」を編集中\n本文。\n", "edit page"),
    ("「変異」の変更履歴\n一覧。\n", "page history"),
    ("Template:Card\n本文。\n", "Template namespace"),
])
def test_rendered_pages_that_are_no_articles_are_named(text: str, reason: str) -> None:
    with pytest.raises(NotAnArticle, match=reason) as err:
        parse_wiki_page(text, "x.txt")
    assert err.value.path == "x.txt" and err.value.line == 1


def test_html_edit_pages_and_category_pages_are_no_articles() -> None:
    editor = ('<html><body><h1 id="firstHeading">「変異」を編集中</h1><div class="mw-parser-output">'
              '<textarea id="wpTextbox1">x</textarea></div></body></html>')
    with pytest.raises(NotAnArticle, match="edit page"):
        parse_html_page(editor, "e.html")
    category = ('<html><body><h1 id="firstHeading">カテゴリ:キーワード能力</h1>'
                '<div class="mw-parser-output"><p>x</p></div></body></html>')
    with pytest.raises(NotAnArticle, match="カテゴリ namespace"):
        parse_html_page(category, "c.html")


def test_a_wikitext_file_of_another_namespace_is_no_article(tmp_path: Path) -> None:
    path = tmp_path / "テンプレート:カード.wiki"
    path.write_text("{{{1}}}\n", encoding="utf-8")
    with pytest.raises(NotAnArticle, match="テンプレート namespace"):
        read_wikitext_file(str(path))


def test_a_diff_page_never_wins_over_a_whole_copy(tmp_path: Path) -> None:
    corpus = tmp_path / "c"
    corpus.mkdir()
    # Read first (its name sorts first), undated, and partial: still only history.
    (corpus / "a-差分.txt").write_text(
        "「変異」の版間の差分\n1行目:\t1行目:\n−\t古い文。\t+\t新しい文。\n", encoding="utf-8")
    shutil.copy(ROOT / "corpus" / "wiki" / "変異.txt", corpus / "変異.txt")
    page = read_corpus(corpus).pages[0]
    assert page.path.endswith("変異.txt") and not page.partial
    assert [h.path.rsplit("/", 1)[-1] for h in page.history] == ["a-差分.txt"]


def test_a_missing_corpus_is_refused(tmp_path: Path) -> None:
    with pytest.raises(KbError, match="corpus directory not found"):
        read_corpus(tmp_path / "nothing")


def test_the_site_shows_the_newest_revision_and_the_older_on_request(tmp_path: Path) -> None:
    out = tmp_path / "out"
    build(BuildOptions(corpus=mixed_corpus(tmp_path), out=out, jobs=1))
    site = out / "site"
    page = (site / "pages" / "試験能力.html").read_text(encoding="utf-8")
    assert "2015-03-04 10:20（版 4321） の版" in page
    # The source is the page on the wiki (the export's address), named, never a file.
    assert '出典: <a href="https://example.invalid/試験能力" rel="nofollow noreferrer">MTG Wiki「試験能力」</a>' in page
    assert 'href="../revisions/%E8%A9%A6%E9%A8%93%E8%83%BD%E5%8A%9B.html">古い版（2）</a>' in page
    revisions = (site / "revisions" / "試験能力.html").read_text(encoding="utf-8")
    # Newest first, each folded away, each with its text as the wiki showed it.
    assert revisions.index("2010-01-01") < revisions.index("日付不明")
    assert revisions.count('<details class="revision"') == 2
    assert "古い版の説明である" in revisions and "説明のためだけに作った" in revisions
    # The export's older revision cites 502.1, which this build (no CR) has no page for:
    # shown as text, not as a link the link check would refuse.
    exported = (site / "revisions" / "版の多い項目.html").read_text(encoding="utf-8")
    assert "古い版の文でCR:502.1" in exported and "rules/502.1.html" not in exported
    # A page without older revisions has no revisions page and no link to one.
    assert not (site / "revisions" / "携帯の項目.html").exists()
    assert "古い版（" not in (site / "pages" / "携帯の項目.html").read_text(encoding="utf-8")
