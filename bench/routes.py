"""Benchmark: the three 1867 searches of the bundled default game.

Prints, per company, the paths found, net revenue, wall time and peak memory (each search runs
in a fresh process so its peak resident memory is its own).

    .venv/bin/python bench/routes.py [GAMEFILE]
"""

from __future__ import annotations

import multiprocessing as mp
import resource
import sys
import time

CASES = [("GW", ["5", "8"]), ("C&O", ["6", "8"]), ("CNR", ["5", "5+5E"])]


def _run(gamefile: str, company: str, trains: list[str], queue) -> None:
    from rusty_train_py.files.loader import open_game
    from rusty_train_py.route.search import find_routes

    state = open_game(gamefile).state
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t0 = time.perf_counter()
    result = find_routes(state, company, trains)
    wall = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    queue.put(
        (result.paths_found, result.net_revenue, result.optimal, wall, peak / 1024, base / 1024)
    )


def main(argv: list[str]) -> int:
    from rusty_train_py.base.paths import default_game_file

    gamefile = argv[1] if len(argv) > 1 else str(default_game_file())
    print(f"game: {gamefile}")
    print(
        f"{'company':8} {'trains':10} {'paths':>8} {'revenue':>8} {'proven':>7} {'wall s':>8} {'peak MB':>8}"
    )
    ctx = mp.get_context("spawn")
    for company, trains in CASES:
        q = ctx.Queue()
        p = ctx.Process(target=_run, args=(gamefile, company, trains, q))
        p.start()
        paths, revenue, optimal, wall, peak, _base = q.get()
        p.join()
        print(
            f"{company:8} {','.join(trains):10} {paths:8d} {revenue:8d}"
            f" {'yes' if optimal else 'no':>7} {wall:8.2f} {peak:8.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
