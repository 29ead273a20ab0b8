"""English analysis, for the English text of each rule (the field :data:`ENGLISH_FIELD`).

Whoosh's stemming analyzer: words in lower case, stop words out, Porter stems, so that
"damage", "damaged" and "damages" meet and "deathtouch damage" finds "dealt damage by a
source with deathtouch".  A query's words are analysed the same way
(:func:`english_terms`); Japanese words give no terms, so a Japanese query never
matches this field and ranks as it did without it.
"""

from __future__ import annotations

import functools
import re
from typing import Any

ENGLISH_FIELD = "english"
ENGLISH_WEIGHT = 1.0
"""As much as the Japanese text: the English is the authoritative text of the same rule."""

_LATIN_RE = re.compile(r"[A-Za-z]")


@functools.cache
def english_analyzer() -> Any:
    from whoosh.analysis import StemmingAnalyzer

    return StemmingAnalyzer()


def english_terms(text: str) -> list[str]:
    """The index terms of ``text`` in the English field (none for Japanese text)."""
    if not _LATIN_RE.search(text):
        return []
    return [token.text for token in english_analyzer()(text)]
