"""Known answers on 1894's real map (games/1894.toml, its route rules in games/hand/1894.toml),
worked out by hand in the comments from the printed hexes and the rules of tobymao/18xx
g_1894 (check_distance, revenue_for), asserted against the brute-force oracle and the finder;
and its late position (bench/positions/late_1894.json): the finder's optimum equals what the
players earned in the 18xx.games engine, proven."""

from __future__ import annotations

from test_route_games import check, position

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.files.loader import open_game
from rusty_train_py.route.search import find_routes


def test_1894_luxembourg_is_worth_the_largest_stop():
    # Hasselt G18 (grey city 20 | brown 30, Belge's token) - edge 0 - Liege H17 (tile 57,
    # city 20, edges 0 and 3) - Arlon I16 on its bypass track 3-4 (the town is on 1 and 4) -
    # Luxembourg I18 (off-board 0, worth the route's largest stop).
    tiles = [("H17", "57", 0)]
    s = position("1894", "Yellow", tiles=tiles, tokens=[("G18", 0, "Belge")])
    check(s, "Belge", ["2"], 40)  # G18-H17: 20 + 20 (Luxembourg is a third stop)
    check(s, "Belge", ["3"], 60)  # G18-H17-I18: 20 + 20 + 0, and Luxembourg 20
    s = position("1894", "Brown", tiles=tiles, tokens=[("G18", 0, "Belge")])
    check(s, "Belge", ["3"], 80)  # Hasselt pays 30 in brown: 30 + 20 + 0 + 30


def test_1894_london_needs_a_ferry_marker_and_pays_its_bonus():
    # Calais B9 (tile 57 at rotation 0: city 20 on edges 0 and 3, Nord's token) - edge 3 -
    # London A10 (blue city 30 in yellow, edges 0, 1, 5) - edge 1 - Boulogne A8 (grey town 20
    # on edges 0 and 4). London only with a ferry marker (check_distance); with Nord's token
    # on the London bonus hex A12, London is raised by the largest other stop (london_bonus).
    tiles = [("B9", "57", 0)]
    s = position("1894", "Yellow", tiles=tiles, tokens=[("B9", 0, "Nord")])
    check(s, "Nord", ["3"], 0)  # no ferry marker: Calais reaches no other stop
    check(s, "Nord", ["2"], 50, ["ferry"])  # B9-A10: 20 + 30
    check(s, "Nord", ["3"], 70, ["ferry"])  # B9-A10-A8: 20 + 30 + 20
    s = position("1894", "Yellow", tiles=tiles, tokens=[("B9", 0, "Nord"), ("A12", 0, "Nord")])
    check(s, "Nord", ["2"], 70, ["ferry"])  # 20 + 30, London +20 (Calais)
    check(s, "Nord", ["3"], 90, ["ferry"])  # 20 + 30 + 20, London +20
    check(s, "Nord", ["3"], 0)  # the bonus token opens nothing without the marker


def test_1894_late_position_pays_what_the_players_earned():
    # log 209053, action 843: Belge's D ran I2-...-C18 for 570 (Centre & Bourgogne with the
    # Netherlands: +100), two cities of the split Saint-Quentin G10 and both towns of G12
    state = open_game(PROJECT_ROOT / "bench" / "positions" / "late_1894.json").state
    res = find_routes(state, "Belge", ["D"], [])
    assert res.optimal
    assert res.net_revenue == 570, "\n".join(r.describe() for r in res.routes)
