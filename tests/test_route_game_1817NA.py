"""1817NA (1817's rules on a map of North America) on its real map: a position worked out by
hand from the game file (games/1817NA.toml, games/hand/1817NA.toml), asserted against the
brute-force oracle and the finder; and the late position of a game played on 18xx.games
(bench/positions/late_1817NA.json), where the finder's optimum is what the players earned.
"""

from __future__ import annotations

import time

from helpers.hand_maps import check_revenue as check
from test_route_games import position

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.files.loader import open_game
from rusty_train_py.route.search import find_routes


def test_a_mine_and_a_bridge_on_the_north_american_map():
    # New Orleans H18 (tile 57, city 20, rotation 0) - G19 (a mountain hex where a coal mine
    # goes: tile 9, straight, rotation 0) - Toronto F20 (tile 57, rotation 0); NYOW's token
    # in New Orleans. A 2-train: 20 + 20 = 40; a coal mine on G19 +10 (a route through it);
    # a bridge token on New Orleans +10 at that counted stop: 60. The bridge on Winnipeg
    # (D16) and a mine on J14 pay nothing here.
    tiles = [("H18", "57", 0), ("G19", "9", 0), ("F20", "57", 0)]
    s = position("1817NA", "2", tiles=tiles, tokens=[("H18", 0, "NYOW")])
    check(s, "NYOW", ["2"], 40)
    check(s, "NYOW", ["2"], 40, ["bridge_D16", "mine_J14"])
    check(s, "NYOW", ["2"], 50, ["mine_G19"])
    check(s, "NYOW", ["2"], 60, ["mine_G19", "bridge_H18"])


# the bridges and mines on the map at log 25351, action 1209, as the replay holds them
LATE_OPTIONS = ["bridge_H18", "bridge_D16", "mine_G19", "mine_B4", "mine_D10", "mine_A3"]


def test_late_position_pays_what_the_players_earned():
    # NYOW ran 5,4 for $440 there (270 + 170); the finder proves $440 the best (its own
    # split: 290 + 150, New Orleans with the bridge's +10), within 2 s of CPU.
    state = open_game(PROJECT_ROOT / "bench" / "positions" / "late_1817NA.json").state
    cpu = time.process_time()
    res = find_routes(state, "NYOW", ["5", "4"], LATE_OPTIONS)
    cpu = time.process_time() - cpu
    assert res.optimal
    assert res.net_revenue == 440, "\n".join(r.describe() for r in res.routes)
    assert cpu <= 2.0
