"""Map state: laying, turning and removing tiles, tokens, undo (revert) and availability."""

from __future__ import annotations

import pytest

from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.mapstate.state import HexEdit, HexState, MapEditError, MapState, PhaseEdit


@pytest.fixture
def state() -> MapState:
    return MapState(load_game("1867"))


def apply(state: MapState, edit):
    """Apply an edit, check that reverting it restores the state, then apply it again."""
    before = state.copy()
    state.apply(edit)
    after = state.copy()
    state.revert(edit)
    assert state == before
    state.apply(edit)
    assert state == after
    return edit


# ---- tiles ------------------------------------------------------------------------------------


def test_new_state_is_empty(state):
    assert state.phase == "2"
    assert state.laid_tiles() == {}
    assert state.all_tokens() == []
    tile, rot = state.tile_at("L12")
    assert tile is state.game.hexes["L12"].tile and rot == 0


def test_place_tile(state):
    edit = apply(state, state.place_tile_edit("I15", "57", 1))
    assert isinstance(edit, HexEdit)
    assert edit.before == HexState() and edit.after == HexState("57", 1, ())
    assert state.laid_tile("I15") == "57"
    assert state.laid_tiles() == {"I15": ("57", 1)}
    tile, rot = state.tile_at("I15")
    assert (tile.name, rot) == ("57", 1)
    assert tile.connectivity(rot).node_edges == (frozenset({1, 4}),)


def test_hex_names_are_normalised(state):
    apply(state, state.place_tile_edit("i15", "57", 0))
    assert state.laid_tiles() == {"I15": ("57", 0)}


def test_replace_tile(state):
    apply(state, state.place_tile_edit("I15", "57", 0))
    apply(state, state.place_tile_edit("I15", "15", 2))
    assert state.laid_tiles() == {"I15": ("15", 2)}
    assert state.tiles_in_use() == {"15": 1}


def test_rotate_tile(state):
    apply(state, state.place_tile_edit("I15", "57", 4))
    apply(state, state.rotate_tile_edit("I15", 1))
    assert state.laid_tiles() == {"I15": ("57", 5)}
    apply(state, state.rotate_tile_edit("I15", 1))
    assert state.laid_tiles() == {"I15": ("57", 0)}
    apply(state, state.rotate_tile_edit("I15", -1))
    assert state.laid_tiles() == {"I15": ("57", 5)}


def test_remove_tile(state):
    apply(state, state.place_tile_edit("H10", "8", 3))
    apply(state, state.remove_tile_edit("H10"))
    assert state.laid_tiles() == {}
    assert state.hex_state("H10") == HexState()


def test_remove_tile_keeps_tokens_that_fit_the_printed_city(state):
    apply(state, state.place_tile_edit("I15", "57", 0))
    apply(state, state.place_token_edit("I15", 0, "GW"))
    apply(state, state.remove_tile_edit("I15"))
    assert state.laid_tiles() == {}
    assert state.all_tokens() == [("I15", 0, "GW")]  # the printed hex has a city


def test_remove_tile_drops_tokens_without_a_city(state):
    # a tile with a city on a hex whose printed side has none: the token goes
    apply(state, state.place_tile_edit("H10", "57", 0))
    apply(state, state.place_token_edit("H10", 0, "GW"))
    apply(state, state.remove_tile_edit("H10"))
    assert state.all_tokens() == []
    assert state.tokens_left("GW") == state.game.company("GW").tokens


def test_tiles_available(state):
    game = state.game
    assert state.tiles_available("57") == game.manifest["57"] == 2
    apply(state, state.place_tile_edit("I15", "57", 0))
    assert state.tiles_available("57") == 1
    apply(state, state.place_tile_edit("N12", "57", 0))
    assert state.tiles_available("57") == 0
    with pytest.raises(MapEditError) as info:
        state.place_tile_edit("E15", "57", 0)
    assert "E15" in str(info.value) and "57" in str(info.value)
    # a loader may lay it anyway
    apply(state, state.place_tile_edit("E15", "57", 0, check_available=False))
    assert state.tiles_available("57") == -1
    # re-laying the same tile on its own hex (a new rotation) needs no spare copy
    apply(state, state.place_tile_edit("I15", "57", 2))
    assert state.tiles_available("8") is None  # unlimited
    assert state.tiles_available("X1") == 1
    assert state.tiles_available("Beg6") == 0  # not in this game's manifest


def test_tile_errors_name_the_hex(state):
    cases = [
        (lambda: state.place_tile_edit("Z99", "57", 0), "Z99"),
        (lambda: state.place_tile_edit("I15", "N0PE", 0), "I15"),
        (lambda: state.place_tile_edit("I15", "57", 6), "I15"),
        (lambda: state.place_tile_edit("A19", "57", 0), "A19"),  # red off-board
        (lambda: state.rotate_tile_edit("I15", 1), "I15"),
        (lambda: state.remove_tile_edit("I15"), "I15"),
        (lambda: state.place_token_edit("I15", 1, "GW"), "I15"),
        (lambda: state.remove_token_edit("I15", 0), "I15"),
    ]
    for make, hex_name in cases:
        with pytest.raises(MapEditError) as info:
            make()
        assert hex_name in str(info.value)
    assert state.laid_tiles() == {} and state.all_tokens() == []


# ---- tokens -----------------------------------------------------------------------------------


def test_tokens_placed_and_removed(state):
    apply(state, state.place_tile_edit("I15", "15", 0))  # two token spaces
    apply(state, state.place_token_edit("I15", 1, "GW"))
    apply(state, state.place_token_edit("I15", 0, "gwr"))  # an alias, any case
    assert state.tokens_at("I15") == {0: "GW", 1: "GW"}
    assert state.hex_state("I15").tokens == ((0, "GW"), (1, "GW"))
    assert state.tokens_placed("GW") == 2
    assert state.tokens_left("GW") == state.game.company("GW").tokens - 2
    assert state.companies_on_map() == ["GW"]
    with pytest.raises(MapEditError) as info:
        state.place_token_edit("I15", 0, "CPR")
    assert "I15" in str(info.value) and "GW" in str(info.value)
    apply(state, state.remove_token_edit("I15", 1))
    assert state.all_tokens() == [("I15", 0, "GW")]


def test_tokens_left_runs_out(state):
    company = state.game.company("NTR")
    cities = ["I15", "N12", "E15", "E13", "D8", "F8"][: company.tokens]
    for h in cities:
        apply(state, state.place_token_edit(h, 0, "NTR"))
    assert state.tokens_left("NTR") == 0
    with pytest.raises(MapEditError) as info:
        state.place_token_edit("C17", 0, "NTR")
    assert "C17" in str(info.value) and "no station tokens left" in str(info.value)


def test_unknown_company(state):
    with pytest.raises(MapEditError) as info:
        state.place_token_edit("I15", 0, "XYZ")
    assert "I15" in str(info.value) and "XYZ" in str(info.value)


def test_token_carried_on_upgrade(state):
    apply(state, state.place_tile_edit("I15", "57", 1))
    apply(state, state.place_token_edit("I15", 0, "GW"))
    apply(state, state.place_tile_edit("I15", "15", 1))
    assert state.hex_state("I15") == HexState("15", 1, ((0, "GW"),))
    apply(state, state.place_tile_edit("I15", "63", 0))
    assert state.hex_state("I15") == HexState("63", 0, ((0, "GW"),))


def test_tokens_follow_their_cities_on_toronto(state):
    # printed Toronto: city 0 on edge 1, city 1 on edge 4
    apply(state, state.place_token_edit("F16", 0, "GW"))
    apply(state, state.place_token_edit("F16", 1, "CPR"))
    # 120 turned 1: city 0 reaches edges 1, 2 and city 1 edges 3, 4: same order
    edit = state.place_tile_edit("F16", "120", 1)
    assert edit.after.tokens == ((0, "GW"), (1, "CPR"))
    # 120 turned 4: city 0 reaches 4, 5 and city 1 reaches 0, 1: the tokens swap spaces
    edit = apply(state, state.place_tile_edit("F16", "120", 4))
    assert state.tokens_at("F16") == {0: "CPR", 1: "GW"}
    # and the grey 124 (one city, four spaces) takes both
    apply(state, state.place_tile_edit("F16", "124", 1))
    assert state.tokens_at("F16") == {0: "CPR", 1: "GW"}


def test_tokens_follow_their_cities_when_turning(state):
    apply(state, state.place_tile_edit("F16", "120", 1))
    apply(state, state.place_token_edit("F16", 1, "GW"))  # city 1: edges 3, 4
    apply(state, state.rotate_tile_edit("F16", 3))  # city 0 now reaches 4, 5; city 1 reaches 0, 1
    assert state.tokens_at("F16") == {0: "GW"}


def test_tokens_that_do_not_fit_refuse_the_tile(state):
    apply(state, state.place_tile_edit("I15", "15", 0))
    apply(state, state.place_token_edit("I15", 0, "GW"))
    apply(state, state.place_token_edit("I15", 1, "CPR"))
    with pytest.raises(MapEditError) as info:
        state.place_tile_edit("I15", "57", 0)
    assert "I15" in str(info.value)
    with pytest.raises(MapEditError) as info:
        state.place_tile_edit("I15", "8", 0)  # no city at all
    assert "I15" in str(info.value)


def test_set_tokens(state):
    apply(state, state.set_tokens_edit("L12", {2: "CN", 0: "GW"}))
    assert state.all_tokens() == [("L12", 0, "GW"), ("L12", 2, "CN")]
    with pytest.raises(MapEditError) as info:
        state.set_tokens_edit("L12", {3: "GW"})
    assert "L12" in str(info.value) and "3" in str(info.value)


# ---- phases and undo --------------------------------------------------------------------------


def test_phase_edits(state):
    edit = apply(state, state.phase_edit("5"))
    assert isinstance(edit, PhaseEdit) and state.phase == "5"
    assert state.phase_colours == ("yellow", "green", "brown")
    apply(state, state.next_phase_edit())
    assert state.phase == "6"
    apply(state, state.phase_edit("8"))
    apply(state, state.next_phase_edit())
    assert state.phase == "2"  # wraps round
    with pytest.raises(MapEditError) as info:
        state.phase_edit("9")
    assert "'9'" in str(info.value)


def test_many_edits_revert_in_reverse_order(state):
    start = state.copy()
    edits = []
    for make in (
        lambda: state.place_tile_edit("I15", "57", 1),
        lambda: state.place_token_edit("I15", 0, "GW"),
        lambda: state.place_tile_edit("I15", "15", 1),
        lambda: state.place_token_edit("I15", 1, "CPR"),
        lambda: state.rotate_tile_edit("I15", 2),
        lambda: state.place_tile_edit("H10", "9", 0),
        lambda: state.phase_edit("4"),
        lambda: state.remove_tile_edit("H10"),
        lambda: state.remove_token_edit("I15", 0),
    ):
        edit = make()
        state.apply(edit)
        edits.append(edit)
    end = state.copy()
    assert end.laid_tiles() == {"I15": ("15", 3)}
    assert end.all_tokens() == [("I15", 1, "CPR")]
    assert end.phase == "4"
    for edit in reversed(edits):
        state.revert(edit)
    assert state == start
    for edit in edits:
        state.apply(edit)
    assert state == end


def test_equality():
    game = load_game("1867")
    a, b = MapState(game), MapState(game)
    assert a == b
    a.apply(a.place_tile_edit("I15", "57", 0))
    assert a != b
    b.apply(b.place_tile_edit("I15", "57", 3))
    assert a != b  # same picture, another rotation
    assert MapState(game, "3") != MapState(game, "2")
    assert MapState(load_game("1861")) != MapState(game)
    with pytest.raises(KeyError):
        MapState(game, "9")
