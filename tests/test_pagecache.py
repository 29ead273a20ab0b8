"""Pages a rebuild takes from the previous build's cache come back as if parsed again:
the same record, the same pending {{#CR}} quotes, and an export page's lines moved to
where its text now stands."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from kb.export import page_to_json
from kb.model import WikiPage
from kb.sources.corpus import read_corpus
from kb.sources.pagecache import from_cache, shift_lines, to_cache
from kb.sources.wiki import read_wiki_page
from kb.sources.wikitext import parse_wikitext, read_wikitext_file

ROOT = Path(__file__).resolve().parent.parent
FORMATS = ROOT / "tests" / "fixtures" / "formats"
WIKITEXT = (FORMATS / "試験能力.wiki").read_text(encoding="utf-8")


def record(page: WikiPage) -> tuple[Any, Any]:
    return page_to_json(page), [(str(q.number), q.line, q.section, q.raw) for q in page.cr_quotes]


class DictCache:
    def __init__(self, entries: dict[str, Any] | None = None):
        self.entries = dict(entries or {})
        self.hits = 0

    def get(self, key: str) -> Any | None:
        found = self.entries.get(key)
        self.hits += found is not None
        return found

    def put(self, key: str, value: Any) -> None:
        # As the build's cache stores it: JSON with sorted keys.
        self.entries[key] = json.loads(json.dumps(value, sort_keys=True))


@pytest.mark.parametrize("page", [
    read_wikitext_file(str(FORMATS / "試験能力.wiki")),
    read_wiki_page(ROOT / "corpus" / "wiki" / "フェイジング.txt"),
    read_wiki_page(ROOT / "corpus" / "wiki" / "タイムスタンプ.txt"),
], ids=["wikitext", "indented", "flat"])
def test_a_cached_page_is_the_page_read(page: WikiPage) -> None:
    back = from_cache(json.loads(json.dumps(to_cache(page), sort_keys=True)), page.path)
    assert back is not None and record(back) == record(page)


@pytest.mark.parametrize("first_line", [2, 17, 1000])
def test_moving_a_page_read_from_line_one_is_reading_it_there(first_line: int) -> None:
    page = parse_wikitext(WIKITEXT, "x.xml", "試験能力")
    shift_lines(page, first_line - 1)
    assert record(page) == record(parse_wikitext(WIKITEXT, "x.xml", "試験能力", first_line=first_line))


def test_a_rebuild_reads_only_what_changed(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    export = (FORMATS / "export.xml").read_text(encoding="utf-8")
    (corpus / "export.xml").write_text(export, encoding="utf-8")
    shutil.copy(FORMATS / "試験能力.wiki", corpus / "試験能力.wiki")
    cache = DictCache()
    first = {p.title: record(p) for p in read_corpus(corpus, cache).pages}
    assert cache.hits == 0 and len(cache.entries) == 3  # two export pages, one file
    # Two lines added above every export page: their texts move, their records follow.
    (corpus / "export.xml").write_text(export.replace("<siteinfo>", "<siteinfo>\n\n"), encoding="utf-8")
    again = DictCache(cache.entries)
    cached = {p.title: record(p) for p in read_corpus(corpus, again).pages}
    assert again.hits == 3
    parsed = {p.title: record(p) for p in read_corpus(corpus).pages}
    assert cached == parsed != first
