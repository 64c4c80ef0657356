"""18DE (1817's rules on a map of Germany) on its real map: positions worked out by hand from
the game file (games/18DE.toml, games/hand/18DE.toml), asserted against the brute-force
oracle and the finder; and the late position of a game played on 18xx.games
(bench/positions/late_18DE.json), where the finder's optimum is what the players earned.
"""

from __future__ import annotations

import time

from helpers.hand_maps import check_revenue as check
from test_route_games import position

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.files.loader import open_game
from rusty_train_py.route.search import find_routes


def test_a_mine_a_bridge_and_the_modern_trains_from_frankfurt():
    # Frankfurt D16 (tile 57, city 20, rotation 0) - D14 (a mountain hex where a coal mine
    # goes: tile 9, straight) - D12 (tile 9) - Osnabrück D10 (tile 57): HE's tokens in both
    # cities. A 2-train: 20 + 20 = 40; a coal mine on D14 +10 (a route through it, no stop);
    # the bridge token on Frankfurt +10 at that counted stop: 60. The bridge on Dresden
    # (J14) and a mine on G17 pay nothing here. Modern trains: the 7 +10 and the 8 +20 per
    # counted city holding HE's token (both here): 40 + 20 = 60 and 40 + 40 = 80; the 8 with
    # everything: 80 + 10 + 10 = 100. The option of the 7 pays the 8 nothing (40).
    tiles = [("D16", "57", 0), ("D14", "9", 0), ("D12", "9", 0), ("D10", "57", 0)]
    s = position("18DE", "8", tiles=tiles, tokens=[("D16", 0, "HE"), ("D10", 0, "HE")])
    check(s, "HE", ["2"], 40)
    check(s, "HE", ["2"], 40, ["bridge_J14", "mine_G17"])
    check(s, "HE", ["2"], 50, ["mine_D14"])
    check(s, "HE", ["2"], 60, ["mine_D14", "bridge_D16"])
    check(s, "HE", ["7"], 60, ["modern_7"])
    check(s, "HE", ["8"], 80, ["modern_8"])
    check(s, "HE", ["8"], 40, ["modern_7"])
    check(s, "HE", ["8"], 100, ["modern_8", "bridge_D16", "mine_D14"])


def test_the_two_cities_of_hamburg_never_in_one_route():
    # Hamburg F6 (yellow OO, two cities of 30, printed track to edges 1 and 5) and Bremen E7
    # (yellow 20, track to edge 4, the side facing Hamburg's first city): MS's token in
    # Hamburg's first city. A 2-train: Bremen 20 + Hamburg 30 = 50; a 3-train cannot add
    # Hamburg's second city (no hex twice in a route, and no track joins the two): 50.
    s = position("18DE", "2", tokens=[("F6", 0, "MS")])
    check(s, "MS", ["2"], 50)
    check(s, "MS", ["3"], 50)


# the bridges and mines on the map at 18DE_game_end_final_phase, action 1177, as the replay
# holds them, and the modern trains option the log is played with
LATE_OPTIONS = ["bridge_J14", "mine_G11", "mine_G13", "bridge_D16", "modern_7", "modern_8"]


def test_late_position_pays_what_the_players_earned():
    # HE ran its 8 for 520 there, München - Nürnberg - Stuttgart - Frankfurt - Weimar -
    # Leipzig - Dresden - Berlin (five of HE's cities at +20 each, the two bridges, the G13
    # mine); the finder proves 520 the best within 2 s of CPU, and 420 without the options.
    state = open_game(PROJECT_ROOT / "bench" / "positions" / "late_18DE.json").state
    cpu = time.process_time()
    res = find_routes(state, "HE", ["8"], LATE_OPTIONS)
    cpu = time.process_time() - cpu
    assert res.optimal
    assert res.net_revenue == 520, "\n".join(r.describe() for r in res.routes)
    assert cpu <= 2.0
    bonuses = sorted(b for r in res.routes for b, _ in r.bonuses)
    assert bonuses == ["bridge_D16", "bridge_J14", "mine_G13"] + ["modern_8"] * 5
    assert find_routes(state, "HE", ["8"]).net_revenue == 420
