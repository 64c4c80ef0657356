"""The open game as a document: its map, the file it came from and in which format, what was
odd in that file, the undo history, the routes each company ran last (``last_routes``, kept
in the save) and whether everything is saved.

Replacing the game (new, open) clears the history while the old map is still the one shown,
then swaps in the new map and says so once (``replaced``): whoever shows the document resets
the selection, the mode and the title together, never one of them against the other game.
Saving writes our format; a Rusty Train save keeps its own, which this program cannot write,
so Ctrl+S asks for a new name rather than overwrite it (even when it is named ``.json``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from ..files.loader import OURS, OpenedGame, open_game, save_game
from ..gamedata.loader.gamefile import load_game
from ..mapstate.state import Edit, MapState
from ..route.last import LastRoute, last_routes_of, replace_company
from ..route.result import RouteResult
from .undo import EditCommand

if TYPE_CHECKING:  # the log reader is imported only when a log is opened
    from ..files.online.rounds import RunPoint


class GameDocument(QObject):
    """The map state being edited and everything about its file."""

    replaced = Signal()  # another game or file: everything shown starts again
    changed = Signal()  # an edit, undo or redo, a save: the map or the clean flag changed

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.state: MapState | None = None
        self.path: Path | None = None  # the file read or last written
        self.format = OURS  # the format of that file
        self.name = "Untitled"
        self.warnings: tuple[str, ...] = ()  # what was odd in the file read
        self.last_routes: tuple[LastRoute, ...] = ()  # what each company ran last
        self.trains: dict[str, tuple[str, ...]] = {}  # each company's trains (a log's, a save's)
        self.bonuses: dict[str, tuple[str, ...]] = {}  # a log's: the bonuses each company holds
        self.next_run: RunPoint | None = None  # a log opened just before a run: that run
        self.routes_changed = False  # a run kept since the file was read or written
        self.undo_stack = QUndoStack(self)
        self.undo_stack.indexChanged.connect(self._stack_changed)
        self.undo_stack.cleanChanged.connect(self._stack_changed)

    # ---- what it is -----------------------------------------------------------------------

    @property
    def save_path(self) -> Path | None:
        """Where Save writes without asking: the file, when it is in our format."""
        return self.path if self.path is not None and self.format == OURS else None

    @property
    def is_clean(self) -> bool:
        return self.undo_stack.isClean() and not self.routes_changed

    # ---- replacing the game ---------------------------------------------------------------

    def replace(
        self,
        state: MapState,
        path: str | os.PathLike[str] | None = None,
        format: str = OURS,
        name: str | None = None,
        warnings: tuple[str, ...] = (),
        last_routes: tuple[LastRoute, ...] = (),
        trains: dict[str, tuple[str, ...]] | None = None,
        bonuses: dict[str, tuple[str, ...]] | None = None,
        next_run: RunPoint | None = None,
    ) -> None:
        """Show ``state`` from now on, with an empty history."""
        self.undo_stack.clear()  # its signals still describe the old map, consistently
        self.undo_stack.setClean()
        self.state = state
        self.path = Path(path) if path is not None else None
        self.format = format
        self.name = name or (self.path.name if self.path else f"Untitled {state.game.id}")
        self.warnings = tuple(warnings)
        self.last_routes = tuple(last_routes)
        self.trains = dict(trains or {})
        self.bonuses = dict(bonuses or {})
        self.next_run = next_run
        self.routes_changed = False
        self.replaced.emit()

    def new(self, game_id: str) -> None:
        """A new game of ``game_id`` (GameDataError if its data cannot be read)."""
        self.replace(MapState(load_game(game_id)))

    def open(self, path: str | os.PathLike[str], at: int | None = None) -> OpenedGame:
        """Read a saved game (ours or Rusty Train's) or an 18xx.games log (before action
        ``at``; None: its end); on any error nothing changes."""
        return self.show_opened(open_game(path, at=at), path)

    def show_opened(
        self,
        opened: OpenedGame,
        path: str | os.PathLike[str] | None = None,
        name: str | None = None,
    ) -> OpenedGame:
        """Show a game read (from ``path``, or downloaded: ``name``)."""
        self.replace(
            opened.state,
            path,
            opened.format,
            name=name,
            warnings=opened.warnings,
            last_routes=opened.last_routes,
            trains=opened.trains,
            bonuses=opened.bonuses,
            next_run=opened.next_run,
        )
        return opened

    def keep_run(self, result: RouteResult) -> tuple[LastRoute, ...]:
        """Keep the routes of ``result`` (a RouteResult) as its company's last run, in place of
        the one kept before; saved with the game."""
        kept = last_routes_of(result)
        self.last_routes = replace_company(self.last_routes, result.company, kept)
        self.routes_changed = True
        self.changed.emit()
        return kept

    def last_run(self, company: str) -> tuple[LastRoute, ...]:
        return tuple(r for r in self.last_routes if r.company == company)

    # ---- editing and saving ---------------------------------------------------------------

    def push(self, edit: Edit) -> None:
        """Apply ``edit`` as one undoable step."""
        assert self.state is not None, "no game open"
        self.undo_stack.push(EditCommand(self.state, edit))

    def save(self, path: str | os.PathLike[str] | None = None) -> Path:
        """Write the game in our format to ``path`` (default: ``save_path``); it is then the
        document's file. OSError or GameFileError when it cannot be written."""
        target = Path(path) if path is not None else self.save_path
        if target is None:
            raise ValueError("no file to save to: ask for one")
        assert self.state is not None, "no game open"
        save_game(self.state, target, OURS, self.last_routes, self.trains)
        self.path, self.format, self.name = target, OURS, target.name
        self.undo_stack.setClean()
        self.routes_changed = False
        self.changed.emit()
        return target

    def _stack_changed(self, *_args: object) -> None:
        self.changed.emit()
