"""The advisor's legal lays, tokens and lay costs: hand-worked positions, and on random maps of
every game in games/ an independent slow check (every tile of the manifest in every rotation
on every hex, judged by the upgrade rules, and a connectivity search of its own)."""

from __future__ import annotations

import pytest
from advisor_maps import random_map
from advisor_slow import all_rule_lays, look, slow_sides
from reference_data import GAMES

from rusty_train_py.advisor import company_reach, legal_lays, legal_tokens, where_tile_goes
from rusty_train_py.advisor.lays import hex_lays
from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.mapstate.state import MapState


def check_against_slow(state: MapState, company: str, rule_lays: dict) -> int:
    """The advisor's lays for ``company`` and the slow check's agree; returns how many."""
    sides = slow_sides(state, company)
    got = legal_lays(state, company)
    assert len(set(got)) == len(got)
    by_hex: dict[str, list] = {}
    for lay in got:
        by_hex.setdefault(lay.hex, []).append(lay)
    for h in state.game.hex_order:
        slow = {
            (t, r)
            for t, r in rule_lays[h]
            if any((x + r) % 6 in sides.get(h, ()) for x in state.game.tile(t).track_edges)
        }
        mine = by_hex.get(h, [])
        assert {(lay.tile, lay.rotation) for lay in mine} <= slow, h
        # one lay per distinct look, and every legal look is there
        looks = [look(state, h, lay.tile, lay.rotation) for lay in mine]
        assert len(set(looks)) == len(looks), h
        assert set(looks) == {look(state, h, t, r) for t, r in slow}, h
    return len(got)


# ---- random maps of every game ------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_legal_lays_agree_with_a_slow_check_on_random_maps(game_id):
    total = 0
    for seed in range(3):
        state, company = random_map(game_id, seed)
        rule_lays = all_rule_lays(state)
        total += check_against_slow(state, company, rule_lays)
        for other in sorted({c for _, _, c in state.all_tokens()} - {company}):
            check_against_slow(state, other, rule_lays)
    assert total > 0  # the maps give the companies something to lay


@pytest.mark.parametrize("game_id", GAMES)
def test_where_a_tile_goes_agrees_with_a_slow_check(game_id):
    state, company = random_map(game_id, 7)
    sides = slow_sides(state, company)
    rule_lays = all_rule_lays(state)
    tried = 0
    for tile in state.game.placeable_tiles[::5]:
        places = where_tile_goes(state, tile.name, company)
        everywhere = set()
        reachable = set()
        for h in state.game.hex_order:
            for t, r in rule_lays[h]:
                if t == tile.name:
                    everywhere.add(look(state, h, t, r))
                    if any((x + r) % 6 in sides.get(h, ()) for x in tile.track_edges):
                        reachable.add(look(state, h, t, r))
        assert {look(state, x.hex, x.tile, x.rotation) for x in places.lays} == everywhere
        assert {look(state, x.hex, x.tile, x.rotation) for x in places.reachable} == reachable
        assert set(places.reachable) <= set(places.lays)
        tried += len(everywhere)
    assert tried > 0


# ---- hand-worked positions ----------------------------------------------------------------


@pytest.fixture
def blocked() -> MapState:
    """1867, phase 2: GW at E13 and CNR at E15, each on a straight yellow city (57) running
    E11-E13-E15-E17; each city has one token space, so each is full for the other."""
    state = MapState(load_game("1867"), "2")
    for h, c in (("E13", "GW"), ("E15", "CNR")):
        state.apply(state.place_tile_edit(h, "57", 0))
        state.apply(state.place_token_edit(h, 0, c))
    return state


def test_a_full_city_stops_the_network(blocked):
    gw = company_reach(blocked, "GW")
    assert gw.sides == {"E13": frozenset(range(6)), "E11": frozenset({0}), "E15": frozenset({3})}
    assert gw.centres == {("E13", 0), ("E15", 0)}
    cnr = company_reach(blocked, "CNR")
    assert cnr.sides == {"E15": frozenset(range(6)), "E17": frozenset({3}), "E13": frozenset({0})}


def test_lays_connect_to_the_network_and_keep_off_impassable_sides(blocked):
    # E11: a side to E13, impassable borders on sides 1 and 2; phase 2 lays yellow only.
    got = [(x.hex, x.tile, x.rotation, x.cost) for x in legal_lays(blocked, "GW")]
    assert got == [("E11", "7", 5, 0), ("E11", "8", 4, 0), ("E11", "9", 0, 0)]
    assert {x.hex for x in legal_lays(blocked, "CNR")} == {"E17"}
    places = where_tile_goes(blocked, "9", "GW")
    assert [(x.hex, x.rotation) for x in places.reachable] == [("E11", 0)]
    assert len(places.hexes) > 40  # any company: every open plain hex


def test_first_lay_is_on_the_home_hex():
    state = MapState(load_game("1867"), "2")
    state.apply(state.place_token_edit("F8", 0, "GW"))
    got = {(x.tile, x.rotation) for x in legal_lays(state, "GW")}
    assert {x.hex for x in legal_lays(state, "GW")} == {"F8"}
    # yellow one-city tiles: sharp (5) and gentle (6) curves in six turns, the straight in three
    assert got == {("5", r) for r in range(6)} | {("6", r) for r in range(6)} | {
        ("57", r) for r in range(3)
    }


def test_lay_costs_terrain_and_borders():
    state = MapState(load_game("1867"), "2")
    # K11 is water (cost 20): every lay there pays it; J12 likewise.
    assert {x.terrain_cost for x in hex_lays(state, "K11")} == {20}
    assert {x.terrain_cost for x in hex_lays(state, "J12")} == {20}
    # M9's side 0 and M11's side 3 share a water border costing 80, paid by the lay that
    # connects track across it: not the first 57 on M9 (nothing across yet) ...
    assert {x.cost for x in hex_lays(state, "M9", ["57"])} == {0}
    state.apply(state.place_tile_edit("M9", "57", 0))
    state.apply(state.place_token_edit("M9", 0, "GW"))
    lays = legal_lays(state, "GW")
    assert {x.hex for x in lays} == {"M7", "M11"}  # the straight runs M7-M9-M11
    # ... but every lay on M11 (linked by its side 3), 80 once; M7's side is free.
    assert {(x.terrain_cost, x.border_cost) for x in lays if x.hex == "M11"} == {(0, 80)}
    assert {x.cost for x in lays if x.hex == "M7"} == {0}


def test_tokens_need_a_reached_city_with_room():
    state = MapState(load_game("1867"), "2")
    for h in ("E13", "E15"):
        state.apply(state.place_tile_edit(h, "57", 0))
    state.apply(state.place_token_edit("E13", 0, "GW"))
    places = legal_tokens(state, "GW")
    # E15 is reached and empty; E13 already holds GW.
    assert [(p.hex, p.space) for p in places] == [("E15", 0)]
    state.apply(state.place_token_edit("E15", 0, "CNR"))
    assert legal_tokens(state, "GW") == []


def test_rotations_differing_only_in_gauge_are_distinct_lays():
    # 1849's 657: a city with narrow track on one side and broad on the other; turned half
    # round it joins the same sides with the gauges swapped, another lay.
    from rusty_train_py.mapstate.upgrades import _unique_rotations

    tile = load_game("1849").tile("657")
    assert {p.track for p in tile.paths} == {"narrow", "broad"}
    assert _unique_rotations(tile, range(6)) == (0, 1, 2, 3, 4, 5)
    assert _unique_rotations(load_game("1867").tile("57"), range(6)) == (0, 1, 2)
