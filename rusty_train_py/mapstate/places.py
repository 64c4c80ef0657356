"""The names players read for the places on a map (Qt-free), and the place a typed name goes
to (``g``, go to a hex or place).

A stop is named by the place name printed on its hex. An off-board or city spread over several
hexes (Detroit on 1867's A17 and A19, Pittsburgh on 1846's G21 and F22) is one place: its hexes
are joined by invisible borders (a border with no type, as the 18xx.games maps draw one place
over several hexes), and an unnamed hex takes the name printed on the hex it is joined to.
Failing that, an unnamed hex takes its group's name when every named hex of the group is one
place (``groups:Canada``); never the name of another member of a group of several places
(1846's group ``E`` holds every eastern off-board). A stop with no name anywhere is named by
where and what it is (``E19 port``, ``K7 town``), and ``g`` goes there too.
"""

from __future__ import annotations

from ..gamedata.game import Game
from ..grid.tile import NodeKind


def place_name(
    game: Game, hex_name: str, kind: str | NodeKind, groups: tuple[str, ...] = ()
) -> str:
    """The name of a stop of ``kind`` on ``hex_name`` (``groups``: its off-board groups)."""
    name = printed_place(game, hex_name, groups)
    if name is not None:
        return name
    kind = NodeKind(kind)
    if kind is NodeKind.OFFBOARD:
        what = "port" if game.hexes[hex_name].colour == "blue" else "off-board"
    else:
        what = kind.value
    return f"{hex_name} {what}"


def printed_place(game: Game, hex_name: str, groups: tuple[str, ...] = ()) -> str | None:
    """The place name printed for ``hex_name``: on it, on the hex it is joined to by
    invisible borders, or its group's when the group is one place; None when there is none."""
    mh = game.hexes[hex_name]
    if mh.location:
        return mh.location
    joined = _joined_name(game, hex_name)
    if joined is not None:
        return joined
    named = _group_names(game)
    for g in groups or _printed_groups(game, hex_name):
        names = named.get(g, set())
        if len(names) == 1:
            return next(iter(names))
    return None


def _joined_name(game: Game, hex_name: str) -> str | None:
    """The name printed on the first named hex reached from ``hex_name`` across invisible
    borders (through unnamed hexes with stops only), edges in order, nearest first."""
    seen = {hex_name}
    frontier = [hex_name]
    while frontier:
        following: list[str] = []
        for h in frontier:
            for edge in range(6):
                border = game.border(h, edge)
                other = game.neighbour(h, edge)
                if border is None or border.type or other is None or other in seen:
                    continue
                seen.add(other)
                mh = game.hexes[other]
                if mh.location:
                    return mh.location
                if mh.tile.nodes:
                    following.append(other)
        frontier = following
    return None


def _printed_groups(game: Game, hex_name: str) -> tuple[str, ...]:
    return tuple(g for n in game.hexes[hex_name].tile.nodes for g in n.groups)


def _group_names(game: Game) -> dict[str, set[str]]:
    """Off-board group -> the place names printed on its hexes."""
    out: dict[str, set[str]] = {}
    for mh in game.hexes.values():
        if mh.location:
            for n in mh.tile.nodes:
                for g in n.groups:
                    out.setdefault(g, set()).add(mh.location)
    return out


def find_place(game: Game, text: str) -> str | None:
    """The hex a typed name goes to: ``F16``, ``f16``, ``Toronto``, ``Toronto (F16)``, a part
    of a place name (``ottaw``) or a stop name without a printed place (``E19 port``)."""
    text = text.strip()
    if not text:
        return None
    if text.endswith(")") and "(" in text:  # a completion: "Toronto (F16)"
        inner = text[text.rindex("(") + 1 : -1]
        if game.has_hex(inner):
            return game.hex(inner).name
    if game.has_hex(text):
        return game.hex(text).name
    low = text.lower()
    in_order = sorted(game.hexes.values(), key=lambda m: m.coord)
    for mh in in_order:  # the place alone, or as the data writes it (with its note)
        if mh.location and low in (mh.location.lower(), str(mh.written_name).lower()):
            return mh.name
    for mh in in_order:
        if mh.location and low in str(mh.written_name).lower():
            return mh.name
    first = text.split(maxsplit=1)[0]
    if first != text and game.has_hex(first):
        return game.hex(first).name
    return None
