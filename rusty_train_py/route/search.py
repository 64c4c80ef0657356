"""Find the routes that earn a company the most, and prove it.

1. Build the company's track graph (graph.py) and enumerate every path once (paths.py).
2. Compile each train's rule and bonuses (earner.py) and value every path for it, best first.
3. Plan the runs (runs.py: bonuses paid to one route of a run, whole-run adjustments) and
   solve each by branch and bound (bnb.py), keeping the best.

Progress (progress.py) reports the phase, the best routes so far and the most they could be
beaten by; cancel and the time limit are honoured in every phase.
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable, Sequence

import numpy as np

from ..mapstate import MapState
from .bnb import _greedy, _revenue_of, _Search, _Stopped
from .earner import Earner
from .exact import solve_runs_exact, supported
from .graph import build_graph
from .locks import LockError, RouteLock, parse_lock, resolve_locks
from .options import RouteSearchError as RouteSearchError  # re-exported: callers catch it here
from .options import readings_used
from .options import select_bonuses as select_bonuses
from .paths import Budget, Measures, PathSet, SearchCancelled, enumerate_paths
from .progress import ProgressFn, Reporter
from .result import RouteResult, TrainRoute
from .revenue_memo import RevenueMemo
from .routes import build_train_route
from .runs import Run, plan_runs

CancelFn = Callable[[], bool]


# Paths enumerated before the exact model (exact.py) takes over: enumeration and branch and
# bound are faster below this, the model above (measured on bench/late_maps.py); with three
# or more trains the model wins sooner.
EXACT_AFTER = 100_000
EXACT_AFTER_3 = 20_000
# For rules the model does not state: paths kept at most (about 1 kB each on extreme maps), a
# memory guard; past it the best of the paths looked at is returned, marked unproven.
MAX_PATHS = 2_000_000


def find_routes(
    state: MapState,
    company: str,
    trains: Sequence[str],
    bonuses: Sequence[str] = (),
    progress: ProgressFn | None = None,
    cancel: CancelFn | None = None,
    time_limit: float | None = None,
    max_paths: int | None = None,
    locked: Sequence[RouteLock | str] = (),
    revenue_memo: RevenueMemo | None = None,
) -> RouteResult:
    """The best routes for ``company`` running ``trains`` on ``state``, proven optimal unless
    stopped early by ``cancel`` or ``time_limit`` (then ``optimal`` is False and the routes
    are the best found). Paths are enumerated up to ``max_paths`` (default: EXACT_AFTER, or
    MAX_PATHS for rules the exact model does not state); past that the exact model solves the
    search, or, where it cannot, the best among the paths looked at is returned, unproven.

    ``locked``: routes the player fixes (RouteLock, or text ``"5:F16,E17,D16"``), each for one
    of ``trains``; the search places only the other trains, on track the locked routes leave
    free, and the result holds the locked routes too (``locked`` True). A lock that is not a
    route of its train for the company raises RouteSearchError naming it.

    ``revenue_memo``: path revenues shared between searches of one company's trains on
    related maps (the advisor's many searches); the same answers with or without it."""
    t0 = time.monotonic()
    report = Reporter(progress, t0)
    game = state.game
    try:
        comp = game.company(company)
    except KeyError as exc:
        raise RouteSearchError(exc.args[0]) from None
    if not trains:
        raise RouteSearchError("no trains given: name at least one train")
    train_types = []
    for t in trains:
        try:
            train_types.append(game.train(str(t)))
        except KeyError as exc:
            raise RouteSearchError(exc.args[0]) from None
    chosen_bonuses = select_bonuses(game, bonuses)
    deadline = t0 + time_limit if time_limit is not None else None
    readings = game.readings

    try:
        locks = [parse_lock(x) if isinstance(x, str) else x for x in locked]
    except LockError as exc:
        raise RouteSearchError(str(exc)) from None
    free_types = _free_trains(game, train_types, locks)

    graph = build_graph(state, comp.abbrev)
    per_route = [b for b in chosen_bonuses if not b.once_per_run and not b.kind.adjusts_run]
    earners: dict[tuple[str, frozenset[str]], Earner] = {}

    def earner(variant: tuple[str, frozenset[str]]) -> Earner:
        if variant not in earners:
            name, extra = variant
            bs = per_route + [b for b in chosen_bonuses if b.id in extra]
            earners[variant] = Earner(game.train(name), graph, bs, readings)
        return earners[variant]

    try:
        fixed = resolve_locks(
            game, graph, comp.abbrev, locks, lambda t: earner((t.name, frozenset()))
        )
    except LockError as exc:
        raise RouteSearchError(str(exc)) from None
    runs = plan_runs(game, free_types, chosen_bonuses, [f.train for f in fixed])
    searched = sorted({v for run in runs for v in run.variants}, key=lambda v: (v[0], sorted(v[1])))
    for v in searched:
        earner(v)
    # The distance measures of the trains the search places (bonuses never change distance).
    measure_of: dict[tuple, int] = {}
    m_centre: list[list[int]] = []
    m_corr: list[list[int]] = []
    m_limit: list[int | None] = []
    e_measure: dict[tuple[str, frozenset[str]], int] = {}
    for v in searched:
        e = earners[v]
        key = (tuple(e.centre_cost), tuple(e.corridor_cost))
        if key not in measure_of:
            measure_of[key] = len(m_limit)
            m_centre.append(e.centre_cost)
            m_corr.append(e.corridor_cost)
            m_limit.append(e.limit)
        m = measure_of[key]
        e_measure[v] = m
        known = m_limit[m]
        if known is not None and (e.limit is None or e.limit > known):
            m_limit[m] = e.limit
    measures = Measures(m_centre, m_corr, m_limit)

    stats: dict = {}
    given = tuple(t.name for t in train_types)
    used_readings = readings_used(game, train_types, chosen_bonuses)
    notes = tuple(n for f in fixed if (n := f.note) is not None)

    def result(routes=(), optimal=True, cancelled=False, paths_found=0) -> RouteResult:
        return RouteResult(
            company=comp.abbrev,
            trains=given,
            routes=tuple(routes),
            net_revenue=sum(r.revenue for r in routes if not r.dropped),
            optimal=optimal,
            cancelled=cancelled,
            paths_found=paths_found,
            elapsed=time.monotonic() - t0,
            stats=stats,
            readings=used_readings,
            notes=notes,
        )

    if not graph.tokens():
        stats["no_token"] = True
        return result()
    exact_ok = supported([earners[v] for v in searched])
    if max_paths is None:
        max_paths = MAX_PATHS
        if exact_ok:
            max_paths = EXACT_AFTER if len(free_types) < 3 else EXACT_AFTER_3
    classes = sorted({t.track_class for t in train_types})
    n_track = graph.n_track_bits
    # The locked routes' track is taken (per track class: routes of other classes may share
    # it), and what they earn in each run (the once-per-run bonuses it hands them).
    taken_by_class = [0] * len(classes)
    for f in fixed:
        taken_by_class[classes.index(f.train.track_class)] |= f.path.track
    locked_pay = [
        sum(
            earner(lv).revenue(f.path.stops, f.path.dist[0])
            for f, lv in zip(fixed, run.locked, strict=True)
            if lv is not None
        )
        for run in runs
    ]

    def locked_routes(run: Run) -> list[TrainRoute]:
        return [
            build_train_route(
                graph,
                earner(lv if lv is not None else (f.train.name, frozenset())),
                f.path,
                game,
                locked=True,
                dropped=lv is None,
            )
            for f, lv in zip(fixed, run.locked, strict=True)
        ]

    def in_order(routes: list[TrainRoute]) -> list[TrainRoute]:
        """In the order the trains were given (a locked route first among equals)."""
        return sorted(routes, key=lambda r: (given.index(r.train), not r.locked, -r.revenue))

    report("paths", force=True)
    try:
        budget = Budget(cancel, deadline, max_paths, on_poll=lambda n: report(paths=n))
        paths = enumerate_paths(graph, measures, budget) if searched else PathSet.empty()
    except SearchCancelled:
        return result(optimal=False, cancelled=True)
    stats["enumerate_s"] = round(time.monotonic() - t0, 3)

    def value_paths() -> dict[tuple[str, frozenset[str]], tuple] | None:
        """Revenue of every path for every train variant; the runnable ones off the locked
        track, best first (ties in path order, so the result never depends on anything
        else). None: cancelled."""
        revenue = {v: array("i") for v in searched}
        typed = [(earners[v], e_measure[v], revenue[v].append) for v in searched]
        dist = paths.dist
        memo = ident = None
        if revenue_memo is not None:
            memo, ident = revenue_memo.for_search(graph, searched, chosen_bonuses, readings)
        report("revenues", 0, len(paths), paths=len(paths))
        for idx, stops in enumerate(paths.iter_stops()):
            if idx & 4095 == 0:
                if cancel is not None and cancel():
                    return None
                if idx and deadline is not None and time.monotonic() > deadline:
                    paths.complete, budget.cut = False, "time"  # the paths valued so far
                    break
                report("revenues", idx)
            d = dist[idx]
            if memo is None:
                for e, m, add in typed:
                    add(e.revenue(stops, d[m]))
            else:
                key = (tuple([ident[c] for c in stops]), d)
                got = memo.get(key)
                if got is None:
                    got = memo[key] = tuple([e.revenue(stops, d[m]) for e, m, _ in typed])
                for (_, _, add), r in zip(typed, got, strict=True):
                    add(r)
        track = paths.track
        out: dict[tuple[str, frozenset[str]], tuple] = {}
        for v in searched:
            rev = np.frombuffer(revenue[v], dtype=np.int32)
            runnable = np.flatnonzero(rev > 0)
            order = runnable[np.argsort(-rev[runnable], kind="stable")].tolist()
            cls = classes.index(earners[v].train.track_class)
            taken = taken_by_class[cls]
            if taken:  # paths on the locked routes' track are out
                order = [i for i in order if not track[i] & taken]
            shift = cls * n_track
            out[v] = (
                order,
                rev[order].tolist() if order else [],
                [track[i] << shift for i in order],
            )
        return out

    def routes_of(picked, run: Run) -> list[TrainRoute]:
        return [
            build_train_route(graph, earners[v], paths.path(tables[v][0][pos]), game)
            for v, pos in picked
        ] + locked_routes(run)

    exact_routes = None
    tables = None
    if budget.cut == "paths" and exact_ok:
        # Too many paths to enumerate: the exact model solves every run without them. The
        # paths enumerated so far give routes at once (each train's best clear path in turn),
        # kept if the model is stopped before it finds better.
        tables = value_paths()
        if tables is None:
            return result(optimal=False, cancelled=True, paths_found=len(paths))
        quick_total, quick = -1, []
        for run, pay in zip(runs, locked_pay, strict=True):
            total, picked = _greedy_run(run, tables)
            if total + pay > quick_total:
                quick_total, quick = total + pay, routes_of(picked, run)
        report(best=quick_total)
        report("search", force=True)
        total, chosen, optimal, cancelled, won = solve_runs_exact(
            graph,
            runs,
            earner,
            lambda e: classes.index(e.train.track_class),
            deadline,
            cancel,
            lambda best, bound: report(best=best, bound=bound),
            taken=taken_by_class,
            run_pay=locked_pay,
        )
        stats["method"] = "exact"
        routes = [build_train_route(graph, e, p, game) for e, p in chosen]
        if won is not None:
            routes += locked_routes(runs[won])
        # The routes' own revenues are the answer; the model's total must agree.
        if sum(r.revenue for r in routes if not r.dropped) != total:
            stats["exact_mismatch"] = total
            optimal = False
        if sum(r.revenue for r in routes if not r.dropped) < quick_total:
            routes, optimal = quick, False
        routes = in_order(routes)
        stats["search_s"] = round(time.monotonic() - t0, 3)
        stats["paths"] = len(paths)
        if optimal or cancelled:
            found = sum(r.revenue for r in routes if not r.dropped)
            report("done", best=found, bound=found if optimal else None, force=True)
            return result(routes, optimal, cancelled, len(paths))
        # Stopped unproven (time limit): the paths enumerated so far may hold better routes
        # than the model had found; the search below looks at them until the deadline.
        exact_routes = routes
        paths.complete = False

    if tables is None:
        tables = value_paths()
        if tables is None:
            return result(optimal=False, cancelled=True, paths_found=len(paths))
    stats["paths"] = len(paths)
    if not paths.complete:
        stats["cut"] = budget.cut
    stats["revenue_s"] = round(time.monotonic() - t0, 3)

    best_total = -1
    best_routes: list[TrainRoute] = []
    optimal = paths.complete
    cancelled = False
    if len(runs) > 1:  # a bound for all runs: each train's best path alone
        report(
            bound=max(
                pay + sum(tables[v][1][0] for v in r.variants if tables[v][1])
                for r, pay in zip(runs, locked_pay, strict=True)
            )
        )
    for run, pay in zip(runs, locked_pay, strict=True):
        total, picked, run_optimal, run_cancelled = _solve_run(
            run,
            tables,
            n_track * len(classes),
            deadline,
            cancel,
            _shifted(report, pay),
            best_total - pay,
            refine_bound=len(runs) == 1,
        )
        optimal = optimal and run_optimal
        cancelled = cancelled or run_cancelled
        if total >= 0 and total + pay > best_total:
            best_total = total + pay
            best_routes = routes_of(picked, run)
        if run_cancelled or not run_optimal:
            break
    found = max(best_total, 0)
    report("done", best=found, bound=found if optimal else None, force=True)
    best_routes = in_order(best_routes)
    stats["search_s"] = round(time.monotonic() - t0, 3)
    if len(runs) > 1:
        stats["runs"] = len(runs)
    if exact_routes is not None:
        optimal = False
        stats["cut"] = "model" if "exact_mismatch" in stats else "time"
        paid = sum(r.revenue for r in exact_routes if not r.dropped)
        if paid >= sum(r.revenue for r in best_routes if not r.dropped):
            best_routes = exact_routes
    return result(best_routes, optimal, cancelled, len(paths))


def _free_trains(game, train_types: list, locks: Sequence[RouteLock]) -> list:
    """The trains the search places: ``train_types`` less one train per lock (a lock names one
    of the trains given; RouteSearchError otherwise)."""
    free = list(train_types)
    for lock in locks:
        try:
            t = game.train(lock.train)
        except KeyError as exc:
            raise RouteSearchError(f"lock {lock.describe()}: {exc.args[0]}") from None
        if t not in free:
            n = sum(1 for x in train_types if x == t)
            raise RouteSearchError(
                f"lock {lock.describe()}: "
                + (
                    f"more locks on the {t.name} than {t.name}s among the trains ({n})"
                    if n
                    else f"the {t.name} is not one of the trains"
                    f" ({', '.join(x.name for x in train_types)})"
                )
            )
        free.remove(t)
    return free


def _shifted(report, add: int):
    """``report`` with ``add`` (what the locked routes earn) added to every best and bound."""
    if not add:
        return report

    def shifted(*args, best=None, bound=None, **kw):
        report(
            *args,
            best=None if best is None else best + add,
            bound=None if bound is None else bound + add,
            **kw,
        )

    return shifted


def _run_order(run: Run, tables) -> list:
    """A run's trains, strongest first (it helps the bound); equal variants sit together."""
    return sorted(
        run.variants,
        key=lambda v: (-(tables[v][1][0] if tables[v][1] else 0), v[0], sorted(v[1])),
    )


def _greedy_run(run: Run, tables) -> tuple[int, list]:
    """Each train of the run in turn takes its best path clear of the track taken: the total
    and the (variant, position) of each route."""
    variants = _run_order(run, tables)
    per_train = [tables[v] for v in variants]
    picks = _greedy(per_train)
    picked = [(variants[i], p) for i, p in enumerate(picks) if p != -1]
    return _revenue_of(per_train, picks), picked


def _solve_run(
    run: Run, tables, n_bits, deadline, cancel, report, lower: int, refine_bound: bool = True
):
    """Branch and bound for one run (trains and the bonuses assigned to them): the best total
    (-1 if nothing beat ``lower``, a total an earlier run reached), the (variant, position) of
    each route, whether it is proven and whether it was cancelled. Stopped early, the best
    routes known so far (a greedy choice at first) are returned."""
    variants = _run_order(run, tables)
    per_train = [tables[v] for v in variants]
    k = len(variants)
    if k == 0:
        return (0 if lower < 0 else -1), [], True, False
    same_prev = [i > 0 and variants[i] == variants[i - 1] for i in range(k)]
    picks = _greedy(per_train)
    incumbent = _revenue_of(per_train, picks)
    tops = [revs[0] if revs else 0 for _, revs, _ in per_train]
    report(best=incumbent, bound=sum(tops) if refine_bound else None)
    search = _Search(per_train, n_bits, deadline, cancel)
    suffix = search.suffix
    start = k - 1

    def search_progress() -> None:
        best = search.best if start == 0 and search.best_pick else incumbent
        bound = sum(tops[:start]) + max(search.best, search.top_bound)
        report(best=best, bound=bound if refine_bound else None)

    optimal = True
    cancelled = False
    try:
        if k > 2:
            root = search.tune_prices(max(incumbent, lower), report=report)
            if refine_bound:
                report(bound=root)
        report("search", force=True)
        search.progress = search_progress
        for start in range(k - 1, -1, -1):
            # The trains after this one alone reach suffix[start + 1], so any combination
            # worth recording reaches at least that: start just below it.
            floor = suffix[start + 1] - 1
            if start == 0:
                floor = max(floor, lower)
            best, pick = search.solve(start, same_prev, floor)
            suffix[start] = best
            if len(pick) == k - start and (best > incumbent or start == 0):
                picks, incumbent = [-1] * start + pick, best
    except _Stopped:
        optimal = False
        cancelled = bool(cancel is not None and cancel())
        if start == 0 and search.best_pick and search.best > incumbent:
            picks = search.best_pick
    total = _revenue_of(per_train, picks)
    if total <= lower:
        return -1, [], optimal, cancelled
    picked = [(variants[i], p) for i, p in enumerate(picks) if p != -1]
    return total, picked, optimal, cancelled
