"""Benchmark: the advisor on the bundled 1867 position, GW running a 5 and an 8.

Every legal lay is scored exactly (``advise`` with no top limit). Printed: how many lays were
legal, pruned without a search (nothing new the trains can use), sharing another lay's search
(the same usable graph) and searched; the CPU seconds of the whole run; when the first best
lay so far was shown and when the final best was first shown (CPU seconds from the start, by
the progress reports); and the peak memory of the process (each case runs in a fresh one).
Targets (issue 10): under 10 s for all lays of one company, under 3 s to the first answer.
``--all`` alone (the bundled game) rewrites its section of bench/RESULTS.md.

    .venv/bin/python bench/advisor.py [GAMEFILE] [--all] [--naive] [--tokens] [--two-step]
                                      [--no-revenue-memo]

``--all`` adds C&O (6, 8) and CNR (5, 5+5E); ``--naive`` also scores every lay with its own
search from scratch (no pruning, no sharing), to measure what the pruning saves; ``--tokens``
and ``--two-step`` add those parts to the advisor's run; ``--no-revenue-memo`` makes every
search value its paths afresh (to measure what sharing path revenues between searches saves).
"""

from __future__ import annotations

import multiprocessing as mp
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from results import Report  # noqa: E402

CASES = [("GW", ["5", "8"])]
MORE = [("C&O", ["6", "8"]), ("CNR", ["5", "5+5E"])]


def _run(gamefile: str, company: str, trains: list[str], opts: dict, queue) -> None:
    from rusty_train_py.advisor import advise, after_lay, legal_lays
    from rusty_train_py.files.loader import open_game
    from rusty_train_py.route.search import find_routes

    state = open_game(gamefile).state
    first: list[float] = []
    best_at: dict[int, float] = {}
    t0 = time.process_time()

    def progress(p) -> None:
        if p.phase == "lays" and p.best is not None:
            now = time.process_time() - t0
            if not first:
                first.append(now)
            best_at.setdefault(p.best.net_revenue, now)

    advice = advise(
        state,
        company,
        trains,
        tokens=opts["tokens"],
        two_step=opts["two_step"],
        progress=progress,
        reuse_revenues=not opts["no_memo"],
    )
    cpu = time.process_time() - t0
    best = advice.lays[0].net_revenue if advice.lays else advice.base_net_revenue
    out = {
        "stats": advice.stats,
        "base": advice.base_net_revenue,
        "best": best,
        "best_lay": advice.lays[0].describe() if advice.lays else "-",
        "cpu": cpu,
        "first": first[0] if first else float("nan"),
        "final_best_shown": best_at.get(best, float("nan")),
        "two_step": advice.two_step.describe() if advice.two_step else "-",
        "peak": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }
    if opts["naive"]:
        t1 = time.process_time()
        naive = [
            find_routes(after_lay(state, lay), company, trains).net_revenue
            for lay in legal_lays(state, company)
        ]
        out["naive_cpu"] = time.process_time() - t1
        out["naive_agrees"] = sorted(naive, reverse=True) == [s.net_revenue for s in advice.lays]
    queue.put(out)


def main(argv: list[str]) -> int:
    from rusty_train_py.base.paths import default_game_file

    args = [a for a in argv[1:] if not a.startswith("--")]
    gamefile = args[0] if args else str(default_game_file())
    opts = {
        "naive": "--naive" in argv,
        "tokens": "--tokens" in argv,
        "two_step": "--two-step" in argv,
        "no_memo": "--no-revenue-memo" in argv,
    }
    rep = Report()
    cases = CASES + (MORE if "--all" in argv else [])
    rep(f"game: {gamefile}  (CPU seconds, time.process_time; one fresh process per case)")
    rep(
        f"{'company':8} {'trains':8} {'legal':>5} {'pruned':>6} {'shared':>6} {'searched':>8}"
        f" {'base':>5} {'best':>5} {'CPU s':>6} {'first s':>7} {'best s':>6} {'peak MB':>7}"
    )
    ctx = mp.get_context("spawn")
    for company, trains in cases:
        q = ctx.Queue()
        p = ctx.Process(target=_run, args=(gamefile, company, trains, opts, q))
        p.start()
        r = q.get()
        p.join()
        s = r["stats"]
        rep(
            f"{company:8} {','.join(trains):8} {s.lays_legal:5d} {s.lays_pruned:6d}"
            f" {s.lays_shared:6d} {s.lays_searched:8d} {r['base']:5d} {r['best']:5d}"
            f" {r['cpu']:6.2f} {r['first']:7.2f} {r['final_best_shown']:6.2f} {r['peak']:7.1f}"
        )
        rep(f"         best lay: {r['best_lay']}; route searches: {s.searches}")
        if opts["tokens"]:
            rep(f"         tokens legal: {s.tokens_legal}")
        if opts["two_step"]:
            rep(f"         lay then token: {r['two_step']} ({s.pairs_scored} pairs scored)")
        if opts["naive"]:
            agree = "the same figures" if r["naive_agrees"] else "DIFFERENT figures"
            rep(f"         every lay searched from scratch: {r['naive_cpu']:.2f} CPU s ({agree})")
    rep.totals()
    if argv[1:] == ["--all"]:  # the bundled game, every company, nothing else
        rep.write(
            "advisor",
            "advisor.py --all",
            "The advisor",
            "`bench/advisor.py --all`: every legal lay of the bundled 1867 position scored"
            " exactly, for GW, C&O and CNR, each in a fresh process (CPU seconds; first: CPU"
            " seconds until the first best lay so far was shown; peak memory of the process).",
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
