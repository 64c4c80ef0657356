"""Tokens in a city's extra slot (1870's destination tokens): a token in no numbered space of
the city. It is the company's token in that city for the finder (a route may start there;
the city never blocks it), it never fills the city for another company, it takes none of the
company's station tokens, it moves with the city when the tile is upgraded, it is saved and
read back, drawn beside the city, and the replay of an 18xx.games log places it where the
engine does (the "Map" choice of G1870::Step::ConnectionToken)."""

from __future__ import annotations

import json

import pytest
from helpers.hand_maps import check_revenue, city, column, hand_state

from rusty_train_py.files.errors import GameFileError
from rusty_train_py.files.savefile import dumps, state_from_data
from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.mapstate.state import MapEditError, MapState
from rusty_train_py.route.graph import build_graph

TRAINS = [{"name": "2", "stops": 2}, {"name": "3", "stops": 3}]
DEST = {
    "id": "run",
    "kind": "destination_end",
    "company": "A",
    "at": ["A5"],
    "extra_token": True,
    "always": True,
}


def make(tmp_path, hexes, tokens, extra, bonuses=()):
    state = hand_state(tmp_path, hexes, TRAINS, tokens, bonuses)
    for h, k, company in extra:
        state.apply(state.place_extra_token_edit(h, k, company))
    return state


def test_a_route_may_start_from_it(tmp_path):
    # A1 (10) - A3 (20, full of B) - A5 (30, A's token in its extra slot) - A7 (40): A's only
    # token is the extra one on A5; a 2-train runs A5-A7 (70), a 3-train A3-A5-A7 (90): A3,
    # full of B's token, may end a route but not be passed
    hexes = column(city(10), city(20), city(30), city(40))
    state = make(tmp_path, hexes, {"A3": {0: "B"}}, [("A5", 0, "A")])
    check_revenue(state, "A", ["2"], 70)
    check_revenue(state, "A", ["3"], 90)
    check_revenue(state, "A", ["2", "2"], 70 + 50)  # A5-A7 and A5-A3 (30 + 20): one each side
    # without it A has no token: nothing
    state.apply(state.remove_extra_token_edit("A5", 0, "A"))
    check_revenue(state, "A", ["3"], 0)


def test_it_never_fills_the_city_for_another_company(tmp_path):
    # A3's one space is free, B's token sits beside it: A (token on A1) passes A3 to A5
    hexes = column(city(10), city(20), city(30))
    state = make(tmp_path, hexes, {"A1": {0: "A"}}, [("A3", 0, "B")])
    check_revenue(state, "A", ["3"], 60)
    graph = build_graph(state, "A")
    a3 = next(c for c in graph.centres if c.hex == "A3")
    assert (a3.token, a3.blocked, a3.extra_token) == (False, False, False)
    # with B's token in the space too, A3 is full for A: A runs A1-A3 only (30)
    state.apply(state.place_token_edit("A3", 0, "B"))
    check_revenue(state, "A", ["3"], 30)
    # B's own tokens there: the city never blocks B, whose extra token counts
    graph = build_graph(state, "B")
    a3 = next(c for c in graph.centres if c.hex == "A3")
    assert (a3.token, a3.blocked, a3.extra_token) == (True, False, True)


def test_a_full_city_with_the_companys_extra_token_is_passed(tmp_path):
    # A3 full of B, A's token in its extra slot: A's 3-train runs A1-A3-A5 (60), as the
    # engine's City#blocks? says (tokened_by? reads the extra tokens too)
    hexes = column(city(10), city(20), city(30))
    state = make(tmp_path, hexes, {"A3": {0: "B"}}, [("A3", 0, "A")])
    check_revenue(state, "A", ["3"], 60)


def test_the_destination_run_is_paid_once_the_token_is_there(tmp_path):
    # destination_end on A5 with extra_token: A's route ending at A5 pays A5 again only while
    # A's token sits in A5's extra slot. A1 (10, A's token) - A3 (20) - A5 (30).
    hexes = column(city(10), city(20), city(30))
    state = make(tmp_path, hexes, {"A1": {0: "A"}}, [], bonuses=[DEST])
    check_revenue(state, "A", ["3"], 60)  # no token there yet: 10 + 20 + 30
    state.apply(state.place_extra_token_edit("A5", 0, "A"))
    check_revenue(state, "A", ["3"], 90)  # A5 paid again: 60 + 30
    check_revenue(state, "A", ["2", "2"], 30 + 50 + 30)  # A1-A3 (30), A5-A3 + A5 again (80)
    # B's token in A5's extra slot pays A nothing
    state.apply(state.remove_extra_token_edit("A5", 0, "A"))
    state.apply(state.place_extra_token_edit("A5", 0, "B"))
    check_revenue(state, "A", ["3"], 60)
    # a stop bonus on A5 (+10, visit) is paid once: the run pays A5's own 30 again, as the
    # engine's destination_revenue pays the stop's route_revenue
    visit = {"id": "v", "kind": "visit", "at": ["A5"], "amount": 10, "always": True}
    state = make(tmp_path / "v", hexes, {"A1": {0: "A"}}, [("A5", 0, "A")], [DEST, visit])
    check_revenue(state, "A", ["3"], 100)  # 10 + 20 + (30 + 10) + 30


def test_it_takes_no_space_and_none_of_the_companys_tokens():
    state = MapState(load_game("1870"))
    left = state.tokens_left("FW")
    state.apply(state.place_extra_token_edit("A2", 0, "FW"))  # Denver: a city with no space
    assert state.tokens_at("A2") == {}
    assert state.extra_tokens_at("A2") == ((0, "FW"),)
    assert state.tokens_left("FW") == left
    assert state.companies_on_map() == ["FW"]
    with pytest.raises(MapEditError, match="two extra-slot tokens of one company"):
        state.apply(state.place_extra_token_edit("A2", 0, "FW"))
    with pytest.raises(MapEditError, match="A2: no city 1 for an extra-slot token"):
        state.apply(state.place_extra_token_edit("A2", 1, "IC"))
    with pytest.raises(MapEditError, match="unknown company"):
        state.apply(state.place_extra_token_edit("A2", 0, "XX"))


def test_it_moves_with_the_city_when_the_tile_changes():
    state = MapState(load_game("1870"), "4")
    state.apply(state.place_tile_edit("D5", "57", 0))  # Wichita: one city, straight through
    state.apply(state.place_token_edit("D5", 0, "ATSF"))
    state.apply(state.place_extra_token_edit("D5", 0, "MKT"))
    state.apply(state.place_tile_edit("D5", "15", 0))  # green, one city of two spaces
    assert state.hex_state("D5").tokens == ((0, "ATSF"),)
    assert state.extra_tokens_at("D5") == ((0, "MKT"),)
    state.apply(state.rotate_tile_edit("D5", 1))
    assert state.extra_tokens_at("D5") == ((0, "MKT"),)
    state.apply(state.remove_tile_edit("D5"))  # the printed city keeps it
    assert state.extra_tokens_at("D5") == ((0, "MKT"),)


def test_it_is_saved_and_read_back():
    state = MapState(load_game("1870"), "5")
    state.apply(state.place_tile_edit("D5", "57", 0))
    state.apply(state.place_token_edit("D5", 0, "ATSF"))
    plain = dumps(state)
    assert "extra_tokens" not in plain  # a save without them is written as before
    state.apply(state.place_extra_token_edit("A22", 0, "IC"))
    state.apply(state.place_extra_token_edit("D5", 0, "MKT"))
    text = dumps(state)  # in map order
    assert (
        '  "extra_tokens": [\n'
        '    {"hex": "D5", "city": 0, "company": "MKT"},\n'
        '    {"hex": "A22", "city": 0, "company": "IC"}\n'
        "  ]\n"
    ) in text
    back = state_from_data(json.loads(text), "t.json")
    assert back == state
    assert dumps(back) == text


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"hex": "A22", "city": 1, "company": "IC"}, r"extra_tokens\[0\] \(A22\): A22: no city 1"),
        ({"hex": "A22", "city": 0, "company": "XX"}, r"\(A22\): unknown company 'XX'"),
        ({"hex": "A22", "city": "0", "company": "IC"}, r"\(A22\): 'city' should be a city"),
        ({"hex": "Q99", "city": 0, "company": "IC"}, r"extra_tokens\[0\]: bad hex 'Q99'"),
        ({"hex": "A22", "company": "IC"}, r"\(A22\): missing key 'city'"),
        ({"hex": "A22", "city": 0, "company": "IC", "x": 1}, r"\(A22\): unknown key 'x'"),
    ],
)
def test_a_bad_entry_is_refused_naming_it(entry, message):
    data = json.loads(dumps(MapState(load_game("1870"))))
    data["extra_tokens"] = [entry]
    with pytest.raises(GameFileError, match=message):
        state_from_data(data, "t.json")


def test_it_is_drawn_beside_the_city(tmp_path):
    from PySide6.QtGui import QImage

    from rusty_train_py.render import geometry
    from rusty_train_py.render.qt import export

    state = MapState(load_game("1870"), "5")
    state.apply(state.place_tile_edit("D5", "57", 0))
    state.apply(state.place_token_edit("D5", 0, "ATSF"))
    tile, rot = state.tile_at("D5")
    layout = geometry.tile_layout(tile, rot, state.game.orientation, 50.0, "Wichita")
    node = layout.nodes[0]
    # before: nothing beside the city; after: one spot, outside the city's body, up-right
    assert geometry.extra_token_spots(tile, layout, ()) == []
    [(centre, radius, company)] = geometry.extra_token_spots(tile, layout, ((0, "MKT"),))
    space = node.spaces[0]
    dx, dy = centre[0] - node.centre[0], centre[1] - node.centre[1]
    assert company == "MKT" and radius == space.radius
    assert (dx * dx + dy * dy) ** 0.5 >= space.radius * 2  # clear of the city's space
    assert dx > 0 and dy < 0
    before = tmp_path / "before.png"
    export.render_map_image(state, before, hex_size=50)
    state.apply(state.place_extra_token_edit("D5", 0, "MKT"))
    after = tmp_path / "after.png"
    export.render_map_image(state, after, hex_size=50)
    a, b = QImage(str(before)), QImage(str(after))
    assert a.size() == b.size()
    changed = sum(
        a.pixel(x, y) != b.pixel(x, y)
        for x in range(0, a.width(), 2)
        for y in range(0, a.height(), 2)
    )
    assert changed > 20  # the token is drawn (MKT's colour beside Wichita)
