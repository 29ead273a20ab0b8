"""The outdated-claim notes (:mod:`kb.outdated`) as the site shows them: on the wiki page
beside the passage or quote, beside the page on the rule's page, and in search results
(``search/notes.js``, read by the search page's own code, apart from the index)."""

from __future__ import annotations

from collections.abc import Iterable

from kb.outdated import OutdatedClaim
from kb.rulenum import RuleNumber
from kb.site.context import OutdatedNote
from kb.site.jsdata import script_call
from kb.site.sitemap import SiteMap

NOTES_FILE = "search/notes.js"


def note_view(sitemap: SiteMap, claim: OutdatedClaim) -> OutdatedNote:
    page = sitemap.pages.get(claim.page, "")
    passage = page + (f"#{claim.anchor}" if claim.anchor and page else "")
    return OutdatedNote(claim.version, sitemap.rule(RuleNumber.parse(claim.rule)), claim.why,
                        claim.check, passage)


def page_notes(sitemap: SiteMap, title: str) -> dict[int, list[OutdatedNote]]:
    """A wiki page's notes by the line of their passage or quote entry."""
    found: dict[int, list[OutdatedNote]] = {}
    for claim in sitemap.claims:
        if claim.page == title:
            found.setdefault(claim.line, []).append(note_view(sitemap, claim))
    return found


def rule_notes(sitemap: SiteMap, number: RuleNumber) -> dict[tuple[str, str | None], tuple[OutdatedNote, ...]]:
    """The notes about one rule, by (page, section anchor), for its page's backlinks."""
    found: dict[tuple[str, str | None], list[OutdatedNote]] = {}
    wanted = str(number)
    for claim in sitemap.claims:
        if claim.rule == wanted:
            found.setdefault((claim.page, claim.anchor), []).append(note_view(sitemap, claim))
    return {key: tuple(notes) for key, notes in found.items()}


def claims_key(claims: Iterable[OutdatedClaim]) -> str:
    """What the notes of some claims show, for the keys of pages a rebuild may keep."""
    return "\x01".join(f"{c.page}\x02{c.anchor}\x02{c.line}\x02{c.rule}\x02{c.version}\x02{c.why}"
                       for c in claims)


def notes_file(sitemap: SiteMap) -> str:
    """``search/notes.js``: search document id (``page:TITLE#anchor``) -> the notes of its
    passages, each [passage text, note, rule number, rule path, why, check id]."""
    found: dict[str, list[list[str]]] = {}
    for claim in sitemap.claims:
        if claim.kind != "passage" or claim.page not in sitemap.pages:
            continue
        doc = f"page:{claim.page}" + (f"#{claim.anchor}" if claim.anchor else "")
        found.setdefault(doc, []).append([
            claim.text, f"この記述は {claim.version} 時点。現行 {claim.rule} と異なる可能性",
            claim.rule, sitemap.rule(RuleNumber.parse(claim.rule)).path, claim.why, claim.check or "",
        ])
    return script_call("searchNotes", found)
