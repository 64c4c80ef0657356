"""Operating rounds of a plan (Qt-free): which slot of which round takes each lay, and what
the lay costs in money (terrain, borders, the game's minimum, the slot's own cost).

The slots are the game's ``[[tile_lays]]`` for the company's kind (``tile_lays.py``); a lay
takes the next slot of the current round when that slot allows it, or the first slot of the
next round (a player may always stop laying for the round).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Protocol

from ..advisor.lays import Lay, lay_cost
from ..grid.tile_lays import TileLaySlot
from ..mapstate.state import MapState

MapKey = frozenset[tuple[str, tuple[str, int]]]  # a map: the plan's (hex, (tile, rotation))


@dataclass(frozen=True, slots=True)
class Schedule:
    """Where a plan stands: ``rounds`` used so far, ``used`` slots of the last of them,
    whether an upgrade was laid in it, and the hexes laid on in it."""

    rounds: int = 0
    used: int = 0
    upgraded: bool = False
    laid: frozenset[str] = frozenset()

    def rounds_bound(self, lays_left: float, slots: int) -> float:
        """The fewest rounds after ``lays_left`` more lays (any slot taking any lay)."""
        if lays_left <= 0:
            return self.rounds
        free = slots - self.used if self.rounds else 0
        more = max(0.0, lays_left - free)
        return self.rounds + -(-more // slots)


def free_rounds_bound(at: Schedule, lays_left: float, slots: tuple[TileLaySlot, ...]) -> float:
    """The fewest rounds after ``lays_left`` more lays that pay no slot cost: what a plan
    costing exactly the money bound (which counts no slot cost) needs. A plan paying more
    is beaten on money already, so this bounds the rounds when money comes first."""
    free = [i for i, s in enumerate(slots) if min(s.cost, s.upgrade_cost) == 0]
    if lays_left <= 0 or not free:
        return at.rounds_bound(lays_left, len(slots))
    now = sum(1 for i in free if i >= at.used) if at.rounds else 0
    more = max(0.0, lays_left - now)
    return at.rounds + -(-more // len(free))


def paid_slots_bound(
    at: Schedule, lays_left: float, rounds: float, slots: tuple[TileLaySlot, ...]
) -> float:
    """The least slot cost of ``lays_left`` more lays made within ``rounds`` rounds in all:
    those the free slots of these rounds cannot take pay at least the cheapest slot cost. A
    plan taking more rounds is beaten on rounds already, so this bounds the money when
    rounds come first."""
    free = [i for i, s in enumerate(slots) if min(s.cost, s.upgrade_cost) == 0]
    paid = [min(s.cost, s.upgrade_cost) for s in slots if min(s.cost, s.upgrade_cost) > 0]
    if lays_left <= 0 or lays_left == float("inf") or not paid:
        return 0
    now = sum(1 for i in free if i >= at.used) if at.rounds else 0
    capacity = now + (rounds - at.rounds) * len(free)
    return max(0.0, lays_left - capacity) * min(paid)


def is_upgrade(state: MapState, hex_name: str) -> bool:
    """Whether a lay on the hex is an upgrade (18xx.games: the tile replaced is not white)."""
    return state.tile_at(hex_name)[0].colour != "white"


def lay_money(state: MapState, lay: Lay, slot: TileLaySlot) -> int:
    """What ``lay`` costs in money on ``state`` when ``slot`` takes it."""
    game = state.game
    tile = game.tile(lay.tile)
    terrain, border = lay_cost(state, lay.hex, tile, lay.rotation)
    rules = game.lay_rules
    if rules.terrain_every_lay:
        terrain = game.hexes[lay.hex].tile.upgrade_cost
    terrain = max(terrain, rules.min_cost)
    return terrain + border + slot.extra_cost(tile.colour == "yellow")


def placements(
    state: MapState, lay: Lay, at: Schedule, slots: tuple[TileLaySlot, ...], track_hexes: bool
) -> Iterator[tuple[Schedule, int, int]]:
    """Where ``lay`` may go after ``at``: (the schedule after it, its round, its money). The
    next slot of the current round when it takes the lay, and the next round's first slot.
    ``track_hexes``: remember the hexes laid this round (some slot forbids reusing them)."""
    upgrade = is_upgrade(state, lay.hex)
    if at.rounds and at.used < len(slots):
        slot = slots[at.used]
        if slot.allows(upgrade, at.upgraded) and (slot.reuse_hex or lay.hex not in at.laid):
            laid = at.laid | {lay.hex} if track_hexes else frozenset()
            after = Schedule(at.rounds, at.used + 1, at.upgraded or upgrade, laid)
            yield after, at.rounds, lay_money(state, lay, slot)
    first = slots[0]
    if first.allows(upgrade, False):
        laid = frozenset({lay.hex}) if track_hexes else frozenset()
        yield Schedule(at.rounds + 1, 1, upgrade, laid), at.rounds + 1, lay_money(state, lay, first)


_FLAG_RANK = {True: 2, "not_if_upgraded": 1, False: 0}


def slots_monotone(slots: tuple[TileLaySlot, ...]) -> bool:
    """Whether each slot allows all a later one does, for no more money (so a plan a round
    behind can always catch up by starting the next round)."""
    for a, b in zip(slots, slots[1:], strict=False):
        if _FLAG_RANK[a.lay] < _FLAG_RANK[b.lay] or _FLAG_RANK[a.upgrade] < _FLAG_RANK[b.upgrade]:
            return False
        if a.cost > b.cost or a.upgrade_cost > b.upgrade_cost or b.reuse_hex > a.reuse_hex:
            return False
    return True


class _Labelled(Protocol):
    schedule: Schedule
    money: int
    lays: int
    dead: bool


class Labels:
    """The ways found to each map that no other way to it beats: one beats another when it
    spent no more money and lays and stands no later in the rounds (same round, no more
    slots used, no upgrade where the other has none, no hex laid this round the other has
    not; or an earlier round, when the slots are monotone)."""

    def __init__(self, slots: tuple[TileLaySlot, ...]):
        self._monotone = slots_monotone(slots)
        self._by_map: dict[MapKey, list[_Labelled]] = {}

    def _beats(self, a: _Labelled, b: _Labelled) -> bool:
        if a.money > b.money or a.lays > b.lays:
            return False
        x, y = a.schedule, b.schedule
        if x == y:
            return True
        if not self._monotone:
            return False
        if x.rounds != y.rounds:
            return x.rounds < y.rounds
        return x.used <= y.used and (y.upgraded or not x.upgraded) and x.laid <= y.laid

    def add(self, key: MapKey, node: _Labelled) -> bool:
        """Keep ``node`` as a way to map ``key`` unless one kept beats it (False); the kept
        ways it beats are marked dead."""
        kept = self._by_map.setdefault(key, [])
        if any(self._beats(k, node) for k in kept):
            return False
        for k in kept:
            if self._beats(node, k):
                k.dead = True
        kept[:] = [k for k in kept if not k.dead]
        kept.append(node)
        return True
