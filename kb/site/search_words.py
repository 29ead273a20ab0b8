"""Which word file of the site search holds a katakana or Latin word's bigrams.

The character groups (:mod:`kb.site.search_groups`) cannot keep a katakana or Latin word's
bigrams together: its characters (ー, ト, ス, a, n …) are the heaviest, each split over
several groups by the hash of the gram, so タイムスタンプ touched six files.  So each
*word* of the indexed text, a run of two or more katakana (with ー) or of Latin letters
and digits, also files the complete postings of its bigrams in a *word file*,
``search/words/N.js``, chosen by the word's *stem*: its first :data:`STEM` characters,
of its spelling skeleton for katakana (:func:`kb.normalize.katakana_skeleton`), so that
フェイズアウト, フェイズイン, フェイズ・アウト's フェイズ and the skeleton key フエズアウト
share one file.  A query's word loads its word file; a bigram the file lacks (the query's
word is no word of the text) is read from its character group, which still holds every
gram.  A name, alias or English name whose key starts with such a word is filed in that
word's file instead of a character group.

``search/meta.js`` carries :data:`STEM` and the number of word files, so
``static/search.js`` computes the same :func:`word_file`.
"""

from __future__ import annotations

import re

from kb.normalize import katakana_skeleton
from kb.site.search_groups import shard_of

STEM = 3
"""Characters of a word (of its skeleton for katakana) that choose its file: words that
begin alike, spellings of one word and a query's words run together share one."""
WORD_RE = re.compile(r"[\u30a1-\u30fa\u30fc]{2,}|[a-z0-9]{2,}")
"""A word: two or more katakana (ー included, ・ not) or Latin letters and digits, in
normalised text (``search.js`` has the same)."""
_KATAKANA = re.compile(r"[\u30a1-\u30fa\u30fc]")
WORD_DOCS = 5
"""A word held by fewer documents files no grams (a query naming it reads the character
groups): rare compounds (クラスカード) brought whole files of common grams (カー, ード)
to the queries of the words they begin with.  Measured on the dev queries: 2 documents
37.0 kB for the median query, 5 36.4 kB (6,000 bytes a file)."""
FILE_BYTES = 1_500
"""The encoded postings the word files are counted by (their words' bytes over this): the
fewer stems share a file, the fewer bytes a query loads beside its own words' (dev
queries, median: 6,000 36.4 kB, 3,000 34.4 kB, 1,500 33.0 kB; the same requests)."""


def stem(word: str) -> str:
    """What chooses a word's file: its first :data:`STEM` characters, of its skeleton for
    katakana."""
    return (katakana_skeleton(word) if _KATAKANA.match(word) else word)[:STEM]


def stem_file(word_stem: str, count: int) -> int:
    """The word file of a stem, of ``count``: FNV-1a, as ``search.js`` computes it."""
    return shard_of(word_stem, count)


def word_file(word: str, count: int) -> int:
    return stem_file(stem(word), count)


def leading_word(key: str) -> str | None:
    """The word a name or alias key starts with, if it starts with one."""
    found = WORD_RE.match(key)
    return found.group(0) if found else None


def words_of(normalised: str) -> list[str]:
    """The words of normalised text (each occurrence)."""
    return WORD_RE.findall(normalised)

