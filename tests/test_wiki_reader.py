"""The MTG Wiki reader: fixture pages with expected outlines, and the four seed pages."""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.errors import KbError
from kb.model import Bullet, BulletList, Paragraph, WikiPage
from kb.rulenum import RuleNumber
from kb.sources.wiki import parse_wiki_page

FIXTURES = Path(__file__).parent / "fixtures" / "wiki_pages.txt"


def _cases() -> list[tuple[str, str, str]]:
    text = FIXTURES.read_text(encoding="utf-8")
    cases = []
    for chunk in text.split("=== input ")[1:]:
        name, _, rest = chunk.partition("\n")
        page, _, expected = rest.partition("=== expected\n")
        cases.append((name.strip(), page.rstrip("\n") + "\n", expected.strip("\n")))
    return cases


def _bullets(items: list[Bullet], depth: int) -> list[str]:
    lines = []
    for item in items:
        lines.append("  " * depth + f"• {item.line}")
        lines += _bullets(item.children, depth + 1)
    return lines


def _blocks(blocks: list[Paragraph | BulletList]) -> list[str]:
    lines = []
    for block in blocks:
        if isinstance(block, Paragraph):
            lines.append(f"  P {block.line}")
        else:
            lines += _bullets(block.items, 1)
    return lines


def outline(page: WikiPage) -> str:
    lead = ", ".join(f"P {b.line}" if isinstance(b, Paragraph) else f"• {b.line}" for b in page.lead)
    lines = [
        f"title: {page.title}",
        f"skin: {page.skin}",
        f"english: {page.english_name or '-'}",
        "infobox: " + "; ".join(f"{k}={v}" for k, v in page.infobox.items()),
        f"lead: {lead}",
    ]
    for section in page.sections:
        lines.append(f"{'#' * section.level} {section.title} @{section.line}")
        lines += _blocks(section.blocks)
    citations = page.citations
    if citations:
        for citation in citations:
            entries = ", ".join(f"{e.number} {e.kind}" for e in citation.entries)
            lines.append(f"citation {citation.version}: {entries}")
    else:
        lines.append("citation: none")
    lines.append("names: " + ", ".join(f"{n.japanese}/{n.english}" for n in page.names))
    lines.append("marks: " + ", ".join(f"{line}:{n}" for line, n in page.footnote_marks))
    lines.append("dropped: " + "; ".join(f"{d.line} {d.reason}" for d in page.dropped))
    return "\n".join(lines)


@pytest.mark.parametrize(("name", "text", "expected"), _cases(), ids=[c[0] for c in _cases()])
def test_fixture_outline(name: str, text: str, expected: str) -> None:
    assert outline(parse_wiki_page(text, f"{name}.txt")) == expected


def lines_read(page: WikiPage) -> set[int]:
    """Every line number the parsed page accounts for."""
    seen: set[int] = {d.line for d in page.dropped}
    seen.update(page.infobox_line + i for i in range(len(page.infobox)) if page.infobox_line)

    def walk(blocks: list[Paragraph | BulletList]) -> None:
        for block in blocks:
            if isinstance(block, Paragraph):
                seen.add(block.line)
            else:
                stack = list(block.items)
                while stack:
                    bullet = stack.pop()
                    seen.add(bullet.line)
                    stack.extend(bullet.children)

    walk(page.lead)
    for section in page.sections:
        seen.add(section.line)
        walk(section.blocks)
    seen.update(n.line for n in page.names if n.japanese == page.title and n.section is None)
    return seen


def test_seed_pages_lose_no_line(seed_pages: list[WikiPage]) -> None:
    for page in seed_pages:
        text = Path(page.path).read_text(encoding="utf-8").split("\n")
        content = [i + 1 for i, line in enumerate(text) if line.strip()]
        missing = set(content[1:]) - lines_read(page)  # the first is the title
        assert not missing, f"{page.title}: lines {sorted(missing)} lost"


def test_seed_pages(seed_pages: list[WikiPage]) -> None:
    pages = {p.title: p for p in seed_pages}
    assert set(pages) == {"フェイジング", "変異", "タイムスタンプ", "継続的効果"}
    phasing = pages["フェイジング"]
    assert phasing.english_name == "Phasing"
    assert phasing.infobox == {"種別": "常在型能力", "登場セット": "ミラージュ・ブロック アンヒンジド", "CR": "CR:702.26"}
    assert [s.title for s in phasing.sections if s.level == 2] == [
        "定義", "解説", "ルール", "旧ルール", "現在のルールとの相違点", "その他", "参考", "引用：総合ルール 20231117.0",
    ]
    assert ("栄光の頌歌", "Glorious Anthem") in {(n.japanese, n.english) for n in phasing.names}
    quoted = [str(e.number) for e in phasing.citations[0].entries if e.kind == "text"]
    assert quoted == [f"702.26{c}" for c in "abcdefghijkmnp"]

    morph = pages["変異"]
    assert [f.number for f in morph.footnotes] == [1, 2, 3, 4]
    assert (81, 1) in morph.footnote_marks
    assert [s.title for s in morph.sections if s.level == 3][:2] == ["変異で唱える", "変異での特性"]

    timestamp = pages["タイムスタンプ"]
    assert timestamp.skin == "flat"
    assert timestamp.english_name == "Timestamp"
    numbers = [str(e.number) for e in timestamp.citations[0].entries]
    assert numbers.count("613.7") == 1
    assert [d.reason for d in timestamp.dropped].count("duplicated breadcrumb of the citation") == 2

    continuous = pages["継続的効果"]
    levels = {s.title: s.level for s in continuous.sections}
    assert levels["呪文や能力の解決によって生じる継続的効果"] == 3
    assert levels["その他"] == 3  # the contents line says 1.3


def test_empty_page_is_refused() -> None:
    with pytest.raises(KbError) as err:
        parse_wiki_page("\n\n  \n", "empty.txt")
    assert "empty.txt:1" in str(err.value)


def test_anchors_are_unique_and_readable() -> None:
    page = parse_wiki_page("題\n\n提供：MTG Wiki\n\n解説\n\n本文。\n\n解説\n\n二度目。\n", "a.txt")
    assert [s.anchor for s in page.sections] == ["解説", "解説-2"]


def test_quote_template_brackets_become_the_cr_brackets() -> None:
    text = "題\n\n引用：総合ルール 20231117.0\n\n• 702.37b 「大変異 [[[コスト]]]／Megamorph [cost]」を意味する。\n"
    entry = parse_wiki_page(text, "a.txt").citations[0].entries[0]
    assert entry.text == "「大変異 [コスト]／Megamorph [cost]」を意味する。"


def test_a_diff_page_records_each_reference_once_from_the_newer_column() -> None:
    from kb.graph import build_graph

    text = ("「変異」の版間の差分\n1行目:\t1行目:\n"
            "−\t古い文で{{CR|702.37a}}。\t+\t新しい文で{{CR|702.37b}}。\n"
            " \t{{#CR:104.3}}\t \t{{#CR:104.3}}\n \t \t+\t{{#cr:418}}\n")
    page = parse_wiki_page(text, "diff.txt")
    graph = build_graph([page], [])
    cited = sorted(str(n.number) for n in graph for p in n.pages)
    assert cited == ["104.3", "418", "702.37b"]


def test_headings_are_scanned_for_references() -> None:
    from kb.graph import build_graph

    page = parse_wiki_page("題\n\n提供：MTG Wiki\n\nルール CR:702.26\n\n本文。\n", "h.txt")
    graph = build_graph([page], [])
    assert [(p.line, p.section) for p in graph.nodes[RuleNumber.parse("702.26")].pages] == [
        (5, "ルール CR:702.26")]


def test_an_edit_page_is_refused_naming_the_page() -> None:
    with pytest.raises(KbError) as err:
        parse_wiki_page("「変異」を編集中\n警告: ログインしていません。\n", "edit.txt")
    assert err.value.line == 1 and "「変異」を編集中" in str(err.value)


def test_a_reader_mode_page_without_dash_bullets_is_read_as_reader_mode() -> None:
    # No blank lines between blocks: reader mode, whatever its bullets look like.
    text = ("項目\n提供：MTG Wiki\n項目/Entryは例。\n定義\n定義の文。\n• 箇条の一。\n• 箇条の二。\n"
            "解説\n解説の文。\n参考\n• 関連")
    page = parse_wiki_page(text, "r.txt")
    assert page.skin == "flat"
    assert [s.title for s in page.sections] == ["定義", "解説", "参考"]
