"""What a build directory holds, and the names a build uses beside it.

``<out>/kb.json`` (:data:`kb.export.GRAPH_FILE`), ``<out>/search/``
(:mod:`kb.search.layout`), ``<out>/site/`` and ``<out>/cache/``; beside ``<out>``, while a
build runs or after one was killed: ``.<name>.lock``, ``.<name>.tmp-<pid>`` and
``.<name>.old-<id>`` (see :mod:`kb.build.swap`).
"""

from __future__ import annotations

SITE_DIR = "site"
"""The static site."""
CACHE_DIR = "cache"
"""What the next build may reuse (:mod:`kb.build.reuse`)."""
