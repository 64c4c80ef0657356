"""Offscreen rendering: PNG and SVG maps, tile sheets, the CLI, highlights and routes."""

from __future__ import annotations

import math
import os
import xml.etree.ElementTree as ET

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402
from PySide6.QtGui import QColor, QImage, QPainter  # noqa: E402
from reference_data import GAMES  # noqa: E402

from rusty_train_py.cli import main  # noqa: E402
from rusty_train_py.gamedata.loader.gamefile import load_game  # noqa: E402
from rusty_train_py.grid.hexgrid import SQRT3, HexLayout  # noqa: E402
from rusty_train_py.mapstate.state import MapState  # noqa: E402
from rusty_train_py.render import geometry  # noqa: E402
from rusty_train_py.render.colours import HEX_FILL  # noqa: E402
from rusty_train_py.render.geometry.labels import MIN_TEXT_PX, fit_name  # noqa: E402
from rusty_train_py.render.qt import export  # noqa: E402
from rusty_train_py.render.qt.map import draw_map  # noqa: E402
from rusty_train_py.render.qt.tiles import draw_tile  # noqa: E402


@pytest.fixture(autouse=True)
def app(qapp):
    """pytest-qt's application (a QApplication), shared with the rest of the suite."""
    return qapp


def expected_size(game, size: float) -> tuple[int, int]:
    """Map extent computed from the hex coordinates, plus the coordinate margins."""
    xs = [h.coord[0] for h in game.hexes.values()]
    ys = [h.coord[1] for h in game.hexes.values()]
    margin = 2 * 0.7 * size
    inr = size * SQRT3 / 2
    if game.orientation.value == "flat":
        w = (max(xs) - min(xs)) * 1.5 * size + 2 * size
        h = (max(ys) - min(ys)) * inr + 2 * inr
    else:
        w = (max(xs) - min(xs)) * inr + 2 * inr
        h = (max(ys) - min(ys)) * 1.5 * size + 2 * size
    return math.ceil(w + margin), math.ceil(h + margin)


def pixel(img: QImage, x: float, y: float) -> str:
    return QColor(img.pixel(round(x), round(y))).name()


def small_state() -> MapState:
    state = MapState(load_game("1867"), "5")
    state.apply(state.place_tile_edit("F16", "122", 0, check_available=False))
    state.apply(state.place_tile_edit("E17", "623", 1, check_available=False))
    state.apply(state.place_token_edit("F16", 0, "CPR"))
    state.apply(state.place_token_edit("E17", 0, "GW"))
    return state


def ink(img: QImage, step: int = 4) -> float:
    """The share of (sampled) pixels that are not white."""
    white = QColor("#ffffff").rgb()
    seen = inked = 0
    for y in range(0, img.height(), step):
        for x in range(0, img.width(), step):
            seen += 1
            inked += img.pixel(x, y) != white
    return inked / seen


@pytest.mark.parametrize("game_id", GAMES)
def test_png_of_a_new_map_has_the_size_of_the_map_extent(tmp_path, game_id):
    state = MapState(load_game(game_id))
    out = tmp_path / "map.png"
    size = export.render_map_image(state, out, hex_size=30)
    assert size == expected_size(state.game, 30)
    w, h = size
    assert 250 < w < 3000 and 250 < h < 3000  # a sane map: a few to a few dozen hexes across
    img = QImage(str(out))
    assert (img.width(), img.height()) == size
    assert out.stat().st_size > 10_000
    # the hexes are drawn: most of the area the map's hexes cover in the image is inked (a
    # map covers a third or more of its bounding box; 18FL's peninsula a little more than 1/4)
    drawn = sum(1 for mh in state.game.hexes.values() if mh.colour != "empty")
    share = drawn * 1.5 * math.sqrt(3) * 30**2 / (w * h)
    assert share > 0.25
    assert ink(img) > 0.8 * share


@pytest.mark.parametrize("game_id", GAMES)
def test_tile_sheet_of_every_game(tmp_path, game_id):
    game = load_game(game_id)
    out = tmp_path / "tiles.png"
    size = export.render_tile_sheet(game, out, hex_size=20)
    assert size == export.tile_sheet_size(game, 20)
    img = QImage(str(out))
    assert (img.width(), img.height()) == size
    rows = math.ceil(len(game.placeable_tiles) / 10)
    assert img.height() > rows * 20 * SQRT3
    assert ink(img) > 0.2


def test_png_shows_hex_colours_where_the_hexes_are(tmp_path):
    state = small_state()
    game = state.game
    out = tmp_path / "map.png"
    hex_size = 40
    export.render_map_image(state, out, hex_size=hex_size)
    img = QImage(str(out))
    layout = HexLayout(game.orientation, hex_size)
    x0, y0, _, _ = geometry.map_bounds(game, layout)

    def at(name: str, dx: float = 0.0, dy: float = 0.0) -> str:
        cx, cy = layout.centre(game.hexes[name].coord)
        return pixel(img, cx - x0 + dx, cy - y0 + dy)

    assert at("B6") == HEX_FILL["white"]  # a plain hex
    assert at("E17", 0, -0.45 * hex_size) != HEX_FILL["white"]  # a laid tile
    assert at("A7", -0.7 * hex_size) == HEX_FILL["red"]  # Sault Ste. Marie off-board
    assert pixel(img, 2, 2) == "#ffffff"  # outside the map


def test_svg_parses_as_xml_with_the_map_size(tmp_path):
    state = small_state()
    out = tmp_path / "map.svg"
    w, h = export.render_map_image(state, out, hex_size=30)
    root = ET.parse(out).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("viewBox") == f"0 0 {w} {h}"
    assert len(list(root.iter())) > 100


def test_tile_sheet_png_and_cli(tmp_path):
    game = load_game("1889")
    out = tmp_path / "tiles.png"
    size = export.render_tile_sheet(game, out, hex_size=30)
    assert size == export.tile_sheet_size(game, 30)
    img = QImage(str(out))
    assert (img.width(), img.height()) == size
    rows = math.ceil(len(game.placeable_tiles) / 10)
    assert img.height() > rows * 30 * SQRT3
    svg = tmp_path / "tiles.svg"
    assert main(["tiles", "1889", "-o", str(svg), "--hex-size", "25"]) == 0
    assert ET.parse(svg).getroot().tag.endswith("svg")


def test_render_cli_writes_the_default_game(tmp_path):
    from rusty_train_py.base.paths import default_game_file

    if not default_game_file().exists():
        pytest.skip("no bundled default game")
    out = tmp_path / "bc.png"
    assert main(["render", str(default_game_file()), "-o", str(out), "--hex-size", "20"]) == 0
    img = QImage(str(out))
    assert (img.width(), img.height()) == expected_size(load_game("1867"), 20)


def test_unknown_image_type_is_an_error(tmp_path):
    with pytest.raises(ValueError, match="unknown image type"):
        export.render_map_image(small_state(), tmp_path / "map.gif", hex_size=20)


def test_highlight_routes_and_faded_draw_over_the_map():
    state = small_state()
    game = state.game
    layout = HexLayout(game.orientation, 40)
    x0, y0, x1, y1 = geometry.map_bounds(game, layout)
    img = QImage(math.ceil(x1 - x0), math.ceil(y1 - y0), QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(QColor("#ffffff"))
    p = QPainter(img)
    p.translate(-x0, -y0)
    routes = [("#0072ce", [("E17", 0), ("F16", 0)], [("F16", 0)])]
    draw_map(
        p, state, layout, highlight_hex="B6", highlight_colour="#00ff00", routes=routes, faded=True
    )
    p.end()
    # The highlight runs along the hex outline (its casing: test_the_selection_shows_...).
    cx, cy = layout.centre(game.hexes["B6"].coord)
    (ax, ay), (bx, by) = layout.corner_offsets()[1:3]
    assert (
        QColor(img.pixel(round(cx + (ax + bx) / 2 - x0), round(cy + (ay + by) / 2 - y0))).green()
        == 255
    )
    # Faded: a plain hex is paler than its full colour.
    bx, by = layout.centre(game.hexes["C5"].coord)
    assert (
        QColor(img.pixel(round(bx - x0), round(by - y0))).lightness()
        > QColor(HEX_FILL["white"]).lightness()
    )
    # The route is drawn in its colour along E17's path 0.
    tile, rot = state.tile_at("E17")
    piece = geometry.tile_layout(tile, rot, game.orientation, 40).tracks[0]
    (ax, ay), (bx, by) = piece.points[0], piece.points[-1]  # edge, then city
    mx, my = ax + (bx - ax) * 0.2, ay + (by - ay) * 0.2
    ex, ey = layout.centre(game.hexes["E17"].coord)
    assert pixel(img, ex + mx - x0, ey + my - y0) == "#0072ce"


def side_profile(img, layout, centre, offset, side=0):
    """Colours along the outward normal of a hex side at its middle, ``offset`` pixels out."""
    corners = layout.corner_offsets()
    (ax, ay), (bx, by) = corners[(side - 1) % 6], corners[side]
    mx, my = centre[0] + (ax + bx) / 2, centre[1] + (ay + by) / 2
    n = math.hypot(mx - centre[0], my - centre[1])
    ux, uy = (mx - centre[0]) / n, (my - centre[1]) / n
    at = [(mx + ux * d, my + uy * d) for d in offset]
    return [QColor(img.pixel(math.floor(x), math.floor(y))).name() for x, y in at]


@pytest.mark.parametrize("hex_name", ["A7", "B6", "F16"])  # red off-board, white, laid tile
def test_the_selection_shows_on_every_hex_colour(hex_name):
    """A colour line on a white casing edged in near-black: red on a red off-board shows."""
    state = small_state()
    game = state.game
    layout = HexLayout(game.orientation, 100)
    x0, y0, x1, y1 = geometry.map_bounds(game, layout)
    img = QImage(math.ceil(x1 - x0), math.ceil(y1 - y0), QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(QColor("#ffffff"))
    p = QPainter(img)
    p.translate(-x0, -y0)
    draw_map(p, state, layout, highlight_hex=hex_name, highlight_colour="#d62728")
    p.end()
    cx, cy = layout.centre(game.hexes[hex_name].coord)
    # From the middle of the line outwards, either way: the colour, then white, then near-black.
    steps = [k * 0.5 for k in range(17)]
    for sign in (1, -1):
        out = side_profile(img, layout, (cx - x0, cy - y0), [sign * d for d in steps], side=2)
        kinds = []
        for name in out:
            c = QColor(name)
            kind = (
                "colour"
                if name == "#d62728"
                else "white"
                if name == "#ffffff"
                else "dark"
                if c.lightness() < 45
                else None
            )
            if kind and (not kinds or kinds[-1] != kind):
                kinds.append(kind)
        assert kinds[:3] == ["colour", "white", "dark"], (sign, out)


def test_an_undrawn_hex_can_be_highlighted():
    """18MS B14 (colour "empty") is not drawn, but selecting it paints its outline there."""
    state = MapState(load_game("18MS"))
    game = state.game
    assert game.hexes["B14"].colour == "empty"
    layout = HexLayout(game.orientation, 40)
    x0, y0, x1, y1 = geometry.map_bounds(game, layout)
    img = QImage(math.ceil(x1 - x0), math.ceil(y1 - y0), QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(QColor("#ffffff"))
    p = QPainter(img)
    p.translate(-x0, -y0)
    try:
        draw_map(p, state, layout, highlight_hex="B14", highlight_colour="#d62728")
    finally:
        p.end()
    cx, cy = layout.centre(game.hexes["B14"].coord)
    assert pixel(img, cx - x0, cy - y0) == "#ffffff"  # the hex itself stays undrawn
    out = side_profile(img, layout, (cx - x0, cy - y0), [k * 0.5 for k in range(-6, 7)], side=2)
    assert "#d62728" in out


def test_draw_tile_returns_its_layout_and_draws_tokens():
    game = load_game("1867")
    tile = game.tile("57")
    img = QImage(200, 200, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(QColor("#ffffff"))
    p = QPainter(img)
    companies = {c.abbrev: c for c in game.companies}
    layout = draw_tile(
        p, tile, 0, {0: "CPR"}, (100.0, 100.0), HexLayout(game.orientation, 80), companies=companies
    )
    p.end()
    assert layout.nodes[0].spaces[0].centre == (0.0, 0.0)
    # Just inside the token's rim: the company colour.
    r = layout.nodes[0].spaces[0].radius
    assert pixel(img, 100 - r * 0.93, 100) == QColor(game.company("CPR").colour).name()


@pytest.mark.parametrize(
    ("name", "zoom"), [("Toronto", 0.68), ("Sault Ste. Marie", 0.68), ("Pembroke", 1.0)]
)
def test_place_names_are_legible_on_screen(name, zoom):
    """At the zoom that fits the map in a 1280 x 860 window (68 %), names are 8 px or more."""
    R = 60.0
    size = geometry.name_size(name) * R
    fit = fit_name(name, size, R, zoom)
    assert fit is not None
    _, sizes, _ = fit
    assert min(sizes) * zoom >= MIN_TEXT_PX - 1e-9
    assert sizes[0] >= size  # never smaller than drawn at full size


def test_names_that_cannot_be_legible_are_left_out():
    R = 60.0
    name = "Maritime Provinces"
    assert fit_name(name, geometry.name_size(name) * R, R, 0.25) is None
