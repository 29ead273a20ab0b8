"""``kb history``: a rule's history as a timeline, each change with a word-level diff.

The entries are those of ``kb rule --json``'s ``history`` (:func:`kb.lookup.history_json`);
a run of releases that left the rule as it was is one line.  Diffs are word by word in
English and character by character in Japanese (:func:`kb.history.text.word_diff`), each
against the entry of the same language before it.
"""

from __future__ import annotations

from typing import Any

from kb.graph import RuleGraph, RuleNode
from kb.history.text import word_diff
from kb.lookup import history_json

Json = dict[str, Any]

CHANGE_LABELS = {"added": "追加 added", "changed": "変更 changed",
                 "renumbered": "番号変更 renumbered", "unchanged": "変更なし unchanged"}
_PLAIN_MARKS = {"-": ("[-", "-]"), "+": ("{+", "+}")}
_COLOR_MARKS = {"-": ("\x1b[31m[-", "-]\x1b[0m"), "+": ("\x1b[32m{+", "+}\x1b[0m")}


def timeline_json(graph: RuleGraph, node: RuleNode) -> Json:
    """The rule, its identity and its history, each entry that changed the text with
    ``diff``: runs ``[op, text]`` (``=`` kept, ``-`` removed, ``+`` added) from the
    entry of the same language before it."""
    entries = history_json(graph, node)
    before: dict[str, Json] = {}
    for entry in entries:
        previous = before.get(entry["language"])
        if previous is not None and previous["text"] != entry["text"]:
            entry["diff"] = [list(run) for run in word_diff(previous["text"], entry["text"])]
        before[entry["language"]] = entry
    return {"number": str(node.number), "title": node.title, "identity": node.identity,
            "history": entries}


def format_timeline(data: Json, color: bool = False) -> str:
    """The timeline as text, in release order: one block per change (and for the first
    entry of each language), runs of unchanged releases of one language as one line."""
    head = f"{data['number']}  {data['title'] or ''}".rstrip()
    lines = [head + (f"  [{data['identity']}]" if data["identity"] else "")]
    if not data["history"]:
        lines.append("  (履歴なし: no text of this rule in any release read)")
    quiet: list[Json] = []
    seen: dict[str, Json] = {}
    for entry in data["history"]:
        language = entry["language"]
        previous = seen.get(language)
        seen[language] = entry
        if previous is not None and entry["change"] == "unchanged":
            if quiet and quiet[-1]["language"] != language:
                _flush(lines, quiet)
            quiet.append(entry)
            continue
        _flush(lines, quiet)
        version = f" {entry['version']}" if entry.get("version") else ""
        was = f" (was {previous['number']})" if previous is not None and \
            previous["number"] != entry["number"] else ""
        lines.append(f"{entry['release']}  {language}{version}  {entry['number']}  "
                     f"{CHANGE_LABELS[entry['change']]}{was}")
        if "diff" in entry:
            body = _marked(entry["diff"], color)
        elif previous is None:
            body = entry["text"]
        else:
            continue  # renumbered, same text
        lines.extend(f"    {line}" for line in body.split("\n"))
    _flush(lines, quiet)
    return "\n".join(lines)


def _flush(lines: list[str], unchanged: list[Json]) -> None:
    """One line for a run of unchanged releases (emptied)."""
    if not unchanged:
        return
    first, last = unchanged[0], unchanged[-1]
    span = first["release"] if first is last else f"{first['release']} … {last['release']}"
    count = f"{len(unchanged)} releases" if len(unchanged) > 1 else "1 release"
    lines.append(f"{span}  {first['language']}  {last['number']}  変更なし unchanged ({count})")
    unchanged.clear()


def _marked(diff: list[list[str]], color: bool) -> str:
    marks = _COLOR_MARKS if color else _PLAIN_MARKS
    return "".join(text if op == "=" else f"{marks[op][0]}{text}{marks[op][1]}" for op, text in diff)
