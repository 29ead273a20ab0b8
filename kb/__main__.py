"""Allow ``python -m kb``."""

from kb.cli import run

run()
