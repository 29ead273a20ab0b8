"""``python -m kb.checks.cite 704.5a [613.4d …] [--cr FILE]``: the cite strings a check writes.

For each rule: ``704.5a@20260116.0@xxxxxxxx`` (the rule's text in that CR, fingerprinted), and for
each of its examples (例) ``613.4d#1@xxxxxxxx`` for ``example=``.  It reads the Japanese CR from
``../shared/data/cr-ja-20260116/rules.txt`` next to the repository unless given ``--cr``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from kb.checks.fingerprint import fingerprint
from kb.rulenum import RuleNumber, RuleNumberError

DEFAULT_CR = Path(__file__).resolve().parents[3] / "shared" / "data" / "cr-ja-20260116" / "rules.txt"


def cites(numbers: list[str], cr: Path = DEFAULT_CR) -> list[str]:
    """The cite lines for ``numbers``; raises LookupError for a number the CR doesn't have."""
    from kb.model import RuleEntry
    from kb.sources.cr import read_cr

    document = read_cr(cr)
    entries: dict[RuleNumber, RuleEntry] = {}
    for entry in document.entries:
        entries.setdefault(entry.number, entry)  # the first of two lines with one number, as the graph
    lines = []
    for text in numbers:
        number = RuleNumber.parse(text)
        found = entries.get(number)
        if found is None:
            raise LookupError(f"{number} is not in {cr} (CR {document.version})")
        lines.append(f"{number}@{document.version}@{fingerprint(found.text)}")
        for index, example in enumerate(found.examples, start=1):
            lines.append(f"{number}#{index}@{fingerprint(example.text)}    例: {example.text[:60]}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kb.checks.cite", description=__doc__.split("\n\n")[0])
    parser.add_argument("numbers", nargs="+", metavar="NUMBER")
    parser.add_argument("--cr", type=Path, default=DEFAULT_CR, help="the Japanese CR's rules.txt")
    args = parser.parse_args(argv)
    try:
        print("\n".join(cites(args.numbers, args.cr)))
    except (RuleNumberError, LookupError, OSError) as error:
        print(f"kb.checks.cite: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
