"""A brute-force planner for tests: every sequence of up to ``depth`` legal lays, level by
level, each lay in every slot the game's tile-lay rules let it take, written apart from the
planner (no bound, no laziness, its own reading of the slots and costs). Only the legality of
one lay is shared: the advisor's ``legal_lays``, which is the model both search in.

And small random maps for it: a window of a real game's map (10-14 hexes grown from a city),
the company's token there, a few lays, sometimes another company's token, fewer copies of
some tiles, a random phase; everything drawn from ``random.Random(name)``.
"""

from __future__ import annotations

import dataclasses
import random

from rusty_train_py.advisor import company_reach, legal_lays
from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.grid.hexgrid import opposite_edge
from rusty_train_py.mapstate.state import MapEditError, MapState

NOT_IF = "not_if_upgraded"


def _slot_ok(slot, upgrade: bool, upgraded: bool) -> bool:
    flag = slot.upgrade if upgrade else slot.lay
    return (not upgraded) if flag == NOT_IF else bool(flag)


def _money(state: MapState, h: str, tile_name: str, rot: int, slot) -> int:
    game = state.game
    old, old_rot = state.tile_at(h)
    tile = game.tile(tile_name)
    rules = game.lay_rules
    terrain = game.hexes[h].tile.upgrade_cost if rules.terrain_every_lay else old.upgrade_cost
    money = max(terrain, rules.min_cost)
    for e in tile.edges_at(rot) - old.edges_at(old_rot):
        border = game.border(h, e)
        other = game.neighbour(h, e)
        if border is None or not border.cost or other is None:
            continue
        o, orot = state.tile_at(other)
        if opposite_edge(e) in o.edges_at(orot):
            money += border.cost
    return money + (slot.cost if tile.colour == "yellow" else slot.upgrade_cost)


def _reached(state: MapState, company: str, targets) -> bool:
    return any(h in targets for h, _ in company_reach(state, company).centres)


def brute_force(state: MapState, company: str, targets, depth: int, by: str = "rounds"):
    """The least cost (as a tuple in the order ``by`` compares) of a plan of at most
    ``depth`` lays joining a target (hexes holding a revenue centre), or None."""
    kind = state.game.company(company).kind
    slots = state.game.lay_rules.slots_for(kind)
    if _reached(state, company, targets):
        return (0, 0, 0)
    # a level: (lays applied, rounds, used slots, upgraded this round, hexes this round) -> money
    level = {((), 0, 0, False, frozenset()): 0}
    best = None
    for n in range(1, depth + 1):
        nxt: dict = {}
        for (lays, rounds, used, upgraded, laid), money in level.items():
            s = state.copy()
            for h, t, r in lays:
                s.apply(s.place_tile_edit(h, t, r))
            for lay in legal_lays(s, company):
                upgrade = s.tile_at(lay.hex)[0].colour != "white"
                options = []
                if rounds and used < len(slots):
                    slot = slots[used]
                    if _slot_ok(slot, upgrade, upgraded) and (
                        slot.reuse_hex or lay.hex not in laid
                    ):
                        options.append(
                            (rounds, used + 1, upgraded or upgrade, laid | {lay.hex}, slot)
                        )
                if _slot_ok(slots[0], upgrade, False):
                    options.append((rounds + 1, 1, upgrade, frozenset({lay.hex}), slots[0]))
                for r2, u2, up2, laid2, slot in options:
                    m2 = money + _money(s, lay.hex, lay.tile, lay.rotation, slot)
                    key = ((*lays, (lay.hex, lay.tile, lay.rotation)), r2, u2, up2, laid2)
                    if key not in nxt or nxt[key] > m2:
                        nxt[key] = m2
        level = {}
        for key, money in nxt.items():
            lays, rounds = key[0], key[1]
            s = state.copy()
            for h, t, r in lays:
                s.apply(s.place_tile_edit(h, t, r))
            cost = (money, rounds, n) if by == "money" else (rounds, money, n)
            if _reached(s, company, targets):
                best = cost if best is None else min(best, cost)
            else:
                # the same map in the same round position: keep the cheapest
                mkey = (frozenset(s.laid_tiles().items()), *key[1:])
                if mkey not in level or level[mkey][1] > money:
                    level[mkey] = (key, money)
        level = {k: m for k, m in level.values()}
    return best


def _window(rng: random.Random, game, start: str, size: int) -> list[str]:
    chosen = [start]
    frontier = [start]
    while len(chosen) < size and frontier:
        h = rng.choice(frontier)
        options = [
            n for e in range(6) if (n := game.neighbour(h, e)) is not None and n not in chosen
        ]
        if not options:
            frontier.remove(h)
            continue
        n = rng.choice(options)
        chosen.append(n)
        frontier.append(n)
    return chosen


def small_map(name: str, game_ids: list[str]):
    """(state, company, targets) of one random scenario named ``name``."""
    rng = random.Random(name)
    full = load_game(rng.choice(game_ids))
    cities = [
        h for h in full.hex_order if full.hexes[h].accepts_tiles and full.hexes[h].tile.token_spaces
    ]
    start = rng.choice(cities)
    hexes = _window(rng, full, start, rng.randint(10, 14))
    manifest = {
        t: (n if n is None or rng.random() < 0.6 else min(n, rng.randint(0, 2)))
        for t, n in full.manifest.items()
    }
    game = dataclasses.replace(full, hexes={h: full.hexes[h] for h in hexes}, manifest=manifest)
    phases = [p.name for p in game.phases if "yellow" in p.tiles]
    state = MapState(game, rng.choice(phases))
    companies = [c.abbrev for c in game.operating_companies]
    company, other = rng.sample(companies, 2)
    state.apply(state.place_token_edit(start, 0, company))
    for _ in range(rng.randint(0, 3)):
        lays = legal_lays(state, company)
        if not lays:
            break
        lay = rng.choice(lays)
        try:
            state.apply(state.place_tile_edit(lay.hex, lay.tile, lay.rotation))
        except MapEditError:
            pass
    if rng.random() < 0.4:
        for h in hexes:
            tile, _ = state.tile_at(h)
            held = state.tokens_at(h)
            free = [sp.index for sp in tile.token_spaces if sp.index not in held]
            if h != start and free:
                state.apply(state.place_token_edit(h, free[0], other, check_available=False))
                break
    centres = [h for h in hexes if h != start and state.tile_at(h)[0].revenue_centres]
    if not centres:
        return None
    k = 1 if rng.random() < 0.7 else 2
    return state, company, tuple(sorted(rng.sample(centres, min(k, len(centres)))))
