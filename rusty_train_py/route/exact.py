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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..rules.effects import ModelRoute
from .earner import Earner
from .graph import Corridor, TrackGraph
from .paths import RoutePath
from .runs import Run


class Unsupported(Exception):
    """The run uses a rule the model does not state (the caller keeps enumeration)."""


@dataclass
class ExactResult:
    total: int
    paths: list[RoutePath | None]  # per train of the run, in the order given
    optimal: bool
    cancelled: bool
    bound: int


def supported(earners: Sequence[Earner]) -> bool:
    return all(e.modelled for e in earners)


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def useful_corridors(graph: TrackGraph, earners: Sequence[Earner]) -> list[int]:
    """The corridors no parallel corridor dominates (ties: the first), in graph order."""
    by_ends: dict[tuple[int, int], list[int]] = {}
    for k, corr in enumerate(graph.corridors):
        by_ends.setdefault((corr.a, corr.b), []).append(k)
    keep = []
    corrs = graph.corridors
    costs = [e.corridor_cost for e in earners]
    for group in by_ends.values():
        for k in group:
            if not any(_dominates(corrs, costs, j, k) for j in group if j != k):
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
) -> ExactResult:
    """The best routes for trains ``earners`` (one per train; equal trains share an earner)
    whose track classes are ``track_class``. Raises Unsupported for rules not modelled.
    ``taken``: per track class, shared-track bits no train of that class may use (the track
    of routes locked by the player)."""
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

    centres = graph.centres
    corrs = graph.corridors
    n = len(centres)
    n_track = graph.n_track_bits
    useful = useful_corridors(graph, earners)
    m = cp_model.CpModel()
    track_users: dict[tuple[int, int], list[Any]] = {}
    revenues: list[Any] = []
    per_train: list[tuple[list[Any], list[tuple[int, Any]], Any]] = []  # for decoding
    tokens = [c.id for c in centres if c.token]
    for t, e in enumerate(earners):
        if (early := stopped_early()) is not None:
            return early
        run = m.new_bool_var(f"run{t}")
        v = [m.new_bool_var("") for _ in range(n)]
        s = [m.new_bool_var("") for _ in range(n)]
        end = [m.new_bool_var("") for _ in range(n)]
        arcs = [(0, 0, ~run)]
        inner_users: dict[int, list[Any]] = {}
        for c in centres:
            i = c.id
            arcs += [(i + 1, i + 1, ~v[i]), (0, i + 1, s[i]), (i + 1, 0, end[i])]
            m.add(s[i] + end[i] <= 1)
            m.add_implication(v[i], run)  # else the circuit could skip the dummy node
            if c.terminal or c.blocked:
                m.add(s[i] + end[i] == v[i])
            for b in _bits(c.bit):
                inner_users.setdefault(b, []).append(v[i])
        used = []
        dist = []
        limit = e.limit
        off = taken[track_class[t]] if track_class[t] < len(taken) else 0
        for k in useful:
            corr = corrs[k]
            cost = e.corridor_cost[k]
            if limit is not None and cost > limit:
                continue
            if corr.track_mask & off:
                continue
            y = m.new_bool_var("")
            arcs.append((corr.a + 1, corr.b + 1, y))
            used.append((k, y))
            if corr.a_terminal:
                m.add_implication(y, s[corr.a])
            if corr.b_terminal:
                m.add_implication(y, end[corr.b])
            # Bits shared with its own end centre are that centre's (the walk allows it).
            for b in _bits(corr.inner_mask & ~centres[corr.b].bit):
                if b < n_track:
                    track_users.setdefault((track_class[t], b), []).append(y)
                else:
                    inner_users.setdefault(b, []).append(y)
            if cost:
                dist.append(cost * y)
        m.add_circuit(arcs)
        for users in inner_users.values():
            if len(users) > 1:
                m.add_at_most_one(users)
        m.add(sum(v[i] for i in tokens) >= run)
        # A route and its reverse are one route: the start is the lower-numbered end.
        m.add(sum(i * s[i] for i in range(n)) + run <= sum(i * end[i] for i in range(n)))
        if limit is not None:
            dist += [e.centre_cost[i] * v[i] for i in range(n) if e.centre_cost[i]]
            m.add(sum(dist) <= limit)
        counted = _counting(m, e, v, s, end, run, tokens)
        rev = sum(e.worth[i] * counted[i] for i in range(n) if e.worth[i])
        route = ModelRoute(v, counted, s, end)
        for effect in e.effects:
            term = effect.model(m, e, route)
            if term is None:
                raise Unsupported
            rev += term
        r = m.new_int_var(-(10**9), 10**9, f"rev{t}")
        m.add(r == rev)
        m.add(r >= 1).only_enforce_if(run)  # a route earning nothing is not run
        if t > 0 and earners[t - 1] is e and track_class[t - 1] == track_class[t]:
            m.add(revenues[-1] >= r)  # equal trains: in falling revenue order
        revenues.append(r)
        per_train.append((s, used, run))
    for users in track_users.values():
        if len(users) > 1:
            m.add_at_most_one(users)
    m.maximize(sum(revenues))

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
    optimal = status == cp_model.OPTIMAL
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return ExactResult(0, [None] * len(earners), False, stopped["cancel"], 0)
    paths: list[RoutePath | None] = []
    for s, used, run in per_train:
        if not solver.value(run):
            paths.append(None)
            continue
        first = next(i for i in range(n) if solver.value(s[i]))
        out = {corrs[k].a: k for k, y in used if solver.value(y)}
        stops = [first]
        route = []
        track = 0
        while stops[-1] in out:
            k = out[stops[-1]]
            route.append(k)
            track |= corrs[k].track_mask
            stops.append(corrs[k].b)
        paths.append(RoutePath(tuple(stops), track, (), tuple(route), 0))
    total = int(round(solver.objective_value))
    bound = int(round(solver.best_objective_bound))
    return ExactResult(total, paths, optimal, stopped["cancel"], bound)


def _counting(
    m: Any,
    e: Earner,
    v: list[Any],
    s: list[Any],
    end: list[Any],
    run: Any,
    tokens: list[int],
) -> list[Any]:
    """The counted-stop variables of one train: its kind states them (``model_counting``)."""
    counted = e.kind.model_counting(m, e, v, s, end, run, tokens)
    if counted is None:
        raise Unsupported
    return counted


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
            res = solve_exact(graph, es, [class_of(e) for e in es], deadline, cancel, shown, taken)
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
