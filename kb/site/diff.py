"""What changed between two versions of a rule's text, character by character.

Japanese has no word boundaries to diff on, so the unit is the character.  Spaces next to
Japanese characters are dropped first: the wiki's copies add them (``ステップ の``) and they
are not changes to the rule.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass

from markupsafe import Markup, escape

_JAPANESE_SPACE_RE = re.compile(r"(?<=[^\x00-\x7f])[ \t\u3000]+|[ \t\u3000]+(?=[^\x00-\x7f])")


def comparable(text: str) -> str:
    """The text as diffed: NFKC, and no spaces beside Japanese characters."""
    return _JAPANESE_SPACE_RE.sub("", unicodedata.normalize("NFKC", text))


@dataclass(frozen=True)
class TextDiff:
    html: Markup
    """The newer text, with ``<del>`` for what the older had and ``<ins>`` for what it adds."""
    changed: bool
    inserted: int
    deleted: int


def char_diff(older: str, newer: str) -> TextDiff:
    a, b = comparable(older), comparable(newer)
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    parts: list[str] = []
    inserted = deleted = 0
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            parts.append(escape(a[i1:i2]))
            continue
        if op in ("replace", "delete"):
            deleted += i2 - i1
            parts.append(Markup("<del>{}</del>").format(a[i1:i2]))
        if op in ("replace", "insert"):
            inserted += j2 - j1
            parts.append(Markup("<ins>{}</ins>").format(b[j1:j2]))
    return TextDiff(Markup("").join(parts), bool(inserted or deleted), inserted, deleted)


def word_diff_html(older: str, newer: str) -> Markup:
    """The newer text with ``<del>``/``<ins>`` word by word (character by character inside
    Japanese): :func:`kb.history.text.word_diff`, as the history shows changes."""
    from kb.history.text import word_diff

    tags = {"-": Markup("<del>{}</del>"), "+": Markup("<ins>{}</ins>")}
    return Markup("").join(escape(text) if op == "=" else tags[op].format(text)
                           for op, text in word_diff(older, newer))
