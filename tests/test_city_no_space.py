"""Cities with no token space (``slots:0``: 1870's A2, A22, M22): they load, draw, take no
token, and end every company's route, as the 18xx.games engine's City#blocks? says of a city
whose spaces (none) are all taken."""

from __future__ import annotations

import pytest
from test_route_rules import check, city, column, make

from rusty_train_py.grid.tile import TileDataError
from rusty_train_py.grid.tile_code import parse_tile
from rusty_train_py.mapstate.state import MapEditError

NO_SPACE = "city=revenue:30,slots:0;path=a:3,b:_0;path=a:_0,b:0"


def test_a_city_with_no_space_loads_without_token_spaces():
    tile = parse_tile("Z", "grey", NO_SPACE)
    assert [n.slots for n in tile.cities] == [0]
    assert tile.token_spaces == ()
    with pytest.raises(TileDataError, match="0 to 6 token spaces, not 7"):
        parse_tile("Z", "grey", "city=revenue:30,slots:7")


def test_it_ends_every_route_and_takes_no_token(tmp_path):
    # A1 (A's token, 10) - A3 (no space, 30) - A5 (20): a 3-train may run A1-A3 (40) but not
    # through A3 to A5 (60); from A5 (a token of A there too) A5-A3 (50) is the best route.
    state = make(tmp_path, column(city(10), ("grey", NO_SPACE), city(20)), {"A1": {0: "A"}})
    check(state, ["3"], 40)
    with pytest.raises(MapEditError):
        state.apply(state.place_token_edit("A3", 0, "A"))
    state.apply(state.place_token_edit("A5", 0, "A"))
    check(state, ["3"], 50)
    check(state, ["3", "3"], 90)


def test_it_is_drawn(tmp_path):
    from rusty_train_py.render.qt import export

    state = make(tmp_path, column(city(10), ("grey", NO_SPACE), city(20)), {})
    out = tmp_path / "map.png"
    export.render_map_image(state, out, hex_size=30)
    assert out.stat().st_size > 1_000
