"""Where the site's templates and assets are: the top-level ``site/`` folder of a checkout,
shipped inside the wheel as ``kb/_site`` (``pyproject.toml`` maps one to the other).

Both hold ``templates/`` (Jinja2) and ``static/`` (CSS and scripts, copied into every
site).  An installed kb finds them with :mod:`importlib.resources`, a checkout (or an
editable install, or ``PYTHONPATH``) beside the ``kb`` package.
"""

from __future__ import annotations

import importlib.resources
from pathlib import Path

from kb.errors import KbError

PACKAGED = "_site"
"""The folder inside the ``kb`` package that the wheel ships ``site/`` as."""


def site_sources() -> Path:
    """The folder holding ``templates/`` and ``static/``."""
    packaged = Path(str(importlib.resources.files("kb") / PACKAGED))
    checkout = Path(__file__).resolve().parent.parent.parent / "site"
    for folder in (packaged, checkout):
        if (folder / "templates").is_dir() and (folder / "static").is_dir():
            return folder
    raise KbError("the site's templates and assets are missing: neither the installed "
                  f"package's {PACKAGED}/ nor a checkout's site/ is there", packaged)
