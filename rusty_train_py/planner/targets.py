"""Targets of a plan (Qt-free): hexes or place names as the player types them, and whether a
company's network reaches one."""

from __future__ import annotations

from collections.abc import Iterable

import networkx as nx

from ..advisor.reach import Reach, track_network
from ..gamedata.game import Game
from ..grid.hexgrid import HexAddressError
from ..mapstate.places import place_name
from ..mapstate.state import MapState
from .result import PlanError


def resolve_target(game: Game, text: str) -> tuple[str, ...]:
    """The hexes one target names: a hex (``F16``, ``f16``), or a place name (``Quebec``,
    the whole name before any part of one, case ignored; an off-board spread over several
    hexes gives them all)."""
    text = text.strip()
    if not text:
        raise PlanError(f"{game.id}: an empty target")
    try:
        return (game.hex(text).name,)
    except HexAddressError:
        pass
    low = text.lower()
    named = _place_names(game)
    exact = [h for h in game.hex_order if named.get(h, "").lower() == low]
    if exact:
        return tuple(exact)
    part = [h for h in game.hex_order if low in named.get(h, "").lower()]
    names = sorted({named[h] for h in part})
    if len(names) == 1:
        return tuple(part)
    if names:
        raise PlanError(f"{game.id}: {text!r} names several places: {', '.join(names)}")
    raise PlanError(f"{game.id}: no hex or place {text!r} on the map")


def _place_names(game: Game) -> dict[str, str]:
    """Hex -> the place name players read there (an off-board's name on each of its hexes)."""
    out = {}
    for h in game.hex_order:
        mh = game.hexes[h]
        if mh.location:
            out[h] = mh.location
            continue
        for n in mh.tile.revenue_centres:
            name = place_name(game, h, n.kind, n.groups)
            if not name.startswith(f"{h} "):
                out[h] = name
                break
    return out


def resolve_targets(game: Game, texts: Iterable[str]) -> tuple[str, ...]:
    """Every hex the targets name, in map order, each once."""
    out: set[str] = set()
    for t in texts:
        out.update(resolve_target(game, t))
    if not out:
        raise PlanError(f"{game.id}: no target given")
    return tuple(h for h in game.hex_order if h in out)


def reached_target(
    state: MapState, company: str, targets: Iterable[str], reach: Reach
) -> str | None:
    """The first target (map order) the company's network reaches: one of its revenue centres
    is reached, or, on a hex without one, the network's track runs on it."""
    centre_hexes = {h for h, _ in reach.centres}
    plain = []
    for h in targets:
        if state.tile_at(h)[0].revenue_centres:
            if h in centre_hexes:
                return h
        else:
            plain.append(h)
    if not plain:
        return None
    g = track_network(state, reach.company)
    walked = {v[0] for v in nx.descendants(g, ("tokens",))}
    return next((h for h in plain if h in walked), None)
