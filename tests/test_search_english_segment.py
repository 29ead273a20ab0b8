"""The CR's English texts in a segment of their own (``kbsearchen00``) read as they did when
they were a field of their rule's document: same numbering, stored data, scores, hits,
snippets and highlights (:mod:`kb.search.numbering`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS, CR_FILE, english_files, needs_cr, needs_cr_en

from kb.search.index import ENGLISH_SEGMENT, OpenIndex, open_index, read_documents, write_index
from kb.search.searcher import Searcher

pytestmark = [needs_cr, needs_cr_en]

QUERIES = ["deathtouch damage", "blight", "one-shot effects", "static abilities create",
           "partner with", "610.5", "702.124", "コスト 唱える 単発的効果", "単発的効果",
           "接死 ダメージ", "パートナー", "呪禁", "フェイズアウト", "統率者 パートナー"]
"""English and Japanese words, and the numbers of a rule only the English releases have
(610.5, added by 2026-01-16) and of rules around it."""


@pytest.fixture(scope="module")
def english_build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The seeds, the Japanese CR and the English 2025-11-14 and 2026-01-16."""
    from kb.build.pipeline import build
    from kb.build.state import BuildOptions

    out = tmp_path_factory.mktemp("english-segment") / "_build"
    build(BuildOptions(corpus=CORPUS, cr=[CR_FILE], cr_en=english_files("2025-11-14"), out=out))
    return out


def one_segment_searcher(build: Path, folder: Path) -> Searcher:
    """The build's documents indexed as before the English segment: the CR's documents,
    English text included, in one segment."""
    from whoosh.index import open_dir

    from kb.search.index import segment_groups

    documents = read_documents(build)
    groups = [(segment, group) for segment, group in segment_groups(documents)
              if segment not in ("kbsearchcr00", ENGLISH_SEGMENT)]
    groups.insert(0, ("kbsearchcr00", [d for d in documents if d.kind != "page" and not d.from_wiki]))
    opened = open_index(build)
    write_index(documents, folder, opened.user_dictionary, groups=groups)
    meta = {key: value for key, value in opened.meta.items() if key != "english"}
    return Searcher(OpenIndex(open_dir(str(folder)), meta, opened.user_dictionary, opened.tables))


def answers(searcher: Searcher, query: str) -> list[Any]:
    response = searcher.search(query, limit=30)
    return [response.messages, [(h.document.to_json(), repr(h.score), h.why, h.tier, h.docnum, h.snippet,
                                 h.highlights, h.english_snippet, h.english_highlights)
                                for h in response.hits]]


def test_the_english_segment_reads_as_one_document_per_rule(english_build: Path, tmp_path: Path) -> None:
    split = Searcher.open(english_build)
    whole = one_segment_searcher(english_build, tmp_path / "index")
    try:
        segments = [s.segid for s in split.opened.index._segments()]
        assert "kbsearchen00" in segments and "kbsearchcr00" in segments
        documents = read_documents(english_build)
        assert "rule:610.5" in {d.key for d in documents if d.english_only}
        assert split.searcher.doc_count_all() == whole.searcher.doc_count_all() == len(documents)
        assert ([json.dumps(stored, sort_keys=True) for _, stored in split.searcher.reader().iter_docs()]
                == [json.dumps(stored, sort_keys=True) for _, stored in whole.searcher.reader().iter_docs()])
        for field, text in (("english", "deathtouch"), ("english", "blight"), ("body", "唱える"),
                            ("context", "呪文"), ("title", "パートナー")):
            ours, theirs = split.postings.term(field, text), whole.postings.term(field, text)
            assert ours and list(ours.items()) == list(theirs.items()), (field, text)
        for query in QUERIES:
            assert answers(split, query) == answers(whole, query), query
    finally:
        split.close()
        whole.close()
