"""18Chesapeake: Off the Rails on its real map (games/18ChesapeakeOTR.toml: 18Chesapeake's map
and tiles; the engine's g_18_chesapeake_off_the_rails overrides no route method): positions
worked out by hand from the printed hexes, asserted against the brute-force oracle and the
finder; and its late position (bench/positions/late_18ChesapeakeOTR.json, grown by
bench/positions.py), proven."""

from __future__ import annotations

import time

from test_route_games import check, position

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.files.loader import open_game
from rusty_train_py.route.search import find_routes

# Allentown J2 (tile 57 at rotation 1: city 20 on edges 1 and 4) - edge 4 - Easton K1 (grey
# town 30 on edges 1 and 0) - edge 0 - Trenton & Amboy K3 (tile 2 at rotation 2: one town 10 on
# edges 3 and 4, the other on 2 and 5) - edge 4 - New York L2 (red off-board on edges 1 and 0:
# 40 yellow, 60 green, 80 brown, 100 grey). LV's token in Allentown; its other side (I3) has
# no track, so every route runs this one line from Allentown.
NEW_YORK_LINE = [("J2", "57", 1), ("K3", "2", 2)]


def test_allentown_easton_trenton_and_new_york_by_phase():
    s = position("18ChesapeakeOTR", "2", tiles=NEW_YORK_LINE, tokens=[("J2", 0, "LV")])
    check(s, "LV", ["2"], 50)  # Allentown 20 + Easton 30
    check(s, "LV", ["3"], 60)  # + the Trenton town 10
    check(s, "LV", ["4"], 100)  # + New York 40 (yellow)
    check(s, "LV", ["2", "2"], 50)  # one line out of Allentown: the second 2 has no route
    s = position("18ChesapeakeOTR", "5", tiles=NEW_YORK_LINE, tokens=[("J2", 0, "LV")])
    check(s, "LV", ["5"], 140)  # 20 + 30 + 10 + New York 80 (brown)
    s = position("18ChesapeakeOTR", "D", tiles=NEW_YORK_LINE, tokens=[("J2", 0, "LV")])
    check(s, "LV", ["D"], 160)  # 20 + 30 + 10 + New York 100 (grey)
    check(s, "LV", ["D", "D"], 160)


def test_philadelphias_two_cities_are_apart():
    # Philadelphia J4 (printed yellow OO: a city 30 on edge 0, towards Camden J6, and one on
    # edge 3, towards Allentown J2); Allentown and Camden take tile 57 at rotation 0 (city 20
    # on edges 0 and 3). Neither company's route crosses Philadelphia to the other side: C&A
    # runs Camden 20 + Philadelphia 30 = 50, LV Allentown 20 + Philadelphia 30 = 50, whatever
    # the train's length.
    tiles = [("J2", "57", 0), ("J6", "57", 0)]
    s = position("18ChesapeakeOTR", "2", tiles=tiles, tokens=[("J2", 0, "LV"), ("J6", 0, "C&A")])
    check(s, "C&A", ["2"], 50)
    check(s, "C&A", ["3"], 50)
    check(s, "C&A", ["2", "2"], 50)
    check(s, "LV", ["4"], 50)


def test_late_position_is_proven():
    # the grown late position (phase D): C&O with a D and a 6 earns 710 (the D 510 from West
    # Virginia Coal to Baltimore, the 6 200 from Allentown to Green Spring), with three Ds 910
    state = open_game(PROJECT_ROOT / "bench" / "positions" / "late_18ChesapeakeOTR.json").state
    cpu = time.process_time()
    res = find_routes(state, "C&O", ["D", "6"], [])
    three = find_routes(state, "C&O", ["D", "D", "D"], [])
    cpu = time.process_time() - cpu
    assert res.optimal and three.optimal
    assert res.net_revenue == 710, "\n".join(r.describe() for r in res.routes)
    assert sorted(r.revenue for r in res.routes) == [200, 510]
    assert three.net_revenue == 910, "\n".join(r.describe() for r in three.routes)
    assert cpu <= 5.0
