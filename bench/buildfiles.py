"""Two builds' files compared, for the kill trials of ``tests/test_atomic_build.py`` and
``bench/robustness.py``: a build killed at any point must leave the previous build's
files, or the new build's, never a mix.

Each trial adds a marker page (``試行N``) to the corpus, so two whole builds differ in
that page's name, in the search index segment its title hashes to, and in how many
files the site search's character groups fill (the groups are joined by size).
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from kb.search.layout import DOCUMENTS_FILE, INDEX_DIR, SEARCH_DIR

MARKER = "試行"


def file_hashes(out: Path) -> dict[str, str]:
    """Every file of a build, by relative path, with its sha256."""
    return {str(path.relative_to(out)): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(out.rglob("*")) if path.is_file()}


def comparable_names(files: dict[str, str]) -> set[str]:
    """The file names up to the marker page's number (試行3.html is 試行4.html), the
    index segments' buckets (``kbsearchpages07`` is ``kbsearchpages``), the index's
    table of contents generation and the site search's group and word files (``index/7.js``
    is ``index/N.js``, ``words/3.js`` is ``words/N.js``: how many follows the corpus's
    bytes): what two whole builds of such corpora share.  That the indexes are whole is
    :func:`holds_every_document`'s to say."""
    def comparable(name: str) -> str:
        name = re.sub(f"{MARKER}[0-9]+", MARKER, name)
        name = re.sub(r"^site/search/(index|words)/[0-9]+\.js$", r"site/search/\1/N.js", name)
        name = re.sub(r"kbsearch(cr|quoted|pages)[0-9]+", r"kbsearch\1", name)
        return re.sub(r"_MAIN_[0-9]+\.toc$", "_MAIN_N.toc", name)

    return {comparable(name) for name in files}


def holds_every_document(build_dir: Path) -> bool:
    """The build's search index opens and holds every document of ``documents.json``, and
    the site search has exactly the group, word and document files its ``meta.js`` counts
    (the documents' in a folder for each file size, ``docs/16/3.js``)."""
    from whoosh.index import open_dir

    documents = json.loads((build_dir / SEARCH_DIR / DOCUMENTS_FILE).read_text(encoding="utf-8"))
    index = open_dir(str(build_dir / SEARCH_DIR / INDEX_DIR))
    with index.searcher() as searcher:
        if searcher.doc_count() != len(documents["documents"]):
            return False
    site = build_dir / "site" / "search"
    if not site.is_dir():
        return True
    meta = json.loads(re.sub(r"^[^(]*\(|\);?\s*$", "", (site / "meta.js").read_text(encoding="utf-8")))
    count = len(meta["groups"]) + sum(n for _, n in meta["splitGroups"].values()) + meta["restGroups"]
    words = meta.get("wordFiles", 0)
    sizes = meta.get("docLevels", [])
    return (sorted(p.name for p in (site / "index").glob("*.js")) == sorted(f"{n}.js" for n in range(count))
            and sorted(p.name for p in (site / "words").glob("*.js")) == sorted(f"{n}.js" for n in range(words))
            and sorted(str(p.relative_to(site / "docs")) for p in (site / "docs").rglob("*.js"))
            == sorted(f"{size}/{n}.js" for size in sizes for n in range(-(-meta["docs"] // size))))
