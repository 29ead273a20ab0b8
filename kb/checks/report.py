"""Run the checks against a graph: each result with its staleness, then coverage.

``kb check`` prints this report and the build attaches it to the rule nodes."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import Any, Literal

from kb.build.reuse import Memo
from kb.checks import registry, staleness
from kb.checks.catalog import ExampleRef
from kb.checks.coverage import CatalogFigures, Coverage, catalog_figures, coverage
from kb.checks.described import Described, cached
from kb.checks.outcome import Outcome
from kb.checks.staleness import Review
from kb.graph import RuleCheck, RuleGraph
from kb.rulenum import RuleNumber

Status = Literal["pass", "fail", "needs-review"]


@dataclass(frozen=True)
class CheckResult:
    check: Described
    outcome: Outcome
    reviews: tuple[Review, ...]

    @property
    def status(self) -> Status:
        if not self.outcome.passed:
            return "fail"
        return "needs-review" if self.reviews else "pass"

    @property
    def message(self) -> str:
        if self.status == "needs-review":
            return "; ".join(f"{r.number}: {r.reason}" for r in self.reviews)
        return self.outcome.message


@dataclass(frozen=True)
class CheckReport:
    results: tuple[CheckResult, ...]
    coverage: tuple[Coverage, ...]
    selection: tuple[RuleNumber, ...]
    catalogs: CatalogFigures

    @property
    def failed(self) -> list[CheckResult]:
        return [r for r in self.results if r.status == "fail"]

    def rows(self) -> list[tuple[RuleNumber, CheckResult]]:
        """(rule, result) for every rule a selected check cites, in rule order."""
        pairs = [(n, r) for r in self.results for n in r.check.rules
                 if not self.selection or any(s == n or s.is_ancestor_of(n) for s in self.selection)]
        return sorted(pairs, key=lambda pair: (pair[0].sort_key, pair[1].check.id))


def run_checks(graph: RuleGraph, numbers: Sequence[RuleNumber] = (),
               memo: Memo | None = None, described: Memo | None = None) -> CheckReport:
    """Run the checks citing ``numbers`` (all when empty) and judge their staleness
    against ``graph``.  A check's outcome depends on the program alone (the engine and the
    check), so a build passes ``memo`` to take outcomes from the previous build of the
    same program, and ``described`` for what it reads of the checks (:mod:`kb.checks.described`):
    with both complete, the modules of checks are not imported.  Staleness is judged
    afresh either way."""
    checks = cached(described.previous) if described is not None and memo is not None else None
    running: AbstractContextManager[None] = nullcontext()  # every outcome is in the memo
    if checks is None or any(memo is None or not isinstance(memo.previous.get(c.id), dict) for c in checks):
        from kb.checks import runner  # the engine

        checks = [Described.of(c) for c in registry.all_checks()]
        running = runner.many()
    selected = registry.select(checks, list(numbers))
    with running:
        results = tuple(CheckResult(c, _outcome(c, memo), tuple(staleness.reviews(c, graph)))
                        for c in selected)
    passing = {n for r in results if r.status == "pass" for n in r.check.rules}
    checked = {n for r in results for n in r.check.rules}
    examples = {ExampleRef(e.rule, e.index) for r in results if r.status == "pass" for e in r.check.examples}
    cited: dict[RuleNumber, list[str]] = {}
    for result in results:
        for number in result.check.rules:
            cited.setdefault(number, []).append(result.check.id)
    return CheckReport(results, tuple(coverage(graph, checked, passing, list(numbers))), tuple(numbers),
                       catalog_figures(graph, passing, examples, cited, numbers))


def _outcome(check: Described, memo: Memo | None) -> Outcome:
    found = memo.get(check.id) if memo is not None else None
    if isinstance(found, dict):
        return Outcome(bool(found["passed"]), str(found["message"]),
                       tuple(found["claims"]), float(found["seconds"]))
    from kb.checks import runner

    assert isinstance(check.origin, registry.Check)  # a check not in the memo was imported
    outcome = runner.run(check.origin)
    if memo is not None:
        memo.put(check.id, {"passed": outcome.passed, "message": outcome.message,
                            "claims": list(outcome.claims), "seconds": outcome.seconds})
    return outcome


def report_json(report: CheckReport) -> dict[str, Any]:
    return {
        "checks": [result_json(r) for r in report.results],
        "coverage": {**{c.scope: coverage_json(c) for c in report.coverage}, **catalogs_json(report.catalogs)},
        "summary": {status: sum(1 for r in report.results if r.status == status)
                    for status in ("pass", "needs-review", "fail")},
    }


def result_json(result: CheckResult) -> dict[str, Any]:
    check = result.check
    return {
        "id": check.id,
        "rules": [str(n) for n in check.rules],
        "status": result.status,
        "message": result.message,
        "seconds": round(result.outcome.seconds, 6),
        "doc": check.doc,
        "claims": list(result.outcome.claims),
        "written_against": {str(c.number): {"version": c.version, "fingerprint": c.fingerprint}
                            for c in check.cites},
        "wiki": [f"{b.page}: {b.words}" for b in check.wiki],
        "wiki_outdated": [str(b) for b in check.wiki if b.outdated],
        "statement": check.statement.as_dict(),
        "cards": cards_of(check),
        "examples": [str(e) for e in check.examples],
        "location": check.location,
        "reviews": [
            {"rule": str(r.number), "reason": r.reason, "written_version": r.written_version,
             "written_text": r.written_text, "version": r.version, "text": r.text}
            for r in result.reviews
        ],
    }


def cards_of(check: Described) -> list[dict[str, str | None]]:
    """The real cards the statement names: Japanese name, and English where the checks know it."""
    return [{"ja": ja, "en": en} for ja, en in check.cards]


def coverage_json(found: Coverage) -> dict[str, Any]:
    return {
        "version": found.version,
        "rules": len(found.rules),
        "with_checks": sum(1 for n in found.rules if n in found.checked),
        "passing": found.covered,
        "missing": [str(n) for n in found.missing] if len(found.missing) <= 200 else len(found.missing),
    }


def catalogs_json(figures: CatalogFigures) -> dict[str, Any]:
    """The catalogs' figures under ``coverage``: examples, keywords, machinery chapters, and
    what disagrees with the build's CR."""
    examples, keywords = figures.example_drift, figures.keyword_drift
    return {
        "examples": figures.examples.as_json(),
        "keywords": figures.keywords.as_json(),
        "chapters": [span.as_json() for span in figures.chapters],
        "not_in_cr": [{"rule": str(number), "checks": list(ids)} for number, ids in figures.not_in_cr],
        "catalog_drift": {
            "examples": {"missing": [str(ref) for ref in examples.missing],
                         "unknown": [str(row.ref) for row in examples.unknown],
                         "changed": [str(row.ref) for row in examples.changed]},
            "keywords": {"missing": [str(number) for number in keywords.missing],
                         "unknown": [str(row.rule) for row in keywords.unknown],
                         "renamed": [str(row.rule) for row in keywords.renamed]},
        },
    }


def attach(graph: RuleGraph, report: CheckReport) -> None:
    """Give every rule node the checks citing it, for the export and the site."""
    for node in graph:
        node.checks = []
    for result in report.results:
        check = result.check
        source = check.source_text
        for cite in check.cites:
            cited = graph.cited(cite.number, cite.version)
            if cited is None:
                continue
            cited.checks.append(RuleCheck(
                id=check.id, status=result.status, message=result.message, doc=check.doc,
                source=source, location=check.location, written_against=cite.version,
                rules=[str(n) for n in check.rules], claims=list(result.outcome.claims),
                wiki=[f"{b.page}: {b.words}" for b in check.wiki],
                wiki_outdated=[str(b) for b in check.wiki if b.outdated],
                changed_in=sorted({r.version for r in result.reviews if r.number == cite.number
                                   and r.version != cite.version}),
                statement=check.statement.as_dict(), cards=cards_of(check),
                examples=[str(e) for e in check.examples],
            ))
