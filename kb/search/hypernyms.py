"""What a glossary term is a kind of: 「墓地 — 1. 領域の1つ。」 says a graveyard is a zone.

A question names the thing it asks about (「トークンが墓地に置かれたらどうなる？」) where
the rule that answers it may speak of the kind (111.7 「戦場以外の領域に存在するトークン
は、消滅する」).  The glossary opens many definitions with 「Xの1つ。」 (one of the X):
墓地, 手札, ライブラリー and スタック are 領域; インスタント a カード・タイプ.  The
searcher lets a question's word be matched by its kind where a document lacks the word
itself (:meth:`kb.search.searcher.Searcher.with_kinds`).
"""

from __future__ import annotations

import re

_KIND_RE = re.compile(r"^\s*(?:1\.\s*)?(?:[(（]廃語[)）]\s*)?([^。、()（）「」\s]+?)の1つ。")
"""A definition's opening 「Xの1つ。」 (after a sense number or an obsolete mark)."""


def kind_of(definition: str) -> str | None:
    """The kind a glossary definition says its term is one of, as written after its last
    の (「パーマネントの通常の位相の1つ。」 → 位相, 「カード・タイプの1つ。」 → カード・タイプ,
    「既に存在しないカード・タイプの1つ。」 as it is: the searcher keeps a kind of one word);
    None when the definition does not open so."""
    match = _KIND_RE.match(definition)
    if match is None:
        return None
    return match.group(1).split("の")[-1] or None
