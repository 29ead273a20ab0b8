"""The search box's suggestions as you type: a small prebuilt lists (``search/suggest/N.js``).

Rule headings (number and title), glossary headwords (with reading and English name)
and wiki page titles, each with its page; the box matches what is typed against a
folded key (NFKC, lower case, katakana as hiragana, no spaces or middle dots: the same
folding ``static/searchbox.js`` applies to the query).  Rule numbers are suggested
from the rule previews the site already has (``previews/*.js``), not from this list.
"""

from __future__ import annotations

import re
import unicodedata

from kb.graph import RuleGraph
from kb.search.terms import glossary_headwords
from kb.site.jsdata import script_call
from kb.site.sitemap import SiteMap

_DROP_RE = re.compile(r"[\s・･／/]")


def suggest_key(text: str) -> str:
    """What a suggestion is matched by; ``searchbox.js``'s ``fold`` does the same."""
    folded = _DROP_RE.sub("", unicodedata.normalize("NFKC", text).lower())
    return "".join(chr(ord(c) - 0x60) if "\u30a1" <= c <= "\u30f6" else c for c in folded)


SHARDS = 32
"""Files of suggestions, by the first character of a name: ``search/suggest/N.js``."""


def suggestions(graph: RuleGraph, sitemap: SiteMap) -> list[tuple[str, list[str]]]:
    """(name, [label, site path, kind (``r`` rule, ``g`` glossary, ``p`` page), detail]):
    every name a suggestion is found by, folded (:func:`suggest_key`)."""
    rows: list[tuple[str, list[str]]] = []
    for title, path in sorted(sitemap.pages.items()):
        english = graph.pages[title].english_name or ""
        row = [title, path, "p", english]
        rows += [(suggest_key(name), row) for name in (title, english) if name]
    for key, term in sorted(graph.glossary.items(), key=lambda kv: kv[1].entry.reading):
        entry = term.entry
        row = [entry.headword or f"（{entry.reading}）", sitemap.glossary[key], "g", entry.english]
        names = [*glossary_headwords(entry.headword), entry.reading, entry.english]
        rows += [(suggest_key(name), row) for name in dict.fromkeys(names) if name]
    for node in graph:
        if node.titles and node.title:
            ja, _, en = node.title.partition("／")
            row = [f"{node.number} {ja}", sitemap.rule(node.number).path, "r", en]
            rows += [(suggest_key(name), row) for name in (ja, en) if name]
    return rows


def suggest_shard(key: str) -> int:
    """FNV-1a of the key's first character (as ``searchbox.js`` computes it)."""
    value = 0x811C9DC5
    for char in key[:1]:
        value = ((value ^ ord(char)) * 0x01000193) & 0xFFFFFFFF
    return value % SHARDS


def suggest_files(graph: RuleGraph, sitemap: SiteMap) -> dict[str, str]:
    """``search/suggest/N.js``: [[key, label, path, kind, detail], …] of the names whose
    first character falls in shard N, shortest key first."""
    shards: dict[int, list[list[str]]] = {n: [] for n in range(SHARDS)}
    for key, row in suggestions(graph, sitemap):
        if key:
            shards[suggest_shard(key)].append([key, *row])
    return {f"search/suggest/{n}.js": script_call("searchSuggest", n, sorted(rows, key=lambda r: (len(r[0]), r[0])))
            for n, rows in shards.items()}
