"""``kb serve``: the built site over HTTP on localhost, for people who prefer a URL."""

from __future__ import annotations

import functools
import os
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from kb.errors import KbError
from kb.site.render import CSP


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with the site's Content-Security-Policy, quiet unless asked."""

    quiet = True

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        kind = super().guess_type(path)
        return f"{kind}; charset=utf-8" if kind.startswith("text/") or kind.endswith("javascript") else kind

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(site: Path, port: int = 8000, host: str = "127.0.0.1",
                quiet: bool = True) -> ThreadingHTTPServer:
    """A server for ``site`` (not yet serving); port 0 picks a free port."""
    if not (site / "index.html").is_file():
        raise KbError("no site here: run `kb build` first (or pass --build DIR)", site)
    handler = functools.partial(SiteHandler, directory=str(site))
    SiteHandler.quiet = quiet
    try:
        return ThreadingHTTPServer((host, port), handler)
    except OSError as err:
        raise KbError(f"cannot listen on {host}:{port}: {err.strerror}") from err
