"""The stops of a route a log records (files/online/realcheck.route_stops), read from its
connections: routes taken from 18xx.games fixtures, including routes that come back to a
hex (two cities of Denver in 18CO, a town between them)."""

from __future__ import annotations

from rusty_train_py.files.online.realcheck import route_stops
from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.mapstate.state import MapState


def stops(route: dict) -> tuple[str, ...]:
    return route_stops(route, MapState(load_game("18CO")))


def test_connections_in_order_give_the_stops_in_order():
    # 18MEX 80226.json action 80: each connection joins the one before it
    route = {
        "connections": [["O10", "P11"], ["M10", "O10"], ["L9", "M10"], ["K8", "L9"], ["J7", "K8"]],
        "hexes": ["P11", "O10", "M10", "L9", "K8", "J7"],
    }
    assert route_stops(route, MapState(load_game("18MEX"))) == (
        "P11", "O10", "M10", "L9", "K8", "J7",
    )  # fmt: skip


def test_a_route_back_to_a_hex_starts_where_every_connection_joins():
    # 18CO 18CO_game_end_bankrupt.json action 363: Denver's second city, F12, Denver's first
    route = {
        "connections": [
            ["F12", "E13", "E15"],
            ["E15", "F14", "F12"],
            ["F20", "F18", "F16", "E15"],
            ["F24", "F22", "F20"],
            ["E27", "F26", "F24"],
        ],
        "hexes": ["E15", "F12", "E15", "F20", "F24", "E27"],
    }
    assert stops(route) == ("E15", "F12", "E15", "F20", "F24", "E27")


def test_two_readings_that_both_join_take_the_listed_hexes():
    # 18CO 22032.json action 371: a town (D14) between two cities of Denver
    route = {"connections": [["D14", "D16", "E15"], ["E15", "D14"]], "hexes": ["E15", "D14", "E15"]}
    assert stops(route) == ("E15", "D14", "E15")
    route["hexes"] = ["D14", "E15", "D14"]
    assert stops(route) == ("D14", "E15", "D14")
