"""The express train (1861/1867 5+5E): the best N stops of its route, the others skipped."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..facts import ModelTrain, StopFacts, TrainTable
from ..registry import whole
from ..train_kinds import TRAIN_RULES, Split, TrainKind, fill_best, split_fill
from .towns_free import NStopsParams

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import IntVar


@dataclass(frozen=True, slots=True)
class ExpressState:
    """The readings an express train applies on every path."""

    offboards: bool  # express_stops = "offboards": it must count the off-boards it reaches
    token: bool  # express_token = "counted": one counted stop holds the company's token


@TRAIN_RULES.register("express")
class ExpressTrain(TrainKind[NStopsParams]):
    """Counts the best ``stops`` of the stops it passes, skipping the others (1861/1867 5+5E).
    Which stops it must count is the game's ``express_stops`` reading (the route's two ends, or
    its off-boards); whether one counted stop must hold a token, ``express_token``."""

    Params = NStopsParams
    keys = {"stops": whole(2)}
    readings = ("express_stops", "express_token")

    def max_counted(self, p: NStopsParams) -> int | None:
        return p.stops

    def centre_cost(self, p: NStopsParams, c: StopFacts) -> int:
        return 0

    def prepare(self, t: TrainTable) -> ExpressState:
        return ExpressState(
            offboards=t.readings.get("express_stops") == "offboards",
            token=t.readings.get("express_token") == "counted",
        )

    @staticmethod
    def _forced(e: TrainTable, stops: Sequence[int]) -> tuple[int, ...]:
        if e.state.offboards:  # off-boards are always ends of a path
            last = len(stops) - 1
            return tuple(i for i in (0, last) if e.is_offboard[stops[i]])
        return (0, len(stops) - 1)

    def split(self, e: TrainTable, stops: Sequence[int]) -> Split | None:
        forced = self._forced(e, stops)
        room = e.params.stops - sum(e.visit[stops[i]] for i in forced)
        if room < 0:
            return None
        need = e.token_positions(stops) if e.state.token else None
        return split_fill(e, stops, forced, room, need)

    def fast(self, e: TrainTable, stops: Sequence[int]) -> int | None:
        if not e.visit_all_one:
            if e.state.token:
                return None  # the token rule with visit costs: the general chooser
            forced = self._forced(e, stops)
            room = e.params.stops - sum(e.visit[stops[i]] for i in forced)
            return -1 if room < 0 else fill_best(e, stops, forced, room)
        # every stop costs 1 (the usual case); off-boards are always at a path's ends
        worth = e.worth
        token = e.token
        last = len(stops) - 1
        first_s, last_s = stops[0], stops[last]
        if e.state.offboards:
            f0, f1 = e.is_offboard[first_s], e.is_offboard[last_s]
        else:
            f0 = f1 = True
        room = e.params.stops - f0 - f1
        if room < 0:
            return -1
        base = 0
        has_token = False
        if f0:
            base += worth[first_s]
            has_token = token[first_s]
        if f1:
            base += worth[last_s]
            has_token = has_token or token[last_s]
        rest = stops[(1 if f0 else 0) : (last if f1 else last + 1)]
        counted = sorted([w for w in [worth[s] for s in rest] if w > 0], reverse=True)[:room]
        if has_token or not e.state.token:
            return base + sum(counted)
        # one counted stop must hold the token: the best tokened other stop if none is counted
        best_token = max((worth[s] for s in rest if token[s]), default=None)
        if best_token is None or room == 0:
            return -1
        if best_token > 0 and (len(counted) < room or best_token >= counted[-1]):
            return base + sum(counted)  # it is (or ties with) one of the counted stops
        kept = counted if len(counted) < room else counted[: room - 1]
        return base + sum(kept) + best_token

    def describe(self, p: NStopsParams) -> str:
        return f"express: the best {p.stops} stops, the others skipped"

    def model_counting(self, r: ModelTrain) -> list[IntVar]:
        m, e, v, s, end = r.m, r.t, r.visited, r.starts, r.ends
        counted = r.fresh_counted()
        for i in range(len(v)):
            if e.state.offboards:
                if e.is_offboard[i]:
                    m.add(counted[i] == v[i])
            else:
                m.add_implication(s[i], counted[i])
                m.add_implication(end[i], counted[i])
        m.add(sum(e.visit[i] * counted[i] for i in range(len(v))) <= e.params.stops)
        if e.state.token:
            m.add(sum(counted[i] for i in r.tokens) >= r.runs)
        return counted
