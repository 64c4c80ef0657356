"""The finder against the brute-force oracle on random maps, one scenario per new rule kind.

Each scenario is a small test game (the flat, pointed-top and big windows of
test_route_oracle.py: a two-hex off-board group, a single off-board, a grey city with a bypass,
an impassable border) changed to bring in one kind of games/README.md: a train rule kind, a
bonus kind, a rule reading or a map part. Its random maps (seeded, so deterministic) take
random tiles of the catalogue in random rotations, random tokens, 1-3 random trains of the
scenario and random named bonuses. For every map the finder's net revenue must equal the
oracle's, its routes must be valid under the oracle's rules and earn what they claim.

The fast suite runs ``CI_MAPS`` maps per scenario; ``pytest -m slow`` runs ``SLOW_MAPS`` more
(together more than 300 per kind). A disagreement is shrunk (tiles, tokens, trains and
bonuses removed while it persists) and printed with the map.

The exact model (route/exact.py) is compared with the oracle on the same scenario maps
(``max_paths=0`` hands it every search it can state): ``EXACT_CI_MAPS`` per scenario, and
``EXACT_SLOW_MAPS`` more with ``-m slow``.

Then windows of every game's real map (``REAL_CI_MAPS`` per game, ``REAL_SLOW_MAPS`` more with
``-m slow``): the game's own trains, bonuses (placed ones on a random hex they may go to) and
readings, random tiles of its manifest next to printed track, random tokens of its companies
(neutral ones included).
"""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass, field

import pytest
from helpers.oracle_checks import disagreement, fail_on_disagreements
from helpers.oracle_maps import (
    GRIDS,
    TEST_TILES,
    grid_hexes,
    grow_cluster,
    joining_rotation,
    place_extra_tokens,
    place_random_tokens,
    scatter_real_tokens,
    tile_weight,
)
from reference_data import GAMES
from route_oracle import (
    TooManyRoutes,
    check_finder_result,
    describe_state,
    game_rules,
    oracle_best,
    oracle_route_objects,
    oracle_solve,
    write_game,
)

from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.grid import hexgrid
from rusty_train_py.grid.hexgrid import Orientation
from rusty_train_py.grid.tile import NodeKind
from rusty_train_py.mapstate.state import MapEditError, MapState
from rusty_train_py.route.search import find_routes

ROUTE_LIMIT = 600  # maps with more routes are redrawn (the oracle is for small maps)
CI_MAPS = 40  # per scenario, in the fast suite
SLOW_MAPS = 280  # per scenario, with -m slow (CI_MAPS + SLOW_MAPS >= 300)
PER_BATCH = 20

BASIC = [{"name": "2", "stops": 2}, {"name": "3", "stops": 3}, {"name": "D"}]


@dataclass
class Scenario:
    """One rule kind on the test maps."""

    name: str
    trains: list[dict]
    bonuses: list[dict] = field(default_factory=list)  # game-file tables
    rules: object = field(default_factory=dict)  # or (places) -> dict
    companies: tuple = ("A", "B", "C")
    # (hexes, places) -> None: change the printed map
    map_change: object = None
    # (rng, places) -> list of bonus names for one map
    pick_bonuses: object = None
    tile_sets: tuple = ("common", "1867")
    tile_ok: object = None  # tile -> bool: tiles the random maps may lay
    tile_bias: object = None  # tile -> weight factor
    phase_revenue: list = field(default_factory=list)
    # readings or bonuses whose effect a map should show: (state, company, trains, bonuses)
    # -> bool; at least ``share_exercised`` of the fast maps must show it
    exercised: object = None
    share_exercised: float = 0.1
    dense: bool = False  # fill most of the window with tiles
    extra_tokens: bool = False  # tokens in cities' extra slots (1870's destination tokens)


def bypass_hex(orientation: Orientation) -> str:
    coord = (2, 0) if orientation is Orientation.FLAT else (4, 0)
    return hexgrid.coord_to_name(orientation, coord)


def inward_edges(hexes, game_coords, orientation, name):
    """Edges of hex ``name`` toward other hexes of the window (by coordinates)."""
    c = hexgrid.name_to_coord(orientation, name)
    return [e for e in range(6) if hexgrid.neighbour(orientation, c, e) in game_coords]


# ---------------------------------------------------------------------------------------------
# Map changes


def terminal_cities(hexes, places, orientation, coords):
    """The bypass city becomes a tokenable red city whose paths are terminal (18AL A4)."""
    h = places["bypass"]
    edges = inward_edges(hexes, coords, orientation, h)
    paths = ";".join(f"path=a:{e},b:_0,terminal:1" for e in edges[:3])
    hexes[h] = ("red", f"city=revenue:yellow_30|brown_60,slots:2;{paths}")


def visit_costs(hexes, places, orientation, coords):
    """The single off-board costs no distance (1882 Fishing); the hidden group hex costs 100
    (18 Los Angeles a5), the other one of the group costs the usual 1."""
    colour, code = hexes[places["single"]]
    hexes[places["single"]] = (colour, code.replace(";", ",visit_cost:0;", 1))
    g2 = places["group"][1]
    colour, code = hexes[g2]
    hexes[g2] = (colour, code.replace(";", ",visit_cost:100;", 1))


def diesel_values(hexes, places, orientation, coords):
    colour, code = hexes[places["single"]]
    hexes[places["single"]] = (colour, code.replace("brown_60", "brown_60|diesel_90", 1))
    for g in places["group"]:
        colour, code = hexes[g]
        hexes[g] = (colour, code.replace("brown_50", "brown_50|diesel_70", 1))


def port_icons(hexes, places, orientation, coords):
    """Two port icons on the first pick, one on the second (1846 B8 and C5) and the single
    off-board."""
    p = places["picks"]
    hexes[p[2]] = ("white", "icon=image:port;icon=image:port")
    hexes[p[3]] = ("white", "icon=image:port")
    colour, code = hexes[places["single"]]
    hexes[places["single"]] = (colour, code + ";icon=image:port")


def crossings(hexes, places, orientation, coords):
    """Three picks become grey hexes with a city on one straight track and two more straight
    tracks crossing it (no junction): a route may pass such a hex twice on separate track."""
    for h in places["picks"][:3]:
        hexes[h] = ("grey", "city=revenue:40;path=a:0,b:_0;path=a:_0,b:3;path=a:1,b:4;path=a:2,b:5")


def junctions(hexes, places, orientation, coords):
    """The five picks become grey hexes whose six sides meet at one junction (1817's 546 has
    four): a route may pass one twice, on two other pairs of sides, where junction_reentry."""
    every_side = ";".join(f"path=a:{e},b:_0" for e in range(6))
    for h in places["picks"]:
        hexes[h] = ("grey", "junction;" + every_side)


OFF_CENTRE_TOWNS = (
    # 18MEX's Copper Canyon (470): the town drawn at edge 0, its paths to 3 and 4 share
    "town=revenue:20,loc:0;path=a:0,b:_0;path=a:3,b:_0;path=a:3,b:4;path=a:4,b:_0",
    # System18 China's X tile: a centred city joined to a town drawn at edge 3 (2, 4 share)
    "city=revenue:50,loc:center;town=revenue:20,loc:3;path=a:0,b:_0;path=a:_0,b:_1;"
    "path=a:_1,b:2;path=a:_1,b:3;path=a:_1,b:4",
    # 18xx.games tile 603: no loc, the town drawn at the least crowded of its edges
    "city=revenue:30;town=revenue:30;path=a:0,b:_0;path=a:1,b:_1;path=a:2,b:_0;path=a:3,b:_1;"
    "path=a:4,b:_0;path=a:5,b:_1",
    # 18PA's E22: two towns drawn at corners, each with two edges sharing its stretch
    "town=revenue:10,loc:5.5;town=revenue:10,loc:2.5;path=a:0,b:_0;path=a:5,b:_0;"
    "path=a:2,b:_1;path=a:3,b:_1;path=a:_0,b:_1",
    # a town with two lanes to edge 3 (a one-lane neighbour meets lane 1): lane 0 shares the
    # stretch with the path to 5, lane 1 has its own
    "town=revenue:20,loc:1;path=a:1,b:_0;path=a:3,b:_0,lanes:2;path=a:5,b:_0",
)


def off_centre_towns(hexes, places, orientation, coords):
    """The five picks become grey hexes with an off-centre town (tiles/README.md, ``loc``)."""
    for h, code in zip(places["picks"], OFF_CENTRE_TOWNS, strict=False):
        hexes[h] = ("grey", code)


def phase_name_city(hexes, places, orientation, coords):
    """The bypass city pays by phase name (1849 gray centres): its code names no colour."""
    colour, code = hexes[places["bypass"]]
    hexes[places["bypass"]] = (colour, code.replace("revenue:10", "revenue:white_10|gray_20", 1))


# ---------------------------------------------------------------------------------------------
# Scenarios


def no_towns(tile) -> bool:
    return not any(n.kind is NodeKind.TOWN for n in tile.nodes)


def gauge_bias(tile) -> int:
    return 4 if "track:" in tile.code else 1


def town_bias(tile) -> int:
    return 4 if tile.towns else 1


def two_stop_bias(tile) -> int:
    return 6 if sum(1 for n in tile.nodes if n.kind is not NodeKind.JUNCTION) >= 2 else 1


def crossing_bias(tile) -> int:
    """Plain track crossing itself or meeting at junctions: routes that come back to a hex."""
    plain = sum(1 for p in tile.paths if p.a.node is None and p.b.node is None)
    junction = any(n.kind is NodeKind.JUNCTION for n in tile.nodes)
    return 8 if plain >= 2 or junction or len(tile.track_edges) >= 4 else 1


def options(ids, p=0.5):
    def pick(rng, places):
        return [b for b in ids if rng.random() < p]

    return pick


def placed_options(rng, places):
    p = places["picks"]
    out = []
    if rng.random() < 0.7:
        out.append("sb:" + rng.choice([p[2], p[3], places["single"]]))
    if rng.random() < 0.5:
        out.append("dump:" + rng.choice([p[2], p[3], p[4]]))
    if rng.random() < 0.4:
        out.append("meat:" + rng.choice([places["single"], p[4]]))
    return out


def differs(**other_readings):
    """Exercised when the map's answer changes under another reading."""

    def check(state, company, trains, bonuses):
        a = oracle_best(state, company, trains, bonuses)
        b = oracle_best(state, company, trains, bonuses, readings=other_readings)
        return a != b

    return check


def bonus_matters(state, company, trains, bonuses):
    """Exercised when the named bonuses change the answer."""
    if not bonuses:
        return False
    return oracle_best(state, company, trains, bonuses) != oracle_best(state, company, trains)


def ends_matter(state, company, trains, bonuses):
    """Exercised when counting end towns changes the answer (the same trains as plus_towns)."""
    plain = [{"2+e": "2+", "3+e": "3+"}.get(t, t) for t in trains]
    if plain == list(trains):
        return False
    return oracle_best(state, company, trains, bonuses) != oracle_best(
        state, company, plain, bonuses
    )


def rider_matters(state, company, trains, bonuses):
    """Exercised when a riding train (a Pullman) changes the answer."""
    plain = [t for t in trains if t != "P"]
    if plain == list(trains):
        return False
    return oracle_best(state, company, trains, bonuses) != oracle_best(
        state, company, plain, bonuses
    )


def min_matters(state, company, trains, bonuses):
    """Exercised when the least count of cities changes the answer (the same trains as
    plus_towns)."""
    plain = [{"2M": "2+", "3M3": "3+", "2G": "3+"}.get(t, t) for t in trains]
    if plain == list(trains):
        return False
    return oracle_best(state, company, trains, bonuses) != oracle_best(
        state, company, plain, bonuses
    )


def friendly_matters(state, company, trains, bonuses):
    """Exercised when the E trains (doubling tokened hexes, passing C's full cities) earn
    otherwise than plain trains of their length would."""
    plain = [{"E": "D", "4E": "4"}.get(t, t) for t in trains]
    if plain == list(trains):
        return False
    return oracle_best(state, company, trains, bonuses) != oracle_best(
        state, company, plain, bonuses
    )


def places_matter(state, company, trains, bonuses):
    """Exercised when the places of an ``a`` train change the answer: run as the same trains
    with towns passed freely (n_plus_m), or as N+M-trains counting any stops, it earns
    another amount."""
    if not any(t.endswith("a") for t in trains):
        return False
    best = oracle_best(state, company, trains, bonuses)
    free = [t[:-1] if t.endswith("a") else t for t in trains]
    plain = [TOTAL_STOPS.get(t, t) for t in trains]
    return best != oracle_best(state, company, free, bonuses) or best != oracle_best(
        state, company, plain, bonuses
    )


def one_rider(trains: list[str], riders: set[str]) -> list[str]:
    """``trains`` with at most one riding train (a company holds one Pullman at most)."""
    out: list[str] = []
    for t in trains:
        if t in riders and any(x in riders for x in out):
            continue
        out.append(t)
    return out


TOTAL_STOPS = {"2+1a": "3", "3+1a": "4", "2+2a": "4"}

MINE_FREE = {"1g": "2+", "2g": "3+", "2m": "2", "3m": "3"}


def mines_matter(state, company, trains, bonuses):
    """Exercised when the mines change the answer: the same trains with no mine rule (goods
    as plus_towns, no_mines as stops) earn another amount."""
    free = [MINE_FREE.get(t, t) for t in trains]
    if free == list(trains):
        return False
    return oracle_best(state, company, trains, bonuses) != oracle_best(
        state, company, free, bonuses
    )


def mine_hexes(places):
    """The terminal bypass city and the single off-board are mines."""
    return {"mines": [places["bypass"], places["single"]]}


def e_trains_pay(state, company, trains, bonuses):
    """Exercised when a tokened_cities train earns something (the run without it is less)."""
    rest = [t for t in trains if not t.startswith("E")]
    if rest == list(trains):
        return False
    return oracle_best(state, company, trains, bonuses) > oracle_best(state, company, rest, bonuses)


def locals_pay(state, company, trains, bonuses):
    """Exercised when two or more local trains earn more than one alone: the cities each
    holds and the single-stop routes matter."""
    local = [t for t in trains if t.startswith("L")]
    if len(local) < 2:
        return False
    return oracle_best(state, company, trains, bonuses) > oracle_best(
        state, company, [t for t in trains if t not in local] + local[:1], bonuses
    )


def hotel_options(rng, places):
    """The hotels on two to five hexes of the window, most maps."""
    if rng.random() >= 0.8:
        return []
    return ["hot:" + "+".join(rng.sample(places["all"], rng.randint(2, 5)))]


def extras_matter(state, company, trains, bonuses):
    """Exercised when the tokens in extra slots change the answer (a route that starts from
    one, a destination run they allow)."""
    plain = state.copy()
    for h, _, _ in state.all_extra_tokens():
        plain.apply(plain.set_extra_tokens_edit(h, ()))
    return oracle_best(state, company, trains, bonuses) != oracle_best(
        plain, company, trains, bonuses
    )


def pays(state, company, trains, bonuses):
    return oracle_best(state, company, trains, bonuses) > 0


def scenarios() -> list[Scenario]:
    out = [
        Scenario(
            "plus_towns",
            [
                {"name": "2+", "rule": "plus_towns", "stops": 2},
                {"name": "3+", "rule": "plus_towns", "stops": 3},
                {"name": "4D", "rule": "plus_towns", "stops": 4, "city_multiplier": 2},
                {"name": "2+x2", "rule": "plus_towns", "stops": 2, "multiplier": 2},
                {"name": "2", "stops": 2},
            ],
            exercised=pays,
            share_exercised=0.5,
        ),
        Scenario(
            "plus_towns_ends",  # rules/kinds/plus_towns_ends.py: end towns use one of the N
            [
                {"name": "2+e", "rule": "plus_towns_ends", "stops": 2},
                {"name": "3+e", "rule": "plus_towns_ends", "stops": 3},
                {"name": "4De", "rule": "plus_towns_ends", "stops": 4, "city_multiplier": 2},
                {
                    "name": "3Du",  # 18CO 4D/5D: towns passed unpaid, cities doubled
                    "rule": "plus_towns_ends",
                    "stops": 3,
                    "city_multiplier": 2,
                    "towns_paid": False,
                },
                {"name": "2+", "rule": "plus_towns", "stops": 2},
                {"name": "3+", "rule": "plus_towns", "stops": 3},
            ],
            exercised=ends_matter,
            share_exercised=0.05,
        ),
        Scenario(
            "mines",  # rules/kinds/goods.py, no_mines.py: only goods trains visit a mine, one
            [
                {"name": "1g", "rule": "goods", "stops": 2},
                {"name": "2g", "rule": "goods", "stops": 3},
                {"name": "2m", "rule": "no_mines", "stops": 2},
                {"name": "3m", "rule": "no_mines", "stops": 3},
                {"name": "2+", "rule": "plus_towns", "stops": 2},
                {"name": "3+", "rule": "plus_towns", "stops": 3},
                {"name": "2", "stops": 2},
                {"name": "3", "stops": 3},
            ],
            map_change=terminal_cities,
            rules=mine_hexes,
            tile_bias=town_bias,
            exercised=mines_matter,
            share_exercised=0.1,
        ),
        Scenario(
            "n_plus_m_all",  # rules/kinds/n_plus_m_all.py: every stop paid, towns use places
            [
                {"name": "2+1a", "rule": "n_plus_m_all", "stops": 2, "towns": 1},
                {"name": "3+1a", "rule": "n_plus_m_all", "stops": 3, "towns": 1},
                {"name": "2+2a", "rule": "n_plus_m_all", "stops": 2, "towns": 2},
                {"name": "2+1", "rule": "n_plus_m", "stops": 2, "towns": 1},
                {"name": "3+1", "rule": "n_plus_m", "stops": 3, "towns": 1},
                {"name": "2+2", "rule": "n_plus_m", "stops": 2, "towns": 2},
                {"name": "3", "stops": 3},
                {"name": "4", "stops": 4},
            ],
            tile_bias=town_bias,
            exercised=places_matter,
            share_exercised=0.1,
        ),
        Scenario(
            "local",  # rules/kinds/local.py: 1822's L trains (one stop alone, a city once)
            [
                {"name": "L", "rule": "local"},
                {"name": "LP", "rule": "local"},
                {"name": "L12", "rule": "local", "towns": 2},
                {"name": "2", "stops": 2},
            ],
            exercised=locals_pay,
            share_exercised=0.1,
        ),
        Scenario(
            "halved",  # rules/kinds/halved.py: 1822MX's 3/2P, half its route's revenue
            [
                {"name": "3/2", "rule": "halved", "stops": 3},
                {"name": "2/2", "rule": "halved", "stops": 2},
                {"name": "3", "stops": 3},
            ],
            bonuses=[
                {
                    "id": "v5",
                    "name": "five",
                    "kind": "visit",
                    "at": [],
                    "amount": 5,
                    "always": False,
                }
            ],  # odd revenues: a half rounded up
            pick_bonuses=options(["v5"]),
            exercised=pays,
            share_exercised=0.5,
        ),
        Scenario(
            "tokened_cities",  # rules/kinds/tokened_cities.py: 1822's E train
            [
                {"name": "E", "rule": "tokened_cities", "multiplier": 2, "track_class": "e"},
                {"name": "E1", "rule": "tokened_cities"},  # on the other trains' track
                {"name": "2", "stops": 2},
                {"name": "3", "stops": 3},
            ],
            exercised=e_trains_pay,
            share_exercised=0.1,
        ),
        Scenario(
            "friendly_double",  # rules/kinds/friendly_double.py and tokens_passed_by (18SJ)
            BASIC
            + [
                {"name": "4", "stops": 4},
                {"name": "E", "rule": "friendly_double"},
                {"name": "4E", "rule": "friendly_double", "stops": 4},
            ],
            rules={"tokens_passed_by": {"C": ["E", "4E"]}},
            exercised=friendly_matters,
            share_exercised=0.1,
        ),
        Scenario(
            "plus_towns_min",  # rules/kinds/plus_towns_min.py: at least N cities/off-boards
            [
                {"name": "2M", "rule": "plus_towns_min", "stops": 2},
                {"name": "3M3", "rule": "plus_towns_min", "stops": 3, "min_paying": 3},
                {
                    "name": "3E",
                    "rule": "plus_towns_min",
                    "stops": 3,
                    "city_multiplier": 2,
                    "towns_paid": False,
                },
                {"name": "2+", "rule": "plus_towns", "stops": 2},
                {"name": "3+", "rule": "plus_towns", "stops": 3},
                # 18VA: a freight 2G (3 cities, one of them only on spare_at) and a passenger 3
                # never visiting barred_at (both filled in per game); the single off-board
                # costs no distance (a port: not a paying stop)
                {"name": "2G", "rule": "plus_towns_min", "stops": 3, "spare_at": []},
                {
                    "name": "3P",
                    "rule": "plus_towns_min",
                    "stops": 3,
                    "towns_paid": False,
                    "barred_at": [],
                },
            ],
            map_change=visit_costs,
            exercised=min_matters,
            share_exercised=0.05,
        ),
        Scenario(
            "hotels",  # rules/kinds/hotels.py: money per counted stop on the company's hotels
            BASIC
            + [
                {"name": "2+", "rule": "plus_towns", "stops": 2},
                {
                    "name": "3E",
                    "rule": "plus_towns_min",
                    "stops": 3,
                    "city_multiplier": 2,
                    "towns_paid": False,
                },
            ],
            bonuses=[],  # filled in per game
            pick_bonuses=hotel_options,
            exercised=bonus_matters,
            share_exercised=0.1,
        ),
        Scenario(
            "token_double_ports",  # rules/kinds/token_double.py and linked_port.py (18VA)
            BASIC
            + [
                {"name": "2G", "rule": "plus_towns_min", "stops": 3},
                {
                    "name": "4D",
                    "rule": "plus_towns_min",
                    "stops": 4,
                    "towns_paid": False,
                    "multiplier": 2,
                },
            ],
            bonuses=[],  # filled in per game
            pick_bonuses=options(["td", "lp"], 0.8),
            exercised=bonus_matters,
            share_exercised=0.1,
        ),
        Scenario(
            "multiplier",
            [
                {"name": "2D", "stops": 2, "multiplier": 2},
                {"name": "3D", "stops": 3, "multiplier": 2},
                {"name": "2", "stops": 2},
            ],
            bonuses=[
                {
                    "id": "vm",
                    "name": "visit, multiplied",
                    "kind": "visit",
                    "at": [],  # filled in per map
                    "amount": 10,
                    "always": False,
                    "multiplied": True,
                }
            ],
            pick_bonuses=options(["vm"]),
            exercised=pays,
            share_exercised=0.5,
        ),
        Scenario(
            "pay_best",
            [
                {"name": "2/3", "rule": "pay_best", "pay": 2, "visit": 3},
                {"name": "3/5", "rule": "pay_best", "pay": 3, "visit": 5},
                {"name": "4/6", "rule": "pay_best", "pay": 4, "visit": 6},
                {"name": "3", "stops": 3},
            ],
            tile_ok=no_towns,  # N/M trains take no towns; the 1846 and 18LA maps have none
            exercised=pays,
            share_exercised=0.4,
        ),
        Scenario(
            "pay_best_towns",  # 18Neb's 5/7 (towns as any stop) and 4D (towns passed, x2)
            [
                {"name": "2/3", "rule": "pay_best", "pay": 2, "visit": 3, "with_towns": "paid"},
                {"name": "3/5", "rule": "pay_best", "pay": 3, "visit": 5, "with_towns": "paid"},
                {
                    "name": "2D",
                    "rule": "pay_best",
                    "pay": 2,
                    "visit": 3,
                    "with_towns": "free",
                    "city_multiplier": 2,
                },
                {"name": "3", "stops": 3},
            ],
            exercised=pays,
            share_exercised=0.4,
        ),
        Scenario(
            "edges",
            [
                {"name": "3H", "rule": "edges", "edges": 3, "edge_cost": {"narrow": 2}},
                {"name": "6H", "rule": "edges", "edges": 6, "edge_cost": {"narrow": 2}},
                {"name": "R6H", "rule": "edges", "edges": 6, "edge_cost": {"broad": 2}},
                {
                    "name": "E",
                    "rule": "edges",
                    "edges": 99,
                    "gauges": ["broad", "dual"],
                    "double_at": [],  # filled in: two picks
                },
                {"name": "2", "stops": 2},
            ],
            tile_sets=("common", "library"),
            tile_bias=gauge_bias,
            exercised=pays,
            share_exercised=0.4,
        ),
        Scenario(
            "visit_cost",
            [
                {"name": "2", "stops": 2},
                {"name": "3", "stops": 3},
                {"name": "D"},
                {"name": "2T", "rule": "towns_free", "stops": 2},
                {"name": "3E", "rule": "express", "stops": 3},
                {"name": "2+", "rule": "plus_towns", "stops": 2},
                {"name": "3/4", "rule": "pay_best", "pay": 3, "visit": 4},
            ],
            map_change=visit_costs,
            tile_ok=no_towns,
            exercised=pays,
            share_exercised=0.4,
        ),
        Scenario(
            "terminal",
            BASIC + [{"name": "2T", "rule": "towns_free", "stops": 2}],
            map_change=terminal_cities,
            exercised=pays,
            share_exercised=0.4,
        ),
        Scenario(
            "neutral_tokens",
            BASIC,
            companies=("A", "B", "C", {"abbrev": "N", "name": "neutral", "kind": "neutral"}),
            exercised=differs(neutral_tokens_block=True),
            share_exercised=0.05,
        ),
        Scenario(
            "track_class",
            [
                {"name": "2P", "stops": 2, "track_class": "passenger"},
                {"name": "3P", "stops": 3, "track_class": "passenger"},
                {"name": "2F", "stops": 2, "track_class": "freight"},
                {"name": "4F", "stops": 4, "track_class": "freight"},
            ],
            exercised=pays,
            share_exercised=0.5,
        ),
        Scenario(
            "connection_once",
            BASIC + [{"name": "2D", "stops": 2, "multiplier": 2}],
            bonuses=[],  # filled in per game
            pick_bonuses=options(["once", "oncem", "each"]),
            exercised=bonus_matters,
        ),
        Scenario(
            "ends_pair",
            BASIC
            + [
                {"name": "3/5", "rule": "pay_best", "pay": 3, "visit": 5},
                {"name": "2/4", "rule": "pay_best", "pay": 2, "visit": 4},
            ],
            bonuses=[],  # filled in per game
            pick_bonuses=options(["ew"], 0.8),
            tile_ok=no_towns,
            exercised=bonus_matters,
        ),
        Scenario(
            "placed",
            BASIC
            + [
                {"name": "3E", "rule": "express", "stops": 3},
                {"name": "2D", "stops": 2, "multiplier": 2},
            ],
            bonuses=[],  # filled in per game
            map_change=port_icons,
            pick_bonuses=placed_options,
            exercised=bonus_matters,
        ),
        Scenario(
            "per_stop",
            BASIC + [{"name": "3/5", "rule": "pay_best", "pay": 3, "visit": 5}],
            bonuses=[
                {"id": "mail", "name": "mail", "kind": "per_stop", "amount": 10, "always": False},
                {
                    "id": "mails",
                    "name": "mail on every route",
                    "kind": "per_stop",
                    "amount": 5,
                    "once_per_run": False,
                    "always": False,
                    "multiplied": True,
                },
            ],
            pick_bonuses=options(["mail", "mails"]),
            tile_ok=no_towns,
            exercised=bonus_matters,
        ),
        Scenario(
            "port",
            BASIC + [{"name": "2T", "rule": "towns_free", "stops": 2}],
            bonuses=[],  # filled in per game
            pick_bonuses=lambda rng, places: [rng.choice(["ptok", "pself"])],
            exercised=bonus_matters,
        ),
        Scenario(
            "port_share",  # rules/kinds/port_share.py: 1850Jr's ports, half the stops again
            BASIC + [{"name": "4", "stops": 4}],
            bonuses=[],  # filled in per game
            pick_bonuses=options(["share"], 0.8),
            exercised=bonus_matters,
        ),
        Scenario(
            "drop_lowest",
            BASIC,
            bonuses=[{"id": "cw", "name": "civil war", "kind": "drop_lowest", "always": False}],
            pick_bonuses=options(["cw"], 0.8),
            exercised=bonus_matters,
        ),
        Scenario(
            "one_stop_per_hex",
            BASIC + [{"name": "3T", "rule": "towns_free", "stops": 3}],
            rules={"one_stop_per_hex": False},
            tile_bias=two_stop_bias,
            exercised=differs(one_stop_per_hex=True),
            share_exercised=0.05,
        ),
        Scenario(
            "two_stops_hexes",  # 1822's double hexes: one stop per hex but on these
            BASIC + [{"name": "3T", "rule": "towns_free", "stops": 3}],
            rules=lambda places: {"two_stops_hexes": places["all"][::2]},
            tile_bias=two_stop_bias,
            exercised=differs(two_stops_hexes=()),
            share_exercised=0.05,
        ),
        Scenario(
            "one_stop_per_hex_cities",  # 1824: two stops of one hex only where it has towns
            BASIC + [{"name": "3T", "rule": "towns_free", "stops": 3}],
            rules={"one_stop_per_hex": "cities"},
            tile_bias=two_stop_bias,
            exercised=lambda *a: (
                differs(one_stop_per_hex=True)(*a) or differs(one_stop_per_hex=False)(*a)
            ),
            share_exercised=0.05,
        ),
        Scenario(
            "one_stop_hexes",  # 1894's Paris: one centre of these hexes in a route
            BASIC + [{"name": "3T", "rule": "towns_free", "stops": 3}],
            rules=lambda places: {
                "one_stop_per_hex": False,
                "one_stop_hexes": places["all"][::2],
            },
            tile_bias=two_stop_bias,
            exercised=differs(one_stop_hexes=()),
            share_exercised=0.05,
        ),
        Scenario(
            "hex_reentry",
            [
                {"name": "D"},
                {"name": "6", "stops": 6},
                {"name": "6H", "rule": "edges", "edges": 6},
                {"name": "2", "stops": 2},
            ],
            rules={"hex_reentry": False},
            map_change=crossings,
            tile_bias=crossing_bias,
            dense=True,
            share_exercised=0.025,
            exercised=differs(hex_reentry=True),
        ),
        Scenario(
            "off_centre_towns",  # an off-centre town's paths to other edges share a stretch
            BASIC
            + [
                {"name": "2+", "rule": "plus_towns", "stops": 2},
                {"name": "4", "stops": 4},
            ],
            map_change=off_centre_towns,
            tile_bias=town_bias,
            exercised=differs(town_stretches=False),  # 7 of the 40 fast maps
            share_exercised=0.1,
            dense=True,
        ),
        Scenario(
            "junction_reentry",  # 1817: the engine lets a route pass a junction again
            [
                {"name": "D"},
                {"name": "6", "stops": 6},
                {"name": "4", "stops": 4},
                {"name": "2", "stops": 2},
            ],
            rules={"junction_reentry": True},
            map_change=junctions,
            tile_bias=crossing_bias,
            dense=True,
            share_exercised=0.025,
            exercised=differs(junction_reentry=False),
        ),
        Scenario(
            "express_token",
            [
                {"name": "2E", "rule": "express", "stops": 2},
                {"name": "3E", "rule": "express", "stops": 3},
                {"name": "5+5E", "rule": "express", "stops": 5, "multiplier": 2},
            ],
            rules={"express_token": "route"},
            exercised=differs(express_token="counted"),
            share_exercised=0.05,
        ),
        Scenario(
            "diesel",
            BASIC
            + [
                {"name": "Dsl", "column": "diesel"},
                {"name": "3Dsl", "stops": 3, "column": "diesel"},
            ],
            map_change=diesel_values,
            exercised=pays,
            share_exercised=0.4,
        ),
        Scenario(
            "phase_revenue",
            BASIC,
            map_change=phase_name_city,
            phase_revenue=[{"values": {"2": 10, "3": 20, "5": 40, "D": 70}}],  # hexes filled in
            exercised=pays,
            share_exercised=0.4,
        ),
        Scenario(
            "end_again",  # rules/kinds/end_again.py: a counted end on `at` paid again
            BASIC
            + [
                {"name": "3+3E", "rule": "express", "stops": 3, "multiplier": 2},
                {"name": "2/3", "rule": "pay_best", "pay": 2, "visit": 3},
            ],
            bonuses=[{"id": "dest", "kind": "end_again", "at": [], "always": False}],
            pick_bonuses=options(["dest"]),
            exercised=bonus_matters,
            share_exercised=0.1,
        ),
        Scenario(
            "destination",  # rules/kinds/destination.py: a bonus of one company only
            BASIC + [{"name": "4", "stops": 4}],
            bonuses=[
                {"id": "desta", "kind": "destination", "company": "A", "amount": 30},
                {"id": "destb", "kind": "destination", "company": "B", "amount": 50},
            ],  # home and at filled in per map
            pick_bonuses=options(["desta", "destb"], 0.9),
            exercised=bonus_matters,
            share_exercised=0.1,
        ),
        Scenario(
            "company_double",  # rules/kinds/company_double.py: 18JP-T's destination hexes
            BASIC + [{"name": "4", "stops": 4}],
            bonuses=[
                {"id": "cda", "kind": "company_double", "company": "A"},
                {"id": "cdb", "kind": "company_double", "company": "B"},
            ],  # at filled in per map
            pick_bonuses=options(["cda", "cdb"], 0.9),
            exercised=bonus_matters,
            share_exercised=0.1,
        ),
        Scenario(
            "destination_value",  # rules/kinds/destination_value.py: 1822's destinations
            BASIC
            + [
                {"name": "4", "stops": 4},
                {"name": "E", "rule": "tokened_cities", "multiplier": 2, "track_class": "e"},
            ],
            bonuses=[
                {"id": "dva", "kind": "destination_value", "company": "A"},
                {"id": "dvb", "kind": "destination_value", "company": "B"},
                # only the token in its home tile's second node (1822NRS's LNWR: N29's first)
                {"id": "dvc", "kind": "destination_value", "company": "A", "home_node": 1},
            ],  # home and at filled in per map
            pick_bonuses=options(["dva", "dvb", "dvc"], 0.9),
            exercised=bonus_matters,
            share_exercised=0.05,
        ),
        Scenario(
            "destination_end",  # rules/kinds/destination_end.py: one company's ends paid again
            BASIC
            + [
                {"name": "3+3E", "rule": "express", "stops": 3, "multiplier": 2},
                {"name": "2/3", "rule": "pay_best", "pay": 2, "visit": 3},
            ],
            bonuses=[
                {"id": "runa", "kind": "destination_end", "company": "A"},
                {"id": "runb", "kind": "destination_end", "company": "B"},
            ],  # at filled in per map
            pick_bonuses=options(["runa", "runb"], 0.8),
            exercised=bonus_matters,
            share_exercised=0.1,
        ),
        Scenario(
            "pullman",  # rules/kinds/pullman.py: rides with one other route of the run
            BASIC
            + [
                {"name": "2+", "rule": "plus_towns", "stops": 2},
                {"name": "3E", "rule": "express", "stops": 3},
                {"name": "P", "rule": "pullman"},
            ],
            exercised=rider_matters,
            share_exercised=0.1,
        ),
        Scenario(
            "ends_token_cities",  # rules/kinds/ends_token_cities.py: 18EU red-to-red
            BASIC
            + [
                {"name": "2+", "rule": "plus_towns", "stops": 2},
                {"name": "2/3", "rule": "pay_best", "pay": 2, "visit": 3},
                {"name": "3E", "rule": "express", "stops": 3},
            ],
            bonuses=[
                {
                    "id": "r2r",
                    "kind": "ends_token_cities",
                    "per_token": {"green": 10, "brown": 20, "grey": 30},
                    "most": {"green": 10, "brown": 40, "grey": 150},
                    "always": False,
                }
            ],  # at filled in per map
            pick_bonuses=options(["r2r"], 0.9),
            exercised=bonus_matters,
            share_exercised=0.1,
            dense=True,
        ),
        Scenario(
            "extra_slot",  # tokens in a city's extra slot: the company's, never filling it
            BASIC + [{"name": "4", "stops": 4}],
            bonuses=[
                {"id": "runa", "kind": "destination_end", "company": "A", "extra_token": True},
                {"id": "cattle", "kind": "visit", "amount": 10},  # paid once, not again
            ],  # at filled in per map
            extra_tokens=True,
            exercised=extras_matter,
            share_exercised=0.2,
        ),
        Scenario(
            "connection_run",  # rules/kinds/connection_run.py: one train home to destination
            BASIC + [{"name": "4", "stops": 4}],
            bonuses=[{"id": "conn", "kind": "connection_run", "company": "A"}],
            pick_bonuses=options(["conn"], 0.9),  # home and at filled in per map
            exercised=bonus_matters,
            share_exercised=0.1,
        ),
        Scenario(
            "passing",  # rules/kinds/passing.py: money per marked hex the route's track is on
            BASIC
            + [
                {"name": "3+3E", "rule": "express", "stops": 3, "multiplier": 2},
                {"name": "2/3", "rule": "pay_best", "pay": 2, "visit": 3},
            ],
            bonuses=[
                {"id": "mine", "kind": "passing", "amount": 10},
                {"id": "ranch", "kind": "passing", "amount": 20, "multiplied": True},
            ],  # at filled in per map: every third and every fifth hex, stops or not
            pick_bonuses=options(["mine", "ranch"], 0.8),
            exercised=bonus_matters,
            share_exercised=0.2,
        ),
        Scenario(
            "token_cities",  # rules/kinds/token_cities.py: per counted city holding a token
            BASIC + [{"name": "4", "stops": 4}],
            bonuses=[
                {"id": "modern3", "kind": "token_cities", "amount": 10, "train": "3"},
                {"id": "modern4", "kind": "token_cities", "amount": 20, "train": "4"},
            ],
            pick_bonuses=options(["modern3", "modern4"], 0.8),
            exercised=bonus_matters,
            share_exercised=0.2,
        ),
        Scenario(
            "largest_stop",  # rules/kinds/largest_stop.py: 1894's Luxembourg and London bonus
            BASIC
            + [
                {"name": "4", "stops": 4},
                {"name": "3+1a", "rule": "n_plus_m_all", "stops": 3, "towns": 1},
                {"name": "2/3", "rule": "pay_best", "pay": 2, "visit": 3},
            ],
            bonuses=[
                {"id": "lux", "kind": "largest_stop"},
                {"id": "ldn", "kind": "largest_stop", "others_only": True},
            ],  # at and token_at filled in per map
            pick_bonuses=options(["lux", "ldn"], 0.7),
            exercised=bonus_matters,
            share_exercised=0.1,
        ),
        Scenario(
            "connection_largest",  # rules/kinds/connection_largest.py: 18Neb's east-west
            BASIC
            + [
                {"name": "4", "stops": 4},
                {"name": "3+1a", "rule": "n_plus_m_all", "stops": 3, "towns": 1},
                {"name": "2/3", "rule": "pay_best", "pay": 2, "visit": 3},
                {"name": "3+3E", "rule": "express", "stops": 3, "multiplier": 2},
            ],
            bonuses=[
                {"id": "ew", "kind": "connection_largest"},
                {"id": "ns", "kind": "connection_largest"},
            ],  # at and with_any filled in per map
            pick_bonuses=options(["ew", "ns"], 0.7),
            exercised=bonus_matters,
            share_exercised=0.1,
        ),
        Scenario(
            "one_of_hexes",  # rules/kinds/one_of_hexes.py: 18Neb's North and South Chicago
            BASIC
            + [
                {"name": "4", "stops": 4},
                {"name": "2/3", "rule": "pay_best", "pay": 2, "visit": 3},
            ],
            bonuses=[{"id": "chicago", "kind": "one_of_hexes"}],  # at filled in per map
            pick_bonuses=options(["chicago"], 0.8),
            exercised=bonus_matters,
            share_exercised=0.1,
        ),
        Scenario(
            "closed",  # rules/kinds/closed.py: 1894's London, open with a ferry marker only
            BASIC
            + [
                {"name": "4", "stops": 4},
                {"name": "2/3", "rule": "pay_best", "pay": 2, "visit": 3},
            ],
            bonuses=[
                {"id": "shut", "kind": "closed", "unless": "ferry"},
                {"id": "ferry", "kind": "marker", "always": False},
            ],  # at filled in per map
            pick_bonuses=options(["ferry"], 0.5),
            exercised=bonus_matters,
            share_exercised=0.1,
        ),
    ]
    return out


SCENARIOS = {sc.name: sc for sc in scenarios()}


def per_game_bonuses(sc: Scenario, places) -> list[dict]:
    """The scenario's bonus tables with the game's hex names filled in."""
    p, single, group = places["picks"], places["single"], places["group"]
    if sc.name == "multiplier":
        return [dict(sc.bonuses[0], at=[p[0], p[1], single])]
    if sc.name == "halved":
        return [dict(sc.bonuses[0], at=[p[0], p[1], p[2], single, *group])]
    if sc.name == "connection_once":

        def conn(bid, at, with_any, amount, once, multiplied):
            return {
                "id": bid,
                "name": bid,
                "kind": "connection",
                "at": at,
                "with_any": with_any,
                "amount": amount,
                "once_per_run": once,
                "always": False,
                "multiplied": multiplied,
            }

        return [
            conn("once", [single], [p[0], p[1], places["bypass"]], 30, True, False),
            conn("oncem", group, [p[1], p[2], places["bypass"]], 20, True, True),
            conn("each", [p[3]], [p[4], places["bypass"]], 15, False, False),
        ]
    if sc.name == "ends_pair":
        # W: the off-board group and the left columns; E: the right columns and the single
        # off-board; N and S: the top and bottom rows (a hex may be on two sides)
        coords = {h: hexgrid.name_to_coord(places["orientation"], h) for h in places["all"]}
        xs = [c[0] for c in coords.values()]
        ys = [c[1] for c in coords.values()]
        sides: dict[str, dict[str, int]] = {"E": {}, "W": {}, "N": {}, "S": {}}
        for h, (x, y) in sorted(coords.items()):
            value = 10 * (1 + (x + 2 * y) % 4)
            if x <= min(xs) + 1:
                sides["W"][h] = value
            if x >= max(xs) - 1:
                sides["E"][h] = value
            if y <= min(ys) + 1:
                sides["N"][h] = value
            if y >= max(ys) - 1:
                sides["S"][h] = value
        for g in group:
            sides["W"][g] = 30
        sides["E"][single] = 50
        return [
            {
                "id": "ew",
                "name": "east-west",
                "kind": "ends_pair",
                "sides": sides,
                "pairs": [["E", "W"], ["N", "S"]],
                "always": False,
            }
        ]
    if sc.name == "placed":
        return [
            {
                "id": "sb",
                "name": "steamboat",
                "kind": "placed",
                "hexes": [p[2], p[3], single],
                "amount": 20,
                "per_icon": "port",
                "always": False,
            },
            {
                "id": "dump",
                "name": "dump",
                "kind": "placed",
                "hexes": [p[2], p[3], p[4]],
                "amount": -20,
                "amounts": {p[3]: -10},
                "always": False,
            },
            {
                "id": "meat",
                "name": "meat packing",
                "kind": "placed",
                "hexes": [single, p[4]],
                "amount": 30,
                "always": False,
                "multiplied": True,
            },
        ]
    if sc.name == "ends_token_cities":
        return [dict(sc.bonuses[0], at=[single, *group, places["bypass"], *p[:3]])]
    if sc.name == "token_double_ports":
        ports = {places["single"]: places["bypass"]} | {g: p[0] for g in group}
        return [
            {
                "id": "td",
                "name": "tokened off-boards double",
                "kind": "token_double",
                "at": [places["bypass"], p[1], p[2], single],
                "always": False,
            },
            {
                "id": "lp",
                "name": "linked ports",
                "kind": "linked_port",
                "ports": ports,
                "pays_again": ["2G"],
                "always": False,
            },
        ]
    if sc.name == "hotels":
        return [
            {
                "id": "hot",
                "name": "hotels",
                "kind": "hotels",
                "hexes": places["all"],
                "amount": 10,
                "except_trains": ["3E"],
                "always": False,
            }
        ]
    if sc.name == "end_again":
        return [dict(sc.bonuses[0], at=[p[0], p[1], p[2], single, *group])]
    if sc.name == "connection_run":
        return [dict(sc.bonuses[0], home=[p[0], p[1]], at=[single, *group], always=False)]
    if sc.name == "extra_slot":
        return [
            dict(sc.bonuses[0], at=[p[0], p[1], single], always=True),
            dict(sc.bonuses[1], at=[p[1], single], always=True),
        ]
    if sc.name == "destination_end":
        return [
            dict(sc.bonuses[0], at=[p[0], p[1], single, *group], always=False),
            dict(sc.bonuses[1], at=[p[2], p[3], places["bypass"]], always=False),
        ]
    if sc.name == "company_double":
        return [
            dict(sc.bonuses[0], at=[single, *group, p[0], p[1]], always=False),
            dict(sc.bonuses[1], at=[places["bypass"], p[2], p[3]], always=False),
        ]
    if sc.name == "destination_value":
        bypass = places["bypass"]
        return [
            dict(sc.bonuses[0], home=[bypass, *p[:3]], at=p[3:], always=False),
            dict(sc.bonuses[1], home=p[3:], at=[bypass, *p[:3]], always=False),
            dict(sc.bonuses[2], home=places["all"], at=p[3:], always=False),
        ]
    if sc.name == "passing":
        every = places["all"]
        return [
            dict(sc.bonuses[0], at=every[::3], always=False),
            dict(sc.bonuses[1], at=every[1::5], always=False),
        ]
    if sc.name == "token_cities":
        return [dict(b, always=False) for b in sc.bonuses]
    if sc.name == "closed":
        return [dict(sc.bonuses[0], at=[single, p[0], p[1], p[2]]), sc.bonuses[1]]
    if sc.name == "one_of_hexes":
        at = list(dict.fromkeys([single, *group, *places["all"][::3]]))
        return [dict(sc.bonuses[0], at=at, always=False)]
    if sc.name == "connection_largest":
        every = places["all"]
        return [
            dict(sc.bonuses[0], at=[single, p[0]], with_any=[*group, p[1], p[2]], always=False),
            dict(sc.bonuses[1], at=every[::4], with_any=every[2::4], always=False),
        ]
    if sc.name == "largest_stop":
        return [
            dict(sc.bonuses[0], at=[single, p[0], p[1]], always=False),
            dict(
                sc.bonuses[1],
                at=[p[2], p[3], places["bypass"]],
                token_at=places["all"][::3],
                always=False,
            ),
        ]
    if sc.name == "destination":
        bypass = places["bypass"]
        return [
            dict(sc.bonuses[0], home=[bypass, *p[:3]], at=[single, *group, *p[3:]], always=False),
            dict(sc.bonuses[1], home=[bypass, *p[3:]], at=[single, *p[:3]], always=False),
        ]
    if sc.name == "port":
        ports = [single, *group]
        return [
            {
                "id": "ptok",
                "name": "ports pay per own city",
                "kind": "port",
                "at": ports,
                "min_stops": 3,
                "pays": "token_cities",
                "always": False,
            },
            {
                "id": "pself",
                "name": "ports need three stops",
                "kind": "port",
                "at": ports,
                "min_stops": 3,
                "pays": "self",
                "always": False,
            },
        ]
    if sc.name == "port_share":
        return [
            {
                "id": "share",
                "name": "ports pay half the route again",
                "kind": "port_share",
                "at": [single, *group],
                "min_stops": 3,
                "percent": 50,
                "round_to": 10,
                "always": False,
            }
        ]
    return [dict(b) for b in sc.bonuses]


def per_game_trains(sc: Scenario, places) -> list[dict]:
    out = []
    for t in sc.trains:
        t = dict(t)
        if t.get("double_at") == []:
            t["double_at"] = places["picks"][:2] + [places["single"]]
        for key in ("spare_at", "barred_at"):
            if t.get(key) == []:
                t[key] = places["picks"][:3] + [places["bypass"]]
        out.append(t)
    return out


_GAMES: dict[str, dict] = {}


def scenario_games(sc: Scenario, folder) -> dict:
    if sc.name in _GAMES:
        return _GAMES[sc.name]
    out = {}
    for key, orientation, big in GRIDS:
        hexes, places = grid_hexes(orientation, big)
        places = dict(
            places, bypass=bypass_hex(orientation), orientation=orientation, all=sorted(hexes)
        )
        coords = {hexgrid.name_to_coord(orientation, h) for h in hexes}
        if sc.map_change is not None:
            sc.map_change(hexes, places, orientation, coords)
        phase_revenue = [dict(pr, hexes=[places["bypass"]]) for pr in sc.phase_revenue]
        game = write_game(
            folder / sc.name / key,
            hexes,
            per_game_trains(sc, places),
            layout=orientation.value,
            bonuses=per_game_bonuses(sc, places),
            companies=sc.companies,
            tile_sets=sc.tile_sets,
            extra_tiles=TEST_TILES,
            game_id=f"{sc.name}_{key}",
            rules=(sc.rules(places) if callable(sc.rules) else sc.rules) or None,
            phase_revenue=phase_revenue,
        )
        out[key] = (game, places)
    _GAMES[sc.name] = out
    return out


# ---------------------------------------------------------------------------------------------
# Random maps


def random_map(sc: Scenario, seed: int, folder):
    """(state, company, trains, bonuses) for a seed; deterministic."""
    rng = random.Random(seed)
    key = rng.choices(["flat", "pointy", "big"], weights=[5, 4, 3])[0]
    game, places = scenario_games(sc, folder)[key]
    state = MapState(game, rng.choice([p.name for p in game.phases]))
    whites = [h for h, mh in game.hexes.items() if mh.colour == "white"]
    pool = [t for t in game.catalogue if sc.tile_ok is None or sc.tile_ok(t)]
    weights = [tile_weight(t) * (sc.tile_bias(t) if sc.tile_bias else 1) for t in pool]
    size = rng.randint(12, 30) if key == "big" else rng.randint(6, 16)
    if sc.dense:
        size = rng.randint(25, 35) if key == "big" else rng.randint(12, 16)
    for h in grow_cluster(rng, game, whites, size):
        tile = rng.choices(pool, weights)[0]
        try:
            state.apply(
                state.place_tile_edit(
                    h, tile.name, joining_rotation(rng, state, h, tile), check_available=False
                )
            )
        except MapEditError:
            pass
    company = rng.choice(["A", "A", "A", "B"])
    abbrevs = [c if isinstance(c, str) else c["abbrev"] for c in sc.companies]
    others = [c for c in abbrevs if c != company]
    place_random_tokens(rng, state, state.game.hexes, company, others)
    if sc.extra_tokens:
        place_extra_tokens(rng, state, company, others, (*places["picks"][:2], places["single"]))
    names = [t["name"] for t in sc.trains]
    trains = [rng.choice(names) for _ in range(rng.choice([1, 1, 2, 2, 2, 3]))]
    trains = one_rider(trains, {t["name"] for t in sc.trains if t.get("rule") == "pullman"})
    bonuses = sc.pick_bonuses(rng, places) if sc.pick_bonuses else []
    return state, company, trains, bonuses


def map_for_seed(sc: Scenario, seed: int, folder):
    for attempt in range(20):
        state, company, trains, bonuses = random_map(sc, seed + 100_000 * attempt, folder)
        try:
            oracle_route_objects(state, company, ROUTE_LIMIT)
        except TooManyRoutes:
            continue
        return state, company, trains, bonuses
    raise AssertionError(f"{sc.name} seed {seed}: no small map")


def seed_of(sc: Scenario, i: int) -> int:
    """The i-th seed of a scenario, keyed by its name (adding a scenario changes no other's)."""
    return 10_000 + 1_000 * (zlib.crc32(sc.name.encode()) % 100_000) + i


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    _GAMES.clear()
    return tmp_path_factory.mktemp("rule_games")


def run_batch(sc: Scenario, seeds, folder):
    failures = []
    for i in seeds:
        seed = seed_of(sc, i)
        state, company, trains, bonuses = map_for_seed(sc, seed, folder)
        why = disagreement(state, company, trains, bonuses)
        if why:
            failures.append((seed, state, company, trains, bonuses, why.splitlines()[0]))
    fail_on_disagreements(f"{sc.name}: ", failures, len(seeds))


def batches(n_maps, first=0):
    return [
        range(first + b, min(first + n_maps, first + b + PER_BATCH))
        for b in range(0, n_maps, PER_BATCH)
    ]


FAST = [
    pytest.param(name, seeds, id=f"{name}-{seeds.start}")
    for name in SCENARIOS
    for seeds in batches(CI_MAPS)
]
SLOW = [
    pytest.param(name, seeds, id=f"{name}-{seeds.start}", marks=pytest.mark.slow)
    for name in SCENARIOS
    for seeds in batches(SLOW_MAPS, CI_MAPS)
]


@pytest.mark.parametrize(("name", "seeds"), FAST + SLOW)
def test_finder_matches_oracle_per_rule_kind(name, seeds, folder):
    run_batch(SCENARIOS[name], seeds, folder)


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_scenario_maps_exercise_their_kind(name, folder):
    """The scenario's maps really bring its kind into play (a bonus that changes the answer,
    a reading under which the answer differs, trains that earn)."""
    sc = SCENARIOS[name]
    hits = 0
    for i in range(CI_MAPS):
        state, company, trains, bonuses = map_for_seed(sc, seed_of(sc, i), folder)
        hits += bool(sc.exercised(state, company, trains, bonuses))
    assert hits >= sc.share_exercised * CI_MAPS, f"{name}: {hits} of {CI_MAPS} maps"


# ---------------------------------------------------------------------------------------------
# The exact model (route/exact.py) on the same maps

EXACT_CI_MAPS = 12  # per scenario, in the fast suite (max_paths=0: every search to the model)
EXACT_SLOW_MAPS = 108  # per scenario, with -m slow
# scenarios whose rules the model does not state (the finder then enumerates instead)
NOT_EXACT = {"port"}


def run_exact_batch(sc: Scenario, seeds, folder) -> int:
    """Compare the exact model with the oracle on the scenario's maps; how many it took."""
    failures = []
    exact = 0
    for i in seeds:
        seed = seed_of(sc, i)
        state, company, trains, bonuses = map_for_seed(sc, seed, folder)
        res = find_routes(state, company, list(trains), list(bonuses), max_paths=0)
        if res.stats.get("method") != "exact":
            continue
        exact += 1
        sol = oracle_solve(state, company, trains, bonuses)
        problems = check_finder_result(state, company, trains, bonuses, res)
        if res.net_revenue != sol.total or not res.optimal or problems:
            failures.append(
                f"seed {seed} {trains} {bonuses}: model {res.net_revenue}, oracle {sol.total}"
                f" {problems[:2]}\n{describe_state(state, company, trains, bonuses)}\n"
                f"{sol.describe()}"
            )
    assert not failures, f"{sc.name}: the exact model disagrees\n" + "\n".join(failures[:2])
    return exact


EXACT = [pytest.param(name, range(0, EXACT_CI_MAPS), id=f"{name}-0") for name in SCENARIOS] + [
    pytest.param(name, seeds, id=f"{name}-{seeds.start}", marks=pytest.mark.slow)
    for name in SCENARIOS
    for seeds in batches(EXACT_SLOW_MAPS, EXACT_CI_MAPS)
]


@pytest.mark.parametrize(("name", "seeds"), EXACT)
def test_exact_model_matches_oracle_per_rule_kind(name, seeds, folder):
    exact = run_exact_batch(SCENARIOS[name], seeds, folder)
    if name not in NOT_EXACT:
        assert exact >= len(seeds) // 3, f"{name}: only {exact} of {len(seeds)} maps reached it"


# ---------------------------------------------------------------------------------------------
# Windows of the real maps

REAL_CI_MAPS = 20  # per game, in the fast suite
REAL_SLOW_MAPS = 100  # per game, with -m slow


def real_options(rng, game) -> list[str]:
    """Random options of the game: placed ones on one of their hexes."""
    rules = game_rules(game)
    out = []
    for b in game.bonuses:
        if b.always or rng.random() >= 0.4:
            continue
        hexes = rules.bonuses[b.id].get("hexes")
        if b.kind.placed_many:  # 18FL's hotels: on one to three hexes
            out.append(f"{b.id}:" + "+".join(rng.sample(hexes, rng.randint(1, 3))))
            continue
        out.append(f"{b.id}:{rng.choice(hexes)}" if hexes else b.id)
    return out


def real_map(game_id: str, seed: int):
    rng = random.Random(seed)
    game = load_game(game_id)
    state = MapState(game, rng.choice([p.name for p in game.phases]))
    takes = [h for h, mh in game.hexes.items() if mh.accepts_tiles]
    printed = [h for h, mh in game.hexes.items() if mh.tile.paths]
    near = sorted(
        {n for h in printed for e in range(6) if (n := game.neighbour(h, e)) in set(takes)}
    )
    pool = game.placeable_tiles
    weights = [tile_weight(t) for t in pool]
    cluster = grow_cluster(rng, game, takes, rng.randint(6, 12), start=rng.choice(near))
    for h in cluster:
        tile = rng.choices(pool, weights)[0]
        try:
            state.apply(
                state.place_tile_edit(
                    h, tile.name, joining_rotation(rng, state, h, tile), check_available=False
                )
            )
        except MapEditError:
            pass  # an upgrade rule or printed tokens that do not fit: leave the hex
    token_hexes = sorted(
        set(cluster)
        | {n for h in cluster for e in range(6) if (n := game.neighbour(h, e)) is not None}
    )
    runners = [c.abbrev for c in game.operating_companies]
    company = rng.choice(runners[:3])
    neutral = [c.abbrev for c in game.companies if c.kind == "neutral"]
    others = [c for c in runners if c != company][:2] + neutral
    scatter_real_tokens(rng, state, token_hexes, company, others)
    names = [t.name for t in game.trains]
    trains = [rng.choice(names) for _ in range(rng.choice([1, 1, 2, 2, 2, 3]))]
    trains = one_rider(trains, {t.name for t in game.trains if t.kind.rides})
    return state, company, trains, real_options(rng, game)


def real_map_for_seed(game_id: str, seed: int):
    for attempt in range(20):
        state, company, trains, bonuses = real_map(game_id, seed + 100_000 * attempt)
        try:
            oracle_route_objects(state, company, ROUTE_LIMIT)
        except TooManyRoutes:
            continue
        return state, company, trains, bonuses
    raise AssertionError(f"{game_id} seed {seed}: no small map")


def run_real_batch(game_id: str, seeds):
    failures = []
    for i in seeds:
        seed = 50_000 + 1_000 * GAMES.index(game_id) + i
        state, company, trains, bonuses = real_map_for_seed(game_id, seed)
        why = disagreement(state, company, trains, bonuses)
        if why:
            failures.append((seed, state, company, trains, bonuses, why.splitlines()[0]))
    fail_on_disagreements(f"{game_id}: ", failures, len(seeds))


REAL = [pytest.param(g, range(0, REAL_CI_MAPS), id=f"{g}-0") for g in GAMES] + [
    pytest.param(g, seeds, id=f"{g}-{seeds.start}", marks=pytest.mark.slow)
    for g in GAMES
    for seeds in batches(REAL_SLOW_MAPS, REAL_CI_MAPS)
]


@pytest.mark.parametrize(("game_id", "seeds"), REAL)
def test_finder_matches_oracle_on_real_maps(game_id, seeds):
    run_real_batch(game_id, seeds)
