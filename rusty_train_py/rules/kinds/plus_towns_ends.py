"""The ``plus_towns_ends`` train kind: an N+ train (N cities and off-boards, every town paid,
towns using no distance) whose route may not end at more towns than the N leave: a town at
an end of the route counts against the N (18MT and 18CO: tobymao/18xx g_18_mt
``check_distance``, "Towns on route ends are counted against city limit"). With
``towns_paid = false`` the towns it passes pay nothing (18CO's 4D and 5D, whose cities and
off-boards pay double: ``city_multiplier = 2``). One file: its parameters, the check on a
path's stops and its statement in the exact model.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..facts import StopFacts, TrainTable
from ..registry import flag, whole
from ..train_kinds import TRAIN_RULES, PlusTownsParams, PlusTownsTrain

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import CpModel, IntVar


@dataclass(frozen=True, slots=True)
class PlusTownsEndsParams(PlusTownsParams):
    towns_paid: bool | None = None  # None: true


def _within(t: TrainTable, stops: Sequence[int]) -> bool:
    used = sum(t.visit[s] for s in stops if t.is_major[s])
    ends = {0, len(stops) - 1} if stops else set()
    used += sum(1 for i in ends if not t.is_major[stops[i]])
    return bool(used <= t.params.stops)


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

    def admits(self, t: TrainTable, stops: Sequence[int]) -> bool:
        return _within(t, stops)

    def model_counting(
        self,
        m: CpModel,
        t: TrainTable,
        v: list[IntVar],
        s: list[IntVar],
        end: list[IntVar],
        run: IntVar,
        tokens: list[int],
    ) -> list[IntVar] | None:
        towns = [i for i in range(len(v)) if not t.is_major[i]]
        majors = [i for i in range(len(v)) if t.is_major[i]]
        used = sum(t.visit[i] * v[i] for i in majors) + sum(s[i] + end[i] for i in towns)
        m.add(used <= t.params.stops)
        return v

    def describe(self, p: PlusTownsParams) -> str:
        text = super().describe(p)
        if not _towns_paid(p):
            text = text.replace("plus every town", "passing towns unpaid")
        return text + ", a town at an end of the route counted as one of them"
