"""Encodings and line endings: each is read correctly or refused with the file and line.

Covered: UTF-8 with and without BOM, UTF-16 LE/BE with and without BOM, UTF-32 with a
BOM, CP932, EUC-JP, ISO-2022-JP, CRLF, lone CR, U+2028/U+2029, NUL bytes, an empty file,
a 20 MB file and one over the size limit; through the decoder, the readers and
``kb build`` end to end.
"""

from __future__ import annotations

import codecs
import json
from pathlib import Path
from typing import Any

import pytest
from fuzzing import SEED_FILES, fuzz_settings, guarded
from hypothesis import given
from hypothesis import strategies as st

from kb import textio
from kb.cli import main
from kb.errors import KbError
from kb.sources.wiki import parse_wiki_page, read_wiki_page
from kb.textio import decode, read_text

SEEDS = {path.stem: path.read_text(encoding="utf-8") for path in SEED_FILES}
# The flat-skin page has no "•" (which CP932 and EUC-JP cannot encode): it is the one
# every encoding can carry.
FLAT = "タイムスタンプ"


def encode(text: str, encoding: str) -> bytes:
    """``text`` in ``encoding``; the ``+bom`` forms write the byte order mark by hand."""
    boms = {"utf-16-le+bom": codecs.BOM_UTF16_LE, "utf-16-be+bom": codecs.BOM_UTF16_BE}
    if encoding in boms:
        return boms[encoding] + text.encode(encoding.removesuffix("+bom"))
    return text.encode(encoding)


UNICODE_ENCODINGS = ["utf-8", "utf-8-sig", "utf-16", "utf-16-le+bom", "utf-16-be+bom",
                     "utf-16-le", "utf-16-be", "utf-32"]
LEGACY_ENCODINGS = ["cp932", "euc_jp", "iso2022_jp"]


# -- the decoder -----------------------------------------------------------------------


@pytest.mark.parametrize("encoding", UNICODE_ENCODINGS)
@pytest.mark.parametrize("title", sorted(SEEDS))
def test_every_seed_reads_back_in_every_unicode_encoding(title: str, encoding: str) -> None:
    assert decode(encode(SEEDS[title], encoding), "p.txt") == SEEDS[title]


@pytest.mark.parametrize("encoding", UNICODE_ENCODINGS + LEGACY_ENCODINGS)
def test_the_flat_page_reads_back_in_every_encoding(encoding: str) -> None:
    assert decode(encode(SEEDS[FLAT], encoding), "p.txt") == SEEDS[FLAT]


@pytest.mark.parametrize("newline", ["\r\n", "\r", "\n"])
@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "cp932"])
def test_line_endings_become_lf(newline: str, encoding: str) -> None:
    text = SEEDS[FLAT]
    assert decode(encode(text.replace("\n", newline), encoding), "p.txt") == text


def test_unicode_line_separators_are_spaces_so_line_numbers_stay_the_editors() -> None:
    text = decode("一行目\u2028続き\u2029続き\x85\n二行目\n".encode(), "p.txt")
    assert text == "一行目 続き 続き \n二行目\n"


@pytest.mark.parametrize(
    ("data", "line"),
    [
        (b"title\n\x00body\n", 2),
        (b"title\r\n\r\nbody\x00\r\n", 3),  # CRLF
        (b"title\rmore\rbody\x00\r", 3),  # lone CR: lines as an editor counts them
        ("題\n本文\n\x00".encode("cp932"), 3),
    ],
)
def test_nul_bytes_are_refused_with_their_line(data: bytes, line: int) -> None:
    with pytest.raises(KbError, match="NUL byte") as caught:
        decode(data, "p.txt")
    assert (caught.value.path, caught.value.line) == ("p.txt", line)


@pytest.mark.parametrize(
    ("encoding", "bad", "message"),
    [
        ("utf-8", b"\xff", "invalid UTF-8"),
        ("cp932", b"\x81\x20", "invalid CP932"),
        ("euc_jp", b"\x8f", "invalid EUC-JP"),
    ],
)
def test_a_bad_byte_is_refused_with_its_line_in_the_encoding_of_the_rest(
    encoding: str, bad: bytes, message: str
) -> None:
    lines = SEEDS[FLAT].split("\n")
    data = (encode("\n".join(lines[:20]) + "\n", encoding) + bad
            + encode("\n".join(lines[20:]), encoding))
    with pytest.raises(KbError, match=message) as caught:
        decode(data, "p.txt")
    assert (caught.value.path, caught.value.line) == ("p.txt", 21)


def test_a_bad_byte_after_a_utf8_bom_is_reported_at_its_offset_in_the_file() -> None:
    data = codecs.BOM_UTF8 + "題\n本文\n".encode() + b"\xff"
    with pytest.raises(KbError, match=rf"invalid UTF-8 at byte {len(data) - 1}\b") as caught:
        decode(data, "p.txt")
    assert caught.value.line == 3


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_bomless_utf16_with_more_nul_low_bytes_than_line_breaks_is_read(encoding: str) -> None:
    # 最 (U+6700) and 一 (U+4E00) put a NUL on the side opposite the line breaks; four
    # such lines outnumber three LFs, and the byte order must still come out right.
    text = "最初の一つ\n最後の一つ\n最新の一つ\nタイムスタンプ"
    assert decode(text.encode(encoding), "p.txt") == text


def test_a_broken_utf16_surrogate_is_refused_with_its_line() -> None:
    data = "題\n本文\n".encode("utf-16") + b"\x00\xd8" + "x\n".encode("utf-16-le")
    with pytest.raises(KbError, match="invalid UTF-16") as caught:
        decode(data, "p.txt")
    assert caught.value.line == 3


@pytest.mark.parametrize(
    "data",
    [
        "café\nnaïve\n".encode("latin-1"),
        bytes(range(128, 256)) * 8,
    ],
)
def test_what_is_no_japanese_text_encoding_is_refused(data: bytes) -> None:
    with pytest.raises(KbError, match=r"cannot decode|invalid") as caught:
        decode(data, "p.txt")
    assert caught.value.path == "p.txt" and caught.value.line is not None


def test_a_utf8_file_with_stray_nuls_is_not_mistaken_for_utf16() -> None:
    text = SEEDS[FLAT]
    data = (text[:100] + "\x00\x00" + text[100:]).encode()
    with pytest.raises(KbError, match="NUL byte") as caught:
        decode(data, "p.txt")
    assert caught.value.line == text[:100].count("\n") + 1


def test_an_empty_file_decodes_to_nothing_and_the_wiki_reader_refuses_it(tmp_path: Path) -> None:
    path = tmp_path / "空.txt"
    path.write_bytes(b"")
    assert read_text(path) == ""
    with pytest.raises(KbError, match="empty file") as caught:
        read_wiki_page(path)
    assert (caught.value.path, caught.value.line) == (str(path), 1)


def test_a_20_mb_file_is_read(tmp_path: Path) -> None:
    body = SEEDS[FLAT]
    copies = 20_000_000 // len(body.encode("cp932")) + 1
    for encoding in ("utf-8", "cp932", "utf-16-le"):
        path = tmp_path / f"big-{encoding}.txt"
        path.write_bytes(encode(body, encoding) * copies)
        assert path.stat().st_size >= 20_000_000
        text = read_text(path)
        assert len(text) == len(body) * copies and text.startswith(body)


def test_a_file_over_the_limit_is_refused_before_it_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(textio, "MAX_BYTES", 1000)
    path = tmp_path / "big.txt"
    path.write_bytes(b"x" * 1001)
    with pytest.raises(KbError, match="limit is 1,000") as caught:
        read_text(path)
    assert caught.value.path == str(path)


# -- properties ------------------------------------------------------------------------

ENCODINGS = UNICODE_ENCODINGS + LEGACY_ENCODINGS
SEED_LINES = [line for text in SEEDS.values() for line in text.split("\n")]


@fuzz_settings(600)
@given(st.lists(st.sampled_from(SEED_LINES), min_size=8, max_size=40),
       st.sampled_from(ENCODINGS), st.sampled_from(["\n", "\r\n", "\r"]))
@guarded
def test_seed_lines_read_back_in_any_encoding_and_line_ending(
    lines: list[str], encoding: str, newline: str
) -> None:
    text = "\n".join(line for line in lines if _encodable(line, encoding))
    data = encode(text.replace("\n", newline), encoding)
    if sum(1 for ch in text if not ch.isascii()) < 20:
        return  # too little Japanese to tell CP932 from EUC-JP: whole pages are the input
    assert decode(data, "p.txt") == text


@fuzz_settings(800)
@given(st.one_of(st.binary(max_size=400),
                 st.tuples(st.sampled_from(sorted(SEEDS)), st.sampled_from(ENCODINGS),
                           st.integers(0, 10_000), st.binary(min_size=1, max_size=4))
                 .map(lambda t: _damage(t[0], t[1], t[2], t[3]))))
@guarded
def test_any_bytes_decode_or_are_refused_with_a_line(data: bytes) -> None:
    try:
        text = decode(data, "p.txt")
    except KbError as err:
        assert err.path == "p.txt"
        assert err.line is not None and 1 <= err.line <= data.count(b"\n") + data.count(b"\r") + 1
        return
    assert "\x00" not in text and "\r" not in text


def _encodable(line: str, encoding: str) -> bool:
    """"•" and a few other characters have no CP932 or EUC-JP form."""
    try:
        encode(line, encoding)
    except UnicodeEncodeError:
        return False
    return True


def _damage(title: str, encoding: str, at: int, junk: bytes) -> bytes:
    text = SEEDS[title] if encoding not in LEGACY_ENCODINGS else SEEDS[FLAT]
    data = encode(text, encoding)
    at %= len(data)
    return data[:at] + junk + data[at:]


# -- through kb build ------------------------------------------------------------------


def build_json(root: Path, pages: dict[str, bytes], monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Write ``pages`` as ``root/corpus/wiki/<name>``, run ``kb build`` there, load kb.json."""
    wiki = root / "corpus" / "wiki"
    wiki.mkdir(parents=True)
    for name, page in pages.items():
        (wiki / name).write_bytes(page)
    monkeypatch.chdir(root)
    assert main(["build", "--quiet"]) == 0
    data: dict[str, Any] = json.loads((root / "_build" / "kb.json").read_text(encoding="utf-8"))
    del data["build"]  # unique to each build; the graph is what is compared
    return data


@pytest.fixture(scope="module")
def utf8_graphs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    graphs = {}
    with pytest.MonkeyPatch.context() as monkeypatch:
        everything = {f"{title}.txt": text.encode() for title, text in SEEDS.items()}
        graphs["all"] = build_json(tmp_path_factory.mktemp("utf8-all"), everything, monkeypatch)
        flat = {f"{FLAT}.txt": SEEDS[FLAT].encode()}
        graphs["flat"] = build_json(tmp_path_factory.mktemp("utf8-flat"), flat, monkeypatch)
    return graphs


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-16-le", "utf-16-be",
                                      "utf-16-be+bom", "utf-32"])
def test_every_seed_in_a_unicode_encoding_builds_the_same_graph(
    encoding: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, utf8_graphs: dict[str, dict[str, Any]]
) -> None:
    pages = {f"{title}.txt": encode(text, encoding) for title, text in SEEDS.items()}
    assert build_json(tmp_path, pages, monkeypatch) == utf8_graphs["all"]


@pytest.mark.parametrize("encoding", ["cp932", "euc_jp", "iso2022_jp"])
@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_a_page_in_a_legacy_encoding_builds_the_same_graph(
    encoding: str, newline: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    utf8_graphs: dict[str, dict[str, Any]],
) -> None:
    pages = {f"{FLAT}.txt": encode(SEEDS[FLAT].replace("\n", newline), encoding)}
    assert build_json(tmp_path, pages, monkeypatch) == utf8_graphs["flat"]


@pytest.mark.parametrize("seed", ["フェイジング", FLAT])  # both skins
def test_a_20_mb_page_builds(seed: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    title, body = "大きい", SEEDS[seed].split("\n", 1)[1]
    copies = 20_000_000 // len(body.encode()) + 1
    page = (title + "\n" + "\n".join([body] * copies)).encode()
    assert len(page) >= 20_000_000
    graph = build_json(tmp_path, {f"{title}.txt": page}, monkeypatch)
    assert graph["pages"][0]["title"] == title
    assert graph["rules"] and all(
        text["source"]["page"] == title for rule in graph["rules"] for text in rule["texts"]
    )


def test_the_same_page_parses_the_same_whatever_its_bytes() -> None:
    """The reader sees decoded text only: a CP932 page is the UTF-8 page."""
    page = parse_wiki_page(decode(encode(SEEDS[FLAT], "cp932")), "p.txt")
    assert page == parse_wiki_page(SEEDS[FLAT], "p.txt")
