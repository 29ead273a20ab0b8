"""The README and CI stay true: the two opening commands, every command documented."""

from __future__ import annotations

import re

from conftest import ROOT

from kb.cli import COMMANDS, make_parser

README = (ROOT / "README.md").read_text(encoding="utf-8")


def opening_commands() -> list[str]:
    block = re.search(r"```(?:sh|bash)?\n(.*?)```", README, re.DOTALL)
    assert block is not None, "README has no command block"
    assert README.index(block.group(0)) < README.index("\n## "), "the commands must open the README"
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_readme_opens_with_two_commands() -> None:
    commands = opening_commands()
    assert len(commands) == 2
    assert "kb build" in commands[0]
    assert "pytest" in commands[1]


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert opening_commands()[1] in ci.splitlines()


def test_every_command_has_help_and_is_in_the_readme() -> None:
    parser = make_parser()
    assert COMMANDS
    for name, help_text, _, _ in COMMANDS:
        assert len(help_text) > 20, name
        assert f"`kb {name}" in README, f"kb {name} is not in the README"
        sub = parser.parse_args([name, *_required_args(name)])
        assert sub.command == name


def test_every_option_has_help_and_is_in_the_readme() -> None:
    """``kb build --site-terms`` and the rest: each says in ``--help`` what it is for and the
    README names it."""
    parser = make_parser()
    for action in parser._subparsers._group_actions:  # type: ignore[union-attr]
        for name, command_parser in action.choices.items():  # type: ignore[union-attr]
            for option in command_parser._actions:
                for flag in option.option_strings:
                    if flag.startswith("--") and flag != "--help":
                        assert option.help, f"kb {name} {flag} has no help"
                        assert flag in README, f"kb {name} {flag} is not in the README"


def _required_args(name: str) -> list[str]:
    parser = make_parser()
    for action in parser._subparsers._group_actions:  # type: ignore[union-attr]
        command_parser = action.choices[name]  # type: ignore[index]
        return ["x" for a in command_parser._actions if a.required and not a.option_strings]
    return []
