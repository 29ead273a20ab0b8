"""Which wiki pages are articles: the table of MediaWiki's other namespaces and of the
views that are not the page itself (the editor, the history, the source).

A reader that meets one raises :class:`~kb.errors.NotAnArticle`; the build skips the file
with a warning naming it, so one stray save does not stop a whole corpus.
"""

from __future__ import annotations

import re

# MediaWiki's namespaces other than the articles', as the Japanese and the English
# interface name them (``カテゴリ:キーワード能力``, ``Template:Card``).
NAMESPACES = frozenset(name.casefold() for name in (
    "特別", "メディア", "ノート", "トーク", "利用者", "利用者‐会話", "利用者・トーク",
    "プロジェクト", "プロジェクト‐ノート", "MTG Wiki", "MTG Wiki‐ノート", "ファイル",
    "ファイル‐ノート", "画像", "MediaWiki", "MediaWiki‐ノート", "テンプレート",
    "テンプレート‐ノート", "ヘルプ", "ヘルプ‐ノート", "カテゴリ", "カテゴリ‐ノート",
    "Special", "Media", "Talk", "User", "User talk", "Project", "Project talk", "File",
    "File talk", "Image", "MediaWiki talk", "Template", "Template talk", "Help",
    "Help talk", "Category", "Category talk", "Module", "Module talk",
))

# Views of a page that hold something else than its text, each with what it holds.
VIEWS = (
    (re.compile(r"^「(?P<title>.+)」を編集中"), "an edit page: it holds the editor, not the page"),
    (re.compile(r"^「(?P<title>.+)」の(?:変更|版の)履歴$"), "a page history: it lists revisions, not their text"),
    (re.compile(r"^「(?P<title>.+)」のソース(?:を表示)?$"), "a source view: save the wikitext as a .wiki file"),
    (re.compile(r"^(?P<title>.+) を編集中$"), "an edit page: it holds the editor, not the page"),
)


def non_article_reason(title: str) -> str | None:
    """Why the page titled ``title`` is no article, or None when it is one."""
    for pattern, reason in VIEWS:
        if pattern.match(title):
            return reason
    prefix, colon, rest = title.partition(":")
    if colon and rest.strip() and prefix.strip().casefold() in NAMESPACES:
        return f"a page of the {prefix.strip()} namespace, not an article"
    return None
