"""Where everything lives in the site, as paths from the site root, and links between them.

Every page is at depth 0 (``index.html``, ``glossary.html``) or 1 (``rules/702.26d.html``,
``pages/フェイジング.html``).  Links are relative so the site works from ``file://`` and
from any folder of any host.  A rule's path is its number, so permalinks never change
between builds.
"""

from __future__ import annotations

import functools
import re
from urllib.parse import quote

from kb.rulenum import Level, RuleNumber

INDEX = "index.html"
SEARCH = "search.html"
GLOSSARY = "glossary.html"
DANGLING = "dangling.html"
RELEASES = "releases/index.html"
CARDS = "cards.html"
COVERAGE = "coverage.html"
NOT_FOUND = "404.html"
OUTLINE = "outline.js"

_UNSAFE_RE = re.compile(r'[\x00-\x1f\x7f/\\:*?"<>|#%&+\s]+')


def rule_path(number: RuleNumber) -> str:
    return f"rules/{number.slug}.html"


def release_path(release: str) -> str:
    """One English release's page: ``releases/2026-01-16.html``."""
    return f"releases/{release}.html"


def page_slug(title: str) -> str:
    """A file name for a wiki page: its title, with characters unsafe in paths replaced."""
    slug = _UNSAFE_RE.sub("_", title).strip("._") or "page"
    return slug[:120]


def glossary_anchor(key: str) -> str:
    """An id for a glossary entry: readable (the key itself) and free of spaces."""
    return "g-" + re.sub(r"\s+", "_", key)


def card_anchor(key: str) -> str:
    """An id for a card of the card index: its key (English name, else Japanese)."""
    return "c-" + re.sub(r"[\s#%\"'<>&]+", "_", key)


def preview_shard(number: RuleNumber) -> str:
    """The preview file holding ``number``: ten rules of a chapter per file, headings apart.

    ``static/kb.js`` computes the same name; chapters such as 702 are too large to load
    whole on a hover.
    """
    if number.level <= Level.CHAPTER or number.rule is None:
        return "top"
    return f"{number.chapter}-{number.rule // 10}"


def href(target: str, from_path: str) -> str:
    """A relative, percent-encoded link from the page at ``from_path`` to ``target``.

    ``target`` is a site path, optionally with ``#fragment``.
    """
    return _href(target, from_path.count("/"))


@functools.lru_cache(maxsize=65536)  # every page links the same few pages (header, footer)
def _href(target: str, depth: int) -> str:
    path, _, fragment = target.partition("#")
    prefix = "../" * depth
    link = prefix + _quoted_path(path) if path else ""
    if fragment:
        link += "#" + quote(fragment, safe="-_.~")
    return link


PREVIEW_SHARDS = 16
"""Files of glossary previews (``glossary/previews/N.js``)."""


def glossary_preview_shard(path: str) -> int:
    """The preview file of the glossary term whose page is ``path``: FNV-1a over its code
    points (as ``search.js`` hashes); a term link carries it as ``data-term-shard``."""
    value = 0x811C9DC5
    for char in path:
        value = ((value ^ ord(char)) * 0x01000193) & 0xFFFFFFFF
    return value % PREVIEW_SHARDS


@functools.lru_cache(maxsize=65536)  # the site links the same rules from many pages
def _quoted_path(path: str) -> str:
    return quote(path, safe="/.-_~")
