"""The ``connection_largest`` bonus kind on hand-made maps worked out by hand (18Neb's
east-west bonus: a route counting a W stop and an E stop earns its largest counted stop once
more, read on the stop's worth for the train without stop bonuses, as the engine's
``route_revenue``). Each figure is asserted against the brute-force oracle and the finder."""

from __future__ import annotations

import pytest
from helpers.hand_maps import check_revenue, city, column, hand_state
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
