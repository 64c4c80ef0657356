"""The ``edges`` train kind (1849's H trains): its distance is the hex edges crossed, each
costing by the gauge of its stretch between two stops (R6H: broad edges cost 2; E: barred
from narrow track); every stop is paid, the cities of ``double_at`` double. A stretch's gauge
is read from its side crossings (a crossing is narrow when the track on either side is):
narrow if any is, else broad if any is, else dual. Every stop visited counts: the base split, fast
sum and exact model of ``TrainKind``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..facts import CorridorFacts, StopFacts
from ..params import KindParams
from ..registry import RuleDataError, strings, table_of, whole
from ..train_kinds import NO_ROUTE, TRAIN_RULES, TrainKind

GAUGES = ("broad", "narrow", "dual")


def _gauge_costs(v: Any, where: str) -> tuple[tuple[str, int], ...]:
    costs = table_of(whole(1))(v, where)
    for g, _ in costs:
        if g not in GAUGES:
            raise RuleDataError(f"{where}: unknown gauge {g!r} (one of {', '.join(GAUGES)})")
    return costs


@dataclass(frozen=True, slots=True)
class EdgesParams(KindParams):
    edges: int
    edge_cost: tuple[tuple[str, int], ...] | None = None  # None: every edge costs 1
    gauges: tuple[str, ...] | None = None  # None: every gauge
    double_at: tuple[str, ...] | None = None


@TRAIN_RULES.register("edges")
class EdgesTrain(TrainKind[EdgesParams]):
    """Distance is the hex edges crossed, each costing by its stretch's gauge; every stop is
    paid (1849 H trains; R6H with broad edges costing 2; E barred from narrow track, doubling
    some cities)."""

    keys = {
        "edges": whole(1),
        "edge_cost": _gauge_costs,
        "gauges": strings,
        "double_at": strings,
    }
    Params = EdgesParams

    def limit(self, p: EdgesParams) -> int | None:
        return p.edges

    def centre_cost(self, p: EdgesParams, c: StopFacts) -> int:
        return 0

    def corridor_cost(self, p: EdgesParams, k: CorridorFacts) -> int:
        allowed = GAUGES if p.gauges is None else p.gauges
        crossed = {gauge: n for gauge, n in k.gauge_crossings if n}
        if any(gauge not in allowed for gauge in crossed):
            return NO_ROUTE
        # G1849#hex_edge_cost: every edge of a stretch between two stops costs by the
        # stretch's one gauge (track_type: narrow if any track of it is, else broad if any
        # is, else dual), so a dual edge on narrow track's stretch costs as narrow
        chain = next((g for g in ("narrow", "broad") if g in crossed), "dual")
        return sum(crossed.values()) * dict(p.edge_cost or ()).get(chain, 1)

    def row_multiplier(self, p: EdgesParams, c: StopFacts) -> int:
        return 2 if p.double_at is not None and c.hex in p.double_at else 1

    def describe(self, p: EdgesParams) -> str:
        return f"up to {p.edges} hex edges"
