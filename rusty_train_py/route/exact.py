"""Exact route search without enumerating paths: one CP-SAT model (OR-Tools) of a run.

Path enumeration is the fast way while the paths number in the hundreds of thousands; on
big late maps with long trains they number in the many millions (most of them the same stops
over other track), and this model takes over. Each train's route is a circuit through a
dummy node over the track graph (route ends joined to the dummy, unvisited centres looping
on themselves), so a route is one simple path and needs no enumeration:

- a corridor (graph.py) used by a train is an arc of its circuit; a centre is visited when it
  is on the circuit, an end when joined to the dummy; no single-stop routes;
- every within-route bit (centres, their hexes and groups, junctions, hexes entered where a
  route may not come back) is used at most once per route, every shared-track bit at most
  once per track class over all trains; off-boards and blocked cities are ends only;
- a route visits a company token; its distance (the train's centre and corridor costs) is
  within the train's limit; counted stops follow the train's kind (which are forced, which
  optional and how many), and the revenue is the counted stops' worth plus the bonuses.

Corridors dominated by a parallel one (same ends, a subset of its bits, no more distance for
any train, no extra end rule) are left out: swapping one for the other keeps any answer valid
at the same revenue. The solver runs on one worker (deterministic), stops on cancel or the
deadline with the best routes found, and says whether they are proven optimal.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .earner import Earner
from .exact_model import RunModel
from .exact_model import Unsupported as Unsupported  # re-exported: callers catch it here
from .graph import Corridor, TrackGraph
from .paths import RoutePath
from .runs import Run


@dataclass
class ExactResult:
    total: int
    paths: list[RoutePath | None]  # per train of the run, in the order given
    optimal: bool
    cancelled: bool
    bound: int


def supported(earners: Sequence[Earner]) -> bool:
    return all(e.modelled for e in earners)


def useful_corridors(graph: TrackGraph, earners: Sequence[Earner]) -> list[int]:
    """The corridors no parallel corridor dominates (ties: the first), in graph order."""
    by_ends: dict[tuple[int, int], list[int]] = {}
    for k, corr in enumerate(graph.corridors):
        by_ends.setdefault((corr.a, corr.b), []).append(k)
    keep = []
    corrs = graph.corridors
    costs = [e.corridor_cost for e in earners]
    marks = [e.corridor_marks for e in earners if e.corridor_marks]
    for group in by_ends.values():
        for k in group:
            if not any(
                _dominates(corrs, costs, j, k) and all(mk[j] == mk[k] for mk in marks)
                for j in group
                if j != k
            ):
                keep.append(k)
    keep.sort()
    return keep


def _dominates(corrs: Sequence[Corridor], costs: Sequence[Sequence[int]], j: int, k: int) -> bool:
    """Whether corridor j can stand in for corridor k (same ends) in any route."""
    cj, ck = corrs[j], corrs[k]
    if cj.inner_mask & ~ck.inner_mask:
        return False
    if cj.a_terminal > ck.a_terminal or cj.b_terminal > ck.b_terminal:
        return False
    if any(c[j] > c[k] for c in costs):
        return False
    same_cost = all(c[j] == c[k] for c in costs)
    same_ends = (cj.a_terminal, cj.b_terminal) == (ck.a_terminal, ck.b_terminal)
    if cj.inner_mask == ck.inner_mask and same_cost and same_ends:
        return j < k  # identical: keep the first
    return True


def solve_exact(
    graph: TrackGraph,
    earners: Sequence[Earner],
    track_class: Sequence[int],
    deadline: float | None = None,
    cancel: Callable[[], bool] | None = None,
    progress: Callable[[int, int], None] | None = None,
    taken: Sequence[int] = (),
    taken_exclusive: int = 0,
) -> ExactResult:
    """The best routes for trains ``earners`` (one per train; equal trains share an earner)
    whose track classes are ``track_class``. Raises Unsupported for rules not modelled.
    ``taken``: per track class, shared-track bits no train of that class may use (the track
    of routes locked by the player); ``taken_exclusive``: the centres locked local routes hold."""
    if not supported(earners):
        raise Unsupported

    def stopped_early() -> ExactResult | None:
        """Cancelled (or past the deadline) before the solver runs: nothing found."""
        late = deadline is not None and time.monotonic() > deadline
        if (cancel is not None and cancel()) or late:
            return ExactResult(0, [None] * len(earners), False, not late, 0)
        return None

    if (early := stopped_early()) is not None:
        return early
    from ortools.sat.python import cp_model  # imported only when a map needs it

    if (early := stopped_early()) is not None:
        return early

    model = RunModel(
        cp_model.CpModel(),
        graph,
        useful_corridors(graph, earners),
        track_class,
        taken,
        taken_exclusive,
    )
    for e in earners:
        if (early := stopped_early()) is not None:
            return early
        model.add_train(e)
    model.finish()
    status, solver, cancelled = _solve(model.m, deadline, cancel, progress)
    optimal = status == cp_model.OPTIMAL
    if status == cp_model.INFEASIBLE:  # a train that must run cannot (a proof): no run
        return ExactResult(0, [None] * len(earners), True, cancelled, 0)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return ExactResult(0, [None] * len(earners), False, cancelled, 0)
    paths = model.paths(solver.value)
    total = int(round(solver.objective_value))
    bound = int(round(solver.best_objective_bound))
    return ExactResult(total, paths, optimal, cancelled, bound)


def _solve(
    m: Any,
    deadline: float | None,
    cancel: Callable[[], bool] | None,
    progress: Callable[[int, int], None] | None,
) -> tuple[Any, Any, bool]:
    """Solve ``m`` on one worker (deterministic) until proven, the deadline or cancel: the
    status, the solver and whether it was cancelled."""
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    solver.parameters.linearization_level = 2  # measured: proves 3-4 long trains far sooner
    if deadline is not None:
        solver.parameters.max_time_in_seconds = max(0.0, deadline - time.monotonic())
    stopped = {"cancel": False}
    done = threading.Event()

    def watch() -> None:
        while not done.wait(0.05):
            if cancel is not None and cancel():
                stopped["cancel"] = True
                solver.stop_search()
                return

    watcher = threading.Thread(target=watch, daemon=True) if cancel is not None else None
    if watcher is not None:
        watcher.start()

    class _Progress(cp_model.CpSolverSolutionCallback):
        """Tells ``progress(best, bound)`` at every better solution."""

        def on_solution_callback(self) -> None:
            if progress is not None:
                progress(round(self.objective_value), round(self.best_objective_bound))

    try:
        status = solver.solve(m, _Progress())
    finally:
        done.set()
        if watcher is not None:
            watcher.join()
    return status, solver, stopped["cancel"]


def solve_runs_exact(
    graph: TrackGraph,
    runs: Sequence[Run],
    earner_of: Callable[[tuple[str, frozenset[str]]], Earner],
    class_of: Callable[[Earner], int],
    deadline: float | None = None,
    cancel: Callable[[], bool] | None = None,
    progress: Callable[[int, int], None] | None = None,
    taken: Sequence[int] = (),
    run_pay: Sequence[int] | None = None,
    taken_exclusive: int = 0,
) -> tuple[int, list[tuple[Earner, RoutePath]], bool, bool, int | None]:
    """Every run (runs.py) solved by the model; the best: (total, [(earner, path)], optimal,
    cancelled, index of that run or None), the first run winning ties. Raises Unsupported
    before solving anything if a run uses a rule the model does not state. ``taken``: per
    track class, the track of locked routes; ``run_pay``: per run, what its locked routes
    earn (added to the run's total)."""
    plans = []
    for run in runs:
        es = [earner_of(v) for v in run.variants]
        if not supported(es):
            raise Unsupported
        plans.append(es)
    best_total = -1
    best: list[tuple[Earner, RoutePath]] = []
    won: int | None = None
    optimal = True
    cancelled = False
    for i, es in enumerate(plans):
        pay = run_pay[i] if run_pay is not None else 0
        shown = progress
        if pay and progress is not None:

            def shown(best: int, bound: int, pay: int = pay) -> None:
                assert progress is not None
                progress(best + pay, bound + pay)

        if es:
            res = solve_exact(
                graph,
                es,
                [class_of(e) for e in es],
                deadline,
                cancel,
                shown,
                taken,
                taken_exclusive,
            )
        else:  # every train of the run is locked
            res = ExactResult(0, [], True, False, 0)
        optimal = optimal and res.optimal
        cancelled = cancelled or res.cancelled
        if res.total + pay > best_total:
            best_total = res.total + pay
            best = [(e, p) for e, p in zip(es, res.paths, strict=True) if p is not None]
            won = i
        if not res.optimal:
            break
    return max(best_total, 0), best, optimal, cancelled, won
