"""1849 Boot (1849: Kingdom of the Two Sicilies) on its real map: positions worked out by hand
from the game file (games/1849Boot.toml, games/hand/1849Boot.toml), each asserted against the
brute-force oracle and the finder; and the late position of a game played on 18xx.games
(bench/positions/late_1849Boot.json), where the finder proves the optimum.

The line of the first test, AL's token in Lecce N20 (gray city, 20 in 4H and 6H, 30 in 8H and
10H, 40 from 12H: NEW_GRAY_REVENUE_CENTERS, by the phase's name): Ugento O19 (gray town 20) -
N20 - M21 (tile 8, rotation 0: edges 0 and 2) - Brindisi L20 (tile 57, rotation 2: city 20)
- K19 (tile 9, rotation 2) - Bari J18 (gray city, as Lecce) - the port J20 (40). Every edge
of it is broad or dual track: an H train's distance is one per edge.
"""

from __future__ import annotations

import time

from helpers.hand_maps import check_revenue as check
from test_route_games import position

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.files.loader import open_game
from rusty_train_py.route.search import find_routes

LINE = [("M21", "8", 0), ("L20", "57", 2), ("K19", "9", 2)]


def test_lecce_to_the_port_of_bari():
    s = position("1849Boot", "4H", tiles=LINE, tokens=[("N20", 0, "AL")])
    # 4H (4 edges): O19-N20-L20 (3 edges) 20 + 20 + 20 = 60, or N20-L20-J18 (4) 60;
    # N20..J20 would be 5 edges
    check(s, "AL", ["4H"], 60)
    # 6H (6 edges): O19-N20-L20-J18-J20, 1 + 2 + 2 + 1 edges: 20 + 20 + 20 + 20 + 40 = 120
    check(s, "AL", ["6H"], 120)
    # both: the 4H takes N20-O19 (40), the 6H N20-L20-J18-J20 (100); they share the city only
    check(s, "AL", ["4H", "6H"], 140)
    # CNM's mark on the port J20: +20 to a route counting it
    check(s, "AL", ["4H", "6H"], 160, ["cnm:J20"])
    # 8H phase: Lecce and Bari pay 30: 4H 50, 6H 30 + 20 + 30 + 40 = 120
    s = position("1849Boot", "8H", tiles=LINE, tokens=[("N20", 0, "AL")])
    check(s, "AL", ["4H", "6H"], 170)
    # 12H phase: 40 each: 60 + 140
    s = position("1849Boot", "12H", tiles=LINE, tokens=[("N20", 0, "AL")])
    check(s, "AL", ["4H", "6H"], 200)


def test_a_port_needs_two_other_stops():
    # SFCS's token in Bari J18: J18-J20 alone is two stops, refused (check_other: a route to a
    # port counts two other stops); J18-K19-L20 pays 20 + 20 = 40 to a 4H; J20-J18-L20 (3
    # edges) is 40 + 20 + 20 = 80
    s = position("1849Boot", "4H", tiles=[("L20", "57", 2), ("K19", "9", 2)])
    s.apply(s.place_token_edit("J18", 0, "SFCS"))
    check(s, "SFCS", ["4H"], 80)
    s = position("1849Boot", "4H", tokens=[("J18", 0, "SFCS")])
    check(s, "SFCS", ["4H"], 0)  # the port alone: no route


def test_the_earthquake_leaves_avezzano_one_narrow_track():
    # C7 after the earthquake (the gray tile C7: a town of 10, narrow track to edge 4 only):
    # Roma C5 is no longer reached from it
    s = position("1849Boot", "12H", tiles=[("C7", "C7", 0)])
    tile, _ = s.tile_at("C7")
    assert [c.revenue.fixed for c in tile.revenue_centres] == [10]
    assert sorted(tile.track_edges) == [4]


def test_late_position_is_proven():
    # the grown late position (bench/positions.py: phase 16H, 55 of 65 tile-taking hexes
    # tiled): IFP with three 16H trains and CNM on the port G5; 610, proven within 1 s of CPU
    state = open_game(PROJECT_ROOT / "bench" / "positions" / "late_1849Boot.json").state
    cpu = time.process_time()
    res = find_routes(state, "IFP", ["16H", "16H", "16H"], ["cnm:G5"])
    cpu = time.process_time() - cpu
    assert res.optimal
    assert res.net_revenue == 610, "\n".join(r.describe() for r in res.routes)
    assert cpu <= 1.0
    assert find_routes(state, "IFP", ["16H", "12H"], ["cnm:G5"]).net_revenue == 520
