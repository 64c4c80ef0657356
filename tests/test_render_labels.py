"""Labels above the routes: on every game's late position with its best routes drawn at the
window's default zoom with routes shown (62%), no place name, revenue disc or phase row is
covered by a route line or ring (computed from the geometry with shapely, not from pixels),
every label is at least MIN_TEXT_PX high on screen, and trains stopping at one place each
get a ring of their own."""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import pytest
import shapely

from rusty_train_py.files.loader import open_game
from rusty_train_py.gamedata.loader.gamefile import available_games, load_game
from rusty_train_py.grid.hexgrid import HexLayout
from rusty_train_py.mapstate.state import MapState
from rusty_train_py.render import geometry
from rusty_train_py.render.geometry.curves import _hex_polygon
from rusty_train_py.render.geometry.labels import (
    MIN_TEXT_PX,
    fit_name,
    label_shape,
    text_height_px,
)
from rusty_train_py.render.geometry.routes import RING_LINE, route_shapes
from rusty_train_py.route.search import find_routes

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import late_games as bench_games  # noqa: E402  (bench/late_games.py)

ROUTES_ZOOM = 0.62  # the window's fitted zoom on the bundled game with the route panel open
HEX = 60.0  # the window's map pixels per hex radius


def covered(labels, overlay) -> list[str]:
    """Each label (hex, what, how much) that a route line or ring covers."""
    shapes = route_shapes(overlay)
    tree = shapely.STRtree(shapes)
    out = []
    for h, kind, shape in geometry.label_shapes(labels):
        area = sum(shapes[i].intersection(shape).area for i in tree.query(shape))
        if area > 1e-6:
            out.append(f"{h} {kind} ({area:.1f} px2)")
    return out


@functools.cache
def late_case(game_id: str):
    """The late position of a game and the best routes of bench/late_games.py's first case."""
    cases = bench_games.game_cases(game_id)
    if not cases:
        pytest.skip(f"{game_id}: no late position")
    case = cases[0]
    state = open_game(case.path).state
    result = find_routes(state, case.company, list(case.trains), list(case.bonuses))
    assert result.routes, case.label
    return state, tuple(result.routes)


def off_home(labels, layout) -> list[str]:
    """Each label (hex, what) mostly off its own hex."""
    home = _hex_polygon(layout.orientation, layout.size)
    out = []
    for hl in labels:
        own = shapely.affinity.translate(home, *hl.centre)
        for item in (*hl.revenues, *hl.phase_revenues, *((hl.name,) if hl.name else ())):
            shape = label_shape(item, hl.centre)
            if shape.intersection(own).area < 0.5 * shape.area:
                out.append(f"{hl.hex} {type(item).__name__}")
    return out


@pytest.mark.parametrize("zoom", [ROUTES_ZOOM, 1.0])
@pytest.mark.parametrize("game_id", available_games())
def test_a_label_under_a_route_stays_on_its_hex(game_id, zoom):
    """Labels are moved off the routes on their own hex; where a route leaves no room there,
    the label stays on its hex over the route (issue 27: moved off its hex it named the
    wrong place) and is drawn over it, never under it."""
    state, routes = late_case(game_id)
    layout = HexLayout(state.game.orientation, HEX)
    overlay = geometry.map_overlay(state, layout, routes, zoom)
    assert overlay.routes is not None and overlay.routes.rings
    under = {c.split(" ")[0] for c in covered(overlay.labels, overlay.routes)}
    moved = [hl for hl in overlay.labels if hl.hex in under]
    assert off_home(moved, layout) == []
    # every value and name of the hexes the routes stop at is still drawn
    labels = {hl.hex: hl for hl in overlay.labels}
    for route in routes:
        for stop in route.stops:
            if state.game.hexes[stop.hex].location:
                assert labels[stop.hex].name is not None, stop.hex


@pytest.mark.parametrize("game_id", available_games())
def test_labels_are_legible_at_the_routes_zoom(game_id):
    state, routes = late_case(game_id)
    layout = HexLayout(state.game.orientation, HEX)
    overlay = geometry.map_overlay(state, layout, routes, ROUTES_ZOOM)
    small = []
    for hl in overlay.labels:
        for item in (*hl.revenues, *hl.phase_revenues, *((hl.name,) if hl.name else ())):
            if text_height_px(item, ROUTES_ZOOM) < MIN_TEXT_PX - 1e-9:
                small.append((hl.hex, text_height_px(item, ROUTES_ZOOM)))
    assert small == []


def test_the_bundled_game_s_cities_keep_their_names_clear_of_the_rings():
    """The picture of issue 18: CNR 5, 5+5E; Toronto, Ottawa and Montreal were under rings."""
    state = open_game(Path(__file__).resolve().parents[1] / "resources" / "1867_bc.json").state
    routes = find_routes(state, "CNR", ["5", "5+5E"]).routes
    layout = HexLayout(state.game.orientation, HEX)
    overlay = geometry.map_overlay(state, layout, routes, ROUTES_ZOOM)
    # the double rings of Toronto, Ottawa and Montreal leave a disc or name no free room on
    # its hex: it stays there, over the rings
    assert {c.split(" ")[0] for c in covered(overlay.labels, overlay.routes)} <= {
        "F16",
        "J12",
        "L12",
    }
    names = {hl.hex: hl.name for hl in overlay.labels if hl.name is not None}
    by_place = {state.game.hexes[h].location: n for h, n in names.items()}
    assert by_place["Toronto"].lines == ("Toron.",)  # its short form, clear of the rings
    for place in ("Ottawa", "Montreal", "Berlin", "London", "Peterborough"):
        assert by_place[place].lines == (place,), place  # whole, on one line
    # drawn at its old spot the name would be under the rings
    plain = geometry.map_overlay(state, layout, (), ROUTES_ZOOM)
    before = {hl.hex: hl for hl in plain.labels}
    shapes = shapely.unary_union(route_shapes(overlay.routes))
    toronto = next(h for h, n in names.items() if n.lines == ("Toron.",))
    old = label_shape(before[toronto].name, before[toronto].centre)
    assert old.intersection(shapes).area > 0


def test_trains_stopping_at_one_city_each_show_their_ring():
    """Both trains stop at Toronto, Ottawa and Montreal: two rings each, apart, the second
    round the first, so both colours show."""
    state = open_game(Path(__file__).resolve().parents[1] / "resources" / "1867_bc.json").state
    routes = find_routes(state, "CNR", ["5", "5+5E"]).routes
    layout = HexLayout(state.game.orientation, HEX)
    overlay = geometry.map_overlay(state, layout, routes, ROUTES_ZOOM).routes
    w = overlay.width
    shared = 0
    for a in overlay.rings:
        for b in overlay.rings:
            if a.route == 0 and b.route == 1 and a.shape == b.shape == "polygon":
                pa, pb = shapely.Polygon(a.points), shapely.Polygon(b.points)
                if not pa.intersects(pb):
                    continue
                shared += 1
                assert pb.contains(pa)
                # the colour bands (RING_LINE wide) do not touch
                band_a = pa.exterior.buffer(w * RING_LINE / 2)
                band_b = pb.exterior.buffer(w * RING_LINE / 2)
                assert not band_a.intersects(band_b)
    assert shared == 3  # Toronto, Ottawa, Montreal


@pytest.mark.parametrize(
    ("name", "zoom", "lines"),
    [
        ("Toronto", 0.62, ("Toronto",)),
        ("Trenton & Amboy", 0.62, ("Trenton & Amboy",)),
        ("Charleroi & Connellsville", 0.62, ("Charleroi &", "Connellsville")),
        ("Timmins ($80 if includes T/M/Q)", 0.62, ("Timmins", "($80 if includes", "T/M/Q)")),
        ("Trois-Rivières", 0.5, ("Trois-", "Rivières")),
        ("Charleroi & Connellsville", 0.5, ("Charleroi & C.",)),
    ],
)
def test_a_name_that_does_not_fit_takes_more_lines_or_a_shorter_form(name, zoom, lines):
    size = geometry.name_size(name) * HEX
    fit = fit_name(name, size, HEX, zoom)
    assert fit is not None
    assert fit[0] == lines
    assert min(fit[1]) * zoom >= MIN_TEXT_PX - 1e-9 or len(lines) == 1


def test_names_at_full_size_keep_their_printed_form():
    game = load_game("1867")
    state = MapState(game)
    layout = HexLayout(game.orientation, HEX)
    overlay = geometry.map_overlay(state, layout, (), 1.0)
    for hl in overlay.labels:
        location = game.hexes[hl.hex].location
        if hl.name is not None and " (" not in location:
            assert hl.name.lines == (location,)
