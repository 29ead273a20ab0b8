"""kb serve: HTTP/1.1 keep-alive, gzip, ETags, immutable caching of hashed names, the site's 404."""

from __future__ import annotations

import gzip
import http.client
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from kb.site.serve import make_server

BODY = "<!doctype html><title>規則</title>" + "フェイジング 702.26 " * 200


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, int, Path]]:
    site = tmp_path / "site"
    (site / "search").mkdir(parents=True)
    (site / "index.html").write_text(BODY, encoding="utf-8")
    (site / "404.html").write_text("<!doctype html><title>見つかりません</title>", encoding="utf-8")
    (site / "search" / "docs.0123abcd.js").write_text("var d = 1;\n" * 100, encoding="utf-8")
    (site / "search" / "meta.js").write_text("var m = 1;\n" * 100, encoding="utf-8")
    (site / "tiny.txt").write_text("x", encoding="utf-8")
    server = make_server(site, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    try:
        yield str(host), int(port), site
    finally:
        server.shutdown()
        server.server_close()


def test_two_requests_on_one_connection_gzipped(served: tuple[str, int, Path]) -> None:
    host, port, _ = served
    connection = http.client.HTTPConnection(host, port, timeout=10)
    connection.request("GET", "/", headers={"Accept-Encoding": "gzip"})
    first = connection.getresponse()
    body = first.read()
    assert first.version == 11
    assert first.getheader("Content-Encoding") == "gzip"
    assert gzip.decompress(body).decode("utf-8") == BODY
    assert len(body) < len(BODY.encode("utf-8")) / 5
    # the same connection answers again (keep-alive), uncompressed when not asked
    connection.request("GET", "/index.html")
    second = connection.getresponse()
    assert second.getheader("Content-Encoding") is None
    assert second.read().decode("utf-8") == BODY
    connection.close()


def test_etag_gives_304(served: tuple[str, int, Path]) -> None:
    host, port, _ = served
    connection = http.client.HTTPConnection(host, port, timeout=10)
    connection.request("GET", "/search/meta.js", headers={"Accept-Encoding": "gzip"})
    response = connection.getresponse()
    response.read()
    etag = response.getheader("ETag")
    assert etag and response.getheader("Cache-Control") == "no-cache"
    connection.request("GET", "/search/meta.js", headers={"Accept-Encoding": "gzip", "If-None-Match": etag})
    again = connection.getresponse()
    assert again.status == 304 and again.read() == b""
    connection.close()


def test_changed_file_gets_a_new_etag(served: tuple[str, int, Path]) -> None:
    host, port, site = served
    connection = http.client.HTTPConnection(host, port, timeout=10)
    connection.request("GET", "/search/meta.js")
    response = connection.getresponse()
    response.read()
    (site / "search" / "meta.js").write_text("var m = 2;\n" * 300, encoding="utf-8")
    connection.request("GET", "/search/meta.js", headers={"If-None-Match": str(response.getheader("ETag"))})
    changed = connection.getresponse()
    assert changed.status == 200 and changed.read().startswith(b"var m = 2;")
    connection.close()


def test_hashed_names_are_immutable(served: tuple[str, int, Path]) -> None:
    host, port, _ = served
    connection = http.client.HTTPConnection(host, port, timeout=10)
    connection.request("GET", "/search/docs.0123abcd.js")
    response = connection.getresponse()
    response.read()
    assert response.getheader("Cache-Control") == "public, max-age=31536000, immutable"
    connection.close()


def test_missing_path_gets_the_sites_404(served: tuple[str, int, Path]) -> None:
    host, port, _ = served
    connection = http.client.HTTPConnection(host, port, timeout=10)
    connection.request("GET", "/rules/999.99z.html")
    response = connection.getresponse()
    assert response.status == 404
    assert "見つかりません" in response.read().decode("utf-8")
    connection.close()


def test_small_files_and_gzip_refused_are_sent_plain(served: tuple[str, int, Path]) -> None:
    host, port, _ = served
    connection = http.client.HTTPConnection(host, port, timeout=10)
    connection.request("GET", "/tiny.txt", headers={"Accept-Encoding": "gzip"})
    response = connection.getresponse()
    assert response.getheader("Content-Encoding") is None and response.read() == b"x"
    connection.request("GET", "/", headers={"Accept-Encoding": "gzip;q=0"})
    response = connection.getresponse()
    assert response.getheader("Content-Encoding") is None
    assert response.read().decode("utf-8") == BODY
    connection.close()


def test_the_policy_header_goes_with_documents_not_scripts(served: tuple[str, int, Path]) -> None:
    host, port, _ = served
    connection = http.client.HTTPConnection(host, port)
    for path, policy in (("/search/meta.js", False), ("/", True), ("/search/meta.js", False), ("/nowhere", True)):
        connection.request("GET", path, headers={"Accept-Encoding": "gzip"})
        response = connection.getresponse()
        response.read()
        assert (response.getheader("Content-Security-Policy") is not None) == policy, path
        assert response.getheader("X-Content-Type-Options") == "nosniff"
    connection.close()
