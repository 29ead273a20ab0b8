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

from kb.build.reuse import Memo, digest

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


WORD_DIFFS_CACHE = "site-word-diffs"


class WordDiffs:
    """The word diffs the site shows (:func:`word_diff_html`), each made once per pair of
    texts: kept in the build's cache (:data:`WORD_DIFFS_CACHE`, by a digest of the two
    texts), so a rebuild after a new release diffs only the texts that release brought;
    a rule's older changes are the same in every build."""

    def __init__(self, memo: Memo | None = None):
        self.memo = memo
        self._html: dict[str, Markup] = {}

    def html(self, older: str, newer: str) -> Markup:
        key = digest(older, newer)
        found = self._html.get(key)
        if found is not None:
            return found
        cached = self.memo.get(key) if self.memo is not None else None
        if isinstance(cached, str):
            found = Markup(cached)
        else:
            found = word_diff_html(older, newer)
            if self.memo is not None:
                self.memo.put(key, str(found))
        self._html[key] = found
        return found

    def keep(self, older: str, newer: str) -> None:
        """Keep the cached diff of a page taken from the previous build for the next build
        (whose new release may change that page), without making it."""
        if self.memo is not None:
            self.memo.get(digest(older, newer))
