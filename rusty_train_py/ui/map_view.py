"""The map area of the window: the canvas in its scroll area, the panels over it (caption,
tile filter, search progress) and under it the route table or the advisor's list."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from .advice_panel import AdvicePanel
from .canvas import BACKGROUND, MapCanvas
from .panels import RoutePanel, SearchPanel

# The most of the view's height the Advisor's table takes: the map keeps the rest (over 70%
# of the window, menus and status bar included).
ADVICE_SHARE = 0.18


class MapView(QWidget):
    """The scroll area with the canvas, its overlays, and the route table below."""

    def __init__(self, canvas: MapCanvas, parent: QWidget | None = None):
        super().__init__(parent)
        self.canvas = canvas
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidget(canvas)
        self.scroll_area.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.scroll_area.setWidgetResizable(False)
        self.scroll_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setStyleSheet(f"QScrollArea {{ background: {BACKGROUND}; }}")
        self.routes = RoutePanel()
        self.advice = AdvicePanel()
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        lay.addWidget(self.scroll_area, 1)
        lay.addWidget(self.routes, 0)
        lay.addWidget(self.advice, 0)
        self.scroll_area.installEventFilter(self)

        self.caption = QLabel(self)
        self.caption.setObjectName("caption")
        self.caption.setStyleSheet(
            "#caption { background: rgba(255,255,255,225); border: 1px solid #b8b2a0;"
            " border-radius: 6px; padding: 5px 10px; font-size: 13px; color: #222; }"
        )
        self.caption.setWordWrap(True)
        self.caption.hide()

        self.filter_box = QFrame(self)
        self.filter_box.setObjectName("filterBox")
        self.filter_box.setStyleSheet(
            "#filterBox { background: #ffffff; border: 2px solid #1f6fd1; border-radius: 6px; }"
        )
        fl = QHBoxLayout(self.filter_box)
        fl.setContentsMargins(8, 4, 8, 4)
        fl.addWidget(QLabel("Filter tiles:"))
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText("part of a tile name")
        self.filter_edit.setClearButtonEnabled(True)
        fl.addWidget(self.filter_edit)
        self.filter_box.hide()

        self.search = SearchPanel(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        if obj is self.scroll_area and event.type() == event.Type.Resize:
            self.canvas.view_resized()
        return super().eventFilter(obj, event)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self.advice.set_room(int(self.height() * ADVICE_SHARE))
        self.place_overlays()

    def _caption_spot(self, vp: QRect) -> QPoint:
        """The corner of the map where the caption hides the fewest hexes, never the selected
        one (the lay the Advisor proposes): the bottom left when it hides none."""
        cw, ch = self.caption.width(), self.caption.height()
        spots = [
            QPoint(12, vp.bottom() - ch - 12),
            QPoint(vp.right() - cw - 12, vp.bottom() - ch - 12),
            QPoint(12, vp.top() + 12),
            QPoint(vp.right() - cw - 12, vp.top() + 12),
        ]
        canvas = self.canvas
        if canvas.game is None or canvas.hex_layout is None:
            return spots[0]
        scene = canvas.scene_provider()
        chosen = scene.highlight_hex if scene is not None else None
        grow = canvas.hex_layout.size * canvas.zoom * 0.6  # a hex whose middle is this near shows
        centres = {}
        for name, h in canvas.game.hexes.items():
            if h.colour == "empty":
                continue
            x, y = canvas.hex_layout.centre(h.coord)
            at = canvas.mapTo(self, canvas.to_widget(QPointF(x, y)).toPoint())
            centres[name] = QPointF(at)

        def hidden(spot: QPoint) -> int:
            box = QRectF(spot.x() - grow, spot.y() - grow, cw + 2 * grow, ch + 2 * grow)
            covered = [n for n, c in centres.items() if box.contains(c)]
            return len(covered) + 1000 * (chosen in covered)

        return min(spots, key=hidden)

    def place_overlays(self) -> None:
        """Caption at the bottom left of the map (another corner when the selected hex is
        there), filter at the top left, search centred."""
        vp = self.scroll_area.geometry()
        w, h = vp.width(), vp.height()
        # One line when it fits, wrapped to the map's width when not: never cut off.
        if self.caption.text():
            text_w = self.caption.fontMetrics().horizontalAdvance(self.caption.text()) + 32
            width = max(120, min(text_w, w - 24))
            self.caption.setFixedWidth(width)
            height = self.caption.heightForWidth(width)
            self.caption.setFixedHeight(max(height, self.caption.sizeHint().height()))
        self.caption.move(self._caption_spot(vp))
        self.filter_box.adjustSize()
        self.filter_box.setFixedWidth(min(360, w - 24))
        self.filter_box.move(12, 12)
        self.search.adjustSize()
        pw, ph = self.search.width(), self.search.height()
        self.search.move(max(0, (w - pw) // 2), max(0, (h - ph) // 2))
