"""Valuing the enumerated paths: each train variant's revenue on every path, then its runnable
paths off the locked track, best first (ties in path order, so the result never depends on
anything else)."""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable, Sequence
from itertools import repeat
from typing import Any

import numpy as np

from .earner import Earner
from .paths import Budget, PathSet
from .solve_run import Tables

Variant = tuple[str, frozenset[str]]


def value_paths(
    paths: PathSet,
    searched: Sequence[Variant],
    earners: Sequence[tuple[Earner, int]],
    classes: Sequence[int],
    taken_by_class: Sequence[int],
    n_track: int,
    budget: Budget,
    cancel: Callable[[], bool] | None,
    deadline: float | None,
    report: Any,
    memo: tuple[dict[Any, Any], Any] | None = None,
    exclusive_shift: int = 0,
    taken_exclusive: int = 0,
) -> Tables | None:
    """``earners``: per variant of ``searched``, its compiled train and distance measure;
    ``classes``: its track class index. A train whose kind holds centres exclusively (1822's
    local trains) also takes them, as bits from ``exclusive_shift`` on, so two such routes
    never share one, nor one a locked local route holds (``taken_exclusive``). None: cancelled. Stopped by the deadline, the paths valued so far
    (``paths.complete`` False, ``budget.cut`` "time")."""
    revenue = [array("i") for _ in searched]
    if not _revenues(paths, earners, revenue, budget, cancel, deadline, report, memo):
        return None
    track = paths.track
    out: Tables = {}
    stops_of: list[tuple[int, ...]] | None = None
    for (e, _), v, rev_array, cls in zip(earners, searched, revenue, classes, strict=True):
        rev = np.frombuffer(rev_array, dtype=np.int32)
        runnable = np.flatnonzero(rev > 0)
        order = runnable[np.argsort(-rev[runnable], kind="stable")].tolist()
        taken = taken_by_class[cls]
        if taken:  # paths on the locked routes' track are out
            order = [i for i in order if not track[i] & taken]
        shift = cls * n_track
        masks = [track[i] << shift for i in order]
        if e.has_exclusive:
            if stops_of is None:
                stops_of = list(paths.iter_stops())
            held = [e.exclusive_mask(stops_of[i]) for i in order]
            keep = [j for j, h in enumerate(held) if not h & taken_exclusive]
            order = [order[j] for j in keep]
            masks = [masks[j] | (held[j] << exclusive_shift) for j in keep]
        out[v] = (order, rev[order].tolist() if order else [], masks)
    return out


def _revenues(
    paths: PathSet,
    earners: Sequence[tuple[Earner, int]],
    revenue: list[array[int]],
    budget: Budget,
    cancel: Callable[[], bool] | None,
    deadline: float | None,
    report: Any,
    memo_ident: tuple[dict[Any, Any], Any] | None,
) -> bool:
    """Fill ``revenue`` (per variant, per path); False when cancelled."""
    typed = [(e, m, rev.append) for (e, m), rev in zip(earners, revenue, strict=True)]
    dist = paths.dist
    # the paths' corridors, only when a train earns money for the track it runs on
    track = any(e.track_bonus for e, _ in earners)
    corridors = paths.iter_corridors() if track else repeat(())
    report("revenues", 0, len(paths), paths=len(paths))
    for idx, (stops, corrs) in enumerate(zip(paths.iter_stops(), corridors, strict=False)):
        if idx & 4095 == 0:
            if cancel is not None and cancel():
                return False
            if idx and deadline is not None and time.monotonic() > deadline:
                paths.complete, budget.cut = False, "time"  # the paths valued so far
                return True
            report("revenues", idx)
        d = dist[idx]
        if memo_ident is None:
            for e, m, add in typed:
                add(e.revenue(stops, d[m], corrs))
        else:
            memo, ident = memo_ident
            key = (tuple([ident[c] for c in stops]), d)
            got = memo.get(key)
            if got is None:
                got = memo[key] = tuple([e.stop_revenue(stops, d[m]) for e, m, _ in typed])
            for (e, _, add), r in zip(typed, got, strict=True):
                add(r + e.track_money(corrs) if track and r >= 0 else r)
    return True
