"""What every build stage takes: the options of the build and the state the stages share.

A stage is a function of :class:`BuildState`; it reads what earlier stages made and adds
its own.  This module is the stages' whole interface to the build: they never import the
orchestrator (:mod:`kb.build.pipeline`).
"""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from kb.build.reuse import Reuse
from kb.export import GraphRecords
from kb.graph import RuleGraph
from kb.model import CRDocument, WikiPage
from kb.sources.cards import CardNames

if TYPE_CHECKING:
    from kb.history.identity import History
    from kb.history.release import Release
    from kb.outdated import OutdatedClaim
    from kb.sources.cr_en import GlossaryTerm as EnglishGlossaryTerm


@dataclass
class BuildOptions:
    corpus: Path = Path("corpus")
    cr: list[Path] = field(default_factory=list)
    """Japanese CR files."""
    cr_en: list[Path] = field(default_factory=list)
    """English CR release files, or folders of them (``YYYY-MM-DD.txt``)."""
    cards: Path | None = None
    """The English ↔ Japanese card-name table (``kb build --cards FILE``): card mentions in
    page text and rules are recognised, and search knows each card's names and reading."""
    out: Path = Path("_build")
    strict: bool = False
    """Turn warnings (dangling references, conflicting texts) into a failed build."""
    clean: bool = False
    """Reuse nothing from the previous build (see :mod:`kb.build.reuse`)."""
    jobs: int | None = None
    """Processes at once: with 2 or more, the stages of
    :data:`kb.build.stages.BACKGROUND_STAGES` run in a forked child beside the others
    (Linux; see :mod:`kb.build.forked`).  None (as ``kb build`` without ``--jobs``): as
    :func:`kb.build.pipeline.auto_jobs` decides."""
    site_terms: bool = False
    """Write the site's term index (``search/terms/``, :mod:`kb.site.search_terms`): what
    the browser port of ``kb search``'s ranking (``kb.searchByTerms``) reads.  Off by
    default: the search page does not use it yet, and making it costs a build about 3 s
    of CPU on the CR (``kb build --site-terms``)."""


@dataclass
class BuildState:
    """What the stages share: inputs, what earlier stages made, and the working directory."""

    options: BuildOptions
    work: Path
    pages: list[WikiPage] = field(default_factory=list)
    documents: list[CRDocument] = field(default_factory=list)
    releases: list[Release] = field(default_factory=list)
    """The English releases, oldest first."""
    release_keys: list[str] = field(default_factory=list)
    """Each release file's content hash, as :attr:`releases` are ordered."""
    english_glossary: list[EnglishGlossaryTerm] = field(default_factory=list)
    """The newest English release's glossary."""
    history: History | None = None
    """Every rule's identity across :attr:`releases` (the ``history`` stage's)."""
    card_names: CardNames | None = None
    graph: RuleGraph = field(default_factory=RuleGraph)
    warnings: list[str] = field(default_factory=list)
    written: list[str] = field(default_factory=list)
    """Paths (relative to the output) of what the build wrote, for the summary."""
    claims: list[OutdatedClaim] | None = None
    """What of the wiki the checks and newer texts show outdated (the checks stage's)."""
    records: GraphRecords = field(default_factory=GraphRecords)
    """Each rule's and page's record as ``kb.json`` holds it (the export stage's)."""
    reuse: Reuse = field(default_factory=lambda: Reuse.none(Path()))
    """The previous build, where a stage can take what did not change."""
    build_id: str = field(default_factory=lambda: new_build_id())
    """Unique to this build; written into what the build writes, so a reader can tell
    which build an answer came from."""
    wait_for: Callable[[str], None] = field(default=lambda stage: None)
    """Call before reading what stage ``stage`` wrote: returns once it has finished
    (immediately when the stages run in turn)."""


def new_build_id() -> str:
    return f"{time.strftime('%Y%m%dT%H%M%S')}-{os.getpid()}-{secrets.token_hex(4)}"


StageFunction = Callable[[BuildState], None]
