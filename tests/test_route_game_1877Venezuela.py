"""1877: Venezuela (1817's rules on a map of Venezuela) on its real map: positions worked out
by hand from the game file (games/1877Venezuela.toml, games/hand/1877Venezuela.toml),
asserted against the brute-force oracle and the finder; and the late position of a game
played on 18xx.games (bench/positions/late_1877Venezuela.json), where the finder's optimum is
what the players earned.
"""

from __future__ import annotations

import time

from helpers.hand_maps import check_revenue as check
from test_route_games import position

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.files.loader import open_game
from rusty_train_py.mapstate.upgrades import upgrade_candidates
from rusty_train_py.route.search import find_routes


def test_caracas_and_a_brown_mine_in_the_last_phase():
    # Phase 4 (brown). Caracas F1: the brown C tile X3 (one city of 60, track to edges 1 and
    # 5), Cap's token there. West: Acarigua E2 (tile 5 at rotation 4, track to F1 and F3:
    # 20). East: G2 (tile 8, F1 to G4) - Zaraza G4 (the brown mine tile X7, a city of 10,
    # straight from G2 to G6) - Cabruta G6 (tile 5 at rotation 3: 20).
    # A 2-train: Caracas 60 + Acarigua 20 = 80. A 3-train: 20 + 60 + 10 or 60 + 10 + 20 = 90.
    # A 4-train: all four, 20 + 60 + 10 + 20 = 110. Two 2-trains: E2-F1 80 and F1-G4 70 (both
    # from Caracas, on other track): 150; G4-G6 alone holds no token of Cap.
    tiles = [
        ("F1", "X3", 0),
        ("E2", "5", 4),
        ("G2", "8", 0),
        ("G4", "X7", 0),
        ("G6", "5", 3),
    ]
    s = position("1877Venezuela", "4", tiles=tiles, tokens=[("F1", 0, "Cap")])
    check(s, "Cap", ["2"], 80)
    check(s, "Cap", ["3"], 90)
    check(s, "Cap", ["4"], 110)
    check(s, "Cap", ["2", "2"], 150)


def test_the_two_cities_of_green_caracas_never_in_one_route():
    # Phase 3. Caracas F1: the green C tile X1 (two cities of 50, one to edge 1, one to edge
    # 5), CLG's token in the first. Acarigua E2 (tile 5, rotation 4: 20) on the first city's
    # side, G2 (tile 8) - Zaraza G4 (the green mine tile X6, 20) - Cabruta G6 (tile 5: 20) on
    # the second's. The two cities share no track, and a route visits no hex twice: a 2-train
    # runs E2-F1 for 70; a 4-train the same 70 (the second city is another route: 50 + 20 +
    # 20 = 90, without CLG's token). With a token of CLG in the second city too: two 4s,
    # 70 + 90 = 160.
    tiles = [
        ("F1", "X1", 0),
        ("E2", "5", 4),
        ("G2", "8", 0),
        ("G4", "X6", 0),
        ("G6", "5", 3),
    ]
    s = position("1877Venezuela", "3", tiles=tiles, tokens=[("F1", 0, "CLG")])
    check(s, "CLG", ["2"], 70)
    check(s, "CLG", ["4"], 70)
    s = position("1877Venezuela", "3", tiles=tiles, tokens=[("F1", 0, "CLG"), ("F1", 1, "CLG")])
    check(s, "CLG", ["4", "4"], 160)


def test_the_mine_tile_goes_on_any_hex_the_engine_may_draw_for_a_mine():
    # the hand file's upgrade rule: the 11 candidates of G1877::Game MINE_HEXES take the
    # yellow mine X5 (label ⛏️, which no printed hex carries) or the plain city 5; a plain
    # track hex takes neither; a mine goes on as a mine (X5 -> X6), a city as a city
    s = position("1877Venezuela", "3")
    assert [c.tile for c in upgrade_candidates(s, "E2")] == ["5", "X5"]
    assert [c.tile for c in upgrade_candidates(s, "G4")] == ["5", "X5"]
    assert [c.tile for c in upgrade_candidates(s, "C6")] == ["7", "8", "9"]
    s = position("1877Venezuela", "3", tiles=[("G4", "X5", 0), ("E2", "5", 4)])
    assert [c.tile for c in upgrade_candidates(s, "G4")] == ["X6"]
    assert [c.tile for c in upgrade_candidates(s, "E2")] == ["441", "442", "444"]


def test_late_position_pays_what_the_players_earned():
    # at 1877Venezuela_game_end_final_phase, action 353 (phase 4), Cap ran 3,3,2+ for 280:
    # F1-E2-D3 110, F1-F3-G4 110, E2-F3 60; the finder proves 280 the best (its own split:
    # 110 + 90 + 80, Acarigua in all three routes on other track), within 1 s of CPU
    state = open_game(PROJECT_ROOT / "bench" / "positions" / "late_1877Venezuela.json").state
    cpu = time.process_time()
    res = find_routes(state, "Cap", ["3", "3", "2+"])
    cpu = time.process_time() - cpu
    assert res.optimal
    assert res.net_revenue == 280, "\n".join(r.describe() for r in res.routes)
    assert cpu <= 1.0
    assert sorted(r.revenue for r in res.routes) == [80, 90, 110]
