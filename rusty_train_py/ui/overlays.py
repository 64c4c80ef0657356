"""What the window shows over and under the map for the current mode: the tile filter box,
the search panel (progress, cancel), the route table and the advisor's table.

``MapOverlays`` is one of the window's collaborators (``window.overlays``); the window's
``ModeHost`` methods (``show_filter``, ``show_search``, ...) hand their work to it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent

from .advice_panel import AdviceTable
from .canvas import MapCanvas
from .map_view import MapView
from .modes import Mode, ModeDone
from .panels import RouteTable, SearchView


class OverlaysHost(Protocol):
    """What the overlays ask of the main window."""

    @property
    def view(self) -> MapView: ...

    @property
    def canvas(self) -> MapCanvas: ...

    @property
    def mode(self) -> Mode: ...

    def press(self, key: int, text: str = "") -> bool: ...

    def refresh(self) -> None: ...

    def run_mode_action(self, action: Callable[[], Mode | ModeDone | None]) -> None: ...


class MapOverlays(QObject):
    """The filter box and the panels of the window's map view (``window.view``)."""

    def __init__(self, window: OverlaysHost, parent: QObject):
        super().__init__(parent)
        self.window = window
        self.view = window.view
        self.on_filter: Callable[[str], None] | None = None
        self.view.filter_edit.textChanged.connect(self._filter_changed)
        self.view.filter_edit.returnPressed.connect(self.filter_done)
        self.view.filter_edit.installEventFilter(self)
        self.view.search.cancel_button.clicked.connect(lambda: window.press(Qt.Key.Key_Escape))
        self.view.advice.sortRequested.connect(lambda s: self._mode_call("sort_by", s))
        self.view.advice.rowClicked.connect(lambda r: self._mode_call("choose_row", r))

    # ---- the tile filter box ----------------------------------------------------------------

    def show_filter(self, text: str, on_change: Callable[[str], None] | None = None) -> None:
        """The tile filter box over the map; ``on_change`` hears every edit of its text."""
        self.on_filter = on_change
        box = self.view.filter_box
        self.view.filter_edit.setText(text)
        box.show()
        self.view.place_overlays()
        box.raise_()
        self.view.filter_edit.setFocus()
        self.view.filter_edit.selectAll()

    def hide_filter(self) -> None:
        self.view.filter_box.hide()
        self.on_filter = None

    def filter_done(self) -> None:
        self.hide_filter()
        self.window.canvas.setFocus()
        self.window.refresh()

    def _filter_changed(self, text: str) -> None:
        if self.on_filter is not None and self.view.filter_box.isVisible():
            self.on_filter(text)
            self.window.refresh()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        if (
            obj is self.view.filter_edit
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
        ):
            if event.key() == Qt.Key.Key_Escape:
                self.view.filter_edit.clear()
                self.filter_done()
                return True
            if event.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down):
                self.window.press(event.key())
                return True
        return super().eventFilter(obj, event)

    # ---- the panels -------------------------------------------------------------------------

    def show_search(self, view: SearchView | None) -> None:
        panel = self.view.search
        if view is None:
            if panel.isVisible():  # gone at once, over the map as drawn: the work is over
                area, parent = panel.geometry(), panel.parentWidget()
                panel.hide()
                if parent is not None:  # the map under it, drawn now (not at the next render)
                    canvas = self.window.canvas
                    corner = canvas.mapFrom(parent, area.topLeft())
                    canvas.repaint(area.translated(corner - area.topLeft()))
            return
        panel.show_view(view)
        if not panel.isVisible():
            panel.show()
            self.view.place_overlays()
            panel.raise_()

    def show_routes(self, table: RouteTable | None) -> None:
        if table is None:
            self.view.routes.hide()
        else:
            self.view.routes.show_table(table)
        # Lay out now: the map refits to the room left before it is drawn, so once.
        layout = self.view.layout()
        if layout is not None:
            layout.activate()

    def show_advice(self, table: AdviceTable | None) -> None:
        if table is None:
            self.view.advice.hide()
        else:
            self.view.advice.show_table(table)

    def _mode_call(self, name: str, value: object) -> None:
        """A panel under the map asks the mode for something (a sort, a row), if it can."""
        window = self.window
        method = getattr(window.mode, name, None)
        if method is not None:
            window.run_mode_action(lambda: method(window, value))
