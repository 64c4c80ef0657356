"""Known answers on 18NL's real map (imported by tools/import_game; games/hand/18NL.toml).

18NL follows the engine's common route rules (tobymao/18xx g_18_nl overrides no route
method): an N-train counts N stops, towns included, each city once, no track twice. The
figures are worked out by hand from the printed hexes of games/18NL.toml (pointy layout:
edge 0 south-west, 1 west, 2 north-west, 3 north-east, 4 east, 5 south-east) and the tiles
of tiles/common.tiles: 57 (city 20, track 0-3), 14 (green city 30, track to 0, 1, 3, 4), 6
(city 20, track 0 and 2), 4 (town 10, track 0-3), 8 (track 0-2), 9 (track 0-3); a tile
turned r sixths adds r to every edge.
"""

from __future__ import annotations

from test_route_games import check, position

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.files.loader import open_game
from rusty_train_py.route.search import find_routes

# Apeldoorn F13 is grey: a city (20) on track to edges 1 and 4, and a track from edge 1 to
# edge 4 passing it by. Amersfoort F9 (57 turned 1: edges 1-4, 20), F11 (9 turned 1),
# Deventer F15 (14 unturned: 30, edges 0, 1, 3, 4) lie on one line west to east.
APELDOORN = [("F9", "57", 1), ("F11", "9", 1), ("F15", "14", 0)]


def test_18nl_apeldoorn_passed_by_on_its_own_track():
    """Phase 3. DV's token in Amersfoort F9. A 2-train takes the track past Apeldoorn:
    F9 - F15 = 20 + 30 = 50 (stopping in Apeldoorn pays 20 + 20 = 40). A 3-train stops in
    all three: 20 + 20 + 30 = 70. Two 2-trains: the second has no track left (F11 and F13's
    edge 1 are the first's; Amersfoort's edge 1 leads to Abcoude F7, no tile): 50."""
    s = position("18NL", "3", tiles=APELDOORN, tokens=[("F9", 0, "DV")])
    check(s, "DV", ["2"], 50)
    check(s, "DV", ["3"], 70)
    check(s, "DV", ["2", "2"], 50)


def test_18nl_apeldoorn_home_runs_both_ways():
    """Phase 3. NCS's home token in Apeldoorn F13. A 2-train: F13 - F15 = 20 + 30 = 50. Two
    2-trains leave Apeldoorn by its two edges: F13 - F9 = 40 and F13 - F15 = 50, 90. A
    3-train runs F9 - F13 - F15: 70."""
    s = position("18NL", "3", tiles=APELDOORN, tokens=[("F13", 0, "NCS")])
    check(s, "NCS", ["2"], 50)
    check(s, "NCS", ["2", "2"], 90)
    check(s, "NCS", ["3"], 70)


def test_18nl_amsterdams_two_cities_apart():
    """Phase 2. Amsterdam E6 is printed yellow with two cities of 40, one on track to edge 1
    (Haarlem E4), one to edge 5 (Abcoude F7); nothing joins them. Haarlem E4: 6 turned 4
    (20, edges 4 and 0); Abcoude F7: 4 turned 2 (10, edges 2-5). HIS in the first city:
    E6 - E4 = 40 + 20 = 60, and a 3-train can reach nothing more (Leiden F3 has no tile).
    NRS in the second: E6 - F7 = 40 + 10 = 50."""
    s = position(
        "18NL",
        "2",
        tiles=[("E4", "6", 4), ("F7", "4", 2)],
        tokens=[("E6", 0, "HIS"), ("E6", 1, "NRS")],
    )
    check(s, "HIS", ["2"], 60)
    check(s, "HIS", ["3"], 60)
    check(s, "NRS", ["2"], 50)
    check(s, "NRS", ["2", "2"], 50)


def test_18nl_antwerpen_pays_by_phase():
    """MES's home token in Tilburg J7 (57 turned 1, 20), Breda J5 (57 turned 1, 20), J3
    (8 turned 4: edges 4-0), K2 (9 unturned: edges 0-3) to Antwerpen L1 (yellow 40, brown
    80). Phase 2: a 2-train J7 - J5 = 40; a 3-train J7 - J5 - L1 = 20 + 20 + 40 = 80.
    Phase 5 (brown): 20 + 20 + 80 = 120."""
    tiles = [("J7", "57", 1), ("J5", "57", 1), ("J3", "8", 4), ("K2", "9", 0)]
    s = position("18NL", "2", tiles=tiles, tokens=[("J7", 0, "MES")])
    check(s, "MES", ["2"], 40)
    check(s, "MES", ["3"], 80)
    s = position("18NL", "5", tiles=tiles, tokens=[("J7", 0, "MES")])
    check(s, "MES", ["3"], 120)


def test_18nl_late_position_pays_what_the_players_earned():
    """Log 167050, action 752 (bench/positions/late_18NL.json, phase D): AS ran its D through
    ten stops, Rotterdam H3 to Heerenveen's brown Z B15 side by side with the 6 to Bremen,
    for 520 in all; the finder's proven optimum is the same 520 (its D takes Münster F21
    where the players' took Heerenveen: 350 + 170)."""
    state = open_game(PROJECT_ROOT / "bench" / "positions" / "late_18NL.json").state
    res = find_routes(state, "AS", ["D", "6"])
    assert res.optimal
    assert res.net_revenue == 520, "\n".join(r.describe() for r in res.routes)
