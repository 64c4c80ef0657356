"""Known answers on 1822MX's real map (games/1822MX.toml, imported by tools/import_game with
the 1822 family's train kinds, games/hand/1822MX.toml for the destinations).

- a small position worked out by hand from the hex codes of the game file: minor 3's home
  Hermosillo E8 (printed city=revenue:0), the small port P1 laid on the sea hex F7 (blue,
  ``junction;path=a:3,b:_0,terminal:1``; P1 is ``city=revenue:yellow_30|green_40,slots:0``
  with one terminal path, laid at rotation 3 onto the hex's edge 3);
- the late position bench/positions/late_1822MX.json (log 200020, action 815, before MC's
  run_routes): the finder's optimum equals what the players' routes earned there.
"""

from __future__ import annotations

import pytest
from test_route_games import check, position

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.files.loader import open_game
from rusty_train_py.route.search import find_routes

FIXTURES = PROJECT_ROOT / "tests" / "data" / "18xx_fixtures" / "1822MX"

# E8 gets tile 57 (yellow city 20, track edges 0 and 3) at rotation 0: its edge 0 meets F7's
# edge 3, the port's one path, which ends a route (terminal).
PORT = [("E8", "57", 0), ("F7", "P1", 3)]


def test_1822mx_port_p1_pays_by_phase_and_ends_the_route():
    # A 2-train runs Hermosillo (20) - F7 port (30 in yellow phase 2, 40 once green is in):
    # 20 + 30 = 50, then 20 + 40 = 60 in phase 3.
    state = position("1822MX", "2", tiles=PORT, tokens=[("E8", 0, "3")])
    check(state, "3", ["2"], 50)
    state = position("1822MX", "3", tiles=PORT, tokens=[("E8", 0, "3")])
    check(state, "3", ["2"], 60)


def test_1822mx_local_train_runs_its_token_city_alone():
    # The L (local: one city and one town, no off-board, the token city alone a route of one
    # stop) cannot count the port beside its city's 20 (a second city): it runs Hermosillo
    # alone, 20. With a 2-train too, 60 + 20 = 80 (the 2 and the L may share the city; two L
    # trains may not: L, L earns 20, the second L has no city left).
    state = position("1822MX", "3", tiles=PORT, tokens=[("E8", 0, "3")])
    check(state, "3", ["L"], 20)
    check(state, "3", ["2", "L"], 80)
    check(state, "3", ["L", "L"], 20)


def test_1822mx_local_lock_of_one_stop_takes_the_token_city_of_a_multi_city_hex():
    # Tlaxcala Puebla N25 (green, printed): three cities of 30, one slot each. Minor 18's
    # token in the second city (token space 1). The engine records an L's run there as
    # ["local", "N25"] (no city named): the lock L:N25 must be that city, 30, not the first
    # city (no token: not a route of 18's).
    state = position("1822MX", "1", tokens=[("N25", 1, "18")])
    res = find_routes(state, "18", ["L"], [], locked=["L:N25"])
    assert res.net_revenue == 30
    assert [s.hex for r in res.routes for s in r.stops] == ["N25"]


# (company, trains, what the players' routes earned in the 18xx.games engine)
LATE_RUNS = [
    # log 200020 (1822MX_game_end_stock_market), action 815: MC's 6 with the pullman attached
    # (a 6+: six cities, every town too) N23-...-H11 350, and its 3/2P N23-L19-K20 100 (half
    # of 200)
    ("MC", ["6+", "3/2P"], 450),
]


@pytest.mark.parametrize(("company", "trains", "paid"), LATE_RUNS)
def test_1822mx_late_position_pays_what_the_players_earned(company, trains, paid):
    state = open_game(PROJECT_ROOT / "bench" / "positions" / "late_1822MX.json").state
    res = find_routes(state, company, trains, [])
    assert res.optimal
    assert res.net_revenue == paid, "\n".join(r.describe() for r in res.routes)


def test_1822mx_lock_through_mexico_city_takes_the_company_city():
    # Log 200020 (tests/data/18xx_fixtures), action 607: IRM's 4 ran N23-N25-N27-M28 for 250,
    # its Mexico City N23 stop the city of IRM's home token (the log's node N23-5) with its
    # destination Veracruz N27 tokened: 80 + 50 + 40 + 40 (the port M28) + 40 (Veracruz's
    # worth again) = 250. N23's cities all pay 80 and the lock names hexes only: it must take
    # IRM's city (FCM's, as good by revenue, would lose the destination's $40).
    import gzip
    import json

    from rusty_train_py.files.online import log_from_data
    from rusty_train_py.files.online.realcheck import positions

    name = "1822MX_game_end_stock_market.json"
    data = json.loads(gzip.decompress((FIXTURES / f"{name}.gz").read_bytes()))
    pos = next(p for p in positions(log_from_data(data, name)) if p.action_id == 607)
    res = find_routes(pos.state, "IRM", ["4"], pos.bonuses, locked=["4:N23,N25,N27,M28"])
    assert res.net_revenue == 250, [r.describe() for r in res.routes]
