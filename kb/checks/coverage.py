"""Which rules have a passing check: those the wiki quotes, and all rules of the loaded CR; and
the figures of the catalogs (every CR example, every keyword's subrules, the machinery chapters)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from kb.checks.catalog import (
    ExampleCoverage,
    ExampleDrift,
    ExampleRef,
    KeywordCoverage,
    KeywordDrift,
    SpanCoverage,
    chapter_coverage,
    example_coverage,
    example_drift,
    keyword_coverage,
    keyword_drift,
    load_examples,
    load_keywords,
    newest_cr_version,
)
from kb.graph import RuleGraph
from kb.rulenum import RuleNumber


@dataclass(frozen=True)
class Coverage:
    scope: str
    """``quoted``: rules the wiki pages quote with text; ``all``: rules with text in the CR."""
    version: str | None
    rules: tuple[RuleNumber, ...]
    checked: frozenset[RuleNumber]
    """Rules with at least one check."""
    passing: frozenset[RuleNumber]
    """Rules with at least one passing check."""

    @property
    def missing(self) -> list[RuleNumber]:
        return [n for n in self.rules if n not in self.passing]

    @property
    def covered(self) -> int:
        """How many of ``rules`` have a passing check."""
        return len(self.rules) - len(self.missing)

    def describe(self) -> str:
        where = ("rules the wiki quotes" if self.scope == "quoted"
                 else f"all rules with text in the CR {self.version}")
        share = f" ({100 * self.covered / len(self.rules):.1f}%)" if self.rules else ""
        return f"{where}: {self.covered}/{len(self.rules)} have a passing check{share}"


def quoted_rules(graph: RuleGraph) -> list[RuleNumber]:
    return [node.number for node in graph if node.texts and any(p.kind == "quote" for p in node.pages)]


def cr_rules(graph: RuleGraph) -> tuple[str, list[RuleNumber]] | None:
    """The newest CR version loaded and the rules with text in it; None without a CR."""
    newest = newest_cr_version(graph)
    if newest is None:
        return None
    return newest, [node.number for node in graph if node.text_in(newest) is not None]


def coverage(graph: RuleGraph, checked: Iterable[RuleNumber], passing: Iterable[RuleNumber],
             within: list[RuleNumber]) -> list[Coverage]:
    """Coverage over quoted rules, and over the CR's rules when one is loaded; limited to
    ``within`` (and their subrules) when given."""
    checked_set, passing_set = frozenset(checked), frozenset(passing)

    def inside(numbers: list[RuleNumber]) -> tuple[RuleNumber, ...]:
        return tuple(n for n in numbers if _inside(n, within))

    found = [Coverage("quoted", graph.newest_version, inside(quoted_rules(graph)), checked_set, passing_set)]
    cr = cr_rules(graph)
    if cr is not None:
        found.append(Coverage("all", cr[0], inside(cr[1]), checked_set, passing_set))
    return found


# -- the catalogs' figures: examples, keywords, machinery chapters (issue 12) -----------------


@dataclass(frozen=True)
class CatalogFigures:
    """What the passing checks cover of the catalogs (:mod:`kb.checks.catalog`), and where the
    catalogs or the checks disagree with the build's CR."""

    examples: ExampleCoverage
    keywords: KeywordCoverage
    chapters: tuple[SpanCoverage, ...]
    """Empty without a CR."""
    example_drift: ExampleDrift
    keyword_drift: KeywordDrift
    not_in_cr: tuple[tuple[RuleNumber, tuple[str, ...]], ...]
    """Rules cited by checks that have no text in the newest CR of the build, each with the
    checks citing it (they are needs-review: the rule may have moved); empty without a CR."""


def catalog_figures(graph: RuleGraph, passing: Iterable[RuleNumber], examples: Iterable[ExampleRef],
                    cited: Mapping[RuleNumber, Sequence[str]], within: Sequence[RuleNumber] = ()
                    ) -> CatalogFigures:
    """The catalogs' figures for the rules with a passing check (``passing``), the examples
    those checks reproduce (``examples``) and every rule cited, by check id (``cited``);
    limited to ``within`` (and its subrules) when given."""
    passed = frozenset(passing)
    example_rows = [r for r in load_examples() if _inside(r.ref.rule, within)]
    keyword_rows = [r for r in load_keywords() if _inside(r.rule, within)]
    spans = tuple(replace(span, rules=tuple(n for n in span.rules if _inside(n, within)))
                  for span in chapter_coverage(graph, passed))
    cr = cr_rules(graph)
    in_cr = set(cr[1]) if cr is not None else set()
    missing = tuple((number, tuple(ids)) for number, ids in sorted(cited.items(), key=lambda i: i[0].sort_key)
                    if cr is not None and number not in in_cr and _inside(number, within))
    return CatalogFigures(
        example_coverage(example_rows, examples), keyword_coverage(keyword_rows, passed),
        tuple(s for s in spans if s.rules or not within),
        example_drift(example_rows, graph) if not within else ExampleDrift((), (), ()),
        keyword_drift(keyword_rows, graph) if not within else KeywordDrift((), (), ()),
        missing)


def _inside(number: RuleNumber, within: Sequence[RuleNumber]) -> bool:
    return not within or any(w == number or w.is_ancestor_of(number) for w in within)
