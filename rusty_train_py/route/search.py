"""Find the routes that earn a company the most, and prove it.

1. Read the request against the game (trains, bonuses, locks) and build the company's track
   graph (graph.py); compile each train's rule and bonuses (earner.py).
2. Plan the runs (runs.py: bonuses paid to one route of a run, whole-run adjustments) and
   enumerate every path once (paths.py).
3. Past the path budget the exact model (exact.py) solves the runs; otherwise value every path
   for every train, best first, and solve each run by branch and bound (solve_run.py).
4. Say what became of every train (notes) and return the result.

Progress (progress.py) reports the phase, the best routes so far and the most they could be
beaten by; cancel and the time limit are honoured in every phase.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from ..base.blas import one_blas_thread
from ..mapstate.state import MapState
from ..titles import rules_for
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
from .runs import Run, plan_runs, rider_names
from .solve_run import (
    Tables,
    drop_lift,
    greedy_run,
    lift_required,
    locks_allowed,
    shifted_report,
    solve_run,
    split_riders,
)
from .train_notes import train_notes
from .valuing import value_paths

CancelFn = Callable[[], bool]
Variant = tuple[str, frozenset[str]]

# Paths enumerated before the exact model (exact.py) takes over: enumeration and branch and
# bound are faster below this, the model above (measured on bench/late_maps.py); with three
# or more trains, or trains with no distance limit (every path is theirs: 18SJ's D and E run
# 100,000 paths in 3 s of CPU, the model proves the answer in 0.5 s), the model wins sooner.
EXACT_AFTER = 100_000
EXACT_AFTER_3 = 20_000
# For rules the model does not state: paths kept at most (about 1 kB each on extreme maps), a
# memory guard; past it the best of the paths looked at is returned, marked unproven.
MAX_PATHS = 2_000_000


@one_blas_thread
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
    exact_after: int | None = None,
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
    related maps (the advisor's many searches); the same answers with or without it.

    ``exact_after``: where the exact model states the rules, the paths enumerated before it
    takes over (default EXACT_AFTER, or EXACT_AFTER_3); ignored when ``max_paths`` is given.
    A caller searching many maps of one size (the advisor) may prefer the model sooner."""
    search = RouteSearch(state, company, trains, bonuses, progress, cancel, time_limit, locked)
    if not search.graph.tokens():
        search.stats["no_token"] = True
        return search.result()
    search.report("paths", force=True)
    try:
        search.enumerate(max_paths, exact_after)
    except SearchCancelled:
        return search.result(optimal=False, cancelled=True)
    exact_routes = None
    if search.budget.cut == "paths" and search.exact_ok:
        if not search.value(revenue_memo):
            return search.result(optimal=False, cancelled=True, paths_found=len(search.paths))
        done, exact_routes = search.solve_exact()
        if done is not None:
            return done
    if search.tables is None and not search.value(revenue_memo):
        return search.result(optimal=False, cancelled=True, paths_found=len(search.paths))
    return search.branch_and_bound(exact_routes)


class RouteSearch:
    """One search: the request read against the game, the graph and the compiled trains, and
    each stage's output (paths, valued tables, the best run)."""

    def __init__(
        self,
        state: MapState,
        company: str,
        trains: Sequence[str],
        bonuses: Sequence[str],
        progress: ProgressFn | None,
        cancel: CancelFn | None,
        time_limit: float | None,
        locked: Sequence[RouteLock | str],
    ):
        self.t0 = time.monotonic()
        self.report = Reporter(progress, self.t0)
        self.cancel = cancel
        self.deadline = self.t0 + time_limit if time_limit is not None else None
        self.game = game = state.game
        self._read_request(company, trains, bonuses, locked)
        self.graph = build_graph(state, self.comp.abbrev)
        self.rules = rules_for(game.id, state.phase_colours)
        self.per_route = [b for b in self.bonuses if not b.once_per_run and not b.kind.adjusts_run]
        self.earners: dict[Variant, Earner] = {}
        try:
            self.fixed = resolve_locks(
                game,
                self.graph,
                self.comp.abbrev,
                self.locks,
                lambda t: self.earner((t.name, frozenset())),
            )
        except LockError as exc:
            raise RouteSearchError(str(exc)) from None
        runs = plan_runs(
            game, self.free_types, self.bonuses, [f.train for f in self.fixed], self.riders
        )
        self.runs = [r for r in runs if locks_allowed(r, self.fixed, self.earner)]
        self.searched = sorted(
            {v for run in self.runs for v in run.variants}, key=lambda v: (v[0], sorted(v[1]))
        )
        self.measures, self.e_measure = self._measures()
        self.classes = sorted({t.track_class for t in self.train_types})
        self.taken_by_class, self.locked_pay = self._locked_track_and_pay()
        self.exact_ok = supported([self.earner(v) for v in self.searched])
        self.stats: dict[str, Any] = {}
        self.used_readings = readings_used(game, self.train_types, self.bonuses)
        self.lock_notes = tuple(
            n for f in self.fixed if (n := f.note_in(game.currency)) is not None
        )
        self.paths = PathSet.empty()
        self.tables: Tables | None = None
        self.won: Run | None = None  # the run the answer comes from

    # -- stage 1: the request, the compiled trains -----------------------------------------

    def _read_request(
        self,
        company: str,
        trains: Sequence[str],
        bonuses: Sequence[str],
        locked: Sequence[RouteLock | str],
    ) -> None:
        game = self.game
        try:
            self.comp = game.company(company)
        except KeyError as exc:
            raise RouteSearchError(exc.args[0]) from None
        if not trains:
            raise RouteSearchError("no trains given: name at least one train")
        self.train_types = []
        for t in trains:
            try:
                self.train_types.append(game.train(str(t)))
            except KeyError as exc:
                raise RouteSearchError(exc.args[0]) from None
        self.given = tuple(t.name for t in self.train_types)
        self.bonuses = [  # another company's own bonuses (destinations) are no run of ours
            b
            for b in select_bonuses(game, bonuses)
            if b.kind.for_company(b.params, self.comp.abbrev)
        ]
        try:
            self.locks = [parse_lock(x) if isinstance(x, str) else x for x in locked]
        except LockError as exc:
            raise RouteSearchError(str(exc)) from None
        self.riders, self.ride_at, self.locks, self.free_types = split_riders(
            game, self.train_types, self.locks
        )

    def must_run(self, variant: Variant) -> bool:
        return self.earner(variant).required

    def earner(self, variant: Variant) -> Earner:
        """The compiled train of a variant (a train and the once-per-run bonuses it gets)."""
        if variant not in self.earners:
            name, extra = variant
            bs = self.per_route + [b for b in self.bonuses if b.id in extra]
            riders = [(self.game.train(r), self.ride_at.get(r)) for r in rider_names(extra)]
            self.earners[variant] = Earner(
                self.game.train(name), self.graph, bs, self.game.readings, self.rules, riders
            )
        return self.earners[variant]

    def _measures(self) -> tuple[Measures, dict[Variant, int]]:
        """The distance measures of the trains the search places (bonuses never change
        distance), and each variant's measure."""
        measure_of: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
        m_centre: list[list[int]] = []
        m_corr: list[list[int]] = []
        m_limit: list[int | None] = []
        e_measure: dict[Variant, int] = {}
        for v in self.searched:
            e = self.earner(v)
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
        singles = any(self.earner(v).min_stops < 2 for v in self.searched)
        return Measures(m_centre, m_corr, m_limit, singles), e_measure

    def _locked_track_and_pay(self) -> tuple[list[int], list[int]]:
        """The locked routes' track per track class (routes of other classes may share it),
        and per run what they earn (the once-per-run bonuses it hands them)."""
        taken = [0] * len(self.classes)
        self.taken_exclusive = 0  # the centres locked local routes hold (valuing.py)
        for f in self.fixed:
            taken[self.classes.index(f.train.track_class)] |= f.path.track
            earner = self.earner((f.train.name, frozenset()))
            if earner.has_exclusive:
                self.taken_exclusive |= earner.exclusive_mask(f.path.stops)
        pay = [
            sum(
                self.earner(lv).revenue(f.path.stops, f.path.dist[0], f.path.corridors)
                for f, lv in zip(self.fixed, run.locked, strict=True)
                if lv is not None
            )
            for run in self.runs
        ]
        return taken, pay

    # -- stage 2: paths and their revenues --------------------------------------------------

    def enumerate(self, max_paths: int | None, exact_after: int | None = None) -> None:
        """Every path once, up to the budget (raises SearchCancelled)."""
        if max_paths is None:
            max_paths = MAX_PATHS
            if self.exact_ok and exact_after is not None:
                max_paths = exact_after
            elif self.exact_ok:
                unlimited = all(self.earner(v).limit is None for v in self.searched)
                few = len(self.free_types) < 3 and not unlimited
                max_paths = EXACT_AFTER if few else EXACT_AFTER_3
        report = self.report
        self.budget = Budget(
            self.cancel, self.deadline, max_paths, on_poll=lambda n: report(paths=n)
        )
        if self.searched:
            self.paths = enumerate_paths(self.graph, self.measures, self.budget)
        self.stats["enumerate_s"] = round(time.monotonic() - self.t0, 3)

    def value(self, revenue_memo: RevenueMemo | None) -> bool:
        """Value every path for every variant (``tables``); False when cancelled."""
        memo = None
        if revenue_memo is not None:
            memo = revenue_memo.for_search(
                self.graph, self.searched, self.bonuses, self.game.readings, self.rules
            )
        earners = [(self.earner(v), self.e_measure[v]) for v in self.searched]
        classes = [self.classes.index(e.train.track_class) for e, _ in earners]
        self.tables = value_paths(
            self.paths,
            self.searched,
            earners,
            classes,
            self.taken_by_class,
            self.graph.n_track_bits,
            self.budget,
            self.cancel,
            self.deadline,
            self.report,
            memo,
            self.graph.n_track_bits * len(self.classes),
            self.taken_exclusive,
        )
        return self.tables is not None

    # -- stage 3: solving ----------------------------------------------------------------------

    def solve_exact(self) -> tuple[RouteResult | None, list[TrainRoute] | None]:
        """Too many paths to enumerate: the exact model solves every run without them. The
        paths enumerated so far give routes at once (each train's best clear path in turn),
        kept if the model is stopped before it finds better. Returns the final result, or
        (stopped unproven by the time limit) the model's routes for the paths to better."""
        assert self.tables is not None
        quick_total, quick = -1, []
        must = self.must_run
        shifted, big = lift_required(self.runs, self.tables, must)
        for run, pay in zip(self.runs, self.locked_pay, strict=True):
            total, picked = greedy_run(run, shifted)
            total = drop_lift(run, picked, total, big, must)
            if total >= 0 and total + pay > quick_total:
                quick_total, quick = total + pay, self.routes_of(picked, run)
        self.report(best=quick_total)
        self.report("search", force=True)
        total, chosen, optimal, cancelled, won = solve_runs_exact(
            self.graph,
            self.runs,
            self.earner,
            lambda e: self.classes.index(e.train.track_class),
            self.deadline,
            self.cancel,
            lambda best, bound: self.report(best=best, bound=bound),
            taken=self.taken_by_class,
            run_pay=self.locked_pay,
            taken_exclusive=self.taken_exclusive,
        )
        self.stats["method"] = "exact"
        routes = [build_train_route(self.graph, e, p, self.game) for e, p in chosen]
        if won is not None:
            self.won = self.runs[won]
            routes += self.locked_routes(self.runs[won])
        # The routes' own revenues are the answer; the model's total must agree.
        if _paid(routes) != total:
            self.stats["exact_mismatch"] = total
            optimal = False
        if _paid(routes) < quick_total:
            routes, optimal = quick, False
        routes = self.in_order(routes)
        self.stats["search_s"] = round(time.monotonic() - self.t0, 3)
        self.stats["paths"] = len(self.paths)
        if optimal or cancelled:
            found = _paid(routes)
            self.report("done", best=found, bound=found if optimal else None, force=True)
            return self.result(routes, optimal, cancelled, len(self.paths)), None
        self.paths.complete = False
        return None, routes

    def branch_and_bound(self, exact_routes: list[TrainRoute] | None) -> RouteResult:
        """Each run by branch and bound over the valued paths, the best kept (the first run
        wins ties); with ``exact_routes`` (the model stopped unproven) the better of both."""
        tables = self.tables
        assert tables is not None
        stats = self.stats
        stats["paths"] = len(self.paths)
        if not self.paths.complete:
            stats["cut"] = self.budget.cut
        stats["revenue_s"] = round(time.monotonic() - self.t0, 3)
        best_total = -1
        best_routes: list[TrainRoute] = []
        optimal = self.paths.complete
        cancelled = False
        runs = self.runs
        if len(runs) > 1:  # a bound for all runs: each train's best path alone
            self.report(
                bound=max(
                    pay + sum(tables[v][1][0] for v in r.variants if tables[v][1])
                    for r, pay in zip(runs, self.locked_pay, strict=True)
                )
            )
        n_bits = self.graph.n_track_bits * len(self.classes)
        if any(self.earner(v).has_exclusive for v in self.searched):
            n_bits += len(self.graph.centres)  # the centres local trains hold (valuing.py)
        must = self.must_run
        shifted, big = lift_required(runs, tables, must)
        for run, pay in zip(runs, self.locked_pay, strict=True):
            lift = big * sum(1 for v in run.variants if must(v))
            report = shifted_report(self.report, pay - lift)
            lower = best_total - pay + lift
            total, picked, run_optimal, run_cancelled = solve_run(
                run, shifted, n_bits, self.deadline, self.cancel, report, lower, len(runs) == 1
            )
            if total >= 0:
                total = drop_lift(run, picked, total, big, must)
            optimal = optimal and run_optimal
            cancelled = cancelled or run_cancelled
            if total >= 0 and total + pay > best_total:
                best_total = total + pay
                best_routes = self.routes_of(picked, run) + self.left_out_routes(run, picked)
                self.won = run
            if run_cancelled or not run_optimal:
                break
        found = max(best_total, 0)
        self.report("done", best=found, bound=found if optimal else None, force=True)
        best_routes = self.in_order(best_routes)
        stats["search_s"] = round(time.monotonic() - self.t0, 3)
        if len(runs) > 1:
            stats["runs"] = len(runs)
        if exact_routes is not None:
            optimal = False
            stats["cut"] = "model" if "exact_mismatch" in stats else "time"
            if _paid(exact_routes) >= _paid(best_routes):
                best_routes = exact_routes
        return self.result(best_routes, optimal, cancelled, len(self.paths))

    # -- stage 4: the routes a player reads ----------------------------------------------------

    def routes_of(self, picked: list[tuple[Variant, int]], run: Run) -> list[TrainRoute]:
        assert self.tables is not None
        return [
            build_train_route(
                self.graph, self.earner(v), self.paths.path(self.tables[v][0][pos]), self.game
            )
            for v, pos in picked
        ] + self.locked_routes(run)

    def left_out_routes(self, run: Run, picked: list[tuple[Variant, int]]) -> list[TrainRoute]:
        """Under a whole-run rule (18TN Civil War: the lowest route is not paid when every
        train runs), the train the run leaves out runs its best route on the track the others
        leave, not paid: ``dropped``. Only when it earns no more than each paid route (always
        so when the run is proven best)."""
        tables = self.tables
        if tables is None or not any(b.kind.adjusts_run for b in self.bonuses):
            return []
        left = Counter(t.name for t in self.free_types) - Counter(v[0] for v in run.variants)
        used = 0
        for v, pos in picked:
            used |= tables[v][2][pos]
        paid = [tables[v][1][pos] for v, pos in picked]
        out = []
        for name in sorted(left.elements()):
            v = (name, frozenset[str]())
            if v not in tables:
                continue
            order, revenues, tracks = tables[v]
            clear = next((p for p, track in enumerate(tracks) if not track & used), None)
            if clear is None or (paid and revenues[clear] > min(paid)):
                continue
            used |= tracks[clear]
            path = self.paths.path(order[clear])
            out.append(build_train_route(self.graph, self.earner(v), path, self.game, dropped=True))
        return out

    def locked_routes(self, run: Run) -> list[TrainRoute]:
        return [
            build_train_route(
                self.graph,
                self.earner(lv if lv is not None else (f.train.name, frozenset())),
                f.path,
                self.game,
                locked=True,
                dropped=lv is None,
            )
            for f, lv in zip(self.fixed, run.locked, strict=True)
        ]

    def in_order(self, routes: list[TrainRoute]) -> list[TrainRoute]:
        """In the order the trains were given (a locked route first among equals)."""
        given = self.given
        return sorted(routes, key=lambda r: (given.index(r.train), not r.locked, -r.revenue))

    def result(
        self,
        routes: Sequence[TrainRoute] = (),
        optimal: bool = True,
        cancelled: bool = False,
        paths_found: int = 0,
    ) -> RouteResult:
        return RouteResult(
            company=self.comp.abbrev,
            trains=self.given,
            routes=tuple(routes),
            net_revenue=_paid(routes),
            optimal=optimal,
            cancelled=cancelled,
            paths_found=paths_found,
            elapsed=time.monotonic() - self.t0,
            stats=self.stats,
            readings=self.used_readings,
            notes=self.lock_notes
            + (
                ()
                if cancelled or not self.graph.tokens()
                else train_notes(
                    self.given,
                    routes,
                    optimal,
                    self.bonuses,
                    self.riders,
                    self.won,
                    self.game.currency,
                )
            ),
        )


def _paid(routes: Sequence[TrainRoute]) -> int:
    return sum(r.revenue for r in routes if not r.dropped)
