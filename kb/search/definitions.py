"""Which rule defines a concept: what a query naming the concept should show first.

The CR names a concept in a heading that has no text of its own (702.11 呪禁, 117 優先権)
and defines it in a subrule (702.11a, 117.1); its glossary entry points to the heading or
straight to the defining rule.  For each name, the defining rule is, in order:

1. a keyword's defining subrule as catalogued (``kb/checks/keywords.tsv``: 701.10's is
   701.10b), when the build has it with text;
2. otherwise the first subrule with text of a heading without text;
3. for a glossary headword no heading names, the first rule its entry cites (resolved as
   above when that is a heading).

A heading whose title is the name (the Japanese CR's glossary sometimes points to the
neighbouring heading: 統治者 → 723) is preferred over what the glossary says.

Besides, a rule whose text opens by defining something (「カードをある領域から探すとは、…」
701.23a, 「呪文や能力を打ち消すということは、…」 701.6a, 「オブジェクトをパーマネントに
合同させるとは、…」 729.2) defines that phrase and its head, the last word (Japanese puts
the head last: 探す, 打ち消す, 合同); a quoted name (「宝物／Treasure」・トークンとは) is the
name defined.
"""

from __future__ import annotations

import re

from kb.graph import RuleGraph, RuleNode, version_key
from kb.rulenum import RuleNumber
from kb.search.documents import title_names
from kb.search.terms import glossary_headwords


def defined_names(graph: RuleGraph) -> dict[str, list[str]]:
    """Rule number → the names it defines (a heading's title names, glossary headwords)."""
    catalogued = _catalogued_defining()
    defines: dict[str, list[str]] = {}
    named: set[str] = set()

    def add(rule: RuleNumber, names: list[str]) -> None:
        found = defines.setdefault(str(rule), [])
        found.extend(n for n in names if n not in found)
        named.update(names)

    for node in graph:
        if node.title and not node.has_text:
            defining = _defining(graph, node, catalogued)
            if defining is not None:
                add(defining, title_names(node.title))
    for node in graph:
        phrase = _defining_sentence(node)
        if phrase:
            add(node.number, phrase)
    for term in graph.glossary.values():
        headwords = [h for h in glossary_headwords(term.entry.headword) if h not in named]
        if not headwords or not term.references:
            continue
        cited = graph.nodes.get(term.references[0].target)
        if cited is None:
            continue
        defining = cited.number if cited.has_text else _defining(graph, cited, catalogued)
        if defining is not None:
            add(defining, headwords)
    return defines


_OPENING_DEFINITION_RE = re.compile(r"^([^。、「」()（）]{1,40}?|[^。()（）]{0,10}「[^」]+」[^。、]{0,12}?)(?<!こ)(?:ということ|と)は、")
"""A rule text opening 「X とは、」 or 「X ということは、」: a definition of X (short, one
clause; not 「X することは、」, which states something of X)."""
_QUOTED_RE = re.compile(r"「([^」／]+)(?:／([^」]+))?」")
_PARTICLE_RE = re.compile(r"[をのがにでや、・]|から")
_LIGHT_ENDING_RE = re.compile(r"(?:させる|する)$")
LIGHT_VERBS = frozenset({"する", "させる", "行う", "なる"})
"""The phrase's last word, a light verb する/させる dropped (合同させる → 合同)."""


def _defining_sentence(node: RuleNode) -> list[str]:
    """What the opening sentence of ``node``'s newest text defines: the phrase and its
    head, or the quoted names; nothing when it opens otherwise."""
    if not node.texts:
        return []
    text = max(node.texts, key=lambda t: version_key(t.version)).text
    match = _OPENING_DEFINITION_RE.match(text)
    if match is None:
        return []
    phrase = match.group(1).strip()
    quoted = _QUOTED_RE.findall(phrase)
    if quoted:
        return [name.strip() for pair in quoted for name in pair if name.strip()]
    last = _PARTICLE_RE.split(phrase)[-1]
    head = _LIGHT_ENDING_RE.sub("", last) or last
    return [phrase, *([head] if head not in LIGHT_VERBS and head != phrase else [])]


def _defining(graph: RuleGraph, heading: RuleNode,
              catalogued: dict[RuleNumber, RuleNumber]) -> RuleNumber | None:
    listed = catalogued.get(heading.number)
    if listed is not None and listed in graph.nodes and graph.nodes[listed].has_text:
        return listed
    children = sorted((child for child in graph.children(heading.number) if child.has_text),
                      key=lambda child: child.number)
    return children[0].number if children else None


def _catalogued_defining() -> dict[RuleNumber, RuleNumber]:
    from kb.checks.catalog import load_keywords

    return {row.rule: row.defining for row in load_keywords()}
