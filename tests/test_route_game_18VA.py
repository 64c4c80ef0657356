"""Known answers on 18VA's real map (imported by tools/import_game; games/hand/18VA.toml).

The south-east corner (games/18VA.toml): Rocky Mount F17 (an off-board city, yellow_30|
brown_50, a terminal track to edge 3), Norfolk H15 (yellow city 20, track to edges 2 and 5),
its port I16 (yellow_30|brown_50, no distance, linked to Norfolk), and tiles of the late
position below: F15 (9 turned 0), Petersburg F13 (170, brown city 50), G14 (9 turned 2): the
line F17 - F13 - H15 - I16. In phase 5 (brown) every value is the brown one.
"""

from __future__ import annotations

from test_route_games import check, position

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.files.loader import open_game
from rusty_train_py.route.search import find_routes

SOUTH_EAST = [("G14", "9", 2), ("F13", "170", 5), ("F15", "9", 0)]


def test_18va_port_needs_the_linked_token_and_freight_pays_it_twice():
    # VR's token in Norfolk: the 5 runs F17-F13-H15-I16, 50 + 50 + 20 + 50 = 170 (Rocky Mount
    # holds no VR token: not doubled). The 4G earns the port and Norfolk again: 170 + 50 + 20
    # = 240. The 4D doubles everything: 340.
    s = position("18VA", "5", tiles=SOUTH_EAST, tokens=[("H15", 0, "VR")])
    check(s, "VR", ["5"], 170)
    check(s, "VR", ["4G"], 240)
    check(s, "VR", ["4D"], 340)
    # The Railway Express Agency on Norfolk: +10, +20 for the 4D
    check(s, "VR", ["5"], 180, ["rea:H15"])
    check(s, "VR", ["4D"], 360, ["rea:H15"])
    # VR's token in Petersburg instead: no token in Norfolk, the port is closed to it:
    # H15-F13-F17 = 20 + 50 + 50 = 120, for the 4G too
    s = position("18VA", "5", tiles=SOUTH_EAST, tokens=[("F13", 0, "VR")])
    check(s, "VR", ["5"], 120)
    check(s, "VR", ["4G"], 120)


def test_18va_tokened_off_board_city_pays_double():
    # VR's token in Rocky Mount: 50 doubled; the 4D four times (200) and the rest doubled
    s = position("18VA", "5", tiles=SOUTH_EAST, tokens=[("F17", 0, "VR")])
    check(s, "VR", ["5"], 100 + 50 + 20)
    check(s, "VR", ["4D"], 200 + 100 + 40)


def test_18va_cmd_for_freight_trains_only():
    # Lynchburg C12 (63, brown city 40, VR's token) - B13 (58, a mine town 10) - Roanoke A12
    # (the CMD, grey city 20). A passenger 2 may not visit the CMD and B13's town is unpaid
    # (one paying stop): no route. Freight trains pay the town; of a 1G's two cities one is
    # kept for the CMD: 40 + 10 + 20 = 70; a 2G +20 there: 90; a 3G +40: 110. The 4D, no
    # freight train, has no route either.
    s = position("18VA", "5", tiles=[("B13", "58", 2), ("C12", "63", 0)], tokens=[("C12", 0, "VR")])
    check(s, "VR", ["2"], 0)
    check(s, "VR", ["1G"], 70)
    check(s, "VR", ["2G"], 90)
    check(s, "VR", ["3G"], 110)
    check(s, "VR", ["4D"], 0)


def test_18va_late_position_pays_what_the_players_earned():
    # log 190070, action 671 (bench/positions/late_18VA.json): WMR's 5G ran A12 (CMD, +80)
    # through the mine towns to Annapolis H5 and its port I6 (paid twice with H5) for 350
    state = open_game(PROJECT_ROOT / "bench" / "positions" / "late_18VA.json").state
    res = find_routes(state, "WMR", ["5G"], [])
    assert res.optimal
    assert res.net_revenue == 350, "\n".join(r.describe() for r in res.routes)
