"""``rusty-train-py convert GAMEFILE -o OUT [--at ACTION_ID]``: read a saved game (a Rusty
Train save, or an 18xx.games game log: a file, a game id or its address) and save it in our
format."""

from __future__ import annotations

import argparse

from .arguments import SharedArguments, Subcommands

NAME = "convert"


def add_parser(sub: Subcommands, shared: SharedArguments) -> None:
    cv = sub.add_parser(
        NAME,
        parents=[shared.reading],
        help="read a saved game (a Rusty Train save, or an 18xx.games game log: a file, a game"
        " id or its address) and save it in our format",
    )
    cv.add_argument("gamefile")
    cv.add_argument("-o", "--output", required=True, help="output file (our JSON format)")


def run(args: argparse.Namespace) -> int:
    from ..files.loader import OURS, save_game
    from .opening import CommandError, open_for_cli, output_path

    out = output_path(args.output, NAME)
    if out.suffix.lower() == ".game":
        raise CommandError(
            f"{out}: convert writes the rusty-train-py format (JSON); it cannot write"
            " Rusty Train .game saves, so name the output .json"
        )
    opened = open_for_cli(args.gamefile, args.strict, args.at, args.site)
    save_game(opened.state, out, OURS, opened.last_routes, opened.trains)
    print(f"saved {out}")
    return 0
