"""The build: the stages that turn the corpus into ``_build/``, and the machinery that runs them.

Stages depend only on :mod:`kb.build.state` (what they share) and :mod:`kb.build.reuse`
(what a rebuild takes from the previous build), never on the orchestrator, so importing
one of these modules stays cheap:

- :mod:`~kb.build.state`: :class:`BuildOptions` and :class:`BuildState`, the interface
  every stage takes;
- :mod:`~kb.build.stages`: the named stages, in order (the search stages are in
  :mod:`kb.search.stages`, the site's in :mod:`kb.site.stage`);
- :mod:`~kb.build.pipeline`: :func:`build`: run the stages into a temporary directory and
  swap it in; the build report;
- :mod:`~kb.build.swap`: the lock, the atomic swap and the flush to disk;
- :mod:`~kb.build.forked`: stages run in a forked child beside the others;
- :mod:`~kb.build.reuse`: caches and unchanged files taken from the previous build;
- :mod:`~kb.build.snapshot`: readers pinning a build while a new one is swapped in;
- :mod:`~kb.build.progress`: the progress display on a terminal;
- :mod:`~kb.build.layout`: the names of what a build directory holds.

Nothing is imported here: ``kb rule`` and the search import what they need and no more.
"""
