"""The site's data files: each is one script line ``kb.NAME(ARGS);`` with JSON arguments.

They are loaded as scripts (``fetch`` is blocked on ``file://``), so page text inside them
must stay inside its string literals.  JSON escapes quotes, backslashes and control
characters; U+2028 and U+2029 are escaped too, since before ES2019 they ended a line even
inside a string literal (a syntax error that would lose the whole file).
"""

from __future__ import annotations

import json


def script_call(call: str, *args: object) -> str:
    """``kb.CALL(ARGS);`` with each argument as JSON; no raw U+2028/U+2029 (they occur only
    inside JSON strings, where the escape means the same character)."""
    body = ",".join(json.dumps(a, ensure_ascii=False, separators=(",", ":")) for a in args)
    # str.replace, not str.translate: translate walks the text in Python-level steps.
    body = body.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return f"kb.{call}({body});\n"
