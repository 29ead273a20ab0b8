"""The corpus: every wiki file of a folder, each read by the reader of its form, and the
revisions of one title merged into one page.

Which reader reads a file (:data:`READERS`, :func:`file_format`):

- ``*.xml``: a MediaWiki export (``Special:Export``), many pages and revisions;
- ``*.wiki``, ``*.mediawiki``: wikitext of one page, titled by the file's name;
- ``*.html``, ``*.htm``: a page saved from a browser;
- ``*.txt``: rendered text, unless its first bytes say it is an export
  (``<mediawiki``) or a saved page (``<!DOCTYPE html``, ``<html``).

A file that is a wiki page but not an article (an edit page, a page history, a category
or template page; in an export, the pages of other namespaces) is skipped with a warning
naming it.  Anything else wrong (malformed XML, an HTML file that is no wiki page, a page
whose title cannot be told, a bad encoding) fails the build with the file and line.
"""

from __future__ import annotations

import codecs
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from kb.errors import KbError, NotAnArticle
from kb.model import OldRevision, RevisionInfo, WikiPage
from kb.sources.pagecache import PageCache, cache_key, from_cache, shift_lines, to_cache
from kb.sources.revisions import merge_revisions

if TYPE_CHECKING:
    from kb.sources.mwexport import ExportSkip, WikitextParser

# The readers are imported when a file needs one: a rebuild takes its pages from the
# cache, and the readers' modules and their parsers (lxml, mwparserfromhell) cost it
# some 0.2 s of CPU to import (more where no bytecode is kept).

FileFormat = Literal["text", "export", "wikitext", "html"]

SUFFIXES: dict[str, FileFormat] = {
    ".txt": "text",
    ".xml": "export",
    ".wiki": "wikitext",
    ".mediawiki": "wikitext",
    ".html": "html",
    ".htm": "html",
}
"""The files a corpus folder is made of, by name; ``.txt`` is looked into (see
:func:`file_format`)."""

SNIFF_BYTES = 4096
SKIPPED_TITLES_SHOWN = 5


def corpus_folder(corpus: Path) -> Path:
    """``corpus/wiki`` when there is one, else ``corpus`` itself."""
    if not corpus.is_dir():
        raise KbError("corpus directory not found (a folder of wiki files: DIR/wiki/ or DIR/, "
                      "holding *.txt, *.xml, *.wiki, *.mediawiki or *.html)", corpus)
    return corpus / "wiki" if (corpus / "wiki").is_dir() else corpus


def corpus_files(corpus: Path) -> list[Path]:
    """The corpus's wiki files (:data:`SUFFIXES`), sorted by name."""
    folder = corpus_folder(corpus)
    return sorted(p for p in folder.iterdir() if p.suffix.lower() in SUFFIXES and p.is_file())


def file_format(path: Path) -> FileFormat:
    """The form of ``path``: by its suffix, and for ``.txt`` by its first bytes too."""
    form = SUFFIXES[path.suffix.lower()]
    if form != "text":
        return form
    try:
        with path.open("rb") as stream:
            head = stream.read(SNIFF_BYTES)
    except OSError as err:
        raise KbError(f"cannot read file: {err.strerror or err}", path) from err
    return _sniff(head)


def _sniff(head: bytes) -> FileFormat:
    for bom, encoding in ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"),
                          (codecs.BOM_UTF16_BE, "utf-16-be")):
        if head.startswith(bom):
            head = head[len(bom):]
            text = head.decode(encoding, errors="ignore")
            break
    else:
        text = head.decode("latin-1")  # markup is ASCII: enough to see it in any encoding
    start = text.lstrip().lower()
    if start.startswith("<mediawiki") or (start.startswith("<?xml") and "<mediawiki" in start):
        return "export"
    if start.startswith(("<!doctype html", "<html")) or (start.startswith("<?xml") and "<html" in start):
        return "html"
    return "text"


def _read_text(path: Path) -> WikiPage:
    from kb.sources.wiki import read_wiki_page

    return read_wiki_page(path)


def _read_wikitext(path: Path) -> WikiPage:
    from kb.sources.wikitext import read_wikitext_file

    return read_wikitext_file(str(path))


def _read_html(path: Path) -> WikiPage:
    from kb.sources.html import read_html_page

    return read_html_page(path)


READERS: dict[FileFormat, Callable[[Path], WikiPage]] = {
    "text": _read_text,
    "wikitext": _read_wikitext,
    "html": _read_html,
}
"""The one-page readers; exports hold many pages (:func:`read_export`)."""


@dataclass
class Corpus:
    pages: list[WikiPage] = field(default_factory=list)
    """One per title, the newest revision read, the older ones in its history."""
    warnings: list[str] = field(default_factory=list)
    files: int = 0


def read_corpus(corpus: Path, cache: PageCache | None = None) -> Corpus:
    """Read every file of the corpus; merge the revisions of each title.  With ``cache``,
    a page read unchanged since the previous build is taken from it (see
    :mod:`kb.sources.pagecache`)."""
    result = Corpus()
    read: list[WikiPage] = []
    for path in corpus_files(corpus):
        result.files += 1
        read.extend(_read_file(path, result.warnings, cache))
    result.pages = merge_revisions(read)
    return result


def _read_file(path: Path, warnings: list[str], cache: PageCache | None) -> Iterator[WikiPage]:
    form = file_format(path)
    if form == "export":
        from kb.sources.mwexport import parse_revision, read_export

        skipped: list[ExportSkip] = []
        yield from read_export(path, skipped, _cached_wikitext(cache) if cache is not None else parse_revision)
        if skipped:
            titles = ", ".join(f"{s.title} (line {s.line}: {s.reason})"
                               for s in skipped[:SKIPPED_TITLES_SHOWN])
            more = len(skipped) - SKIPPED_TITLES_SHOWN
            warnings.append(f"skipped: {path}: {len(skipped)} page(s) that are no articles: "
                            f"{titles}" + (f" and {more} more" if more > 0 else ""))
        return
    try:
        yield _cached_file(form, path, cache) if cache is not None else READERS[form](path)
    except NotAnArticle as err:
        warnings.append(f"skipped: {err}")


def _cached_file(form: FileFormat, path: Path, cache: PageCache) -> WikiPage:
    """A one-page file: from the cache when its bytes are those read before."""
    try:
        data = path.read_bytes()
    except OSError as err:
        raise KbError(f"cannot read file: {err.strerror or err}", path) from err
    key = cache_key(form, str(path), data)
    found = cache.get(key)
    page = from_cache(found, str(path)) if found is not None else None
    if page is None:
        page = READERS[form](path)
        cache.put(key, to_cache(page))
    return page


def _cached_wikitext(cache: PageCache) -> WikitextParser:
    """The export's parser, taking from ``cache`` each page whose newest revision (title,
    text, id and date) was read before, and moving its lines to where its text now is."""
    from kb.sources.wikitext import parse_wikitext

    def parse(text: str, path: str, title: str, first_line: int, revision: RevisionInfo) -> WikiPage:
        key = cache_key("export", title, text, str(revision.id), str(revision.timestamp))
        found = cache.get(key)
        page = from_cache(found, path) if found is not None else None
        if page is None:
            page = parse_wikitext(text, path, title, revision=revision)
            cache.put(key, to_cache(page))
        shift_lines(page, first_line - 1)
        return page

    return parse


def read_old_revision(title: str, old: OldRevision) -> WikiPage:
    """An older revision kept in a page's history, read again (the site shows it on the
    page's revisions page): from its export text, or from its file."""
    if old.text is not None:
        from kb.sources.wikitext import parse_wikitext

        return parse_wikitext(old.text, old.path, title, first_line=old.line, revision=old.revision)
    form: FileFormat = "wikitext" if old.format == "wikitext" else "html" if old.format == "html" else "text"
    return READERS[form](Path(old.path))
