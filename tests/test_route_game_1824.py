"""Known answers on 1824's real map (games/1824.toml, imported; games/hand/1824.toml).

Mines: only goods trains (1g-5g, the ``goods`` kind) visit a mine, each route exactly one,
and the mine's value goes to the company's treasury, not the route (tobymao/18xx g_1837
``check_other``, ``revenue_for`` and ``routes_subsidy``); N-trains (the ``no_mines`` kind)
never visit one. Hand-checked on the printed map, asserted against the brute-force oracle
and the finder; then the late position of a game played on 18xx.games.
"""

from __future__ import annotations

import pytest
from test_route_games import check, position

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.files.loader import open_game
from rusty_train_py.route.search import find_routes

# Phase 2. A22 is the grey mine (yellow_20, terminal track to edges 1 and 5, the coal
# railway MLB's home). A20 (town) takes tile 3 (town 10) turned 4: edges 4 (A22) and 5
# (B21). B21 takes tile 8 turned 2: edges 2 (A20) and 4 (B23). Lemberg B23 takes tile 5
# (city 20) turned 1: edges 1 (B21) and 2 (A22). A loop A22 - A20 - B21 - B23 - A22.
LOOP = [("A20", "3", 4), ("B21", "8", 2), ("B23", "5", 1)]


def test_1824_goods_train_visits_one_mine_paid_nothing():
    state = position("1824", "2", tiles=LOOP, tokens=[("A22", 0, "MLB")])
    # MLB's token is on the mine. A 1g (2 cities and off-boards, towns free) runs A22-B23:
    # Lemberg 20, the mine 0 (its 20 is the company's subsidy) = 20; A22-A20-B21-B23: town
    # 10 + Lemberg 20 = 30 (cities: the mine and Lemberg, 2).
    check(state, "MLB", ["1g"], 30)
    # Two 1g: the loop's two sides from the mine's two edges, A22-A20-B21-B23 30 and
    # A22-B23 20 = 50 (both end at Lemberg on separate track).
    check(state, "MLB", ["1g", "1g"], 50)
    # A 2-train may not visit a mine, and every route of MLB starts at its mine: 0.
    check(state, "MLB", ["2"], 0)


def test_1824_n_train_keeps_off_the_mine():
    state = position("1824", "2", tiles=LOOP, tokens=[("B23", 0, "CL")])
    # CL in Lemberg. A 3-train: B23-B21-A20 = 20 + 10 = 30; going on into the mine is not
    # allowed (else A22 would add its 20: 50).
    check(state, "CL", ["3"], 30)
    # A 1g must end at the mine: B23-A22 20, or B23-B21-A20-A22 20 + 10 = 30.
    check(state, "CL", ["1g"], 30)
    # 2 and 1g together: the 2 takes B23-B21-A20 (30), the 1g B23-A22 (20) = 50; the 1g on
    # the long way (30) would leave the 2 nothing.
    check(state, "CL", ["2", "1g"], 50)


# (company, trains, what the players' routes earned in the 18xx.games engine, what the finder
# proves), log 235047, phase 10; the map is the same at actions 646 and 664. Both optima are
# routes the engine itself accepts (Route#revenue and check_overlap on that position, run by
# hand with the engine): the players did not find them.
# - action 646, UG 6, 6: the players ran J13-H15-F17-E16-E14-E12 290 and
#   C12-B9-C10-F17-E14-E12 280 = 570; the second 6 earns 290 from Krakau A18 instead:
#   A18-B15-C16-F17-E14-E12 = 60 + 30 + 10 + 70 + 40 + 80, on track the first leaves free.
# - action 664, MS 4g (5 cities with the mine, every town): the players ran
#   F17-E12-C16-B15-A18-A20-A22 = 70 + 80 + 10 + 30 + 60 + 10 + mine 0 = 260; from I22 six
#   towns (60) lead to Wien 80, Brünn 40, C16 10, Mährisch-Ostrau 30, Krakau 60, A20 10 and
#   the mine A22: 290 (the mine's 60 is MS's subsidy either way).
LATE_1824 = [("UG", ["6", "6"], 570, 580), ("MS", ["4g"], 260, 290)]


@pytest.mark.parametrize(("company", "trains", "paid", "best"), LATE_1824)
def test_1824_late_position(company, trains, paid, best):
    state = open_game(PROJECT_ROOT / "bench" / "positions" / "late_1824.json").state
    res = find_routes(state, company, trains, [])
    assert res.optimal
    assert res.net_revenue == best >= paid, "\n".join(r.describe() for r in res.routes)
