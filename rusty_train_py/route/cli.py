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
    proof = "proven optimal" if result.optimal else "best found, NOT proven optimal"
    lines.append(f"net revenue: ${result.net_revenue} ({proof}; {result.paths_found} paths)")
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
    result = find_routes(state, args.company, trains, args.bonus, time_limit=args.time_limit)
    if args.json:
        json.dump(result.to_json(), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print(format_result(result, state.game))
    return 0
