"""18 Los Angeles 1st edition on its real map (games/18LosAngeles1.toml, its route rules in
games/hand/18LosAngeles1.toml: the 2nd edition's Game, g_18_los_angeles, on the 1st edition's
map), worked out by hand from the printed hexes, asserted against the brute-force oracle and
the finder; and its late position (bench/positions/late_18LosAngeles1.json, grown by
bench/positions.py), proven."""

from __future__ import annotations

import time

from test_route_games import check, position

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.files.loader import open_game
from rusty_train_py.route.search import find_routes


def test_santa_monica_to_oxnard_with_the_steamship_and_the_mail():
    # Santa Monica C2 (grey city 10, two port icons, SP's home) joins Oxnard B1 (red off-board
    # W, yellow 40 | brown 10, one port icon); no other printed track leaves Santa Monica.
    s = position("18LosAngeles1", "I", tokens=[("C2", 0, "SP")])
    check(s, "SP", ["2"], 50)  # 10 + 40
    check(s, "SP", ["2", "2"], 50)  # one track to Oxnard: the second 2 has no route
    check(s, "SP", ["2", "3/5"], 100)  # a passenger and a freight train share it: 50 + 50
    check(s, "SP", ["2"], 90, ["steamship:C2"])  # +20 per port: Santa Monica's two, +40
    check(s, "SP", ["2"], 70, ["steamship:B1"])  # Oxnard's one port: +20
    check(s, "SP", ["2"], 70, ["mail"])  # +10 per stop of one route: +20
    check(s, "SP", ["2", "3/5"], 180, ["steamship:C2"])  # the Steamship on every route: 90 + 90
    s = position("18LosAngeles1", "IV", tokens=[("C2", 0, "SP")])
    check(s, "SP", ["6"], 20)  # Oxnard is worth 10 from brown on: 10 + 10


def test_late_position_is_proven():
    # the grown late position (phase IV): ELA with the Citrus on Riverside, the Steamship on
    # Oxnard and the Mail Contract; a 7/8 and a 6 earn 860 (the 7/8 520 from Long Beach to
    # Riverside with +80 mail, the 6 340), three 7/8s 1150 (one 380 from Reseda to the Port of
    # Long Beach with the N/S bonus 20 + 50)
    state = open_game(PROJECT_ROOT / "bench" / "positions" / "late_18LosAngeles1.json").state
    options = ["citrus:C14", "steamship:B1", "mail"]
    cpu = time.process_time()
    res = find_routes(state, "ELA", ["7/8", "6"], options)
    three = find_routes(state, "ELA", ["7/8", "7/8", "7/8"], options)
    cpu = time.process_time() - cpu
    assert res.optimal and three.optimal
    assert res.net_revenue == 860, "\n".join(r.describe() for r in res.routes)
    assert sorted(r.revenue for r in res.routes) == [340, 520]
    assert three.net_revenue == 1150, "\n".join(r.describe() for r in three.routes)
    assert ("east_west", 70) in [b for r in three.routes for b in r.bonuses]
    assert cpu <= 5.0
