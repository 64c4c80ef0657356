"""Geometry of drawn tiles: track ends and curves, node positions, hit tests, map extent."""

from __future__ import annotations

import math

import pytest
from reference_data import GAMES
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon
from shapely.ops import unary_union

from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.grid.hexgrid import SQRT3, HexLayout, Orientation
from rusty_train_py.grid.tile import NodeKind
from rusty_train_py.grid.tile_code import parse_tile
from rusty_train_py.render import geometry
from rusty_train_py.render.geometry import tile_layout, token_space_at

R = 100.0
r = R * SQRT3 / 2  # inradius
FLAT = Orientation.FLAT
POINTY = Orientation.POINTY


def tile(code: str, colour: str = "yellow", name: str = "t"):
    return parse_tile(name, colour, code)


def close(p, q, tol: float = 1e-6) -> bool:
    return math.dist(p, q) <= tol


def ends(layout, path_index: int = 0):
    piece = next(t for t in layout.tracks if t.path_index == path_index)
    return piece.points[0], piece.points[-1]


TILE_9 = "path=a:0,b:3"
TILE_7 = "path=a:0,b:1"
TILE_8 = "path=a:0,b:2"
TILE_57 = "city=revenue:20;path=a:0,b:_0;path=a:_0,b:3"
TILE_59 = "city=revenue:40;city=revenue:40;path=a:0,b:_0;path=a:2,b:_1;label=OO"
TILE_14 = "city=revenue:30,slots:2;path=a:0,b:_0;path=a:1,b:_0;path=a:3,b:_0;path=a:4,b:_0"
TILE_124 = (
    "city=revenue:100,slots:4;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0;label=T"
)


def test_tile_9_flat_rotation_0_is_vertical_bottom_to_top():
    a, b = ends(tile_layout(tile(TILE_9), 0, FLAT, R))
    assert close(a, (0.0, r))  # bottom edge midpoint (y down)
    assert close(b, (0.0, -r))  # top edge midpoint


def test_tile_9_flat_rotation_1_runs_lower_left_to_upper_right():
    a, b = ends(tile_layout(tile(TILE_9), 1, FLAT, R))
    assert close(a, (-r * SQRT3 / 2, r / 2))
    assert close(b, (r * SQRT3 / 2, -r / 2))


def test_tile_9_pointy_rotation_0_runs_lower_left_to_upper_right():
    a, b = ends(tile_layout(tile(TILE_9), 0, POINTY, R))
    assert close(a, (-r / 2, r * SQRT3 / 2))
    assert close(b, (r / 2, -r * SQRT3 / 2))


def test_straight_track_is_a_straight_line():
    piece = tile_layout(tile(TILE_9), 0, FLAT, R).tracks[0]
    assert all(abs(x) < 1e-9 for x, _ in piece.points)


def test_sharp_curve_is_an_arc_round_the_corner_between_its_edges():
    layout = tile_layout(tile(TILE_7), 0, FLAT, R)
    pts = layout.tracks[0].points
    corner = layout.corners[0]  # corner 0 lies between edges 0 and 1
    assert len(pts) > 10
    for p in pts:
        assert math.dist(p, corner) == pytest.approx(R / 2, abs=1e-6)
    assert close(pts[0], (0.0, r))


def test_gentle_curve_is_an_arc_of_radius_one_and_a_half_hexes():
    pts = tile_layout(tile(TILE_8), 0, FLAT, R).tracks[0].points
    centre = (2 * r * math.cos(math.radians(150)), 2 * r * math.sin(math.radians(150)))
    for p in pts:
        assert math.dist(p, centre) == pytest.approx(1.5 * R, abs=1e-6)
    # The curve stays inside the hex and passes closer to the centre than the edges.
    assert min(math.dist(p, (0, 0)) for p in pts) == pytest.approx(2 * r - 1.5 * R, abs=1e-3)


def test_city_of_tile_57_is_at_the_centre_on_its_track():
    layout = tile_layout(tile(TILE_57), 0, FLAT, R)
    (node,) = layout.nodes
    assert node.kind is NodeKind.CITY
    assert close(node.centre, (0.0, 0.0))
    assert close(ends(layout, 0)[1], (0.0, 0.0))  # edge 0 -> city
    assert close(ends(layout, 1)[0], (0.0, 0.0))  # city -> edge 3
    assert [sp.index for sp in node.spaces] == [0]


def test_two_cities_of_an_oo_tile_are_apart_and_toward_their_edges():
    layout = tile_layout(tile(TILE_59, "green"), 0, FLAT, R)
    c0, c1 = (n.centre for n in layout.nodes)
    slot = geometry.SLOT_RADIUS * R
    assert math.dist(c0, c1) >= 2 * slot
    assert c0[1] > 0.3 * R  # city 0 joins edge 0 (bottom)
    up_left = (math.cos(math.radians(210)), math.sin(math.radians(210)))
    assert c1[0] * up_left[0] + c1[1] * up_left[1] > 0.3 * R  # city 1 toward edge 2


def test_layout_turns_with_the_rotation():
    base = tile_layout(tile(TILE_59, "green"), 0, FLAT, R)
    turned = tile_layout(tile(TILE_59, "green"), 1, FLAT, R)
    a = math.radians(60)
    for n0, n1 in zip(base.nodes, turned.nodes, strict=True):
        x, y = n0.centre
        turned_centre = (x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a))
        assert close(n1.centre, turned_centre, 1e-6)


def test_loc_puts_cities_toward_the_named_corners():
    code = (
        "city=revenue:50,loc:0.5;city=revenue:50,loc:2.5;city=revenue:50,loc:4.5;"
        "path=a:0,b:_0;path=a:_0,b:1;path=a:4,b:_2;path=a:_2,b:5;path=a:2,b:_1;path=a:_1,b:3"
    )
    layout = tile_layout(tile(code, "green"), 0, FLAT, R)
    for node, corner in zip(layout.nodes, (0, 2, 4), strict=True):
        cx, cy = layout.corners[corner]
        d = math.hypot(*node.centre)
        cos = (node.centre[0] * cx + node.centre[1] * cy) / (d * R)
        assert cos == pytest.approx(1.0, abs=1e-6)


def test_town_on_a_sharp_curve_sits_on_the_curve_as_a_bar():
    layout = tile_layout(tile("town=revenue:10;path=a:0,b:_0;path=a:_0,b:1"), 0, FLAT, R)
    (town,) = layout.nodes
    assert town.bar is not None
    assert math.dist(town.centre, layout.corners[0]) == pytest.approx(R / 2, abs=1e-6)
    # The two pieces meet at the town.
    assert close(ends(layout, 0)[1], town.centre)
    assert close(ends(layout, 1)[0], town.centre)


def test_town_with_four_tracks_is_a_dot():
    code = "town=revenue:10;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0;path=a:3,b:_0"
    (town,) = tile_layout(tile(code, "green"), 0, FLAT, R).nodes
    assert town.bar is None
    assert close(town.centre, (0.0, 0.0))


def test_token_hit_test_finds_the_right_space():
    layout = tile_layout(tile(TILE_14, "green"), 0, FLAT, R)
    (city,) = layout.nodes
    left, right = city.spaces
    assert left.centre[0] < right.centre[0]
    assert token_space_at(layout, left.centre) == 0
    assert token_space_at(layout, right.centre) == 1
    assert token_space_at(layout, (left.centre[0], left.centre[1] + 0.9 * left.radius)) == 0
    assert token_space_at(layout, (0.0, 0.8 * R)) is None


def test_token_hit_test_on_a_four_space_city_and_across_cities():
    layout = tile_layout(tile(TILE_124, "grey"), 0, FLAT, R)
    (city,) = layout.nodes
    assert [token_space_at(layout, sp.centre) for sp in city.spaces] == [0, 1, 2, 3]
    oo = tile_layout(tile(TILE_59, "green"), 0, FLAT, R)
    assert token_space_at(oo, oo.nodes[1].centre) == 1


def test_offboard_gets_one_arrow_per_track_edge_and_a_phase_row():
    code = "offboard=revenue:yellow_30|green_40|brown_50|gray_70;path=a:4,b:_0;path=a:5,b:_0"
    layout = tile_layout(tile(code, "red"), 0, FLAT, R)
    assert sorted(a.edge for a in layout.arrows) == [4, 5]
    (row,) = layout.phase_revenues
    assert [c for c, _ in row.columns] == ["yellow", "green", "brown", "grey"]
    # Arrow tips point into the hex (toward its centre).
    for arrow in layout.arrows:
        (ax, ay), _, (bx, by) = arrow.points
        base_mid = ((ax + bx) / 2, (ay + by) / 2)
        assert math.hypot(*arrow.points[1]) < math.hypot(*base_mid)


def test_current_phase_column():
    rev = tile("offboard=revenue:yellow_20|brown_40;path=a:0,b:_0", "red").nodes[0].revenue
    assert geometry.current_column(rev, ("yellow",)) == 0
    assert geometry.current_column(rev, ("yellow", "green")) == 0
    assert geometry.current_column(rev, ("yellow", "green", "brown")) == 1


def test_layout_scales_linearly():
    small = tile_layout(tile(TILE_59, "green"), 2, FLAT, 1.0)
    big = tile_layout(tile(TILE_59, "green"), 2, FLAT, 60.0)
    for a, b in zip(small.nodes, big.nodes, strict=True):
        assert close((a.centre[0] * 60, a.centre[1] * 60), b.centre)
        assert b.radius == pytest.approx(a.radius * 60)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_tile_and_hex_keeps_its_cities_apart_and_inside(game_id):
    game = load_game(game_id)
    hexp = Polygon(HexLayout(game.orientation, R).corner_offsets())
    tiles = [(t, rot) for t in game.catalogue for rot in range(6)]
    tiles += [(h.tile, 0) for h in game.hexes.values()]
    for t, rot in tiles:
        layout = tile_layout(t, rot, game.orientation, R)
        shapes = []
        for n in layout.nodes:
            for sp in n.spaces:
                circle = ShapelyPoint(sp.centre).buffer(sp.radius)
                assert circle.within(hexp), (t.name, rot)
            if n.spaces:
                shapes.append(
                    unary_union([ShapelyPoint(sp.centre).buffer(sp.radius) for sp in n.spaces])
                )
        for i in range(len(shapes)):
            for j in range(i + 1, len(shapes)):
                assert shapes[i].distance(shapes[j]) > 0.01 * R, (t.name, rot)
        assert len(layout.tracks) == len(t.paths)
        assert sum(len(n.spaces) for n in layout.nodes) == len(t.token_spaces)


def test_map_bounds_and_coordinates_1867():
    game = load_game("1867")
    layout = HexLayout(FLAT, 50.0)
    x0, y0, x1, y1 = geometry.map_bounds(game, layout, margin=0.0)
    xs = [h.coord[0] for h in game.hexes.values()]
    ys = [h.coord[1] for h in game.hexes.values()]
    assert x1 - x0 == pytest.approx((max(xs) - min(xs)) * 75.0 + 100.0)
    assert y1 - y0 == pytest.approx((max(ys) - min(ys) + 2) * 25.0 * SQRT3)
    labels = {text for _, text in geometry.coordinate_labels(game, layout)}
    assert {"A", "P", "1", "19"} <= labels


def test_coordinates_of_a_pointy_map_put_letters_down_the_sides():
    game = load_game("1830")
    layout = HexLayout(POINTY, 50.0)
    x0, y0, x1, y1 = geometry.map_bounds(game, layout)
    for (x, y), text in geometry.coordinate_labels(game, layout):
        if text.isalpha():
            assert x < x0 + 50 or x > x1 - 50
        else:
            assert y < y0 + 50 or y > y1 - 50


def test_border_marks_skip_invisible_sides():
    t = tile("border=edge:0,type:water,cost:80;border=edge:3", "white")
    (mark,) = geometry.border_marks(t, FLAT, R)
    assert mark.type == "water" and mark.cost == 80
    (a, b) = mark.line
    assert a[1] == pytest.approx(r) and b[1] == pytest.approx(r)  # the bottom side
    assert geometry.invisible_edges(t) == frozenset({3})
