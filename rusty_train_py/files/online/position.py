"""A replayed position as plain JSON, in the engine's terms, for comparing with the position
the 18xx.games engine itself reaches (tobymao/18xx, at the same action): tiles with rotation
per hex, tokens per hex, city and slot, the phase and the train ids each company owns."""

from __future__ import annotations

from typing import Any

from .log import GameLog
from .replay import Replay


def position(r: Replay, action_id: int | None) -> dict[str, Any]:
    """``{"action", "phase", "tiles", "tokens", "trains"}`` of the replay now (before
    ``action_id``): ``tiles`` hex -> [tile, rotation] for every laid tile; ``tokens`` hex ->
    [[city, slot, company], ...] (the city's number among the tile's cities, in code order;
    slot ``"extra"`` for a token in the city's extra slot, after the others of the hex);
    ``trains`` company -> engine train ids (``"5-2"``), sorted."""
    state = r.state
    tokens: dict[str, list[Any]] = {}
    for hex_name, space, company in state.all_tokens():
        tile, _ = state.tile_at(hex_name)
        ts = tile.token_spaces[space]
        city = [n.index for n in tile.cities].index(ts.city)
        tokens.setdefault(hex_name, []).append([city, ts.slot, company])
    for hex_name, city, company in state.all_extra_tokens():
        tokens.setdefault(hex_name, []).append([city, "extra", company])
    return {
        "action": action_id,
        "phase": state.phase,
        "tiles": {h: [t, rot] for h, (t, rot) in state.laid_tiles().items()},
        "tokens": tokens,
        "trains": {c: sorted(ids) for c, ids in sorted(r.trains.items()) if ids},
    }


def position_at(log: GameLog, at: int | None) -> dict[str, Any]:
    """The position of ``log`` (a GameLog) just before action ``at`` (None: its end)."""
    from . import replay_log

    seen: list[dict[str, Any]] = []
    replay_log(log, at, on_end=lambda r: seen.append(position(r, at)))
    return seen[0]
