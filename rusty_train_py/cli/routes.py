"""``rusty-train-py routes``: the best routes for a company's trains (printed by
``route_report.py``)."""

from __future__ import annotations

import argparse

from .arguments import SharedArguments, Subcommands, non_negative_seconds, positive_int

NAME = "routes"


def add_parser(sub: Subcommands, shared: SharedArguments) -> None:
    r = sub.add_parser(
        NAME, parents=[shared.reading, shared.running], help="find the best routes for a company"
    )
    r.add_argument(
        "--lock",
        "-l",
        action="append",
        default=[],
        metavar="TRAIN:STOPS",
        help="fix one train's route: the train (one of --trains) and the hexes of every stop"
        " it passes, in order, e.g. 5:F16,E17,D16 (repeatable); the other trains are"
        " optimised around it",
    )
    r.add_argument(
        "--record",
        action="store_true",
        help="keep these routes in the saved game (ours) as the company's last run,"
        " replacing the one kept before; the file is rewritten atomically",
    )
    r.add_argument("--json", action="store_true", help="print one JSON object")
    r.add_argument(
        "--time-limit",
        type=non_negative_seconds,
        default=None,
        metavar="SECONDS",
        help="stop after about this long with the best routes found so far, marked not"
        " proven unless the search had finished",
    )
    r.add_argument(
        "--max-paths",
        type=positive_int,
        default=None,
        metavar="N",
        help="enumerate paths until soon after N have been found (the count is checked"
        " every few thousand steps), then solve with the exact model instead (for rules it"
        " does not state: return the best routes among the paths, marked not proven);"
        " default 100,000 (20,000 with three or more trains; 2,000,000 without the model)",
    )


def run(args: argparse.Namespace) -> int:
    from .opening import open_for_trains
    from .route_report import cmd_routes

    return cmd_routes(args, open_for_trains(args))
