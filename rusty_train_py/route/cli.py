"""``rusty-train-py routes``: print the best routes for a company, as text or JSON."""

from __future__ import annotations

import json
import sys

from ..files.savefile import load_game_state
from .search import find_routes


def format_result(result, game) -> str:
    lines = []
    for r in result.routes:
        lines.append(r.describe())
    company = game.company(result.company)
    d = result.dividends(company.shares)
    if result.optimal:
        proof = "proven optimal"
    else:
        why = {
            "paths": "stopped at the path limit",
            "time": "stopped at the time limit",
            "model": "the exact model and the routes disagree (a bug: please report it)",
        }.get(result.stats.get("cut"), "stopped early" if not result.cancelled else "cancelled")
        proof = f"best found, NOT proven optimal: {why}"
    how = f"{result.paths_found} paths"
    if result.stats.get("method") == "exact":
        how = f"exact model after {result.paths_found} paths"
    lines.append(f"net revenue: ${result.net_revenue} ({proof}; {how})")
    if result.readings:
        lines.append("rules read as: " + "; ".join(result.readings))
    if company.shares > 1:
        lines.append(
            f"dividends: full ${d.full_per_share}/share; half ${d.half_per_share}/share"
            f" (company keeps ${d.half_retained})"
        )
    else:
        lines.append(
            f"dividends: full ${d.revenue} to the owner; half ${d.revenue - d.half_retained}"
            f" (company keeps ${d.half_retained})"
        )
    return "\n".join(lines)


def cmd_routes(args) -> int:
    state = load_game_state(args.gamefile)
    trains = [t.strip() for t in args.trains.split(",") if t.strip()]
    result = find_routes(
        state,
        args.company,
        trains,
        args.bonus,
        time_limit=args.time_limit,
        max_paths=args.max_paths,
    )
    if args.json:
        json.dump(result.to_json(), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print(format_result(result, state.game))
    return 0
