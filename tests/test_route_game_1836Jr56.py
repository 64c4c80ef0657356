"""1836jr56 (1856's rules on 1836Jr30's map) on its real map: positions worked out by hand
from the game file (games/1836Jr56.toml, games/hand/1836Jr56.toml), each asserted against the
brute-force oracle and the finder; and the grown late position (bench/positions/
late_1836Jr56.json), where the finder proves the optimum.

The line: the port G1 (green_20|brown_30: nothing in phase 2, 20 from phase 3, 30 from phase
5; paid once per counted city holding the company's token, and only on a route of three
stops or more: G1836Jr56#revenue_for) - H2 (tile 58, rotation 2: a town of 10 on edges 2 and
4) - H4 (tile 57, rotation 1: a city of 20 on edges 1 and 4) - Lon H6 (printed city 30, B's
home).
"""

from __future__ import annotations

import time

from helpers.hand_maps import check_revenue as check
from test_route_games import position

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.files.loader import open_game
from rusty_train_py.route.search import find_routes

LINE = [("H2", "58", 2), ("H4", "57", 1)]


def test_the_port_pays_per_tokened_city():
    s = position("1836Jr56", "3", tiles=LINE, tokens=[("H6", 0, "B")])
    # a 4: G1 20 (one city with B's token) + H2 10 + H4 20 + H6 30 = 80
    check(s, "B", ["4"], 80)
    # a 3 cannot reach the port (four stops): H2-H4-H6, 10 + 20 + 30 = 60
    check(s, "B", ["3"], 60)
    check(s, "B", ["D"], 80)
    # the RdP marker on H4: +20 to the route counting it
    check(s, "B", ["4"], 100, ["rdp:H4"])
    # a second B token in H4: the port pays 20 for each of H4 and H6: 40 + 10 + 20 + 30
    s.apply(s.place_token_edit("H4", 0, "B"))
    check(s, "B", ["4"], 100)
    # phase 5: the port is worth 30 a tokened city: 60 + 60
    s = position("1836Jr56", "5", tiles=LINE, tokens=[("H6", 0, "B"), ("H4", 0, "B")])
    check(s, "B", ["4"], 120)


def test_the_port_is_worth_nothing_in_phase_2():
    s = position("1836Jr56", "2", tiles=LINE, tokens=[("H6", 0, "B")])
    check(s, "B", ["4"], 60)  # 0 + 10 + 20 + 30
    # a port and a town alone: two stops, no route to the port (H2-H4-H6 is the 3's 60)
    check(s, "B", ["3"], 60)


def test_late_position_is_proven():
    # the grown late position (bench/positions.py: phase D, 37 of 44 tile-taking hexes
    # tiled): B with a D and an 8 and the RdP marker on A9, 730; three Ds 870; proven
    state = open_game(PROJECT_ROOT / "bench" / "positions" / "late_1836Jr56.json").state
    cpu = time.process_time()
    res = find_routes(state, "B", ["D", "8"], ["rdp:A9"])
    cpu = time.process_time() - cpu
    assert res.optimal
    assert res.net_revenue == 730, "\n".join(r.describe() for r in res.routes)
    assert cpu <= 1.0
    assert find_routes(state, "B", ["D", "D", "D"], ["rdp:A9"]).net_revenue == 870
