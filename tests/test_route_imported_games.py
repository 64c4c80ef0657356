"""Known answers on the real maps of the games imported by tools/import_game.

Two kinds of check per game:

- a small position on the printed map, its answer worked out by hand in the comments from the
  hex codes of the game file (printed track, revenues by phase colour) and the rules as
  games/README.md states them, asserted against the brute-force oracle and the finder;
- the late position of the game (bench/positions/late_<id>.json, the map just before a
  run_routes action of a game played on 18xx.games, tools/import_game/dump_position.rb): the
  finder's optimum for the company that ran equals what the players' routes earned there in
  the 18xx.games engine (the log's ``revenue``), proven.
"""

from __future__ import annotations

import pytest
from test_route_games import check, position

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.files.loader import open_game
from rusty_train_py.route.search import find_routes


def test_18texas_fort_worth_and_dallas_pays_both_cities():
    # D9 Fort Worth & Dallas: two printed cities (10 and 20) joined by track on one hex; the
    # 18xx.games reading (one_stop_per_hex = false) lets a 2-train count both: 10 + 20 = 30.
    state = position("18Texas", "2", tokens=[("D9", 1, "T&P")])
    check(state, "T&P", ["2"], 30)


def test_18texas_houston_galveston_by_phase():
    # I14 Houston (yellow city 30, track to edges 1 and 5) and J15 Galveston (grey town
    # yellow_20|brown_50, track to edges 1 and 2): I14's edge 5 meets J15's edge 2. SP's home
    # token in Houston; a 2-train runs Houston-Galveston: 30 + 20 = 50 in phase 2, and
    # 30 + 50 = 80 once brown tiles are allowed (phase 5).
    state = position("18Texas", "2", tokens=[("I14", 0, "SP")])
    check(state, "SP", ["2"], 50)
    state = position("18Texas", "5", tokens=[("I14", 0, "SP")])
    check(state, "SP", ["2"], 80)


# (game, company, trains, options, what the players' routes earned in the 18xx.games engine)
LATE_RUNS = [
    ("18Texas", "T&P", ["8"], [], 320),  # log 65394, action 470
    ("18MEX", "CHI", ["4D"], [], 460),  # log 80226, action 737: 4D pays cities double
    ("1856", "CV", ["D"], [], 800),  # log 187252, action 914: Canadian West's black 50 in D
    ("1856", "WGB", ["5", "5"], [], 560),  # the same map: WGB ran 560 at actions 905 and 926
    ("1888", "SSL", ["D"], [], 570),  # log 129026, action 728: +20 SSL destination C13
    ("18MT", "BAP", ["5"], [], 360),  # log 186961, action 684: C1-...-A21 with East-West +100
    ("18CO", "CBQ", ["5", "6"], [], 680),  # log 186753, action 974: E1-...-B26 East-West +100
]


@pytest.mark.parametrize(("game_id", "company", "trains", "options", "paid"), LATE_RUNS)
def test_late_position_pays_what_the_players_earned(game_id, company, trains, options, paid):
    state = open_game(PROJECT_ROOT / "bench" / "positions" / f"late_{game_id}.json").state
    res = find_routes(state, company, trains, options)
    assert res.optimal
    assert res.net_revenue == paid, "\n".join(r.describe() for r in res.routes)
