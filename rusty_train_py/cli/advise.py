"""``rusty-train-py advise``: a company's legal lays (and tokens) ranked by what its trains
earn after each (printed by ``advice_report.py``)."""

from __future__ import annotations

import argparse

from .arguments import SharedArguments, Subcommands, positive_int

NAME = "advise"


def add_parser(sub: Subcommands, shared: SharedArguments) -> None:
    a = sub.add_parser(
        NAME,
        parents=[shared.reading, shared.running],
        help="rank a company's legal tile lays (and tokens) by what its trains earn after each",
    )
    a.add_argument("--tokens", action="store_true", help="rank station token placements too")
    a.add_argument(
        "--two-step",
        action="store_true",
        help="also find the best lay followed by a token (the order the game plays them)",
    )
    a.add_argument(
        "--next-round",
        action="store_true",
        help="break ties by the revenue after one more lay next round (slow: a search per"
        " second lay)",
    )
    a.add_argument(
        "--top", type=positive_int, default=10, metavar="N", help="show the N best (default 10)"
    )
    a.add_argument("--json", action="store_true", help="print one JSON object")
    a.add_argument(
        "--max-paths",
        type=positive_int,
        default=None,
        metavar="N",
        help="the route finder's path budget per search (see routes --max-paths)",
    )


def run(args: argparse.Namespace) -> int:
    from .advice_report import cmd_advise
    from .opening import open_for_trains

    return cmd_advise(args, open_for_trains(args).state)
