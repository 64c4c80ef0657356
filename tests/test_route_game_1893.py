"""Known answers on 1893's real map (imported by tools/import_game; games/hand/1893.toml).

1893 follows the engine's common route rules (tobymao/18xx g_1893 overrides no route
method): an N-train counts N stops, towns included; the 8+x counts eight cities and
off-boards and every town it passes, each paid. The figures are worked out by hand from the
printed hexes of games/1893.toml (flat layout, numbers are columns: edge 0 down, 1 lower
left, 2 upper left, 3 up, 4 upper right, 5 lower right; a column's hexes are two letters
apart) and the tiles of tiles/common.tiles and tiles/1893.tiles: K57 (BX city 20, track
0-3), 57 (city 20, track 0-3), K201 (K city 30, track to 0 and 1), 9 (track 0-3), 4 (town
10, track 0-3); a tile turned r sixths adds r to every edge.
"""

from __future__ import annotations

from test_route_games import check, position

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.files.loader import open_game
from rusty_train_py.route.search import find_routes

# Benrath D5 (K57: 20) up to the red hex B5, whose track from edge 2 leads to Düsseldorf's
# red town A4 (20 yellow, 30 green, 50 brown; track to edges 0, 1 and 5, none terminal);
# from A4 down C4 (9) to Dormagen E4 (57: 20), G4 (9) and the town I4 (4: 10)
NORTH = [("D5", "K57", 0), ("C4", "9", 0), ("E4", "57", 0), ("G4", "9", 0), ("I4", "4", 0)]


def test_1893_duesseldorfs_red_town_is_passed_through_and_paid_by_phase():
    """RAG's token in Benrath D5. Phase 2: a 2-train D5 - A4 = 20 + 20 = 40; a 3-train runs
    on through the red town: D5 - A4 - E4 = 60; a 4-train adds I4: 70. Phase 3 (green): A4
    pays 30: 50 and 80."""
    s = position("1893", "2", tiles=NORTH, tokens=[("D5", 0, "RAG")])
    check(s, "RAG", ["2"], 40)
    check(s, "RAG", ["3"], 60)
    check(s, "RAG", ["4"], 70)
    s = position("1893", "3", tiles=NORTH, tokens=[("D5", 0, "RAG")])
    check(s, "RAG", ["2"], 50)
    check(s, "RAG", ["4"], 80)


def test_1893_the_8_plus_x_counts_its_towns_free():
    """Phase 8+x (A4 pays its brown 50). A 3-train: D5 - A4 - E4 = 20 + 50 + 20 = 90. The
    8+x counts the two cities and both towns, each paid: 20 + 50 + 20 + 10 = 100, as a
    4-train does (four stops)."""
    s = position("1893", "8+x", tiles=NORTH, tokens=[("D5", 0, "RAG")])
    check(s, "RAG", ["3"], 90)
    check(s, "RAG", ["8+x"], 100)
    check(s, "RAG", ["4"], 100)


# Köln L5: K201 turned 2 (30, track to edges 2 and 3); edge 3 meets the grey J5 (city 20,
# track to edges 0, 1 and 3), whose edge 3 meets the grey H5 (city 20, track to edge 0)
KOELN = [("L5", "K201", 2)]
SET_UP = [("J5", 0, "HGK"), ("H5", 0, "N")]  # G1893 setup: HGK's first token, the neutral


def test_1893_hgks_set_up_token_blocks_the_way_to_h5():
    """DE's token in Köln L5. J5's one space holds HGK's token from the set-up, so DE's
    routes end there: L5 - J5 = 50 for a 2- or a 3-train. HGK runs through its own city to
    H5, whose space the neutral N holds (it blocks no route): J5 - L5 = 50 for a 2-train,
    L5 - J5 - H5 = 30 + 20 + 20 = 70 for a 3-train; two 2-trains leave J5 both ways:
    50 + 40 = 90."""
    s = position("1893", "2", tiles=KOELN, tokens=[*SET_UP, ("L5", 0, "DE")])
    check(s, "DE", ["2"], 50)
    check(s, "DE", ["3"], 50)
    check(s, "HGK", ["2"], 50)
    check(s, "HGK", ["3"], 70)
    check(s, "HGK", ["2", "2"], 90)


def test_1893_late_position_pays_what_the_players_earned():
    """Log 193198, action 370 (bench/positions/late_1893.json, phase 6): DE ran its 6 from
    Aachen P1 through Düren, Bergheim, Köln and K6 to Leverkusen (260) and its 4 from Aachen
    N1 through Düren and Brühl to Köln (200): 460, Aachen's two hexes one in each route.
    The finder's proven optimum is the same 460 (Brühl on the 6, Bergheim on the 4)."""
    state = open_game(PROJECT_ROOT / "bench" / "positions" / "late_1893.json").state
    res = find_routes(state, "DE", ["6", "4"])
    assert res.optimal
    assert res.net_revenue == 460, "\n".join(r.describe() for r in res.routes)
