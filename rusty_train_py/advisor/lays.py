"""Legal tile lays: for the operating company (those its network reaches) or for any company
(where a chosen tile can go at all), with what each costs.

A lay is legal when the upgrade rules of ``upgrades.py`` allow it (the next colour, allowed in
the phase, labels and the game's upgrade rules, existing track and stations kept, printed
stubs connected, no impassable border crossed, a copy of the tile left, and in games with
``upgrade_max_exits`` the most exits) and, as 18xx.games reads it, none of its track runs off
the map, into water or into a blank side of a grey hex or an off-board (``exit_open``). Rotations that look the same are given once (``upgrade_candidates``). For a company
the new tile must also have an exit on a side its network reaches (``reach.py``). A hex whose
printed icon blocks lays takes a tile only through a special ability (out of scope here).

Cost: the terrain cost of the tile being replaced (a printed hex's ``upgrade=cost``, paid when
it is first covered) plus the cost of each costed border the lay connects across: a new exit
facing a neighbour whose track already reaches that side (18xx.games pays a border once, when
track on both sides meets it, so a side track already reached on both sides was paid before).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..base.errors import UnknownNameError
from ..base.money import DOLLARS, money
from ..grid.hexgrid import opposite_edge
from ..grid.tile import Tile
from ..mapstate.state import HexEdit, MapState
from ..mapstate.upgrades import is_valid_upgrade, upgrade_candidates
from .reach import Reach, company_reach


@dataclass(frozen=True, slots=True)
class Lay:
    """One legal tile lay: ``tile`` turned ``rotation`` on ``hex``, costing ``terrain_cost`` +
    ``border_cost`` (``cost``); ``upgrade``: it replaces a laid or printed tile with track."""

    hex: str
    tile: str
    rotation: int
    terrain_cost: int = 0
    border_cost: int = 0
    upgrade: bool = False

    @property
    def cost(self) -> int:
        return self.terrain_cost + self.border_cost

    def describe(self, currency: str = DOLLARS) -> str:
        cost = f", cost {money(self.cost, currency)}" if self.cost else ""
        return f"{self.tile} on {self.hex} rotation {self.rotation}{cost}"

    def edit(self, state: MapState) -> HexEdit:
        """The map edit making this lay (one undo step)."""
        return state.place_tile_edit(self.hex, self.tile, self.rotation)


def blocks_lay(state: MapState, hex_name: str) -> bool:
    """Whether the tile showing on the hex carries an icon that blocks ordinary lays."""
    tile, _ = state.tile_at(hex_name)
    return any(icon.blocks_lay for icon in tile.icon_parts)


# Hexes track may point into only where their own printed track points back (18xx.games
# ``IMPASSABLE_HEX_COLORS``; an empty hex has no track at all).
CLOSED_COLOURS = ("blue", "grey", "red", "empty")


def exit_open(state: MapState, hex_name: str, edge: int) -> bool:
    """Whether track may leave the hex by ``edge`` (18xx.games ``hex.neighbors``): a hex of
    the map lies beyond, across no impassable border, and if it is water, grey, an off-board
    or empty, its printed track reaches back to this side."""
    game = state.game
    other = game.neighbour(hex_name, edge)
    if other is None:
        return False
    border = game.border(hex_name, edge)
    if border is not None and border.type == "impassable":
        return False
    mh = game.hexes[other]
    if mh.colour in CLOSED_COLOURS:
        return opposite_edge(edge) in mh.tile.track_edges
    return True


def exits_open(state: MapState, hex_name: str, exits: Iterable[int]) -> bool:
    """Whether every exit may be laid (``exit_open``): no track off the map's edge, into
    water or into the blank side of a grey hex or an off-board."""
    return all(exit_open(state, hex_name, e) for e in exits)


def lay_cost(state: MapState, hex_name: str, tile: Tile, rotation: int) -> tuple[int, int]:
    """(terrain cost, border cost) of laying ``tile`` turned ``rotation`` on the hex."""
    game = state.game
    old, old_rot = state.tile_at(hex_name)
    terrain = old.upgrade_cost
    old_exits = old.edges_at(old_rot)
    border_cost = 0
    for e in sorted(tile.edges_at(rotation) - old_exits):
        border = game.border(hex_name, e)
        if border is None or not border.cost:
            continue
        other = game.neighbour(hex_name, e)
        if other is None:
            continue
        o_tile, o_rot = state.tile_at(other)
        if opposite_edge(e) in o_tile.edges_at(o_rot):
            border_cost += border.cost
    return terrain, border_cost


def hex_lays(state: MapState, hex_name: str, tile_names: Iterable[str] | None = None) -> list[Lay]:
    """Every legal lay on one hex (any company), in catalogue order then rotation; only the
    tiles named in ``tile_names`` when given."""
    game = state.game
    if not game.hexes[hex_name].accepts_tiles or blocks_lay(state, hex_name):
        return []
    wanted = None if tile_names is None else set(tile_names)
    if wanted is not None and not any(
        is_valid_upgrade(state, hex_name, t, r) for t in sorted(wanted) for r in range(6)
    ):
        return []  # quicker than every candidate of the hex
    old, _ = state.tile_at(hex_name)
    upgrade = bool(old.paths or old.nodes)
    out = []
    for cand in upgrade_candidates(state, hex_name):
        if wanted is not None and cand.tile not in wanted:
            continue
        tile = game.tile(cand.tile)
        for r in cand.rotations:
            if not exits_open(state, hex_name, tile.edges_at(r)):
                continue
            terrain, border = lay_cost(state, hex_name, tile, r)
            out.append(Lay(hex_name, cand.tile, r, terrain, border, upgrade))
    return out


def legal_lays(state: MapState, company: str, reach: Reach | None = None) -> list[Lay]:
    """Every legal lay ``company`` can make on ``state``: new track connecting to its network.
    In map order, then catalogue order, then rotation."""
    reach = reach if reach is not None else company_reach(state, company)
    out = []
    for h in state.game.hex_order:
        if h not in reach.sides:
            continue
        for lay in hex_lays(state, h):
            if reach.connects(h, state.game.tile(lay.tile).edges_at(lay.rotation)):
                out.append(lay)
    return out


@dataclass(frozen=True, slots=True)
class TilePlaces:
    """Where one tile can go: every legal lay of it (any company) and, for a company, the
    ones its network reaches."""

    tile: str
    lays: tuple[Lay, ...]
    reachable: tuple[Lay, ...]

    @property
    def hexes(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(lay.hex for lay in self.lays))

    @property
    def reachable_hexes(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(lay.hex for lay in self.reachable))


def where_tile_goes(state: MapState, tile_name: str, company: str | None = None) -> TilePlaces:
    """Every hex (and rotation) where ``tile_name`` can legally be laid by any company, and the
    lays among them ``company``'s network reaches (none when no company is given)."""
    game = state.game
    if tile_name not in game.catalogue:
        raise UnknownNameError(f"{game.id}: unknown tile {tile_name!r}")
    lays = []
    for h in game.hex_order:
        lays.extend(hex_lays(state, h, (tile_name,)))
    reachable: list[Lay] = []
    if company is not None:
        reach = company_reach(state, company)
        tile = game.tile(tile_name)
        reachable = [lay for lay in lays if reach.connects(lay.hex, tile.edges_at(lay.rotation))]
    return TilePlaces(tile_name, tuple(lays), tuple(reachable))
