"""Random maps of any game for the advisor's tests: a few companies' station tokens in printed
cities, each network grown by random valid upgrades connected to it (the slow check's reach),
some cities filled with other companies' tokens (blocked), in a random phase that lays green
or later.

Everything is drawn from ``random.Random(seed)``, so a seed names one map for good.
"""

from __future__ import annotations

import random

from advisor_slow import slow_sides

from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.mapstate.state import MapEditError, MapState
from rusty_train_py.mapstate.upgrades import upgrade_candidates


def _city_spaces(state: MapState, h: str) -> list[int]:
    tile, _ = state.tile_at(h)
    held = state.tokens_at(h)
    return [sp.index for sp in tile.token_spaces if sp.index not in held]


def _place_token(rng: random.Random, state: MapState, company: str, hexes: list[str]) -> bool:
    rng.shuffle(hexes)
    for h in hexes:
        if company in state.tokens_at(h).values():
            continue
        free = _city_spaces(state, h)
        if free and state.tokens_left(company) > 0:
            state.apply(state.place_token_edit(h, rng.choice(free), company))
            return True
    return False


def random_map(game_id: str, seed: int, lays: int = 24) -> tuple[MapState, str]:
    """A random map of ``game_id`` and the company to advise (one with a token on it)."""
    rng = random.Random(f"{game_id}/{seed}")
    game = load_game(game_id)
    phases = [p.name for p in game.phases if "green" in p.tiles]
    state = MapState(game, phases[0])
    companies = [c.abbrev for c in game.operating_companies if c.tokens >= 2]
    chosen = rng.sample(companies, min(3, len(companies)))
    cities = [h for h in game.hex_order if game.hexes[h].tile.token_spaces]
    for c in chosen:
        _place_token(rng, state, c, list(cities))
    for _ in range(lays):
        state.phase = rng.choice(phases)
        company = rng.choice(chosen)
        sides = slow_sides(state, company)
        hexes = sorted(sides)
        rng.shuffle(hexes)
        for h in hexes[:8]:
            options = [
                (c.tile, r)
                for c in upgrade_candidates(state, h)
                for r in c.rotations
                if any((x + r) % 6 in sides[h] for x in game.tile(c.tile).track_edges)
            ]
            if options:
                tile, r = rng.choice(options)
                try:
                    state.apply(state.place_tile_edit(h, tile, r))
                except MapEditError:
                    continue
                break
    # Fill a city or two with the other companies' tokens (blocked for the first).
    with_cities = [h for h in game.hex_order if state.tile_at(h)[0].token_spaces]
    for c in chosen[1:]:
        for _ in range(2):
            _place_token(rng, state, c, list(with_cities))
    state.phase = rng.choice(phases)
    return state, chosen[0]
