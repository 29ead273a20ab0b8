"""kb: a Japanese Magic: The Gathering rules knowledge base with cited lookup.

The package mirrors the pipeline: ``sources`` (readers) -> ``graph`` -> ``search`` /
``checks`` / ``site``, driven by ``build`` and exposed by ``cli``.
"""

__version__ = "0.1.0"
