"""What ``rusty-train-py advise`` prints: the company's legal lays (and tokens) ranked by the
optimal net revenue of its trains after each, as text or JSON."""

from __future__ import annotations

import argparse
import json
import sys

from ..advisor.rank import advise
from ..advisor.result import Advice
from ..advisor.tokens import TOKEN_COST_NOTE
from ..base.money import plural
from ..mapstate.state import MapState
from .route_report import request_trains, train_list


def _gain(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


def format_advice(advice: Advice, top: int, state: MapState) -> str:
    """The advice as text for a terminal: the best ``top`` lays (and tokens)."""
    _money = state.game.money
    s = advice.stats
    proof = "proven optimal" if advice.base_optimal else "best found, NOT proven optimal"
    lines = [
        f"{advice.company} running {', '.join(advice.trains)} in phase {advice.phase}:"
        f" {_money(advice.base_net_revenue)} without a lay ({proof})",
        f"{s.lays_legal} legal lays: {s.lays_pruned} pruned (nothing new the trains can use),"
        f" {s.lays_shared} sharing another lay's search, {s.lays_searched} searched"
        f" ({plural(s.searches, 'route search', 'route searches')} in all)",
    ]
    if not advice.complete:
        lines.append("CANCELLED: only the lays scored by then are listed")
    if advice.lays:
        shown = advice.lays[:top]
        lines.append(f"best {len(shown)} lays (net revenue after the lay, gain):")
        next_col = any(x.next_net_revenue is not None for x in shown)
        for n, x in enumerate(shown, 1):
            lay = x.lay
            cost = f"cost {_money(lay.cost)}" if lay.cost else "no cost"
            text = (
                f"{n:4}. {lay.hex:>4} tile {lay.tile:<6} rotation {lay.rotation}  {cost:<10}"
                f" {_money(x.net_revenue):>7} {_gain(x.gain):>6}"
            )
            if next_col and x.next_net_revenue is not None:
                text += f"  next round {_money(x.next_net_revenue)}"
            if not x.optimal:
                text += "  (not proven: past the path budget)"
            lines.append(text)
    else:
        lines.append(f"no legal lay for {advice.company}")
    if advice.tokens is not None:
        if advice.tokens:
            shown_t = advice.tokens[:top]
            lines.append(f"best {len(shown_t)} token placements ({TOKEN_COST_NOTE}):")
            for n, t in enumerate(shown_t, 1):
                lines.append(
                    f"{n:4}. {t.token.hex:>4} space {t.token.space}"
                    f"  {_money(t.net_revenue):>7} {_gain(t.gain):>6}"
                )
        elif state.tokens_left(advice.company) <= 0:
            lines.append(f"tokens: {advice.company} has no station tokens left")
        else:
            lines.append(f"tokens: no city {advice.company} reaches has a free token space")
    if advice.two_step_asked:
        if advice.two_step is not None:
            lines.append(f"best lay then token: {advice.two_step.describe(state.game.currency)}")
        else:
            lines.append("lay then token: no pair (no token can be placed after any lay)")
    return "\n".join(lines)


def cmd_advise(args: argparse.Namespace, state: MapState) -> int:
    """Print the advice for ``args.company`` on ``state`` (the opened ``args.gamefile``)."""
    trains = request_trains(
        state, args.company, train_list(args.trains), None, "", getattr(args, "strict", False)
    )
    result = advise(
        state,
        args.company,
        trains,
        args.bonus,
        tokens=args.tokens,
        two_step=args.two_step,
        next_round=args.next_round,
        top=args.top,
        max_paths=args.max_paths,
    )
    if not state.tokens_placed(result.company):
        print(
            f"rusty-train-py: note: {result.company} has no station token on the map,"
            " so its network reaches nothing and it can lay no tile",
            file=sys.stderr,
        )
    if args.json:
        json.dump(result.to_json(top=args.top), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print(format_advice(result, args.top, state))
    return 0
