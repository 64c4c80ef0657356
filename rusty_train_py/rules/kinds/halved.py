"""The ``halved`` train kind (1822MX's 3/2P, the P3 private's train): an N-train (up to
``stops`` stops, every one counted) earning half its route's revenue, rounded to the nearest
10 with a half going up (tobymao/18xx g_1822_mx ``revenue_for``: ``(revenue / 2).round(-1)``
for a train named ``3/2P``, the route's destination bonus included). One file: its
parameters, the total and its statement in the exact model (two integer divisions).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..params import KindParams
from ..registry import whole
from ..train_kinds import TRAIN_RULES, TrainKind

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import CpModel

REVENUE_CAP = 10**6  # far above any route's revenue (the model's variables need bounds)


@dataclass(frozen=True, slots=True)
class HalvedParams(KindParams):
    stops: int


def half_to_ten(revenue: int) -> int:
    """Ruby's ``(revenue / 2).round(-1)`` for a revenue of 0 or more: integer halving, then
    the nearest 10, a 5 going up."""
    return (revenue // 2 + 5) // 10 * 10


@TRAIN_RULES.register("halved")
class HalvedTrain(TrainKind[HalvedParams]):
    """Up to ``stops`` stops, all counted; the route earns half, rounded to 10 (5 up)."""

    Params = HalvedParams
    keys = {"stops": whole(1)}
    reworks_total = True

    def limit(self, p: HalvedParams) -> int | None:
        return p.stops

    def max_counted(self, p: HalvedParams) -> int | None:
        return p.stops

    def route_total(self, p: HalvedParams, revenue: int) -> int:
        return half_to_ten(revenue) if revenue > 0 else revenue

    def model_total(self, m: CpModel, p: HalvedParams, revenue: Any) -> Any:
        whole_route = m.new_int_var(0, REVENUE_CAP, "")
        m.add(whole_route == revenue)
        half = m.new_int_var(0, REVENUE_CAP, "")
        m.add_division_equality(half, whole_route, 2)
        tens = m.new_int_var(0, REVENUE_CAP, "")
        m.add_division_equality(tens, half + 5, 10)
        return 10 * tens

    def describe(self, p: HalvedParams) -> str:
        return f"up to {p.stops} stops, half the revenue (rounded to 10)"
