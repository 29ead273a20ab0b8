"""Search results: each hit with a citation a user can paste and a highlighted snippet.

Highlights are spans of the *original* text (the analyzer keeps offsets through
folding), so a query 表向き marks オモテ向き in the rule as written, and ﾌｪｲｽﾞ･ｱｳﾄ
marks フェイズ・アウト.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Any

from kb.releases import described
from kb.search.document import SearchDocument

SNIPPET_CHARS = 120
LEAD_CHARS = 24
"""Context kept before the first highlight of a snippet."""
PLAIN_MARKS = ("【", "】")
"""Marks for text output; neither character occurs in the CR or the wiki seeds."""


@dataclass
class Hit:
    document: SearchDocument
    score: float
    why: str
    """``number`` (the rule typed), ``child`` / ``cites`` (around it), ``all`` (every
    word matched) or ``some`` (relaxed: some of the words)."""
    docnum: int = -1
    """The document's number in the index (for highlights read from the postings)."""
    tier: float = 0
    """Exact-name matches rank in tiers before other hits (see ``searcher._name_tier``)."""
    snippet: str = ""
    highlights: list[tuple[int, int]] = field(default_factory=list)
    """Spans of ``snippet`` that match the query."""
    english_snippet: str = ""
    """The same from the English text, when the document has one."""
    english_highlights: list[tuple[int, int]] = field(default_factory=list)

    @property
    def citation(self) -> str:
        return citation(self.document)

    def marked(self, open_mark: str = PLAIN_MARKS[0], close_mark: str = PLAIN_MARKS[1],
               escape: bool = False, english: bool = False) -> str:
        """The snippet (or the English one) with each highlight wrapped in the marks
        (HTML-escaped if asked)."""
        snippet, highlights = ((self.english_snippet, self.english_highlights) if english
                               else (self.snippet, self.highlights))
        out: list[str] = []
        last = 0
        quote = html.escape if escape else (lambda s: s)
        for start, end in highlights:
            out.append(quote(snippet[last:start]))
            out.append(open_mark + quote(snippet[start:end]) + close_mark)
            last = end
        out.append(quote(snippet[last:]))
        return "".join(out)

    def to_json(self) -> dict[str, Any]:
        d = self.document
        return {
            "rule": d.rule,
            "page": d.page,
            "section": d.section,
            "anchor": d.anchor,
            "kind": d.kind,
            "heading": d.heading,
            "version": d.version,
            "source": {"path": d.source.path, "line": d.source.line, "page": d.source.page},
            "citation": self.citation,
            "snippet": self.marked("<mark>", "</mark>", escape=True),
            "snippet_text": self.snippet,
            "highlights": [list(span) for span in self.highlights],
            "english": {
                "snippet": self.marked("<mark>", "</mark>", escape=True, english=True),
                "snippet_text": self.english_snippet,
                "highlights": [list(span) for span in self.english_highlights],
            } if self.english_snippet else None,
            "score": round(self.score, 4),
            "why": self.why,
        }


def citation(document: SearchDocument) -> str:
    """A line to paste: what it is, which CR version, and where it was read."""
    d = document
    where = f"{PurePath(d.source.path).name} {d.source.line}行"
    version = described(d.version) if d.version else ""
    if d.kind == "rule":
        if d.quoted_from:
            return f"総合ルール {d.rule}（{version}、MTG Wiki「{d.quoted_from}」の引用、{where}）"
        return f"総合ルール {d.rule}（{version}、{where}）"
    if d.kind == "glossary":
        return f"総合ルール 用語集「{d.heading.removeprefix('用語集 ')}」（{version}、{where}）"
    section = f"§{d.section}" if d.section else ""
    cites = f" — 言及: {', '.join(d.cites[:6])}" if d.cites else ""
    return f"MTG Wiki「{d.page}」{section}（{where}）{cites}"


def make_snippet(text: str, spans: list[tuple[int, int]],
                 width: int = SNIPPET_CHARS) -> tuple[str, list[tuple[int, int]]]:
    """The window of ``text`` with the most highlighted characters, and its spans."""
    text = text.replace("\n", " ")
    if len(text) <= width:
        return text, spans
    best_start, best_cover = 0, -1
    for anchor, _ in spans or [(0, 0)]:
        start = max(0, min(anchor - LEAD_CHARS, len(text) - width))
        # Never cut a highlight in two at the left edge.
        start = min([start, *(s for s, e in spans if s < start < e)])
        cover = sum(max(0, min(e, start + width) - max(s, start)) for s, e in spans)
        if cover > best_cover:
            best_start, best_cover = start, cover
    best_start = _word_boundary(text, best_start, spans)
    end = best_start + width
    # Nor at the right edge: the window grows to the end of a highlight it cuts.
    end = max([end, *(e for s, e in spans if s < end < e)])
    prefix = "…" if best_start > 0 else ""
    suffix = "…" if end < len(text) else ""
    shift = len(prefix) - best_start
    inside = [(max(s, best_start) + shift, min(e, end) + shift)
              for s, e in spans if e > best_start and s < end]
    return prefix + text[best_start:end] + suffix, inside


_BOUNDARIES = "。、 ）)」"


def _word_boundary(text: str, start: int, spans: list[tuple[int, int]]) -> int:
    """Move a snippet start just after a nearby punctuation mark, not past a highlight."""
    if start == 0:
        return 0
    limit = min([start + 12, *(s for s, _ in spans if s >= start)])
    for index in range(start - 1, limit):
        if text[index] in _BOUNDARIES:
            return index + 1
    return start
