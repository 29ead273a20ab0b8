"""Reading text files in the encodings Japanese wiki exports and CR copies arrive in.

Detected: UTF-8 (with or without BOM), UTF-16 (with a BOM, or without one when the NUL
pattern makes it plain), CP932 (Shift_JIS) and EUC-JP.  Anything else is refused with the
file and the line of the first byte that cannot be read.  Line endings are normalised to
LF; line numbers are the ones an editor shows.
"""

from __future__ import annotations

import codecs
from pathlib import Path

from kb.errors import KbError

MAX_BYTES = 64 * 1024 * 1024
"""A wiki page or a CR file is a few MB at most; far larger is a mistake, not input."""

MIN_JAPANESE_SCORE = 0.5
"""A legacy-encoding guess must make most non-ASCII characters kana or kanji."""

# Characters some tools treat as line breaks; editors do not, so they become spaces and
# line numbers stay the ones the user sees.
_EXOTIC_BREAKS = {0x0B: " ", 0x0C: " ", 0x1C: " ", 0x1D: " ", 0x1E: " ", 0x85: " ",
                  0x2028: " ", 0x2029: " "}


def read_text(path: str | Path) -> str:
    """Read and decode ``path``; raise :class:`KbError` naming file and line on failure."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise KbError(f"file is {size:,} bytes; the limit is {MAX_BYTES:,}", path)
        data = path.read_bytes()
    except OSError as err:
        raise KbError(f"cannot read file: {err.strerror or err}", path) from err
    return decode(data, path)


def decode(data: bytes, path: str | Path = "<bytes>") -> str:
    """Decode bytes as described in the module docstring."""
    text = _decode(data, path)
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise KbError("NUL byte in text: the file is binary or corrupted", path, line)
    return normalise_newlines(text)


def normalise_newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n").translate(_EXOTIC_BREAKS)


def _decode(data: bytes, path: str | Path) -> str:
    if data.startswith(codecs.BOM_UTF8):
        return _strict(data[3:], "utf-8", path)
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return _strict(data, "utf-16", path)
    utf16 = _looks_like_bomless_utf16(data)
    if utf16 is not None:
        return _strict(data, utf16, path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as utf8_error:
        candidates = []
        for encoding in ("cp932", "euc_jp"):
            try:
                candidates.append((_japanese_score(data.decode(encoding)), encoding))
            except UnicodeDecodeError:
                continue
        candidates = [c for c in candidates if c[0] >= MIN_JAPANESE_SCORE]
        if not candidates:
            line = data.count(b"\n", 0, utf8_error.start) + 1
            raise KbError(
                f"cannot decode byte 0x{data[utf8_error.start]:02x}: the file is not "
                "UTF-8, UTF-16, CP932 (Shift_JIS) or EUC-JP",
                path,
                line,
            ) from utf8_error
        return data.decode(max(candidates)[1])


def _strict(data: bytes, encoding: str, path: str | Path) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as err:
        line = data[: err.start].decode(encoding, errors="replace").count("\n") + 1
        raise KbError(f"invalid {encoding.upper()} at byte {err.start}", path, line) from err


def _looks_like_bomless_utf16(data: bytes) -> str | None:
    """UTF-16 without a BOM: most ASCII-range code units put a NUL in every other byte."""
    sample = data[:4096]
    if len(sample) < 4 or len(sample) % 2:
        return None
    even_nuls = sample[0::2].count(0)
    odd_nuls = sample[1::2].count(0)
    half = len(sample) // 2
    if odd_nuls > half * 0.3 and even_nuls == 0:
        return "utf-16-le"
    if even_nuls > half * 0.3 and odd_nuls == 0:
        return "utf-16-be"
    return None


def _japanese_score(text: str) -> float:
    """How much ``text`` looks like Japanese: kana and common kanji over all non-ASCII."""
    good = bad = 0
    for ch in text:
        code = ord(ch)
        if code < 0x80:
            continue
        if 0x3040 <= code <= 0x30FF or 0x4E00 <= code <= 0x9FFF or 0xFF01 <= code <= 0xFF5E or 0x3000 <= code <= 0x303F:
            good += 1
        else:
            bad += 1
    return good / (good + bad + 1)
