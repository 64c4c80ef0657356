"""The kinds' typed parameters and the per-game rules (rules/).

A kind reads a game file's table into its frozen ``Params``: an unknown key, a missing key or
a wrong value is an error naming the file and line. A game's own rules are found by its id.
"""

from __future__ import annotations

import dataclasses

import pytest
from route_oracle import write_game

from rusty_train_py.gamedata.game import GameDataError
from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.rules.params import KindParams
from rusty_train_py.titles import GameRules, games_with_rules, rules_for

HEXES = {"A1": ("white", "city=revenue:20"), "A3": ("white", "city=revenue:30")}


def load(tmp_path, trains=({"name": "2", "stops": 2},), bonuses=()):
    return write_game(tmp_path, HEXES, list(trains), bonuses=list(bonuses))


def test_train_params_are_typed_and_frozen(tmp_path):
    game = load(
        tmp_path,
        trains=[
            {"name": "2", "stops": 2},
            {"name": "4D", "rule": "plus_towns", "stops": 4, "city_multiplier": 2},
            {"name": "3/5", "rule": "pay_best", "pay": 3, "visit": 5},
            {"name": "E", "rule": "edges", "edges": 9, "gauges": ["broad"]},
        ],
    )
    two, four_d, pay_best, e = (game.train(n).params for n in ("2", "4D", "3/5", "E"))
    assert isinstance(two, KindParams) and two.stops == 2 and two.column is None
    assert (four_d.stops, four_d.city_multiplier) == (4, 2)
    assert (pay_best.pay, pay_best.visit) == (3, 5)
    assert (e.edges, e.gauges, e.double_at) == (9, ("broad",), None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        two.stops = 3
    assert game.train("E").params_dict == {"edges": 9, "gauges": ("broad",)}


@pytest.mark.parametrize(
    ("train", "message"),
    [
        ({"name": "5E", "rule": "express"}, "train 5E: missing 'stops'"),
        (
            {"name": "2", "stops": 2, "towns": 1},
            "train 2: unknown key 'towns' for rule 'stops' (it takes: column, stops)",
        ),
        (
            {"name": "2", "stops": "two"},
            "train 2: stops should be a whole number 1 to 1,000,000, got 'two'",
        ),
        ({"name": "3/2", "rule": "pay_best", "pay": 3, "visit": 2}, "pays more stops (3)"),
        (
            {"name": "5/7", "rule": "pay_best", "pay": 5, "visit": 7, "with_towns": "all"},
            "train 5/7: with_towns should be one of",
        ),
    ],
)
def test_bad_train_params_name_the_file_and_line(tmp_path, train, message):
    with pytest.raises(GameDataError) as err:
        load(tmp_path, trains=[train])
    text = str(err.value)
    assert message in text
    assert "t.toml:" in text  # the file and the line of the train's table


@pytest.mark.parametrize(
    ("bonus", "message"),
    [
        ({"id": "d", "kind": "end_again"}, "bonus d: missing 'at'"),
        (
            {"id": "d", "kind": "end_again", "at": ["A1"], "amount": 10},
            "bonus d: unknown key 'amount' for kind 'end_again' (it takes: at)",
        ),
        ({"id": "d", "kind": "end_again", "at": ["Z9"]}, "at names 'Z9', which is not a hex"),
        ({"id": "v", "kind": "visit", "at": ["A1"]}, "bonus v: needs amount or amounts"),
        ({"id": "c", "kind": "company_double", "at": ["A1"]}, "bonus c: missing 'company'"),
        (
            {"id": "c", "kind": "company_double", "company": "A", "at": ["A5"]},
            "at names 'A5', which is not a hex",
        ),
        (
            {"id": "d", "kind": "destination_value", "company": "A", "home": ["A1"]}
            | {"at": ["A3"], "home_node": -1},
            "bonus d: home_node should be a whole number 0 to",
        ),
        (
            {"id": "p", "kind": "port_share", "at": ["A1"], "min_stops": 3, "percent": 50},
            "bonus p: missing 'round_to'",
        ),
        (
            {"id": "p", "kind": "port_share", "at": ["A1"], "min_stops": 0}
            | {"percent": 50, "round_to": 10},
            "bonus p: min_stops should be a whole number 1 to",
        ),
        (
            {"id": "p", "kind": "port_share", "at": ["A1"], "min_stops": 3}
            | {"percent": 50, "round_to": 0},
            "bonus p: round_to should be a whole number 1 to",
        ),
        (
            {"id": "p", "kind": "port_share", "at": ["Z9"], "min_stops": 3}
            | {"percent": 50, "round_to": 10},
            "at names 'Z9', which is not a hex",
        ),
    ],
)
def test_bad_bonus_params_name_the_file_and_line(tmp_path, bonus, message):
    with pytest.raises(GameDataError) as err:
        load(tmp_path, bonuses=[bonus])
    assert message in str(err.value) and "t.toml:" in str(err.value)


def test_game_rules_are_found_by_the_game_id():
    assert {"1836Jr30", "18FL", "18MS"} <= set(games_with_rules())
    assert type(rules_for("18MS")).__name__ == "Rules18MS"
    assert type(rules_for("18FL")).__name__ == "Rules18FL"
    assert type(rules_for("1830")) is GameRules  # the common rules


def test_1836jr30_ports_pay_by_the_phase_colour():
    game = load_game("1836Jr30")
    paris = next(c for c in game.hexes["J2"].tile.nodes if c.revenue.by_column)

    class Stop:
        hex = "J2"

    assert paris.revenue.value(("yellow",)) == 20  # the common rule: the first column
    assert rules_for("1836Jr30", ("yellow",)).stop_value(Stop(), 20) == 0
    assert rules_for("1836Jr30", ("yellow", "green")).stop_value(Stop(), 20) == 20
    assert rules_for("1830", ("yellow",)).stop_value(Stop(), 20) == 20
