"""Shared fixtures: the seeds corpus, the shared CR file, and graphs built from them once."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

from kb.graph import RuleGraph, build_graph
from kb.model import CRDocument, WikiPage
from kb.sources.cr import read_cr
from kb.sources.wiki import read_wiki_page

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

needs_cr = pytest.mark.skipif(not CR_FILE.is_file(), reason=f"the shared CR file is not at {CR_FILE}")


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
    """A full build (graph, dictionary, index) of the seeds, made once per session."""
    from kb.build.pipeline import build
    from kb.build.state import BuildOptions

    out = tmp_path_factory.mktemp("search-seeds") / "_build"
    build(BuildOptions(corpus=CORPUS, out=out))
    return out


@pytest.fixture(scope="session")
def search_full_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same with the shared CR."""
    from kb.build.pipeline import build
    from kb.build.state import BuildOptions

    if not CR_FILE.is_file():
        pytest.skip(f"the shared CR file is not at {CR_FILE}")
    out = tmp_path_factory.mktemp("search-full") / "_build"
    build(BuildOptions(corpus=CORPUS, cr=[CR_FILE], out=out))
    return out
