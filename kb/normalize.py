"""Text folding shared by every index: the Python search, and the site's browser search.

The browser cannot run Sudachi, so this is the part of normalisation both sides can do
identically: NFKC (half-width ｶﾀｶﾅ to full width, full-width ASCII to ASCII), lower case,
no middle dots (フェイズ・アウト = フェイズアウト), and no spaces between Japanese characters
(the CR's ``オモテ向き になる``).  A table of variants generated from the knowledge base
(``オモテ向き`` → ``表向き``) is applied on top.  ``tests/fixtures/normalize_vectors.tsv``
holds input/output pairs that the Python tests and the browser tests both check.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

MIDDLE_DOTS = "・･"
_DOTS = str.maketrans("", "", MIDDLE_DOTS)
# A run of spaces with a non-ASCII character on at least one side is not a word break.
_JAPANESE_SPACE_RE = re.compile(r"(?<=[^\x00-\x7f])\s+|\s+(?=[^\x00-\x7f])")
_SPACES_RE = re.compile(r"\s+")


def fold(text: str) -> str:
    """NFKC, lower case, no middle dots, no spaces next to Japanese characters."""
    text = unicodedata.normalize("NFKC", text).lower().translate(_DOTS)
    text = _JAPANESE_SPACE_RE.sub("", text)
    return _SPACES_RE.sub(" ", text).strip()


def apply_variants(folded: str, variants: Mapping[str, str]) -> str:
    """Replace each variant (already folded) by its canonical form, longest match first."""
    if not variants:
        return folded
    pattern = re.compile("|".join(re.escape(k) for k in sorted(variants, key=len, reverse=True)))
    return pattern.sub(lambda m: variants[m.group(0)], folded)
