"""The outline of the whole CR, as one script file the frame loads when a reader opens it
(the desktop sidebar, the drawer on a phone): sections, chapters and rules, each with its
title or the start of its text.  Subrules are left to each rule's page, which lists them:
the file stays small (``outline.js``) and no rule page carries the whole CR.
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


def outline_file(graph: RuleGraph) -> dict[str, str]:
    return {OUTLINE: script_call("outline", "all", outline_entries(graph))}
