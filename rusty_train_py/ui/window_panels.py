"""The tile manifest panel and the last runs, for the window: the dock and its updates, the
hexes marked where the chosen tile can go, the runs kept with the game drawn pale.

The window owns one ``MapPanels``; it calls ``refresh`` on every refresh of its own and
``decorate_scene`` on every scene it draws.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import Qt
from shiboken6 import isValid

from ..mapstate.manifest import hexes_for_tile, tiles_for_hex
from ..mapstate.state import MapState
from ..route.result import TrainRoute
from .manifest_panel import ManifestPanel
from .modes.base import Scene

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDockWidget, QWidget

    from .document import GameDocument
    from .modes.base import Mode

MARK_COLOUR = "#1f6fd1"


class PanelsHost(Protocol):
    """What the panels ask of the main window."""

    @property
    def doc(self) -> GameDocument: ...

    @property
    def state(self) -> MapState: ...

    @property
    def mode(self) -> Mode: ...

    @property
    def active_hex(self) -> str: ...

    def addDockWidget(self, area: Qt.DockWidgetArea, dockwidget: QDockWidget, /) -> None: ...  # noqa: N802

    def show_message(self, text: str, timeout_ms: int = 8000) -> None: ...

    def refresh(self) -> None: ...

    def ui_parent(self) -> QWidget: ...


class MapPanels:
    """The manifest dock of ``window``, the hexes it marks, and the last runs drawn pale."""

    def __init__(self, window: PanelsHost) -> None:
        self.window = window
        self.doc = window.doc
        self.manifest = ManifestPanel(window.ui_parent())
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.manifest)
        self.manifest.hide()
        self.manifest.tileChosen.connect(self._tile_chosen)
        self.manifest.visibilityChanged.connect(self._visibility_changed)
        self.tile_marks: frozenset[str] = frozenset()
        self._marks_key: tuple[object, ...] | None = None
        self._fits_key: tuple[object, ...] | None = None
        self._fits: tuple[str, ...] = ()
        self.show_last_runs = True
        self._drawn_key: tuple[object, ...] | None = None
        self._drawn: list[TrainRoute | None] = []

    @property
    def state(self) -> MapState:
        return self.window.state

    def _visibility_changed(self, _visible: bool) -> None:
        if isValid(self.window):  # not while the window is being destroyed (the dock hides)
            self.window.refresh()

    # ---- commands -------------------------------------------------------------------------

    def toggle_manifest(self) -> None:
        """Show the tile manifest panel (on its tiles tab), or hide it whichever tab shows."""
        panel = self.manifest
        if panel.isVisible():
            panel.hide()
            return
        panel.tabs.setCurrentIndex(0)
        panel.show()
        panel.raise_()
        self.window.refresh()

    def show_upgrade_chart(self) -> None:
        """Show the manifest panel on its upgrade chart."""
        panel = self.manifest
        panel.show()
        panel.raise_()
        panel.tabs.setCurrentWidget(panel.chart_area)

    def toggle_last_runs(self) -> None:
        self.show_last_runs = not self.show_last_runs
        if self.show_last_runs:
            n = len(self.doc.last_routes)
            self.window.show_message(
                f"Showing the last runs kept with the game ({n} route{'s' * (n != 1)})"
                if n
                else "No run kept with this game yet (keep one with Return in Find routes)"
            )
        else:
            self.window.show_message("Last runs hidden")
        self.window.refresh()

    # ---- keeping the panel and the marks up to date ---------------------------------------

    def _version(self) -> tuple[object, ...]:
        """Changes whenever the map does (an edit, undo, redo, another game)."""
        return (id(self.state), self.doc.undo_stack.index(), self.state.phase)

    def refresh(self) -> None:
        """The marks of the tile chosen, and the panel (when shown) for the map as it is."""
        if self.doc.state is None:
            return
        state = self.state
        panel = self.manifest
        if panel.game is not state.game:
            self.tile_marks = frozenset()
        chosen = panel.chosen if panel.game is state.game else ""
        key = (self._version(), chosen)
        if key != self._marks_key:
            self._marks_key = key
            self.tile_marks = frozenset(hexes_for_tile(state, chosen)) if chosen else frozenset()
        if not panel.isVisible():
            return
        panel.show_state(state)
        active = self.window.active_hex
        fits_key = (self._version(), active)
        if fits_key != self._fits_key:
            self._fits_key = fits_key
            h = active
            self._fits = tuple(tiles_for_hex(state, h)) if state.game.hexes[h].accepts_tiles else ()
        panel.show_hex(active, self._fits)

    def _tile_chosen(self, name: str) -> None:
        self._marks_key = None
        self.refresh()
        if name:
            n = len(self.tile_marks)
            where = f"{n} hex{'es' * (n != 1)}" if n else "no hex"
            self.window.show_message(f"Tile {name} can go on {where} now")
        self.window.refresh()

    # ---- what the map shows ---------------------------------------------------------------

    def last_run_routes(self, company: str | None = None) -> list[TrainRoute]:
        """The last runs kept with the game that are still routes on the map (one company's,
        or every company's), to be drawn pale."""
        from ..route.last import routes_to_draw

        kept = self.doc.last_routes
        key = (self._version(), kept)
        if key != self._drawn_key:
            self._drawn_key = key
            self._drawn = routes_to_draw(self.state, kept) if kept else []
        return [
            d
            for r, d in zip(kept, self._drawn, strict=True)
            if d is not None and (company is None or r.company == company)
        ]

    def decorate_scene(self, scene: Scene) -> Scene:
        """The marks of the chosen tile, and the last runs where the mode draws none."""
        if self.tile_marks and not scene.marked:
            scene.marked = self.tile_marks
            scene.mark_colour = MARK_COLOUR
        if self.show_last_runs and not scene.last_routes and self.doc.last_routes:
            # Find routes: the company's last run under this one; elsewhere every kept run
            mode = self.window.mode
            company = getattr(mode, "company", None) if scene.routes is not None else None
            scene.last_routes = self.last_run_routes(company)
        return scene
