"""1894's route rules on hand-made maps worked out by hand: the ``largest_stop`` bonus kind
(Luxembourg worth the route's largest stop; London raised by the largest other stop for a
company holding the token of the bonus hex), the ``closed`` and ``marker`` kinds (London only
with a ferry marker) and the ``one_stop_hexes`` reading (Paris visited once). Each figure is asserted against the brute-force oracle and the finder."""

from __future__ import annotations

import pytest
from helpers.hand_maps import check_revenue, city, column, hand_state
from route_oracle import write_game

from rusty_train_py.gamedata.game import GameDataError

TRAINS = [{"name": "2", "stops": 2}, {"name": "3", "stops": 3}, {"name": "D"}]
LUX = {"id": "lux", "name": "Luxembourg", "kind": "largest_stop", "at": ["A7"]}
LONDON = {
    "id": "ldn",
    "name": "London bonus",
    "kind": "largest_stop",
    "at": ["A3"],
    "others_only": True,
    "token_at": ["C9"],
}
SHUT = {"id": "shut", "name": "London", "kind": "closed", "at": ["A3"], "unless": "ferry"}
FERRY = {"id": "ferry", "name": "Ferry marker", "kind": "marker", "always": False}
LONELY = ("grey", "city=revenue:0")  # the London bonus hex: a city on no track


def test_luxembourg_is_worth_the_largest_stop(tmp_path):
    # A1 10 (token) - A3 50 - A5 30 - A7 off-board 0 (at the bottom of the column)
    hexes = column(city(10), city(50), city(30), ("red", "offboard=revenue:0;path=a:3,b:_0"))
    s = hand_state(tmp_path, hexes, TRAINS, {"A1": {0: "A"}}, [LUX])
    check_revenue(s, "A", ["D"], 140)  # 10 + 50 + 30 + 0, and Luxembourg 50
    check_revenue(s, "A", ["2"], 60)  # A1-A3: Luxembourg out of reach
    s = hand_state(tmp_path / "b", hexes, TRAINS, {"A5": {0: "A"}}, [LUX])
    check_revenue(s, "A", ["2"], 80)  # A3-A5 50 + 30; A5-A7 pays 30 + 0 + 30 = 60
    check_revenue(s, "A", ["3"], 130)  # A3-A5-A7: 50 + 30 + 0 + 50


def test_london_bonus_needs_the_token_of_the_bonus_hex(tmp_path):
    # A1 10 (token) - A3 London 50 - A5 30; C9 a lone city holding the bonus token or not
    hexes = dict(column(city(10), city(50), city(30)), C9=LONELY)
    s = hand_state(tmp_path, hexes, TRAINS, {"A1": {0: "A"}, "C9": {0: "A"}}, [LONDON])
    check_revenue(s, "A", ["D"], 120)  # 10 + 50 + 30, London raised by 30 (not by itself)
    check_revenue(s, "A", ["2"], 70)  # A1-A3: 10 + 50 + 10
    s = hand_state(tmp_path / "b", hexes, TRAINS, {"A1": {0: "A"}, "C9": {0: "B"}}, [LONDON])
    check_revenue(s, "A", ["D"], 90)  # B holds the bonus token: no bonus for A


def test_london_needs_a_ferry_marker(tmp_path):
    # A1 10 (token) - A3 London 50 - A5 30 - A7 20; A5 holds a second token of A
    hexes = column(city(10), city(50), city(30), city(20))
    s = hand_state(tmp_path, hexes, TRAINS, {"A1": {0: "A"}, "A5": {0: "A"}}, [SHUT, FERRY])
    check_revenue(s, "A", ["D"], 50)  # no marker: A5-A7 only (30 + 20), A1 cut off
    check_revenue(s, "A", ["D", "2"], 50)
    check_revenue(s, "A", ["D"], 110, ["ferry"])  # with it: 10 + 50 + 30 + 20
    check_revenue(s, "A", ["2", "2"], 140, ["ferry"])  # A1-A3 60 and A3-A5 80


def test_paris_is_visited_once(tmp_path):
    # A3: two cities (40 above, 50 below) joined inside the hex, as a Paris tile's two cities
    two = ("grey", "city=revenue:40;city=revenue:50;path=a:3,b:_0;path=a:_0,b:_1;path=a:_1,b:0")
    hexes = column(city(10), two, city(20))
    rules = {"one_stop_per_hex": False}
    s = hand_state(tmp_path, hexes, TRAINS, {"A1": {0: "A"}}, rules=rules)
    check_revenue(s, "A", ["D"], 120)  # 10 + 40 + 50 + 20: both cities of A3
    rules = {"one_stop_per_hex": False, "one_stop_hexes": ["A3"]}
    s = hand_state(tmp_path / "b", hexes, TRAINS, {"A1": {0: "A"}}, rules=rules)
    check_revenue(s, "A", ["D"], 50)  # A1 to A3's upper city only: 10 + 40


def test_one_stop_hexes_names_hexes_of_the_map(tmp_path):
    with pytest.raises(GameDataError) as err:
        write_game(tmp_path, column(city(10)), TRAINS, rules={"one_stop_hexes": ["Z9"]})
    assert "one_stop_hexes names 'Z9'" in str(err.value) and ".toml:" in str(err.value)
