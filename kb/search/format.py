"""``kb search`` as text: one block per hit with number, version, source and snippet."""

from __future__ import annotations

from kb.releases import shown
from kb.search.results import Hit
from kb.search.searcher import SearchResponse

_BOLD_YELLOW = ("\x1b[1;33m", "\x1b[0m")
_DIM = ("\x1b[2m", "\x1b[0m")


def format_response(response: SearchResponse, color: bool = False) -> str:
    lines = [f"注: {message}" for message in response.messages]
    for english, japanese in response.english:
        lines.append(f"注: {english} → {'、'.join(japanese)}")
    for rank, hit in enumerate(response.hits, start=1):
        lines.append(format_hit(rank, hit, color))
    return "\n".join(lines)


def format_hit(rank: int, hit: Hit, color: bool = False) -> str:
    d = hit.document
    version = f" [{shown(d.version)}]" if d.version else ""
    head = f"{rank}. {d.heading}{version}"
    snippet = hit.marked(*_BOLD_YELLOW) if color else hit.marked()
    cite = f"{_DIM[0]}{hit.citation}{_DIM[1]}" if color else hit.citation
    if hit.english_snippet:
        english = hit.marked(*_BOLD_YELLOW, english=True) if color else hit.marked(english=True)
        snippet += f"\n   EN: {english}"
    return f"{head}\n   {snippet}\n   {cite}"
