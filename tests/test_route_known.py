"""Route finding on hand-made maps whose answers were worked out by hand.

Every map is a small flat-top test game (see ``route_oracle.write_game``); most are a column
of grey hexes A1, A3, A5, ... joined top (edge 3) to bottom (edge 0), so a line of stops.
Each expected number is asserted against the brute-force oracle and against the finder
(``rusty_train_py.route.search.find_routes``).
"""

from __future__ import annotations

from helpers.hand_maps import UP_DOWN, check_revenue, city, column, hand_state, town

TRAINS = [
    {"name": "2", "stops": 2},
    {"name": "3", "stops": 3},
    {"name": "4", "stops": 4},
    {"name": "5", "stops": 5},
    {"name": "D"},
    {"name": "2T", "stops": 2, "rule": "towns_free"},
    {"name": "3T", "stops": 3, "rule": "towns_free"},
    {"name": "4T", "stops": 4, "rule": "towns_free"},
    {"name": "5T", "stops": 5, "rule": "towns_free"},
    {"name": "8", "stops": 8, "rule": "towns_free"},
    {"name": "2+2", "stops": 2, "rule": "towns_free", "multiplier": 2},
    {"name": "5+5E", "stops": 5, "rule": "express", "multiplier": 2},
    {"name": "3X", "stops": 3, "rule": "express", "multiplier": 2},
    {"name": "3E", "stops": 3, "rule": "express"},
    {"name": "2+1", "stops": 2, "rule": "n_plus_m", "towns": 1},
    {"name": "H3", "rule": "edges", "edges": 2},
    {"name": "H4", "rule": "edges", "edges": 3},
    {"name": "H5", "rule": "edges", "edges": 4},
    {"name": "H6", "rule": "edges", "edges": 5},
]


def offboard(r, extra=""):
    return ("red", f"offboard=revenue:{r}{extra};{UP_DOWN}")


def make(tmp_path, hexes, tokens, bonuses=(), phase=None):
    return hand_state(tmp_path, hexes, TRAINS, tokens, bonuses, phase)


def check(state, trains, expected, bonuses=(), company="A"):
    check_revenue(state, company, trains, expected, bonuses)


# ---------------------------------------------------------------------------------------------
# Trains that stop everywhere


def test_line_of_cities_token_at_end(tmp_path):
    # A1 10 (token) - A3 20 - A5 30 - A7 40
    s = make(tmp_path, column(city(10), city(20), city(30), city(40)), {"A1": {0: "A"}})
    check(s, ["2"], 30)  # 10+20
    check(s, ["3"], 60)  # 10+20+30
    check(s, ["4"], 100)
    check(s, ["5"], 100)
    check(s, ["D"], 100)
    check(s, ["2", "2"], 30)  # both would need the side A1|A3
    check(s, ["4", "2"], 100)
    check(s, ["3E"], 80)  # ends 10 and 40, best middle stop 30
    check(s, ["5+5E"], 200)  # (10+20+30+40) x2
    check(s, ["H3"], 60)  # three hexes: A1 A3 A5
    check(s, ["H4"], 100)


def test_line_of_cities_token_in_second_city(tmp_path):
    s = make(tmp_path, column(city(10), city(20), city(30), city(40)), {"A3": {0: "A"}})
    check(s, ["2"], 50)  # 20+30
    check(s, ["2", "2"], 80)  # 10+20 and 20+30: they share the city, not a side
    check(s, ["2", "3"], 120)  # 3: 20+30+40, 2: 10+20
    check(s, ["2", "2", "2"], 80)
    check(s, ["4"], 100)
    check(s, ["4", "4"], 120)  # 10+20 and 20+30+40


def test_other_company_and_no_token(tmp_path):
    s = make(tmp_path, column(city(10), city(20), city(30)), {"A1": {0: "B"}})
    check(s, ["D"], 0, company="A")
    check(s, ["D"], 60, company="B")


# ---------------------------------------------------------------------------------------------
# Towns


def town_line(tmp_path):
    # A1 city 20 (token) - A3 town 10 - A5 city 30 - A7 town 20 - A9 city 40
    return make(
        tmp_path, column(city(20), town(10), city(30), town(20), city(40)), {"A1": {0: "A"}}
    )


def test_trains_that_stop_at_towns(tmp_path):
    s = town_line(tmp_path)
    check(s, ["2"], 30)  # 20 + town 10
    check(s, ["3"], 60)  # 20+10+30
    check(s, ["4"], 80)  # 20+10+30+20
    check(s, ["5"], 120)


def test_trains_that_skip_towns(tmp_path):
    s = town_line(tmp_path)
    check(s, ["2T"], 50)  # 20+30, passing the town 10
    check(s, ["3T"], 90)  # the three cities, no room for a town
    check(s, ["4T"], 110)  # three cities + the town 20
    check(s, ["5T"], 120)
    check(s, ["2+2"], 100)  # (20+30) x2
    check(s, ["2+1"], 70)  # 2 cities (20+30) + best town 20: A1..A7


def test_town_only_route_needs_a_token_city(tmp_path):
    s = make(tmp_path, column(town(10), town(20), city(30)), {"A5": {0: "A"}})
    check(s, ["2"], 50)  # town 20 + city 30; town-town has no token
    check(s, ["2T"], 50)  # route A3..A5: town 20 fits in the second stop
    check(s, ["3"], 60)


# ---------------------------------------------------------------------------------------------
# Skipping any stop, multipliers and bonuses


def test_5_5e_picks_its_best_stops(tmp_path):
    # 10 (token) 50 5 40 5 30 20
    s = make(
        tmp_path,
        column(city(10), city(50), city(5), city(40), city(5), city(30), city(20)),
        {"A1": {0: "A"}},
    )
    # A1..A13: ends 10 and 20 + best three of 50 5 40 5 30 = 150, x2
    check(s, ["5+5E"], 300)
    check(s, ["D"], 160)
    # 3E (ends fixed): A1..A7 10+40+50 = 100; A1..A11 10+30+50 = 90; A1..A13 10+20+50 = 80
    check(s, ["3E"], 100)


CONN_LINE = (10, 50, 10, 20)  # A1 (token) A3 A5 A7


def conn_bonuses():
    return [
        {
            "id": "c",
            "name": "A5 with A7 (multiplied)",
            "kind": "connection",
            "at": ["A5"],
            "with_any": ["A7"],
            "amount": 50,
            "always": False,
            "multiplied": True,
        },
        {
            "id": "cu",
            "name": "A5 with A7 (not multiplied)",
            "kind": "connection",
            "at": ["A5"],
            "with_any": ["A7"],
            "amount": 50,
            "always": False,
            "multiplied": False,
        },
    ]


def test_connection_bonus_changes_the_stops(tmp_path):
    s = make(
        tmp_path, column(*(city(v) for v in CONN_LINE)), {"A1": {0: "A"}}, bonuses=conn_bonuses()
    )
    # 3 stops, skip any, x2: A1..A7 ends 10+20, middle 50 -> 160
    check(s, ["3X"], 160)
    # with the multiplied bonus it takes A5 (10) to earn it: (10+10+20+50) x2 = 180
    check(s, ["3X"], 180, bonuses=["c"])
    # not multiplied: (10+10+20) x2 + 50 = 130 < 160, so it keeps A3
    check(s, ["3X"], 160, bonuses=["cu"])
    # both: (10+10+20+50) x2 + 50 = 230
    check(s, ["3X"], 230, bonuses=["c", "cu"])
    check(s, ["5+5E"], 280, bonuses=["c"])  # (90+50) x2
    check(s, ["2"], 60, bonuses=["c"])  # A1-A3; the bonus needs A5 and A7
    check(s, ["D"], 140, bonuses=["c"])  # 90 + 50
    check(s, ["D"], 140, bonuses=["cu"])


def test_always_bonus_applies_without_being_named(tmp_path):
    bonuses = [
        {
            "id": "a",
            "name": "always",
            "kind": "connection",
            "at": ["A5"],
            "with_any": ["A7"],
            "amount": 50,
            "always": True,
            "multiplied": True,
        }
    ]
    s = make(tmp_path, column(*(city(v) for v in CONN_LINE)), {"A1": {0: "A"}}, bonuses=bonuses)
    check(s, ["3X"], 180)


def test_visit_bonus_for_one_train_only(tmp_path):
    bonuses = [
        {
            "id": "v",
            "name": "A3 for 2-trains",
            "kind": "visit",
            "at": ["A3"],
            "amount": 20,
            "always": False,
            "multiplied": False,
            "train": "2",
        },
        {
            "id": "w",
            "name": "A3 or A5",
            "kind": "visit",
            "at": ["A3", "A5"],
            "amounts": {"A3": 5, "A5": 25},
            "always": False,
            "multiplied": False,
        },
        {
            "id": "m",
            "name": "A3 multiplied",
            "kind": "visit",
            "at": ["A3"],
            "amount": 15,
            "always": False,
            "multiplied": True,
        },
    ]
    s = make(tmp_path, column(city(10), city(20), city(30)), {"A1": {0: "A"}}, bonuses=bonuses)
    check(s, ["2"], 30)
    check(s, ["2"], 50, bonuses=["v"])  # 10+20 +20
    check(s, ["3"], 60, bonuses=["v"])  # not a 2-train: no bonus
    check(s, ["2", "3"], 60, bonuses=["v"])  # one side out of A1: one train runs
    # 60 + 5 + 25: a visit bonus pays at every counted stop in `at` (as 1889's diesel does
    # at each off-board a D train counts)
    check(s, ["3"], 90, bonuses=["w"])
    check(s, ["2"], 35, bonuses=["w"])  # 30 + 5 at A3
    check(s, ["3X"], 150, bonuses=["m"])  # (60 + 15) x2
    check(s, ["3X"], 120, bonuses=["v"])  # 3X is not a 2-train


def test_skip_any_must_count_both_ends(tmp_path):
    # 3E ends fixed: 5 (token) - 100 - 100 - 5
    s = make(tmp_path, column(city(5), city(100), city(100), city(5)), {"A1": {0: "A"}})
    check(s, ["3E"], 205)  # A1..A5: 5 + 100 + 100 (all three)
    check(s, ["5+5E"], 420)  # (5+100+100+5) x2


# ---------------------------------------------------------------------------------------------
# Blocked cities, off-boards, groups


def test_blocked_city(tmp_path):
    s = make(tmp_path, column(city(10), city(20), city(30)), {"A1": {0: "A"}, "A3": {0: "B"}})
    check(s, ["3"], 30)  # stops at A3 (a route end), cannot pass it
    check(s, ["D"], 30)
    check(s, ["2", "2"], 30)


def test_city_with_a_free_space_can_be_passed(tmp_path):
    s = make(tmp_path, column(city(10), city(20, 2), city(30)), {"A1": {0: "A"}, "A3": {0: "B"}})
    check(s, ["3"], 60)


def test_full_city_of_two_other_companies(tmp_path):
    s = make(
        tmp_path, column(city(10), city(20, 2), city(30)), {"A1": {0: "A"}, "A3": {0: "B", 1: "C"}}
    )
    check(s, ["3"], 30)


def test_full_city_with_own_token_can_be_passed(tmp_path):
    s = make(
        tmp_path, column(city(10), city(20, 2), city(30)), {"A1": {0: "A"}, "A3": {0: "B", 1: "A"}}
    )
    check(s, ["3"], 60)
    check(s, ["2", "2"], 80)  # 10+20 and 20+30 (token in A3 too)


def test_route_may_end_in_a_blocked_city(tmp_path):
    s = make(tmp_path, column(city(10), city(20), city(30)), {"A5": {0: "A"}, "A3": {0: "B"}})
    check(s, ["3"], 50)  # A5-A3; A1 is behind the blocked city


def test_offboard_end_and_phase(tmp_path):
    hexes = column(offboard("yellow_40|brown_60"), city(10), city(20))
    s = make(tmp_path, hexes, {"A3": {0: "A"}})
    check(s, ["2"], 50)  # 40 + 10
    check(s, ["3"], 70)
    s.phase = "5"  # brown: the off-board pays 60
    check(s, ["3"], 90)


def test_offboard_cannot_be_passed(tmp_path):
    s = make(tmp_path, column(city(10), offboard(40), city(100)), {"A1": {0: "A"}})
    check(s, ["3"], 50)  # 10 + 40 only
    check(s, ["D"], 50)


def test_offboard_between_token_and_big_city(tmp_path):
    s = make(tmp_path, column(city(10), offboard(40), city(100)), {"A5": {0: "A"}})
    check(s, ["3"], 140)


def group_hexes(groups=True):
    g = ",groups:G" if groups else ""
    return {
        # B4 city 10 joined to A3 (its edge 2) and A5 (its edge 1)
        "B4": ("grey", "city=revenue:10;path=a:1,b:_0;path=a:2,b:_0"),
        "A3": ("red", f"offboard=revenue:30{g};path=a:5,b:_0;border=edge:0"),
        "A5": ("red", f"offboard=revenue:40{g},hide:1;path=a:4,b:_0;border=edge:3"),
    }


def test_two_hex_offboard_group_counts_once(tmp_path):
    s = make(tmp_path, group_hexes(), {"B4": {0: "A"}})
    check(s, ["3"], 50)  # 10 + 40: not 30 + 10 + 40
    check(s, ["2", "2"], 90)  # one train to each hex of the area
    check(s, ["5+5E"], 100)


def test_without_the_group_both_count(tmp_path):
    s = make(tmp_path, group_hexes(groups=False), {"B4": {0: "A"}})
    check(s, ["3"], 80)


# ---------------------------------------------------------------------------------------------
# Track: junctions, bypasses, borders, paths sharing an edge


def test_junction_joins_three_ways(tmp_path):
    hexes = column(
        city(10), ("grey", "junction;path=a:3,b:_0;path=a:0,b:_0;path=a:5,b:_0"), city(20)
    )
    hexes["B4"] = ("grey", "city=revenue:30;path=a:2,b:_0")  # A3's edge 5 faces B4's edge 2
    s = make(tmp_path, hexes, {"A1": {0: "A"}})
    check(s, ["2"], 40)  # A1 - junction - B4
    check(s, ["3"], 40)  # cannot pass the junction twice
    check(s, ["2", "2"], 40)
    check(s, ["H3"], 40)  # A1 A3 B4


def test_two_routes_may_share_a_junction_but_not_its_track(tmp_path):
    # junction in A3 with arms up (A1), down (A5), upper right (B2), lower right (B4)
    hexes = column(
        city(10),
        ("grey", "junction;path=a:3,b:_0;path=a:0,b:_0;path=a:4,b:_0;path=a:5,b:_0"),
        city(20),
    )
    hexes["B2"] = ("grey", "city=revenue:30;path=a:1,b:_0")
    hexes["B4"] = ("grey", "city=revenue:40;path=a:2,b:_0")
    s = make(tmp_path, hexes, {"A1": {0: "A"}, "A5": {0: "A"}})
    check(s, ["2"], 60)  # A5 - B4
    check(s, ["2", "2"], 100)  # A1-B2 40 + A5-B4 60 (or A1-B4 + A5-B2): no side shared


def test_node_to_node_piece_is_not_shared(tmp_path):
    # A3: a junction joined to the top, the bottom and (by a node-to-node piece) the city 20
    hexes = column(
        city(10),
        ("grey", "city=revenue:20;junction;path=a:3,b:_1;path=a:0,b:_1;path=a:_1,b:_0"),
        city(30),
    )
    s = make(tmp_path, hexes, {"A3": {0: "A"}})
    check(s, ["2"], 50)  # A5 - junction - A3 city
    check(s, ["3"], 50)  # the city is a dead end
    check(s, ["2", "2"], 50)  # both routes would use the junction-city piece


def test_bypass_track_skips_the_city(tmp_path):
    # A3: city 10 on track top-bottom, plus a separate straight track top-bottom (Altoona)
    hexes = column(
        city(10), ("grey", "city=revenue:10;path=a:3,b:_0;path=a:0,b:_0;path=a:3,b:0"), city(20)
    )
    s = make(tmp_path, hexes, {"A1": {0: "A"}})
    check(s, ["2"], 30)  # A1 - bypass - A5
    check(s, ["3"], 40)
    check(s, ["2", "2"], 30)  # both leave A1 by the same side


def test_paths_sharing_an_edge_are_not_joined(tmp_path):
    # A3: tracks top-bottom and bottom-lower right; they share only the bottom edge
    hexes = column(city(10), ("grey", "path=a:3,b:0;path=a:0,b:5"), city(20))
    hexes["B4"] = ("grey", "city=revenue:100;path=a:2,b:_0")
    s = make(tmp_path, hexes, {"A1": {0: "A"}})
    check(s, ["2"], 30)  # A1-A5, never A1-B4
    check(s, ["D"], 30)


def test_two_cities_of_one_hex_never_on_one_route(tmp_path):
    # A3: OO-like: city 40 on the top track, city 50 on the bottom one, joined by track
    hexes = column(
        city(10),
        ("grey", "city=revenue:40;city=revenue:50;path=a:3,b:_0;path=a:_0,b:_1;path=a:_1,b:0"),
        city(20),
    )
    s = make(tmp_path, hexes, {"A1": {0: "A"}})
    check(s, ["D"], 50)  # A1 + city 40; cannot go on to the second city of A3
    s2 = make(tmp_path / "b", hexes, {"A5": {0: "A"}})
    check(s2, ["D"], 70)


def test_impassable_border(tmp_path):
    hexes = column(
        city(10), ("grey", f"city=revenue:50;{UP_DOWN};border=edge:3,type:impassable"), city(20)
    )
    s = make(tmp_path, hexes, {"A1": {0: "A"}})
    check(s, ["D"], 0)
    s2 = make(tmp_path / "b", hexes, {"A3": {0: "A"}})
    check(s2, ["D"], 70)


def test_hex_train_counts_hexes_not_stops(tmp_path):
    hexes = column(city(10), ("grey", "path=a:3,b:0"), city(20), city(30))
    s = make(tmp_path, hexes, {"A1": {0: "A"}})
    check(s, ["H3"], 30)  # A1 A3 A5
    check(s, ["H4"], 60)
    check(s, ["2"], 30)


def test_hex_train_counts_a_hex_entered_twice_twice(tmp_path):
    # A5 (token) -> B4 (crossing track) -> C3 -> B2 -> B4 again (its other track) -> B6
    hexes = {
        "A5": ("grey", "city=revenue:10;path=a:4,b:_0"),
        "B4": ("grey", "path=a:1,b:4;path=a:3,b:0"),
        "C3": ("grey", "path=a:1,b:2"),
        "B2": ("grey", "path=a:5,b:0"),
        "B6": ("grey", "city=revenue:20;path=a:3,b:_0"),
    }
    s = make(tmp_path, hexes, {"A5": {0: "A"}})
    check(s, ["D"], 30)
    # "enters at most N hexes counting the start hex": A5 B4 C3 B2 B4 B6 is six entries
    check(s, ["H5"], 0)
    check(s, ["H6"], 30)


# ---------------------------------------------------------------------------------------------
# The seed example: the best pair is not each train's best route


def test_best_pair_is_not_each_trains_best(tmp_path):
    # four connected cities: 110 - 80 (token) - 120 - 10
    s = make(tmp_path, column(city(110), city(80), city(120), city(10)), {"A3": {0: "A"}})
    check(s, ["8"], 320)  # all four
    check(s, ["2+2"], 400)  # (80+120) x2
    # together: 2+2 on 80-120 (400) + 8 on 110-80 (190); or 2+2 on 110-80 (380) + 8 on 80-120-10
    check(s, ["8", "2+2"], 590)
    check(s, ["2+2", "8"], 590)
