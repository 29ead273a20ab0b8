"""Reading text files in the encodings Japanese wiki exports and CR copies arrive in.

Detected: UTF-8 (with or without BOM), UTF-16 (with a BOM, or without one when the NUL
pattern makes it plain), UTF-32 with a BOM, CP932 (Shift_JIS), EUC-JP and ISO-2022-JP.
Anything else is refused with the file and the line of the first byte that cannot be read.
Line endings are normalised to LF; line numbers are the ones an editor shows.

English text (the English CR releases) has its own entry, :func:`read_western_text`:
UTF-8, UTF-16 and UTF-32 as above, else Windows-1252; a refusal names the byte offset.
"""

from __future__ import annotations

import codecs
import re
import unicodedata
from pathlib import Path

from kb.errors import KbError

MAX_BYTES = 64 * 1024 * 1024
"""A wiki page or a CR file is a few MB at most; far larger is a mistake, not input."""

MIN_JAPANESE_SCORE = 0.5
"""A legacy-encoding guess must make most non-ASCII characters kana or kanji."""

SAMPLE_CHARS = 200_000
"""Enough text to judge an encoding by; scoring a whole 20 MB file would only cost time."""

LEGACY_ENCODINGS = ("cp932", "euc_jp")
LEGACY_NAMES = {"cp932": "CP932 (Shift_JIS)", "euc_jp": "EUC-JP"}
_ISO2022_ESCAPES = (b"\x1b$B", b"\x1b$@", b"\x1b(J", b"\x1b(I")

# Characters some tools treat as line breaks; editors do not, so they become spaces and
# line numbers stay the ones the user sees.
# (A regular expression, not str.translate: translate walks the text in Python-level steps
# and took most of the time of reading a 20 MB file.)
_EXOTIC_BREAKS = re.compile("[\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")


def read_text(path: str | Path) -> str:
    """Read and decode ``path``; raise :class:`KbError` naming file and line on failure."""
    return decode(_read_bytes(Path(path)), path)


def _read_bytes(path: Path) -> bytes:
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise KbError(f"file is {size:,} bytes; the limit is {MAX_BYTES:,}", path)
        return path.read_bytes()
    except OSError as err:
        raise KbError(f"cannot read file: {err.strerror or err}", path) from err


def decode(data: bytes, path: str | Path = "<bytes>") -> str:
    """Decode bytes as described in the module docstring."""
    text = normalise_newlines(_decode(data, path))
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise KbError("NUL byte in text: the file is binary or corrupted", path, line)
    return text


def normalise_newlines(text: str) -> str:
    return _EXOTIC_BREAKS.sub(" ", text.replace("\r\n", "\n").replace("\r", "\n"))


def _decode(data: bytes, path: str | Path) -> str:
    if data.startswith(codecs.BOM_UTF8):
        return _strict(data[3:], "utf-8", path, offset=3)
    if data.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):  # before UTF-16: FF FE 00 00
        return _strict(data, "utf-32", path)
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return _strict(data, "utf-16", path)
    utf16 = _bomless_utf16(data)
    if utf16 is not None:
        return utf16
    if _looks_like_iso2022(data):
        return _strict(data, "iso2022_jp", path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as utf8_error:
        return _decode_legacy(data, path, utf8_error)


def _decode_legacy(data: bytes, path: str | Path, utf8_error: UnicodeDecodeError) -> str:
    """CP932 or EUC-JP, whichever reads as Japanese; else refuse at the first bad byte."""
    candidates = []
    for encoding in LEGACY_ENCODINGS:
        try:
            candidates.append((_japanese_score(data.decode(encoding)), encoding))
        except UnicodeDecodeError:
            continue
    candidates = [c for c in candidates if c[0] >= MIN_JAPANESE_SCORE]
    if candidates:
        return data.decode(max(candidates)[1])
    raise _undecodable(data, path, utf8_error)


def _undecodable(data: bytes, path: str | Path, utf8_error: UnicodeDecodeError) -> KbError:
    """The error for bytes nothing reads cleanly.  When one encoding reads all but a few
    bytes (as Japanese, for the legacy ones), its first bad byte is the useful line."""
    position = utf8_error.start
    what = "the file is not UTF-8, UTF-16, CP932 (Shift_JIS) or EUC-JP"
    for encoding in ("utf-8", *LEGACY_ENCODINGS):
        text = data.decode(encoding, errors="replace")[:SAMPLE_CHARS]
        non_ascii = sum(1 for ch in text if not ch.isascii())
        if text.count("\ufffd") * 100 > non_ascii:
            continue
        if encoding != "utf-8" and _japanese_score(text) < MIN_JAPANESE_SCORE:
            continue
        try:
            data.decode(encoding)
        except UnicodeDecodeError as err:
            position = err.start
            name = LEGACY_NAMES.get(encoding, "UTF-8")
            what = f"invalid {name}, the encoding the rest of the file is in"
        break
    line = _line_at(data, position)
    return KbError(f"cannot decode byte 0x{data[position]:02x}: {what}", path, line)


def _strict(data: bytes, encoding: str, path: str | Path, offset: int = 0) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as err:
        before = normalise_newlines(data[: err.start].decode(encoding, errors="replace"))
        line = before.count("\n") + 1
        raise KbError(
            f"invalid {encoding.upper()} at byte {err.start + offset}", path, line
        ) from err


def _line_at(data: bytes, position: int) -> int:
    """The editor's line of a byte in an ASCII-compatible encoding (LF, CRLF or CR)."""
    return data[:position].replace(b"\r\n", b"\n").replace(b"\r", b"\n").count(b"\n") + 1


def _bomless_utf16(data: bytes) -> str | None:
    """UTF-16 without a BOM, decoded; None when the bytes are not that.

    UTF-8, CP932 and EUC-JP text never holds a NUL byte, while UTF-16 puts one in every
    ASCII character, line breaks included: on odd bytes in little-endian, on even bytes in
    big-endian.  Japanese text has few ASCII characters, so the NULs are few, but nearly
    all fall on one side (a kanji such as 一, U+4E00, puts one on the other).  The decoded
    text must then look like text, so a UTF-8 file with stray NULs is not read as UTF-16.
    """
    if len(data) < 2 or len(data) % 2:
        return None
    even_nuls = data[0::2].count(0)
    odd_nuls = data[1::2].count(0)
    if not even_nuls and not odd_nuls:
        return None
    # The side with more NULs is the likelier byte order, but not a sure one: a page of
    # katakana with few line breaks can hold more kanji like 最 (U+6700) than newlines.
    # The wrong order turns every line break into an unassigned character, so trying
    # both, likelier first, and keeping what reads as text settles it.
    orders = ("utf-16-le", "utf-16-be") if odd_nuls >= even_nuls else ("utf-16-be", "utf-16-le")
    for encoding in orders:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        if _looks_like_text(text):
            return text
    return None


def _looks_like_text(text: str) -> bool:
    """Line breaks, and hardly any control, private-use or unassigned characters (what
    bytes decoded in the wrong encoding turn into)."""
    if "\n" not in text and "\r" not in text:
        return False
    sample = text[:SAMPLE_CHARS]
    odd = sum(1 for ch in sample if ch not in "\t\n\r" and
              unicodedata.category(ch) in ("Cc", "Co", "Cn", "Cs"))
    return odd <= len(sample) // 100


def _looks_like_iso2022(data: bytes) -> bool:
    """ISO-2022-JP (JIS) is 7-bit, so it also reads as UTF-8 with escape codes in it."""
    return data.isascii() and any(escape in data for escape in _ISO2022_ESCAPES)


def _japanese_score(text: str) -> float:
    """How much ``text`` looks like Japanese: kana and common kanji over all non-ASCII."""
    good = bad = 0
    for ch in text[:SAMPLE_CHARS]:
        code = ord(ch)
        if code < 0x80:
            continue
        # CJK punctuation, kana, kanji, full-width ASCII
        if 0x3000 <= code <= 0x30FF or 0x4E00 <= code <= 0x9FFF or 0xFF01 <= code <= 0xFF5E:
            good += 1
        else:
            bad += 1
    return good / (good + bad + 1)


# -- English text ------------------------------------------------------------------------

# A lead byte and its continuation bytes: text holding one of these was written as UTF-8,
# so a bad byte later in it is damage, not a sign of Windows-1252.
_UTF8_MULTIBYTE = re.compile(rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}")


def read_western_text(path: str | Path) -> str:
    """Read an English text file (see :func:`decode_western`)."""
    return decode_western(_read_bytes(Path(path)), path)


def decode_western(data: bytes, path: str | Path = "<bytes>") -> str:
    """Decode English text: UTF-8 (BOM or not), UTF-16 or UTF-32 (BOM; UTF-16 also
    without), else Windows-1252, as the English CR releases of 2003-2026 come.

    Bytes that are none of these are refused with the byte offset and line of the first
    one that cannot be read.  A file with UTF-8 sequences before its first bad byte is
    damaged UTF-8 (refused there), not Windows-1252 (which would read it as mojibake)."""
    text = normalise_newlines(_decode_western(data, path))
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise KbError("NUL byte in text: the file is binary or corrupted", path, line)
    return text


def _decode_western(data: bytes, path: str | Path) -> str:
    if data.startswith((codecs.BOM_UTF8, codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE,
                        codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return _decode(data, path)
    utf16 = _bomless_utf16(data)
    if utf16 is not None:
        return utf16
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as utf8_error:
        if _UTF8_MULTIBYTE.search(data, 0, utf8_error.start):
            raise _bad_byte(data, path, utf8_error.start, "invalid UTF-8, the encoding the "
                            "rest of the file is in") from utf8_error
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError as err:
        raise _bad_byte(data, path, err.start,
                        "the file is not UTF-8, UTF-16 or Windows-1252") from err


def _bad_byte(data: bytes, path: str | Path, position: int, what: str) -> KbError:
    return KbError(f"cannot decode byte 0x{data[position]:02x} at byte offset {position}: {what}",
                   path, _line_at(data, position))
