"""What a plan earns (Qt-free): the company's best routes after its lays, by the route finder,
and the gain over the map as it is."""

from __future__ import annotations

from collections.abc import Sequence

from ..mapstate import MapState
from ..route.result import RouteResult
from ..route.search import CancelFn, find_routes
from .result import Plan


def apply_plan(state: MapState, plan: Plan, rounds: int | None = None) -> MapState:
    """A copy of ``state`` with the plan's lays made in order (only those of the first
    ``rounds`` operating rounds when given), each through the map's own edit."""
    out = state.copy()
    for lay in plan.lays:
        if rounds is None or lay.round <= rounds:
            out.apply(lay.edit(out))
    return out


def plan_earnings(
    state: MapState,
    plan: Plan,
    trains: Sequence[str],
    bonuses: Sequence[str] = (),
    cancel: CancelFn | None = None,
) -> tuple[Plan, RouteResult]:
    """The plan with its gain (the finder's optimum after the plan minus today's) and the
    best routes after it."""
    before = find_routes(state, plan.company, trains, bonuses, cancel=cancel)
    after = find_routes(apply_plan(state, plan), plan.company, trains, bonuses, cancel=cancel)
    return plan.with_gain(before.net_revenue, after.net_revenue), after
