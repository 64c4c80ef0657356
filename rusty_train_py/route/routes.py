"""A path turned into the route a player reads: its stops (counted or skipped, with place
names), the track it uses, the hexes it runs through, what it earns and its bonuses."""

from __future__ import annotations

from ..gamedata.game import Game
from ..mapstate.places import place_name
from .earner import Earner
from .graph import TrackGraph
from .paths import RoutePath
from .result import Stop, TrainRoute


def build_train_route(
    graph: TrackGraph,
    earner: Earner,
    path: RoutePath,
    game: Game,
    locked: bool = False,
    dropped: bool = False,
) -> TrainRoute:
    choice = earner.choose(path.stops, None, path.corridors)
    assert choice is not None
    stops = []
    for i, cid in enumerate(path.stops):
        c = graph.centres[cid]
        name = place_name(game, c.hex, c.kind)
        skipped = not choice.counted[i]
        stops.append(Stop(c.hex, c.node, c.kind, c.value, skipped, name, choice.earned[i]))
    track: list[tuple[str, int]] = []
    hexes: list[str] = [graph.centres[path.stops[0]].hex]
    for n, corr_id in enumerate(path.corridors):
        corr = graph.corridors[corr_id]
        if n < path.reversed_corridors:
            pieces = corr.track[::-1]
            hx = list(corr.hexes[::-1][1:]) + [graph.centres[corr.a].hex]
        else:
            pieces = corr.track
            hx = list(corr.hexes)
        track.extend(pieces)
        for h in hx:
            if not hexes or hexes[-1] != h:
                hexes.append(h)
    return TrainRoute(
        train=earner.train.name,
        revenue=choice.revenue,
        stops=tuple(stops),
        hexes=tuple(hexes),
        track=tuple(track),
        bonuses=choice.bonuses,
        bonus_stops=choice.bonus_stops,
        multiplier=earner.mult,
        locked=locked,
        dropped=dropped,
    )
