"""The rule kinds of the rules layer on hand-made maps whose answers were worked out by hand.

One position per train kind, bonus kind and rule reading of games/README.md (``[[trains]]``
rules, ``[[bonuses]]`` kinds, ``[rules]`` readings, map parts of the ten new games). Most maps
are a column of grey hexes A1, A3, A5, ... joined top (edge 3) to bottom (edge 0), so a line
of stops; each comment says how the expected figure comes about. Every figure is asserted
against the brute-force oracle (``route_oracle``, written from the rule text) and against the
finder, whose routes the oracle also checks.
"""

from __future__ import annotations

from helpers.hand_maps import UP_DOWN, check_revenue, city, column, hand_state, town

from rusty_train_py.route.search import find_routes

TRAINS = [
    {"name": "2", "stops": 2},
    {"name": "3", "stops": 3},
    {"name": "D"},
    {"name": "2D", "stops": 2, "multiplier": 2},  # 18MS: every stop doubled
    {"name": "Dsl", "column": "diesel"},
    {"name": "2+", "rule": "plus_towns", "stops": 2},
    {"name": "3+", "rule": "plus_towns", "stops": 3},
    {"name": "4D", "rule": "plus_towns", "stops": 4, "city_multiplier": 2},  # 18AL 4D
    {"name": "2T", "rule": "towns_free", "stops": 2},
    {"name": "3E", "rule": "express", "stops": 3},
    {"name": "2/4", "rule": "pay_best", "pay": 2, "visit": 4, "track_class": "freight"},
    {"name": "3/5", "rule": "pay_best", "pay": 3, "visit": 5, "track_class": "freight"},
    {"name": "2/3", "rule": "pay_best", "pay": 2, "visit": 3, "track_class": "freight"},
    {"name": "2P", "stops": 2, "track_class": "passenger"},
    {"name": "4H", "rule": "edges", "edges": 4, "edge_cost": {"narrow": 2}},
    {"name": "5H", "rule": "edges", "edges": 5, "edge_cost": {"narrow": 2}},
    {"name": "6H", "rule": "edges", "edges": 6, "edge_cost": {"narrow": 2}},
    {"name": "R6H", "rule": "edges", "edges": 6, "edge_cost": {"broad": 2}},
    {"name": "E", "rule": "edges", "edges": 99, "gauges": ["broad", "dual"], "double_at": ["A5"]},
    # 1822's E train: its own track class, the company's tokened cities only, doubled
    {"name": "E22", "rule": "tokened_cities", "multiplier": 2, "track_class": "e"},
    {"name": "L", "rule": "local"},  # 1822's L: a city and a town, the city alone a route
    {"name": "3/2P", "rule": "halved", "stops": 3},  # 1822MX: half the route, to 10
]


def offboard(r, opts="", side="bottom"):
    edge = 0 if side == "bottom" else 3
    return ("red", f"offboard=revenue:{r}{opts};path=a:{edge},b:_0")


def make(tmp_path, hexes, tokens, bonuses=(), phase=None, **kw):
    return hand_state(tmp_path, hexes, TRAINS, tokens, bonuses, phase, **kw)


def check(state, trains, expected, bonuses=(), company="A"):
    check_revenue(state, company, trains, expected, bonuses)


# ---------------------------------------------------------------------------------------------
# Train kinds


def test_plus_towns_and_multipliers(tmp_path):
    # A1 city 20 (token) - A3 town 10 - A5 city 30 - A7 town 20 - A9 city 40
    s = make(tmp_path, column(city(20), town(10), city(30), town(20), city(40)), {"A1": {0: "A"}})
    check(s, ["2+"], 80)  # two cities (20, 30) and every town passed (10, 20): A1..A7
    check(s, ["3+"], 120)  # all five
    check(s, ["4D"], 210)  # cities doubled, towns single: (20+30+40) x2 + 10 + 20
    check(s, ["2"], 30)  # towns use distance: 20 + 10
    check(s, ["2D"], 60)  # (20 + 10) x2
    check(s, ["2T"], 50)  # towns free and skipped when no room: 20 + 30
    check(s, ["2+", "2+"], 80)  # one route leaves A1 downwards only


def test_tokened_cities_train_pays_the_company_cities_between_its_tokens(tmp_path):
    # A1 city 20 (A) - A3 town 10 - A5 city 30 (B, a free space) - A7 city 40 (A) - A9 city 50
    line = column(city(20), town(10), city(30, slots=2), city(40), city(50))
    s = make(tmp_path, line, {"A1": {0: "A"}, "A5": {0: "B"}, "A7": {0: "A"}})
    check(s, ["E22"], 120)  # A1..A7: (20 + 40) x2; the town and B's city passed unpaid
    check(s, ["E22", "2"], 210)  # the 2 runs A7-A9 (90) on the same track: another class
    check(s, ["E22", "E22"], 120)  # one track class: the second E has no other route
    s = make(tmp_path / "b", line, {"A1": {0: "A"}, "A5": {0: "B"}})
    check(s, ["E22"], 0)  # one tokened city: no route starts and ends at two
    check(s, ["E22", "3"], 60)  # the 3 alone: A1-A3-A5, 20 + 10 + 30


def test_local_train_runs_its_token_city_alone_and_each_city_once(tmp_path):
    # A1 town 10 - A3 city 30 (A) - A5 town 20 - A7 city 40 (A) - A9 off-board 60
    line = column(town(10), city(30), town(20), city(40), offboard(60, side="top"))
    s = make(tmp_path, line, {"A3": {0: "A"}, "A7": {0: "A"}})
    check(s, ["L"], 60)  # A5-A7: 20 + 40 (one city, one town; the off-board never)
    check(s, ["L", "L"], 110)  # A5-A7 and A3-A5 (30 + 20): the town twice, each city once
    check(s, ["L", "L", "L"], 110)  # no third city: A3 or A7 alone again is refused
    check(s, ["L", "2"], 160)  # the 2 takes A7-A9 (100), the L A5-A7 (60) beside it
    exact = find_routes(s, "A", ["L", "L", "L"], max_paths=0)  # the exact model says the same
    assert (exact.stats["method"], exact.net_revenue) == ("exact", 110)
    s = make(tmp_path / "b", column(city(30), city(40)), {"A1": {0: "A"}})
    check(s, ["L"], 30)  # A1 alone: a route of one stop (A1-A3 has two cities)
    check(s, ["L", "2"], 100)  # the 2 runs A1-A3 (70) on the track; the L A1 alone (30)
    # a lock of one stop (the log's L routes): the other L may not take A1 again
    res = find_routes(s, "A", ["L", "2"], locked=["L:A1"])
    assert sorted((r.train, len(r.stops), r.revenue) for r in res.routes) == [
        ("2", 2, 70),
        ("L", 1, 30),
    ]
    res = find_routes(s, "A", ["L", "L"], locked=["L:A1"])
    assert res.net_revenue == 30 and [r.train for r in res.routes] == ["L"]


def test_halved_train_earns_half_rounded_to_ten(tmp_path):
    # A1 city 20 (token) - A3 city 30 - A5 town 25 - A7 city 60
    s = make(tmp_path, column(city(20), city(30), town(25), city(60)), {"A1": {0: "A"}})
    check(s, ["3/2P"], 40)  # A1..A5: 75, halved 37, rounded up to 40 (A3..A7 has no token)
    check(s, ["3/2P", "3"], 75)  # one route leaves A1: the 3 runs it (75), not the 3/2P
    res = find_routes(s, "A", ["3/2P"])
    assert [(s.hex, s.earned) for s in res.routes[0].stops] == [("A1", 20), ("A3", 30), ("A5", 25)]
    assert res.routes[0].bonuses == (("halved", -35),)  # the stops and the halving add up
    assert find_routes(s, "A", ["3/2P"], max_paths=0).net_revenue == 40  # the exact model
    s = make(tmp_path / "b", column(city(20), city(30), city(40)), {"A1": {0: "A"}})
    check(s, ["3/2P"], 50)  # 90: 45, a 5 going up


def test_pay_best_pays_the_best_stops_with_a_token(tmp_path):
    line = column(city(10), city(50), city(60), city(70), city(80), city(90))
    s = make(tmp_path, line, {"A1": {0: "A"}})
    check(s, ["3/5"], 160)  # visits A1..A9, pays 10 (the token) + 80 + 70
    check(s, ["2/4"], 80)  # visits A1..A7, pays 10 + 70
    s = make(tmp_path / "b", line, {"A5": {0: "A"}})
    check(s, ["3/5"], 230)  # visits A3..A11 (5 cities), pays 60 (token) + 90 + 80
    check(s, ["2/4"], 150)  # visits A5..A11, pays 60 + 90


def test_pay_best_takes_no_towns(tmp_path):
    # The distance list of an N/M train names cities and off-boards only (1846, 18 Los
    # Angeles), so a route through a town does not fit it.
    s = make(tmp_path, column(city(10), town(20), city(30)), {"A1": {0: "A"}})
    check(s, ["3/5"], 0)
    check(s, ["3"], 60)


def gauge_line(a3="narrow", a7="broad"):
    # A1 city 10 on narrow track; A3 straight (a3); A5 city 20, narrow above, broad below;
    # A7 straight (a7); A9 city 30 on broad track
    return column(
        ("grey", "city=revenue:10;path=a:3,b:_0,track:narrow;path=a:_0,b:0,track:narrow"),
        ("grey", f"path=a:3,b:0,track:{a3}"),
        ("grey", "city=revenue:20;path=a:3,b:_0,track:narrow;path=a:_0,b:0"),
        ("grey", f"path=a:3,b:0,track:{a7}"),
        ("grey", "city=revenue:30;path=a:3,b:_0;path=a:_0,b:0"),
    )


def test_edge_trains_and_gauge(tmp_path):
    s = make(tmp_path, gauge_line(), {"A5": {0: "A"}})
    # narrow edges A1|A3, A3|A5 cost 2 each for H trains; broad A5|A7, A7|A9 cost 1
    check(s, ["4H"], 50)  # A5..A9 (2 edges); A1..A5 is 4 (30); A1..A9 would be 6
    check(s, ["6H"], 60)  # A1..A9: 2+2+1+1
    check(s, ["R6H"], 60)  # broad edges cost 2: 1+1+2+2
    check(s, ["E"], 70)  # no narrow track: A5..A9, A5 doubled: 40 + 30
    check(s, ["D"], 60)  # the gauge changes at the A5 station: allowed


def test_gauge_changes_only_at_stations(tmp_path):
    # A1 city (narrow) - A3 narrow - A5 city (narrow/broad) - A7 broad - A9 city (broad):
    # make A3 broad instead: the narrow A1 piece meets broad track with no station between
    s = make(tmp_path, gauge_line(a3="broad"), {"A1": {0: "A"}})
    check(s, ["D"], 0)
    s = make(tmp_path / "b", gauge_line(a3="dual"), {"A1": {0: "A"}})
    check(s, ["D"], 60)  # dual track takes either gauge
    check(s, ["4H"], 30)  # A1..A5: the dual edge A1|A3 crossed from narrow track costs 2
    check(s, ["E"], 0)  # A1's track is narrow


def test_a_dual_edge_on_a_narrow_stretch_costs_as_narrow(tmp_path):
    # A1 city 10 (token, narrow) - A3 dual straight - A5 dual straight - A7 city 20 (narrow):
    # the 18xx.games engine prices every edge of a stretch between two stops by the stretch's
    # one gauge (G1849#hex_edge_cost, track_type: narrow if any of its track is), so the dual
    # edge A3|A5 costs 2 as A1|A3 and A5|A7 do: 6 (it refuses the route to a 5H: "6 is too
    # many hex edges")
    hexes = column(
        ("grey", "city=revenue:10;path=a:3,b:_0,track:narrow;path=a:_0,b:0,track:narrow"),
        ("grey", "path=a:3,b:0,track:dual"),
        ("grey", "path=a:3,b:0,track:dual"),
        ("grey", "city=revenue:20;path=a:3,b:_0,track:narrow;path=a:_0,b:0,track:narrow"),
    )
    s = make(tmp_path, hexes, {"A1": {0: "A"}})
    check(s, ["5H"], 0)
    check(s, ["6H"], 30)
    # the same stretch of broad and dual track: R6H pays 2 per edge, every H train 1
    broad = column(
        ("grey", "city=revenue:10;path=a:3,b:_0;path=a:_0,b:0"),
        ("grey", "path=a:3,b:0,track:dual"),
        ("grey", "path=a:3,b:0,track:dual"),
        ("grey", "city=revenue:20;path=a:3,b:_0;path=a:_0,b:0"),
    )
    s = make(tmp_path / "b", broad, {"A1": {0: "A"}})
    check(s, ["4H"], 30)
    check(s, ["R6H"], 30)  # 3 edges at 2: 6


def test_visit_cost_zero_and_one_hundred(tmp_path):
    # A1 off-board 30 costing no distance (1882 Fishing) - A3 city 10 (token) - A5 city 20
    s = make(
        tmp_path,
        column(offboard(30, ",visit_cost:0"), city(10), city(20), city(40)),
        {"A3": {0: "A"}},
    )
    check(s, ["2"], 60)  # 30 + 10 + 20 with a 2-train
    check(s, ["2+"], 60)  # plus_towns: the off-board uses no distance either
    s = make(tmp_path / "b", column(offboard(30), city(10), city(20)), {"A3": {0: "A"}})
    check(s, ["2"], 40)  # the same off-board at cost 1
    # 18 Los Angeles a5/a9: visit_cost 100, so no train of limited distance can count it
    s = make(
        tmp_path / "c",
        column(offboard(100, ",visit_cost:100"), city(10), city(20)),
        {"A3": {0: "A"}},
    )
    check(s, ["3"], 30)
    check(s, ["3/5"], 30)
    check(s, ["D"], 130)  # a D's distance is unlimited


def test_visit_costs_of_towns_free_and_express_trains(tmp_path):
    # A1 off-board 30 costing no distance - A3 city 10 (token) - A5 city 20 - A7 city 40
    s = make(
        tmp_path,
        column(offboard(30, ",visit_cost:0"), city(10), city(20), city(40)),
        {"A3": {0: "A"}},
    )
    check(s, ["2T"], 60)  # A1..A5: two stops of distance (the off-board is free)
    check(s, ["3E"], 100)  # A1..A7: 30 + 10 + 20 + 40 within 3 of distance
    # an off-board costing 100 is out of an express's reach: A3-A5 only
    s = make(
        tmp_path / "b",
        column(offboard(100, ",visit_cost:100"), city(10), city(20)),
        {"A3": {0: "A"}},
    )
    check(s, ["3E"], 30)


def test_express_token_reading(tmp_path):
    # A1 5 - A3 1 (token) - A5 100 - A7 100 - A9 5; 3E counts 3 stops, the ends always
    hexes = column(city(5), city(1), city(100), city(100), city(5))
    s = make(tmp_path, hexes, {"A3": {0: "A"}})
    check(s, ["3E"], 201)  # "counted" (default): A3..A7, the token city an end: 1+100+100
    s = make(tmp_path / "b", hexes, {"A3": {0: "A"}}, rules={"express_token": "route"})
    check(s, ["3E"], 205)  # passing the token is enough: A1..A7, 5 + 100 + 100


def test_diesel_column_and_phase_name_revenue(tmp_path):
    hexes = column(offboard("yellow_30|brown_60|diesel_100"), city(10), city(20))
    s = make(tmp_path, hexes, {"A3": {0: "A"}})
    check(s, ["Dsl"], 130)  # the diesel value 100 + 10 + 20
    check(s, ["D"], 60)  # yellow 30 + 10 + 20
    hexes = column(city(10), ("grey", f"city=revenue:white_5|gray_6|black_7;{UP_DOWN}"), city(1))
    s = make(
        tmp_path / "c",
        hexes,
        {"A1": {0: "A"}},
        phase="5",
        phase_revenue=[{"hexes": ["A3"], "values": {"2": 20, "3": 30, "5": 40, "D": 50}}],
    )
    check(s, ["2"], 50)  # phase 5: 10 + 40
    s.phase = "D"
    check(s, ["2"], 60)


# ---------------------------------------------------------------------------------------------
# Map parts


def test_terminal_city_ends_a_route(tmp_path):
    # A3: a tokenable city in a red hex whose paths are terminal (18AL Nashville)
    red = ("red", "city=revenue:50;path=a:3,b:_0,terminal:1;path=a:_0,b:0,terminal:1")
    hexes = column(city(10), red, city(100))
    check(make(tmp_path, hexes, {"A1": {0: "A"}}), ["D"], 60)  # cannot run through A3
    check(make(tmp_path / "b", hexes, {"A5": {0: "A"}}), ["D"], 150)
    s = make(tmp_path / "c", hexes, {"A3": {0: "A"}})
    check(s, ["D"], 150)  # a route may start there: A3-A5
    check(s, ["D", "D"], 210)  # and one each way


def test_neutral_tokens_never_block(tmp_path):
    companies = ("A", "B", {"abbrev": "N", "kind": "neutral"})
    hexes = column(city(10), city(20), city(30))
    s = make(tmp_path, hexes, {"A1": {0: "A"}, "A3": {0: "N"}}, companies=companies)
    check(s, ["D"], 60)  # runs through the neutral token
    s = make(
        tmp_path / "b",
        hexes,
        {"A1": {0: "A"}, "A3": {0: "N"}},
        companies=companies,
        rules={"neutral_tokens_block": True},
    )
    check(s, ["D"], 30)
    s = make(tmp_path / "c", hexes, {"A1": {0: "A"}, "A3": {0: "B"}}, companies=companies)
    check(s, ["D"], 30)  # an ordinary company's token blocks


def test_one_stop_per_hex_reading(tmp_path):
    # A3: two cities (40 above, 50 below) joined inside the hex
    two = ("grey", "city=revenue:40;city=revenue:50;path=a:3,b:_0;path=a:_0,b:_1;path=a:_1,b:0")
    hexes = column(city(10), two, city(20))
    check(make(tmp_path, hexes, {"A1": {0: "A"}}), ["D"], 50)  # default: one of them
    s = make(tmp_path / "b", hexes, {"A1": {0: "A"}}, rules={"one_stop_per_hex": False})
    check(s, ["D"], 120)  # 10 + 40 + 50 + 20
    # 1822's double hexes: one stop per hex, but both cities of A3 (two_stops_hexes)
    s = make(tmp_path / "c", hexes, {"A1": {0: "A"}}, rules={"two_stops_hexes": ["A3"]})
    check(s, ["D"], 120)
    s = make(tmp_path / "d", hexes, {"A1": {0: "A"}}, rules={"two_stops_hexes": ["A5"]})
    check(s, ["D"], 50)  # another hex listed: A3 still one stop


def test_hex_reentry_reading(tmp_path):
    # A5 (token) -> B4 (crossing track) -> C3 -> B2 -> B4 again (its other track) -> B6
    hexes = {
        "A5": ("grey", "city=revenue:10;path=a:4,b:_0"),
        "B4": ("grey", "path=a:1,b:4;path=a:3,b:0"),
        "C3": ("grey", "path=a:1,b:2"),
        "B2": ("grey", "path=a:5,b:0"),
        "B6": ("grey", "city=revenue:20;path=a:3,b:_0"),
    }
    check(make(tmp_path, hexes, {"A5": {0: "A"}}), ["D"], 30)  # default: it may come back
    s = make(tmp_path / "b", hexes, {"A5": {0: "A"}}, rules={"hex_reentry": False})
    check(s, ["D"], 0)


def test_track_classes_share_track(tmp_path):
    # A1 10 - A3 20 (token) - A5 30; passenger 2P and freight 2/3 may reuse each other's track
    s = make(tmp_path, column(city(10), city(20), city(30)), {"A3": {0: "A"}})
    check(s, ["2P"], 50)
    check(s, ["2/3"], 50)  # visits A1..A5, pays 20 (token) + 30
    check(s, ["2P", "2/3"], 100)  # both on A3-A5's track
    check(s, ["2P", "2P"], 80)  # one class: 50 + 30
    check(s, ["2/3", "2/3"], 80)


# ---------------------------------------------------------------------------------------------
# Bonus kinds


def conn(bid, once, multiplied=False):
    return {
        "id": bid,
        "name": bid,
        "kind": "connection",
        "at": ["A3"],
        "with_any": ["A1", "A5"],
        "amount": 40,
        "once_per_run": once,
        "always": False,
        "multiplied": multiplied,
    }


def test_connection_once_per_run(tmp_path):
    bonuses = [conn("once", True), conn("each", False), conn("oncem", True, True)]
    s = make(tmp_path, column(city(10), city(20), city(30)), {"A3": {0: "A"}}, bonuses=bonuses)
    check(s, ["2", "2"], 80)  # 30 + 50
    check(s, ["2", "2"], 120, ["once"])  # 80 + 40 to one route only
    check(s, ["2", "2"], 160, ["each"])  # 80 + 40 each
    check(s, ["2"], 90, ["once"])
    # multiplied, once: it goes to the 2D: (50 + 40) x2 + 30 = 210 (not (30+40)x2 + 50 = 190)
    check(s, ["2D", "2"], 210, ["oncem"])


def test_destination_value_pays_the_destination_city_again_once(tmp_path):
    # A1 city 20 (A's home) - A3 city 30 - A5 city 50 (A's destination token) - A7 city 40
    bonuses = [
        {"id": "dv", "name": "A's destination", "kind": "destination_value", "company": "A"}
        | {"home": ["A1"], "at": ["A5"]}
    ]
    line = column(city(20), city(30), city(50, slots=2), city(40))
    s = make(tmp_path, line, {"A1": {0: "A"}, "A5": {0: "A"}}, bonuses=bonuses)
    check(s, ["3"], 150)  # A1-A3-A5: 100, and A5's 50 again
    check(s, ["E22"], 240)  # A1..A5: (20 + 50) x2, and A5's doubled 100 again
    check(s, ["E22", "3"], 360)  # the E's 240 (the bonus once: to it) and the 3 A3-A5-A7 120
    check(s, ["2"], 90)  # no 2 reaches both: A5-A7 90
    s = make(tmp_path / "b", line, {"A1": {0: "A"}, "A5": {1: "B"}}, bonuses=bonuses)
    check(s, ["3"], 100)  # no destination token of A's (B's there): A1-A3-A5 100


def test_destination_value_home_node_names_the_home_city(tmp_path):
    # A1 city 10 - A3 two cities, node 0 (20) up to A1 and node 1 (30) down to A5, both
    # holding A's tokens - A5 city 50 (A's destination token). Home A3: with no home_node
    # either city is home; with home_node 0 (1822NRS's LNWR, whose home token is in London
    # N29's first city) the route A3-A5 through node 1 earns no bonus.
    two = ("grey", "city=revenue:20;city=revenue:30;path=a:3,b:_0;path=a:0,b:_1")
    line = column(city(10), two, city(50, slots=2))
    tokens = {"A3": {0: "A", 1: "A"}, "A5": {0: "A"}}
    dv = {"name": "A's destination", "kind": "destination_value", "company": "A"}
    dv |= {"home": ["A3"], "at": ["A5"]}
    s = make(tmp_path, line, tokens, bonuses=[dv | {"id": "dv"}])
    check(s, ["2"], 130)  # A3 (node 1) 30 + A5 50, and A5's 50 again
    check(s, ["2", "2"], 160)  # and A1-A3 (node 0) 30
    s = make(tmp_path / "b", line, tokens, bonuses=[dv | {"id": "dv", "home_node": 0}])
    check(s, ["2"], 80)  # node 1 is no home: A3-A5 80, no bonus
    check(s, ["2", "2"], 110)  # A1-A3 30 reaches home, not the destination
    s = make(tmp_path / "c", line, tokens, bonuses=[dv | {"id": "dv", "home_node": 1}])
    check(s, ["2"], 130)


def test_ends_pair_pays_both_icons(tmp_path):
    # A1 off-board 30 (E icon 20) - A3 city 10 (token) - A5 city 20 - A7 off-board 40 (W 50)
    bonuses = [
        {
            "id": "ew",
            "name": "east-west",
            "kind": "ends_pair",
            "sides": {"E": {"A1": 20}, "W": {"A7": 50}},
            "pairs": [["E", "W"]],
            "always": True,
        }
    ]
    hexes = column(offboard(30), city(10), city(20), offboard(40, side="top"))
    s = make(tmp_path, hexes, {"A3": {0: "A"}}, bonuses=bonuses)
    check(s, ["D"], 170)  # 30 + 10 + 20 + 40 + (20 + 50)
    check(s, ["3"], 70)  # cannot reach both ends: A3..A7
    check(s, ["3/5"], 150)  # pays 10 (token) + 40 + 30, both ends paid: + 70
    check(s, ["2/4"], 50)  # pays the token 10 and 40: one end is not paid, no bonus


def test_placed_bonus_per_icon_and_negative(tmp_path):
    port2 = ("grey", f"city=revenue:20;{UP_DOWN};icon=image:port;icon=image:port")
    port1 = ("grey", f"city=revenue:30;{UP_DOWN};icon=image:port")
    bonuses = [
        {
            "id": "sb",
            "name": "steamboat",
            "kind": "placed",
            "hexes": ["A3", "A5"],
            "amount": 20,
            "per_icon": "port",
            "always": False,
        },
        {
            "id": "dump",
            "name": "dump",
            "kind": "placed",
            "hexes": ["A3", "A5"],
            "amount": -20,
            "amounts": {"A5": -10},
            "always": False,
        },
    ]
    s = make(tmp_path, column(city(10), port2, port1), {"A1": {0: "A"}}, bonuses=bonuses)
    check(s, ["2"], 30)
    check(s, ["2"], 70, ["sb:A3"])  # two port icons: + 40
    check(s, ["2"], 30, ["sb:A5"])  # the 2-train does not reach A5
    check(s, ["3"], 80, ["sb:A5"])  # 60 + 20
    check(s, ["2"], 10, ["dump:A3"])  # 30 - 20
    check(s, ["3"], 50, ["dump:A5"])  # 60 - 10 (Westminster's amount)
    check(s, ["3E"], 40, ["dump:A3"])  # skipping A3 (10 + 30) or paying it (60 - 20): 40


def test_mail_contract_per_stop_once_per_run(tmp_path):
    bonuses = [{"id": "mail", "name": "mail", "kind": "per_stop", "amount": 10, "always": False}]
    hexes = column(city(10), city(20), city(30), city(40))
    s = make(tmp_path, hexes, {"A3": {0: "A"}}, bonuses=bonuses)
    check(s, ["3"], 120, ["mail"])  # A3..A7 90 + 3 stops x 10
    check(s, ["2", "3"], 150, ["mail"])  # 30 + 90, mail on the 3-stop route
    check(s, ["2/4"], 100, ["mail"])  # A1..A7 pays 20 + 40, every visited stop: + 40


def test_ports(tmp_path):
    # A1 port off-board 20 - A3 city 10 (token) - A5 city 30 (token) - A7 city 5
    def port(bid, pays, always):
        return {
            "id": bid,
            "name": bid,
            "kind": "port",
            "at": ["A1"],
            "min_stops": 3,
            "pays": pays,
            "always": always,
        }

    hexes = column(offboard(20), city(10), city(30), city(5))
    tokens = {"A3": {0: "A"}, "A5": {0: "A"}}
    s = make(tmp_path, hexes, tokens, bonuses=[port("p", "token_cities", True)])
    check(s, ["2"], 40)  # a port route needs 3 stops: A3-A5
    check(s, ["3"], 80)  # A1..A5: the port pays 20 per tokened city counted (2) + 10 + 30
    check(s, ["D"], 85)  # 40 + 10 + 30 + 5
    s = make(tmp_path / "b", hexes, tokens, bonuses=[port("p", "self", True)])
    check(s, ["2"], 40)
    check(s, ["3"], 60)  # 20 + 10 + 30


def test_drop_lowest(tmp_path):
    bonuses = [{"id": "cw", "name": "civil war", "kind": "drop_lowest", "always": False}]
    hexes = column(city(10), city(20), city(30), city(40))
    s = make(tmp_path, hexes, {"A3": {0: "A"}}, bonuses=bonuses)
    check(s, ["2", "2"], 80)
    check(s, ["2", "2"], 50, ["cw"])  # 30 + 50, the 30 dropped
    check(s, ["3"], 0, ["cw"])  # one train: nothing is paid
    check(s, ["3", "2"], 90, ["cw"])  # 90 + 30, the 30 dropped
