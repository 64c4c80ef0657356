"""Where 18xx.games draws cities and towns (grid/node_edges.py), the stretch an off-centre
town's paths share, and the lanes of a path (tile_code.py, route/graph.py)."""

from __future__ import annotations

import pytest

from rusty_train_py.grid.node_edges import preferred_edges, town_stretches
from rusty_train_py.grid.tile import TileDataError
from rusty_train_py.grid.tile_code import parse_tile
from rusty_train_py.route.graph import lanes_meet

COPPER_CANYON = "town=revenue:20,loc:0;path=a:0,b:_0;path=a:3,b:_0;path=a:3,b:4;path=a:4,b:_0"


def tile(code: str):
    return parse_tile("t", "yellow", code)


def test_a_town_with_loc_is_drawn_there_turned_with_the_tile():
    t = tile(COPPER_CANYON)
    assert [preferred_edges(t, r) for r in (0, 4)] == [{0: 0.0}, {0: 4.0}]
    # its paths to edges 3 and 4 (not 0) run over its stretch; the through track does not
    assert town_stretches(t, 0) == ((None,), ((0, 0),), (None,), ((0, 0),))
    assert town_stretches(t, 4) == town_stretches(t, 0)  # a drawing turns with its tile


def test_the_middle():
    # a lone town without exactly two exits, a lone city, loc:center: no stretch
    assert preferred_edges(
        tile("town=revenue:10;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0"), 0
    ) == {0: None}
    assert preferred_edges(tile("city=revenue:20;path=a:0,b:_0;path=a:3,b:_0"), 2) == {0: None}
    centred = tile(
        "town=revenue:10,loc:center;city=revenue:20;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_1"
    )
    assert preferred_edges(centred, 0) == {1: 3.0, 0: None}
    assert town_stretches(centred, 0) == ((None,), (None,), (None,))


def test_without_loc_the_least_crowded_exit():
    # the engine's own placements (Tile#preferred_city_town_edges, asked with Ruby at
    # 111f7f6). A lone town on two exits (tile 3) sits by the least crowded one, the first
    # on a tie: edge 0 is crowded by 0.1 more (room for the name), so in rotation 0 edge 1
    three = tile("town=revenue:10;path=a:0,b:_0;path=a:_0,b:1")
    assert [preferred_edges(three, r) for r in (0, 3)] == [{0: 1.0}, {0: 3.0}]
    # 18xx.games tile 603: a city and a town on three edges each; the city (edges 0, 2, 4,
    # placed first) at 2, the town then at 5, its paths to 1 and 3 share a stretch
    t603 = tile(
        "city=revenue:30;town=revenue:30;path=a:0,b:_0;path=a:1,b:_1;path=a:2,b:_0;"
        "path=a:3,b:_1;path=a:4,b:_0;path=a:5,b:_1"
    )
    assert [preferred_edges(t603, r) for r in range(6)] == [
        {0: 2.0, 1: 5.0},
        {0: 5.0, 1: 2.0},
        {0: 2.0, 1: 5.0},
        {0: 5.0, 1: 2.0},
        {0: 2.0, 1: 5.0},
        {0: 1.0, 1: 4.0},
    ]
    assert town_stretches(t603, 0) == ((None,), ((1, 0),), (None,), ((1, 0),), (None,), (None,))


def test_a_corner_loc_puts_every_path_of_the_town_on_its_stretch():
    # 18PA's E22: towns at corners 5.5 and 2.5
    e22 = tile(
        "town=revenue:10,loc:5.5;town=revenue:10,loc:2.5;path=a:0,b:_0;path=a:5,b:_0;"
        "path=a:2,b:_1;path=a:3,b:_1;path=a:_0,b:_1"
    )
    assert town_stretches(e22, 0) == (((0, 0),), ((0, 0),), ((1, 0),), ((1, 0),), (None,))


def test_lanes():
    t = tile("city=revenue:60,slots:3;path=a:5,b:_0,lanes:2;path=a:0,b:3,lanes:2")
    assert [p.lanes for p in t.paths] == [
        (((2, 0), (2, 0)), ((2, 1), (2, 1))),
        (((2, 0), (2, 1)), ((2, 1), (2, 0))),  # from edge to edge: the lanes keep their side
    ]
    puebla = tile(
        "town=revenue:10,loc:5;path=a:2,b:_0,a_lane:2.1;path=a:5,b:_0;path=a:2,b:4,a_lane:2.0"
    )
    assert [p.lanes for p in puebla.paths] == [
        (((2, 1), (1, 0)),),
        (((1, 0), (1, 0)),),
        (((2, 0), (1, 0)),),
    ]
    # lane 0 of 2 faces lane 1 of 2 (counted from the other end); one lane faces the
    # second of two, the middle of three
    assert [lanes_meet((2, 0), o) for o in ((2, 0), (2, 1))] == [False, True]
    assert [lanes_meet((1, 0), o) for o in ((2, 0), (2, 1), (3, 1))] == [False, True, True]
    assert lanes_meet((3, 0), (1, 0)) is False


@pytest.mark.parametrize(
    ("code", "text"),
    [
        ("path=a:0,b:3,a_lane:2.2", "a_lane:2.2 should be WIDTH.INDEX with an index below"),
        ("path=a:0,b:3,b_lane:x", "bad path: b_lane width 'x'"),
        ("path=a:0,b:3,lanes:0", "path: lanes 0 out of range 1-6"),
        ("path=a:0,b:3,lanes:2,a_lane:2.1", "lanes: and a_lane:/b_lane: together"),
    ],
)
def test_bad_lanes_are_refused(code, text):
    with pytest.raises(TileDataError) as err:
        tile(code)
    assert text in str(err.value)
