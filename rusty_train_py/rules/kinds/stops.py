"""The ``stops`` train kind, the common N-train (1830, 1889, most games): it counts every stop
it visits, at most ``stops`` distance, paid from the stop's revenue ``column`` when the game
file names one (diesel values). The base split, fast sum and exact model of ``TrainKind``
(every stop visited counts) are its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...grid.tile_code import REVENUE_COLUMNS
from ..facts import StopFacts
from ..params import KindParams
from ..registry import one_of, whole
from ..train_kinds import TRAIN_RULES, TrainKind


@dataclass(frozen=True, slots=True)
class StopsParams(KindParams):
    """An N-train's parameters: ``stops`` (None: unlimited) and a revenue ``column``."""

    stops: int | None = None
    column: str | None = None


@TRAIN_RULES.register("stops")
class StopsTrain(TrainKind[StopsParams]):
    """Counts every stop it visits, at most ``stops`` distance (1830, 1889, most games)."""

    Params = StopsParams
    keys = {"stops": whole(1), "column": one_of(*sorted(REVENUE_COLUMNS))}

    def limit(self, p: StopsParams) -> int | None:
        return p.stops

    def max_counted(self, p: StopsParams) -> int | None:
        return p.stops

    def centre_value(self, p: StopsParams, c: StopFacts) -> int:
        col = p.column
        if col is not None:
            alt = dict(c.columns).get(col)
            if alt is not None:
                return alt
        return c.value

    def describe(self, p: StopsParams) -> str:
        out = "unlimited stops" if p.stops is None else f"up to {p.stops} stops"
        if p.column:
            out += f", {p.column} values"
        return out
