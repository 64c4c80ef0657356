"""1817WO (1817's rules on a map of the world) on its real map: a position worked out by hand
from the game file (games/1817WO.toml, games/hand/1817WO.toml), asserted against the
brute-force oracle and the finder; and the late position of a game played on 18xx.games
(bench/positions/late_1817WO.json), where the finder's optimum is what the players earned.
"""

from __future__ import annotations

import time

from helpers.hand_maps import check_revenue as check
from test_route_games import position

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.files.loader import open_game
from rusty_train_py.route.search import find_routes


def test_a_mine_and_a_bridge_on_the_world_map():
    # Dynasties K4 (tile 57, city 20, rotation 0) - K6 (a mountain hex where a coal mine goes:
    # tile 9, straight, rotation 0) - Terra Australis K8 (tile 57, rotation 0); WC's token in
    # Dynasties. A 2-train: 20 + 20 = 40; a coal mine on K6 +10 (a route through it); a
    # bridge token on Dynasties +10 at that counted stop: 60. The bridge on Mare Nostrum (G4)
    # and a mine on E2 pay nothing here.
    tiles = [("K4", "57", 0), ("K6", "9", 0), ("K8", "57", 0)]
    s = position("1817WO", "2", tiles=tiles, tokens=[("K4", 0, "WC")])
    check(s, "WC", ["2"], 40)
    check(s, "WC", ["2"], 40, ["bridge_G4", "mine_E2"])
    check(s, "WC", ["2"], 50, ["mine_K6"])
    check(s, "WC", ["2"], 60, ["mine_K6", "bridge_K4"])


# the bridge and mines on the map at log 19926, action 693, as the replay holds them
LATE_OPTIONS = ["bridge_K4", "mine_K6", "mine_E2", "mine_I8"]


def test_late_position_pays_what_the_players_earned():
    # WC ran 7,8 for $720 there (the log records no revenue: the engine's, replayed by
    # tools/import_game/dump_position.rb); the finder proves $720 the best, the 7 through the
    # I8 mine and the 8 through the E2 mine, within 2 s of CPU.
    state = open_game(PROJECT_ROOT / "bench" / "positions" / "late_1817WO.json").state
    cpu = time.process_time()
    res = find_routes(state, "WC", ["7", "8"], LATE_OPTIONS)
    cpu = time.process_time() - cpu
    assert res.optimal
    assert res.net_revenue == 720, "\n".join(r.describe() for r in res.routes)
    assert cpu <= 2.0
    bonuses = sorted(b for r in res.routes for b, _ in r.bonuses)
    assert bonuses == ["mine_E2", "mine_I8"]
