"""``rusty-train-py show GAMEFILE``: print what is on the map of a saved game."""

from __future__ import annotations

import argparse
import sys

from .arguments import SharedArguments, Subcommands

NAME = "show"


def add_parser(sub: Subcommands, shared: SharedArguments) -> None:
    sh = sub.add_parser(
        NAME, parents=[shared.reading], help="print what is on the map of a saved game"
    )
    sh.add_argument("gamefile")


def run(args: argparse.Namespace) -> int:
    from ..files.savefile import dumps
    from .opening import open_for_cli

    opened = open_for_cli(args.gamefile, args.strict)
    sys.stdout.write(dumps(opened.state, opened.last_routes))
    return 0
