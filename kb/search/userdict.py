"""The MTG user dictionary: written as Sudachi's CSV and compiled with ``sudachipy ubuild``.

Row format (Sudachi user dictionary source): headword for lookup, left and right
connection ids, cost, display headword, six part-of-speech fields, reading, normalized
form, dictionary-form id, split type, A-unit split, B-unit split, unused.  Headwords are
already folded (NFKC, lower case), as Sudachi looks words up after its own input
normalization; the CSV has no comment lines, which the builder would read as words.

Mode-A parts are rows of their own with connection id -1 (so they are never chosen
alone, only reached through a split) and referenced as ``U<row>``; this keeps the
split independent of the system dictionary's internal word ids.
"""

from __future__ import annotations

import csv
import hashlib
import importlib.util
import io
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from kb.build.reuse import user_cache
from kb.errors import KbError
from kb.search.layout import DICTIONARY_FILE, SOURCE_FILE, STAMP_FILE
from kb.search.terms import PartSpec, TermEntry

NOUN_CONNECTION_ID = 5146
"""名詞,普通名詞,一般 in the system dictionary's connection matrix."""
TERM_COST = 3000
"""Low enough that a whole term beats the path through its parts."""


@dataclass
class UserDictionary:
    csv_path: Path
    dic_path: Path | None
    """None when there was nothing to add (Sudachi cannot compile an empty dictionary)."""
    entries: int
    rows: int


def csv_rows(entries: list[TermEntry]) -> list[list[str]]:
    """The CSV rows for ``entries``: part rows first as they are met, then each term."""
    rows: list[list[str]] = []
    part_rows: dict[PartSpec, int] = {}
    term_rows: dict[str, int] = {}

    def part_ref(part: PartSpec | str) -> str:
        if isinstance(part, str):
            return f"U{term_rows[part]}"
        if part not in part_rows:
            part_rows[part] = len(rows)
            rows.append(_row(part.surface, part.pos, part.reading, part.normalized, -1, 0))
        return f"U{part_rows[part]}"

    # Variants first: compounds may use them as one unit.
    ordered = sorted(entries, key=lambda e: e.variant_of is None)
    for entry in ordered:
        split = "/".join(part_ref(p) for p in entry.parts) if len(entry.parts) > 1 else "*"
        term_rows[entry.surface] = len(rows)
        rows.append(_row(entry.surface, entry.pos, entry.reading, entry.normalized,
                         NOUN_CONNECTION_ID, TERM_COST,
                         split_type="C" if split != "*" else "*", a_split=split))
    return rows


def _row(surface: str, pos: tuple[str, ...], reading: str, normalized: str, connection: int,
         cost: int, split_type: str = "*", a_split: str = "*") -> list[str]:
    return [surface, str(connection), str(connection), str(cost), surface, *pos,
            reading or surface, normalized, "*", split_type, a_split, "*", "*"]


def user_dictionary_in(folder: Path) -> str | None:
    """The compiled user dictionary in ``folder``, if the build made one."""
    path = folder / DICTIONARY_FILE
    return str(path) if path.is_file() else None


def system_dictionary_path() -> Path:
    """sudachidict_core's ``system.dic`` (found without importing the package)."""
    spec = importlib.util.find_spec("sudachidict_core")
    if spec is None or spec.origin is None:
        raise KbError("sudachidict_core is not installed (pip install sudachidict_core)")
    return Path(spec.origin).parent / "resources" / "system.dic"


def csv_text(rows: list[list[str]]) -> str:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    return buffer.getvalue()


def compile_user_dictionary(rows: list[list[str]], entries: int, folder: Path,
                            previous: Path | None = None) -> UserDictionary:
    """Write ``rows`` (:func:`csv_rows` of ``entries`` terms) as ``user.csv`` and compile
    it with ``sudachipy ubuild`` into ``user.dic``.

    The compiler runs as a child process: it loads the whole system dictionary to
    resolve the entries (hundreds of MB, about 2.5 s whatever the number of entries), and
    that memory goes back with the child.  When ``previous`` (the last build's search
    folder) compiled the same CSV against the same system dictionary, its ``user.dic``
    is copied instead; else one from the user cache (:func:`kb.build.reuse.user_cache`) with the
    same stamp, which also serves ``--clean`` builds and other build folders.
    """
    folder.mkdir(parents=True, exist_ok=True)
    csv_path = folder / SOURCE_FILE
    dic_path = folder / DICTIONARY_FILE
    csv_path.write_text(csv_text(rows), encoding="utf-8")
    if dic_path.exists():
        dic_path.unlink()  # ubuild refuses to overwrite
    if not rows:
        return UserDictionary(csv_path, None, 0, 0)
    stamp = _stamp(csv_path)
    cached = _cached_path(stamp)
    if previous is not None and _reusable(previous, stamp):
        shutil.copyfile(previous / DICTIONARY_FILE, dic_path)
    elif cached is not None and cached.is_file():
        shutil.copyfile(cached, dic_path)
    else:
        _ubuild(csv_path, dic_path)
        if cached is not None:
            _keep(dic_path, cached)
    (folder / STAMP_FILE).write_text(json.dumps(stamp, sort_keys=True) + "\n", encoding="utf-8")
    return UserDictionary(csv_path, dic_path, entries, len(rows))


def _ubuild(csv_path: Path, dic_path: Path) -> None:
    command = [sys.executable, "-c", "from sudachipy.command_line import main; main()",
               "ubuild", "-s", str(system_dictionary_path()), "-o", str(dic_path),
               "-d", "kb MTG terms", str(csv_path)]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0 or not dic_path.is_file():
        lines = (result.stderr or result.stdout).strip().splitlines()
        reason = lines[-1] if lines else f"exit code {result.returncode}"
        raise KbError(f"sudachipy ubuild failed: {reason}", csv_path)


def _stamp(csv_path: Path) -> dict[str, str]:
    """What a compiled dictionary depends on: the CSV, the system dictionary, sudachipy."""
    from importlib.metadata import version

    system = system_dictionary_path().stat()
    return {
        "csv_sha256": hashlib.sha256(csv_path.read_bytes()).hexdigest(),
        "system_dictionary": f"{system.st_size}:{system.st_mtime_ns}",
        "sudachipy": version("sudachipy"),
    }


def _cached_path(stamp: dict[str, str]) -> Path | None:
    """Where the dictionary compiled from ``stamp``'s inputs is cached: named by their hash,
    so an entry is never stale, only unused."""
    folder = user_cache()
    if folder is None:
        return None
    key = hashlib.sha256(json.dumps(stamp, sort_keys=True).encode()).hexdigest()
    return folder / "user-dic" / f"{key}.dic"


def _keep(dic_path: Path, cached: Path) -> None:
    """Copy a freshly compiled dictionary into the cache, whole or not at all (a build
    beside this one may read it meanwhile); a cache that cannot be written is skipped."""
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_name(f".{cached.name}.{os.getpid()}.tmp")
        shutil.copyfile(dic_path, partial)
        partial.replace(cached)
    except OSError:
        pass


def _reusable(previous: Path, stamp: dict[str, str]) -> bool:
    try:
        old = json.loads((previous / STAMP_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return bool(old == stamp and (previous / DICTIONARY_FILE).is_file())
