"""The ``plus_towns_min`` train kind: an N+ train (N cities and off-boards, every town passed,
towns using no distance) whose route must count at least ``min_majors`` cities or off-boards
(18FL's 3E: tobymao/18xx g_18_fl ``revenue_for``, "3E must visit at least two paying revenue
centers"). With ``towns_paid = false`` the towns it passes pay nothing and ``city_multiplier``
multiplies the cities and off-boards (the 3E: towns 0, cities and off-boards doubled). One
file: its parameters, the check on a path's stops and its statement in the exact model.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..facts import StopFacts, TrainTable
from ..registry import flag, whole
from ..train_kinds import TRAIN_RULES, PlusTownsParams, PlusTownsTrain, Split

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import CpModel, IntVar

DEFAULT_MIN_MAJORS = 2


@dataclass(frozen=True, slots=True)
class PlusTownsMinParams(PlusTownsParams):
    towns_paid: bool | None = None  # None: true
    min_majors: int | None = None  # None: 2


def _least(p: PlusTownsParams) -> int:
    least = p.min_majors if isinstance(p, PlusTownsMinParams) else None
    return DEFAULT_MIN_MAJORS if least is None else least


def _towns_paid(p: PlusTownsParams) -> bool:
    return not (isinstance(p, PlusTownsMinParams) and p.towns_paid is False)


def _enough(t: TrainTable, stops: Sequence[int]) -> bool:
    return sum(1 for s in stops if t.is_major[s]) >= _least(t.params)


@TRAIN_RULES.register("plus_towns_min")
class PlusTownsMinTrain(PlusTownsTrain):
    """As ``plus_towns``; a route counts at least ``min_majors`` cities/off-boards;
    ``towns_paid = false``: towns pay nothing."""

    Params = PlusTownsMinParams
    keys = {
        "stops": whole(1),
        "city_multiplier": whole(1),
        "towns_paid": flag,
        "min_majors": whole(1),
    }

    def centre_value(self, p: PlusTownsParams, c: StopFacts) -> int:
        return 0 if c.kind == "town" and not _towns_paid(p) else c.value

    def split(self, t: TrainTable, stops: Sequence[int]) -> Split | None:
        return super().split(t, stops) if _enough(t, stops) else None

    def fast(self, t: TrainTable, stops: Sequence[int]) -> int | None:
        return super().fast(t, stops) if _enough(t, stops) else -1  # -1: cannot run it

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
        majors = [i for i in range(len(v)) if t.is_major[i]]
        m.add(sum(v[i] for i in majors) >= _least(t.params) * run)
        return v

    def describe(self, p: PlusTownsParams) -> str:
        text = super().describe(p)
        if not _towns_paid(p):
            text = text.replace("plus every town", "passing towns unpaid")
        return f"{text}, at least {_least(p)} cities or off-boards"
