"""Who imports whom: a lookup pays only for the store and the grammar, and the stages
depend on the build's interface (``kb.build.state``), never on its orchestrator.

Each import runs in a fresh interpreter, where ``sys.modules`` shows everything it took.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

ORCHESTRATION = ("kb.build.pipeline", "kb.build.stages", "kb.build.forked", "kb.build.swap")
HEAVY = ("whoosh", "sudachipy", "jinja2", "markdown_it", "rich")


def modules_after(code: str) -> set[str]:
    """The modules loaded once ``code`` has run in a new interpreter."""
    probe = f"{code}\nimport sys, json\nprint('\\n' + json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    return set(json.loads(done.stdout.rsplit("\n", 2)[-2]))


def kb_modules(modules: set[str], *prefixes: str) -> list[str]:
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in prefixes))


def test_kb_rule_imports_neither_the_build_nor_the_search(search_seed_build: Path) -> None:
    loaded = modules_after(
        "from kb.cli import main\n"
        f"assert main(['rule', '702.26d', '--json', '--build', {str(search_seed_build)!r}]) == 0")
    assert "kb.store" in loaded  # the probe did look the rule up, in kb.sqlite
    assert kb_modules(loaded, "kb.build", "kb.search", "kb.site", "kb.checks", "kb.engine",
                      "kb.lookup", "kb.graph", "kb.export", "kb.model") == []
    assert kb_modules(loaded, *HEAVY) == []


def test_the_argument_parser_imports_nothing_heavy() -> None:
    """``kb --help`` and every command's parser: the standard library and kb.cli only."""
    loaded = modules_after("from kb.cli import make_parser\nmake_parser()")
    assert kb_modules(loaded, "kb") == ["kb", "kb.cli", "kb.errors"]
    assert kb_modules(loaded, *HEAVY) == []


def test_the_stages_do_not_import_the_orchestrator() -> None:
    loaded = modules_after("import kb.search.stages, kb.site.stage, kb.build.state, "
                           "kb.build.reuse, kb.build.snapshot, kb.search.searcher")
    assert kb_modules(loaded, *ORCHESTRATION) == []


def test_the_orchestrator_runs_the_stages_of_search_and_site() -> None:
    from kb.build.stages import STAGES
    from kb.search.stages import build_dictionary, build_index
    from kb.site.stage import write_site

    stages = dict(STAGES)
    assert (stages["dictionary"], stages["index"], stages["site"]) == \
        (build_dictionary, build_index, write_site)


def test_kb_search_loads_neither_the_graph_nor_a_web_client(search_seed_build: Path) -> None:
    """A cold ``kb search`` reads the index: not the graph's modules, and not the web
    client and event loop Whoosh's imports name (``whoosh_internals.import_without_web_and_async``)."""
    loaded = modules_after(
        "from kb.cli import main\n"
        f"assert main(['search', 'フェイジング', '--build', {str(search_seed_build)!r}]) == 0")
    assert "kb.search.searcher" in loaded and "whoosh.reading" in loaded
    assert kb_modules(loaded, "kb.graph", "kb.export", "kb.search.documents", "kb.search.terms",
                      "kb.sources", "kb.build.pipeline") == []
    assert kb_modules(loaded, "http", "ssl", "email", "asyncio", "urllib.request") == []


def test_the_stand_ins_reach_the_real_modules() -> None:
    """What the stand-ins gave Whoosh and cached_property still works, through the real
    modules, and those import as themselves afterwards."""
    loaded = modules_after(
        "import kb.search, sys, whoosh.compat, cached_property\n"
        "assert 'urllib.request' not in sys.modules and 'asyncio' not in sys.modules\n"
        "class C:\n"
        "    @cached_property.cached_property\n"
        "    def value(self):\n"
        "        return [1]\n"
        "c = C()\n"
        "assert c.value is c.value\n"
        "import urllib.request, asyncio\n"
        "assert urllib.request.urlretrieve.__module__ == 'urllib.request'\n"
        "assert asyncio.ensure_future.__module__.startswith('asyncio')\n"
        "try:\n"
        "    whoosh.compat.urlretrieve('file:///nonexistent-kb-probe')\n"
        "except OSError:\n"
        "    pass\n")
    assert "urllib.request" in loaded
