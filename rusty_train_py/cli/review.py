"""``rusty-train-py review LOG|ID [--json] [--time-limit S] [--jobs N] [--site URL]``: every
run of a played game, the players' revenue against our proven best, run by run, with totals
per company and per player and one closing line."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from .arguments import SharedArguments, Subcommands, non_negative_seconds, positive_int

if TYPE_CHECKING:
    from ..files.online.review import Review

NAME = "review"
DEFAULT_LIMIT = 30.0  # seconds of search per run


def add_parser(sub: Subcommands, shared: SharedArguments) -> None:
    rv = sub.add_parser(
        NAME,
        help="review a played 18xx.games game: each run's revenue against the best",
        description="Every run of an 18xx.games game log (a file, a game id or its address):"
        " the round, the company, its trains, what the players earned, our proven best and"
        " the difference; then totals per company and per player.",
    )
    rv.add_argument("log", help="an 18xx.games game log: a file, a game id or its address")
    rv.add_argument("--json", action="store_true", help="one JSON object per run, then a total")
    rv.add_argument(
        "--time-limit",
        type=non_negative_seconds,
        default=DEFAULT_LIMIT,
        help=f"search time per run in seconds (default {DEFAULT_LIMIT:g}); a best not proven"
        " within it is marked",
    )
    rv.add_argument(
        "--jobs", type=positive_int, default=None, help="processes (default: one per core)"
    )
    rv.add_argument("--site", default="", help="the site to download a game id from")


def run(args: argparse.Namespace) -> int:
    from ..files.log_shape import MAX_LOG_BYTES
    from ..files.online.commands import log_source
    from ..files.online.log import log_from_data
    from ..files.online.review import review_log
    from ..files.reader import decode, describe_path, parse_json, read_bytes, shown

    downloaded = log_source(args.log, args.site)
    if downloaded is None:
        name = describe_path(args.log)
        where = shown(name)
        data = parse_json(decode(read_bytes(name, MAX_LOG_BYTES), where), where)
    else:
        data, where = downloaded
    log = log_from_data(data, where)

    def progress(done: int, total: int) -> None:
        if sys.stderr.isatty():
            print(f"\rreviewing runs: {done} of {total}", end="", file=sys.stderr, flush=True)

    review = review_log(log, data, args.time_limit, args.jobs or 0, progress)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    if args.json:
        for obj in review.as_json():
            print(json.dumps(obj))
        return 0
    print(report(review))
    return 0


def money(amount: int) -> str:
    return f"${amount:,}"


def report(review: Review) -> str:
    lines = [
        f"{review.title}: {len(review.rows)} runs ({review.where}); best searched up to"
        f" {review.time_limit:g} s a run",
        f"{'action':>6}  {'round':<6} {'company':<8} {'trains':<14} {'players':>9} {'best':>9}"
        f" {'diff':>7}  {'CPU s':>6}",
    ]
    for r in review.rows:
        diff = "" if r.difference is None else f"{r.difference:+,}"
        best = "?" if r.best_revenue is None else money(r.best_revenue)
        if r.best_revenue is not None and not r.proven:
            best += "*"
        played = "?" if r.players_revenue is None else money(r.players_revenue)
        lines.append(
            f"{r.action:>6}  {r.round:<6} {r.company:<8} {','.join(r.trains) or '-':<14}"
            f" {played:>9} {best:>9} {diff:>7}  {r.cpu_s:>6.2f}"
        )
    lines.append("")
    for title, totals in (("company", review.by_company()), ("player", review.by_player())):
        lines.append(f"by {title}:")
        for name, (earned, most, runs) in totals.items():
            lines.append(
                f"  {name:<16} {runs:>3} runs  {money(earned):>10} of {money(most):>10}"
                f"  ({most - earned:+,})"
            )
    if any(not r.proven for r in review.rows):
        lines.append(f"* not proven optimal within {review.time_limit:g} s")
    problems = [r for r in review.rows if r.problem]
    for r in problems:
        lines.append(f"action {r.action} {r.company}: {r.problem}")
    lines.append(review.summary()[0].upper() + review.summary()[1:] + ".")
    return "\n".join(lines)
