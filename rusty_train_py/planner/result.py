"""The planner's answer (Qt-free): the lays of a plan, its cost, or why there is none."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..base.errors import SearchError
from ..mapstate.state import EditGroup, HexEdit, MapState

# what json.dump writes: the planner's answer for the command line (``plan --json``)
JsonValue = str | int | float | bool | None | list["JsonValue"] | dict[str, "JsonValue"]


class PlanError(SearchError):
    """A plan that cannot be asked for (unknown company or target); the message names it."""


class PlanCancelled(Exception):
    """The player cancelled the search."""


@dataclass(frozen=True, slots=True)
class PlanProgress:
    """How far a plan's search is: ``phase`` ("plan": map states looked at, "routes": the
    route finder valuing the plan), ``states`` evaluated and ``queued``; ``best``: nothing
    until the plan is known (the worker passes a report on when it changes)."""

    phase: str
    states: int = 0
    queued: int = 0
    best: int | None = None


@dataclass(frozen=True, slots=True)
class PlannedLay:
    """One lay of a plan: ``tile`` turned ``rotation`` on ``hex`` in operating round
    ``round`` (1: this round), costing ``cost``."""

    hex: str
    tile: str
    rotation: int
    round: int
    cost: int

    def edit(self, state: MapState) -> HexEdit:
        """The map edit making this lay on ``state`` (which must show the plan's earlier
        lays); raises MapEditError when no copy of the tile is left."""
        return state.place_tile_edit(self.hex, self.tile, self.rotation)

    def to_json(self) -> dict[str, JsonValue]:
        return {
            "hex": self.hex,
            "tile": self.tile,
            "rotation": self.rotation,
            "round": self.round,
            "cost": self.cost,
        }


@dataclass(frozen=True, slots=True)
class Plan:
    """The cheapest way to join one of ``targets`` to ``company``'s network.

    ``found``: a plan exists (``lays`` may be empty when a target is reached already);
    ``reached``: the target the plan joins; ``reason``: why there is none; ``by``: what was
    minimised first (``rounds``: operating rounds, then money; ``money``: the reverse; then
    the fewest lays); ``complete``: False when cancelled or stopped at the state limit."""

    company: str
    targets: tuple[str, ...]
    by: str
    found: bool
    lays: tuple[PlannedLay, ...] = ()
    reached: str | None = None
    reason: str | None = None
    complete: bool = True
    states: int = 0  # map states evaluated
    gain: int | None = None
    revenue_before: int | None = None
    revenue_after: int | None = None
    notes: tuple[str, ...] = field(default=())

    @property
    def cost(self) -> int:
        return sum(lay.cost for lay in self.lays)

    @property
    def rounds(self) -> int:
        return max((lay.round for lay in self.lays), default=0)

    def first_round(self) -> tuple[PlannedLay, ...]:
        """The lays of the plan's first operating round (what Return lays in the window)."""
        return tuple(lay for lay in self.lays if lay.round == 1)

    def round_edit(self, state: MapState, round: int = 1) -> EditGroup:
        """The lays of operating round ``round`` as one map edit (one undo step) on ``state``
        (which shows the plan's earlier rounds). MapEditError when a lay no longer fits."""
        work = state.copy()
        edits = []
        for lay in self.lays:
            if lay.round == round:
                e = lay.edit(work)
                work.apply(e)
                edits.append(e)
        hexes = ", ".join(e.hex for e in edits)
        return EditGroup(tuple(edits), f"plan: round {round} lays on {hexes}")

    def with_gain(self, before: int, after: int) -> Plan:
        from dataclasses import replace

        return replace(self, gain=after - before, revenue_before=before, revenue_after=after)

    def to_json(self) -> dict[str, JsonValue]:
        return {
            "company": self.company,
            "targets": list(self.targets),
            "by": self.by,
            "found": self.found,
            "reached": self.reached,
            "reason": self.reason,
            "complete": self.complete,
            "lays": [lay.to_json() for lay in self.lays],
            "cost": self.cost,
            "rounds": self.rounds,
            "gain": self.gain,
            "revenue_before": self.revenue_before,
            "revenue_after": self.revenue_after,
            "states": self.states,
            "notes": list(self.notes),
        }
