"""Offscreen rendering to PNG (QImage) or SVG (QSvgGenerator): maps and tile sheets.

Works without a display: a QGuiApplication is created on the ``offscreen`` platform when
none exists and no display is available.
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter

from ...base.errors import UsageError
from ...gamedata.game import Game
from ...grid.hexgrid import HexLayout
from ...mapstate.state import MapState
from .. import geometry
from .map import draw_map
from .primitives import draw_text
from .tiles import draw_tile

_APP: QGuiApplication | None = None
BACKGROUND = "#ffffff"


def ensure_gui_app() -> QGuiApplication:
    """The running Qt application, or a new one (offscreen when there is no display).

    A new one is a QApplication, so that widgets made later in the same process still work.
    """
    global _APP
    app = QGuiApplication.instance()
    if isinstance(app, QGuiApplication):
        return app
    if app is not None:
        raise RuntimeError("a Qt application without a GUI runs already: cannot draw")
    if not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ) and sys.platform.startswith("linux"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    _APP = QApplication(sys.argv[:1])
    return _APP


def map_image_size(state: MapState, hex_size: float = 60.0) -> tuple[int, int]:
    """Pixel size (width, height) of the image ``render_map_image`` writes."""
    x0, y0, x1, y1 = geometry.map_bounds(state.game, HexLayout(state.game.orientation, hex_size))
    return math.ceil(x1 - x0), math.ceil(y1 - y0)


def _paint_to(
    path: Path, size: tuple[int, int], draw: Callable[[QPainter], None], title: str = ""
) -> None:
    """Run ``draw(painter)`` on a PNG or SVG canvas of ``size`` pixels and save it."""
    ensure_gui_app()
    w, h = size
    suffix = path.suffix.lower()
    path.parent.mkdir(parents=True, exist_ok=True)
    if suffix == ".svg":
        from PySide6.QtSvg import QSvgGenerator

        gen = QSvgGenerator()
        gen.setFileName(str(path))
        gen.setSize(QSize(w, h))
        gen.setViewBox(QRectF(0, 0, w, h))
        gen.setTitle(title)
        gen.setDescription("rendered by rusty-train-py")
        p = QPainter()
        if not p.begin(gen):
            raise OSError(f"{path}: cannot write SVG")
        try:
            p.fillRect(QRectF(0, 0, w, h), QColor(BACKGROUND))
            draw(p)
        finally:
            p.end()
        return
    if suffix not in (".png", ".jpg", ".jpeg", ".bmp"):
        raise UsageError(f"{path}: unknown image type {suffix!r} (use .png or .svg)")
    img = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(QColor(BACKGROUND))
    p = QPainter(img)
    try:
        draw(p)
    finally:
        p.end()
    if not img.save(str(path)):
        raise OSError(f"{path}: cannot write image")


def render_map_image(
    state: MapState,
    path: str | os.PathLike[str],
    hex_size: float = 60.0,
    *,
    routes: Sequence[Any] | None = None,
) -> tuple[int, int]:
    """Draw the map of ``state`` to ``path`` (.png or .svg); returns the pixel size."""
    path = Path(path)
    layout = HexLayout(state.game.orientation, hex_size)
    x0, y0, _, _ = geometry.map_bounds(state.game, layout)
    size = map_image_size(state, hex_size)

    def draw(p: QPainter) -> None:
        p.translate(-x0, -y0)
        draw_map(p, state, layout, routes=routes)

    _paint_to(path, size, draw, state.game.title)
    return size


def tile_sheet_size(
    game: Game, hex_size: float = 60.0, columns: int | None = None
) -> tuple[int, int]:
    """Pixel size (width, height) of the tile sheet of ``game``."""
    cell_w, cell_h, cols, title_h = _sheet_metrics(game, hex_size, columns)
    rows = max(1, math.ceil(len(game.placeable_tiles) / cols))
    return math.ceil(cell_w * cols), math.ceil(title_h + cell_h * rows)


def _sheet_metrics(
    game: Game, hex_size: float, columns: int | None
) -> tuple[float, float, int, float]:
    layout = HexLayout(game.orientation, hex_size)
    xs = [dx for dx, _ in layout.corner_offsets()]
    ys = [dy for _, dy in layout.corner_offsets()]
    cell_w = (max(xs) - min(xs)) + hex_size * 0.35
    cell_h = (max(ys) - min(ys)) + hex_size * 0.75
    cols = columns or 10
    return cell_w, cell_h, cols, hex_size * 0.8


def render_tile_sheet(
    game: Game, path: str | os.PathLike[str], hex_size: float = 60.0, columns: int | None = None
) -> tuple[int, int]:
    """Draw every tile of the game's manifest in a grid, each with its name and count."""
    path = Path(path)
    layout = HexLayout(game.orientation, hex_size)
    cell_w, cell_h, cols, title_h = _sheet_metrics(game, hex_size, columns)
    size = tile_sheet_size(game, hex_size, columns)
    tiles = game.placeable_tiles
    ys = [dy for _, dy in layout.corner_offsets()]
    hex_h = max(ys) - min(ys)

    def draw(p: QPainter) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        draw_text(
            p, QPointF(size[0] / 2, title_h / 2), f"{game.title}: tiles", hex_size * 0.3, bold=True
        )
        for i, tile in enumerate(tiles):
            r, c = divmod(i, cols)
            cx = cell_w * (c + 0.5)
            top = title_h + cell_h * r
            cy = top + hex_size * 0.1 + hex_h / 2
            draw_tile(p, tile, 0, None, (cx, cy), layout, ("yellow", "green", "brown", "grey"))
            count = game.manifest.get(tile.name)
            text = (
                f"{tile.name}  \u00d7{count}" if count is not None else f"{tile.name}  \u00d7\u221e"
            )
            draw_text(
                p, QPointF(cx, cy + hex_h / 2 + hex_size * 0.28), text, hex_size * 0.22, bold=True
            )

    _paint_to(path, size, draw, f"{game.title}: tiles")
    return size


def render_upgrade_chart(
    game: Game, path: str | os.PathLike[str], hex_size: float = 40.0
) -> tuple[int, int]:
    """Draw the game's upgrade chart (render/qt/chart.py) to ``path``; returns the pixel size."""
    from .chart import chart_layout, draw_chart

    lay = chart_layout(game, hex_size)
    size = (int(lay.width), int(lay.height))
    _paint_to(Path(path), size, lambda p: draw_chart(p, game, lay), lay.title)
    return size
