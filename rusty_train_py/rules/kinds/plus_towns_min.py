"""The ``plus_towns_min`` train kind: an N+ train (N cities and off-boards, every town passed,
towns using no distance) whose route must count at least ``min_paying`` paying stops: cities
and off-boards that use distance (a port costing none does not pay for this), and towns when
the train pays them (18FL's 3E: tobymao/18xx g_18_fl ``revenue_for``, "3E must visit at least
two paying revenue centers"; 18VA's ``check_distance``: "at least 2 paying non-port stops").
With ``towns_paid = false`` the towns it passes pay nothing and ``city_multiplier``
multiplies the cities and off-boards (18FL's 3E: towns 0, cities and off-boards doubled).
``barred_at``: hexes it may not visit (18VA: only freight trains visit the CMD);
``spare_at``: one of its N is only for a stop on these hexes (18VA's freight nG: N = n + 1,
at most n of them cities off the CMD). One file: its parameters and its limits on a path's
stops (the check of a path and the exact model derive from them).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..facts import Limit, StopFacts, TrainTable, weights
from ..registry import flag, strings, whole
from ..train_kinds import NO_ROUTE, TRAIN_RULES
from .plus_towns import PlusTownsParams, PlusTownsTrain

DEFAULT_MIN_PAYING = 2


@dataclass(frozen=True, slots=True)
class PlusTownsMinParams(PlusTownsParams):
    towns_paid: bool | None = None  # None: true
    min_paying: int | None = None  # None: 2
    barred_at: tuple[str, ...] | None = None
    spare_at: tuple[str, ...] | None = None


def _mine(p: PlusTownsParams) -> PlusTownsMinParams | None:
    return p if isinstance(p, PlusTownsMinParams) else None


def _least(p: PlusTownsParams) -> int:
    q = _mine(p)
    return DEFAULT_MIN_PAYING if q is None or q.min_paying is None else q.min_paying


def _towns_paid(p: PlusTownsParams) -> bool:
    q = _mine(p)
    return not (q is not None and q.towns_paid is False)


def _limits(t: TrainTable) -> tuple[Limit, ...]:
    p = t.params
    towns = _towns_paid(p)
    n = len(t.worth)
    paying = [(t.is_major[c] and t.visit[c] > 0) or (not t.is_major[c] and towns) for c in range(n)]
    out = [Limit(weights(paying), least=_least(p))]
    q = _mine(p)
    if q is not None and q.spare_at:
        spare = set(q.spare_at)
        others = [t.is_major[c] and t.centre_hex(c) not in spare for c in range(n)]
        out.append(Limit(weights(others, t.visit), most=p.stops - 1))
    return tuple(out)


@TRAIN_RULES.register("plus_towns_min")
class PlusTownsMinTrain(PlusTownsTrain):
    """As ``plus_towns``; a route counts at least ``min_paying`` paying stops; ``towns_paid =
    false``: towns pay nothing; ``barred_at``: hexes it never visits; ``spare_at``: one of
    its N only for a stop there."""

    Params = PlusTownsMinParams
    keys = {
        "stops": whole(1),
        "city_multiplier": whole(1),
        "towns_paid": flag,
        "min_paying": whole(1),
        "barred_at": strings,
        "spare_at": strings,
    }

    def centre_cost(self, p: PlusTownsParams, c: StopFacts) -> int:
        q = _mine(p)
        if q is not None and q.barred_at and c.hex in q.barred_at:
            return NO_ROUTE
        return super().centre_cost(p, c)

    def centre_value(self, p: PlusTownsParams, c: StopFacts) -> int:
        return 0 if c.kind == "town" and not _towns_paid(p) else c.value

    def limits(self, t: TrainTable) -> tuple[Limit, ...]:
        return _limits(t)

    def describe(self, p: PlusTownsParams) -> str:
        text = super().describe(p)
        if not _towns_paid(p):
            text = text.replace("plus every town", "passing towns unpaid")
        text += f", at least {_least(p)} paying stops"
        q = _mine(p)
        if q is not None and q.spare_at:
            text += f", one of them only on {'/'.join(q.spare_at)}"
        if q is not None and q.barred_at:
            text += f", never on {'/'.join(q.barred_at)}"
        return text
