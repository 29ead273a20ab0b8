"""The site search index's parts (kb/site/search_index.py): after one wiki page changes,
only the run of pages holding it is indexed again, and the files are those made from
scratch."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

from kb.build.reuse import CACHE_DIR, Reuse
from kb.search.tables import QueryTables
from kb.site.previous import PreviousSite
from kb.site.search_index import (
    IndexPart,
    SearchDoc,
    index_part,
    page_chunks,
    part_key,
    search_files,
)

TABLES = QueryTables(variants={"でっき": "デッキ"})


def corpus(edited: int | None = None, added: bool = False) -> list[SearchDoc]:
    docs = [SearchDoc(f"rule:100.{n}", "rule", f"100.{n} 規則", f"rules/100.{n}.html", "CR",
                      f"規則{n}の文章。デッキとライブラリー。") for n in range(1, 9)]
    titles = [f"項目{n:03d}" for n in range(200)] + (["項目100b"] if added else [])
    for title in sorted(titles):
        text = f"{title}の説明。でっきを切り直す。"
        if edited is not None and title == f"項目{edited:03d}":
            text += "追記の一文で段落が一つ増える。"
        docs.append(SearchDoc(f"page:{title}", "page", title, f"wiki/{title}.html", "MTG Wiki", text,
                              names=((title, 1),)))
        for section in range(1 + len(title) % 3):
            docs.append(SearchDoc(f"page:{title}#s{section}", "page", f"{title} › 節{section}",
                                  f"wiki/{title}.html#s{section}", "MTG Wiki", f"{title}の節{section}。"))
    return docs


class Kept:
    """A previous build's parts by key, counting the documents indexed again."""

    def __init__(self) -> None:
        self.parts: dict[str, IndexPart] = {}
        self.indexed = 0

    def __call__(self, name: str, docs: list[tuple[int, SearchDoc]], variants: dict[str, str]) -> IndexPart:
        key = part_key(name, docs, variants)
        if key not in self.parts:
            self.indexed += len(docs)
            self.parts[key] = index_part(name, docs, variants)
        return self.parts[key]


def test_an_edit_indexes_again_the_run_of_its_page_alone() -> None:
    kept = Kept()
    search_files(corpus(), TABLES, kept)
    pages = sum(1 for d in corpus() if d.kind == "page")
    assert kept.indexed == len(corpus())
    for change in (corpus(edited=101), corpus(added=True)):
        kept.indexed = 0
        assert search_files(change, TABLES, kept) == search_files(change, TABLES)
        assert 0 < kept.indexed < pages / 4, (kept.indexed, pages)


def test_runs_are_whole_pages_in_order() -> None:
    docs = corpus()
    start = sum(1 for d in docs if d.kind != "page")
    chunks = page_chunks(docs, start)
    assert len(chunks) > 2
    assert [d for _, chunk in chunks for d in chunk] == docs[start:]
    assert all(docs[first] is chunk[0] for first, chunk in chunks)
    titles = [{d.id.partition("#")[0] for d in chunk} for _, chunk in chunks]
    assert sum(map(len, titles)) == len(set().union(*titles))  # no page split between runs


def test_a_clean_build_keeps_the_search_parts_as_texts(tmp_path: Path) -> None:
    """After the search files are made (and let go), what a clean build still holds is about
    the size of the parts' cache file: as lists of ints, every run of pages held more than
    ten times its text until the build ended (about 600 MB at 10,000 wiki pages)."""
    reuse = Reuse.none(tmp_path)
    docs = corpus()
    search_files(docs, TABLES)  # what is imported and cached once, before counting
    tracemalloc.start()
    try:
        files = PreviousSite(reuse, "site").search_files(docs, TABLES)
        assert any(path.startswith("search/index/") for path in files)
        del files
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    reuse.write_caches(["site-search-parts"])
    size = (tmp_path / CACHE_DIR / "site-search-parts.json").stat().st_size
    assert len(reuse.kept["site-search-parts"]) > 10  # the core, the quoted rules, the runs of pages
    assert held < 3 * size, (held, size)
