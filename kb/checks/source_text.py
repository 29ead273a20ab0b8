"""A check's source text, as ``inspect.getsource`` gives it, from one parse of its module.

``inspect.getsource`` tokenizes each function's lines afresh with the pure-Python tokenizer
(about 6% of a clean build's checks stage for 1,100 checks).  Here each module file is parsed
once with :mod:`ast` (compiled code) and every function's lines are known from its node; the
only part of ``inspect``'s rule the syntax tree does not give is the comment lines after a
function's last statement, which ``inspect`` includes when they are indented at least as far
as the function's body.  Anything this reading does not know falls back to ``inspect``."""

from __future__ import annotations

import ast
import inspect
import linecache
from collections.abc import Callable
from typing import Any

_Blocks = dict[int, tuple[int, int]]
"""First line of a function (its first decorator's, as ``co_firstlineno``) -> its lines
``[start, end)``, 0-based."""

_PARSED: dict[str, tuple[list[str], _Blocks]] = {}
"""Per file: the lines ``linecache`` gave (the same list while the file is unchanged) and
their functions' blocks."""


def source(function: Callable[..., Any]) -> str:
    """``inspect.getsource(function)``."""
    code = function.__code__
    blocks = _blocks(code.co_filename)
    found = blocks[1].get(code.co_firstlineno) if blocks is not None else None
    if blocks is None or found is None:
        return inspect.getsource(function)
    start, end = found
    return "".join(blocks[0][start:end])


def _blocks(filename: str) -> tuple[list[str], _Blocks] | None:
    # inspect checks the file's time and size before reading it back; so does this.
    linecache.checkcache(filename)
    lines = linecache.getlines(filename)
    if not lines:
        return None
    kept = _PARSED.get(filename)
    if kept is not None and kept[0] is lines:
        return kept
    try:
        tree = ast.parse("".join(lines), filename)
    except (SyntaxError, ValueError):
        return None
    blocks: _Blocks = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            start = node.decorator_list[0].lineno if node.decorator_list else node.lineno
            blocks[start] = (start - 1, _end(node, lines))
    _PARSED[filename] = (lines, blocks)
    return _PARSED[filename]


def _end(node: ast.FunctionDef | ast.AsyncFunctionDef, lines: list[str]) -> int:
    """The line after the block ``inspect.getblock`` finds: the last statement's last line,
    then any comment line before the next statement (or the end of the file) indented at
    least as far as the body, when the body starts on a line of its own."""
    end = node.end_lineno or node.lineno
    first = node.body[0]
    opening = lines[first.lineno - 1]
    body_column = first.col_offset
    if len(opening) - len(opening.lstrip(" \t\f")) != body_column:  # def f(): body — no indented block
        return end
    last = end
    for number in range(end, len(lines)):
        text = lines[number]
        stripped = text.lstrip(" \t\f")
        if not stripped.strip():
            continue
        if not stripped.startswith("#"):
            break
        if len(text) - len(stripped) >= body_column:
            last = number + 1
    return last
