"""The main window: the open game's map through the current mode, menus, toolbar, status bar.

The window shows a ``GameDocument`` (the map, its file, the undo history). The current mode
has every key first; the keys it leaves go to the window's commands (``commands.py``: one
table for the actions, menus, toolbar and the F1 help). Modes ask the window, their
``ModeHost``, for edits, messages and the panels of Find routes mode, which runs its own
search. Dialogs come from ``self.dialogs`` so tests can answer them.

The window is composed of collaborators, each in its own file: ``files`` (new, open, save,
screenshots: window_files.py), ``overlays`` (the filter box and the
modes' panels: overlays.py), ``panels`` (the tile manifest dock and the last runs:
window_panels.py) and ``chrome`` (status bar, menus, toolbar: window_chrome.py).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QCloseEvent, QKeyEvent, QKeySequence, QShowEvent, QUndoStack
from PySide6.QtWidgets import QMainWindow, QWidget
from shiboken6 import isValid

from ..gamedata.game import Game
from ..mapstate.state import Edit, MapEditError, MapState
from ..route.last import LastRoute
from ..route.result import RouteResult, TrainRoute
from .about import APP_NAME, about_html, app_icon
from .advice_panel import AdviceTable
from .canvas import ZOOM_STEP, MapCanvas
from .commands import Command, command_for_key, help_html, make_actions
from .dialogs import Dialogs
from .document import GameDocument
from .focus import FocusKeeper
from .map_view import MapView
from .modes import Binding, DefaultMode, KeyPress, Mode, ModeDone, Scene
from .modes.default import describe_hex
from .navigation import central_hex, hex_in_direction, selectable
from .overlays import MapOverlays
from .panels import RouteTable, SearchView
from .preferences import Preferences
from .search_controller import shutdown_all
from .window_chrome import WindowChrome
from .window_files import FileCommands
from .window_log import LogCommands
from .window_panels import MapPanels
from .worker import RouteSearchFn, SearchFn

if TYPE_CHECKING:
    from ..advisor.progress import AdviceProgress
    from ..advisor.result import Advice

SHUTDOWN_WAIT = 1.0  # seconds to let searches still running end when the window closes

ARROW_KEYS = (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down)


class MainWindow(QMainWindow):
    """The map editor window."""

    chrome: WindowChrome  # (made after the canvas, whose signals it shows)

    def __init__(
        self,
        prefs: Preferences | None = None,
        dialogs: Dialogs | None = None,
        search: RouteSearchFn | None = None,
        state: MapState | None = None,
        advise: SearchFn[AdviceProgress, Advice] | None = None,
    ):
        super().__init__()
        self.prefs = prefs or Preferences()
        self.dialogs = dialogs or Dialogs()
        self.search_fn = search
        self.advise_fn = advise
        self.doc = GameDocument(self)
        self.doc.replaced.connect(self._game_replaced)
        self.doc.changed.connect(self._document_changed)
        self.active_hex = ""
        self.mode: Mode = DefaultMode()
        self.last_screenshot: Path | None = None
        self._fit_pending = True

        self.canvas = MapCanvas(self.current_scene)
        self.canvas.key_handler = self.handle_key_event
        self.canvas.hexClicked.connect(self.on_hex_clicked)
        self.canvas.menuRequested.connect(lambda pos: self.chrome.mode_menu.popup(pos))
        self.canvas.zoomChanged.connect(lambda z: self.chrome.show_zoom(z))
        self.canvas.paintFailed.connect(lambda text: self.show_message(text, 20000))
        self.view = MapView(self.canvas)
        self.setCentralWidget(self.view)
        self.overlays = MapOverlays(self, self)  # the filter box and the panels of the modes

        self.files = FileCommands(self)
        self.logs = LogCommands(self)  # the log opened or followed: run keys, Runs, follow
        self.panels = MapPanels(self)
        self.manifest = self.panels.manifest
        self.command_actions = make_actions(self, self.run_command)
        self.chrome = WindowChrome(
            self,
            self.command_actions,
            self.doc.undo_stack,
            lambda: self.prefs.recent_files,
            self.files.open_game,
            self.press,
            self.run_binding,
        )
        self.focus_keeper = FocusKeeper(self, self.canvas)  # menus and dialogs give keys back

        self.setWindowIcon(app_icon())
        self.resize(1280, 860)
        if state is not None:
            self.set_state(state, None, f"Untitled {state.game.id}")

    # ---- the document ---------------------------------------------------------------------

    @property
    def has_game(self) -> bool:
        """Whether a game is open (from the first new or opened game on, always)."""
        return self.doc.state is not None

    @property
    def state(self) -> MapState:
        """The map of the open game (there is one once the window shows anything)."""
        state = self.doc.state
        assert state is not None, "no game open yet"
        return state

    @property
    def game(self) -> Game:
        return self.state.game

    @property
    def undo_stack(self) -> QUndoStack:
        return self.doc.undo_stack

    @property
    def last_message(self) -> str:
        """The message in the status bar ("" when none)."""
        return self.chrome.message

    @property
    def file_path(self) -> Path | None:
        return self.doc.path

    @property
    def display_name(self) -> str:
        return self.doc.name

    @property
    def searching(self) -> bool:
        """Whether the mode waits for a search running in the background."""
        return self.mode.busy

    def set_state(self, state: MapState, path: Path | str | None, name: str | None = None) -> None:
        """Show ``state`` (a new or loaded game); the undo history starts again."""
        self.end_mode()
        self.doc.replace(state, path, name=name)

    def _game_replaced(self) -> None:
        """Another game or file: the selection, the mode, the canvas and the title together."""
        self.logs.forget()
        game = self.game
        if not selectable(game, self.active_hex) or self.canvas.game is not game:
            self.active_hex = central_hex(game)
        self.canvas.set_game(game)
        self.set_mode(DefaultMode())
        self.command_actions["show_warnings"].setEnabled(bool(self.doc.warnings))
        self._fit_pending = True
        if self.isVisible():
            QTimer.singleShot(0, self._fit_if_pending)
        self.refresh()

    def _document_changed(self) -> None:
        if isValid(self) and isValid(self.canvas):  # not while being destroyed
            self.refresh()

    def current_scene(self) -> Scene | None:
        if not self.has_game:
            return None
        return self.logs.decorate(self.panels.decorate_scene(self.mode.scene(self)))

    def log_opened(self, data: object, where: str, opened: object, at: int | None) -> None:
        """A log was opened (``data``: its JSON; None: read the file ``where`` again)."""
        from ..files.loader import OpenedGame

        assert isinstance(opened, OpenedGame)
        if data is None:
            self.logs.opened_file(where, opened, at)
        else:
            self.logs.opened(data, where, opened, at)
        self.update_title()

    def ui_parent(self) -> QWidget:
        return self

    # ---- modes ----------------------------------------------------------------------------

    def set_mode(self, mode: Mode) -> None:
        old = self.mode
        if old is not mode:
            old.leave(self)
        self.mode = mode
        self.overlays.hide_filter()
        if old is not mode:
            mode.enter(self)
        self.chrome.show_mode(self.mode)
        self.canvas.setFocus()
        self.refresh()

    def apply(self, next_mode: Mode | ModeDone | None) -> None:
        """Switch to what a mode's handler returned (``DONE``: Default mode; None: stay)."""
        if isinstance(next_mode, ModeDone):
            next_mode = DefaultMode()
        if next_mode is not None and next_mode is not self.mode:
            self.set_mode(next_mode)
        self.refresh()

    def end_mode(self) -> None:
        """Leave any mode for Default mode (discarding its pending edit, ending a search)."""
        if self.mode.name != DefaultMode.name or self.mode.busy:
            self.set_mode(DefaultMode())

    def press(self, key: int, text: str = "") -> bool:
        """Act as if ``key`` was pressed on the map (menus and the toolbar use this)."""
        return self.handle_key(KeyPress.of(key, text))

    def run_binding(self, binding: Binding) -> None:
        self.run_mode_action(lambda: binding.handler(self))

    def handle_key_event(self, event: QKeyEvent) -> bool:
        mods = event.modifiers()
        ctrl = bool(
            mods
            & (
                Qt.KeyboardModifier.ControlModifier
                | Qt.KeyboardModifier.AltModifier
                | Qt.KeyboardModifier.MetaModifier
            )
        )
        if self.handle_key(KeyPress.of(event.key(), event.text(), ctrl)):
            return True
        cmd = command_for_key("" if ctrl else event.text(), QKeySequence(event.keyCombination()))
        if cmd is not None:
            self.run_command(cmd)
            return True
        # Arrow keys belong to the modes: never let the scroll area move the map with them.
        return not ctrl and event.key() in ARROW_KEYS

    def handle_key(self, press: KeyPress) -> bool:
        if not self.has_game:
            return False
        b = self.mode.binding_for(press)
        if b is None:
            return False
        self.run_mode_action(lambda: b.handler(self))
        return True

    def run_command(self, cmd: Command) -> None:
        """Run one of the window's commands (a key, a menu, the toolbar)."""
        if cmd.slot == "close":
            QTimer.singleShot(0, self.close)  # after the key event is done with
            return
        self._clear_message()
        self.command_handler(cmd.slot)()

    def command_handler(self, slot: str) -> Callable[[], object]:
        """The method a command's ``slot`` names: the file commands', the panels' or the
        window's own."""
        for owner in (self.files, self.panels, self.logs, self):
            handler: object = getattr(owner, slot, None)
            if callable(handler):
                return handler
        raise LookupError(f"no handler for the command {slot!r}")

    def run_mode_action(self, action: Callable[[], Mode | ModeDone | None]) -> None:
        self._clear_message()  # a message is about the last action, not an older one
        try:
            nxt = action()
        except MapEditError as exc:
            self.show_message(str(exc))
            nxt = None
        self.apply(nxt)

    def on_hex_clicked(self, name: str, space: int | None, button: int) -> None:
        self.run_mode_action(lambda: self.mode.handle_click(self, name, space))

    # ---- what the modes ask for -----------------------------------------------------------

    def push_edit(self, edit: Edit) -> None:
        self.doc.push(edit)

    def show_message(self, text: str, timeout_ms: int = 8000) -> None:
        self.chrome.show_message(text, timeout_ms)

    def _clear_message(self) -> None:
        self.chrome.clear_message()

    def keep_run(self, result: RouteResult) -> None:
        """Keep ``result``'s routes as its company's last run (saved with the game)."""
        self.doc.keep_run(result)

    def kept_run(self, company: str) -> tuple[LastRoute, ...]:
        """The company's run kept with the game, as run then."""
        return self.doc.last_run(company)

    def company_trains(self, company: str) -> tuple[str, ...]:
        """The company's trains as the game file says (an 18xx.games log, or a save)."""
        return self.doc.trains.get(company, ())

    def company_bonuses(self, company: str) -> tuple[str, ...]:
        """The bonus options an 18xx.games log gives the company (the privates it owns)."""
        return tuple(self.doc.bonuses.get(company, ()))

    def about_to_run(self) -> str | None:
        """A log opened just before a run: the company about to run."""
        return self.doc.next_run.company if self.doc.next_run is not None else None

    def last_run_routes(self, company: str | None = None) -> list[TrainRoute]:
        return self.panels.last_run_routes(company)

    def move_active(self, direction: str) -> None:
        nxt = hex_in_direction(self.game, self.active_hex, direction)
        if nxt is not None:
            self.select_hex(nxt)

    def select_hex(self, name: str, centre: bool = False) -> None:
        if not selectable(self.game, name):  # a hole in the map (18MS B14): nothing to show
            self.show_message(f"{name} is not part of the map: nothing is printed there")
            return
        self.active_hex = name
        if centre:
            self.canvas.center_on(name)
        else:
            self.canvas.ensure_hex_visible(name)
        self.refresh()

    def show_filter(self, text: str, on_change: Callable[[str], None] | None = None) -> None:
        """The tile filter box over the map; ``on_change`` hears every edit of its text."""
        self.overlays.show_filter(text, on_change)

    def show_search(self, view: SearchView | None) -> None:
        self.overlays.show_search(view)

    def show_routes(self, table: RouteTable | None) -> None:
        self.overlays.show_routes(table)

    def show_advice(self, table: AdviceTable | None) -> None:
        self.overlays.show_advice(table)

    # ---- refreshing -----------------------------------------------------------------------

    def refresh(self) -> None:
        if not self.has_game:
            return
        if not selectable(self.game, self.active_hex):  # never a hex of another game
            self.active_hex = central_hex(self.game)
        self.panels.refresh()
        self.update_title()
        mode = self.mode
        scene = self.logs.decorate(self.panels.decorate_scene(mode.scene(self)))
        hex_text = describe_hex(scene.state, self.active_hex)  # the hex as shown
        self.chrome.show_status(mode, f"{hex_text}   ·   phase {self.state.phase}")
        caption = "" if mode.busy else mode.status(self)
        self.view.caption.setText(caption)
        self.view.caption.setVisible(bool(caption))
        self.view.place_overlays()
        self.canvas.invalidate()

    def window_title(self) -> str:
        if not self.has_game:
            return APP_NAME
        mark = "*" if not self.doc.is_clean else ""
        parts = []
        extra = self.mode.title(self)
        if extra:
            parts.append(extra)
        parts.append(f"{self.doc.name}{mark}")
        run = self.doc.next_run
        if run is not None and not self.logs.following:  # a log opened just before a run
            where = f"operating round {run.operating_round}, " if run.operating_round else ""
            parts.append(f"{where}action {run.action_id}: before {run.company} runs")
        elif log := self.logs.title():  # the log's end, or the game followed
            parts.append(log)
        parts += [self.game.title, APP_NAME]
        return " — ".join(parts)

    def update_title(self) -> None:
        self.setWindowTitle(self.window_title())

    # ---- undo -----------------------------------------------------------------------------

    def undo(self) -> None:
        self.end_mode()
        stack = self.doc.undo_stack
        if stack.canUndo():
            text = stack.undoText()
            stack.undo()
            self.show_message(f"Undid: {text}")

    def redo(self) -> None:
        self.end_mode()
        stack = self.doc.undo_stack
        if stack.canRedo():
            text = stack.redoText()
            stack.redo()
            self.show_message(f"Redid: {text}")

    # ---- zoom -----------------------------------------------------------------------------

    def zoom_in(self) -> None:
        self.canvas.zoom_by(ZOOM_STEP)

    def zoom_out(self) -> None:
        self.canvas.zoom_by(1 / ZOOM_STEP)

    def fit_map(self) -> None:
        self.canvas.fit()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        QTimer.singleShot(0, self._fit_if_pending)

    def _fit_if_pending(self) -> None:
        """Fit the map to the window once it is laid out (on start, new game, open)."""
        if not self._fit_pending or not self.has_game or not self.isVisible():
            return
        self._fit_pending = False
        self.fit_map()
        self.canvas.setFocus()

    def keys_html(self) -> str:
        """The F1 help: the current mode's keys, then the window's, from the same tables."""
        return help_html(self.mode.name, [(b.every_key, b.label) for b in self.mode.bindings])

    def show_keys(self) -> None:
        self.dialogs.show_info(self, "Keys", self.keys_html())

    def show_guide(self) -> None:
        from .guide import GuideWindow

        self._guide = GuideWindow(self)
        self._guide.show()

    def show_about(self) -> None:
        about = about_html(str(self.prefs.screenshot_dir), self.prefs.settings)
        self.dialogs.show_info(self, f"About {APP_NAME}", about)

    # ---- closing --------------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        if not self.files.confirm_discard():
            event.ignore()
            return
        self.logs.shutdown()  # a follow or a review running stops
        self.set_mode(DefaultMode())  # the current mode ends (a search is cancelled) ...
        shutdown_all(SHUTDOWN_WAIT)  # ... and every search still running stops, at once
        self.prefs.sync()
        event.accept()
