"""The static HTML site: a page per rule and per wiki page, previews, offline search.

Templates and assets live in the repository's top-level ``site/`` folder (shipped in the
wheel as ``kb/_site``: :mod:`kb.site.resources`); this package resolves, renders, indexes
and checks.  Entry point: :func:`kb.site.builder.build_site`.
"""
