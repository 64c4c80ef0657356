"""Benchmark: the spread of the CPU cost of one search over fresh processes.

The same search, with the same answer each time, should cost the same each time. Every case
of bench/late_games.py (each game's late position, ``bench/positions/late_<game>.json``) runs
``--runs`` times (10), each in a fresh process (bench/case_runner.py), one after the other in
one sitting; printed per case: the revenue (the same every run, else the case is flagged), the
CPU seconds of the search (min / median / max), max / min, and the peak memory of the largest
process. Done when max / min is at most 1.5 for every case that costs a measurable time
(cases under ``--floor`` seconds of CPU at their slowest, 0.2, are only listed: on a busy
machine their CPU time varies by more than half with the BLAS threads pinned through the
environment too, e.g. 1817 NYSW 8,8,8 0.07 / 0.09 / 0.11 s with OPENBLAS_NUM_THREADS=1).
``--heavy``: one case per position, its last (three of the game's longest trains: the case
with the three-train bound). A run rewrites its section of
bench/RESULTS.md after every case (saying how many of its cases it has run so far, and
which, with ``--only``).

The processes import numpy as a library caller's would (nothing pins the BLAS threads
through the environment): the finder's own limit (rusty_train_py/base/blas.py) must hold.

    .venv/bin/python bench/spread.py [--runs N] [--heavy] [--only TEXT ...] [--time-limit S]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from case_runner import Outcome  # noqa: E402
from late_games import cases, run_case  # noqa: E402
from results import cpu_children, machine_line, table, write_section  # noqa: E402

LIMIT = 1.5  # the largest max / min allowed


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=10, help="fresh processes per case")
    ap.add_argument("--only", action="append", default=[], help="cases whose line has this text")
    ap.add_argument("--heavy", action="store_true", help="one case per position: its last")
    ap.add_argument("--section", default="spread", help="the section of RESULTS.md to write")
    ap.add_argument("--time-limit", type=float, default=60.0, help="seconds per search (wall)")
    ap.add_argument("--mem-gb", type=float, default=6.0, help="address-space cap per process")
    ap.add_argument("--floor", type=float, default=0.2, help="CPU s below which max/min is noise")
    args = ap.parse_args(argv[1:])
    load = os.getloadavg()
    c0 = cpu_children()
    print(
        f"{'case':32} {'revenue':>7} {'cpu min':>8} {'median':>8} {'max':>8}"
        f" {'max/min':>7} {'peak MB':>7}"
    )
    rows, worst, failed = [], 0.0, 0
    chosen = [c for c in cases() if not args.only or any(t in c.label for t in args.only)]
    if args.heavy:
        chosen = list({c.game: c for c in chosen}.values())
    for case in chosen:
        outs = [run_case(case, args.time_limit, args.mem_gb) for _ in range(args.runs)]
        good = [o for o in outs if isinstance(o, Outcome)]
        if len(good) != len(outs) or len({(o.revenue, o.optimal) for o in good}) != 1:
            print(f"{case.label:32} FAILED or differing answers: {outs}", flush=True)
            rows.append((case.game, case.company, ",".join(case.trains), "FAILED", *[""] * 5))
            failed += 1
            continue
        cpus = sorted(o.cpu for o in good)
        ratio = cpus[-1] / max(cpus[0], 0.01)
        measured = cpus[-1] >= args.floor
        if measured:
            worst = max(worst, ratio)
        flag = "" if not measured or ratio <= LIMIT else "  OVER"
        mid = statistics.median(cpus)
        peak = max(o.peak_mb for o in good)
        print(
            f"{case.label:32} {good[0].revenue:7d} {cpus[0]:8.2f} {mid:8.2f} {cpus[-1]:8.2f}"
            f" {ratio:7.2f} {peak:7.0f}{flag}",
            flush=True,
        )
        rows.append(
            (
                case.game,
                case.company,
                ",".join(case.trains),
                good[0].revenue,
                f"{cpus[0]:.2f}",
                f"{mid:.2f}",
                f"{cpus[-1]:.2f}",
                f"{ratio:.2f}" if measured else f"({ratio:.2f})",
                f"{peak:.0f}",
            )
        )
        write(args, rows, worst, cpu_children() - c0, load, len(chosen))
    total = cpu_children() - c0
    print(f"worst max / min {worst:.2f} (limit {LIMIT}); {total:.1f} s of CPU in all")
    return 1 if failed or worst > LIMIT else 0


def write(args, rows, worst: float, total: float, load, n_cases: int) -> None:
    """The section of RESULTS.md, with the cases run so far."""
    verdict = f"worst max / min {worst:.2f} (limit {LIMIT})"
    done = "" if len(rows) == n_cases else f" (so far: {len(rows)} of {n_cases} cases run)"
    which = "its last case (three of the longest trains)" if args.heavy else "every case"
    if args.only:
        which += " whose line holds " + " or ".join(f"`{t}`" for t in args.only)
    body = "\n".join(
        [
            "## Spread: the same search in fresh processes"
            + ("" if args.section == "spread" else f" ({args.section})"),
            "",
            f"`bench/spread.py{' --heavy' if args.heavy else ''}`: of the late positions,"
            f" {which} of `bench/late_games.py`, {args.runs} fresh"
            f" processes each, one after the other, {args.time_limit:g} s (wall) limit; CPU"
            " seconds of the search (the position"
            " loaded). A ratio in brackets: the case costs under"
            f" {args.floor} s at its slowest, not held to the limit (at that size the"
            " machine's load alone moves CPU time by half).",
            "",
            machine_line(load),
            "",
            table(
                (
                    "game",
                    "company",
                    "trains",
                    "revenue",
                    "CPU min",
                    "median",
                    "max",
                    "max / min",
                    "peak MB",
                ),
                rows,
            ),
            "",
            f"{verdict}{done}; {total:.1f} s of CPU in all, processes included.",
        ]
    )
    write_section(args.section, "spread.py", body)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
