"""Wiki text that may state an older rule than the build's current CR: where, and why.

A claim is one passage (a bullet with its sub-bullets, or a paragraph) or one entry of a
quote block, of one page, about one rule as numbered today.  It is outdated when

- ``changed``: the rule's text changed after the page's version (the quote block's
  release, else the page's date): a quoted 20231117.0 text that 20260116.0 words
  otherwise, or a passage mentioning a rule whose text changed since (compared with
  :func:`kb.graph.same_text`; without the older text, the English history says);
- ``contradicted``: an executable check names the passage as ``wiki_outdated=`` (it
  shows the current rules say otherwise), or a check illustrating the passage
  (``wiki=``) needs review because the rule's text changed since it was written.

The site marks each on the wiki page, in the search result and beside the page on the
rule's page; ``kb search`` adds the note to the hits (``outdated.json`` in the build,
written by the ``checks`` stage).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from kb.model import Bullet, BulletList, Paragraph, WikiPage
from kb.releases import is_japanese_version, release_of, version_key
from kb.rulenum import RuleNumber, find_references

if TYPE_CHECKING:  # kb search reads the claims file: it must not load the graph (tests/test_layering.py)
    from kb.graph import RuleGraph, RuleNode, RuleText

OUTDATED_FILE = "outdated.json"
FORMAT = "kb-outdated/1"

Reason = Literal["changed", "contradicted"]


@dataclass(frozen=True)
class OutdatedClaim:
    page: str
    anchor: str | None
    """The section's anchor; None for the lead."""
    line: int
    """The first line of the passage or quote entry in the page's file."""
    kind: Literal["passage", "quote"]
    text: str
    """The passage's own text (its first bullet or paragraph), to find it again."""
    version: str
    """The page's version: the quote block's (``20231117.0``) or the page's date."""
    rule: str
    """The rule, numbered today."""
    current: str
    """The version it is compared with: the newest Japanese CR text of the rule."""
    reason: Reason
    check: str | None = None
    """The check that shows it, for ``contradicted`` (and ``changed`` found by a check)."""

    @property
    def note(self) -> str:
        return f"この記述は {self.version} 時点。現行 {self.rule} と異なる可能性"

    @property
    def why(self) -> str:
        if self.reason == "contradicted" and self.check:
            return f"チェック {self.check} が現行ルールとの違いを示す"
        return f"{self.rule} の本文は {self.current} で変わった"

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "note": self.note, "why": self.why}


def page_version(page: WikiPage) -> str | None:
    """The version a page was written against: its revision's date, else the newest
    release its quote blocks quote (as the quote names it: ``20231117.0``)."""
    stamp = page.revision.timestamp
    if stamp and release_of(stamp[:10]) is not None:
        return stamp[:10]
    quoted = [c.version for c in page.citations if c.entries]
    return max(quoted, key=version_key) if quoted else None


def _text_then(node: RuleNode, version: str) -> RuleText | None:
    """The rule's Japanese text in force at ``version`` (the newest not after it)."""
    day = release_of(version)
    for text in node.texts:  # newest first
        if text.version == version or (day is not None and (release_of(text.version) or "") <= day):
            return text
    return None


def _newest_japanese(node: RuleNode) -> RuleText | None:
    return next((t for t in node.texts if is_japanese_version(t.version)), None)


def changed_since(node: RuleNode, version: str) -> str | None:
    """The newer version whose text of ``node`` differs from its text at ``version``;
    None when it did not change (or nothing says)."""
    newest = _newest_japanese(node)
    day = release_of(version)
    if newest is None or day is None or (release_of(newest.version) or "") <= day:
        return None
    then = _text_then(node, version)
    if then is not None and then is not newest:
        from kb.graph import same_text

        return None if same_text(then.text, newest.text) else newest.version
    if then is None:
        # No Japanese text of that time: the English history tells whether it changed.
        for span in node.history:
            if span.change in ("changed", "added") and day < span.first <= (release_of(newest.version) or ""):
                return newest.version
    return None


def _passages(blocks: Iterable[Paragraph | BulletList]) -> Iterator[tuple[int, str, str]]:
    """(line, own text, text with sub-bullets) of each top-level passage."""
    def whole(bullet: Bullet) -> str:
        return "\n".join([bullet.text, *(whole(c) for c in bullet.children)])

    for block in blocks:
        if isinstance(block, Paragraph):
            yield block.line, block.text, block.text
        else:
            for item in block.items:
                yield item.line, item.text, whole(item)


def outdated_claims(graph: RuleGraph) -> list[OutdatedClaim]:
    """Every outdated claim of every page, by page, then line."""
    found: dict[tuple[str, int, str], OutdatedClaim] = {}

    def add(claim: OutdatedClaim) -> None:
        key = (claim.page, claim.line, claim.rule)
        old = found.get(key)
        if old is None or (old.reason == "changed" and claim.reason == "contradicted"):
            found[key] = claim

    by_check = _check_bullets(graph)
    for page in graph.pages.values():
        version = page_version(page)
        for section in page.sections:
            citation = section.citation
            if citation is not None:
                for entry in citation.entries:
                    resolved = graph.resolve(entry.number, citation.version)
                    number = resolved.today or entry.number
                    node = graph.nodes.get(number)
                    newer = changed_since(node, citation.version) if node is not None else None
                    if newer is not None:
                        add(OutdatedClaim(page.title, section.anchor, entry.source.line, "quote",
                                          entry.text, citation.version, str(number), newer, "changed"))
                continue
        sections = [(None, page.lead)] + [(s.anchor, s.blocks) for s in page.sections if s.citation is None]
        for anchor, blocks in sections:
            for line, own, whole in _passages(blocks):
                if version is not None:
                    for number in _rules_of(graph, whole, version):
                        node = graph.nodes.get(number)
                        newer = changed_since(node, version) if node is not None else None
                        if newer is not None:
                            add(OutdatedClaim(page.title, anchor, line, "passage", own, version,
                                              str(number), newer, "changed"))
                for words, number, check, outdated, changed in by_check.get(page.title, []):
                    if words not in whole:
                        continue
                    node = graph.nodes.get(number)
                    newest = _newest_japanese(node) if node is not None else None
                    current = newest.version if newest is not None else (version or "")
                    if outdated:
                        add(OutdatedClaim(page.title, anchor, line, "passage", own, version or current,
                                          str(number), current, "contradicted", check))
                    elif changed:
                        add(OutdatedClaim(page.title, anchor, line, "passage", own, version or changed,
                                          str(number), changed, "changed", check))
    return sorted(found.values(), key=lambda c: (c.page, c.line, RuleNumber.parse(c.rule).sort_key))


def _rules_of(graph: RuleGraph, text: str, version: str) -> set[RuleNumber]:
    """The rules a passage cites, numbered today."""
    found = set()
    for ref in find_references(text):
        for number in ref.numbers:
            resolved = graph.resolve(number, version)
            found.add(resolved.today or number)
    return found


def _check_bullets(graph: RuleGraph) -> dict[str, list[tuple[str, RuleNumber, str, bool, str | None]]]:
    """Page -> (words, rule, check id, outdated, the version its text changed in) of each
    wiki bullet a check attached to a rule names."""
    found: dict[str, list[tuple[str, RuleNumber, str, bool, str | None]]] = {}
    for node in graph:
        for check in node.checks:
            changed = check.changed_in[-1] if check.changed_in else None
            for bullet in check.wiki:
                page, _, words = bullet.partition(":")
                outdated = bullet in check.wiki_outdated
                if outdated or changed:
                    found.setdefault(page.strip(), []).append(
                        (words.strip(), node.number, check.id, outdated, changed))
    return found


def write_claims(claims: list[OutdatedClaim], path: Path) -> None:
    data = {"format": FORMAT, "claims": [c.to_json() for c in claims]}
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def read_claims(path: Path) -> list[OutdatedClaim]:
    """The claims a build wrote; none when the build has no such file (an older build)."""
    if not path.is_file():
        return []
    data = json.loads(path.read_text(encoding="utf-8"))
    names = set(OutdatedClaim.__dataclass_fields__)
    return [OutdatedClaim(**{k: v for k, v in item.items() if k in names}) for item in data.get("claims", [])]


def claims_for(claims: Iterable[OutdatedClaim], page: str, text: str) -> list[OutdatedClaim]:
    """The claims of ``page`` whose passage is part of ``text`` (a search document's)."""
    return [c for c in claims if c.page == page and c.text and c.text[:40] in text]


# -- kb search: the note on each hit of an outdated passage ------------------------------


def hit_notes(searcher: Any, response: Any) -> list[list[OutdatedClaim]]:
    """For each hit of ``response`` (:class:`kb.search.searcher.SearchResponse`), the
    outdated claims of its passage, read from the build ``searcher`` answers from."""
    snapshot = getattr(searcher, "snapshot", None)
    claims = read_claims(Path(snapshot.path) / OUTDATED_FILE) if snapshot is not None else []
    notes: list[list[OutdatedClaim]] = []
    for hit in response.hits:
        document = hit.document
        if claims and document.kind == "page" and document.page:
            notes.append(claims_for(claims, document.page, document.text))
        else:
            notes.append([])
    return notes


def notes_json(data: dict[str, Any], notes: list[list[OutdatedClaim]]) -> dict[str, Any]:
    """``kb search --json`` with ``outdated`` on each hit: ``[{note, why, rule, check, …}]``."""
    for hit, found in zip(data["hits"], notes, strict=True):
        hit["outdated"] = [c.to_json() for c in found]
    return data


def notes_text(text: str, response: Any, notes: list[list[OutdatedClaim]], color: bool = False) -> str:
    """``kb search``'s text with a line ``⚠ この記述は … 時点。…`` under each such hit."""
    from kb.search.format import format_hit

    for rank, (hit, found) in enumerate(zip(response.hits, notes, strict=True), start=1):
        block = format_hit(rank, hit, color)
        if found and block in text:
            extra = "".join(f"\n   ⚠ {c.note}（{c.why}）" for c in found)
            text = text.replace(block, block + extra, 1)
    return text
