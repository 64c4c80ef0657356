"""Known answers on 18EU's real map (games/18EU.toml, imported; games/hand/18EU.toml).

- a small position on the printed map worked out by hand from the hex codes: the Pullman
  riding with another route, asserted against the brute-force oracle and the finder;
- the late position (bench/positions/late_18EU.json: log 74045 of the tobymao/18xx fixtures,
  just before action 821): SNCF's 6 and Pullman earn what the players' routes earned there,
  proven; DR's 8 between London and Warsaw takes the red-to-red bonus at its cap.
"""

from __future__ import annotations

import pytest
from test_route_games import check, position

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.files.loader import open_game
from rusty_train_py.route.search import RouteSearchError, find_routes


def london_paris(phase: str = "3"):
    # London A6 (red off-board yellow_40|brown_70, track to edges 0 and 5); Lille B7 (town,
    # tile 58 at rotation 0: edges 0 and 2, 10); B9 (tile 8 at rotation 1: edges 1 and 3);
    # Paris A10 (yellow OO, 40 each: city 0 on edge 4, city 1 on edge 5). A6 edge 5 meets
    # B7 edge 2, B7 edge 0 meets B9 edge 3, B9 edge 1 meets A10 edge 4 (city 0). Minor 1's
    # home token in Paris city 0.
    return position(
        "18EU",
        phase,
        tiles=[("B7", "58", 0), ("B9", "8", 1)],
        tokens=[("A10", 0, "1")],
    )


def test_18eu_pullman_rides_with_the_best_stop_of_another_route():
    state = london_paris()
    # A 2-train (2 cities and off-boards plus every town): London 40 + Lille 10 + Paris 40.
    check(state, "1", ["2"], 90)
    # The Pullman rides with it and earns one of its cities or off-boards again: +40.
    check(state, "1", ["2", "P"], 130)
    # Alone it cannot run (tobymao/18xx g_18_eu check_overlap: "Pullman cannot be run alone").
    check(state, "1", ["P"], 0)
    res = find_routes(state, "1", ["2", "P"])
    (route,) = res.routes
    assert route.train == "2"
    assert ("P", 40) in route.bonuses
    assert "P: rides with the 2's route (+£40)" in res.notes


def test_18eu_pullman_lock_names_its_stop():
    state = london_paris("5")  # brown: London pays 70, Paris still 40 (its yellow tile)
    res = find_routes(state, "1", ["2", "P"])
    assert res.net_revenue == 70 + 10 + 40 + 70  # the Pullman takes London
    locked = find_routes(state, "1", ["2", "P"], locked=["2:A6,B7,A10", "P:A10"])
    assert locked.net_revenue == 70 + 10 + 40 + 40  # the players' choice: Paris
    with pytest.raises(RouteSearchError, match="one stop it takes"):
        find_routes(state, "1", ["2", "P"], locked=["P:A10,A6"])
    with pytest.raises(RouteSearchError, match="at most one train may ride"):
        find_routes(state, "1", ["2", "P", "P"])


def test_18eu_no_two_cities_of_paris_in_one_route():
    # Green Paris (580: two cities of 60, city 0 on edges 0 and 1, city 1 on edges 2 and 3) at
    # rotation 3: city 0 on edges 3 and 4, city 1 on edges 5 and 0. A8 (tile 9, edges 0 and
    # 3) joins London A6 to city 0; B9 (tile 7, edges 0 and 1) and B11 (tile 7 at rotation 2,
    # edges 2 and 3) loop from city 0 (edge 4) round to city 1 (edge 5). Counting both
    # cities (London 40 + 60 + 60 = 160) is refused (check_other: "Cannot stop at
    # Paris/Vienna/Berlin twice"), and so is a route of the two Paris cities alone; the best
    # 3-train runs London and one Paris city: 100.
    state = position(
        "18EU",
        "3",
        tiles=[("A8", "9", 0), ("A10", "580", 3), ("B9", "7", 0), ("B11", "7", 2)],
        tokens=[("A10", 0, "1")],
    )
    check(state, "1", ["3"], 100)
    check(state, "1", ["3", "2"], 100)


def test_18eu_late_position_pays_what_the_players_earned():
    # Log 74045, action 821: SNCF ran its 6 A10-...-A6 for 480 and its Pullman on Paris A10
    # for 80: 560 (the engine's revenue_str "A10" for P-2).
    state = open_game(PROJECT_ROOT / "bench" / "positions" / "late_18EU.json").state
    res = find_routes(state, "SNCF", ["6", "P"])
    assert res.optimal
    assert res.net_revenue == 560, "\n".join(r.describe() for r in res.routes)


def test_18eu_red_to_red_at_its_cap_on_the_late_map():
    # Phase 8 (grey): 30 per city with the company's token, at most 150. DR's 8 runs London
    # A6 to Warsaw N5 through its tokens in Paris A10, Brussels C8, Cologne D7, Amsterdam D3
    # and Berlin J5: 5 x 30 = 150 on top of its 18 stops' 570 (the best 8 cities and
    # off-boards plus the towns): 720.
    state = open_game(PROJECT_ROOT / "bench" / "positions" / "late_18EU.json").state
    res = find_routes(state, "DR", ["8"])
    assert res.optimal
    assert res.net_revenue == 720
    (route,) = res.routes
    assert route.bonuses == (("red_to_red", 150),)
    assert {route.stops[0].hex, route.stops[-1].hex} == {"A6", "N5"}


FIXTURES = PROJECT_ROOT / "tests" / "data" / "18xx_fixtures" / "18EU"


def fixture_log(name: str):
    import gzip
    import json

    from rusty_train_py.files.online import log_from_data

    data = json.loads(gzip.decompress((FIXTURES / f"{name}.json.gz").read_bytes()))
    return log_from_data(data, name)


def test_18eu_every_run_of_log_74045_prices_as_the_log_and_none_is_beaten():
    # The real-game check on the longest fixture: 114 runs of minors and majors, 15 with a
    # Pullman (its "local" route priced by a lock on its one stop) and the red-to-red bonus
    # at its cap; our optimum never below the players'.
    from rusty_train_py.files.online.realcheck import check_position, positions

    found = positions(fixture_log("74045"))
    assert len(found) == 114  # 120 run_routes actions, 6 of them undone
    pullman_runs = 0
    for pos in found:
        c = check_position(pos)
        assert c.recorded == c.priced and c.best is not None and c.proven, c
        assert c.best >= c.priced, c
        pullman_runs += any(train == "P" for train, *_ in pos.routes)
    assert pullman_runs == 15
