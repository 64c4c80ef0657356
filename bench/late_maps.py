"""Benchmark: long trains on late maps (grown 1861/1867 positions, dense filled maps, the
bundled 1867 game).

Each case runs in a fresh process (its own peak memory) with a time limit; printed per case:
paths kept, net revenue, proven or not (and why not), CPU seconds of the search (user +
system, the position already loaded) and the process's peak resident memory.

    .venv/bin/python bench/late_maps.py [--time-limit S] [--only TEXT] [--mem-gb G]

The positions are JSON saves in bench/positions/ (bench/positions.py writes them).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import resource
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
POS = HERE / "positions"
BUNDLED = HERE.parent / "resources" / "1867_bc.json"

# (label, save file, company, trains)
CASES = [
    ("bundled", BUNDLED, "GW", "5,8"),
    ("bundled", BUNDLED, "C&O", "6,8"),
    ("bundled", BUNDLED, "CNR", "5,5+5E"),
    ("bundled", BUNDLED, "CNR", "8,8,8"),
    ("bundled", BUNDLED, "CNR", "8,8,8,8"),
    ("grown 1861/1", POS / "grown_1861_1.json", "MKN", "8"),
    ("grown 1861/1", POS / "grown_1861_1.json", "MKN", "8,5+5E"),
    ("grown 1861/1", POS / "grown_1861_1.json", "SE", "8,8"),
    ("grown 1861/1", POS / "grown_1861_1.json", "MK", "8,8,8"),
    ("grown 1861/3", POS / "grown_1861_3.json", "MKV", "8,5+5E"),
    ("grown 1867/1", POS / "grown_1867_1.json", "CNR", "8,5+5E"),
    ("grown 1867/2", POS / "grown_1867_2.json", "C&O", "8"),
    ("grown 1867/2", POS / "grown_1867_2.json", "C&O", "8,5+5E"),
    ("grown 1867/2", POS / "grown_1867_2.json", "IRC", "8,8,8"),
    ("filled 1867", POS / "filled_1867.json", "C&O", "8,5+5E"),
    ("filled 1867", POS / "filled_1867.json", "CNR", "8"),
    ("filled 1861", POS / "filled_1861.json", "MKN", "8"),
    ("filled 1861", POS / "filled_1861.json", "SE", "8,5+5E"),
]


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _run(path, company, trains, time_limit, mem_gb, max_paths, queue) -> None:
    if mem_gb > 0:
        cap = int(mem_gb * 2**30)
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    from rusty_train_py.files.loader import open_game
    from rusty_train_py.route.search import find_routes

    state = open_game(path).state
    c0 = _cpu()
    t0 = time.perf_counter()
    try:
        kw = {} if max_paths is None else {"max_paths": max_paths}
        result = find_routes(state, company, trains.split(","), time_limit=time_limit, **kw)
    except MemoryError:
        queue.put(None)
        return
    cpu = _cpu() - c0
    wall = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    why = "" if result.optimal else result.stats.get("cut") or "time"
    queue.put(
        (result.paths_found, result.net_revenue, result.optimal, why, cpu, wall, peak, result.stats)
    )


def run_case(path, company, trains, time_limit, mem_gb, max_paths=None):
    ctx = mp.get_context("spawn")
    q = ctx.Queue()
    p = ctx.Process(
        target=_run, args=(str(path), company, trains, time_limit, mem_gb, max_paths, q)
    )
    p.start()
    try:
        out = q.get()
    finally:
        p.join()
    return out


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--time-limit", type=float, default=60.0, help="seconds per case (wall)")
    ap.add_argument("--only", default="", help="run the cases whose line contains this text")
    ap.add_argument("--mem-gb", type=float, default=6.0, help="address-space cap per case")
    ap.add_argument("--max-paths", type=int, default=None, help="the finder's path budget")
    ap.add_argument("-v", "--verbose", action="store_true", help="print the finder's stats")
    args = ap.parse_args(argv[1:])
    print(
        f"{'position':14} {'company':8} {'trains':9} {'paths':>9} {'revenue':>8}"
        f" {'proven':>10} {'CPU s':>7} {'wall s':>7} {'peak MB':>8}"
    )
    for label, path, company, trains in CASES:
        line = f"{label} {company} {trains}"
        if args.only and args.only not in line:
            continue
        out = run_case(path, company, trains, args.time_limit, args.mem_gb, args.max_paths)
        if out is None:
            print(f"{label:14} {company:8} {trains:9} out of memory (cap {args.mem_gb} GB)")
            continue
        paths, revenue, optimal, why, cpu, wall, peak, stats = out
        proven = "yes" if optimal else f"no ({why})"
        print(
            f"{label:14} {company:8} {trains:9} {paths:9d} {revenue:8d} {proven:>10}"
            f" {cpu:7.2f} {wall:7.2f} {peak:8.0f}",
            flush=True,
        )
        if args.verbose:
            print(f"    {stats}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
