"""Releases of the Comprehensive Rules and how their texts are labelled.

A release is a date: the day Wizards of the Coast published it, ``2026-01-16``.  Texts
carry a version label: an English text its release's ISO date (``2026-01-16``), a
Japanese text the translation's version string (``20260116.0``: the release's date and
a revision number).  Both name the same release; people read dates, so the CLI and the
site show the date and keep the Japanese string as a detail.
"""

from __future__ import annotations

import functools
import re
from datetime import date

Language = str
"""``ja`` or ``en``."""
JAPANESE = "ja"
ENGLISH = "en"

_JAPANESE_RE = re.compile(r"(?P<y>\d{4})(?P<m>\d{2})(?P<d>\d{2})\.(?P<rev>\d+)")
_ISO_RE = re.compile(r"(?P<y>\d{4})-(?P<m>\d{2})-(?P<d>\d{2})")


@functools.lru_cache(maxsize=4096)  # asked of every text of every rule, of a few labels
def release_of(version: str) -> str | None:
    """The release (ISO date) a version label names: ``20231117.0`` and ``2023-11-17``
    both give ``2023-11-17``; None for a label that is neither."""
    match = _JAPANESE_RE.fullmatch(version) or _ISO_RE.fullmatch(version)
    if match is None:
        return None
    try:
        return date(int(match["y"]), int(match["m"]), int(match["d"])).isoformat()
    except ValueError:
        return None


def is_japanese_version(version: str) -> bool:
    """``20260116.0``: the Japanese translation's version string."""
    return _JAPANESE_RE.fullmatch(version) is not None


@functools.lru_cache(maxsize=4096)
def version_key(version: str) -> tuple[int, int]:
    """``20231117.0`` -> (20231117, 0), ``2023-11-17`` -> (20231117, 0): versions sort by
    release, then revision; an unknown label sorts first."""
    match = _JAPANESE_RE.fullmatch(version)
    if match is not None:
        return int(match["y"] + match["m"] + match["d"]), int(match["rev"])
    match = _ISO_RE.fullmatch(version)
    if match is not None:
        return int(match["y"] + match["m"] + match["d"]), 0
    day, _, revision = version.partition(".")
    try:
        return int(day), int(revision or 0)
    except ValueError:
        return 0, 0


def release_order(version: str) -> tuple[tuple[int, int], bool]:
    """A sort key: by release, and of one release the Japanese version after the English
    date (so sorting newest first puts the Japanese first)."""
    return version_key(version), is_japanese_version(version)


def shown(version: str) -> str:
    """How a version is shown: its release date (``2026-01-16``), or the label as it is."""
    return release_of(version) or version


def detail(version: str) -> str:
    """What a shown date leaves out: the Japanese version string, else nothing."""
    return version if is_japanese_version(version) else ""


def language_of(version: str) -> Language:
    """The language of a text labelled ``version`` (see the module's docstring)."""
    return JAPANESE if is_japanese_version(version) else ENGLISH


def described(version: str) -> str:
    """``2026-01-16（日本語版 20260116.0）`` or ``2026-01-16（英語版）``: a version for a
    reader, date first."""
    if is_japanese_version(version):
        return f"{shown(version)}（日本語版 {version}）"
    if release_of(version):
        return f"{shown(version)}（英語版）"
    return version
