"""Upgrade validation: colour progression, revenue centres, labels, kept track, borders, supply."""

from __future__ import annotations

import dataclasses

import pytest

from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.mapstate.state import MapState
from rusty_train_py.mapstate.upgrades import (
    Candidate,
    fitting_candidates,
    is_valid_upgrade,
    keeps_track,
    upgrade_candidates,
    upgrade_problem,
)


@pytest.fixture
def state() -> MapState:
    """A fresh 1867 map in phase 8, where every tile colour may be laid."""
    return MapState(load_game("1867"), "8")


def test_upgrades_follow_the_colours_the_phase_allows():
    state = MapState(load_game("1867"))  # phase 2: yellow only
    state.apply(state.place_tile_edit("E5", "9", 0))
    assert upgrade_candidates(state, "E5") == []
    assert upgrade_problem(state, "E5", "23", 0) == "E5: phase 2 allows yellow tiles, not green"
    state.apply(state.phase_edit("3"))
    assert "23" in names(upgrade_candidates(state, "E5"))


def names(cands: list[Candidate]) -> list[str]:
    return [c.tile for c in cands]


def test_blank_white_hex_takes_yellow_track_in_every_distinct_rotation(state):
    assert upgrade_candidates(state, "E5") == [
        Candidate("7", (0, 1, 2, 3, 4, 5)),
        Candidate("8", (0, 1, 2, 3, 4, 5)),
        Candidate("9", (0, 1, 2)),
    ]


def test_labelled_city_hex_takes_only_tiles_with_its_label(state):
    assert names(upgrade_candidates(state, "D16")) == ["201", "202", "621"]
    assert upgrade_problem(state, "D16", "57", 0) == "D16: needs a tile labelled Y"


def test_future_label_applies_when_the_colour_matches(state):
    # Ottawa J12: Y until grey, then O (X8).
    for tile, rot in (("621", 0), ("622", 0), ("623", 0)):
        state.apply(state.place_tile_edit("J12", tile, rot, check_available=False))
    assert names(upgrade_candidates(state, "J12")) == ["X8"]


def test_printed_yellow_city_takes_green_keeping_its_track(state):
    # Toronto F16: two cities reaching edges 1 and 4; tile 120 keeps them in rotations 1, 4.
    assert upgrade_candidates(state, "F16") == [Candidate("120", (1, 4))]
    assert upgrade_problem(state, "F16", "120", 0) == (
        "F16: tile 120 does not keep the existing track and stations"
    )


def test_labelled_cities_may_merge_into_one_with_as_many_spaces(state):
    state.apply(state.place_tile_edit("F16", "120", 1))
    assert upgrade_candidates(state, "F16") == [Candidate("122", (1,))]
    state.apply(state.place_tile_edit("F16", "122", 1))
    assert upgrade_candidates(state, "F16") == [Candidate("124", (1,))]


def test_colour_must_be_the_next_one(state):
    state.apply(state.place_tile_edit("E5", "57", 0))
    assert upgrade_problem(state, "E5", "63", 0) == "E5: a yellow hex takes a green tile, not brown"
    assert upgrade_candidates(state, "E5") == [
        Candidate("14", (0, 2)),
        Candidate("15", (0, 3)),
        Candidate("619", (0, 3)),
    ]


def test_plain_track_keeps_its_connections(state):
    state.apply(state.place_tile_edit("E5", "9", 0))  # straight 0-3
    cands = upgrade_candidates(state, "E5")
    for c in cands:
        for r in c.rotations:
            conn = state.game.tile(c.tile).connectivity(r)
            assert (0, 3) in conn.edge_pairs
    assert names(cands) == ["18", "19", "20", "23", "24", "26", "27"]


def test_no_copies_left_means_no_upgrade(state):
    state.apply(state.place_tile_edit("F16", "120", 1))
    state.apply(state.place_tile_edit("E5", "57", 0))
    # Lay both copies of tile 14 elsewhere.
    state.apply(state.place_tile_edit("E7", "14", 0, check_available=False))
    state.apply(state.place_tile_edit("E9", "14", 0, check_available=False))
    assert upgrade_problem(state, "E5", "14", 0) == "E5: no tile 14 left"
    assert "14" not in names(upgrade_candidates(state, "E5"))


def test_impassable_borders_are_not_crossed(state):
    # D10 has impassable borders on edges 0, 1, 2 and 5: only edges 3 and 4 are open.
    assert upgrade_candidates(state, "D10") == [Candidate("7", (3,))]
    assert not is_valid_upgrade(state, "D10", "9", 0)


def test_keeps_track_counts_towns_apart_from_cities(state):
    game = state.game
    assert not keeps_track(game.tile("57"), 0, game.tile("87"), 0)
    assert keeps_track(game.tile("4"), 0, game.tile("87"), 0)


def test_a_tile_an_upgrade_rule_names_may_join_two_towns_in_one():
    """1847 AE's upgrades_to?: the yellow double towns 1 and 55 become the green town 88, 56
    becomes 87 and 69 becomes 204, in the rotations keeping both towns' edges (as the
    fixtures lay them: E17 56 -> 87 and D20 55 -> 88 turned as before); without a rule two
    towns never become one, and the green two-slot cities 14 and 15 never upgrade."""
    state = MapState(load_game("1847AE"), "5")
    for hex_name, old, rotation, new in [
        ("E17", "56", 0, Candidate("87", (0,))),
        ("F10", "1", 0, Candidate("88", (0,))),
        ("D20", "55", 2, Candidate("88", (2,))),
        ("G3", "69", 0, Candidate("204", (0,))),
    ]:
        state.apply(state.place_tile_edit(hex_name, old, rotation))
        assert upgrade_candidates(state, hex_name) == [new]
    assert upgrade_problem(state, "E17", "87", 1) == (
        "E17: tile 87 does not keep the existing track and stations"
    )
    game = state.game
    assert not keeps_track(game.tile("56"), 0, game.tile("87"), 0)
    assert keeps_track(game.tile("56"), 0, game.tile("87"), 0, towns_merge=True)
    state.apply(state.place_tile_edit("H16", "14", 2))
    assert upgrade_candidates(state, "H16") == []
    assert upgrade_problem(state, "H16", "63", 2) == "H16: tile 14 cannot be upgraded"


def test_tokens_ride_along_with_the_upgrade(state):
    state.apply(state.place_tile_edit("E5", "57", 0))
    state.apply(state.place_token_edit("E5", 0, "GW"))
    assert is_valid_upgrade(state, "E5", "14", 0)
    edit = state.place_tile_edit("E5", "14", 0)
    assert edit.after.tokens == ((0, "GW"),)


def test_grey_and_red_hexes_take_nothing(state):
    red = next(h for h, mh in state.game.hexes.items() if mh.colour == "red")
    assert upgrade_candidates(state, red) == []
    assert fitting_candidates(state, red) == []


def test_fitting_candidates_keep_the_hexs_kind_of_revenue_centre_and_label(state):
    game = state.game
    plain = names(fitting_candidates(state, "E5"))
    assert len(plain) == 32
    assert all(not game.tile(t).revenue_centres and not game.tile(t).label for t in plain)
    # A town hex is offered town tiles only: never Montreal's M cities (issue 9).
    assert names(fitting_candidates(state, "H14")) == ["3", "4", "58", "87", "88", "204", "911"]
    montreal = names(fitting_candidates(state, "L12"))
    assert montreal == ["637", "X1", "X2", "X3", "X4", "X5", "X6", "X7", "639"]
    assert {game.tile(t).label for t in montreal} == {"M"}
    state.apply(state.place_tile_edit("E15", "57", 0))
    state.apply(state.place_token_edit("E15", 0, "GW"))
    assert names(fitting_candidates(state, "E15")) == [
        "5", "6", "57", "14", "15", "619", "63", "611"
    ]  # fmt: skip


def test_a_printed_stub_must_be_connected(state):
    # 1867 G15 has a city and a stub of track at edge 1 (lower left).
    assert upgrade_problem(state, "G15", "57", 0) == (
        "G15: tile 57 must connect the printed track stub at edge 1"
    )
    assert upgrade_problem(state, "G15", "57", 1) is None
    # rotations 1 and 4 lay the same track, so one of them is offered
    assert [c.rotations for c in upgrade_candidates(state, "G15") if c.tile == "57"] == [(1,)]


def test_1867_city_upgrades_offer_only_the_tiles_with_the_most_exits(state):
    state.apply(state.place_tile_edit("E5", "57", 0))
    state.apply(state.place_tile_edit("E5", "14", 0))
    # brown 611 (5 exits) also keeps the track, but 63 (6 exits) is there: only 63 is offered
    assert upgrade_problem(state, "E5", "611", 0) is None
    assert names(upgrade_candidates(state, "E5")) == ["63"]


def test_without_the_rule_every_valid_upgrade_is_offered():
    game = dataclasses.replace(load_game("1867"), upgrade_max_exits=())
    state = MapState(game, "8")
    state.apply(state.place_tile_edit("E5", "57", 0))
    state.apply(state.place_tile_edit("E5", "14", 0))
    assert names(upgrade_candidates(state, "E5")) == ["63", "611"]
