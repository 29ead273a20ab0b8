"""A check's source text, as ``inspect.getsource`` gives it, from one scan of its module.

``inspect.getsource`` runs the pure-Python tokenizer over each function's lines (about 6% of a
clean build's checks stage for 1,100 checks), and a full ``ast`` parse of the modules costs as
much.  What ``inspect`` needs of the tokens is only where logical lines start: so each module
is scanned once with one regular expression for what can carry a logical line over several
physical ones (strings, brackets, a backslash at the end of a line), and each function's block
is then found line by line with ``inspect.BlockFinder``'s rule: from its first decorator to the
last line of its last statement, then any comment line before the next statement indented at
least as far as the body (when the body is an indented block).  A file with a tab or form feed
in an indentation (the tokenizer counts columns there its own way) or anything the scan does
not know goes to ``inspect``."""

from __future__ import annotations

import inspect
import linecache
import re
from collections.abc import Callable
from typing import Any

_CARRIES = re.compile(r"""
      \"\"\"(?:\\.|[^\\])*?\"\"\" | '''(?:\\.|[^\\])*?'''
    | "(?:\\.|[^"\\\n])*" | '(?:\\.|[^'\\\n])*'
    | \#[^\n]*
    | \\\n
""", re.VERBOSE | re.DOTALL)
"""What can carry a logical line over to the next physical line but brackets: a string (from
its quote: a prefix such as ``r`` or ``f`` changes nothing of where it ends), a backslash at the
end of a line; and a comment, whose quotes and brackets count for nothing."""

_ODD_INDENT = re.compile(r"^ *[\t\f]", re.MULTILINE)

_CARRIED = "\x01"
"""Put at the start of a physical line that continues a string or follows a backslash."""


def _blanked(match: re.Match[str]) -> str:
    """A string, comment or backslash as an empty string, with a marked line for each line it
    carries over."""
    return "''" + ("\n" + _CARRIED) * match[0].count("\n")


_PARSED: dict[str, tuple[list[str], list[bool] | None]] = {}
"""Per file: the lines ``linecache`` gave (the same list while the file is unchanged) and, for
each line, whether it starts a logical line (``None``: leave the file to ``inspect``)."""


def source(function: Callable[..., Any]) -> str:
    """``inspect.getsource(function)``."""
    code = function.__code__
    lines, starts = _scanned(code.co_filename)
    block = _block(lines, starts, code.co_firstlineno - 1) if starts is not None else None
    if block is None:
        return inspect.getsource(function)
    return "".join(lines[block[0]:block[1]])


def _scanned(filename: str) -> tuple[list[str], list[bool] | None]:
    # inspect checks the file's time and size before reading it back; so does this.
    linecache.checkcache(filename)
    lines = linecache.getlines(filename)
    kept = _PARSED.get(filename)
    if kept is not None and kept[0] is lines:
        return kept
    _PARSED[filename] = (lines, _logical_starts(lines))
    return _PARSED[filename]


def _logical_starts(lines: list[str]) -> list[bool] | None:
    """Whether each line starts a logical line (blank and comment lines outside brackets and
    strings count as starting one); ``None`` when the scan cannot tell as the tokenizer does."""
    text = "".join(lines)
    if not lines or _CARRIED in text or _ODD_INDENT.search(text):
        return None
    code = _CARRIES.sub(_blanked, text).split("\n")
    if len(code) != len(lines) + 1:
        return None
    starts = []
    depth = 0
    for line in code[:-1]:
        starts.append(depth == 0 and not line.startswith(_CARRIED))
        depth += (line.count("(") + line.count("[") + line.count("{")
                  - line.count(")") - line.count("]") - line.count("}"))
        if depth < 0:
            return None
    return starts if depth == 0 else None


def _block(lines: list[str], starts: list[bool], first: int) -> tuple[int, int] | None:
    """Lines ``[first, end)`` of the function whose first line (decorator or ``def``) is ``first``."""
    if first >= len(lines) or not starts[first]:
        return None
    column = _indent(lines[first])
    line = first
    while not lines[line].lstrip(" ").startswith(("def ", "async def ")):
        if not lines[line].lstrip(" ").startswith("@"):
            return None  # a lambda, or what the scan does not know
        line = _next_start(starts, line)  # past a decorator
        if line >= len(lines) or _indent(lines[line]) != column:
            return None
    end = _next_start(starts, line)  # after the header's logical line
    body = _next_code(lines, starts, end)
    if body is None:
        return first, end
    body_column = _indent(lines[body])
    last = end
    line = body
    while line < len(lines):
        if _blank_or_comment(lines[line]):
            if lines[line].strip() and _indent(lines[line]) >= body_column:
                last = line + 1
            line += 1
            continue
        if _indent(lines[line]) <= column:
            break
        line = _next_start(starts, line)
        last = line
    return first, last


def _next_start(starts: list[bool], line: int) -> int:
    line += 1
    while line < len(starts) and not starts[line]:
        line += 1
    return line


def _next_code(lines: list[str], starts: list[bool], line: int) -> int | None:
    while line < len(lines):
        if starts[line] and not _blank_or_comment(lines[line]):
            return line
        line += 1
    return None


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _blank_or_comment(line: str) -> bool:
    stripped = line.strip()
    return not stripped or stripped.startswith("#")
