"""Benchmark: how soon a route search returns once cancelled, at random moments of a long search.

CNR with four 8-trains on the bundled 1867 game is a long search: it lists and values its
paths, then (within the path budget) tunes track prices and branches and bounds, or (past it)
hands the search to the exact model. A first run finds when each phase starts on this
machine now; then each run cancels at a random moment (seeded) between the start and 3 s
into the search phase, so every phase is hit, and measures the time from the cancel request
to ``find_routes`` returning. The request is
exact: ``cancel()`` answers True from ``cancel_at`` on, so the latency is how long the search
went without looking, plus building the result.

    .venv/bin/python bench/cancel_latency.py [--runs 30] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from results import Report  # noqa: E402

TRAINS = ["8", "8", "8", "8"]


def percentile(values: list[float], q: float) -> float:
    """The q-quantile (0..1) of ``values`` by linear interpolation."""
    s = sorted(values)
    pos = (len(s) - 1) * q
    lo = int(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def main(argv: list[str]) -> int:
    from rusty_train_py.base.paths import default_game_file
    from rusty_train_py.files.loader import open_game
    from rusty_train_py.route.search import find_routes

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv[1:])
    rep = Report()

    state = open_game(default_game_file()).state
    starts: dict[str, float] = {}
    t0 = time.monotonic()

    def note(p) -> None:
        starts.setdefault(p.phase, time.monotonic() - t0)

    def calibrated() -> bool:
        return "search" in starts and time.monotonic() - t0 > starts["search"] + 3.0

    find_routes(state, "CNR", TRAINS, progress=note, cancel=calibrated)
    latest = starts.get("search", time.monotonic() - t0) + 3.0
    phases = ", ".join(f"{name} at {at:.2f} s" for name, at in starts.items())
    rep(f"CNR {','.join(TRAINS)}: phases start {phases}")
    rng = random.Random(args.seed)
    times = sorted(rng.uniform(0.0, latest) for _ in range(args.runs))
    rep(f"cancel at {args.runs} random times in [0, {latest:.1f}] s")
    rep(f"{'cancel at s':>11} {'phase':>9} {'latency ms':>10} {'best':>6}")
    latencies = []
    by_phase: dict[str, list[float]] = {}
    for at in times:
        phase = ["graph"]
        t0 = time.monotonic()
        cancel_at = t0 + at

        def cancel(cancel_at=cancel_at) -> bool:
            return time.monotonic() >= cancel_at

        def progress(p, phase=phase, cancel_at=cancel_at) -> None:
            if time.monotonic() < cancel_at:
                phase[0] = p.phase

        result = find_routes(state, "CNR", TRAINS, progress=progress, cancel=cancel)
        latency = time.monotonic() - cancel_at
        latencies.append(latency)
        by_phase.setdefault(phase[0], []).append(latency)
        rep(f"{at:11.2f} {phase[0]:>9} {latency * 1000:10.1f} {result.net_revenue:6d}")
    ms = [x * 1000 for x in latencies]
    for name in dict.fromkeys(by_phase):
        got = by_phase[name]
        rep(f"  {name:>9}: {len(got)} runs, max {max(got) * 1000:.1f} ms")
    rep(
        f"cancel latency over {len(ms)} runs: p50 {percentile(ms, 0.5):.1f} ms,"
        f" p95 {percentile(ms, 0.95):.1f} ms, max {max(ms):.1f} ms"
        f" (mean {statistics.fmean(ms):.1f} ms; target: under 300 ms)"
    )
    rep.totals()
    if args.runs == 30 and args.seed == 1:
        rep.write(
            "cancel",
            "cancel_latency.py",
            "Cancel latency",
            "`bench/cancel_latency.py`: cancels CNR 8,8,8,8 on the bundled game at random moments from"
            " the start to 3 s into the search phase and measures how long `find_routes` takes to"
            " return (wall milliseconds; target 300 ms).",
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
