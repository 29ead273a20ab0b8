"""Allow ``python -m kb``."""

from kb.cli import main

raise SystemExit(main())
