"""A small, explicit game-state model: only as much of Magic as the checks in ``kb.checks`` need.

It knows nothing of the rule graph, the wiki or the site.  ``game`` holds the state; each
other module is a few functions that apply one part of the rules to it:

- ``layers``: characteristics with continuous effects applied in layer and timestamp order (613)
- ``continuous``, ``durations``, ``rules``: creating effects, ending them, rules changes (611)
- ``zones``, ``casting``, ``triggers``, ``sba``: moving objects, the stack, triggers, 704.5
- ``phasing``, ``morph``, ``attach``, ``counters``, ``timestamps``, ``stickers``, ``transform``,
  ``command``: the statuses and markers the phasing, morph and timestamp rules talk about
- ``turns``, ``players``, ``combat``: untap step, cleanup, leaving a multiplayer game

Functions that other modules call are called through their module (``phasing.exists``), so
the mutants in ``kb.checks.mutants`` can replace one rule at a time.
"""
