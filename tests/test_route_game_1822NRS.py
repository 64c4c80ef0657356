"""Known answers on 1822NRS's real map (games/1822NRS.toml, imported by tools/import_game with
the 1822 family's train kinds, games/hand/1822NRS.toml for the destinations).

- small positions worked out by hand from the hex codes of the game file: Mid Wales E26 (grey,
  ``city=revenue:yellow_10|...,slots:3`` with two lanes of track, ``lanes:2``, on each of its
  edges 4 and 5, both terminal), the grey F25 beside it (``path=a:1,b:4,a_lane:2.0;
  path=a:1,b:5,a_lane:2.1``: one lane of the border to each of its edges 4 and 5), Chester
  G24 and Crewe H25 (printed towns, 10 with a tile); Preston H19 and Warrington H23 (cities);
- log 190259 (tests/data/18xx_fixtures), action 1033: LYR's 6+ through both towns of Wigan &
  Bolton H21 and of Hamilton & Coatbridge F7 (1822's DOUBLE_HEX), priced by hand;
- the late position bench/positions/late_1822NRS.json (log 190259, action 1027, before NBR's
  run_routes): the finder's optimum equals what the players' routes earned there.
"""

from __future__ import annotations

import gzip
import json

import pytest
from test_route_games import check, position

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.files.loader import open_game
from rusty_train_py.files.online import log_from_data
from rusty_train_py.files.online.realcheck import positions
from rusty_train_py.route.search import find_routes

FIXTURES = PROJECT_ROOT / "tests" / "data" / "18xx_fixtures" / "1822NRS"

# Chester G24 gets tile 3 (a town, track on edges 0 and 1) at rotation 0: its edge 1 meets
# F25's edge 4. G26 gets tile 8 (edges 0 and 2) at rotation 2 (edges 2 and 4): from F25's
# edge 5 to Crewe H25, whose tile 3 at rotation 0 has edge 1 toward G26.
MID_WALES = [("G24", "3", 0), ("G26", "8", 2), ("H25", "3", 0)]


def test_1822nrs_mid_wales_pays_by_phase_and_ends_the_route():
    # Minor 29's home Mid Wales E26 (10 in yellow, 20 in green, 30 in grey) to Chester G24
    # (10) through F25: 10 + 10 = 20; in phase 3 (green) 20 + 10 = 30.
    state = position("1822NRS", "2", tiles=MID_WALES, tokens=[("E26", 0, "29")])
    check(state, "29", ["2"], 20)
    state = position("1822NRS", "3", tiles=MID_WALES, tokens=[("E26", 0, "29")])
    check(state, "29", ["2"], 30)


def test_1822nrs_two_routes_share_the_two_lanes_into_mid_wales():
    # E26's edge 4 carries two lanes: F25's edge 1 holds both, one to its edge 4 (Chester
    # G24), one to its edge 5 (G26, then Crewe H25). 18xx.games' check_overlap keys a track
    # by hex, edge and lane, so two 2-trains of minor 29 run E26-G24 and E26-H25: 20 + 20 =
    # 40 in phase 2 (F27 leads to no stop: G26's tile has no track toward it).
    state = position("1822NRS", "2", tiles=MID_WALES, tokens=[("E26", 0, "29")])
    check(state, "29", ["2", "2"], 40)


def test_1822nrs_destination_once_per_run_and_local_trains():
    # LYR's home Liverpool G22 (yellow 30, track on edges 0, 3, 5) and its destination token
    # in Manchester I22 (yellow 40, edges 0, 1, 4); Warrington H23 gets tile 6 (a city of
    # 20, edges 0 and 2) at rotation 2 (edges 2 and 4): G22's edge 5 and I22's edge 1.
    tiles = [("H23", "6", 2)]
    tokens = [("G22", 0, "LYR"), ("I22", 0, "LYR")]
    state = position("1822NRS", "2", tiles=tiles, tokens=tokens)
    # the 3: 30 + 20 + 40 = 90, and Manchester's 40 again (home and destination on the
    # route): 130
    check(state, "LYR", ["3"], 130)
    # the E (tokened cities only, doubled; starts and ends at them): (30 + 40) x 2 = 140,
    # its destination bonus at the train's multiplier, 80: 220
    check(state, "LYR", ["E"], 220)
    # both: the bonus once per run, on the route where it is biggest (the E's 80): on its
    # own track class the E shares G22-H23-I22 with the 3: 90 + 140 + 80 = 310
    check(state, "LYR", ["3", "E"], 310)
    # the L (at most one city and one town: a token city alone): Manchester 40, no bonus;
    # two Ls never share a city: 40 + 30 = 70
    check(state, "LYR", ["L"], 40)
    check(state, "LYR", ["L", "L"], 70)


def log_position(name: str, action: int):
    data = json.loads(gzip.decompress((FIXTURES / f"{name}.json.gz").read_bytes()))
    return next(p for p in positions(log_from_data(data, name)) if p.action_id == action)


def test_1822nrs_double_hexes_count_both_towns_in_one_route():
    # Log 190259, action 1033 (phase 7): LYR's 6 with the pullman (a 6+: six cities, every
    # town) ran I30-H25-I26-I22-H23-H21-G20-G22-H21-H19-H17-H13-F7-E6-F7, through both towns
    # of Wigan & Bolton H21 (tile 56) and both of Hamilton & Coatbridge F7 (tile 55), which
    # 1822's DOUBLE_HEX lets one route count. Cities: Birmingham I30 80 (grey), Manchester
    # I22 80 (X13), Warrington H23 50 (X19), Liverpool G22 60 (X11), Preston H19 40 (611),
    # Glasgow E6 70 (grey) = 380; towns: H25, I26, H21 twice, G20, H17, H13, F7 twice, 10
    # each = 90; LYR's destination Manchester (its home Liverpool G22 on the route) 80
    # again: 550, what the log records.
    pos = log_position("1822NRS_game_end_stock_market", 1033)
    lock = "6+:I30,H25,I26,I22,H23,H21,G20,G22,H21,H19,H17,H13,F7,E6,F7"
    res = find_routes(pos.state, "LYR", ["6+"], pos.bonuses, locked=[lock])
    assert res.net_revenue == 550, [r.describe() for r in res.routes]
    stops = [s.hex for r in res.routes for s in r.stops]
    assert stops.count("H21") == 2 and stops.count("F7") == 2


# (company, trains, what the players' routes earned in the 18xx.games engine)
LATE_RUNS = [
    # log 190259 (1822NRS_game_end_stock_market), action 1027: NBR's E
    # M30-J29-I30-H25-I26-I22-H19-H17-H13-E6-H5-G4-H1 (its tokened cities London 100,
    # Birmingham 80, Manchester 80, Glasgow 70, Edinburgh 50, Aberdeen 60, doubled: 880, and
    # its destination Aberdeen doubled again, 120: 1000), its 5 with the pullman (a 5+)
    # N29-...-F7 400 and its 2P M30-J29 150
    ("NBR", ["5P+", "2P", "E"], 1550),
]


@pytest.mark.parametrize(("company", "trains", "paid"), LATE_RUNS)
def test_1822nrs_late_position_pays_what_the_players_earned(company, trains, paid):
    state = open_game(PROJECT_ROOT / "bench" / "positions" / "late_1822NRS.json").state
    res = find_routes(state, company, trains, [])
    assert res.optimal
    assert res.net_revenue == paid, "\n".join(r.describe() for r in res.routes)
