"""The main window: the open game's map through the current mode, menus, toolbar, status bar.

The window shows a ``GameDocument`` (the map, its file, the undo history). The current mode
has every key first; the keys it leaves go to the window's commands (``commands.py``: one
table for the actions, menus, toolbar and the F1 help). Modes ask the window, their
``ModeHost``, for edits, messages and the panels of Find routes mode, which runs its own
search. Dialogs come from ``self.dialogs`` so tests can answer them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QCloseEvent, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QUndoView,
    QWidget,
)
from shiboken6 import isValid

from ..game import Game
from ..mapstate import Edit, MapEditError, MapState
from .advice_panel import AdviceTable
from .canvas import ZOOM_STEP, MapCanvas
from .commands import (
    COMMANDS,
    MENUS,
    Command,
    build_toolbar,
    command_for_key,
    help_html,
    make_actions,
)
from .dialogs import Dialogs
from .document import GameDocument
from .map_view import MapView
from .modes import DONE, Binding, DefaultMode, KeyPress, Mode, ModeDone, Scene
from .modes.default import describe_hex
from .navigation import central_hex, hex_in_direction, selectable
from .panels import RouteTable, SearchView
from .preferences import Preferences
from .search_controller import shutdown_all
from .window_files import WindowFiles
from .window_panels import WindowPanels
from .worker import SearchFn

APP_NAME = "rusty-train-py"
GLOBAL_HELP = "q quit · s screenshot · +/- zoom · F1 keys"
SHUTDOWN_WAIT = 1.0  # seconds to let searches still running end when the window closes

ARROW_KEYS = (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down)
MODE_BUTTONS = (
    ("Replace tile", "E"),
    ("Upgrade", "U"),
    ("Tokens", "T"),
    ("Routes", "R"),
    ("Advise", "A"),
)


class MainWindow(WindowFiles, WindowPanels, QMainWindow):
    """The map editor window."""

    def __init__(
        self,
        prefs: Preferences | None = None,
        dialogs: Dialogs | None = None,
        search: SearchFn | None = None,
        state: MapState | None = None,
        advise: SearchFn | None = None,
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
        self.last_message = ""
        self.last_screenshot: Path | None = None
        self._fit_pending = True

        self.canvas = MapCanvas(self.current_scene)
        self.canvas.key_handler = self.handle_key_event
        self.canvas.hexClicked.connect(self.on_hex_clicked)
        self.canvas.menuRequested.connect(lambda pos: self.mode_menu.popup(pos))
        self.canvas.zoomChanged.connect(lambda z: self.zoom_label.setText(f"{round(z * 100)}%"))
        self.canvas.paintFailed.connect(lambda text: self.show_message(text, 20000))
        self.view = MapView(self.canvas)
        self.view.filter_edit.textChanged.connect(self._filter_changed)
        self.view.filter_edit.returnPressed.connect(self._filter_done)
        self.view.filter_edit.installEventFilter(self)
        self.view.search.cancel_button.clicked.connect(lambda: self.press(Qt.Key.Key_Escape))
        self.view.advice.sortRequested.connect(lambda s: self._mode_call("sort_by", s))
        self.view.advice.rowClicked.connect(lambda r: self._mode_call("choose_row", r))
        self._on_filter: Callable[[str], None] | None = None
        self.setCentralWidget(self.view)

        self._build_status_bar()
        self.actions = make_actions(self, self.run_command)
        self._build_panels()
        self._build_menus()
        self._build_toolbar()
        self._connect_undo()
        self._message_timer = QTimer(self)
        self._message_timer.setSingleShot(True)
        self._message_timer.timeout.connect(self._clear_message)

        self.resize(1280, 860)
        if state is not None:
            self.set_state(state, None, f"Untitled {state.game.id}")

    # ---- the document ---------------------------------------------------------------------

    @property
    def state(self) -> MapState | None:
        return self.doc.state

    @property
    def game(self) -> Game:
        return self.doc.state.game

    @property
    def undo_stack(self):
        return self.doc.undo_stack

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
        self._end_mode()
        self.doc.replace(state, path, name=name)

    def _game_replaced(self) -> None:
        """Another game or file: the selection, the mode, the canvas and the title together."""
        game = self.game
        if not selectable(game, self.active_hex) or self.canvas.game is not game:
            self.active_hex = central_hex(game)
        self.canvas.set_game(game)
        self.set_mode(DefaultMode())
        self.actions["show_warnings"].setEnabled(bool(self.doc.warnings))
        self._fit_pending = True
        if self.isVisible():
            QTimer.singleShot(0, self._fit_if_pending)
        self.refresh()

    def _document_changed(self) -> None:
        if isValid(self) and isValid(self.canvas):  # not while being destroyed
            self.refresh()

    def current_scene(self) -> Scene | None:
        if self.state is None:
            return None
        return self.decorate_scene(self.mode.scene(self))

    def ui_parent(self) -> QWidget:
        return self

    # ---- building the window --------------------------------------------------------------

    def _build_status_bar(self) -> None:
        bar = self.statusBar()
        bar.setSizeGripEnabled(True)
        self.mode_chip = QLabel()
        self.mode_chip.setObjectName("modeChip")
        self.keys_label = QLabel()
        self.keys_label.setStyleSheet("color: #333;")
        self.message_label = QLabel()
        self.message_label.setStyleSheet("color: #0b4f9c; font-weight: bold;")
        self.info_label = QLabel()
        self.info_label.setStyleSheet("color: #333;")
        self.zoom_label = QLabel("100%")
        self.zoom_label.setStyleSheet("color: #666;")
        bar.addWidget(self.mode_chip)
        bar.addWidget(self.keys_label, 1)
        bar.addWidget(self.message_label, 1)
        self.message_label.hide()
        bar.addPermanentWidget(self.info_label)
        bar.addPermanentWidget(self.zoom_label)

    def _build_menus(self) -> None:
        mb = self.menuBar()
        menus = {name: mb.addMenu(f"&{name}") for name in MENUS}
        for cmd in COMMANDS:
            menu = menus[cmd.menu]
            if cmd.slot == "save":
                menu.addSeparator()
            if cmd.slot in ("save_screenshot", "close"):
                menu.addSeparator()
            menu.addAction(self.actions[cmd.slot])
            if cmd.slot == "open_game":
                self.recent_menu = menu.addMenu("Open &recent")
                self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
                self._fill_recent_menu()
        self.actions["show_warnings"].setEnabled(False)
        self.history = QDockWidget("History", self)
        self.history.setObjectName("history")
        undo_view = QUndoView(self.doc.undo_stack)
        undo_view.setEmptyLabel("<opened>")
        undo_view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.history.setWidget(undo_view)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.history)
        self.history.hide()
        toggle = self.history.toggleViewAction()
        toggle.setText("Show &history")
        menus["Edit"].addSeparator()
        menus["Edit"].addAction(toggle)
        self.mode_menu = QMenu("&Mode", self)
        mb.insertMenu(menus["Help"].menuAction(), self.mode_menu)

    def _build_toolbar(self) -> None:
        self.toolbar, self.mode_buttons = build_toolbar(
            self, self.actions, MODE_BUTTONS, self.press
        )
        self.addToolBar(self.toolbar)

    def _connect_undo(self) -> None:
        stack = self.doc.undo_stack
        self.act_undo = self.actions["undo"]
        self.act_redo = self.actions["redo"]
        self.act_undo.setEnabled(False)
        self.act_redo.setEnabled(False)
        stack.canUndoChanged.connect(self.act_undo.setEnabled)
        stack.canRedoChanged.connect(self.act_redo.setEnabled)
        stack.undoTextChanged.connect(lambda t: self._action_text(self.act_undo, "&Undo", t))
        stack.redoTextChanged.connect(lambda t: self._action_text(self.act_redo, "&Redo", t))

    def _action_text(self, act, verb: str, what: str) -> None:
        if isValid(act):
            keys = act.text().partition("\t")[2]
            act.setText(f"{verb} {what}".rstrip() + (f"\t{keys}" if keys else ""))

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        recent = self.prefs.recent_files
        for path in recent:
            act = self.recent_menu.addAction(Path(path).name)
            act.setToolTip(path)
            act.setStatusTip(path)
            act.triggered.connect(lambda _c=False, p=path: self.open_game(p))
        if not recent:
            none = self.recent_menu.addAction("(no recent files)")
            none.setEnabled(False)

    def _rebuild_mode_menu(self) -> None:
        menu: QMenu = self.mode_menu
        menu.clear()
        header = menu.addAction(f"{self.mode.name} mode")
        header.setEnabled(False)
        menu.addSeparator()
        for b in self.mode.bindings:
            if not b.menu:
                continue
            act = menu.addAction(f"{b.label}\t{b.shown}")
            act.triggered.connect(lambda _c=False, b=b: self.run_binding(b))

    # ---- modes ----------------------------------------------------------------------------

    def set_mode(self, mode: Mode) -> None:
        old = self.mode
        if old is not mode:
            old.leave(self)
        self.mode = mode
        self._hide_filter()
        if old is not mode:
            mode.enter(self)
        self._rebuild_mode_menu()
        for act, key in self.mode_buttons:
            act.setEnabled(self.mode.binding_for(KeyPress.of(key)) is not None)
        self.canvas.setFocus()
        self.refresh()

    def apply(self, next_mode: Mode | ModeDone | None) -> None:
        """Switch to what a mode's handler returned (``DONE``: Default mode; None: stay)."""
        if next_mode is DONE:
            next_mode = DefaultMode()
        if next_mode is not None and next_mode is not self.mode:
            self.set_mode(next_mode)
        self.refresh()

    def _end_mode(self) -> None:
        """Leave any mode for Default mode (discarding its pending edit, ending a search)."""
        if self.mode.name != DefaultMode.name or self.mode.busy:
            self.set_mode(DefaultMode())

    def press(self, key: int, text: str = "") -> bool:
        """Act as if ``key`` was pressed on the map (menus and the toolbar use this)."""
        return self.handle_key(KeyPress.of(key, text))

    def run_binding(self, binding: Binding) -> None:
        self._run(lambda: binding.handler(self))

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
        if self.state is None:
            return False
        b = self.mode.binding_for(press)
        if b is None:
            return False
        self._run(lambda: b.handler(self))
        return True

    def run_command(self, cmd: Command) -> None:
        """Run one of the window's commands (a key, a menu, the toolbar)."""
        if cmd.slot == "close":
            QTimer.singleShot(0, self.close)  # after the key event is done with
            return
        self._clear_message()
        getattr(self, cmd.slot)()

    def _run(self, action: Callable[[], Mode | ModeDone | None]) -> None:
        self._clear_message()  # a message is about the last action, not an older one
        try:
            nxt = action()
        except MapEditError as exc:
            self.show_message(str(exc))
            nxt = None
        self.apply(nxt)

    def on_hex_clicked(self, name: str, space, button: int) -> None:
        self._run(lambda: self.mode.handle_click(self, name, space))

    # ---- what the modes ask for -----------------------------------------------------------

    def push_edit(self, edit: Edit) -> None:
        self.doc.push(edit)

    def show_message(self, text: str, timeout_ms: int = 8000) -> None:
        self.last_message = text
        self.message_label.setText(text)
        self.message_label.setToolTip(text)
        self.message_label.show()
        self.keys_label.hide()
        self._message_timer.start(timeout_ms)

    def _clear_message(self) -> None:
        self.last_message = ""
        self.message_label.hide()
        self.keys_label.show()

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
        self._on_filter = on_change
        box = self.view.filter_box
        self.view.filter_edit.setText(text)
        box.show()
        self.view.place_overlays()
        box.raise_()
        self.view.filter_edit.setFocus()
        self.view.filter_edit.selectAll()

    def show_search(self, view: SearchView | None) -> None:
        panel = self.view.search
        if view is None:
            panel.hide()
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
        self.view.layout().activate()

    def show_advice(self, table: AdviceTable | None) -> None:
        if table is None:
            self.view.advice.hide()
        else:
            self.view.advice.show_table(table)

    def _mode_call(self, name: str, value) -> None:
        """A panel under the map asks the mode for something (a sort, a row), if it can."""
        method = getattr(self.mode, name, None)
        if method is not None:
            self._run(lambda: method(self, value))

    def _filter_changed(self, text: str) -> None:
        if self._on_filter is not None and self.view.filter_box.isVisible():
            self._on_filter(text)
            self.refresh()

    def _filter_done(self) -> None:
        self._hide_filter()
        self.canvas.setFocus()
        self.refresh()

    def _hide_filter(self) -> None:
        self.view.filter_box.hide()
        self._on_filter = None

    def eventFilter(self, obj, event) -> bool:  # noqa: N802
        if obj is self.view.filter_edit and event.type() == event.Type.KeyPress:
            if event.key() == Qt.Key.Key_Escape:
                self.view.filter_edit.clear()
                self._filter_done()
                return True
            if event.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down):
                self.press(event.key())
                return True
        return super().eventFilter(obj, event)

    # ---- refreshing -----------------------------------------------------------------------

    def refresh(self) -> None:
        if self.state is None:
            return
        if not selectable(self.game, self.active_hex):  # never a hex of another game
            self.active_hex = central_hex(self.game)
        self._refresh_panels()
        self.update_title()
        mode = self.mode
        self.mode_chip.setText(f" {mode.name} ")
        self.mode_chip.setStyleSheet(
            f"#modeChip {{ background: {mode.colour}; color: white; font-weight: bold;"
            " border-radius: 4px; padding: 2px 6px; }"
        )
        self.keys_label.setText(f"{mode.help_keys}   |   {GLOBAL_HELP}")
        scene = self.current_scene()
        hex_text = describe_hex(scene.state, self.active_hex)  # the hex as shown
        self.info_label.setText(f"{hex_text}   ·   phase {self.state.phase}")
        caption = "" if mode.busy else mode.status(self)
        self.view.caption.setText(caption)
        self.view.caption.setVisible(bool(caption))
        self.view.place_overlays()
        self.canvas.invalidate()

    def window_title(self) -> str:
        if self.state is None:
            return APP_NAME
        mark = "*" if not self.doc.is_clean else ""
        parts = []
        extra = self.mode.title(self)
        if extra:
            parts.append(extra)
        parts += [f"{self.doc.name}{mark}", self.game.title, APP_NAME]
        return " — ".join(parts)

    def update_title(self) -> None:
        self.setWindowTitle(self.window_title())

    # ---- undo -----------------------------------------------------------------------------

    def undo(self) -> None:
        self._end_mode()
        stack = self.doc.undo_stack
        if stack.canUndo():
            text = stack.undoText()
            stack.undo()
            self.show_message(f"Undid: {text}")

    def redo(self) -> None:
        self._end_mode()
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

    def showEvent(self, event) -> None:  # noqa: N802
        super().showEvent(event)
        QTimer.singleShot(0, self._fit_if_pending)

    def _fit_if_pending(self) -> None:
        """Fit the map to the window once it is laid out (on start, new game, open)."""
        if not self._fit_pending or self.state is None or not self.isVisible():
            return
        self._fit_pending = False
        self.fit_map()
        self.canvas.setFocus()

    def keys_html(self) -> str:
        """The F1 help: the current mode's keys, then the window's, from the same tables."""
        return help_html(self.mode.name, [(b.shown, b.label) for b in self.mode.bindings])

    def show_keys(self) -> None:
        self.dialogs.show_info(self, "Keys", self.keys_html())

    # ---- closing --------------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        if not self.confirm_discard():
            event.ignore()
            return
        self.set_mode(DefaultMode())  # the current mode ends (a search is cancelled) ...
        shutdown_all(SHUTDOWN_WAIT)  # ... and every search still running stops, at once
        self.prefs.sync()
        event.accept()
