"""Search documents: one per rule (newest text), wiki passage and glossary term."""

from __future__ import annotations

from kb.graph import RuleGraph
from kb.search.documents import search_documents, without_references


def test_one_document_per_rule_with_its_newest_text(full_graph: RuleGraph) -> None:
    documents = search_documents(full_graph)
    keys = [d.key for d in documents]
    assert len(keys) == len(set(keys))
    by_key = {d.key: d for d in documents}
    rule = by_key["rule:702.26k"]
    assert rule.version == "20260116.0"  # the CR, newer than the wiki's 20231117.0 quote
    assert "領域変更による能力" in rule.text
    assert "領域変更誘発を誘発させない" in rule.fields["older"]  # the wiki's older wording
    assert rule.quoted_from is None
    assert "フェイジング" in rule.fields["context"]
    assert "フェイジング" in by_key["rule:702.26"].fields["title"]


def test_glossary_terms_name_the_rules_they_point_to(full_graph: RuleGraph) -> None:
    by_key = {d.key: d for d in search_documents(full_graph)}
    assert "マリガン" in by_key["rule:103.5"].names
    glossary = by_key["glossary:マリガン／Mulligan"]
    assert glossary.kind == "glossary" and "103.5" in glossary.cites


def test_seed_rules_come_from_the_wiki_quotes(seed_graph: RuleGraph) -> None:
    by_key = {d.key: d for d in search_documents(seed_graph)}
    rule = by_key["rule:702.26d"]
    assert rule.version == "20231117.0"
    assert rule.quoted_from == "フェイジング"
    assert rule.source.path.endswith("フェイジング.txt")


def test_wiki_passages_have_page_section_and_cited_rules(seed_graph: RuleGraph) -> None:
    pages = [d for d in search_documents(seed_graph) if d.kind == "page"]
    assert {d.page for d in pages} == set(seed_graph.pages)
    assert not any((d.section or "").startswith("引用") for d in pages)  # quotes are rule documents
    lead = next(d for d in pages if d.page == "フェイジング" and d.section is None)
    assert "702.26" in lead.cites and "Phasing" in lead.names
    bullet = next(d for d in pages if "次の状況起因処理で消滅する" in d.text)
    assert bullet.section == "ルール"
    assert "オーラなどは永遠に" in bullet.text  # the sub-bullet belongs to its bullet
    links = next(d for d in pages if d.section == "参考" and d.page == "フェイジング")
    assert "キーワード能力" in links.text and "ルーリング" in links.text  # short bullets grouped


def test_references_are_blanked_in_place() -> None:
    text = "誘発しない。rule 800.4 参照。(rule 704.5m、rule 704.5n 参照。)"
    blanked = without_references(text)
    assert len(blanked) == len(text)
    assert "800.4" not in blanked and "rule" not in blanked
    assert blanked.startswith("誘発しない。")


def test_coordinated_terms_need_a_term_of_art() -> None:
    from kb.search.documents import coordinated_terms

    known = {"置換効果", "軽減効果", "起動型能力", "誘発型能力"}
    assert coordinated_terms("複数の置換・軽減効果が", known) == ["置換効果"]
    assert coordinated_terms("起動型・誘発型能力と軽減・置換効果", known) == ["起動型能力", "軽減効果"]
    assert coordinated_terms("日暮・夜明、人間・兵士、フェイズ・アウト", known) == []
