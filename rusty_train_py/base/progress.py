"""Progress of a long computation, reported by phase: the one throttled reporter behind the
route search's (route/progress.py) and the advisor's (advisor/progress.py).

The computation calls its reporter often; the reporter hands a snapshot to the caller's
callback only when something a player would notice changed (the phase, the best so far) or
every ``interval`` seconds, so a window showing it costs next to nothing.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar


@dataclass(frozen=True, slots=True)
class PhaseProgress:
    """A snapshot: ``done`` of ``total`` steps of ``phase`` (``total`` 0: the phase cannot
    measure how far it is)."""

    phase: str
    done: int = 0
    total: int = 0

    @property
    def fraction(self) -> float | None:
        """How far the phase is, 0 to 1, or None where it cannot be measured."""
        if self.total <= 0:
            return None
        return min(1.0, max(0.0, self.done / self.total))


SnapshotT = TypeVar("SnapshotT", bound=PhaseProgress)


class PhaseReporter(Generic[SnapshotT]):
    """Keeps the phase and its count, and hands ``snapshot()`` to ``callback`` at once when
    told to (a new phase, a new best) and otherwise at most every ``interval`` seconds.
    Subclasses keep their own figures and say what a snapshot holds."""

    def __init__(
        self,
        callback: Callable[[SnapshotT], None] | None,
        t0: float,
        phase: str,
        interval: float = 0.1,
    ) -> None:
        self.callback = callback
        self.t0 = t0
        self.interval = interval
        self.phase = phase
        self.done = 0
        self.total = 0
        self._last = -1.0

    def count(self, phase: str | None, done: int | None, total: int | None) -> bool:
        """Take the phase and its count; True when the phase changed (its count restarts,
        and ``new_phase`` clears what belongs to the phase before)."""
        changed = False
        if phase is not None and phase != self.phase:
            self.phase, self.done, self.total = phase, 0, 0
            self.new_phase()
            changed = True
        if done is not None:
            self.done = done
        if total is not None:
            self.total = total
        return changed

    def new_phase(self) -> None:
        """What a subclass forgets when a phase begins (nothing here)."""

    def send(self, force: bool) -> None:
        """Hand the snapshot to the callback when ``force``d or ``interval`` has passed."""
        if self.callback is None:
            return
        now = time.monotonic()
        if force or now - self._last >= self.interval:
            self._last = now
            self.callback(self.snapshot(now))

    def snapshot(self, now: float | None = None) -> SnapshotT:
        raise NotImplementedError
