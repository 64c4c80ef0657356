"""What a plan earns (Qt-free): the company's best routes after its lays, by the route finder,
and the gain over the map as it is."""

from __future__ import annotations

from collections.abc import Sequence

from ..mapstate.state import MapState
from ..route.result import RouteResult
from ..route.search import CancelFn, find_routes
from .result import Plan, PlanCancelled, PlanProgress
from .search import ProgressFn, plan_track


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


def plan_with_gain(
    state: MapState,
    company: str,
    trains: Sequence[str],
    bonuses: Sequence[str] = (),
    progress: ProgressFn | None = None,
    cancel: CancelFn | None = None,
    targets: Sequence[str] = (),
    by: str = "rounds",
) -> Plan:
    """The plan to ``targets`` and, when found and trains are given, its gain: what the
    window's worker runs (the route search's calling convention, the targets by keyword). A
    cancelled search gives a plan not found, ``complete`` False."""
    try:
        plan = plan_track(state, company, targets, by=by, progress=progress, cancel=cancel)
    except PlanCancelled:
        abbrev = state.game.company(company).abbrev
        return Plan(abbrev, tuple(targets), by, False, reason="cancelled", complete=False)
    if plan.found and plan.lays and trains:
        if progress is not None:
            progress(PlanProgress("routes", plan.states))
        plan, _ = plan_earnings(state, plan, trains, bonuses, cancel=cancel)
    return plan
