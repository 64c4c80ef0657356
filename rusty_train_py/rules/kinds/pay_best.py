"""Pay-best trains (1846 and 18 Los Angeles N/M): visit up to M, pay the best N.

``with_towns``: none, a route visits no town (1846: its distance list has no row for towns);
``paid``, a town is a stop like a city, visited within the M and paid within the N (18Neb's
5/7 and 6/8: one row of city, offboard and town); ``free``, towns are passed, neither counted
in the M nor paid (18Neb's 4D: a towns row paying 0 and visiting 99).
``city_multiplier``: each paid city and off-board worth that many times (18Neb's 4D, x2).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..facts import ModelTrain, StopFacts, TrainTable
from ..params import KindParams
from ..registry import RuleDataError, one_of, whole
from ..train_kinds import NO_ROUTE, TRAIN_RULES, Split, TrainKind

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import IntVar


@dataclass(frozen=True, slots=True)
class PayBestParams(KindParams):
    pay: int
    visit: int
    with_towns: str | None = None  # None: no town; "paid": as any stop; "free": passed
    city_multiplier: int | None = None  # None: 1


@TRAIN_RULES.register("pay_best")
class PayBestTrain(TrainKind[PayBestParams]):
    """Visits up to ``visit`` cities and off-boards (no towns), pays the best ``pay``, one paid
    stop holding the company's token (1846 and 18 Los Angeles N/M trains)."""

    Params = PayBestParams
    keys = {
        "pay": whole(1),
        "visit": whole(1),
        "with_towns": one_of("paid", "free"),
        "city_multiplier": whole(1),
    }

    def parse(self, table: Mapping[str, Any], where: str) -> PayBestParams:
        params = super().parse(table, where)
        if params.pay > params.visit:
            raise RuleDataError(f"{where}: pays more stops ({params.pay}) than it visits")
        return params

    def centre_cost(self, p: PayBestParams, c: StopFacts) -> int:
        if c.kind != "town" or p.with_towns == "paid":
            return c.visit_cost
        if p.with_towns == "free":
            return 0
        # its distance list has no row for towns: a route of it cannot visit one
        return c.visit_cost if c.visit_cost == 0 else NO_ROUTE

    def centre_value(self, p: PayBestParams, c: StopFacts) -> int:
        return 0 if c.kind == "town" and p.with_towns == "free" else c.value

    def row_multiplier(self, p: PayBestParams, c: StopFacts) -> int:
        return (p.city_multiplier or 1) if c.kind != "town" else 1

    def limit(self, p: PayBestParams) -> int | None:
        return p.visit

    def max_counted(self, p: PayBestParams) -> int | None:
        return p.pay

    def _payable(self, e: TrainTable, stops: Sequence[int]) -> tuple[int, ...]:
        if e.params.with_towns != "free":
            return tuple(range(len(stops)))
        return tuple(i for i, s in enumerate(stops) if e.is_major[s])

    def split(self, e: TrainTable, stops: Sequence[int]) -> Split | None:
        return Split((), self._payable(e, stops), e.params.pay, e.token_positions(stops))

    def fast(self, e: TrainTable, stops: Sequence[int]) -> int | None:
        worth = e.worth
        payable = self._payable(e, stops)
        values = sorted(((worth[stops[i]], i) for i in payable), key=lambda t: -t[0])
        room: int = e.params.pay
        chosen = [v for v in values[:room] if v[0] > 0]
        tokens = e.token_positions(stops)
        if any(i in tokens for _, i in chosen):
            return sum(v for v, _ in chosen)
        best_token = max((worth[stops[i]] for i in tokens), default=None)
        if best_token is None:
            return -1
        kept = chosen if len(chosen) < room else chosen[: room - 1]
        return sum(v for v, _ in kept) + best_token

    def describe(self, p: PayBestParams) -> str:
        towns = {"paid": ", towns as any stop", "free": ", towns passed and unpaid"}
        times = f", cities x{p.city_multiplier}" if p.city_multiplier else ""
        return f"visits up to {p.visit}, pays the best {p.pay}{towns.get(p.with_towns or '', '')}{times}"

    def model_counting(self, r: ModelTrain) -> list[IntVar]:
        counted = r.fresh_counted()
        if r.t.params.with_towns == "free":
            for c, major in enumerate(r.t.is_major):
                if not major:
                    r.m.add(counted[c] == 0)
        r.m.add(sum(counted) <= r.t.params.pay)
        r.m.add(sum(counted[i] for i in r.tokens) >= r.runs)
        return counted
