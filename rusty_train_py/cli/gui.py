"""``rusty-train-py [gui] [GAMEFILE]``: open the map editor (the default command)."""

from __future__ import annotations

import argparse

from .arguments import SharedArguments, Subcommands

NAME = "gui"


def add_parser(sub: Subcommands, shared: SharedArguments) -> None:
    g = sub.add_parser(NAME, help="open the map editor (the default)")
    g.add_argument(
        "gamefile", nargs="?", help="saved game to open (default: the bundled 1867 game)"
    )


def run(args: argparse.Namespace) -> int:
    from ..ui.app import run_gui

    code: int = run_gui(args.gamefile)
    return code
