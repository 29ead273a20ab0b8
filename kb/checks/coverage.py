"""Which rules have a passing check: those the wiki quotes, and all rules of the loaded CR."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kb.graph import RuleGraph, version_key
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
    versions = [s.version for s in graph.sources if s.kind == "cr" and s.version]
    if not versions:
        return None
    newest = max(versions, key=version_key)
    return newest, [node.number for node in graph if node.text_in(newest) is not None]


def coverage(graph: RuleGraph, checked: Iterable[RuleNumber], passing: Iterable[RuleNumber],
             within: list[RuleNumber]) -> list[Coverage]:
    """Coverage over quoted rules, and over the CR's rules when one is loaded; limited to
    ``within`` (and their subrules) when given."""
    checked_set, passing_set = frozenset(checked), frozenset(passing)

    def inside(numbers: list[RuleNumber]) -> tuple[RuleNumber, ...]:
        if not within:
            return tuple(numbers)
        return tuple(n for n in numbers if any(w == n or w.is_ancestor_of(n) for w in within))

    found = [Coverage("quoted", graph.newest_version, inside(quoted_rules(graph)), checked_set, passing_set)]
    cr = cr_rules(graph)
    if cr is not None:
        found.append(Coverage("all", cr[0], inside(cr[1]), checked_set, passing_set))
    return found
