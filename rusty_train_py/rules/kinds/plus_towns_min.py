"""The ``plus_towns_min`` train kind: an N+ train (N cities and off-boards, every town passed,
towns using no distance) whose route must count at least ``min_paying`` paying stops: cities
and off-boards that use distance (a port costing none does not pay for this), and towns when
the train pays them (18FL's 3E: tobymao/18xx g_18_fl ``revenue_for``, "3E must visit at least
two paying revenue centers"; 18VA's ``check_distance``: "at least 2 paying non-port stops").
With ``towns_paid = false`` the towns it passes pay nothing and ``city_multiplier``
multiplies the cities and off-boards (18FL's 3E: towns 0, cities and off-boards doubled).
``barred_at``: hexes it may not visit (18VA: only freight trains visit the CMD);
``spare_at``: one of its N is only for a stop on these hexes (18VA's freight nG: N = n + 1,
at most n of them cities off the CMD). One file: its parameters, the check on a path's stops
and its statement in the exact model.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..facts import StopFacts, TrainTable
from ..registry import flag, strings, whole
from ..train_kinds import NO_ROUTE, TRAIN_RULES, PlusTownsParams, PlusTownsTrain

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import CpModel, IntVar

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


@dataclass(frozen=True, slots=True)
class _State:
    paying: tuple[bool, ...]  # per centre: a paying stop for min_paying
    spare: tuple[bool, ...]  # per centre: on a hex of spare_at


def _prepare(t: TrainTable) -> _State:
    p = t.params
    towns = _towns_paid(p)
    n = len(t.worth)
    paying = tuple(
        (t.is_major[c] and t.visit[c] > 0) or (not t.is_major[c] and towns) for c in range(n)
    )
    q = _mine(p)
    spare_hexes = set(q.spare_at or ()) if q is not None else set()
    spare = tuple(t.centre_hex(c) in spare_hexes for c in range(n))
    return _State(paying, spare)


def _fits(t: TrainTable, stops: Sequence[int]) -> bool:
    st: _State = t.state
    if sum(1 for s in stops if st.paying[s]) < _least(t.params):
        return False
    q = _mine(t.params)
    if q is not None and q.spare_at:
        used = sum(t.visit[s] for s in stops if t.is_major[s] and not st.spare[s])
        return bool(used <= t.params.stops - 1)
    return True


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

    def prepare(self, t: TrainTable) -> object:
        return _prepare(t)

    def admits(self, t: TrainTable, stops: Sequence[int]) -> bool:
        return _fits(t, stops)

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
        st: _State = t.state
        m.add(sum(v[i] for i in range(len(v)) if st.paying[i]) >= _least(t.params) * run)
        q = _mine(t.params)
        if q is not None and q.spare_at:
            others = [i for i in range(len(v)) if t.is_major[i] and not st.spare[i]]
            m.add(sum(t.visit[i] * v[i] for i in others) <= t.params.stops - 1)
        return v

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
