"""Benchmark: long trains on late maps (grown 1861/1867 positions, dense filled maps, the
bundled 1867 game).

Each case runs in a fresh process (bench/case_runner.py: its own peak memory) with a time limit; printed per case:
paths kept, net revenue, proven or not (and why not), CPU seconds of the search (user +
system, the position already loaded) and the process's peak resident memory.

    .venv/bin/python bench/late_maps.py [--time-limit S] [--only TEXT] [--mem-gb G]

The positions are JSON saves in bench/positions/ (bench/positions.py writes them). A full run
(no ``--only``, the default budget) rewrites its section of bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from case_runner import Search, run_search  # noqa: E402
from results import Report  # noqa: E402

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


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--time-limit", type=float, default=60.0, help="seconds per case (wall)")
    ap.add_argument("--only", default="", help="run the cases whose line contains this text")
    ap.add_argument("--mem-gb", type=float, default=6.0, help="address-space cap per case")
    ap.add_argument("--max-paths", type=int, default=None, help="the finder's path budget")
    ap.add_argument("-v", "--verbose", action="store_true", help="print the finder's stats")
    args = ap.parse_args(argv[1:])
    rep = Report()
    rep(
        f"{'position':14} {'company':8} {'trains':9} {'paths':>9} {'revenue':>8}"
        f" {'proven':>10} {'CPU s':>7} {'wall s':>7} {'peak MB':>8}"
    )
    for label, path, company, trains in CASES:
        line = f"{label} {company} {trains}"
        if args.only and args.only not in line:
            continue
        search = Search(path, company, tuple(trains.split(",")), max_paths=args.max_paths)
        out = run_search(search, args.time_limit, args.mem_gb)
        head = f"{label:14} {company:8} {trains:9}"
        if out is None:
            rep(f"{head} out of memory (cap {args.mem_gb} GB)")
            continue
        if isinstance(out, str):
            rep(f"{head} FAILED: {out}")
            continue
        rep(
            f"{head} {out.paths:9d} {out.revenue:8d} {out.proven:>10}"
            f" {out.cpu:7.2f} {out.wall:7.2f} {out.peak_mb:8.0f}"
        )
        if args.verbose:
            rep(f"    {out.stats}")
    rep.totals()
    if not args.only and args.max_paths is None:
        rep.write(
            "late-maps",
            "late_maps.py",
            "Late big maps",
            "`bench/late_maps.py`: long trains on late maps, each case in its own process: the"
            " bundled game; positions grown from the printed map to phase 8 by legal lays"
            " (`bench/positions.py`, seeded); dense synthetic maps (every tile-taking hex"
            " holding the most connected tile that keeps its revenue centres). CPU seconds"
            f" and wall time of the search, the process's peak memory, {args.time_limit:g} s"
            " limit. (Figures of the finder before the exact model: README.md at commit"
            " 49b3456.)",
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
