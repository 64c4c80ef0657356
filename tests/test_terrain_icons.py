"""Terrain kinds are drawn with their own icons (rusty_train_py/render/qt/terrain_icons.py): every
kind a game of ours names has one, and desert is not drawn as water."""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage, QPainter

from rusty_train_py.gamedata.loader.gamefile import available_games, load_game
from rusty_train_py.render.qt.export import ensure_gui_app
from rusty_train_py.render.qt.terrain_icons import TERRAIN_ICONS, draw_terrain_icon


def icon_pixels(kind: str) -> set[tuple[int, int, int]]:
    ensure_gui_app()
    img = QImage(60, 60, QImage.Format.Format_RGB32)
    img.fill(QColor("#ffffff"))
    painter = QPainter(img)
    draw_terrain_icon(painter, kind, 8.0, 30.0, 40.0)
    painter.end()
    return {
        (c.red(), c.green(), c.blue())
        for c in (img.pixelColor(x, y) for x in range(60) for y in range(60))
    } - {(255, 255, 255)}


def test_every_terrain_kind_of_the_games_has_its_own_icon():
    kinds = {
        k for g in available_games() for h in load_game(g).hexes.values() for k in h.tile.terrain
    }
    assert {"water", "mountain", "desert", "swamp", "wall"} <= kinds
    assert sorted(kinds - set(TERRAIN_ICONS)) == []


def test_desert_is_not_water_and_an_unknown_kind_is_neither():
    water, desert, other = icon_pixels("water"), icon_pixels("desert"), icon_pixels("lava")
    assert water and desert and other
    blue = (0x1C, 0x6F, 0xD0)
    assert blue in water and blue not in desert and blue not in other
    assert (0xF2, 0xC1, 0x4E) in desert  # the sun
