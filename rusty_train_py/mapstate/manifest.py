"""The tile manifest as a table sees it (Qt-free): every tile, its copies left and in all,
whether the phase allows it, the hexes where it can legally go now and the tiles that fit a
hex, by the same rules as ``u`` (upgrades.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from .state import MapState
from .upgrades import NEXT_COLOUR, current_colour, is_valid_upgrade, upgrade_candidates


@dataclass(frozen=True, slots=True)
class ManifestRow:
    """One tile of the manifest: copies left (None: unlimited) of ``total``, and whether
    the current phase allows its colour."""

    tile: str
    colour: str
    left: int | None
    total: int | None
    allowed: bool

    @property
    def counts(self) -> str:
        """``3 / 4``, ``∞``, or ``-1 / 2`` when more copies are on the map than exist."""
        if self.total is None:
            return "\u221e"
        return f"{self.left} / {self.total}"


def manifest_rows(state: MapState) -> list[ManifestRow]:
    """Every tile of the manifest, in catalogue order."""
    game = state.game
    used = state.tiles_in_use()
    colours = state.phase_colours
    out = []
    for tile in game.placeable_tiles:
        total = game.manifest[tile.name]
        left = None if total is None else total - used[tile.name]
        out.append(ManifestRow(tile.name, tile.colour, left, total, tile.colour in colours))
    return out


def hexes_for_tile(state: MapState, tile_name: str) -> list[str]:
    """Every hex (map order) where ``tile_name`` is a valid upgrade now in some rotation:
    exactly the hexes whose ``u`` list holds it."""
    game = state.game
    tile = game.tile(tile_name)
    out = []
    for h in game.hex_order:
        if not game.hexes[h].accepts_tiles:
            continue
        if NEXT_COLOUR.get(current_colour(state, h)) != tile.colour:
            continue
        if not any(is_valid_upgrade(state, h, tile_name, r) for r in range(6)):
            continue
        old, _ = state.tile_at(h)
        if any(n.kind.value in game.upgrade_max_exits for n in old.revenue_centres):
            # the most-exits rule looks at every upgrade of the hex
            if tile_name not in tiles_for_hex(state, h):
                continue
        out.append(h)
    return out


def tiles_for_hex(state: MapState, hex_name: str) -> list[str]:
    """The tiles ``u`` offers on the hex now, in catalogue order."""
    return [c.tile for c in upgrade_candidates(state, hex_name)]
