"""The outline of the whole CR, as script files the frame loads when a reader opens it
(the desktop sidebar, the drawer on a phone): sections and chapters in ``outline.js``, each
chapter's rules in ``outline/CHAPTER.js``, each with its title or the start of its text.
Subrules are left to each rule's page, which lists them; no rule page carries the CR.
"""

from __future__ import annotations

from typing import Any

from kb.graph import RuleGraph
from kb.rulenum import Level
from kb.site.jsdata import script_call
from kb.site.rule_pages import summary_of
from kb.site.urls import OUTLINE


def outline_entries(graph: RuleGraph) -> list[Any]:
    """``[number, label, children]`` for each section; its chapters and their rules alike
    (a rule's children list empty).  The path is the number's (``rules/NUMBER.html``)."""
    top: list[Any] = []
    stack: dict[Level, list[Any]] = {}
    for node in graph:
        level = node.number.level
        if level > Level.RULE:
            continue
        entry: list[Any] = [str(node.number), node.title or summary_of(node) or "", []]
        parent = stack.get(Level(level - 1)) if level > Level.SECTION else None
        if parent is not None and parent[0] != str(node.number.parent):
            parent = None  # its parent is not in the graph: listed at the top
        (parent[2] if parent is not None else top).append(entry)
        stack[level] = entry
        for lower in (lvl for lvl in Level if lvl > level):
            stack.pop(lower, None)
    return top


def outline_files(graph: RuleGraph) -> dict[str, str]:
    """``outline.js`` (sections and chapters, each chapter with the number of its rules in
    place of its list) and ``outline/CHAPTER.js`` per chapter (its rules), so the frame
    loads only the chapter a reader opens."""
    top = outline_entries(graph)
    files: dict[str, str] = {}
    for section in top:
        for chapter in section[2]:
            rules = chapter[2]
            if rules:
                files[f"outline/{chapter[0]}.js"] = script_call("outline", chapter[0], rules)
            chapter[2] = len(rules)
    files[OUTLINE] = script_call("outline", "all", top)
    return files
