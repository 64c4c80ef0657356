"""The ``connection_largest`` bonus kind on hand-made maps worked out by hand (18Neb's
east-west bonus: a route counting a W stop and an E stop earns its largest counted stop once
more, read on the stop's worth for the train without stop bonuses, as the engine's
``route_revenue``), and the ``pay_best`` kind with towns (18Neb's 5/7, a town a stop like any
other, and 4D, towns passed unpaid and cities doubled), alone and with that bonus, and the ``one_of_hexes`` kind (18Neb's two Chicagos, never both
in one route). Each figure
is asserted against the brute-force oracle and the finder."""

from __future__ import annotations

import pytest
from helpers.hand_maps import check_revenue, city, column, hand_state, town
from route_oracle import write_game

from rusty_train_py.gamedata.game import GameDataError

TRAINS = [
    {"name": "3", "stops": 3},
    {"name": "D"},
    {"name": "2/4", "rule": "pay_best", "pay": 2, "visit": 4},
    {"name": "4E", "rule": "express", "stops": 4, "multiplier": 2},
]
EW = {"id": "ew", "name": "East-West", "kind": "connection_largest", "at": ["A1"]}
EW["with_any"] = ["A7"]
CATTLE = {"id": "cattle", "name": "Cattle", "kind": "visit", "at": ["A5"], "amount": 50}
# A1 W 20 (the token) - A3 60 - A5 30 - A7 E 40
HEXES = column(city(20), city(60), city(30), city(40))


def test_east_west_adds_the_largest_stop(tmp_path):
    s = hand_state(tmp_path, HEXES, TRAINS, {"A1": {0: "A"}}, [EW])
    check_revenue(s, "A", ["D"], 210)  # 20 + 60 + 30 + 40, and A3's 60 again
    check_revenue(s, "A", ["3"], 110)  # A1-A3-A5: no E stop, no bonus
    # visits all four, pays two: W and E (20 + 40, and 40 again) beat the token and A3 (80)
    check_revenue(s, "A", ["2/4"], 100)
    # doubled: (20 + 60 + 30 + 40) x 2, and the largest stop's worth for the train, 120
    check_revenue(s, "A", ["4E"], 420)


def test_east_west_leaves_stop_bonuses_out_of_the_largest(tmp_path):
    s = hand_state(tmp_path, HEXES, TRAINS, {"A1": {0: "A"}}, [EW, CATTLE])
    check_revenue(s, "A", ["D"], 260)  # 150 + A5's 50, the largest still A3's 60 (not 80)


def test_with_any_names_hexes_of_the_map(tmp_path):
    bad = dict(EW, with_any=["Z9"])
    with pytest.raises(GameDataError) as err:
        write_game(tmp_path, HEXES, TRAINS, bonuses=[bad])
    assert "with_any names 'Z9'" in str(err.value) and ".toml:" in str(err.value)


# pay-best trains with towns (18Neb's 5/7 and 4D), alone and with the east-west bonus
NEB_TRAINS = [
    {"name": "3/4", "rule": "pay_best", "pay": 3, "visit": 4, "with_towns": "paid"},
    {"name": "3/5", "rule": "pay_best", "pay": 3, "visit": 5, "with_towns": "paid"},
    {"name": "3/4x", "rule": "pay_best", "pay": 3, "visit": 4},
    {"name": "2D", "rule": "pay_best", "pay": 2, "visit": 99, "with_towns": "free"},
    {"name": "3D", "rule": "pay_best", "pay": 3, "visit": 99, "with_towns": "free"},
]
for _t in NEB_TRAINS[3:]:
    _t["city_multiplier"] = 2
NEB_EW = dict(EW, with_any=["A9"])
# A1 W 20 (the token) - A3 town 10 - A5 50 - A7 town 30 - A9 E 40
NEB_HEXES = column(city(20), town(10), city(50), town(30), city(40))


def test_pay_best_with_towns_paid_or_passed(tmp_path):
    s = hand_state(tmp_path, NEB_HEXES, NEB_TRAINS, {"A1": {0: "A"}})
    check_revenue(s, "A", ["3/4"], 100)  # A1 to A7, four stops: 20 + 50 + town 30
    check_revenue(s, "A", ["3/4x"], 0)  # no town visited: A1 reaches nothing
    check_revenue(s, "A", ["3D"], 220)  # towns passed: (20 + 50 + 40) x 2
    check_revenue(s, "A", ["2D"], 140)  # the token's 20 and the best, 50: x 2


def test_east_west_with_pay_best_trains(tmp_path):
    s = hand_state(tmp_path, NEB_HEXES, NEB_TRAINS, {"A1": {0: "A"}}, [NEB_EW])
    check_revenue(s, "A", ["3/5"], 160)  # W 20, 50, E 40 paid (not town 30), 50 again
    check_revenue(s, "A", ["3/4"], 100)  # E out of reach: 20 + 50 + 30
    check_revenue(s, "A", ["3D"], 320)  # 220, and A5's doubled 100 again
    check_revenue(s, "A", ["2D"], 200)  # W and E paid, (20 + 40) x 2 and 80, over 140


def test_one_of_hexes_never_both_in_a_route(tmp_path):
    # A1 20 (the token) - A3 30 - A5 40; A1 and A5 one of two (18Neb's two Chicagos)
    chicago = {"id": "chicago", "name": "Chicago", "kind": "one_of_hexes", "at": ["A1", "A5"]}
    hexes = column(city(20), city(30), city(40))
    s = hand_state(tmp_path, hexes, TRAINS, {"A1": {0: "A"}})
    check_revenue(s, "A", ["D"], 90)  # 20 + 30 + 40
    s = hand_state(tmp_path / "b", hexes, TRAINS, {"A1": {0: "A"}}, [chicago])
    check_revenue(s, "A", ["D"], 50)  # A1-A3 only: A5 with A1 is refused
    s = hand_state(tmp_path / "c", hexes, TRAINS, {"A3": {0: "A"}}, [chicago])
    check_revenue(s, "A", ["D", "D"], 120)  # A3-A5 70 and A3-A1 50, each one of the two
