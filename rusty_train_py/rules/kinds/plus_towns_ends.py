"""The ``plus_towns_ends`` train kind: an N+ train (N cities and off-boards, every town paid,
towns using no distance) whose route may not end at more towns than the N leave: a town at
an end of the route counts against the N (18MT and 18CO: tobymao/18xx g_18_mt
``check_distance``, "Towns on route ends are counted against city limit"). With
``towns_paid = false`` the towns it passes pay nothing (18CO's 4D and 5D, whose cities and
off-boards pay double: ``city_multiplier = 2``). One file: its parameters and its limit on
a path's stops (the check of a path and the exact model derive from it).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..facts import Limit, StopFacts, TrainTable, weights
from ..registry import flag, whole
from ..train_kinds import TRAIN_RULES
from .plus_towns import PlusTownsParams, PlusTownsTrain


@dataclass(frozen=True, slots=True)
class PlusTownsEndsParams(PlusTownsParams):
    towns_paid: bool | None = None  # None: true


def _towns_paid(p: PlusTownsParams) -> bool:
    return not (isinstance(p, PlusTownsEndsParams) and p.towns_paid is False)


@TRAIN_RULES.register("plus_towns_ends")
class PlusTownsEndsTrain(PlusTownsTrain):
    """As ``plus_towns``; towns at the route's ends use one of the N each; ``towns_paid =
    false``: towns pay nothing."""

    Params = PlusTownsEndsParams
    keys = {"stops": whole(1), "city_multiplier": whole(1), "towns_paid": flag}

    def centre_value(self, p: PlusTownsParams, c: StopFacts) -> int:
        return 0 if c.kind == "town" and not _towns_paid(p) else c.value

    def limits(self, t: TrainTable) -> tuple[Limit, ...]:
        towns = [not major for major in t.is_major]
        return (Limit(weights(t.is_major, t.visit), t.params.stops, at_ends=weights(towns)),)

    def describe(self, p: PlusTownsParams) -> str:
        text = super().describe(p)
        if not _towns_paid(p):
            text = text.replace("plus every town", "passing towns unpaid")
        return text + ", a town at an end of the route counted as one of them"
