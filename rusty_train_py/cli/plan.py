"""``rusty-train-py plan``: the cheapest track joining a target to a company's network, as text
or JSON. The parser is light; the search is imported when the command runs."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..base.money import plural
from .arguments import SharedArguments, Subcommands, name_list

NAME = "plan"


def add_parser(sub: Subcommands, shared: SharedArguments) -> None:
    """Register the ``plan`` sub-command (``shared.reading``: --strict and --at)."""
    p = sub.add_parser(
        NAME,
        parents=[shared.reading],
        help="plan the cheapest track from a company's network to a hex or place",
    )
    p.add_argument("gamefile", help="saved game (ours or a Rusty Train .game file)")
    p.add_argument("--company", "-c", required=True, help="company abbreviation, e.g. GW")
    p.add_argument(
        "--to",
        required=True,
        metavar="TARGET[,TARGET...]",
        help="hexes or place names (F16, Quebec); several: the cheapest to reach any of them",
    )
    p.add_argument(
        "--trains", "-t", default=None, help="the company's trains (e.g. 5,8): the plan's gain"
    )
    p.add_argument(
        "--bonus",
        "-b",
        action="extend",
        type=name_list,
        default=[],
        metavar="NAME[,NAME...]",
        help="bonus options, comma-separated (repeatable)",
    )
    p.add_argument(
        "--by",
        choices=("rounds", "money"),
        default="rounds",
        help="what to minimise first: operating rounds (default), or money",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")


def format_plan(plan: Any, state: Any) -> str:
    """The plan as text for a terminal."""
    targets = ", ".join(plan.targets)
    if not plan.found:
        return f"{plan.company}: no plan to {targets}: {plan.reason}"
    if not plan.lays:
        return f"{plan.company} already reaches {plan.reached}"
    first = "rounds, then money" if plan.by == "rounds" else "money, then rounds"
    lines = [
        f"{plan.company} to {plan.reached} in phase {state.phase}: {len(plan.lays)} lays,"
        f" {plural(plan.rounds, 'operating round')}, {state.game.money(plan.cost)}"
        f" (cheapest by {first}; {plan.states} maps looked at)"
    ]
    for lay in plan.lays:
        cost = state.game.money(lay.cost) if lay.cost else "no cost"
        lines.append(
            f"  round {lay.round}: {lay.hex:>4} tile {lay.tile:<6} rotation {lay.rotation}  {cost}"
        )
    if plan.gain is not None:
        lines.append(
            f"routes after the plan: {state.game.money(plan.revenue_after or 0)}"
            f" (today {state.game.money(plan.revenue_before or 0)},"
            f" gain {'+' if plan.gain >= 0 else ''}{plan.gain})"
        )
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from .opening import open_for_cli

    return cmd_plan(args, open_for_cli(args.gamefile, args.strict, args.at, args.site).state)


def cmd_plan(args: argparse.Namespace, state: Any) -> int:
    """Run the ``plan`` command on an opened map state."""
    from ..planner.earnings import plan_earnings
    from ..planner.search import plan_track
    from ..planner.targets import resolve_targets
    from .route_report import train_list

    trains = train_list(args.trains) if args.trains else []
    targets = resolve_targets(state.game, args.to.split(","))
    plan = plan_track(state, args.company, targets, by=args.by)
    if plan.found and trains:
        plan, _ = plan_earnings(state, plan, trains, args.bonus)
    if args.json:
        json.dump(plan.to_json(), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print(format_plan(plan, state))
    return 0 if plan.found else 1
