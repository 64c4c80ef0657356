"""What a running advisor reports: its phase, how many lays (tokens, pairs) are scored of how
many, and the best found so far.

The advisor calls a ``Reporter`` after every map it scores; the reporter (a
``PhaseReporter``, ../progress.py, as the route search's) passes an ``AdviceProgress`` on to
the caller's callback when the phase or the best changed, or every ``interval`` seconds.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..base.progress import PhaseProgress, PhaseReporter

# "base": the map as it is; "lays", "tokens", "pairs" (a lay then a token), "next" (the tie
# break by next round's revenue); "done".
PHASES = ("base", "lays", "tokens", "pairs", "next", "done")


@dataclass(frozen=True, slots=True)
class AdviceProgress(PhaseProgress):
    """A snapshot of the advisor.

    ``done`` of ``total`` items of the phase scored; ``best``: the best item of the phase so
    far (a ScoredLay, ScoredToken or ScoredPair; None: none yet); ``base``: the net revenue
    without laying anything (None: not known yet); ``searches``: route searches run so far;
    ``elapsed``: seconds since the advisor started.
    """

    best: Any = None
    base: int | None = None
    searches: int = 0
    elapsed: float = 0.0

    def describe(self) -> str:
        """One line for a status bar or a terminal."""
        text = f"{self.phase}: {self.done}/{self.total}"
        if self.best is not None:
            text += f"; best so far {self.best.describe()}"
        elif self.base is not None:
            text += f"; now ${self.base}"
        return text


AdviceProgressFn = Callable[[AdviceProgress], None]


class Reporter(PhaseReporter[AdviceProgress]):
    """Keeps the latest figures and hands them to ``callback`` when they matter."""

    def __init__(self, callback: AdviceProgressFn | None, t0: float, interval: float = 0.1):
        super().__init__(callback, t0, "base", interval)
        self.best: Any = None
        self.base: int | None = None
        self.searches = 0

    def new_phase(self) -> None:
        self.best = None  # the best of a phase is among its own items

    def __call__(
        self,
        phase: str | None = None,
        done: int | None = None,
        total: int | None = None,
        *,
        best: Any = None,
        base: int | None = None,
        searches: int | None = None,
        force: bool = False,
    ) -> None:
        """Update the figures given; report at once when the phase or the best changed."""
        force = self.count(phase, done, total) or force
        if base is not None:
            self.base = base
        if searches is not None:
            self.searches = searches
        if best is not None and best is not self.best:
            self.best, force = best, True
        self.send(force)

    def snapshot(self, now: float | None = None) -> AdviceProgress:
        now = time.monotonic() if now is None else now
        return AdviceProgress(
            self.phase,
            self.done,
            self.total,
            self.best,
            self.base,
            self.searches,
            now - self.t0,
        )
