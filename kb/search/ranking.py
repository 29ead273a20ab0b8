"""How much a document of each kind is worth, all else equal: one definition for
``kb search`` (:mod:`kb.search.searcher`) and the site's browser search
(:mod:`kb.site.search_index` writes :data:`KIND_PRIOR` into ``search/meta.js``).

Imports nothing heavy: the site's search index reads it without Whoosh or Sudachi.
"""

from __future__ import annotations

KIND_PRIOR = {"rule": 1.0, "glossary": 0.55, "page": 0.4}
"""The rule is what to cite; a glossary line restates it, and wiki commentary
paraphrases it."""
VARIANT_SECTIONS = {"8": 0.7, "9": 0.7}
"""Multiplayer (8) and casual variants (9) restate core rules for one format; a query
that does not name the format means the core rule.  A query naming it (双頭巨人戦)
still finds them through their titles.  The browser search applies it too (``meta.js``).
0.85 → 0.7 (branch srch9): four queries of sets 1-3 answered by a core rule that a
format's restatement outranked came up (ループ 801.16, 先攻 805.3, 追加 フェイズ 805.8),
none went down; 0.6 changed nothing more."""

ALIAS_TIER_DROP = 0.5
"""A name reached through an alias ranks this much below the same literal match (in
``kb search``'s name tiers and the browser's, through ``meta.js``)."""

DEFINING_BOOST = 1.0
"""Of a query of several words, a document defining a concept its rarest word names
(:mod:`kb.search.definitions`: 絆魂 → 702.15b) weighs this much more: a question about
a keyword is most often answered by what the keyword does (702.15b before 702.15e).
``kb search`` and the browser's search (``meta.js``) alike."""


def prior(kind: str, rule: str | None) -> float:
    """The weight of a document of ``kind`` (for a rule, its number)."""
    weight = KIND_PRIOR[kind]
    if rule:
        weight *= VARIANT_SECTIONS.get(rule[0], 1.0)
    return weight
