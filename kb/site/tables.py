"""The tables the site's search applies to text and queries: variants and English names.

The search issue provides ``kb.search.tables.query_tables(graph)``; when that module is
present it is the source, so the CLI and the site normalise with the same tables.  Until
then the tables are derived here from the graph alone: English→Japanese from the name
pairs and glossary headwords, and spelling variants (``オモテ`` → ``表``) from Sudachi's
normalised form of the katakana words in glossary headwords and names.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field

from kb.graph import RuleGraph
from kb.normalize import fold

_KATAKANA_RE = re.compile(r"^[\u30a1-\u30fa\u30fc]{2,}$")
_KANJI_RE = re.compile(r"[\u4e00-\u9fff]")
_ENGLISH_RE = re.compile(r"[a-z]")


@dataclass
class QueryTables:
    variants: dict[str, str] = field(default_factory=dict)
    """Folded variant -> folded canonical form, applied to index text and queries alike."""
    english: dict[str, list[str]] = field(default_factory=dict)
    """Folded English name -> Japanese names (folded), for English queries."""


def query_tables(graph: RuleGraph) -> QueryTables:
    """The search issue's tables when available, else the graph-derived ones."""
    try:
        module = importlib.import_module("kb.search.tables")
    except ImportError:
        return derived_tables(graph)
    return from_search_tables(module.query_tables(graph))


def from_search_tables(found: object) -> QueryTables:
    """The site's tables from the search's (a ``QueryTables`` of :mod:`kb.search.tables`,
    or its JSON form as the build writes it in ``search/query_tables.json``)."""
    if isinstance(found, dict):
        variants, english = found.get("variants"), found.get("english")
    else:
        variants = getattr(found, "variants", None)
        english = getattr(found, "english", None)
    return QueryTables(
        {fold(k): fold(v) for k, v in (variants or {}).items()},
        {fold(k): [fold(x) for x in ([v] if isinstance(v, str) else v)] for k, v in (english or {}).items()},
    )


def derived_tables(graph: RuleGraph) -> QueryTables:
    tables = QueryTables()
    pairs = [(entry.japanese, entry.english) for entry in graph.names.values()]
    pairs += [(t.entry.headword, re.sub(r"\(\d\)$", "", t.entry.english).strip())
              for t in graph.glossary.values() if t.entry.headword]
    for japanese, english in pairs:
        key, value = fold(english), fold(japanese)
        if _ENGLISH_RE.search(key) and value and value != key:
            names = tables.english.setdefault(key, [])
            if value not in names:
                names.append(value)
    tables.variants = _katakana_variants([japanese for japanese, _ in pairs])
    return tables


def _katakana_variants(words: list[str]) -> dict[str, str]:
    """Katakana spellings that Sudachi normalises to kanji: オモテ向き has オモテ → 表."""
    try:
        from sudachipy import dictionary, tokenizer
    except ImportError:  # the site still builds; queries then match spelling exactly
        return {}
    analyser = dictionary.Dictionary().tokenizer(tokenizer.Tokenizer.SplitMode.A)
    variants: dict[str, str] = {}
    for word in sorted(set(words)):
        for morpheme in analyser.tokenize(word):
            surface, normal = morpheme.surface(), morpheme.normalized_form()
            if _KATAKANA_RE.match(surface) and _KANJI_RE.search(normal):
                variants.setdefault(fold(surface), fold(normal))
    return variants
