"""The project's own error: every failure a user can cause names a file and a line."""

from __future__ import annotations

from pathlib import Path


class KbError(Exception):
    """A problem with the user's input or environment, reported as ``file:line: message``."""

    def __init__(self, message: str, path: str | Path | None = None, line: int | None = None):
        self.message = message
        self.path = str(path) if path is not None else None
        self.line = line
        super().__init__(str(self))

    def __str__(self) -> str:
        where = ""
        if self.path is not None:
            where = self.path if self.line is None else f"{self.path}:{self.line}"
            where += ": "
        return where + self.message


class NotAnArticle(KbError):
    """A file that is a wiki page but no article: an edit page, a page history, a
    category or template page.  A reader raises it; the build skips the file with a
    warning naming it (:mod:`kb.sources.corpus`) instead of failing."""
