"""The checks, one module per area of the CR, named ``cr<rule>_<topic>``: every module here is
collected by :func:`kb.checks.registry.all_checks`."""
