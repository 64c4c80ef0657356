"""The hex map canvas: draws the scene the current mode describes, zooms, and hit-tests.

The map is drawn in map pixels of a fixed ``HexLayout``; zoom is the painter's scale, so
zooming is smooth (animated between steps) and the tile layouts stay cached. The picture is
kept in a pixmap until the scene changes (``invalidate``), so panels updated over the map
(the search's progress) cost a copy, not a redraw. The canvas sits in a QScrollArea; it
takes the keyboard focus and hands every key to its ``key_handler``.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Mapping

from PySide6.QtCore import (
    QEasingCurve,
    QPointF,
    QRect,
    QRectF,
    QSize,
    Qt,
    QTimer,
    QVariantAnimation,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QContextMenuEvent,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
    QPolygonF,
    QWheelEvent,
)
from PySide6.QtWidgets import QScrollArea, QSizePolicy, QWidget

from ..gamedata.game import Game
from ..grid.hexgrid import HexLayout, Orientation
from ..mapstate.state import MapState
from ..render import geometry
from ..render.colours import route_colour
from ..render.geometry import HexLabels
from ..render.qt.ghosts import draw_ghosts, draw_marks
from ..render.qt.map import draw_map
from .modes.base import Scene
from .navigation import selectable
from .painting import painting

log = logging.getLogger(__name__)

HEX_SIZE = 60.0  # map pixels per hex radius at zoom 1
MARGIN = HEX_SIZE * 0.4  # round the hexes, for the coordinates: a fitted map fills the view
MIN_ZOOM, MAX_ZOOM = 0.25, 4.0
ZOOM_STEP = 1.25
BACKGROUND = "#e9e6dc"
CACHE_PIXELS = 24_000_000  # the picture is kept while it is at most this big


class MapCanvas(QWidget):
    """Paints ``scene_provider()`` and reports keys and clicks."""

    hexClicked = Signal(str, object, int)  # hex name, token space (or None), mouse button
    menuRequested = Signal(object)  # global position (QPoint) for the mode's context menu
    zoomChanged = Signal(float)
    paintFailed = Signal(str)  # what went wrong drawing the map (once until a drawing works)

    def __init__(self, scene_provider: Callable[[], Scene | None], parent: QWidget | None = None):
        super().__init__(parent)
        self.scene_provider = scene_provider
        self.key_handler: Callable[[QKeyEvent], bool] | None = None
        self.zoom = 1.0
        self.fitted = False  # showing the whole map: it stays fitted as the view resizes
        self.zoom_animation_ms = 140
        self._anim: QVariantAnimation | None = None
        self._anchor: tuple[QPointF, QPointF] | None = None  # (map point, viewport point)
        self.game: Game | None = None  # the game whose map is shown (``set_game``)
        self.hex_layout = HexLayout(Orientation.FLAT, HEX_SIZE)
        self.bounds = (0.0, 0.0, 1.0, 1.0)
        self._picture: QPixmap | None = None
        self.paints = 0  # full redraws of the map (the picture made again)
        self.paint_failures = 0  # drawings that raised (reported, the map left blank)
        self._paint_error: str | None = None  # the failure reported last
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)

    # ---- the map --------------------------------------------------------------------------

    @property
    def shown_game(self) -> Game:
        """The game whose map is shown (once ``set_game`` has been called)."""
        assert self.game is not None, "no game shown yet"
        return self.game

    def set_game(self, game: Game) -> None:
        """Use the hex layout and bounds of ``game`` (call when a game is loaded)."""
        self.game = game
        self.hex_layout = HexLayout(game.orientation, HEX_SIZE)
        self.bounds = geometry.map_bounds(game, self.hex_layout, MARGIN)
        self._resize()
        self.update()

    def map_size(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.bounds
        return x1 - x0, y1 - y0

    def sizeHint(self) -> QSize:  # noqa: N802
        w, h = self.map_size()
        return QSize(math.ceil(w * self.zoom), math.ceil(h * self.zoom))

    def _resize(self) -> None:
        self.resize(self.sizeHint())
        self._picture = None

    def invalidate(self) -> None:
        """The scene changed: draw the map again."""
        self._picture = None
        self.update()

    # ---- coordinates ----------------------------------------------------------------------

    def to_map(self, p: QPointF) -> QPointF:
        x0, y0, _, _ = self.bounds
        return QPointF(p.x() / self.zoom + x0, p.y() / self.zoom + y0)

    def to_widget(self, p: QPointF) -> QPointF:
        x0, y0, _, _ = self.bounds
        return QPointF((p.x() - x0) * self.zoom, (p.y() - y0) * self.zoom)

    def hex_at(self, p: QPointF) -> str | None:
        if self.game is None:
            return None
        m = self.to_map(p)
        coord = self.hex_layout.coord_at(m.x(), m.y(), self.game.parity)
        name = self.game.by_coord.get(coord)
        return name if name is not None and selectable(self.game, name) else None

    def hex_rect(self, name: str) -> QRectF:
        """The widget rectangle around hex ``name``."""
        cx, cy = self.hex_layout.centre(self.shown_game.hexes[name].coord)
        r = HEX_SIZE
        tl = self.to_widget(QPointF(cx - r, cy - r))
        return QRectF(tl.x(), tl.y(), 2 * r * self.zoom, 2 * r * self.zoom)

    def token_space_at(self, p: QPointF, hex_name: str, state: MapState) -> int | None:
        tile, rot = state.tile_at(hex_name)
        layout = geometry.tile_layout(tile, rot, self.hex_layout.orientation, HEX_SIZE)
        m = self.to_map(p)
        cx, cy = self.hex_layout.centre(self.shown_game.hexes[hex_name].coord)
        return geometry.token_space_at(layout, (m.x() - cx, m.y() - cy))

    # ---- zoom -----------------------------------------------------------------------------

    def fit(self) -> None:
        """Show the whole map, and keep showing it when the view changes size."""
        self.set_zoom(self.fit_zoom())
        self.fitted = True

    def view_resized(self) -> None:
        """The scroll area changed size (the window, a panel shown under the map)."""
        if self.fitted:
            self.fit()

    def set_zoom(self, zoom: float, anchor: QPointF | None = None) -> None:
        """Zoom at once, keeping the map point under ``anchor`` (viewport point) in place."""
        self.fitted = False
        zoom = max(MIN_ZOOM, min(MAX_ZOOM, zoom))
        area = self.scroll_area()
        if anchor is None and area is not None:
            vp = area.viewport().rect()
            anchor = QPointF(vp.width() / 2, vp.height() / 2)
        map_pt = None
        if area is not None and anchor is not None:
            map_pt = self.to_map(self.mapFrom(area.viewport(), anchor.toPoint()).toPointF())
        self.zoom = zoom
        self._resize()
        self._picture = None
        if area is not None and map_pt is not None and anchor is not None:
            w = self.to_widget(map_pt)
            area.horizontalScrollBar().setValue(round(w.x() - anchor.x()))
            area.verticalScrollBar().setValue(round(w.y() - anchor.y()))
        self.update()
        self.zoomChanged.emit(self.zoom)

    def zoom_by(self, factor: float, anchor: QPointF | None = None) -> None:
        """Zoom smoothly by ``factor`` (animated unless ``zoom_animation_ms`` is 0)."""
        target = max(MIN_ZOOM, min(MAX_ZOOM, self.target_zoom * factor))
        if self.zoom_animation_ms <= 0:
            self.set_zoom(target, anchor)
            return
        if self._anim is not None:
            self._anim.stop()
        anim = QVariantAnimation(self)
        anim.setDuration(self.zoom_animation_ms)
        anim.setEasingCurve(QEasingCurve.Type.OutCubic)
        anim.setStartValue(float(self.zoom))
        anim.setEndValue(float(target))
        anim.valueChanged.connect(lambda v: self.set_zoom(float(v), anchor))
        self._anim = anim
        self._target = target
        anim.start()

    @property
    def target_zoom(self) -> float:
        if self._anim is not None and self._anim.state() == QVariantAnimation.State.Running:
            return self._target
        return self.zoom

    def fit_zoom(self) -> float:
        """The zoom that shows the whole map in the scroll area's viewport."""
        area = self.scroll_area()
        if area is None:
            return 1.0
        vp = area.maximumViewportSize()  # as big as it is once no scroll bar is needed
        w, h = self.map_size()
        return max(MIN_ZOOM, min(MAX_ZOOM, min(vp.width() / w, vp.height() / h)))

    def scroll_area(self) -> QScrollArea | None:
        p = self.parentWidget()
        while p is not None and not isinstance(p, QScrollArea):
            p = p.parentWidget()
        return p

    def ensure_hex_visible(self, name: str) -> None:
        """Scroll so that hex ``name`` and a ring of its neighbours are on screen."""
        area = self.scroll_area()
        if area is None or self.game is None:
            return
        c = self.hex_rect(name).center()
        margin = round(HEX_SIZE * self.zoom * 2.2)
        area.ensureVisible(round(c.x()), round(c.y()), margin, margin)

    def center_on(self, name: str) -> None:
        """Scroll so that hex ``name`` is in the middle of the viewport (as far as possible)."""
        area = self.scroll_area()
        if area is None or self.game is None:
            return
        c = self.hex_rect(name).center()
        vp = area.viewport()
        area.horizontalScrollBar().setValue(round(c.x() - vp.width() / 2))
        area.verticalScrollBar().setValue(round(c.y() - vp.height() / 2))

    # ---- painting -------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        w, h = self.width(), self.height()
        with painting(self) as painter:
            if w * h > CACHE_PIXELS:  # too big to keep: draw what is exposed
                painter.fillRect(event.rect(), QColor(BACKGROUND))
                painter.setClipRect(event.rect())
                self._draw(painter)
                return
            if self._picture is None or self._picture.size() != self.size():
                ratio = self.devicePixelRatioF()
                picture = QPixmap(round(w * ratio), round(h * ratio))
                picture.setDevicePixelRatio(ratio)
                picture.fill(QColor(BACKGROUND))
                with painting(picture) as p:
                    self._draw(p)
                self._picture = picture
            target = QRectF(event.rect())
            painter.drawPixmap(target, self._picture, self._source_rect(event.rect()))

    def _source_rect(self, rect: QRect) -> QRectF:
        ratio = self._picture.devicePixelRatio() if self._picture is not None else 1.0
        return QRectF(
            rect.x() * ratio, rect.y() * ratio, rect.width() * ratio, rect.height() * ratio
        )

    def _draw(self, painter: QPainter) -> None:
        """Draw the scene; an error while drawing is reported (``paintFailed``, once until a
        drawing succeeds again) and leaves the map blank, never ends the program."""
        scene = self.scene_provider()
        if scene is None or self.game is None:
            return
        self.paints += 1
        try:
            self.paint_scene(painter, scene, self.zoom)
        except Exception as exc:  # a drawing bug must not take the player's game with it
            self._report_paint_failure(exc, scene)
        else:
            self._paint_error = None

    def _report_paint_failure(self, exc: Exception, scene: Scene) -> None:
        self.paint_failures += 1
        where = f" (hex {scene.highlight_hex})" if scene.highlight_hex else ""
        text = f"Cannot draw the map{where}: {type(exc).__name__}: {exc}"
        log.error("%s", text, exc_info=exc)
        if text != self._paint_error:
            self._paint_error = text
            # after this paint: a slot that changes widgets must not run inside paintEvent
            QTimer.singleShot(0, lambda: self.paintFailed.emit(text))

    def paint_scene(self, painter: QPainter, scene: Scene, zoom: float) -> None:
        """Draw ``scene`` at ``zoom`` with the map's top-left corner at the painter's origin."""
        painter.save()
        try:
            self._paint_scene(painter, scene, zoom)
        finally:
            painter.restore()

    def _paint_scene(self, painter: QPainter, scene: Scene, zoom: float) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        x0, y0, _, _ = self.bounds
        painter.scale(zoom, zoom)
        painter.translate(-x0, -y0)
        routes = None
        if scene.routes:
            routes = list(zip(scene.route_colours or (), scene.routes, strict=False))
        last = [(route_colour(i), r) for i, r in enumerate(scene.last_routes)]
        shown = scene.highlight_hex is not None and selectable(self.shown_game, scene.highlight_hex)
        draw_map(
            painter,
            scene.state,
            self.hex_layout,
            highlight_hex=scene.highlight_hex,
            highlight_colour=scene.highlight_colour,
            routes=routes,
            faded=scene.faded,
            zoom=zoom,
            faded_routes=last or None,
            marked=scene.marked,
            mark_colour=scene.mark_colour,
            margin=MARGIN,
            under_labels=lambda p, labels: self._under_labels(p, scene, labels, shown),
        )
        if shown and scene.token_space is not None:
            self._ring_token_space(painter, scene)

    def _under_labels(
        self, painter: QPainter, scene: Scene, labels: Mapping[str, HexLabels], shown: bool
    ) -> None:
        """The tints, ghost tiles and the active hex's halo: over the map, under its names."""
        if scene.marks:
            draw_marks(painter, scene.state, self.hex_layout, scene.marks)
        if scene.ghosts:
            draw_ghosts(
                painter,
                scene.state,
                self.hex_layout,
                scene.ghosts,
                scene.highlight_colour,
                labels,
            )
        if shown and not scene.faded:
            self._halo(painter, scene)

    def _halo(self, painter: QPainter, scene: Scene) -> None:
        """A soft band of the mode colour inside the active hex's border, easy to spot."""
        hex_name = scene.highlight_hex
        assert hex_name is not None
        cx, cy = self.hex_layout.centre(self.shown_game.hexes[hex_name].coord)
        inset = 0.9
        pts = [
            QPointF(cx + dx * inset, cy + dy * inset) for dx, dy in self.hex_layout.corner_offsets()
        ]
        colour = QColor(scene.highlight_colour)
        colour.setAlpha(80)
        pen = QPen(colour, HEX_SIZE * 0.12)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPolygon(QPolygonF(pts))

    def render_image(self, zoom: float = 1.0) -> QImage:
        """The current scene drawn on an image (for screenshots), whatever is on screen."""
        w, h = self.map_size()
        img = QImage(
            math.ceil(w * zoom), math.ceil(h * zoom), QImage.Format.Format_ARGB32_Premultiplied
        )
        img.fill(QColor(BACKGROUND))
        scene = self.scene_provider()
        if scene is not None and self.game is not None:
            with painting(img) as painter:
                try:
                    self.paint_scene(painter, scene, zoom)
                except Exception as exc:  # as on screen: reported, never a crash
                    self._report_paint_failure(exc, scene)
        return img

    def _ring_token_space(self, painter: QPainter, scene: Scene) -> None:
        hex_name = scene.highlight_hex
        assert hex_name is not None
        tile, rot = scene.state.tile_at(hex_name)
        layout = geometry.tile_layout(tile, rot, self.hex_layout.orientation, HEX_SIZE)
        cx, cy = self.hex_layout.centre(self.shown_game.hexes[hex_name].coord)
        for node in layout.nodes:
            for sp in node.spaces:
                if sp.index == scene.token_space:
                    pen = QPen(QColor(scene.highlight_colour), HEX_SIZE * 0.06)
                    painter.setPen(pen)
                    painter.setBrush(Qt.BrushStyle.NoBrush)
                    r = sp.radius + HEX_SIZE * 0.05
                    painter.drawEllipse(QPointF(cx + sp.centre[0], cy + sp.centre[1]), r, r)
                    return

    # ---- input ----------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if self.key_handler is not None and self.key_handler(event):
            event.accept()
            return
        super().keyPressEvent(event)

    def focusNextPrevChild(self, next: bool) -> bool:  # noqa: N802, A002
        return False  # Tab stays on the map

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        name = self.hex_at(event.position())
        if name is not None:
            scene = self.scene_provider()
            space = self.token_space_at(event.position(), name, scene.state) if scene else None
            self.hexClicked.emit(name, space, int(event.button().value))
        event.accept()

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:  # noqa: N802
        """Right click (or the menu key): the current mode's actions, as in the Mode menu."""
        self.menuRequested.emit(event.globalPos())
        event.accept()

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            steps = event.angleDelta().y() / 120.0
            if steps:
                area = self.scroll_area()
                anchor = None
                if area is not None:  # the viewport holds the canvas: map up to it
                    anchor = QPointF(self.mapTo(area.viewport(), event.position().toPoint()))
                self.zoom_by(ZOOM_STEP**steps, anchor)
            event.accept()
            return
        event.ignore()  # the scroll area scrolls
