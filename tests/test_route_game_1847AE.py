"""Known answers on 1847 AE's real map (games/1847AE.toml, its route rules in
games/hand/1847AE.toml and rusty_train_py/titles/t1847ae.py), worked out by hand in the
comments from the printed hexes and tobymao/18xx g_1847_ae (its trains' distance rows,
revenue_for: coal_bonus and local_bonus), asserted against the brute-force oracle and the
finder; and its late position (bench/positions/late_1847AE.json): the finder's optimum equals
what the players earned in the 18xx.games engine, proven.

Edges on this pointed-top map: 0 south-west, 1 west, 2 north-west, 3 north-east, 4 east,
5 south-east. Every position is in phase 6+6 (brown off-board values)."""

from __future__ import annotations

from test_route_games import check, position

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.files.loader import open_game
from rusty_train_py.route.search import find_routes

# Saar's home H6 (a coal hex) east to Karlsruhe I21 (Z): H6 tile 202 (Y city 30) turned 2
# (edges 2, 4) - H8 town (tile 4 turned 1, edges 1-4, 10) - Zweibrücken H10 (57 turned 1,
# city 20) - H12, H14 (straight 9 turned 1) - Landau H16 (57 turned 1, city 20) - H18 (8
# turned 5: edges 5 and 1) - I19 town (58 turned 2: edges 2 and 4, 10) - Karlsruhe I21 (its
# track on edge 1; brown 40). Six stops: four cities and off-boards, two towns.
COAL_LINE = [
    ("H6", "202", 2),
    ("H8", "4", 1),
    ("H10", "57", 1),
    ("H12", "9", 1),
    ("H14", "9", 1),
    ("H16", "57", 1),
    ("H18", "8", 5),
    ("I19", "58", 2),
]


def test_1847ae_coal_bonus_pays_every_train_but_the_6e():
    s = position("1847AE", "6+6", tiles=COAL_LINE, tokens=[("H6", 0, "Saar")])
    # 6+6 (n_plus_m_all: at most 6 cities and off-boards, 12 stops, all paid): the whole
    # line, 30 + 10 + 20 + 20 + 10 + 40 = 130, and coal (H6 with I21) +70
    check(s, "Saar", ["6+6"], 200)
    # 4+4: four cities and off-boards (H6, H10, H16, I21) and the two towns: 200 too
    check(s, "Saar", ["4+4"], 200)
    # 6E (up to 6 cities and off-boards paid, towns passed unpaid): 30 + 20 + 20 + 40, and
    # no coal for the 6E
    check(s, "Saar", ["6E"], 110)
    # 3+3: three cities at most, so not I21: H6-H8-H10-H16-I19, 30 + 10 + 20 + 20 + 10
    check(s, "Saar", ["3+3"], 90)
    # 5: five stops from H6: H6 to I19, the same 90 (no route leaves H6 west)
    check(s, "Saar", ["5"], 90)
    # one line of track: the 6+6 takes it, the 6E has nothing left
    check(s, "Saar", ["6+6", "6E"], 200)


# Rheinland B2 (A) south to Paris I3 (B): B2 (track on edge 5) - Trier C3 (57 turned 2,
# edges 2-5, city 20) - D4 (9 turned 2) - E5 town (4 turned 2, 10) - F6 (8 turned 0: edges 0
# and 2) - G5 (9 turned 0: edges 0-3) - Völklingen H4 (6 turned 3: edges 3 and 5, city 20) -
# I5 (7 turned 1: edges 1 and 2) - Paris I3 (track on edge 4). B2 and I3 pay 50 in brown.
LOCAL_LINE = [
    ("C3", "57", 2),
    ("D4", "9", 2),
    ("E5", "4", 2),
    ("F6", "8", 0),
    ("G5", "9", 0),
    ("H4", "6", 3),
    ("I5", "7", 1),
]


def test_1847ae_a_to_b_bonus_pays_every_train():
    s = position("1847AE", "6+6", tiles=LOCAL_LINE, tokens=[("C3", 0, "RNB")])
    # 5: the five stops, 50 + 20 + 10 + 20 + 50 = 150, and A (B2) with B (I3) +40
    check(s, "RNB", ["5"], 190)
    # 6E: 50 + 20 + 20 + 50 (the town passed unpaid) and the bonus, which a 6E gets too
    check(s, "RNB", ["6E"], 180)
    # 4: four stops from C3: B2-C3-E5-H4 or C3-E5-H4-I3, 100, no pair of A and B
    check(s, "RNB", ["4"], 100)
    # 3+3: at most three cities and off-boards: the same 100
    check(s, "RNB", ["3+3"], 100)


def test_1847ae_late_position_pays_what_the_players_earned():
    # log 199004, action 545: L's 6+6 ran G21-...-H6-I7 (380 with the coal bonus: Stuttgart/
    # München G21 and the coal hex H6) and its 5 F12-H10-G9-H6-I3 (230), 610 in all
    state = open_game(PROJECT_ROOT / "bench" / "positions" / "late_1847AE.json").state
    res = find_routes(state, "L", ["5", "6+6"], [])
    assert res.optimal
    assert res.net_revenue == 610, "\n".join(r.describe() for r in res.routes)
    six = next(r for r in res.routes if r.train == "6+6")
    assert six.revenue == 380
