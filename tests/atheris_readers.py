"""Coverage-guided fuzzing of the decoder, the readers and the rule-number grammar (atheris).

Run it by hand for a long hunt (crash files go to ``-artifact_prefix``)::

    python tests/atheris_readers.py -max_total_time=600 -max_len=4096 \\
        -artifact_prefix=/tmp/kb-fuzz/ /tmp/kb-fuzz/corpus corpus/wiki

``tests/test_atheris.py`` runs :func:`one_input` on the seed pages in every CI run, and
a short atheris run when atheris is installed.  The contract is the one the hypothesis
suite checks: bytes are decoded or refused with a KbError naming the file and a line, and
the text then parses or is refused the same way; nothing else may escape.
"""

from __future__ import annotations

import contextlib
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kb.errors import KbError

PATH = "fuzz.txt"


def _refused(err: KbError, text: str) -> None:
    if err.path != PATH or err.line is None or not 1 <= err.line <= text.count("\n") + 1:
        raise AssertionError(f"KbError without a usable file and line: {err!r}")


def one_input(data: bytes) -> None:
    """Feed one input to every reader; raise only when the contract is broken."""
    # Imported here, not at the top, so that main() can instrument kb as it is imported.
    from glossary_wiki import parse_glossary_wiki

    from kb.errors import KbError
    from kb.rulenum import RuleNumber, RuleNumberError, find_numbers_loose, find_references
    from kb.sources.cr import parse_cr
    from kb.sources.wiki import parse_wiki_page
    from kb.textio import decode

    try:
        text = decode(data, PATH)
    except KbError as err:
        if err.path != PATH or err.line is None or err.line < 1:
            raise AssertionError(f"decode refused without a line: {err!r}") from err
        text = data.decode("utf-8", errors="replace")  # the readers still get to see it
    for parse in (
        lambda: parse_wiki_page(text, PATH),
        lambda: parse_cr(text, PATH),
        lambda: parse_glossary_wiki(text, PATH, "20260116.0"),
    ):
        try:
            parse()
        except KbError as err:
            _refused(err, text)
    for reference in find_references(text):
        if not 0 <= reference.start < reference.end <= len(text):
            raise AssertionError(f"reference outside the text: {reference!r}")
    find_numbers_loose(text[:200])
    for line in text.split("\n")[:50]:
        with contextlib.suppress(RuleNumberError):
            RuleNumber.parse(line)


def main() -> None:
    import atheris

    with atheris.instrument_imports(include=["kb", "glossary_wiki"]):
        one_input(b"")  # imports (and so instruments) the readers and the grammar
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
