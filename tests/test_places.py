"""Every stop carries a place name; multi-hex off-boards share one."""

from __future__ import annotations

from rusty_train_py.gamefile import load_game
from rusty_train_py.places import place_name


def test_a_named_hex_gives_its_name():
    game = load_game("1867")
    assert place_name(game, "F16", "city") == "Toronto"
    assert place_name(game, "A19", "offboard") == "Detroit"


def test_every_hex_of_a_multi_hex_offboard_shares_its_name():
    game = load_game("1867")
    assert game.hexes["A17"].location is None
    assert place_name(game, "A17", "offboard") == "Detroit"


def test_an_unnamed_stop_says_what_and_where_it_is():
    game = load_game("1867")
    assert place_name(game, "E19", "offboard") == "E19 port"  # a blue off-board
    assert place_name(game, "E5", "town") == "E5 town"
    assert place_name(game, "E5", "city") == "E5 city"
