"""What search finds: one document per rule, per wiki passage, per glossary term.

- A **rule** is one document however many CR versions quote it: its newest text (with
  examples) is what results show; older wordings are indexed in a field of their own
  so that a query in an older wording still finds the rule.  Its heading title, the
  titles of its parents, and the glossary terms whose definitions point to it are
  indexed alongside.
- A **wiki passage** is a paragraph, or a top-level bullet with its sub-bullets, or a
  run of short bullets (a list of links), within one section; it knows its page,
  section and the rule numbers it mentions.  Citation blocks are not passages: the
  rules they quote are rule documents.
- A **glossary term** is its headword, English name and definition.

Each document keeps the fields the index weighs separately (:data:`FIELDS`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from kb.graph import GlossaryTerm, RuleGraph, RuleNode, RuleText, same_text, version_key
from kb.model import Block, Bullet, Paragraph, Section, SourceRef, WikiPage
from kb.normalize import fold
from kb.rulenum import find_references
from kb.search.document import FIELDS, KIND_RANK, DocumentKind, SearchDocument, without_references
from kb.search.terms import glossary_headwords, terms_of_art
from kb.sources.cards import card_names_in

__all__ = ["FIELDS", "KIND_RANK", "DocumentKind", "SearchDocument", "search_documents",
           "without_references"]

_QUOTED_TERM_RE = re.compile(r"「([^「」]{1,24})」")
_COORDINATED_RE = re.compile(r"[\u4e00-\u9fff々]+(?:・[\u4e00-\u9fff々]+)+")

SHORT_BULLET = 40
"""Top-level bullets shorter than this, without sub-bullets, are grouped (link lists)."""


def search_documents(graph: RuleGraph) -> list[SearchDocument]:
    """Every document of the graph, in a stable order: rules, glossary, pages."""
    # Rules keep order 0: they go by number (SearchDocument.rank).
    groups: list[list[SearchDocument]] = [list(_glossary_documents(graph))]
    groups += [list(_page_passages(graph.pages[title])) for title in sorted(graph.pages)]
    for group in groups:
        for order, document in enumerate(group):
            document.order = order
    return [*_rule_documents(graph), *(document for group in groups for document in group)]


# -- rules ------------------------------------------------------------------------------


def _rule_documents(graph: RuleGraph) -> Iterator[SearchDocument]:
    from kb.search.definitions import defined_names

    defined = defined_names(graph)
    known = terms_of_art(graph)
    for node in graph:
        english = node.english_text
        statements = node.texts + node.titles or ([english] if english is not None else [])
        if not statements:
            continue
        newest = max(statements, key=lambda t: version_key(t.version))
        older = _distinct_older(statements, newest)
        body = "\n".join([newest.text, *(f"例：{e.text}" for e in newest.examples)])
        source = newest.source
        yield SearchDocument(
            key=f"rule:{node.number}",
            kind="rule",
            heading=f"{node.number} {_rule_label(graph, node)}".rstrip(),
            text=body,
            source=source,
            rule=str(node.number),
            version=newest.version,
            quoted_from=source.page,
            from_wiki=node.quoted_by_wiki,
            fields={
                "title": node.title or "",
                "terms": " ".join([*_glossary_names(graph, node), *quoted_terms(newest.text),
                                   *coordinated_terms(newest.text, known)]),
                "context": " ".join(_parent_titles(graph, node)),
                "body": body if newest.kind == "text" else "",
                "older": "\n".join(t.text for t in older),
            },
            english=_english_body(english) if english is not None else "",
            cites=[str(node.number), *sorted({str(link.target) for link in node.references})],
            names=[*title_names(node.title), *_glossary_names(graph, node)],
            defines=defined.get(str(node.number), []),
        )


def _english_body(text: RuleText) -> str:
    return "\n".join([text.text, *(f"Example: {e.text}" for e in text.examples)])


def _distinct_older(statements: list[RuleText], newest: RuleText) -> list[RuleText]:
    kept: list[RuleText] = []
    for text in statements:
        if text is newest or same_text(text.text, newest.text):
            continue
        if not any(same_text(text.text, k.text) for k in kept):
            kept.append(text)
    return kept


def _rule_label(graph: RuleGraph, node: RuleNode) -> str:
    """The rule's own title, or the nearest titled parent's."""
    if node.title:
        return node.title
    for ancestor in node.number.ancestors():
        parent = graph.nodes.get(ancestor)
        if parent is not None and parent.title:
            return parent.title
    return ""


def _parent_titles(graph: RuleGraph, node: RuleNode) -> list[str]:
    titles = []
    for ancestor in node.number.ancestors():
        parent = graph.nodes.get(ancestor)
        if parent is not None and parent.title:
            titles.append(parent.title)
    return titles


def coordinated_terms(text: str, known: set[str]) -> list[str]:
    """The terms a 「・」-joined compound stands for: 置換・軽減効果 is 置換効果 and 軽減効果,
    起動型・誘発型能力 起動型能力 and 誘発型能力.  Each earlier part takes a tail of the last
    part; a reading counts only where it is a term of art (``known``, folded), so
    日暮・夜明 or 人間・兵士 give nothing."""
    found: list[str] = []
    for match in _COORDINATED_RE.finditer(text):
        parts = match.group(0).split("・")
        last = parts[-1]
        for part in parts[:-1]:
            for cut in range(1, len(last)):
                term = part + last[cut:]
                if fold(term) in known and term not in found:
                    found.append(term)
    return found


def quoted_terms(text: str) -> list[str]:
    """Short 「…」 phrases: the CR quotes the term a rule names or defines
    (「間接的に」フェイズ・アウトすると言う, 「毒／poison」カウンター)."""
    return [m.group(1) for m in _QUOTED_TERM_RE.finditer(text)]


def _glossary_names(graph: RuleGraph, node: RuleNode) -> list[str]:
    """Headwords (and English names) of the glossary entries that point to the rule."""
    names = []
    for key in node.glossary:
        term = graph.glossary.get(key)
        if term is not None:
            names.extend([*glossary_headwords(term.entry.headword), term.entry.english])
    return [n for n in names if n]


def title_names(title: str | None) -> list[str]:
    """``フェイジング／Phasing`` → both names."""
    return [part.strip() for part in (title or "").split("／") if part.strip()]


# -- glossary ---------------------------------------------------------------------------


def _glossary_documents(graph: RuleGraph) -> Iterator[SearchDocument]:
    english = {key: term.definition for key, term in graph.english_terms().items()}
    for key, term in graph.glossary.items():
        entry = term.entry
        name = entry.headword or f"（{entry.reading}）"
        yield SearchDocument(
            key=f"glossary:{key}",
            kind="glossary",
            heading=f"用語集 {name}／{entry.english}",
            text=entry.definition,
            source=entry.source,
            version=entry.version,
            fields={
                "title": entry.headword or entry.reading,
                "terms": f"{entry.english} {entry.reading}",
                "context": "用語集",
                "body": entry.definition,
            },
            english=english.get(key, ""),
            cites=_cited(term),
            names=[*glossary_headwords(entry.headword), entry.english],
        )


def _cited(term: GlossaryTerm) -> list[str]:
    return sorted({str(link.target) for link in term.references})


# -- wiki pages -------------------------------------------------------------------------


def _page_passages(page: WikiPage) -> Iterator[SearchDocument]:
    other_names = " ".join([page.english_name or "", *(f"{n.japanese} {n.english}" for n in page.names
                                                         if n.japanese == page.title)])
    names = [page.title, *([page.english_name] if page.english_name else [])]
    lead_lines = [f"{key}: {value}" for key, value in page.infobox.items()]
    lead_lines += [text for block in page.lead for text, _ in _block_texts(block)]
    if lead_lines:
        first_line = page.infobox_line if page.infobox else _first_line(page.lead)
        lead = _passage(page, None, "\n".join(lead_lines), first_line, 0,
                        title=f"{page.title} {other_names}".strip())
        lead.names, names = names, []
        yield lead
    parents: list[Section] = []
    for section in page.sections:
        parents = [s for s in parents if s.level < section.level]
        trail = [*parents, section]
        parents.append(section)
        if section.citation is not None:
            continue
        for index, (text, line) in enumerate(_groups(section.blocks)):
            passage = _passage(page, trail, text, line, index + 1)
            if names:  # no lead: the first passage carries the page's names
                passage.names, names = names, []
            yield passage


def _passage(page: WikiPage, trail: list[Section] | None, text: str, line: int, index: int,
             title: str = "") -> SearchDocument:
    section = trail[-1] if trail else None
    where = " › ".join(s.title for s in trail) if trail else ""
    cites: list[str] = []
    for ref in find_references(text):
        cites.extend(str(n) for n in ref.numbers if str(n) not in cites)
    anchor = section.anchor if section else None
    return SearchDocument(
        key=f"page:{page.title}#{anchor or 'lead'}-{index}",
        kind="page",
        heading=f"{page.title} › {where}" if where else page.title,
        text=text,
        source=SourceRef(page.path, line, page.title),
        page=page.title,
        section=section.title if section else None,
        anchor=anchor,
        fields={"title": title, "terms": " ".join(card_names_in(page, text)),
                "context": f"{page.title} {where}".strip(), "body": text},
        cites=cites,
    )


def _groups(blocks: list[Block]) -> Iterator[tuple[str, int]]:
    """Paragraphs one by one; top-level bullets with their sub-bullets; runs of short
    bullets together."""
    short: list[tuple[str, int]] = []
    for block in blocks:
        if isinstance(block, Paragraph):
            if short:
                yield _joined(short)
                short = []
            yield block.text, block.line
            continue
        for bullet in block.items:
            texts = _bullet_texts(bullet)
            if len(texts) == 1 and len(bullet.text) < SHORT_BULLET:
                short.append((bullet.text, bullet.line))
                continue
            if short:
                yield _joined(short)
                short = []
            yield "\n".join(t for t, _ in texts), bullet.line
    if short:
        yield _joined(short)


def _joined(items: list[tuple[str, int]]) -> tuple[str, int]:
    return "\n".join(t for t, _ in items), items[0][1]


def _block_texts(block: Block) -> list[tuple[str, int]]:
    if isinstance(block, Paragraph):
        return [(block.text, block.line)]
    return [pair for bullet in block.items for pair in _bullet_texts(bullet)]


def _bullet_texts(bullet: Bullet) -> list[tuple[str, int]]:
    found = [(bullet.text, bullet.line)]
    for child in bullet.children:
        found.extend(_bullet_texts(child))
    return found


def _first_line(blocks: list[Block]) -> int:
    return blocks[0].line if blocks else 1
