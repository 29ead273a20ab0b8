"""A short fingerprint of a rule's text, so a check can say which text it was written against.

Texts that :func:`kb.graph.same_text` calls equal (width folding, whitespace ignored) have the
same fingerprint."""

from __future__ import annotations

import hashlib
import re
import unicodedata


def fingerprint(text: str) -> str:
    comparable = re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))
    return hashlib.sha256(comparable.encode("utf-8")).hexdigest()[:8]
