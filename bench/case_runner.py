"""One route search in a fresh process, for the benchmarks of late positions (late_games.py,
late_maps.py): its own peak memory, an address-space cap, a time limit, and the outcome
measured in the child (CPU seconds of the search alone, the position already loaded)."""

from __future__ import annotations

import multiprocessing as mp
import resource
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Outcome:
    """What one search found and cost."""

    paths: int
    revenue: int
    optimal: bool
    why: str  # why not proven ("" when proven): "paths", "time", "model" ...
    cpu: float  # seconds, user + system, of the search
    wall: float  # seconds
    peak_mb: float  # the process's peak resident memory
    routes: tuple[str, ...] = ()  # each route as the CLI describes it
    stats: dict[str, Any] = field(default_factory=dict)

    @property
    def proven(self) -> str:
        return "yes" if self.optimal else f"no ({self.why})"


@dataclass(frozen=True)
class Search:
    """A search to run: the saved position, the company, its trains and bonus options."""

    path: Path
    company: str
    trains: tuple[str, ...]
    bonuses: tuple[str, ...] = ()
    max_paths: int | None = None


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _search_in_child(search: Search, time_limit: float, mem_gb: float, queue) -> None:
    if mem_gb > 0:
        cap = int(mem_gb * 2**30)
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    try:
        from rusty_train_py.files.loader import open_game
        from rusty_train_py.route.search import find_routes

        state = open_game(search.path).state
        c0 = _cpu()
        t0 = time.perf_counter()
        kw = {} if search.max_paths is None else {"max_paths": search.max_paths}
        result = find_routes(
            state,
            search.company,
            list(search.trains),
            list(search.bonuses),
            time_limit=time_limit,
            **kw,
        )
        cpu = _cpu() - c0
        wall = time.perf_counter() - t0
    except MemoryError:
        queue.put(None)
        return
    except Exception as exc:  # noqa: BLE001 - reported as the case's outcome
        queue.put(f"{type(exc).__name__}: {exc}")
        return
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    queue.put(
        Outcome(
            paths=result.paths_found,
            revenue=result.net_revenue,
            optimal=result.optimal,
            why="" if result.optimal else result.stats.get("cut") or "time",
            cpu=cpu,
            wall=wall,
            peak_mb=peak,
            routes=tuple(r.describe() for r in result.routes),
            stats=dict(result.stats),
        )
    )


def run_search(search: Search, time_limit: float, mem_gb: float) -> Outcome | str | None:
    """Run ``search`` in a fresh process: its Outcome; None when it ran out of memory; the
    error (a string) when the finder raised."""
    ctx = mp.get_context("spawn")
    queue = ctx.Queue()
    child = ctx.Process(target=_search_in_child, args=(search, time_limit, mem_gb, queue))
    child.start()
    try:
        return queue.get()
    finally:
        child.join()
