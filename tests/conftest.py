"""Shared fixtures: the seeds corpus, the shared CR file, and graphs built from them once."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import settings

from kb.graph import RuleGraph, build_graph
from kb.model import CRDocument, WikiPage
from kb.sources.cr import read_cr
from kb.sources.wiki import read_wiki_page

if TYPE_CHECKING:
    from kb.history import History

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
SHARED = ROOT.parent / "shared"
CR_DIR = SHARED / "data" / "cr-ja-20260116"
CR_FILE = CR_DIR / "rules.txt"
GLOSSARY_FILE = CR_DIR / "glossary.txt"
DEV_QUERIES = SHARED / "eval" / "dev_queries.tsv"

# Hypothesis profiles, chosen with HYPOTHESIS_PROFILE.  "ci" (the default) keeps
# hypothesis' usual 100 examples a test; the robustness fuzzers scale their budgets by the
# profile (tests/fuzzing.py): "dev" for a quick run, "deep" for a long hunt.  No example
# database (tests write nothing into the repository); a failure prints its reproduce blob.
settings.register_profile("ci", max_examples=100, print_blob=True, database=None)
settings.register_profile("dev", max_examples=10, print_blob=True, database=None)
settings.register_profile("deep", max_examples=2000, print_blob=True, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# Compiled user dictionaries go to a cache of the test run's own, not the user's
# ~/.cache/kb (subprocesses inherit it); a test of the cache sets its own.
os.environ["KB_CACHE_DIR"] = tempfile.mkdtemp(prefix="kb-test-cache-")

needs_cr = pytest.mark.skipif(not CR_FILE.is_file(), reason=f"the shared CR file is not at {CR_FILE}")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium for every browser test module (each skips itself without one)."""
    from bench.browser import chromium

    with chromium() as instance:
        yield instance


@pytest.fixture(scope="session")
def seed_pages() -> list[WikiPage]:
    return [read_wiki_page(p) for p in sorted((CORPUS / "wiki").glob("*.txt"))]


@pytest.fixture(scope="session")
def seed_graph(seed_pages: list[WikiPage]) -> RuleGraph:
    return build_graph(seed_pages, [])


@pytest.fixture(scope="session")
def cr_document() -> CRDocument:
    if not CR_FILE.is_file():
        pytest.skip(f"the shared CR file is not at {CR_FILE}")
    return read_cr(CR_FILE)


@pytest.fixture(scope="session")
def full_graph(seed_pages: list[WikiPage], cr_document: CRDocument) -> RuleGraph:
    return build_graph(seed_pages, [cr_document])


@pytest.fixture(scope="session")
def seed_site(seed_graph: RuleGraph, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The static site of the seeds corpus, built once (``kb.site``)."""
    from kb.site.builder import build_site

    out = tmp_path_factory.mktemp("seed-site") / "site"
    build_site(seed_graph, out)
    return out


@pytest.fixture(scope="session")
def search_seed_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A full build (graph, dictionary, index) of the seeds, made once per session, with the
    site's term index (``kb build --site-terms``) for the tests of the browser port."""
    from kb.build.pipeline import build
    from kb.build.state import BuildOptions

    out = tmp_path_factory.mktemp("search-seeds") / "_build"
    build(BuildOptions(corpus=CORPUS, out=out, site_terms=True))
    return out


@pytest.fixture(scope="session")
def search_full_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same with the shared CR (and the term index)."""
    from kb.build.pipeline import build
    from kb.build.state import BuildOptions

    if not CR_FILE.is_file():
        pytest.skip(f"the shared CR file is not at {CR_FILE}")
    out = tmp_path_factory.mktemp("search-full") / "_build"
    build(BuildOptions(corpus=CORPUS, cr=[CR_FILE], out=out, site_terms=True))
    return out


CR_EN = SHARED / "data" / "cr-en"
"""The English CR, every release 2003-03-15 to 2026-01-16 (``YYYY-MM-DD.txt``)."""
needs_cr_en = pytest.mark.skipif(not (CR_EN / "2026-01-16.txt").is_file(),
                                 reason=f"the English CR releases are not in {CR_EN}")


def english_files(first: str = "0000-00-00") -> list[Path]:
    """The English release files from ``first`` (an ISO date) on."""
    return sorted(p for p in CR_EN.glob("*.txt") if p.stem[:4].isdigit() and p.stem >= first)


RENUMBERED_PAGES = ROOT / "tests" / "fixtures" / "renumbered"
"""Wiki pages written under older releases (our own words): one quoting 719 of
20231117.0 (722 today), one citing morph as 702.36 under 20190125.0 (702.37 today)."""


@pytest.fixture(scope="session")
def english_history() -> History:
    """The English releases from 2019-01-25 to 2026-01-16, aligned."""
    if not (CR_EN / "2026-01-16.txt").is_file():
        pytest.skip(f"the English CR releases are not in {CR_EN}")
    from kb.history import build_history

    return build_history(english_files("2019-01-25"))


@pytest.fixture(scope="session")
def english_graph(seed_pages: list[WikiPage], cr_document: CRDocument,
                  english_history: History) -> RuleGraph:
    """The seeds, the renumbered pages, the Japanese CR and the English releases since
    2019 in one graph (``build_graph`` with the history)."""
    from kb.history.graph import english_rules
    from kb.sources.cr_en import read_cr_en

    pages = [*seed_pages, *(read_wiki_page(p) for p in sorted(RENUMBERED_PAGES.glob("*.txt")))]
    glossary = read_cr_en(english_history.latest.path).glossary
    english = english_rules(english_history, glossary, ["2023-11-17", "2019-01-25"])
    graph = build_graph(pages, [cr_document], english)
    graph.history = english_history
    return graph


@pytest.fixture(scope="session")
def english_full_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``kb build`` of the seeds, the Japanese CR and all 110 English releases."""
    from kb.build.pipeline import build
    from kb.build.state import BuildOptions

    if not CR_FILE.is_file() or not (CR_EN / "2026-01-16.txt").is_file():
        pytest.skip("the shared Japanese CR or English releases are missing")
    out = tmp_path_factory.mktemp("english-full") / "_build"
    build(BuildOptions(corpus=CORPUS, cr=[CR_FILE], cr_en=[CR_EN], out=out))
    return out
