"""Benchmark: the track planner on the bundled 1867 position, a plan from each of GW, C&O and
CNR to every city hex of the map.

Printed per plan: the target, the lays, rounds and money of the plan, the map states the
search looked at and the CPU seconds of ``plan_track`` (one process, one core). Target
(issue 17): every plan under 2 s of CPU. ``--money`` plans by money first; ``--gain`` also
runs the route finder after each plan (GW 5,8; C&O 6,8; CNR 5,5+5E), timed apart.

A run on the bundled game rewrites its section of bench/RESULTS.md (one by rounds, one by
money).

    .venv/bin/python bench/planner.py [GAMEFILE] [--money] [--gain]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from results import Report  # noqa: E402

from rusty_train_py.files.loader import open_game  # noqa: E402
from rusty_train_py.grid.tile import NodeKind  # noqa: E402
from rusty_train_py.planner.earnings import plan_earnings  # noqa: E402
from rusty_train_py.planner.search import plan_track  # noqa: E402

CASES = [("GW", ["5", "8"]), ("C&O", ["6", "8"]), ("CNR", ["5", "5+5E"])]


def city_hexes(state) -> list[str]:
    """Every hex whose tile showing (or printed tile) holds a city, in map order."""
    return [
        h
        for h in state.game.hex_order
        if any(n.kind is NodeKind.CITY for n in state.tile_at(h)[0].nodes)
    ]


def main(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith("--")]
    gamefile = args[0] if args else "resources/1867_bc.json"
    by = "money" if "--money" in argv else "rounds"
    out = Report()
    state = open_game(gamefile).state
    worst = 0.0
    total = 0.0
    out(f"{gamefile}, phase {state.phase}, plans by {by}")
    out("company target  found lays rounds money states  CPU s   gain (CPU s)")
    for company, trains in CASES:
        for h in city_hexes(state):
            t0 = time.process_time()
            plan = plan_track(state, company, [h], by=by)
            cpu = time.process_time() - t0
            worst = max(worst, cpu)
            total += cpu
            gain = ""
            if "--gain" in argv and plan.found and plan.lays:
                t1 = time.process_time()
                plan, _ = plan_earnings(state, plan, trains)
                gain = f"{plan.gain:+5} ({time.process_time() - t1:.2f})"
            out(
                f"{company:7} {h:6} {'yes' if plan.found else 'no':5} {len(plan.lays):4}"
                f" {plan.rounds:6} {plan.cost:5} {plan.states:6} {cpu:6.2f}   {gain}"
                + ("" if plan.found else f"  {plan.reason}")
            )
    out(f"slowest plan {worst:.2f} s CPU; all plans {total:.2f} s CPU")
    out.totals()
    if not args:  # the bundled game: its section of bench/RESULTS.md
        out.write(
            f"planner-{by}",
            "planner.py" + (" --money" if by == "money" else ""),
            f"The track planner, plans by {by}",
            f"`bench/planner.py{' --money' if by == 'money' else ''}`: a plan from GW, C&O"
            " and CNR to each city hex of the bundled 1867 position (CPU seconds of"
            " `plan_track`, one process, one core).",
        )
    return 0 if worst < 2.0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
