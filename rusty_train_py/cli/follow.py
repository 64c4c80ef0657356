"""``rusty-train-py follow ID|ADDRESS [--site URL] [--interval S] [--once] [--search]``: follow a
game on 18xx.games as it is played: each refresh's round and acting company, the tiles and
tokens new since the last one, the best routes of the company about to run, and after each run
"NYC ran $320 · best $340". Stops when the game ends (or after one look with --once)."""

from __future__ import annotations

import argparse
import time

from .arguments import SharedArguments, Subcommands, non_negative_seconds

NAME = "follow"


def add_parser(sub: Subcommands, shared: SharedArguments) -> None:
    from ..files.follow_pace import DEFAULT_INTERVAL, MIN_INTERVAL

    fw = sub.add_parser(
        NAME,
        help="follow a game on 18xx.games as it is played, with each run's best routes",
        description="Poll an 18xx.games game (its id or address) and print, at each new"
        " action, the round, the company acting and what changed on the map; the best routes"
        " of a company about to run, and after the players run what they ran against the"
        " best. Backs off when the site is busy; stops when the game ends.",
    )
    fw.add_argument("game", help="the game's id or address (e.g. 12345)")
    fw.add_argument("--site", default="", help="the site (default https://18xx.games)")
    fw.add_argument(
        "--interval",
        type=non_negative_seconds,
        default=DEFAULT_INTERVAL,
        help=f"seconds between looks (default {DEFAULT_INTERVAL:g}, at least {MIN_INTERVAL:g})",
    )
    fw.add_argument("--once", action="store_true", help="look once, print, and stop")
    fw.add_argument(
        "--search",
        action="store_true",
        help="search even in a game whose players chose to route by hand (auto-routing off)",
    )
    fw.add_argument(
        "--time-limit",
        type=non_negative_seconds,
        default=30.0,
        help="search time per position in seconds (default 30)",
    )


def run(args: argparse.Namespace) -> int:
    from ..base.errors import UsageError
    from ..files.online.commands import base_url
    from ..files.online.fetch import game_id, site_of
    from ..files.online.follow import Follower

    gid = game_id(args.game)
    if gid is None:
        raise UsageError(f"{args.game!r} is not an 18xx.games game id or address")
    site = args.site or site_of(args.game) or base_url()
    follower = Follower(gid, site, interval=args.interval, time_limit=args.time_limit)
    follower.asked = args.search
    print(f"following game {gid} on {site}, every {follower.interval:g} s", flush=True)
    said: dict[str, str] = {}
    while True:
        step = follower.poll()
        if step.snapshot is not None:
            print(describe(step.snapshot), flush=True)
        for message in step.messages:
            print(message, flush=True)
        for task in step.tasks:
            line = follower.search(task).line()
            if task.action or said.get(task.company) != line:  # a best unchanged: said once
                print(line, flush=True)
            said[task.company] = line
        if step.done:
            return 0 if follower.snapshot is not None else 1
        if args.once:
            return 0 if follower.snapshot is not None else 1
        time.sleep(step.delay)


def describe(snap: object) -> str:
    """One refresh in a line: the action, the round, who acts, and what is new on the map."""
    from ..files.online.follow import Snapshot

    assert isinstance(snap, Snapshot)
    parts = [f"action {snap.last_action}"]
    if snap.round:
        parts.append(snap.round)
    if snap.acting:
        parts.append(f"{snap.acting} acting")
    if snap.new_tiles:
        parts.append("new tiles " + ", ".join(snap.new_tiles))
    if snap.new_tokens:
        parts.append("new tokens " + ", ".join(f"{c} in {h}" for h, _, c in snap.new_tokens))
    return " · ".join(parts)
