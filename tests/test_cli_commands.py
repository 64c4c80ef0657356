"""The command registry: every command is one module of cli/ named in ``COMMANDS``, and
building the parser (``--help``) loads none of the heavy libraries a command uses."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.cli import build_parser
from rusty_train_py.cli.commands import COMMANDS, command_module


def test_each_registered_command_is_its_module_and_in_the_parser():
    for name in COMMANDS:
        module = command_module(name)
        assert module.__name__ == f"rusty_train_py.cli.{name}"
        assert module.NAME == name
    choices = build_parser()._subparsers._group_actions[0].choices
    assert (
        list(choices)
        == list(COMMANDS)
        == [
            "gui",
            "routes",
            "advise",
            "plan",
            "render",
            "tiles",
            "convert",
            "show",
            "review",
            "follow",
        ]
    )


def test_every_command_module_of_the_package_is_registered():
    folder = PROJECT_ROOT / "rusty_train_py" / "cli"
    defining = {p.stem for p in folder.glob("*.py") if "\nNAME = " in p.read_text()}
    assert defining == set(COMMANDS)


def test_an_unregistered_name_is_refused():
    with pytest.raises(ValueError) as info:
        command_module("parser")
    assert str(info.value) == (
        "'parser' is not a command (the commands: gui, routes, advise, plan, render,"
        " tiles, convert, show, review, follow)"
    )


def test_the_parser_loads_no_heavy_library():
    code = (
        "import sys\n"
        "from rusty_train_py.cli import build_parser\n"
        "build_parser()\n"
        "heavy = ('numpy', 'shapely', 'networkx', 'PySide6', 'rusty_train_py.route.search')\n"
        "print(sorted(m for m in heavy if m in sys.modules))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=PROJECT_ROOT
    )
    assert (done.returncode, done.stdout.strip(), done.stderr) == (0, "[]", "")
