"""What a wheel holds and where an installed kb finds its files: every package, the site's
templates and assets (the top-level ``site/``, shipped as ``kb/_site``), and a program
fingerprint that does not depend on where the checkout is.  (``.ci/run`` also installs
the wheel into a fresh environment and builds the seeds with it.)"""

from __future__ import annotations

import fnmatch
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from conftest import ROOT

SETUPTOOLS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def test_the_wheel_lists_every_package() -> None:
    on_disk = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "kb").rglob("__init__.py")
               if "__pycache__" not in p.parts}
    assert set(SETUPTOOLS["packages"]) == on_disk | {"kb._site"}


def test_the_wheel_ships_every_file_of_the_site_folder() -> None:
    assert SETUPTOOLS["package-dir"] == {"kb._site": "site"}
    patterns = SETUPTOOLS["package-data"]["kb._site"]
    files = [p.relative_to(ROOT / "site").as_posix() for p in (ROOT / "site").rglob("*") if p.is_file()]
    assert files and all(any(fnmatch.fnmatch(f, pattern) and "/" not in f[len(pattern.split("*")[0]):]
                             for pattern in patterns) for f in files), files


def python_in(path: Path, code: str) -> str:
    """Run ``code`` with ``path`` (and nothing else of ours) first on the import path."""
    done = subprocess.run([sys.executable, "-c", code], cwd=path, capture_output=True, text=True,
                          check=True, env={"PYTHONPATH": str(path), "PATH": "/usr/bin:/bin"})
    return done.stdout.strip()


def copy_of_kb(target: Path, site: Path) -> Path:
    shutil.copytree(ROOT / "kb", target / "kb", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "site", site)
    return target


def test_an_installed_kb_finds_the_site_inside_the_package(tmp_path: Path) -> None:
    installed = copy_of_kb(tmp_path / "site-packages", tmp_path / "site-packages" / "kb" / "_site")
    found = python_in(installed, "from kb.site.resources import site_sources; print(site_sources())")
    assert Path(found) == installed / "kb" / "_site"


def test_a_checkout_finds_its_site_folder() -> None:
    from kb.site.resources import site_sources

    assert site_sources() == ROOT / "site"


FINGERPRINT = "from kb.build.reuse import code_fingerprint; print(code_fingerprint())"


def test_moving_a_checkout_keeps_the_fingerprint_and_so_the_caches(tmp_path: Path) -> None:
    here = copy_of_kb(tmp_path / "here", tmp_path / "here" / "site")
    there = copy_of_kb(tmp_path / "elsewhere" / "deeper", tmp_path / "elsewhere" / "deeper" / "site")
    assert python_in(here, FINGERPRINT) == python_in(there, FINGERPRINT)
    template = there / "site" / "templates" / "rule.html"
    template.write_text(template.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert python_in(here, FINGERPRINT) != python_in(there, FINGERPRINT)  # contents count
