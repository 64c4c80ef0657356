"""What one operating round lets a company lay, and what a lay costs beyond the printed
terrain (Qt-free): a game's ``[[tile_lays]]`` and ``[lay_costs]`` (games/README.md).

Each operating round a company has the game's tile-lay slots in order (18xx.games
``TILE_LAYS``): slot ``i`` is the ``i``-th tile it lays that round. A slot says whether it
may take a yellow tile on an empty hex (``lay``) and an upgrade (``upgrade``); either may be
``"not_if_upgraded"`` (allowed only when no upgrade was laid earlier that round), and what it
costs on top of the terrain (``cost`` for a yellow tile, ``upgrade_cost`` for an upgrade).
``reuse_hex = false``: the slot may not lay on a hex laid on earlier that round. A game
without ``[[tile_lays]]`` gives one slot, lay or upgrade, no extra cost.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..base.errors import DataError

NOT_IF_UPGRADED = "not_if_upgraded"
SLOT_KEYS = ("lay", "upgrade", "cost", "upgrade_cost", "reuse_hex", "kinds")
COST_KEYS = ("min_cost", "terrain_every_lay")


class TileLayDataError(DataError):
    """Bad ``[[tile_lays]]`` or ``[lay_costs]`` data; the message names the entry."""


@dataclass(frozen=True, slots=True)
class TileLaySlot:
    """One tile lay of an operating round (see the module docstring)."""

    lay: bool | str = True
    upgrade: bool | str = True
    cost: int = 0
    upgrade_cost: int = 0
    reuse_hex: bool = True
    kinds: tuple[str, ...] = ()  # company kinds having this slot (empty: every kind)

    def allows(self, upgrade: bool, upgraded_before: bool) -> bool:
        """Whether this slot takes a lay (``upgrade``: it replaces a tile that is not white)
        after ``upgraded_before`` (an upgrade already laid this round)."""
        flag = self.upgrade if upgrade else self.lay
        if flag == NOT_IF_UPGRADED:
            return not upgraded_before
        return bool(flag)

    def extra_cost(self, yellow: bool) -> int:
        """What the slot adds to the terrain cost (18xx.games ``extra_cost``)."""
        return self.cost if yellow else self.upgrade_cost


DEFAULT_SLOTS = (TileLaySlot(),)


@dataclass(frozen=True, slots=True)
class LayRules:
    """A game's tile lays per round and its cost rules.

    ``min_cost``: every lay pays at least this for the hex (1846: $20, or the terrain if
    more); ``terrain_every_lay``: the printed terrain cost is paid by every lay on the hex,
    not only by the first (1849: the terrain stays with the tiles laid there)."""

    slots: tuple[TileLaySlot, ...] = DEFAULT_SLOTS
    min_cost: int = 0
    terrain_every_lay: bool = False

    def slots_for(self, kind: str) -> tuple[TileLaySlot, ...]:
        """The slots of a company of ``kind`` (major, minor ...), in order."""
        return tuple(s for s in self.slots if not s.kinds or kind in s.kinds)


def _flag(value: Any, where: str) -> bool | str:
    if isinstance(value, bool):
        return value
    if value == NOT_IF_UPGRADED:
        return NOT_IF_UPGRADED
    raise TileLayDataError(f'{where}: should be true, false or "{NOT_IF_UPGRADED}", got {value!r}')


def _money(value: Any, where: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    raise TileLayDataError(f"{where}: should be a whole number >= 0, got {value!r}")


def parse_lay_rules(data: dict[str, Any], source: str) -> LayRules:
    """The ``[[tile_lays]]`` and ``[lay_costs]`` of a game file's data."""
    raw = data.get("tile_lays", [])
    if not isinstance(raw, list) or not all(isinstance(t, dict) for t in raw):
        raise TileLayDataError(f"{source}: [[tile_lays]] should be an array of tables")
    slots = []
    for i, t in enumerate(raw):
        where = f"{source}: tile_lays[{i}]"
        unknown = sorted(set(t) - set(SLOT_KEYS))
        if unknown:
            raise TileLayDataError(f"{where}: unknown key {unknown[0]!r} ({', '.join(SLOT_KEYS)})")
        cost = _money(t.get("cost", 0), f"{where}.cost")
        kinds = t.get("kinds", [])
        if not isinstance(kinds, list) or not all(isinstance(k, str) for k in kinds):
            raise TileLayDataError(f"{where}.kinds: should be a list of company kinds")
        reuse = t.get("reuse_hex", True)
        if not isinstance(reuse, bool):
            raise TileLayDataError(f"{where}.reuse_hex: should be true or false")
        slots.append(
            TileLaySlot(
                _flag(t.get("lay", True), f"{where}.lay"),
                _flag(t.get("upgrade", True), f"{where}.upgrade"),
                cost,
                _money(t.get("upgrade_cost", cost), f"{where}.upgrade_cost"),
                reuse,
                tuple(kinds),
            )
        )
    costs = data.get("lay_costs", {})
    if not isinstance(costs, dict):
        raise TileLayDataError(f"{source}: [lay_costs] should be a table")
    unknown = sorted(set(costs) - set(COST_KEYS))
    if unknown:
        raise TileLayDataError(
            f"{source}: lay_costs: unknown key {unknown[0]!r} ({', '.join(COST_KEYS)})"
        )
    every = costs.get("terrain_every_lay", False)
    if not isinstance(every, bool):
        raise TileLayDataError(f"{source}: lay_costs.terrain_every_lay: should be true or false")
    return LayRules(
        tuple(slots) or DEFAULT_SLOTS,
        _money(costs.get("min_cost", 0), f"{source}: lay_costs.min_cost"),
        every,
    )
