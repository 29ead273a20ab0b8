"""Reader for the glossary in wiki form (``=見出し（よみ）／English=`` then one definition line).

The official CR text carries the same glossary in its ``用語集`` section, which is what
kb reads (:mod:`kb.sources.cr`); this form (``../shared/data/cr-ja-20260116/glossary.txt``)
serves the tests as a cross-check of that reader, and is fuzzed with the readers.
"""

from __future__ import annotations

import re
from pathlib import Path

from kb.errors import KbError
from kb.model import GlossaryEntry, SourceRef
from kb.textio import read_text

_HEADING_RE = re.compile(r"^=(?P<head>[^=（]*)（(?P<reading>[^（）]+)）／(?P<english>[^=]+?)\s*=$")
_SKIP = ("----", "__NOTOC__")


def read_glossary_wiki(path: str | Path, version: str) -> list[GlossaryEntry]:
    return parse_glossary_wiki(read_text(path), str(path), version)


def parse_glossary_wiki(text: str, path: str, version: str) -> list[GlossaryEntry]:
    entries: list[GlossaryEntry] = []
    for index, raw in enumerate(text.split("\n")):
        line = raw.strip()
        if not line or line.startswith(_SKIP):
            continue
        match = _HEADING_RE.match(line)
        if match:
            entries.append(GlossaryEntry(
                headword=match.group("head").strip(),
                reading=match.group("reading").strip(),
                english=match.group("english").strip(),
                definition="",
                version=version,
                source=SourceRef(path, index + 1),
            ))
        elif line.startswith("="):
            raise KbError(f"glossary heading not understood: {line[:60]}", path, index + 1)
        elif entries:
            entry = entries[-1]
            entry.definition = f"{entry.definition}\n{line}" if entry.definition else line
        # Lines before the first heading are the wiki's note about where the text came from.
    return entries
