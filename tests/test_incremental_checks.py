"""A rebuild by an unchanged program takes what it reads of the checks (cites, examples,
statements, source texts) from the previous build with their outcomes, and imports no
module of checks; a changed module of checks is a changed program, whose checks are
imported again.  The rebuild's output is a clean build's (tests/test_incremental.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import CORPUS

from kb.build import reuse
from kb.build.pipeline import build
from kb.build.state import BuildOptions
from kb.checks import registry


@pytest.fixture
def imports(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the imports of the checks (calls of ``registry.all_checks``)."""
    calls: list[int] = []
    all_checks = registry.all_checks

    def counted() -> list[registry.Check]:
        calls.append(1)
        return all_checks()

    monkeypatch.setattr(registry, "all_checks", counted)
    monkeypatch.setenv("KB_CACHE_DIR", "")  # the previous build alone, not the user cache
    return calls


def test_an_unchanged_program_imports_no_check(tmp_path: Path, imports: list[int]) -> None:
    options = BuildOptions(corpus=CORPUS, out=tmp_path / "out", jobs=1)
    first = build(options)
    assert len(imports) == 1
    kept = tmp_path / "first"
    shutil.copytree(options.out, kept, symlinks=True)
    again = build(options)
    assert len(imports) == 1, "a rebuild of the same program imported the checks"
    assert again.warnings == first.warnings
    # The same checks, results and source texts reach the export.
    assert (options.out / "kb.json").read_bytes().split(b'"versions"')[1] == \
        (kept / "kb.json").read_bytes().split(b'"versions"')[1]


def test_a_changed_check_module_imports_the_checks_again(tmp_path: Path, imports: list[int],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    options = BuildOptions(corpus=CORPUS, out=tmp_path / "out", jobs=1)
    build(options)
    assert len(imports) == 1
    # The same program, but for one module of checks: a copy of the package, edited.
    package = tmp_path / "kb"
    shutil.copytree(Path(reuse.__file__).resolve().parent.parent, package,
                    ignore=shutil.ignore_patterns("__pycache__"))
    module = min((package / "checks" / "cr").glob("cr*.py"))
    module.write_text(module.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    monkeypatch.setattr(reuse, "_ROOT", package)
    reuse.code_fingerprint.cache_clear()
    try:
        build(options)
    finally:
        reuse.code_fingerprint.cache_clear()
    assert len(imports) == 2, "a changed module of checks was not imported again"
