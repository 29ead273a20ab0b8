"""The glossary as small pieces: a page per term, preview files, and which terms to link.

A term link used to load the whole glossary (hundreds of KB); now it loads the term's
own page (``glossary/接死／Deathtouch.html``, a few KB), and hovering or focusing it loads
one preview file of a few dozen terms (``glossary/previews/N.js``, read by
``static/terms.js``).  ``glossary.html`` stays the index of every entry, with a filter.

Which terms prose links: glossary headwords and page titles, less the everyday words of
the rules (:func:`everyday_words`): a headword that most texts use (能力, カード, マナ)
says nothing a reader needs a link for, and a page full of such links hides the ones
that matter.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from markupsafe import Markup

from kb.build.reuse import Memo, digest
from kb.graph import RuleGraph
from kb.rulenum import RuleNumber
from kb.site.context import GlossaryTermPage, GlossaryView, RuleLink
from kb.site.jsdata import script_call
from kb.site.markup import LinkEnv, Prose
from kb.site.urls import (
    GLOSSARY,
    PREVIEW_SHARDS,
    glossary_anchor,
    glossary_preview_shard,
    page_slug,
)

PREVIEW_CHARS = 240
"""Of a definition, what a preview shows."""

EVERYDAY_SHARE = 0.15
"""A headword in more of the texts than this is everyday vocabulary, whatever its length."""
SHORT_EVERYDAY_SHARE = 0.02
SHORT = 2
"""A headword of up to this many characters in more texts than SHORT_EVERYDAY_SHARE is too
(マナ, 能力, 墓地, 対象): short words of the game, not terms a reader looks up."""


def glossary_paths(keys: Iterable[str]) -> dict[str, str]:
    """Glossary key -> its page, ``glossary/SLUG.html`` (slugs unique without case)."""
    paths: dict[str, str] = {}
    used: set[str] = set()
    for key in sorted(keys):
        slug, n = page_slug(key), 2
        base = slug
        while slug.lower() in used:
            slug, n = f"{base}_{n}", n + 1
        used.add(slug.lower())
        paths[key] = f"glossary/{slug}.html"
    return paths


def everyday_words(graph: RuleGraph, words: Iterable[str], memo: Memo | None = None) -> set[str]:
    """The ``words`` that are everyday vocabulary of the texts the site shows: in more
    than :data:`EVERYDAY_SHARE` of the rules' newest texts and the wiki's passages, or,
    being short, in more than :data:`SHORT_EVERYDAY_SHARE`.

    The texts are counted by chunk (the rules', then each wiki page's); with ``memo``, a
    chunk counted before for the same words is taken from the previous build, so a
    rebuild after one page's edit counts that page alone."""
    words = list(words)
    chunks = [[node.texts[0].text for node in graph if node.texts]]
    chunks += [[block.text for block in page.prose()] for page in graph.pages.values()]
    texts = sum(len(chunk) for chunk in chunks)
    if not texts:
        return set()
    listed = digest("everyday words", *words)
    keys = [digest(listed, *chunk) if memo is not None else "" for chunk in chunks]
    counts: list[dict[str, int] | None] = [None] * len(chunks)
    if memo is not None:
        for at, key in enumerate(keys):
            found = memo.get(key)
            counts[at] = found if isinstance(found, dict) else None
    missing = [at for at, found in enumerate(counts) if found is None]
    for at, found in zip(missing, _texts_containing([chunks[at] for at in missing], words), strict=True):
        counts[at] = found
        if memo is not None:
            memo.put(keys[at], found)
    seen: dict[str, int] = {}
    for found in counts:
        for word, count in (found or {}).items():
            seen[word] = seen.get(word, 0) + count
    return {word for word, count in seen.items()
            if count / texts > EVERYDAY_SHARE or (len(word) <= SHORT and count / texts > SHORT_EVERYDAY_SHARE)}


def _texts_containing(chunks: list[list[str]], words: list[str]) -> list[dict[str, int]]:
    """For each chunk of texts, how many of its texts hold each word (words in none left
    out)."""
    texts = [text for chunk in chunks for text in chunk]
    owner = [at for at, chunk in enumerate(chunks) for _ in chunk]
    found: list[dict[str, int]] = [{} for _ in chunks]
    if not texts:
        return found
    # One string and the start of each text in it: str.find runs in C, a text at a time
    # would not (hundreds of words × thousands of texts).
    joined = "\x00".join(texts)
    starts = list(itertools.accumulate((len(t) + 1 for t in texts[:-1]), initial=0))
    for word in words:
        at = joined.find(word)
        while at >= 0:
            text = bisect.bisect_right(starts, at) - 1
            counts = found[owner[text]]
            counts[word] = counts.get(word, 0) + 1
            next_text = starts[text + 1] if text + 1 < len(starts) else len(joined)
            at = joined.find(word, next_text)
    return found


def glossary_views(graph: RuleGraph, glossary: dict[str, str], prose: Prose,
                   page_path: str) -> list[GlossaryView]:
    """Every entry, by reading, rendered for a page at ``page_path``."""
    env = LinkEnv(page_path)
    english = graph.english_terms()
    english_env = LinkEnv(page_path, known=graph.nodes)
    views = []
    for key, term in sorted(graph.glossary.items(), key=lambda kv: (kv[1].entry.reading, kv[0])):
        entry = term.entry
        found = english.get(key)
        views.append(GlossaryView(
            key, glossary_anchor(key), entry.headword or f"（{entry.reading}）", entry.reading,
            entry.english, Markup(prose.inline(entry.definition, env)),
            [(graph.glossary[k].entry.headword or k, glossary[k]) for k in term.see_also],
            entry.version,
            Markup(prose.inline(found.definition, english_env)) if found is not None else None,
        ))
    return views


@dataclass
class TermPages:
    """The pages of the terms, sharing what every term page needs: the English glossary
    matched to the Japanese, and which rules list each term."""

    graph: RuleGraph
    glossary: dict[str, str]
    prose: Prose
    rule: Callable[[RuleNumber], RuleLink]
    """Makes a link (:meth:`kb.site.sitemap.SiteMap.rule`)."""

    def __post_init__(self) -> None:
        self.english = self.graph.english_terms()
        self.listed_by: dict[str, list[RuleNumber]] = {}
        for node in self.graph:
            for key in node.glossary:
                self.listed_by.setdefault(key, []).append(node.number)

    def page(self, key: str) -> GlossaryTermPage:
        """The page of one term: its entry, the rules it cites and the rules listing it."""
        graph, glossary, prose = self.graph, self.glossary, self.prose
        path = glossary[key]
        term = graph.glossary[key]
        entry = term.entry
        english = self.english.get(key)
        view = GlossaryView(
            key, glossary_anchor(key), entry.headword or f"（{entry.reading}）", entry.reading,
            entry.english, Markup(prose.inline(entry.definition, LinkEnv(path))),
            [(graph.glossary[k].entry.headword or k, glossary[k]) for k in term.see_also], entry.version,
            Markup(prose.inline(english.definition, LinkEnv(path, known=graph.nodes)))
            if english is not None else None)
        page = GlossaryTermPage(path=path, title=f"{view.headword}（用語集）", kind="glossary-term",
                                description=entry.definition[:150], entry=view,
                                index_path=f"{GLOSSARY}#{glossary_anchor(key)}")
        cited = sorted({link.target for link in term.references}, key=lambda n: n.sort_key)
        page.rules = [self.rule(n) for n in cited]
        page.cited_by = [self.rule(n) for n in self.listed_by.get(key, [])]
        return page


def preview_files(graph: RuleGraph, glossary: dict[str, str]) -> dict[str, str]:
    """``glossary/previews/N.js``: term path -> [headword, reading, English, definition]."""
    shards: dict[int, dict[str, list[str]]] = {n: {} for n in range(PREVIEW_SHARDS)}
    for key, term in graph.glossary.items():
        entry = term.entry
        path = glossary[key]
        text = entry.definition
        if len(text) > PREVIEW_CHARS:
            text = text[:PREVIEW_CHARS].rstrip() + "…"
        shards[glossary_preview_shard(path)][path] = [entry.headword or f"（{entry.reading}）", entry.reading,
                                             entry.english, text]
    if not graph.glossary:
        return {}
    return {f"glossary/previews/{n}.js": script_call("glossaryPreviews", n, found)
            for n, found in shards.items()}
