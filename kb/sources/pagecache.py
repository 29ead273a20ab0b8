"""Pages a rebuild reads again unchanged: taken from the previous build's cache instead of
parsed again.

A page is cached as it left its reader (before the build fills its ``{{#CR:N}}`` quotes
or names its cards), under a hash of what the reader read: the file's bytes, or for a
page of an export its title, newest revision text and revision.  An export page's lines
count from its ``<text>`` element, which moves when a page above it changes: it is
cached as read from line 1 and moved to where it now stands (:func:`shift_lines`).
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from typing import Any, Protocol

from kb.export import page_from_json, page_to_json
from kb.model import Block, Bullet, BulletList, CRQuote, Paragraph, WikiPage
from kb.rulenum import RuleNumber


class PageCache(Protocol):
    """Where parsed pages are kept between builds (:class:`kb.build.reuse.Memo`)."""

    def get(self, key: str) -> Any | None: ...

    def put(self, key: str, value: Any) -> None: ...


def cache_key(*parts: str | bytes) -> str:
    hasher = hashlib.blake2b(digest_size=16)
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        hasher.update(len(data).to_bytes(8, "little"))
        hasher.update(data)
    return hasher.hexdigest()


def to_cache(page: WikiPage) -> dict[str, Any]:
    # The cache is written with sorted keys: the infobox's order goes as a list of pairs.
    return {"page": {**page_to_json(page), "infobox": list(page.infobox.items())},
            "quotes": [[str(q.number), q.line, q.section, q.raw] for q in page.cr_quotes]}


def from_cache(value: Any, path: str) -> WikiPage | None:
    """The cached page as read from ``path``; None for an entry this code cannot read."""
    try:
        page = page_from_json({**value["page"], "path": path,
                               "infobox": dict(value["page"]["infobox"])})
        page.cr_quotes = [CRQuote(RuleNumber.parse(n), line, section, raw)
                          for n, line, section, raw in value["quotes"]]
    except (KeyError, TypeError, ValueError):
        return None
    return page


def shift_lines(page: WikiPage, delta: int) -> None:
    """Every line number the page records moved down by ``delta`` (its source lines)."""
    if delta == 0:
        return
    if page.infobox_line:
        page.infobox_line += delta
    _shift_blocks(page.lead, delta)
    for section in page.sections:
        section.line += delta
        _shift_blocks(section.blocks, delta)
        citation = section.citation
        if citation is not None:
            citation.line += delta
            for entry in citation.entries:
                entry.source = replace(entry.source, line=entry.source.line + delta)
                for example in entry.examples:
                    example.source = replace(example.source, line=example.source.line + delta)
    page.names = [replace(n, line=n.line + delta) for n in page.names]
    for footnote in page.footnotes:
        footnote.line += delta
    page.footnote_marks = [(line + delta, number) for line, number in page.footnote_marks]
    for dropped in page.dropped:
        dropped.line += delta
    page.cards = [replace(c, line=c.line + delta) for c in page.cards]
    page.cr_quotes = [replace(q, line=q.line + delta) for q in page.cr_quotes]
    page.notes = [replace(n, line=n.line + delta) for n in page.notes]
    for old in page.history:
        old.line += delta


def _shift_blocks(blocks: list[Block], delta: int) -> None:
    for block in blocks:
        if isinstance(block, Paragraph):
            block.line += delta
        elif isinstance(block, BulletList):
            stack: list[Bullet] = list(block.items)
            while stack:
                bullet = stack.pop()
                bullet.line += delta
                stack.extend(bullet.children)
