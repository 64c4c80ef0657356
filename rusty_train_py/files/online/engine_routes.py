"""Our route sets in the terms of the 18xx.games engine, for the real-game check's (c): the
engine (tools/engine_check/check_routes.rb, development time only) must accept every route set
our finder returns at a log's run_routes action, at exactly our revenue.

A route goes to the engine as its train's engine id, every node it passes in order (hex and
node index on the tile, skipped stops included) and the hexes it runs through; the harness
finds the engine's own chains of track between those nodes through those hexes.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Sequence
from typing import Any

from ...route.result import TrainRoute


def engine_company(game_companies: dict[str, str], ours: str) -> str:
    """The engine's id of our company ``ours`` (``[eighteen_xx] companies`` maps the engine's
    names to ours; a company not listed has the same name)."""
    for engine, name in game_companies.items():
        if name == ours:
            return engine
    return ours


def engine_routes(
    routes: Sequence[TrainRoute],
    trains: Sequence[str],
    train_ids: Sequence[str],
    riders: Collection[str] = (),
) -> list[dict[str, Any]]:
    """``routes`` (a result's, in its order) as the harness reads them: each route's train
    is one of the company's engine train ids (``train_ids``, in the order of our names
    ``trains``) of that name, each id used once. A train of ``riders`` (one that rides with
    another route: 18EU's Pullman) is paid on our route as a bonus named after it at one
    stop; the engine runs it as a route of its own, of that one stop, after the route it
    rides with."""
    free: dict[str, list[str]] = defaultdict(list)
    for name, train_id in zip(trains, train_ids, strict=True):
        free[name].append(train_id)

    def take(name: str) -> str:
        ids = free.get(name)
        if not ids:
            raise ValueError(f"no engine train left for our {name}")
        return ids.pop(0)

    out = []
    for r in routes:
        if not r.stops:
            continue
        out.append(
            {
                "train": take(r.train),
                "stops": [[s.hex, s.node] for s in r.stops],
                "hexes": list(r.hexes),
            }
        )
        for i, s in enumerate(r.stops):
            for bonus, _ in r.stop_bonuses(i):
                if bonus in riders:
                    out.append({"train": take(bonus), "stops": [[s.hex, s.node]], "hexes": [s.hex]})
    return out
