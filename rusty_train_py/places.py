"""The names players read for the places on a map (Qt-free).

A stop is named after its hex's place name. An off-board spread over several hexes (Detroit
on 1867's A17 and A19) is one place: every hex of it carries the name printed on one of
them, found through the off-board's group. A stop with no name printed anywhere is named by
what it is and where (``E19 port``, ``K7 town``).
"""

from __future__ import annotations

from .game import Game
from .tile import NodeKind


def place_name(
    game: Game, hex_name: str, kind: str | NodeKind, groups: tuple[str, ...] = ()
) -> str:
    """The name of a stop of ``kind`` on ``hex_name`` (``groups``: its off-board groups)."""
    mh = game.hexes[hex_name]
    if mh.location:
        return mh.location
    named = _group_names(game)
    for g in groups or _printed_groups(game, hex_name):
        if g in named:
            return named[g]
    kind = NodeKind(kind)
    if kind is NodeKind.OFFBOARD:
        what = "port" if mh.colour == "blue" else "off-board"
    else:
        what = kind.value
    return f"{hex_name} {what}"


def _printed_groups(game: Game, hex_name: str) -> tuple[str, ...]:
    return tuple(g for n in game.hexes[hex_name].tile.nodes for g in n.groups)


def _group_names(game: Game) -> dict[str, str]:
    """Off-board group -> the place name printed on one of its hexes."""
    out: dict[str, str] = {}
    for mh in game.hexes.values():
        if mh.location:
            for n in mh.tile.nodes:
                for g in n.groups:
                    out.setdefault(g, mh.location)
    return out
