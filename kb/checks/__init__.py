"""Executable checks attached to rules.

- ``registry``: ``@check("702.26g@d4c5c646")`` and the list of checks; ``expect``: what a check asserts
- ``phasing``, ``morph``, ``timestamps``, ``continuous``: the checks, one module per rule section,
  with ``cards`` and ``scenario`` for setting up scenes in the game model (``kb.engine``)
- ``runner``, ``staleness``, ``coverage``, ``report``, ``text``: running them against a graph
- ``mutants``: engine mutants that each break one rule, to show the checks can fail
"""
