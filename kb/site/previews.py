"""Rule previews for hover and focus: small script files, ten rules of a chapter each.

A page loads only the file of the rule under the pointer (``static/kb.js`` inserts a
``<script>``, which works from ``file://`` where ``fetch`` does not), so no page carries
the corpus.  Each entry holds the rule's heading, newest text (cut to a preview's length)
and version.
"""

from __future__ import annotations

from kb.graph import RuleGraph, RuleNode
from kb.site.jsdata import script_call
from kb.site.urls import preview_shard

PREVIEW_CHARS = 360


def preview_entry(graph: RuleGraph, node: RuleNode) -> list[str]:
    """[heading, text, version]; empty strings where the rule has none."""
    heading = node.title or next((graph.nodes[a].title for a in node.number.ancestors()
                                  if a in graph.nodes and graph.nodes[a].title), None) or ""
    if node.texts:
        newest = node.texts[0]
        text = newest.text if len(newest.text) <= PREVIEW_CHARS else newest.text[:PREVIEW_CHARS] + "…"
        return [heading, text, newest.version]
    if node.titles:
        return [heading, "", node.titles[0].version]
    return [heading, "", ""]


def preview_files(graph: RuleGraph) -> dict[str, str]:
    shards: dict[str, dict[str, list[str]]] = {}
    for node in graph:
        shards.setdefault(preview_shard(node.number), {})[str(node.number)] = preview_entry(graph, node)
    shards.setdefault("top", {})
    # The top file also names every file, so that a number of a missing chapter asks for none.
    return {f"previews/{name}.js": script_call("previews", name, entries, *([sorted(shards)] if name == "top" else []))
            for name, entries in shards.items()}
