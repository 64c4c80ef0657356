"""Pay-best trains (1846 and 18 Los Angeles N/M): visit up to M, pay the best N."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..facts import ModelTrain, StopFacts, TrainTable
from ..params import KindParams
from ..registry import RuleDataError, whole
from ..train_kinds import NO_ROUTE, TRAIN_RULES, Split, TrainKind

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import IntVar


@dataclass(frozen=True, slots=True)
class PayBestParams(KindParams):
    pay: int
    visit: int


@TRAIN_RULES.register("pay_best")
class PayBestTrain(TrainKind[PayBestParams]):
    """Visits up to ``visit`` cities and off-boards (no towns), pays the best ``pay``, one paid
    stop holding the company's token (1846 and 18 Los Angeles N/M trains)."""

    Params = PayBestParams
    keys = {"pay": whole(1), "visit": whole(1)}

    def parse(self, table: Mapping[str, Any], where: str) -> PayBestParams:
        params = super().parse(table, where)
        if params.pay > params.visit:
            raise RuleDataError(f"{where}: pays more stops ({params.pay}) than it visits")
        return params

    def centre_cost(self, p: PayBestParams, c: StopFacts) -> int:
        # its distance list has no row for towns: a route of it cannot visit one
        return c.visit_cost if c.kind != "town" or c.visit_cost == 0 else NO_ROUTE

    def limit(self, p: PayBestParams) -> int | None:
        return p.visit

    def max_counted(self, p: PayBestParams) -> int | None:
        return p.pay

    def split(self, e: TrainTable, stops: Sequence[int]) -> Split | None:
        return Split((), tuple(range(len(stops))), e.params.pay, e.token_positions(stops))

    def fast(self, e: TrainTable, stops: Sequence[int]) -> int | None:
        worth = e.worth
        values = sorted(((worth[s], i) for i, s in enumerate(stops)), key=lambda t: -t[0])
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
        return f"visits up to {p.visit}, pays the best {p.pay}"

    def model_counting(self, r: ModelTrain) -> list[IntVar]:
        counted = r.fresh_counted()
        r.m.add(sum(counted) <= r.t.params.pay)
        r.m.add(sum(counted[i] for i in r.tokens) >= r.runs)
        return counted
