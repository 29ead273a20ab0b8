"""Executable checks attached to rules.

- ``registry``: ``@check("702.26g@d4c5c646", example=…)``, the list of checks (found in ``cr/``);
  ``statement``: the 状況 / 行動 / 結果 docstring every check has; ``expect``: what a check asserts
- ``cr/``: the checks, one module per CR area (``cr702_26_phasing``, ``cr613_layers`` …), with
  ``cards`` for the cards they play with (real ones with their Japanese names)
- ``runner``, ``staleness``, ``coverage``, ``report``, ``text``: running them against a graph
- ``mutants``: engine mutants that each break one rule, to show the checks can fail
- ``cite``: ``python -m kb.checks.cite 704.5a`` prints the cite strings of a rule and its examples
"""
