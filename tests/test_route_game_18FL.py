"""Known answers on 18FL's real map (imported by tools/import_game; games/hand/18FL.toml).

The hand-checked position uses the printed hexes of the west end (games/18FL.toml): New
Orleans B1 (off-board, yellow_40|brown_70, track to edge 4), Mobile B5 (yellow city 20, track
to edges 1 and 4, a port), Tallahassee B15 (yellow city 20, track to edges 0, 1 and 4), and
tiles laid in a line along row B as in the late position below (9 and 4 turned 1: track from
edge 1 to edge 4): B3 (9), Pensacola B7 (town 4, 10), B9 and B11 (9), Chattahoochee B13
(town 4, 10). LN's home token in Mobile.
"""

from __future__ import annotations

from test_route_games import check, position

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.files.loader import open_game
from rusty_train_py.route.search import find_routes

WEST = [("B3", "9", 1), ("B7", "4", 1), ("B9", "9", 1), ("B11", "9", 1), ("B13", "4", 1)]


def test_18fl_towns_paid_hotels_and_steamboat():
    # Phase 2: B1 40, B5 20, B7 10, B13 10, B15 20. An N-train counts N cities and off-boards
    # plus every town it passes, paid. The 2 cannot reach B15 from B1 (three of them), so
    # B1-B5-B7-B13 = 40 + 20 + 10 + 10 = 80 (a route may end at a town); the 3 runs the row:
    # 80 + 20 = 100.
    s = position("18FL", "2", tiles=WEST, tokens=[("B5", 0, "LN")])
    check(s, "LN", ["2"], 80)
    check(s, "LN", ["3"], 100)
    # LN's hotels on B7 and B13: +10 each on a stop there (phase 2): 80 + 20 = 100. The
    # Steamboat on Mobile: +20 once on a route counting B5: 120. On Tampa G20 it is not on
    # this route: 100.
    check(s, "LN", ["2"], 90, ["hotels:B7"])
    check(s, "LN", ["2"], 100, ["hotels:B7+B13"])
    check(s, "LN", ["2"], 120, ["hotels:B7+B13", "steamboat:B5"])
    check(s, "LN", ["2"], 100, ["hotels:B7+B13", "steamboat:G20"])


def test_18fl_hotels_doubled_and_the_3e():
    # Phase 6 (brown allowed): New Orleans pays 70, hotels $20. The 6: 70 + 20 + 10 + 10 + 20
    # = 130, with the hotel on B7 150. The 3E counts three cities or off-boards doubled and
    # passes towns unpaid, hotels not counted: (70 + 20 + 20) x 2 = 220 with or without it.
    s = position("18FL", "6", tiles=WEST, tokens=[("B5", 0, "LN")])
    check(s, "LN", ["6"], 130)
    check(s, "LN", ["6"], 150, ["hotels:B7"])
    check(s, "LN", ["3E"], 220)
    check(s, "LN", ["3E"], 220, ["hotels:B7"])
    # The Steamboat pays the 3E too, not doubled: 240.
    check(s, "LN", ["3E"], 240, ["steamboat:B5"])


def test_18fl_3e_needs_two_cities():
    # Only Pensacola B7 laid: B5-B7 is one city and a town. The 2 runs it (20 + 10 = 30); the
    # 3E must count at least two cities or off-boards, so it has no route at all.
    s = position("18FL", "6", tiles=[("B7", "4", 1)], tokens=[("B5", 0, "LN")])
    check(s, "LN", ["2"], 30)
    check(s, "LN", ["3E"], 0)


def test_18fl_late_position_pays_what_the_players_earned():
    # log 185897, action 519 (bench/positions/late_18FL.json): SAL ran its 4 and 3E for 840,
    # the 4 with its hotel in St. Augustine C24 (+20 in phase 6)
    state = open_game(PROJECT_ROOT / "bench" / "positions" / "late_18FL.json").state
    res = find_routes(state, "SAL", ["4", "3E"], ["hotels:C24"])
    assert res.optimal
    assert res.net_revenue == 840, "\n".join(r.describe() for r in res.routes)
    without = find_routes(state, "SAL", ["4", "3E"])
    assert without.net_revenue == 820  # the hotel's $20, on the 4 only
