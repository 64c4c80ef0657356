"""A train kind's rule stated once as linear limits on the stops a route visits.

Many kinds count every stop they visit and differ only in which routes they may run: at most
N cities, exactly one mine, at least two paying stops, no mine at all. Such a kind states its
``limits`` (one ``Limit`` each) once per compiled train; the finder derives from them both the
check of a path on the hot path (``TrainKind.admits``) and the constraints of the exact model
(``TrainKind.model_counting``), so the two cannot disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .facts import ModelTrain


@dataclass(frozen=True, slots=True)
class Limit:
    """The sum over a route's stops of ``weight`` (per centre id), plus ``at_ends`` (per centre
    id) for each of its two ends, is at most ``most`` and, for a train that runs, at least
    ``least`` (both: exactly). ``most = 0`` alone bars the centres of positive weight."""

    weight: tuple[int, ...]
    most: int | None = None
    least: int | None = None
    at_ends: tuple[int, ...] | None = None
    barred: frozenset[int] | None = field(init=False)

    def __post_init__(self) -> None:
        bars = self.most == 0 and self.least is None and self.at_ends is None
        barred = frozenset(c for c, w in enumerate(self.weight) if w > 0) if bars else None
        object.__setattr__(self, "barred", barred)

    def admits(self, stops: Sequence[int]) -> bool:
        """Whether a path over ``stops`` (centre ids) keeps the limit."""
        if self.barred is not None:
            return self.barred.isdisjoint(stops)
        w = self.weight
        total = sum([w[s] for s in stops])
        if self.at_ends is not None and stops:
            a = self.at_ends
            total += sum([a[stops[i]] for i in {0, len(stops) - 1}])
        return (self.most is None or total <= self.most) and (
            self.least is None or total >= self.least
        )

    def state(self, r: ModelTrain) -> None:
        """The limit as constraints of the exact model on the route's visits."""
        m, v = r.m, r.visited
        if self.barred is not None:
            for c in sorted(self.barred):
                m.add(v[c] == 0)
            return
        w = self.weight
        total: Any = sum(w[c] * v[c] for c in range(len(v)) if w[c])
        if self.at_ends is not None:
            a = self.at_ends
            total = total + sum(a[c] * (r.starts[c] + r.ends[c]) for c in range(len(v)) if a[c])
        if self.least is not None and self.least == self.most:
            m.add(total == self.least * r.runs)
            return
        if self.most is not None:
            m.add(total <= self.most)
        if self.least is not None:
            m.add(total >= self.least * r.runs)


def weights(flags: Sequence[bool], by: Sequence[int] | None = None) -> tuple[int, ...]:
    """A weight per centre: ``by``'s (1 without it) where ``flags`` holds, else 0."""
    if by is None:
        return tuple(1 if f else 0 for f in flags)
    return tuple(b if f else 0 for f, b in zip(flags, by, strict=True))
