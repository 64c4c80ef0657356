"""The tile manifest panel and the last runs for ``MainWindow``: the dock and its updates, the
hexes marked where the chosen tile can go, the runs kept with the game drawn pale.

``MainWindow`` provides ``doc``, ``state``, ``game``, ``mode``, ``active_hex``, ``refresh``,
``show_message`` and ``addDockWidget``; it calls ``_build_panels`` once, ``_refresh_panels``
on every refresh and ``decorate_scene`` on every scene it draws.
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from ..manifest import hexes_for_tile, tiles_for_hex
from ..route.result import TrainRoute
from .manifest_panel import ManifestPanel
from .modes.base import Scene

MARK_COLOUR = "#1f6fd1"


class WindowPanels:
    """Mixed into MainWindow."""

    def _build_panels(self) -> None:
        self.manifest = ManifestPanel(self)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.manifest)
        self.manifest.hide()
        self.manifest.tileChosen.connect(self._tile_chosen)
        self.manifest.visibilityChanged.connect(lambda _v: self.refresh())
        self.tile_marks: frozenset[str] = frozenset()
        self._marks_key: tuple | None = None
        self._fits_key: tuple | None = None
        self._fits: tuple[str, ...] = ()
        self.show_last_runs = True
        self._drawn_key: tuple | None = None
        self._drawn: list[TrainRoute | None] = []

    # ---- commands -------------------------------------------------------------------------

    def toggle_manifest(self) -> None:
        """Show or hide the tile manifest (the tiles tab)."""
        panel = self.manifest
        if panel.isVisible() and panel.tabs.currentIndex() == 0:
            panel.hide()
            return
        panel.tabs.setCurrentIndex(0)
        panel.show()
        panel.raise_()
        self.refresh()

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
            self.show_message(
                f"Showing the last runs kept with the game ({n} route{'s' * (n != 1)})"
                if n
                else "No run kept with this game yet (keep one with Return in Find routes)"
            )
        else:
            self.show_message("Last runs hidden")
        self.refresh()

    # ---- keeping the panel and the marks up to date ---------------------------------------

    def _version(self) -> tuple:
        """Changes whenever the map does (an edit, undo, redo, another game)."""
        return (id(self.state), self.doc.undo_stack.index(), self.state.phase)

    def _refresh_panels(self) -> None:
        state = self.state
        if state is None:
            return
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
        fits_key = (self._version(), self.active_hex)
        if fits_key != self._fits_key:
            self._fits_key = fits_key
            h = self.active_hex
            self._fits = tuple(tiles_for_hex(state, h)) if state.game.hexes[h].accepts_tiles else ()
        panel.show_hex(self.active_hex, self._fits)

    def _tile_chosen(self, name: str) -> None:
        self._marks_key = None
        self._refresh_panels()
        if name:
            n = len(self.tile_marks)
            where = f"{n} hex{'es' * (n != 1)}" if n else "no hex"
            self.show_message(f"Tile {name} can go on {where} now")
        self.refresh()

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

    def kept_run(self, company: str):
        """The company's run kept with the game (route.last.LastRoute, as run then)."""
        return self.doc.last_run(company)

    def company_trains(self, company: str) -> tuple[str, ...]:
        """The company's trains as the game file says (an 18xx.games log, or a save)."""
        return self.doc.trains.get(company, ())

    def company_bonuses(self, company: str) -> tuple[str, ...]:
        """The bonus options an 18xx.games log gives the company (the privates it owns)."""
        return self.doc.bonuses.get(company, ())

    def keep_run(self, result) -> None:
        """Keep ``result``'s routes as its company's last run (saved with the game)."""
        self.doc.keep_run(result)

    def decorate_scene(self, scene: Scene) -> Scene:
        """The marks of the chosen tile, and the last runs where the mode draws none."""
        if self.tile_marks and not scene.marked:
            scene.marked = self.tile_marks
            scene.mark_colour = MARK_COLOUR
        if self.show_last_runs and not scene.last_routes and self.doc.last_routes:
            # Find routes: the company's last run under this one; elsewhere every kept run
            company = getattr(self.mode, "company", None) if scene.routes is not None else None
            scene.last_routes = self.last_run_routes(company)
        return scene
