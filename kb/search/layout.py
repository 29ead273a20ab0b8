"""Where search keeps its files in a build: ``<build>/search/``.

``user.csv``, ``user.dic`` and ``user.stamp.json`` (the MTG user dictionary), ``index/`` (Whoosh),
``documents.json`` (every search document, for the baselines and the site),
``query_tables.json`` (what a browser needs to read queries like the CLI) and
``english.json`` (each English document's digest and field lengths, for the next build:
:class:`kb.search.index.EnglishRecord`), ``meta.json`` (counts, CR versions, whether the CR is in the build, where the CR's English
texts belong among its documents: :class:`kb.search.index.EnglishLayout`) and ``analysed/``
(each segment's analysed terms, for the next build: :mod:`kb.search.analysed`).
"""

from __future__ import annotations

SEARCH_DIR = "search"
INDEX_DIR = "index"
DOCUMENTS_FILE = "documents.json"
META_FILE = "meta.json"
ENGLISH_FILE = "english.json"
TABLES_FILE = "query_tables.json"
DICTIONARY_FILE = "user.dic"
SOURCE_FILE = "user.csv"
ANALYSED_DIR = "analysed"
STAMP_FILE = "user.stamp.json"
"""What ``user.dic`` was compiled from, so an unchanged vocabulary reuses it."""
META_SCHEMA = "kb-search/4"
"""3: the CR's English texts in a segment of their own, which ``meta.json``'s ``english``
places (a reader of 2 would count them as documents).  4: some of them may be deleted
documents (placed at -1, their lengths in ``deleted_lengths``), which a reader of 3 would
count."""
