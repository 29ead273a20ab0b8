"""The build's stages, in order: read, history, graph, dictionary, index, checks, export, site.

The pipeline is this table (:data:`STAGES`): each entry a name, shown in progress and
timed in the report, and a function of :class:`~kb.build.state.BuildState`.  Phase one
reads and resolves everything (read, graph); phase two writes (the rest).  The search
stages are :mod:`kb.search.stages`, the site's :mod:`kb.site.stage`.
"""

from __future__ import annotations

from kb.build.reuse import Memo, keep_program_memo, program_memo
from kb.build.state import BuildState, StageFunction
from kb.cardindex import index_cards
from kb.export import GRAPH_FILE, write_json
from kb.graph import build_graph
from kb.model import CRDocument, WikiPage
from kb.releases import release_of
from kb.search.stages import build_dictionary, build_index
from kb.site.stage import write_site
from kb.sources.cards import link_cards, read_card_names
from kb.sources.corpus import read_corpus
from kb.sources.cr import read_cr
from kb.sources.crquote import expand_cr_quotes, newest_cr
from kb.store import STORE_FILE
from kb.store_write import StoreWriter


def read_sources(state: BuildState) -> None:
    """Read every wiki file of the corpus (any form, revisions merged) and every CR file
    given; fill the pages' ``{{#CR:N}}`` quotes from the newest CR."""
    corpus = read_corpus(state.options.corpus, Memo(state.reuse, "pages"))
    state.pages = corpus.pages
    state.warnings.extend(corpus.warnings)
    for path in state.options.cr:
        state.documents.append(read_cr(path))
    expand_cr_quotes(state.pages, newest_cr(state.documents))
    if state.options.cards is not None:
        state.card_names = read_card_names(state.options.cards)
        mentions = Memo(state.reuse, "card-mentions")
        for page in state.pages:
            link_cards(page, state.card_names, mentions)
    for page in state.pages:
        state.warnings.extend(f"page note: {page.title} ({page.path}:{note.line}): {note.message}"
                              for note in page.notes)
    if state.options.cr_en:
        from kb.history.stage import read_english

        read_english(state)


def align_releases(state: BuildState) -> None:
    """Every rule's identity across the English releases (nothing without ``--cr-en``)."""
    if state.releases:
        from kb.history.stage import align_history

        align_history(state)


def link_graph(state: BuildState) -> None:
    """Resolve everything into one graph; report dangling references and conflicts."""
    english = None
    if state.history is not None:
        from kb.history.graph import english_rules

        english = english_rules(state.history, state.english_glossary,
                                japanese_releases(state.pages, state.documents))
    state.graph = build_graph(state.pages, state.documents, english)
    state.graph.history = state.history
    for text in state.graph.unplaced:
        state.warnings.append(
            f"unplaced: {text.number} of {text.version} ({text.source}) is in no rule of "
            f"{state.graph.newest_english}: the rule was last in {text.gone_after}")
    index_cards(state.graph, state.card_names, Memo(state.reuse, "rule-card-mentions"))
    for node in state.graph.dangling():
        who = ", ".join(sorted({link.origin for link in node.referenced_by} |
                               {f"page:{p.page}" for p in node.pages if p.kind != "quote"}))
        state.warnings.append(f"dangling reference to {node.number} (from {who})")
    for conflict in state.graph.conflicts:
        where = "; ".join(str(t.source) for t in conflict.texts)
        state.warnings.append(
            f"conflict: {conflict.number} has {len(conflict.texts)} different texts in "
            f"{conflict.version} ({where})"
        )


def run_checks(state: BuildState) -> None:
    """Run the executable checks against the graph and attach them to the rules they cite."""
    from kb.checks.described import entries
    from kb.checks.report import attach, run_checks
    from kb.outdated import OUTDATED_FILE, outdated_claims, write_claims

    outcomes = Memo(state.reuse, "checks")
    described = Memo(state.reuse, "check-descriptions")
    if not outcomes.previous:  # a clean build: this program's outcomes, if it ran them before
        outcomes.previous = program_memo("checks")
    if not described.previous:
        described.previous = program_memo("check-descriptions")
    report = run_checks(state.graph, memo=outcomes, described=described)
    keep_program_memo("checks", outcomes.used)
    attach(state.graph, report)
    # What the build reads of each check (its source text costs a tokenizer pass per
    # check) depends on the program alone, like its outcome.
    described.used.update(entries([result.check for result in report.results]))
    if described.used != described.previous:
        keep_program_memo("check-descriptions", described.used)
    # What of the wiki the checks and newer texts show to be outdated, for kb search.
    state.claims = outdated_claims(state.graph)  # the site's too: the graph is complete
    write_claims(state.claims, state.work / OUTDATED_FILE)
    state.written.append(OUTDATED_FILE)
    for result in report.failed:
        state.warnings.append(f"check failed: {result.check.id} ({result.message})")


def export_graph(state: BuildState) -> None:
    """``kb.json`` (the export) and ``kb.sqlite`` (the lookup store ``kb rule`` reads)."""
    # One pass: each rule's record is made once for both (its head encoded once).
    with StoreWriter(state.graph, state.work / STORE_FILE, state.build_id) as store:
        state.records = write_json(state.graph, state.work / GRAPH_FILE, state.build_id, store.add)
    state.written += [GRAPH_FILE, STORE_FILE]


def japanese_releases(pages: list[WikiPage], documents: list[CRDocument]) -> set[str]:
    """The releases (ISO dates) of every Japanese text: CR documents and quote blocks."""
    versions = {d.version for d in documents} | {c.version for p in pages for c in p.citations}
    return {r for r in map(release_of, versions) if r is not None}


STAGES: list[tuple[str, StageFunction]] = [
    ("read", read_sources),
    ("history", align_releases),
    ("graph", link_graph),
    ("dictionary", build_dictionary),
    ("index", build_index),
    ("checks", run_checks),
    ("export", export_graph),
    ("site", write_site),
]
"""The build, in order."""

BACKGROUND_STAGES = ("dictionary", "index")
"""Stages that may run in a child process, in turn, beside the others (which start from
the same graph): they write only their own files under ``search/``, and of those the
other stages read only the query tables, after ``state.wait_for("dictionary")``."""
