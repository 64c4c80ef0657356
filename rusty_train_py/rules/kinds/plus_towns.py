"""The ``plus_towns`` train kind, the N+ train (18AL, 18GA, 18MS): up to N cities and
off-boards plus every town, all paid, the towns using no distance; ``city_multiplier``
multiplies the cities and off-boards only (18AL's 4D). Every stop visited counts: the base
split, fast sum and exact model of ``TrainKind``. Its variants (``goods``,
``plus_towns_ends``, ``plus_towns_min``) add limits on the stops a route visits.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..facts import StopFacts
from ..registry import whole
from ..train_kinds import TRAIN_RULES
from .towns_free import NStopsParams, TownsPassFree


@dataclass(frozen=True, slots=True)
class PlusTownsParams(NStopsParams):
    city_multiplier: int | None = None  # None: 1


@TRAIN_RULES.register("plus_towns")
class PlusTownsTrain(TownsPassFree[PlusTownsParams]):
    """Up to N cities/off-boards plus every town, all paid, towns use no distance (18AL, 18GA,
    18MS ``N+``); ``city_multiplier`` multiplies cities and off-boards only (18AL 4D)."""

    Params = PlusTownsParams
    keys = {"stops": whole(1), "city_multiplier": whole(1)}

    def row_multiplier(self, p: PlusTownsParams, c: StopFacts) -> int:
        return (p.city_multiplier or 1) if c.kind != "town" else 1

    def describe(self, p: PlusTownsParams) -> str:
        m = p.city_multiplier or 1
        mult = f" (x{m})" if m != 1 else ""
        return f"{p.stops} cities and off-boards{mult} plus every town"
