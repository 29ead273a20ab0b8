"""Is a check still about the rule text it was written against?

A check is due for review when the graph holds, for a rule it cites, a text in a newer CR
version that differs from the text the check was written against (compared with
:func:`kb.graph.same_text`), when the graph's own text of that version is not the one the
check's fingerprint names, or when a newer CR in the graph no longer has the rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from kb.checks.catalog import newest_cr_version
from kb.checks.fingerprint import fingerprint
from kb.checks.registry import CURRENT, Check, Citation, ExampleRef
from kb.graph import RuleGraph, RuleNode, same_text, version_key
from kb.rulenum import RuleNumber

if TYPE_CHECKING:
    from kb.checks.described import Described


@dataclass(frozen=True)
class Review:
    """Why one cited rule needs the check reviewed, with both texts to compare."""

    number: RuleNumber
    written_version: str
    written_text: str | None
    """The graph's text of the rule in the check's version; None when the graph lacks it."""
    version: str
    """The newer version whose text differs (or the check's own version, for a wrong fingerprint)."""
    text: str | None
    """That version's text; None when the rule is not in that CR at all."""
    reason: str


def reviews(check: Check | Described, graph: RuleGraph) -> list[Review]:
    found = []
    newest_cr = newest_cr_version(graph)
    for cite in check.cites:
        # The rule the number meant in the check's version, wherever it is numbered now.
        node = graph.cited(cite.number, cite.version)
        gone_after = graph.resolve(cite.number, cite.version).gone_after
        if node is None and gone_after is not None:
            found.append(Review(cite.number, cite.version, None, graph.newest_english or "",
                                None, f"the rule is gone: last in {gone_after}"))
        if node is not None and node.number != cite.number:
            text = node.texts[0].text if node.texts else None
            found.append(Review(cite.number, cite.version, None, graph.newest_english or "",
                                text, f"renumbered: {cite.number} of {cite.version} is "
                                f"{node.number} in {graph.newest_english}"))
        if node is not None and node.texts:
            found.extend(_review(cite, node, newest_cr))
        elif newest_cr is not None and gone_after is None:
            # A build with a CR that lacks the rule: it may have moved (never silently dropped).
            found.append(Review(cite.number, cite.version, None, newest_cr, None,
                                f"{cite.number} has no text in the {newest_cr} CR of this build"))
    for example in check.examples:
        found.extend(_example_review(example, graph))
    return found


def _example_review(example: ExampleRef, graph: RuleGraph) -> list[Review]:
    """The example a check reproduces must still be there with the text it was written from."""
    node = graph.get(example.rule)
    text = node.text_in(CURRENT) if node is not None else None
    if text is None:
        if any(s.kind == "cr" and s.version == CURRENT for s in graph.sources):
            return [Review(example.rule, CURRENT, None, CURRENT, None,
                           f"{example.rule} has no text in the {CURRENT} CR of this build, so no example {example.index}")]
        return []  # no CR of that version in this build: nothing to compare
    examples = text.examples
    if example.index > len(examples):
        return [Review(example.rule, CURRENT, None, CURRENT, None,
                       f"{example.rule} has no example {example.index} in {CURRENT}")]
    written = examples[example.index - 1].text
    if fingerprint(written) != example.fingerprint:
        return [Review(example.rule, CURRENT, written, CURRENT, written,
                       f"example {example} is not the text this check was written from ({example.fingerprint}; "
                       f"this text is {fingerprint(written)})")]
    return []


def _review(cite: Citation, node: RuleNode, newest_cr: str | None) -> list[Review]:
    version = cite.version
    written = node.text_in(version)
    written_text = written.text if written is not None else None
    if written_text is not None and fingerprint(written_text) != cite.fingerprint:
        return [Review(cite.number, version, written_text, version, written_text,
                       f"the graph's {version} text is not the one this check was written "
                       f"against ({cite.fingerprint}; this text is {fingerprint(written_text)})")]
    newer = [t for t in node.texts if version_key(t.version) > version_key(version)]
    if newer:
        latest = newer[0]  # texts are newest first
        unchanged = (same_text(latest.text, written_text) if written_text is not None
                     else fingerprint(latest.text) == cite.fingerprint)
        if not unchanged:
            return [Review(cite.number, version, written_text, latest.version, latest.text,
                           f"the text changed in {latest.version}")]
    elif newest_cr is not None and version_key(newest_cr) > version_key(version):
        return [Review(cite.number, version, written_text, newest_cr, None,
                       f"the rule is not in the {newest_cr} CR")]
    return []

