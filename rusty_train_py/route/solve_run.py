"""One run of trains solved by branch and bound over the valued paths (bnb.py), with the
helpers the search shares: the trains the search places, the run order, a greedy start."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .bnb import _greedy, _revenue_of, _Search, _Stopped
from .locks import RouteLock
from .options import RouteSearchError
from .runs import Run

# per train variant: (path indices best first, their revenues, their shifted track bits)
Tables = dict[tuple[str, frozenset[str]], tuple[list[int], list[int], list[int]]]


def free_trains(game: Any, train_types: list[Any], locks: Sequence[RouteLock]) -> list[Any]:
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


def split_riders(
    game: Any, train_types: list[Any], locks: Sequence[RouteLock]
) -> tuple[list[Any], dict[str, tuple[str, ...]], list[RouteLock], list[Any]]:
    """The trains that ride with another route (a Pullman: at most one), the hex a lock of
    one names (``P:A10``: the one stop it takes, on a route of another train), the other
    locks, and the trains the search places."""
    riders = [t for t in train_types if t.kind.rides]
    if len(riders) > 1:
        names = ", ".join(t.name for t in riders)
        raise RouteSearchError(f"at most one train may ride with another route ({names})")
    riding = {t.name.upper() for t in riders}
    ride_locks = [x for x in locks if x.train.upper() in riding]
    ride_at: dict[str, tuple[str, ...]] = {}
    for lock in ride_locks:
        name = riders[0].name
        if len(lock.stops) != 1 or name in ride_at:
            raise RouteSearchError(
                f"lock {lock.describe()}: the {name} rides with another route: lock it once,"
                f" on the one stop it takes (e.g. {name}:A10)"
            )
        try:
            ride_at[name] = (game.hex(lock.stops[0]).name,)
        except ValueError as exc:
            raise RouteSearchError(f"lock {lock.describe()}: {exc}") from None
    others = [x for x in locks if x not in ride_locks]
    placed = [t for t in train_types if not t.kind.rides]
    return riders, ride_at, others, free_trains(game, placed, others)


def shifted_report(report: Any, add: int) -> Any:
    """``report`` with ``add`` (what the locked routes earn) added to every best and bound."""
    if not add:
        return report

    def shifted(*args: Any, best: int | None = None, bound: int | None = None, **kw: Any) -> None:
        report(
            *args,
            best=None if best is None else best + add,
            bound=None if bound is None else bound + add,
            **kw,
        )

    return shifted


def locks_allowed(run: Run, fixed: Sequence[Any], earner_of: Callable[[Any], Any]) -> bool:
    """Whether every locked route may be run by its train in this run (a locked train that
    must run between two places, 1870's connection run, rules out the run otherwise)."""
    return all(
        lv is None or earner_of(lv).revenue(f.path.stops, f.path.dist[0]) >= 0
        for f, lv in zip(fixed, run.locked, strict=True)
    )


def lift_required(
    runs: Sequence[Run], tables: Tables, must: Callable[[tuple[str, frozenset[str]]], bool]
) -> tuple[Tables, int]:
    """The tables with every path of a train that ``must`` run (1870's connection run) worth
    ``big`` more, ``big`` beating any run's total: a run's search then takes a choice where
    those trains run whenever there is one (``drop_lift`` takes ``big`` off again)."""
    if not any(must(v) for r in runs for v in r.variants):
        return tables, 0
    big = 1 + max(
        (sum(tables[v][1][0] for v in r.variants if tables[v][1]) for r in runs), default=0
    )
    lifted = dict(tables)
    for v, (order, revs, masks) in tables.items():
        if must(v):
            lifted[v] = (order, [r + big for r in revs], masks)
    return lifted, big


def drop_lift(
    run: Run,
    picked: Sequence[tuple[tuple[str, frozenset[str]], int]],
    total: int,
    big: int,
    must: Callable[[tuple[str, frozenset[str]]], bool],
) -> int:
    """A run's total from the lifted tables: -1 when a train that must run runs nothing."""
    need = sum(1 for v in run.variants if must(v))
    if not need:
        return total
    if sum(1 for v, _ in picked if must(v)) < need:
        return -1
    return total - big * need


def run_order(run: Run, tables: Tables) -> list[tuple[str, frozenset[str]]]:
    """A run's trains, strongest first (it helps the bound); equal variants sit together."""
    return sorted(
        run.variants,
        key=lambda v: (-(tables[v][1][0] if tables[v][1] else 0), v[0], sorted(v[1])),
    )


def greedy_run(run: Run, tables: Tables) -> tuple[int, list[Any]]:
    """Each train of the run in turn takes its best path clear of the track taken: the total
    and the (variant, position) of each route."""
    variants = run_order(run, tables)
    per_train = [tables[v] for v in variants]
    picks = _greedy(per_train)
    picked = [(variants[i], p) for i, p in enumerate(picks) if p != -1]
    return _revenue_of(per_train, picks), picked


def solve_run(
    run: Run,
    tables: Tables,
    n_bits: int,
    deadline: float | None,
    cancel: Any,
    report: Any,
    lower: int,
    refine_bound: bool = True,
) -> tuple[int, list[Any], bool, bool]:
    """Branch and bound for one run (trains and the bonuses assigned to them): the best total
    (-1 if nothing beat ``lower``, a total an earlier run reached), the (variant, position) of
    each route, whether it is proven and whether it was cancelled. Stopped early, the best
    routes known so far (a greedy choice at first) are returned."""
    variants = run_order(run, tables)
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
