"""A check's source text read from one parse of its module is what ``inspect.getsource`` gives."""

from __future__ import annotations

import importlib
import inspect
import sys
import textwrap
from pathlib import Path

import pytest

from kb.checks import source_text
from kb.checks.registry import all_checks

TRICKY = '''\
import functools


def plain(x):
    """A docstring."""
    return x
    # indented as the body: inspect keeps it

# at column 0: left out


def trailing_deeper(x):
    if x:
        return 1
        # deeper than the body: kept
  # shallower than the body: left out
    # back at the body's column, after a shallower one: kept

    # and after a blank line: kept
y = 1


@functools.lru_cache(
    maxsize=None,
)
def decorated(x):  # a comment on the def line
    return (x,
            x)
    # kept


def one_line(x): return x
                                # not an indented block: left out


def header_over_lines(
        x,
        y): return x
                    # left out too


def outer(x):
    def inner(y):
        return y
        # kept with inner, and with outer
    return inner

def strings_and_brackets(x):
    text = """
def not_a_function(
)"""
    other = (x,
x)  # a bracket carries this line at column 0
    joined = 1 + \\
2
    return text, other, joined, "#(", ')', \'\'\'\'\'\', "\\"(", '\\'('  # it's: a quote, a bracket ( in a comment
    # kept
# left out
    # kept: comments only up to the next statement


lam = lambda x: x  # a lambda has no def: left to inspect
def after_lambda(x):
    return x


def last(x):
    return "no newline at the end"
    # kept'''


def test_every_checks_source_is_what_inspect_gives() -> None:
    checks = all_checks()
    assert len(checks) > 1000
    for check in checks:
        assert check.source() == inspect.getsource(check.function), check.id
        assert source_text._PARSED[check.function.__code__.co_filename][1] is not None, check.id


def test_trailing_comments_decorators_and_one_line_bodies_as_inspect(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "tricky_sources.py").write_text(TRICKY, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("tricky_sources")
    try:
        functions = [module.plain, module.trailing_deeper, module.decorated.__wrapped__, module.one_line,
                     module.header_over_lines, module.outer, module.outer(0), module.strings_and_brackets,
                     module.lam, module.after_lambda, module.last]
        for function in functions:
            assert source_text.source(function) == inspect.getsource(function), function.__name__
        assert source_text._PARSED[module.plain.__code__.co_filename][1] is not None, "scanned, not inspect's"
        assert "# and after a blank line: kept" in source_text.source(module.trailing_deeper)
        assert "left out" not in source_text.source(module.one_line)
        assert source_text.source(module.strings_and_brackets).endswith("up to the next statement\n")
    finally:
        del sys.modules["tricky_sources"]


TABBED = """\
def tabbed(x):
    return x
    # kept
\t\t\t\t# four tabs, column 4 for inspect's comments: kept
"""


def test_an_indentation_with_a_tab_is_left_to_inspect(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "tabbed_sources.py").write_text(TABBED, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("tabbed_sources")
    try:
        assert source_text.source(module.tabbed) == inspect.getsource(module.tabbed)
        assert source_text.source(module.tabbed).endswith("comments: kept\n")
    finally:
        del sys.modules["tabbed_sources"]


def test_a_file_changed_on_disk_is_read_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "changing_sources.py"
    path.write_text("def f():\n    return 1\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("changing_sources")
    try:
        assert source_text.source(module.f) == "def f():\n    return 1\n"
        path.write_text("def f():\n    return 2\n    # a longer file\n", encoding="utf-8")
        assert source_text.source(module.f) == inspect.getsource(module.f) == \
            "def f():\n    return 2\n    # a longer file\n"
    finally:
        del sys.modules["changing_sources"]


def test_a_function_the_parse_does_not_know_falls_back_to_inspect() -> None:
    made = textwrap.dedent  # a function of the standard library, from a file on disk
    assert source_text.source(made) == inspect.getsource(made)
    lam = lambda x: x  # a lambda has no def node
    assert source_text.source(lam) == inspect.getsource(lam)
