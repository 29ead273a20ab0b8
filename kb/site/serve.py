"""``kb serve``: the built site over HTTP on localhost, for people who prefer a URL.

HTTP/1.1 with keep-alive; text files gzip-compressed when the browser accepts it (a
precompressed ``FILE.gz`` beside the file is sent as it is, otherwise the file is compressed
once and kept in memory until it changes); every response has an ``ETag`` so a reload costs a
304; files whose name carries a content hash (``docs.3f2a9c1d.js``) are cached for a year as
immutable, the rest revalidated each time.  A path with no file gets the site's own
``404.html`` when it has one.
"""

from __future__ import annotations

import email.utils
import functools
import gzip
import hashlib
import io
import os
import re
import threading
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, BinaryIO

from kb.errors import KbError
from kb.site.render import CSP

COMPRESSIBLE = re.compile(r"^(text/|application/(javascript|json|xml)|image/svg\+xml)")
"""Types worth compressing (images and fonts are compressed already)."""
HASHED_NAME = re.compile(r"\.[0-9a-f]{8,}\.[a-z0-9]+$")
"""A file name with a content hash: it never changes, so it may be cached for good."""
SUBRESOURCE = re.compile(r"^(text/(javascript|css)|application/(javascript|json))")
"""Types a page loads and never shows as a document: sent without the policy header."""
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
MIN_GZIP = 256
"""Smaller bodies gain nothing from compression."""


class _Compressed:
    """Gzip bodies by (path, mtime, size), so each file is compressed once per change."""

    def __init__(self, most: int = 2048) -> None:
        self.most = most
        self._lock = threading.Lock()
        self._cache: dict[tuple[str, int, int], bytes] = {}

    def get(self, path: Path, stat: os.stat_result) -> bytes:
        key = (str(path), stat.st_mtime_ns, stat.st_size)
        with self._lock:
            found = self._cache.get(key)
        if found is not None:
            return found
        body = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
        with self._lock:
            if len(self._cache) >= self.most:
                self._cache.clear()
            self._cache[key] = body
        return body


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with the site's Content-Security-Policy, quiet unless asked."""

    protocol_version = "HTTP/1.1"
    quiet = True
    compressed = _Compressed()

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        kind = super().guess_type(path)
        return f"{kind}; charset=utf-8" if kind.startswith("text/") or kind.endswith("javascript") else kind

    def version_string(self) -> str:
        return "kb"

    def send_header(self, keyword: str, value: str) -> None:
        if keyword == "Content-Type":
            self.sent_type = value
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        # A policy governs documents (a page, an SVG opened by itself); on a script, style
        # or JSON file it does nothing and cost each search request 180 bytes of its 300.
        if not SUBRESOURCE.match(getattr(self, "sent_type", "")):
            self.send_header("Content-Security-Policy", CSP)
        self.sent_type = ""  # the next response on this connection
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def send_head(self) -> BinaryIO | None:
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?", 1)[0].endswith("/"):
                return super().send_head()  # the standard redirect to "dir/"
            path = path / "index.html"
        if not path.is_file():
            return self._not_found()
        return self._send_file(path, HTTPStatus.OK)

    def _not_found(self) -> BinaryIO | None:
        page = Path(self.directory) / "404.html"
        if page.is_file():
            return self._send_file(page, HTTPStatus.NOT_FOUND, cache=False)
        self.send_error(HTTPStatus.NOT_FOUND, "File not found")
        return None

    def _send_file(self, path: Path, status: HTTPStatus, cache: bool = True) -> BinaryIO | None:
        stat = path.stat()
        kind = self.guess_type(path)
        gzipped = self._accepts_gzip() and COMPRESSIBLE.match(kind) is not None and stat.st_size >= MIN_GZIP
        tag = hashlib.blake2b(f"{stat.st_mtime_ns}:{stat.st_size}:{int(gzipped)}".encode(),
                              digest_size=8).hexdigest()
        etag = f'"{tag}"'
        if cache and status is HTTPStatus.OK and etag in self._if_none_match():
            self.send_response(HTTPStatus.NOT_MODIFIED)
            self._cache_headers(path, etag)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if gzipped:
            precompressed = path.with_name(path.name + ".gz")
            if precompressed.is_file() and precompressed.stat().st_mtime_ns >= stat.st_mtime_ns:
                body = precompressed.read_bytes()
            else:
                body = self.compressed.get(path, stat)
            stream: BinaryIO = io.BytesIO(body)
            length = len(body)
        else:
            # Read whole (a site's files are small): a file replaced while it is being sent
            # must not send more bytes than Content-Length said, on a kept-alive connection.
            body = path.read_bytes()
            stream = io.BytesIO(body)
            length = len(body)
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(length))
        self.send_header("Vary", "Accept-Encoding")
        if gzipped:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Last-Modified", email.utils.formatdate(stat.st_mtime, usegmt=True))
        if cache:
            self._cache_headers(path, etag)
        else:
            self.send_header("Cache-Control", REVALIDATE)
        self.end_headers()
        return stream

    def _cache_headers(self, path: Path, etag: str) -> None:
        self.send_header("ETag", etag)
        self.send_header("Cache-Control", IMMUTABLE if HASHED_NAME.search(path.name) else REVALIDATE)

    def _accepts_gzip(self) -> bool:
        accepted = self.headers.get("Accept-Encoding", "")
        for part in accepted.split(","):
            name, _, params = part.strip().partition(";")
            if name.strip().lower() in ("gzip", "*") and params.replace(" ", "") not in ("q=0", "q=0.0"):
                return True
        return False

    def _if_none_match(self) -> set[str]:
        return {t.strip() for t in self.headers.get("If-None-Match", "").split(",") if t.strip()}

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
        server = ThreadingHTTPServer((host, port), handler)
    except OSError as err:
        raise KbError(f"cannot listen on {host}:{port}: {err.strerror}") from err
    server.daemon_threads = True
    return server
