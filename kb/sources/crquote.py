"""Filling ``{{#CR:N}}`` quotes from the CR in the build.

On the wiki, ``{{#CR:702.26}}`` shows the CR block of rule 702.26: its ancestors' titles,
the rule and every subrule, under ``引用：総合ルール VERSION``.  The wikitext reader leaves
a citation section holding the reference ``CR:702.26``; here it gets the rules of the
newest CR read, quoted from the page's line.  Without a CR, or for a number the CR does
not have, the reference stays and the page gets a note saying so.
"""

from __future__ import annotations

from collections.abc import Iterable

from kb.graph import version_key
from kb.model import (
    Bullet,
    BulletList,
    CitationBlock,
    CRDocument,
    Example,
    PageNote,
    RuleEntry,
    SourceRef,
    WikiPage,
)
from kb.rulenum import RuleNumber


class CRIndex:
    """The newest CR's entries by number, with where each rule's block ends."""

    def __init__(self, document: CRDocument):
        self.document = document
        self.position = {entry.number: i for i, entry in enumerate(document.entries)}

    def block(self, number: RuleNumber) -> list[RuleEntry] | None:
        """Ancestors' entries, the rule, and its descendants, in CR order."""
        start = self.position.get(number)
        if start is None:
            return None
        entries = self.document.entries
        found = [entries[self.position[a]] for a in reversed(list(number.ancestors()))
                 if a in self.position]
        found.append(entries[start])
        for entry in entries[start + 1:]:
            if number not in entry.number.ancestors():
                break
            found.append(entry)
        return found


def newest_cr(documents: Iterable[CRDocument]) -> CRIndex | None:
    documents = list(documents)
    if not documents:
        return None
    return CRIndex(max(documents, key=lambda d: version_key(d.version)))


def expand_cr_quotes(pages: Iterable[WikiPage], cr: CRIndex | None) -> None:
    """Fill every page's pending quotes; what cannot be filled gets a page note."""
    for page in pages:
        for quote in page.cr_quotes:
            section = page.sections[quote.section]
            if cr is None:
                page.notes.append(PageNote(quote.line, (
                    f"{quote.raw} quotes rule {quote.number}, but the build has no CR text "
                    "(give one with --cr): kept as a reference")))
                continue
            entries = cr.block(quote.number)
            if entries is None:
                page.notes.append(PageNote(quote.line, (
                    f"{quote.raw}: rule {quote.number} is not in the CR {cr.document.version}: "
                    "kept as a reference")))
                continue
            version = cr.document.version
            source = SourceRef(page.path, quote.line, page.title)
            citation = CitationBlock(version, quote.line)
            quoted: set[RuleNumber] = set()
            roots: list[Bullet] = []
            by_number: dict[RuleNumber, Bullet] = {}
            for entry in entries:
                copy = RuleEntry(entry.number, version, entry.text, entry.kind, source,
                                 [Example(e.text, source) for e in entry.examples])
                citation.entries.append(copy)
                bullet = Bullet(f"{entry.number} {entry.text}", quote.line,
                                [Bullet(f"例：{e.text}", quote.line) for e in entry.examples])
                parent = next((by_number[a] for a in entry.number.ancestors() if a in quoted), None)
                (parent.children if parent is not None else roots).append(bullet)
                quoted.add(entry.number)
                by_number[entry.number] = bullet
            section.title = f"引用：総合ルール {version}"
            section.citation = citation
            section.blocks[:] = [BulletList(roots)]
