"""Where a rule's text comes from, as the site names it: the publication, never a file.

A reader needs to know which official text they are reading and where to find it, not
which file on the building machine held it: a Japanese CR text is 「総合ルール 20260116.0
（2026-01-16）」 linking to the official Japanese rules page, an English one the
Comprehensive Rules of its release linking to Wizards' rules page, a text a wiki page
quotes names that page (on this site).
"""

from __future__ import annotations

from collections.abc import Iterable

from kb.model import SourceRef
from kb.releases import release_of
from kb.site.context import SourceLink

OFFICIAL_JA = "https://mtg-jp.com/gameplay/rules"
"""Where the Japanese Comprehensive Rules are published."""
OFFICIAL_EN = "https://magic.wizards.com/en/rules"
"""Where the English Comprehensive Rules are published."""


def japanese_sources(version: str, sources: Iterable[SourceRef],
                     pages: dict[str, str]) -> list[SourceLink]:
    """The publication and the wiki pages quoting a Japanese text of ``version``, each once."""
    day = release_of(version)
    dated = f"{version}（{day}）" if day else version
    found: dict[str, SourceLink] = {}
    for source in sources:
        if source.page is None:
            found.setdefault("cr", SourceLink(f"総合ルール {dated}", url=OFFICIAL_JA))
        else:
            found.setdefault(f"page:{source.page}", SourceLink(
                f"MTG Wiki「{source.page}」の引用（総合ルール {dated}）", path=pages.get(source.page)))
    return list(found.values())


def english_source(release: str) -> SourceLink:
    return SourceLink(f"Comprehensive Rules {release}", url=OFFICIAL_EN)


def citation(number: str, version: str | None) -> str:
    """「CR 702.26d（2026-01-16）」: the rule and the date of the text shown first."""
    day = release_of(version) if version else None
    return f"CR {number}（{day}）" if day else f"CR {number}"
