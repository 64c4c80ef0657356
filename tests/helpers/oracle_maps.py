"""The random maps the oracle tests draw: small test games (flat and pointed-top windows of
20 hexes, a bigger one) with test tiles, clusters of random tiles turned to join their
neighbours, random tokens; seeded, so every map comes back the same."""

from __future__ import annotations

import random

from route_oracle import TooManyRoutes, lay, oracle_route_objects, set_tokens, write_game

from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.grid import hexgrid
from rusty_train_py.grid.hexgrid import Orientation
from rusty_train_py.grid.tile import NodeKind
from rusty_train_py.mapstate.state import MapEditError, MapState

ROUTE_LIMIT = 600  # maps with more routes are redrawn (the oracle is for small maps)

TRAINS = [
    {"name": "2", "stops": 2},
    {"name": "3", "stops": 3},
    {"name": "4", "stops": 4},
    {"name": "D"},
    {"name": "2T", "stops": 2, "rule": "towns_free"},
    {"name": "3T", "stops": 3, "rule": "towns_free"},
    {"name": "5T", "stops": 5, "rule": "towns_free"},
    {"name": "2+2", "stops": 2, "rule": "towns_free", "multiplier": 2},
    {"name": "5+5E", "stops": 5, "rule": "express", "multiplier": 2},
    {"name": "3E", "stops": 3, "rule": "express"},
    {"name": "2+1", "stops": 2, "rule": "n_plus_m", "towns": 1},
    {"name": "3+2", "stops": 3, "rule": "n_plus_m", "towns": 2},
    {"name": "H4", "rule": "edges", "edges": 3},
]

TEST_TILES = """
J3 green junction;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0
J4 brown junction;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0
JX green junction;path=a:0,b:_0;path=a:1,b:_0;path=a:0,b:3
JC yellow city=revenue:20;junction;path=a:0,b:_1;path=a:2,b:_1;path=a:_1,b:_0;path=a:_0,b:4
JJ brown junction;junction;path=a:0,b:_0;path=a:1,b:_0;path=a:_0,b:_1;path=a:_1,b:3;path=a:_1,b:4
CT green city=revenue:30;town=revenue:10;path=a:0,b:_0;path=a:_0,b:_1;path=a:_1,b:3
OT yellow city=revenue:20;town=revenue:10;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_1;path=a:_1,b:4
BP green city=revenue:10;path=a:1,b:_0;path=a:4,b:_0;path=a:1,b:4
T3 green town=revenue:20;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0
C3S brown city=revenue:40,slots:3;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0
TC brown town=revenue:30;city=revenue:50;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:_1;\
path=a:_1,b:5;path=a:_1,b:2
PH yellow city=revenue:yellow_10|green_20|brown_30|gray_40;path=a:0,b:_0;path=a:3,b:_0
"""


# The test grids: (key, orientation, big).
GRIDS = (
    ("flat", Orientation.FLAT, False),
    ("pointy", Orientation.POINTY, False),
    ("big", Orientation.FLAT, True),
)


def window(orientation: Orientation, big: bool = False) -> list[tuple[int, int]]:
    if orientation is Orientation.FLAT:
        cols, rows = (7, 12) if big else (5, 8)
        return [(x, y) for x in range(cols) for y in range(rows) if (x + y) % 2 == 0]
    return [(x, y) for y in range(4) for x in range(10) if (x + y) % 2 == 0]


def grid_hexes(orientation: Orientation, big: bool = False) -> tuple[dict, dict]:
    """Hex contents of a 20-hex (big: 42-hex) test map, and the hex names the bonuses use."""
    coords = window(orientation, big)
    cs = set(coords)
    name = {c: hexgrid.coord_to_name(orientation, c) for c in coords}

    def edge_to(a, b):
        return next(e for e in range(6) if hexgrid.neighbour(orientation, a, e) == b)

    def inward(c, exclude=()):
        return [
            e
            for e in range(6)
            if hexgrid.neighbour(orientation, c, e) in cs
            and hexgrid.neighbour(orientation, c, e) not in exclude
        ]

    if orientation is Orientation.FLAT:
        g1, g2, single, bypass, (wall, wall_edge) = (0, 2), (0, 4), (4, 4), (2, 0), ((2, 4), 1)
    else:
        g1, g2, single, bypass, (wall, wall_edge) = (0, 2), (1, 3), (9, 1), (4, 0), ((5, 1), 4)
    red = {g1, g2, single}
    hexes = {name[c]: ("white", "") for c in coords}
    for c, other, extra in ((g1, g2, ""), (g2, g1, ",hide:1")):
        paths = ";".join(f"path=a:{e},b:_0" for e in inward(c, red))
        border = edge_to(c, other)
        hexes[name[c]] = (
            "red",
            f"offboard=revenue:yellow_20|brown_50,groups:West{extra};{paths};border=edge:{border}",
        )
    paths = ";".join(f"path=a:{e},b:_0" for e in inward(single, red))
    hexes[name[single]] = ("red", f"offboard=revenue:yellow_30|green_40|brown_60;{paths}")
    e1, e2 = inward(bypass)[:2]
    hexes[name[bypass]] = (
        "grey",
        f"city=revenue:10;path=a:{e1},b:_0;path=a:{e2},b:_0;path=a:{e1},b:{e2}",
    )
    hexes[name[wall]] = ("white", f"border=edge:{wall_edge},type:impassable")
    whites = sorted(name[c] for c in coords if hexes[name[c]][0] == "white")
    picks = random.Random(orientation.value).sample(whites, 5)
    return hexes, {"single": name[single], "group": [name[g1], name[g2]], "picks": picks}


def grid_bonuses(places: dict, with_always: bool) -> list[dict]:
    p = places["picks"]
    out = [
        {
            "id": "conn",
            "name": "off-board with either pick",
            "kind": "connection",
            "at": [places["single"]],
            "with_any": [p[0], p[1]],
            "amount": 30,
            "always": False,
            "multiplied": True,
        },
        {
            "id": "v1",
            "name": "visit two hexes",
            "kind": "visit",
            "at": [p[2], p[3]],
            "amounts": {p[2]: 10, p[3]: 20},
            "always": False,
            "multiplied": False,
        },
        {
            "id": "v2",
            "name": "5+5E visit",
            "kind": "visit",
            "at": [p[4]],
            "amount": 20,
            "train": "5+5E",
            "always": False,
            "multiplied": True,
        },
        {
            "id": "cg",
            "name": "west with a pick",
            "kind": "connection",
            "at": places["group"],
            "with_any": [p[1]],
            "amount": 15,
            "always": False,
            "multiplied": False,
        },
    ]
    if with_always:
        out.append(
            {
                "id": "aw",
                "name": "west area",
                "kind": "visit",
                "at": places["group"],
                "amount": 10,
                "always": True,
                "multiplied": False,
            }
        )
    return out


def make_games(folder):
    out = {}
    for key, orientation, big in GRIDS:
        hexes, places = grid_hexes(orientation, big)
        out[key] = write_game(
            folder / key,
            hexes,
            TRAINS,
            layout=orientation.value,
            bonuses=grid_bonuses(places, with_always=orientation is Orientation.POINTY),
            tile_sets=("common", "1867"),
            extra_tiles=TEST_TILES,
            game_id=f"g{key}",
        )
    out["1830"] = load_game("1830")
    out["1867"] = load_game("1867")
    return out


def tile_weight(tile) -> int:
    """Favour tiles with many exits and with nodes (more routes per map)."""
    w = max(1, len(tile.track_edges))
    if any(n.kind is NodeKind.JUNCTION for n in tile.nodes):
        return 3 * w
    if tile.cities or tile.towns:
        return 2 * w
    return w


def grow_cluster(rng, game, candidates, k, start=None):
    cand = set(candidates)
    start = start or rng.choice(sorted(cand))
    cluster = [start]
    while len(cluster) < k:
        frontier = sorted(
            {n for h in cluster for e in range(6) if (n := game.neighbour(h, e)) in cand}
            - set(cluster)
        )
        if not frontier:
            break
        cluster.append(rng.choice(frontier))
    return cluster


def joining_rotation(rng, state, h, tile) -> int:
    """A random rotation, favouring those whose track meets the neighbours' track."""
    game = state.game
    scores = []
    for r in range(6):
        score = 0
        for e in tile.edges_at(r):
            n = game.neighbour(h, e)
            if n is not None:
                t, rot = state.tile_at(n)
                if (e + 3) % 6 in t.edges_at(rot):
                    score += 1
        scores.append(1 + 10 * score * score)
    return rng.choices(range(6), scores)[0]


def place_random_tokens(rng, state, hexes, company, others) -> None:
    """Tokens in the cities of ``hexes``: the company's in some (with others beside), some
    cities full of ``others`` (a route end, not passable), one other token in some; the
    company holds at least one."""
    cities = []
    for h in hexes:
        tile, _ = state.tile_at(h)
        for n in tile.cities:
            spaces = [ts.index for ts in tile.token_spaces if ts.city == n.index]
            cities.append((h, spaces))
    rng.shuffle(cities)
    tokens: dict[str, dict[int, str]] = {}
    for h, spaces in cities:
        r = rng.random()
        if r < 0.35:
            toks = {spaces[0]: company}
            for s in spaces[1:]:
                if rng.random() < 0.4:
                    toks[s] = rng.choice(others)
        elif r < 0.55:  # full of other companies: a route end, not passable
            toks = {s: rng.choice(others) for s in spaces}
        elif r < 0.7:
            toks = {spaces[-1]: rng.choice(others)}
        else:
            continue
        tokens.setdefault(h, {}).update(toks)
    if cities and not any(company in t.values() for t in tokens.values()):
        h, spaces = cities[0]
        free = [s for s in spaces if s not in tokens.get(h, {})] or spaces[:1]
        tokens.setdefault(h, {})[free[0]] = company
    for h, toks in tokens.items():
        set_tokens(state, h, toks)


def place_extra_tokens(rng, state, company, others, prefer=()) -> None:
    """Tokens in cities' extra slots (beside their spaces, 1870's destination tokens): the
    company's in one to three cities (those on ``prefer`` first), others' in some; an extra
    token never fills a city, so the ones already full stay full and the rest open."""
    cities = []
    for h in state.game.hex_order:
        tile, _ = state.tile_at(h)
        cities += [(h, k) for k in range(len(tile.cities))]
    if not cities:
        return
    rng.shuffle(cities)
    cities.sort(key=lambda hk: hk[0] not in prefer)
    for i, (h, k) in enumerate(cities[: rng.randint(1, 3)]):
        who = company if i == 0 or rng.random() < 0.6 else rng.choice(others)
        if (k, who) not in state.hex_state(h).extra:
            state.apply(state.place_extra_token_edit(h, k, who))
    for h, k in rng.sample(cities, min(len(cities), rng.randint(0, 2))):
        who = rng.choice(others)
        if (k, who) not in state.hex_state(h).extra:
            state.apply(state.place_extra_token_edit(h, k, who))


def scatter_real_tokens(rng, state, hexes, company, others) -> None:
    """Tokens on a real map: the company's in some cities of ``hexes`` (in the extra slot of a
    city with no space), some cities filled with ``others``; a token the rules refuse (none
    left, a reserved space) is left out."""
    saved: dict[str, dict[int, str]] = {}
    for h in hexes:
        tile, _ = state.tile_at(h)
        for k, n in enumerate(tile.cities):
            spaces = [ts.index for ts in tile.token_spaces if ts.city == n.index]
            r = rng.random()
            if not spaces:  # a city with no space (1870's Chicago): a token in its extra slot
                if r < 0.4:
                    state.apply(state.place_extra_token_edit(h, k, company))
                continue
            if r < 0.4:
                saved.setdefault(h, {})[spaces[0]] = company
            elif r < 0.6:
                for s in spaces:
                    saved.setdefault(h, {})[s] = rng.choice(others)
    for h, toks in saved.items():
        try:
            set_tokens(state, h, toks)
        except MapEditError:
            pass  # out of tokens, or a reserved space: fine


def random_map(seed: int, games):
    """(state, company, trains, bonuses) for a seed; deterministic."""
    rng = random.Random(seed)
    kind = rng.choices(["flat", "pointy", "big", "1830", "1867"], weights=[5, 4, 3, 1, 2])[0]
    game = games[kind]
    state = MapState(game, rng.choice([p.name for p in game.phases]))
    if kind in ("flat", "pointy", "big"):
        whites = [h for h, mh in game.hexes.items() if mh.colour == "white"]
        pool = list(game.catalogue)
        size = rng.randint(12, 30) if kind == "big" else rng.randint(6, 16)
        cluster = grow_cluster(rng, game, whites, size)
        token_hexes = list(game.hexes)
        train_names = [t["name"] for t in TRAINS]
    else:
        # a window of the real map next to printed track
        takes = [h for h, mh in game.hexes.items() if mh.accepts_tiles]
        printed = [h for h, mh in game.hexes.items() if mh.tile.paths]
        near = sorted(
            {n for h in printed for e in range(6) if (n := game.neighbour(h, e)) in set(takes)}
        )
        pool = game.placeable_tiles
        cluster = grow_cluster(rng, game, takes, rng.randint(6, 12), start=rng.choice(near))
        token_hexes = sorted(
            set(cluster)
            | {n for h in cluster for e in range(6) if (n := game.neighbour(h, e)) is not None}
        )
        train_names = [t.name for t in game.trains]
    weights = [tile_weight(t) for t in pool]
    for h in cluster:
        tile = rng.choices(pool, weights)[0]
        try:
            lay(state, h, tile.name, joining_rotation(rng, state, h, tile))
        except MapEditError:
            pass  # printed tokens that do not fit: leave the hex
    company = rng.choice(["A", "A", "A", "B"]) if game.id.startswith("g") else None
    if company is None:
        company = rng.choice(game.companies[:3]).abbrev
    if game.id.startswith("g"):
        others = [c for c in ("A", "B", "C") if c != company]
        place_random_tokens(rng, state, token_hexes, company, others)
    else:
        others = [c.abbrev for c in state.game.companies if c.abbrev != company][:2]
        scatter_real_tokens(rng, state, token_hexes, company, others)
    trains = [rng.choice(train_names) for _ in range(rng.choice([1, 1, 2, 2, 2, 3]))]
    bonuses = [b.id for b in game.bonuses if not b.always and rng.random() < 0.4]
    return state, company, trains, bonuses


def map_for_seed(seed, games, route_limit=ROUTE_LIMIT, need_routes=False):
    """The first map drawn from ``seed`` (then seed + 100000, ...) with at most
    ``route_limit`` routes (and, with ``need_routes``, at least one)."""
    for attempt in range(20):
        state, company, trains, bonuses = random_map(seed + 100_000 * attempt, games)
        try:
            routes = oracle_route_objects(state, company, route_limit)
        except TooManyRoutes:
            continue
        if routes or not need_routes:
            return state, company, trains, bonuses, routes
    raise AssertionError(f"seed {seed}: no small map" + (" with routes" if need_routes else ""))
