"""The report as ``kb check`` prints it: one line per rule and check, reviews, failures, coverage."""

from __future__ import annotations

import difflib
import unicodedata

from kb.checks.coverage import CatalogFigures
from kb.checks.mutants import Audit
from kb.checks.registry import Check
from kb.checks.report import CheckReport
from kb.checks.staleness import Review
from kb.rulenum import RuleNumber

_WIDTH = 100


def format_report(report: CheckReport) -> str:
    rows = report.rows()
    id_width = max((len(r.check.id) for _, r in rows), default=10)
    lines = [f"{'rule':<9} {'check':<{id_width}}  {'result':<12} {'time':>9}"]
    for number, result in rows:
        lines.append(f"{number!s:<9} {result.check.id:<{id_width}}  {result.status:<12} "
                     f"{result.outcome.seconds * 1000:>6.1f} ms")
    reviews = _reviews_by_rule(report)
    if reviews:
        lines += ["", "needs review (the rule's text is not the one the checks were written against):"]
        for (number, _), (review, check_ids) in sorted(reviews.items(), key=lambda i: i[0][0].sort_key):
            lines.append(f"  {number}: {review.reason}")
            lines.append(f"    checks: {', '.join(check_ids)}")
            lines += _quoted(review.written_version, review.written_text)
            if review.version != review.written_version:
                lines += _quoted(review.version, review.text)
                if review.written_text is not None and review.text is not None:
                    lines += _quoted("changes", _changes(review.written_text, review.text))
    if report.failed:
        lines += ["", "failed:"]
        for result in report.failed:
            lines.append(f"  {result.check.id} ({', '.join(str(n) for n in result.check.rules)})")
            lines.append(f"    {result.message}")
    lines += ["", "coverage:"]
    lines += [f"  {c.describe()}" for c in report.coverage]
    lines += _catalog_lines(report.catalogs)
    counts = {s: sum(1 for r in report.results if r.status == s) for s in ("pass", "needs-review", "fail")}
    seconds = sum(r.outcome.seconds for r in report.results)
    lines.append(f"{len(report.results)} checks: {counts['pass']} pass, {counts['needs-review']} need review, "
                 f"{counts['fail']} fail ({seconds:.2f}s)")
    return "\n".join(lines)


def _catalog_lines(figures: CatalogFigures) -> list[str]:
    """The catalogs' figures: examples, keywords' subrules, machinery chapters, and disagreements."""
    examples, keywords = figures.examples, figures.keywords
    rest = examples.rest
    other = sum(1 for row, _ in rest if not row.is_situation)
    lines = [(f"  CR examples: {len(examples.covered)}/{examples.total} reproduced by a passing check; "
              f"of the other {len(rest)}, {len(rest) - other} game situations have no passing check yet "
              f"and {other} are not game situations (reasons in --json)")]
    if examples.unknown:
        lines.append(f"    checks name examples the catalog lacks: {', '.join(map(str, examples.unknown))}")
    behaviour = keywords.behaviour_subrules
    lines.append(f"  keywords: {len(keywords.defining_covered)}/{len(keywords.in_game)} defining subrules "
                 f"and {len(behaviour) - len(keywords.behaviour_missing)}/{len(behaviour)} other behaviour "
                 "subrules have a passing check")
    if figures.chapters:
        lines.append(f"  machinery chapters (CR {figures.chapters[0].version}):")
        width = max(len(str(span.span)) for span in figures.chapters)
        for span in figures.chapters:
            share = f" ({100 * span.covered / len(span.rules):.1f}%)" if span.rules else ""
            lines.append(f"    {span.span!s:<{width}}  {span.covered:>4}/{len(span.rules):<4}{share} {span.span.label}")
    for number, ids in figures.not_in_cr:
        lines.append(f"  cited but not in the build's CR (needs review): {number} by {', '.join(ids)}")
    example_drift, keyword_drift = figures.example_drift, figures.keyword_drift
    for what, refs in (("examples of the CR with no catalog row", example_drift.missing),
                       ("catalog rows naming no example of the CR", [r.ref for r in example_drift.unknown]),
                       ("catalog rows whose example text changed", [r.ref for r in example_drift.changed]),
                       ("keyword rules of the CR with no catalog row", keyword_drift.missing),
                       ("keyword rows naming rules not in the CR", [r.rule for r in keyword_drift.unknown]),
                       ("keyword rows whose name changed", [r.rule for r in keyword_drift.renamed])):
        if refs:
            lines.append(f"  catalog drift: {what}: {', '.join(map(str, refs))}")
    return lines


def _reviews_by_rule(report: CheckReport) -> dict[tuple[RuleNumber, str], tuple[Review, list[str]]]:
    """Each changed rule once, with the checks that need reviewing because of it."""
    found: dict[tuple[RuleNumber, str], tuple[Review, list[str]]] = {}
    for result in report.results:
        for review in result.reviews:
            key = (review.number, review.reason)
            found.setdefault(key, (review, []))[1].append(result.check.id)
    return found


def _changes(old: str, new: str) -> str:
    """The differing fragments: 「old」→「new」."""
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    parts = [f"「{old[i1:i2]}」→「{new[j1:j2]}」"
             for op, i1, i2, j1, j2 in matcher.get_opcodes() if op != "equal"]
    return "; ".join(parts)


def _quoted(label: str, text: str | None) -> list[str]:
    body = text if text is not None else "(no text in the graph)"
    wrapped = _wrap(body, _WIDTH - 18) or [""]
    return [f"    {label:<12} {wrapped[0]}"] + [f"    {'':<12} {line}" for line in wrapped[1:]]


def _wrap(text: str, columns: int) -> list[str]:
    """Wrap by display width: CJK characters take two columns."""
    lines, line, width = [], "", 0
    for char in text:
        cells = 2 if unicodedata.east_asian_width(char) in "WF" else 1
        if width + cells > columns:
            lines.append(line)
            line, width = "", 0
        line += char
        width += cells
    if line:
        lines.append(line)
    return lines


def format_mutants(checks: list[Check], found: Audit) -> str:
    name_width = max((len(r.mutant.name) for r in found.runs), default=6)
    lines = [f"{'mutant':<{name_width}}  {'rule':<8} first check it breaks"]
    for run in found.runs:
        broken = run.broken[0] if run.broken else "NONE: no check notices this mutant"
        lines.append(f"{run.mutant.name:<{name_width}}  {run.mutant.rule:<8} {broken}")
    spared = found.unbroken_checks
    lines.append("")
    lines.append(f"{len(found.runs)} mutants, {sum(1 for r in found.runs if r.broken)} caught; "
                 f"{len(spared)} of {len(checks)} checks broken by no mutant" + (": " + ", ".join(spared) if spared else ""))
    return "\n".join(lines)


def mutants_json(checks: list[Check], found: Audit) -> dict[str, object]:
    return {
        "mutants": [{"name": r.mutant.name, "rule": r.mutant.rule, "description": r.mutant.description,
                     "table": r.mutant.table, "broken": list(r.broken)} for r in found.runs],
        "breakers": dict(found.breakers),
        "unbroken_checks": found.unbroken_checks,
    }
