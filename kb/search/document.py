"""One search document as the index stores it and the searcher reads it back
(:class:`SearchDocument`), apart from how the documents are made from the graph
(:mod:`kb.search.documents`): a query loads this and not the graph."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field, fields
from typing import Any, Literal

from kb.model import SourceRef
from kb.releases import is_japanese_version, release_of
from kb.rulenum import RuleNumber, find_references

DocumentKind = Literal["rule", "page", "glossary"]
KIND_RANK: dict[str, int] = {"rule": 0, "glossary": 1, "page": 2}

FIELDS = ("title", "terms", "context", "body", "older")
"""Indexed text fields: a rule's own heading or a term's headword (``title``), other
names for it (``terms``: glossary headwords pointing to a rule, English names), where it
sits (``context``: parent titles, page and section), the text itself (``body``), and
superseded wordings (``older``)."""

@dataclass
class SearchDocument:
    key: str
    """``rule:702.26d``, ``page:フェイジング#ルール-3``, ``glossary:相棒／Companion``."""
    kind: DocumentKind
    heading: str
    """A one-line label for results: ``702.26d フェイジング／Phasing``, ``フェイジング › ルール``."""
    text: str
    """The text results show a snippet of (newest rule text, passage, definition)."""
    source: SourceRef
    rule: str | None = None
    page: str | None = None
    section: str | None = None
    anchor: str | None = None
    version: str | None = None
    quoted_from: str | None = None
    """For a rule whose newest text comes from a wiki citation block: that page."""
    from_wiki: bool = False
    """Some text of the rule (any version) comes from a wiki page's citation block, so an
    edit to a wiki page can change this document (the index keeps such rules apart)."""
    fields: dict[str, str] = field(default_factory=dict)
    english: str = ""
    """The English text results show beside :attr:`text` (a rule's newest English text, a
    glossary term's English definition); indexed as the English field."""
    cites: list[str] = field(default_factory=list)
    """Rule numbers the document states, mentions or points to."""
    names: list[str] = field(default_factory=list)
    """What the document is the entry for: a query equal to one of these (as analysed
    words) is an exact match: a keyword's title, a glossary headword, a page title."""
    name_keys: list[str] = field(default_factory=list)
    """``names`` as analysed words (set when indexing, see :func:`name_key`)."""
    defines: list[str] = field(default_factory=list)
    """Names of the concepts this rule defines (:mod:`kb.search.definitions`): a query
    naming one shows this rule first (呪禁 → 702.11a, not the heading 702.11)."""
    define_keys: list[str] = field(default_factory=list)
    """``defines`` as analysed words (set when indexing)."""
    title_key: str = ""
    """For the passage that carries a page's names: the page title as analysed words.  A
    query equal to it puts the page before every other exact match (a rule titled the
    same comes next): who types a page's title wants that page."""
    order: int = 0
    """Position among the documents of its group: the glossary, or one wiki page's
    passages.  Per group, so an edit to one page leaves every other document (and the
    index segments holding them) as it was.  A rule's is 0: rules go by their number
    (:attr:`rank`), so a release that adds or removes a rule leaves the other rules'
    documents as they were."""

    @property
    def rank(self) -> tuple[int, str, tuple[int, ...]]:
        """The stable order of documents: rules by number, glossary, then pages by title."""
        if self.kind == "rule" and self.rule:
            return KIND_RANK["rule"], "", _number_order(self.rule)
        return KIND_RANK[self.kind], self.page or "", (self.order,)

    @property
    def english_only(self) -> bool:
        """A rule only the English releases have (610.5 before its translation): its
        newest text is an English one."""
        return (self.kind == "rule" and self.version is not None
                and release_of(self.version) is not None and not is_japanese_version(self.version))

    def to_json(self) -> dict[str, Any]:
        # Field by field: dataclasses.asdict deep-copies, which costs seconds on the CR.
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["source"] = {"path": self.source.path, "line": self.source.line,
                          "page": self.source.page}
        data["fields"] = dict(self.fields)
        data["cites"] = list(self.cites)
        data["names"] = list(self.names)
        data["name_keys"] = list(self.name_keys)
        data["defines"] = list(self.defines)
        data["define_keys"] = list(self.define_keys)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SearchDocument:
        source = data["source"]
        return cls(**{**data, "source": SourceRef(source["path"], source["line"], source["page"])})

    @property
    def snippet_field(self) -> str:
        """The indexed field that holds :attr:`text` (a heading rule has no body)."""
        return "body" if self.fields.get("body") else "title"

    def all_text(self) -> str:
        """Every indexed field in one string: what the baselines search."""
        head = self.rule or ""
        return "\n".join([head, *(self.fields.get(name, "") for name in FIELDS)])


@functools.lru_cache(maxsize=1 << 13)
def _number_order(rule: str) -> tuple[int, ...]:
    return RuleNumber.parse(rule).sort_key


def without_references(text: str) -> str:
    """``text`` with each rule reference (``rule 704.5j 参照``, ``CR:702.26``) blanked out,
    same length: numbers are searched through ``cites``, and the words of a reference
    (rule → ルール, 参照) would otherwise match every query about 〜ルール."""
    refs = find_references(text)
    if not refs:
        return text
    chars = list(text)
    for ref in refs:
        chars[ref.start:ref.end] = " " * (ref.end - ref.start)
    return "".join(chars)
