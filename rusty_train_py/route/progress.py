"""What a running route search reports: its phase, how far it is, the best routes found so
far and the most they could still be beaten by.

The search calls a ``Reporter`` often; the reporter (a ``PhaseReporter``, ../progress.py)
passes a ``SearchProgress`` on to the caller's callback only when something a player would
notice changed (the phase, the best, the bound) or every ``interval`` seconds.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..base.progress import PhaseProgress, PhaseReporter

PHASES = ("graph", "paths", "revenues", "prices", "search", "done")


@dataclass(frozen=True, slots=True)
class SearchProgress(PhaseProgress):
    """A snapshot of a route search.

    ``phase``: "graph", "paths" (enumeration), "revenues", "prices" (tuning the bound),
    "search" (branch and bound) or "done". ``done`` of ``total`` steps of the phase
    (``total`` 0: the phase cannot measure how far it is). ``best``: net revenue of the best
    routes found so far (None: none yet); ``bound``: no routes can earn more (None: not known
    yet). ``paths``: paths enumerated; ``elapsed``: seconds since the search started.
    """

    best: int | None = None
    bound: int | None = None
    paths: int = 0
    elapsed: float = 0.0


ProgressFn = Callable[[SearchProgress], None]


class Reporter(PhaseReporter[SearchProgress]):
    """Keeps the latest figures of a search and hands them to ``callback`` when they matter."""

    def __init__(self, callback: ProgressFn | None, t0: float, interval: float = 0.1):
        super().__init__(callback, t0, "graph", interval)
        self.best: int | None = None
        self.bound: int | None = None
        self.paths = 0
        self._gap0: int | None = None  # best to bound when the branch and bound began

    def new_phase(self) -> None:
        self._gap0 = None

    def __call__(
        self,
        phase: str | None = None,
        done: int | None = None,
        total: int | None = None,
        *,
        best: int | None = None,
        bound: float | None = None,
        paths: int | None = None,
        force: bool = False,
    ) -> None:
        """Update the figures given; report at once when the phase or the best changed."""
        force = self.count(phase, done, total) or force
        if paths is not None:
            self.paths = paths
        if best is not None and (self.best is None or best > self.best):
            self.best, force = best, True
        if bound is not None and math.isfinite(bound):
            b = int(bound + 1e-6)  # revenues are whole: the bound's floor is a bound
            if self.best is not None:
                b = max(b, self.best)
            if self.bound is None or b < self.bound:
                self.bound = b
        self.send(force)

    def snapshot(self, now: float | None = None) -> SearchProgress:
        """The figures now. In the branch and bound, how far is how much of the gap between
        best and bound at its start has been closed."""
        now = time.monotonic() if now is None else now
        done, total = self.done, self.total
        if self.phase == "search" and self.best is not None and self.bound is not None:
            gap = self.bound - self.best
            if self._gap0 is None:
                self._gap0 = gap
            done, total = (self._gap0 - gap, self._gap0) if self._gap0 > 0 else (1, 1)
        return SearchProgress(
            self.phase, done, total, self.best, self.bound, self.paths, now - self.t0
        )
