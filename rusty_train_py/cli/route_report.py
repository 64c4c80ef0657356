"""What ``rusty-train-py routes`` prints: the best routes for a company, as text or JSON."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from ..route.search import RouteSearchError, find_routes

if TYPE_CHECKING:
    from ..files.loader import OpenedGame
    from ..gamedata.game import Game
    from ..mapstate.state import MapState
    from ..route.result import RouteResult


def format_result(result: RouteResult, game: Game) -> str:
    lines = []
    for r in result.routes:
        lines.append(r.describe(game.currency))
    company = game.company(result.company)
    d = result.dividends(company.shares)
    if result.optimal:
        proof = "proven optimal"
    else:
        why = {
            "paths": "stopped at the path limit",
            "time": "stopped at the time limit",
            "model": "the exact model and the routes disagree (a bug: please report it)",
        }.get(result.stats.get("cut", ""), "stopped early" if not result.cancelled else "cancelled")
        proof = f"best found, NOT proven optimal: {why}"
    how = f"{result.paths_found} paths"
    if result.stats.get("method") == "exact":
        how = f"exact model after {result.paths_found} paths"
    m = game.money
    lines.append(f"net revenue: {m(result.net_revenue)} ({proof}; {how})")
    if result.readings:
        lines.append("rules read as: " + "; ".join(result.readings))
    lines.extend(result.notes)
    if company.shares > 1:
        lines.append(
            f"dividends: full {m(d.full_per_share)}/share; half {m(d.half_per_share)}/share"
            f" (company keeps {m(d.half_retained)})"
        )
    else:
        lines.append(
            f"dividends: full {m(d.revenue)} to the owner; half {m(d.revenue - d.half_retained)}"
            f" (company keeps {m(d.half_retained)})"
        )
    if result.routes:
        lines.append("as locks: " + " ".join(f'--lock "{r.lock_text}"' for r in result.routes))
    return "\n".join(lines)


def train_list(text: str) -> list[str]:
    """``"5, 8"`` -> ``["5", "8"]``; RouteSearchError when no train is named."""
    trains = [t.strip() for t in text.split(",") if t.strip()]
    if not trains:
        raise RouteSearchError(
            f"--trains {text!r} names no train: give comma-separated train names, e.g. 5,8"
        )
    return trains


# The most trains a search without a time limit takes: proven in seconds up to here (CNR
# 8,8,8,8 on the bundled game: 19 s), the most any company may hold in our games but 1861's
# national (99: "no limit"); past it an exact search can run for hours.
MAX_UNTIMED_TRAINS = 4


def request_trains(
    state: MapState,
    company: str,
    trains: list[str],
    time_limit: float | None,
    option: str,
    strict: bool = False,
) -> list[str]:
    """The trains of a request, checked against the company's train limit (more is a warning,
    and with ``strict`` a TrainLimitError, a ValueError); copies that could never run are
    dropped with a note. More than MAX_UNTIMED_TRAINS without a time limit is refused, saying
    why and what to give instead (``option``: the command's time-limit option, or "")."""
    from ..mapstate.train_limit import TrainLimitError, check_train_count

    warnings: list[str] = []
    kept = check_train_count(state, company, trains, None if strict else warnings)
    for w in warnings:
        print(f"rusty-train-py: warning: {w} (--strict refuses it)", file=sys.stderr)
    if len(kept) < len(trains):
        print(
            f"rusty-train-py: note: running {len(kept)} of the {len(trains)} trains: the others"
            " are copies beyond the routes the company's stations can start",
            file=sys.stderr,
        )
    if len(kept) > MAX_UNTIMED_TRAINS and time_limit is None:
        hint = (
            f"give {option} SECONDS for the best routes found in that time"
            if option
            else "ask for fewer trains"
        )
        raise TrainLimitError(
            f"{len(kept)} trains: a search without a time limit takes at most"
            f" {MAX_UNTIMED_TRAINS} trains (the most a company may hold in every game but"
            f" 1861's national); with more, an exact search may run for hours: {hint}"
        )
    return kept


def cmd_routes(args: argparse.Namespace, opened: OpenedGame) -> int:
    """Print the best routes for ``args.company`` on the opened ``args.gamefile`` (a
    loader.OpenedGame); with ``--record``, keep them in that file as the company's last run."""
    from ..files.loader import OURS

    state = opened.state
    if getattr(args, "record", False) and opened.format != OURS:
        raise RouteSearchError(
            f"--record: {args.gamefile} is a Rusty Train save, which this program cannot"
            " write; convert it first (rusty-train-py convert)"
        )
    trains = request_trains(
        state,
        args.company,
        train_list(args.trains),
        args.time_limit,
        "--time-limit",
        getattr(args, "strict", False),
    )
    result = find_routes(
        state,
        args.company,
        trains,
        args.bonus,
        time_limit=args.time_limit,
        max_paths=args.max_paths,
        locked=getattr(args, "lock", ()) or (),
    )
    if not state.tokens_placed(result.company):
        print(
            f"rusty-train-py: note: {result.company} has no station token on the map,"
            " so it can run no route",
            file=sys.stderr,
        )
    before = [r for r in opened.last_routes if r.company == result.company]
    if args.json:
        data = result.to_json()
        data["last_run"] = [
            {"train": r.train, "revenue": r.revenue, "stops": list(r.stops)} for r in before
        ]
        json.dump(data, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print(format_result(result, state.game))
        if before:
            m = state.game.money
            each = ", ".join(f"{r.train} {m(r.revenue)}" for r in before)
            print(f"last run (kept in the file): {m(sum(r.revenue for r in before))} ({each})")
    if getattr(args, "record", False):
        from ..files.loader import save_game
        from ..route.last import last_routes_of, replace_company

        kept = replace_company(opened.last_routes, result.company, last_routes_of(result))
        save_game(state, args.gamefile, OURS, kept)
        print(
            f"rusty-train-py: kept as {result.company}'s last run in {args.gamefile}",
            file=sys.stderr,
        )
    return 0
