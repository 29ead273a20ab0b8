"""Japanese search with cited answers, one module per job (imports stay lazy: ``kb rule``
must not pay for Whoosh or Sudachi).

- :mod:`~kb.search.analyzer`: Sudachi words with original offsets, as a Whoosh analyzer.
- :mod:`~kb.search.terms`, :mod:`~kb.search.userdict`: the MTG user dictionary, derived
  from the knowledge base and compiled with ``sudachipy ubuild``.
- :mod:`~kb.search.tables`: variant and English tables for query readers (the browser).
- :mod:`~kb.search.aliases`: the alias table (synonyms, obsolete terms, spelling variants,
  English, initialisms, card names, slang), written as ``search/aliases.tsv``.
- :mod:`~kb.search.documents`, :mod:`~kb.search.index`, :mod:`~kb.search.stages`: what is
  indexed (the record itself in :mod:`~kb.search.document`, which a query reads without
  the graph), the Whoosh index, and the ``dictionary`` and ``index`` build stages;
  :mod:`~kb.search.whoosh_internals` holds every use of Whoosh beyond its public API.
- :mod:`~kb.search.query`, :mod:`~kb.search.searcher`, :mod:`~kb.search.ranking`,
  :mod:`~kb.search.highlight`, :mod:`~kb.search.results`, :mod:`~kb.search.format`:
  reading a query, ranking (the priors the site's search uses too), highlights,
  citations and snippets, text output.  ``Searcher`` is the API the CLI and the site
  share.
- :mod:`~kb.search.evaluate`, :mod:`~kb.search.baselines`, :mod:`~kb.search.styles`:
  ``kb eval`` (with a per-style breakdown), and the one evaluator the site's search is
  measured with too.
"""

from kb.search.whoosh_internals import import_without_web_and_async

import_without_web_and_async()  # before any module here imports Whoosh
