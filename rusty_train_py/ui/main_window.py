"""The main window: map canvas, modes, undo stack, files, screenshots and the route search.

Keys reach the current mode first (its bindings), then the global keys. Every map edit goes
through the QUndoStack; the window title shows the game, the file, an unsaved mark and the
mode's results. Dialogs come from ``self.dialogs`` so tests can answer them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, QThreadPool, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeyEvent, QKeySequence, QUndoStack
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QStyle,
    QToolBar,
    QUndoView,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from .. import hexgrid
from ..files.savefile import GameFileError, load_game_state, save_game
from ..game import Game, GameDataError, available_games, load_game
from ..mapstate import Edit, MapEditError, MapState
from ..paths import default_game_file
from .canvas import ZOOM_STEP, MapCanvas
from .dialogs import Dialogs, money
from .modes import (
    Binding,
    DefaultMode,
    FindRoutesMode,
    KeyPress,
    Mode,
    ReplaceTileMode,
    Scene,
)
from .modes.default import describe_hex
from .preferences import Preferences, TrainChoice
from .undo import EditCommand
from .worker import RouteSearchWorker, SearchFn

APP_NAME = "rusty-train-py"
DEFAULT_GAME = "1867"
GLOBAL_HELP = "q quit · s screenshot · +/- zoom"

ARROW_KEYS = (Qt.Key.Key_Left, Qt.Key.Key_Right, Qt.Key.Key_Up, Qt.Key.Key_Down)
DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def hex_in_direction(game: Game, name: str, direction: str) -> str | None:
    """The next hex of the map from ``name`` going up/down/left/right (skipping holes).

    Rows and columns are the printed map's: on a flat-top map left/right stay in the row,
    zig-zagging between the two half-rows; on a pointed-top map up/down do the same.
    """
    o = game.orientation
    row, col = hexgrid.coord_to_offset(o, game.hexes[name].coord)
    dr, dc = DIRECTIONS[direction]
    offsets = [hexgrid.coord_to_offset(o, h.coord) for h in game.hexes.values()]
    rows = [r for r, _ in offsets]
    cols = [c for _, c in offsets]
    r, c = row, col
    while min(rows) <= r + dr <= max(rows) and min(cols) <= c + dc <= max(cols):
        r, c = r + dr, c + dc
        found = game.by_coord.get(hexgrid.offset_to_coord(o, r, c, game.parity))
        if found is not None:
            return found
    return None


def central_hex(game: Game) -> str:
    """The hex nearest the middle of the map (where the cursor starts)."""
    coords = [h.coord for h in game.hexes.values()]
    mx = (min(x for x, _ in coords) + max(x for x, _ in coords)) / 2
    my = (min(y for _, y in coords) + max(y for _, y in coords)) / 2
    best = min(
        game.hexes.values(),
        key=lambda h: ((h.coord[0] - mx) ** 2 + (h.coord[1] - my) ** 2, h.coord),
    )
    return best.name


class MapView(QWidget):
    """The scroll area with the canvas, plus overlays: caption, tile filter, search progress."""

    def __init__(self, canvas: MapCanvas, parent: QWidget | None = None):
        super().__init__(parent)
        self.scroll = QScrollArea()
        self.scroll.setWidget(canvas)
        self.scroll.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.scroll.setWidgetResizable(False)
        self.scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setStyleSheet("QScrollArea { background: #e9e6dc; }")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.scroll)

        self.caption = QLabel(self)
        self.caption.setObjectName("caption")
        self.caption.setStyleSheet(
            "#caption { background: rgba(255,255,255,225); border: 1px solid #b8b2a0;"
            " border-radius: 6px; padding: 5px 10px; font-size: 13px; color: #222; }"
        )
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

        self.progress_panel = QFrame(self)
        self.progress_panel.setObjectName("progressPanel")
        self.progress_panel.setStyleSheet(
            "#progressPanel { background: #ffffff; border: 1px solid #8e44ad;"
            " border-radius: 10px; }"
        )
        pl = QVBoxLayout(self.progress_panel)
        pl.setContentsMargins(18, 14, 18, 14)
        self.progress_title = QLabel("Searching for the best routes…")
        self.progress_title.setStyleSheet("font-weight: bold; font-size: 14px;")
        self.progress_bar = QProgressBar()
        self.progress_bar.setRange(0, 0)
        self.progress_bar.setMinimumWidth(360)
        self.progress_best = QLabel("Best so far: –")
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        row = QHBoxLayout()
        row.addWidget(self.progress_best, 1)
        row.addWidget(self.cancel_button)
        pl.addWidget(self.progress_title)
        pl.addWidget(self.progress_bar)
        pl.addLayout(row)
        self.progress_panel.hide()

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        self.place_overlays()

    def place_overlays(self) -> None:
        w, h = self.width(), self.height()
        self.caption.adjustSize()
        self.caption.move(12, h - self.caption.height() - 12)
        self.filter_box.adjustSize()
        self.filter_box.setFixedWidth(min(360, w - 24))
        self.filter_box.move(12, 12)
        self.progress_panel.adjustSize()
        pw, ph = self.progress_panel.width(), self.progress_panel.height()
        self.progress_panel.move(max(0, (w - pw) // 2), max(0, (h - ph) // 2))


class MainWindow(QMainWindow):
    """The map editor window."""

    def __init__(
        self,
        prefs: Preferences | None = None,
        dialogs: Dialogs | None = None,
        search: SearchFn | None = None,
        state: MapState | None = None,
    ):
        super().__init__()
        self.prefs = prefs or Preferences()
        self.dialogs = dialogs or Dialogs()
        self.search_fn = search
        self.state: MapState | None = None
        self.file_path: Path | None = None  # the file shown in the title
        self.save_path: Path | None = None  # where Ctrl+S writes (None: ask)
        self.display_name = "Untitled"
        self.active_hex = ""
        self.mode: Mode = DefaultMode()
        self.last_message = ""
        self.last_screenshot: Path | None = None
        self.last_result = None  # the last RouteResult a search returned
        self._worker: RouteSearchWorker | None = None  # the search the window waits for
        self._workers: list[RouteSearchWorker] = []  # every search not yet returned
        self.pool = QThreadPool.globalInstance()

        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(self._stack_changed)
        self.undo_stack.indexChanged.connect(self._stack_changed)

        self.canvas = MapCanvas(self.current_scene)
        self.canvas.key_handler = self.handle_key_event
        self.canvas.hexClicked.connect(self.on_hex_clicked)
        self.canvas.menuRequested.connect(lambda pos: self.mode_menu.popup(pos))
        self.canvas.zoomChanged.connect(lambda z: self.zoom_label.setText(f"{round(z * 100)}%"))
        self.view = MapView(self.canvas)
        self.view.filter_edit.textChanged.connect(self._filter_changed)
        self.view.filter_edit.returnPressed.connect(self._filter_done)
        self.view.filter_edit.installEventFilter(self)
        self.view.cancel_button.clicked.connect(self.cancel_route_search)
        self.setCentralWidget(self.view)

        self._build_status_bar()
        self._build_actions()
        self._build_menus()
        self._build_toolbar()
        self._message_timer = QTimer(self)
        self._message_timer.setSingleShot(True)
        self._message_timer.timeout.connect(self._clear_message)

        self.resize(1280, 860)
        if state is not None:
            self.set_state(state, None, f"Untitled {state.game.id}")

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

    def _action(
        self,
        text: str,
        slot: Callable[[], object],
        shortcut: QKeySequence | str | list | None = None,
        shown_key: str | None = None,
        icon: QStyle.StandardPixmap | None = None,
    ) -> QAction:
        act = QAction(f"{text}\t{shown_key}" if shown_key else text, self)
        if shortcut is not None:
            if isinstance(shortcut, list):
                act.setShortcuts(shortcut)
            else:
                act.setShortcut(QKeySequence(shortcut))
        if icon is not None:
            act.setIcon(self.style().standardIcon(icon))
        act.triggered.connect(lambda _checked=False: slot())
        return act

    def _build_actions(self) -> None:
        sp = QStyle.StandardPixmap
        self.act_new = self._action(
            "&New game…", self.new_game, QKeySequence.StandardKey.New, icon=sp.SP_FileIcon
        )
        self.act_open = self._action(
            "&Open…", self.open_game, QKeySequence.StandardKey.Open, icon=sp.SP_DialogOpenButton
        )
        self.act_save = self._action(
            "&Save", self.save, QKeySequence.StandardKey.Save, icon=sp.SP_DialogSaveButton
        )
        self.act_save_as = self._action("Save &As…", self.save_as, "Ctrl+Shift+S")
        self.act_screenshot = self._action("Save s&creenshot", self.save_screenshot, shown_key="S")
        self.act_prefs = self._action("&Preferences…", self.edit_preferences)
        self.act_quit = self._action("&Quit", self.close, shown_key="Q")
        self.act_undo = self._action("&Undo", self.undo, "Ctrl+Z", icon=sp.SP_ArrowBack)
        self.act_redo = self._action(
            "&Redo",
            self.redo,
            [QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")],
            icon=sp.SP_ArrowForward,
        )
        self.act_undo.setEnabled(False)
        self.act_redo.setEnabled(False)
        self.undo_stack.canUndoChanged.connect(self.act_undo.setEnabled)
        self.undo_stack.canRedoChanged.connect(self.act_redo.setEnabled)
        self.undo_stack.undoTextChanged.connect(self._undo_text_changed)
        self.undo_stack.redoTextChanged.connect(self._redo_text_changed)
        self.act_zoom_in = self._action("Zoom &in", self.zoom_in, shown_key="+")
        self.act_zoom_out = self._action("Zoom &out", self.zoom_out, shown_key="-")
        self.act_fit = self._action("&Fit map to window", self.fit_map, "Ctrl+0")
        self.act_keys = self._action("&Keys…", self.show_keys, "F1")
        for act in (
            self.act_new,
            self.act_open,
            self.act_save,
            self.act_save_as,
            self.act_undo,
            self.act_redo,
            self.act_fit,
            self.act_keys,
        ):
            self.addAction(act)

    def _build_menus(self) -> None:
        mb = self.menuBar()
        file_menu = mb.addMenu("&File")
        file_menu.addAction(self.act_new)
        file_menu.addAction(self.act_open)
        self.recent_menu = file_menu.addMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        self._fill_recent_menu()
        file_menu.addSeparator()
        file_menu.addAction(self.act_save)
        file_menu.addAction(self.act_save_as)
        file_menu.addSeparator()
        file_menu.addAction(self.act_screenshot)
        file_menu.addAction(self.act_prefs)
        file_menu.addSeparator()
        file_menu.addAction(self.act_quit)

        edit_menu = mb.addMenu("&Edit")
        edit_menu.addAction(self.act_undo)
        edit_menu.addAction(self.act_redo)
        edit_menu.addSeparator()
        self.history = QDockWidget("History", self)
        self.history.setObjectName("history")
        undo_view = QUndoView(self.undo_stack)
        undo_view.setEmptyLabel("<opened>")
        undo_view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.history.setWidget(undo_view)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.history)
        self.history.hide()
        toggle = self.history.toggleViewAction()
        toggle.setText("Show &history")
        edit_menu.addAction(toggle)

        view_menu = mb.addMenu("&View")
        view_menu.addAction(self.act_zoom_in)
        view_menu.addAction(self.act_zoom_out)
        view_menu.addAction(self.act_fit)

        self.mode_menu = mb.addMenu("&Mode")
        help_menu = mb.addMenu("&Help")
        help_menu.addAction(self.act_keys)

    def _build_toolbar(self) -> None:
        tb = QToolBar("Main")
        tb.setObjectName("main toolbar")
        tb.setMovable(False)
        tb.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        tb.addAction(self.act_open)
        tb.addAction(self.act_save)
        tb.addSeparator()
        tb.addAction(self.act_undo)
        tb.addAction(self.act_redo)
        tb.addSeparator()
        self.mode_buttons = []
        for text, key in (
            ("Replace tile", "E"),
            ("Upgrade", "U"),
            ("Tokens", "T"),
            ("Routes", "R"),
        ):
            act = QAction(f"{text} ({key.lower()})", self)
            act.triggered.connect(lambda _c=False, k=key: self.press(getattr(Qt.Key, f"Key_{k}")))
            tb.addAction(act)
            self.mode_buttons.append(act)
        tb.addSeparator()
        zi = QAction("Zoom +", self)
        zi.triggered.connect(self.zoom_in)
        zo = QAction("Zoom −", self)
        zo.triggered.connect(self.zoom_out)
        tb.addAction(zi)
        tb.addAction(zo)
        tb.addAction(self.act_fit)
        for w in tb.findChildren(QWidget):
            w.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.addToolBar(tb)
        self.toolbar = tb

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

    # ---- state ----------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.state.game

    def set_state(self, state: MapState, path: Path | str | None, name: str | None = None) -> None:
        """Show ``state`` (a new or loaded game); the undo history starts again."""
        self._end_mode()
        same_game = self.state is not None and self.state.game is state.game
        self.state = state
        self.undo_stack.clear()
        self.undo_stack.setClean()
        self.file_path = Path(path) if path is not None else None
        ours = self.file_path is not None and self.file_path.suffix.lower() == ".json"
        self.save_path = self.file_path if ours else None
        self.display_name = name or (
            self.file_path.name if self.file_path else f"Untitled {state.game.id}"
        )
        if not same_game or self.active_hex not in state.game.hexes:
            self.active_hex = central_hex(state.game)
        self.canvas.set_game(state.game)
        self.set_mode(DefaultMode())
        self.refresh()

    def open_default_game(self) -> None:
        """The bundled mid-game 1867 map, or a new 1867 game if it is missing."""
        path = default_game_file()
        if path.exists():
            try:
                state = load_game_state(path)
            except (GameFileError, GameDataError) as exc:
                self.show_message(f"Cannot open the bundled game: {exc}")
            else:
                self.set_state(state, None, f"{path.stem} (example)")
                return
        self.set_state(MapState(load_game(DEFAULT_GAME)), None)

    def current_scene(self) -> Scene | None:
        if self.state is None:
            return None
        return self.mode.scene(self)

    def ui_parent(self) -> QWidget:
        return self

    # ---- modes ----------------------------------------------------------------------------

    def set_mode(self, mode: Mode) -> None:
        old = self.mode
        if old is not mode:
            old.leave(self)
        self.mode = mode
        self.view.filter_box.hide()
        if not isinstance(mode, FindRoutesMode) and self._worker is not None:
            self._worker.cancel()  # its result would be stale: drop it
            self._worker = None
            self.view.progress_panel.hide()
        if old is not mode:
            mode.enter(self)
        self._rebuild_mode_menu()
        editing = isinstance(mode, DefaultMode)
        for act in self.mode_buttons:
            act.setEnabled(editing)
        self.canvas.setFocus()
        self.refresh()

    def _end_mode(self) -> None:
        """Leave any mode for Default mode (discarding its pending edit, cancelling a search)."""
        if not isinstance(self.mode, DefaultMode):
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
        if ctrl and self._ctrl_key(event.key(), bool(mods & Qt.KeyboardModifier.ShiftModifier)):
            return True
        if self.handle_key(KeyPress.of(event.key(), event.text(), ctrl)):
            return True
        # Arrow keys belong to the modes: never let the scroll area move the map with them.
        return not ctrl and event.key() in ARROW_KEYS

    def handle_key(self, press: KeyPress) -> bool:
        if self.state is None:
            return False
        b = self.mode.binding_for(press)
        if b is not None:
            self._run(lambda: b.handler(self))
            return True
        if press.ctrl:
            return False
        return self._global_key(press.key)

    def _run(self, action: Callable[[], Mode | None]) -> None:
        try:
            nxt = action()
        except MapEditError as exc:
            self.show_message(str(exc))
            nxt = None
        if nxt is not None and nxt is not self.mode:
            self.set_mode(nxt)
        self.refresh()

    def _global_key(self, key: int) -> bool:
        K = Qt.Key
        if key == K.Key_Q:
            QTimer.singleShot(0, self.close)
        elif key == K.Key_S:
            self.save_screenshot()
        elif key in (K.Key_Plus, K.Key_Equal):
            self.zoom_in()
        elif key in (K.Key_Minus, K.Key_Underscore):
            self.zoom_out()
        else:
            return False
        return True

    def _ctrl_key(self, key: int, shift: bool) -> bool:
        """Ctrl+keys when the window's shortcuts did not take them (e.g. window not active)."""
        K = Qt.Key
        table = {
            K.Key_N: self.new_game,
            K.Key_O: self.open_game,
            K.Key_S: self.save_as if shift else self.save,
            K.Key_Z: self.redo if shift else self.undo,
            K.Key_Y: self.redo,
            K.Key_0: self.fit_map,
        }
        action = table.get(key)
        if action is None:
            return False
        action()
        return True

    def on_hex_clicked(self, name: str, space, button: int) -> None:
        self._run(lambda: self.mode.handle_click(self, name, space))

    # ---- what the modes ask for -----------------------------------------------------------

    def push_edit(self, edit: Edit) -> None:
        self.undo_stack.push(EditCommand(self.state, edit))

    def show_message(self, text: str, timeout_ms: int = 8000) -> None:
        self.last_message = text
        self.message_label.setText(text)
        self.message_label.setToolTip(text)
        self.message_label.show()
        self.keys_label.hide()
        self._message_timer.start(timeout_ms)

    def _clear_message(self) -> None:
        self.message_label.hide()
        self.keys_label.show()

    def move_active(self, direction: str) -> None:
        nxt = hex_in_direction(self.game, self.active_hex, direction)
        if nxt is not None:
            self.select_hex(nxt)

    def select_hex(self, name: str, centre: bool = False) -> None:
        self.active_hex = name
        if centre:
            self.canvas.center_on(name)
        else:
            self.canvas.ensure_hex_visible(name)
        self.refresh()

    def show_filter(self, text: str) -> None:
        box = self.view.filter_box
        self.view.filter_edit.setText(text)
        box.show()
        self.view.place_overlays()
        box.raise_()
        self.view.filter_edit.setFocus()
        self.view.filter_edit.selectAll()

    def _filter_changed(self, text: str) -> None:
        if isinstance(self.mode, ReplaceTileMode) and self.view.filter_box.isVisible():
            self.mode.set_filter(self, text)
            self.refresh()

    def _filter_done(self) -> None:
        self.view.filter_box.hide()
        self.canvas.setFocus()
        self.refresh()

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

    def _undo_text_changed(self, text: str) -> None:
        if isValid(self.act_undo):
            self.act_undo.setText(f"&Undo {text}".rstrip())

    def _redo_text_changed(self, text: str) -> None:
        if isValid(self.act_redo):
            self.act_redo.setText(f"&Redo {text}".rstrip())

    def _stack_changed(self, *_args) -> None:
        if isValid(self.undo_stack) and isValid(self.canvas):  # not while being destroyed
            self.refresh()

    def refresh(self) -> None:
        if self.state is None:
            return
        self.update_title()
        mode = self.mode
        colour = mode.colour
        self.mode_chip.setText(f" {mode.name} ")
        self.mode_chip.setStyleSheet(
            f"#modeChip {{ background: {colour}; color: white; font-weight: bold;"
            " border-radius: 4px; padding: 2px 6px; }"
        )
        self.keys_label.setText(f"{mode.help_keys}   |   {GLOBAL_HELP}")
        hex_text = describe_hex(mode.scene(self).state, self.active_hex)  # as shown
        self.info_label.setText(f"{hex_text}   ·   phase {self.state.phase}")
        caption = ""
        if not isinstance(mode, DefaultMode) and not self.searching:
            caption = mode.status(self)
        self.view.caption.setText(caption)
        self.view.caption.setVisible(bool(caption))
        self.view.place_overlays()
        self.canvas.update()

    def window_title(self) -> str:
        if self.state is None:
            return APP_NAME
        mark = "*" if not self.undo_stack.isClean() else ""
        parts = []
        extra = self.mode.title(self)
        if extra:
            parts.append(extra)
        parts += [f"{self.display_name}{mark}", self.game.title, APP_NAME]
        return " — ".join(parts)

    def update_title(self) -> None:
        self.setWindowTitle(self.window_title())

    # ---- undo -----------------------------------------------------------------------------

    def undo(self) -> None:
        self._end_mode()
        if self.undo_stack.canUndo():
            text = self.undo_stack.undoText()
            self.undo_stack.undo()
            self.show_message(f"Undid: {text}")

    def redo(self) -> None:
        self._end_mode()
        if self.undo_stack.canRedo():
            text = self.undo_stack.redoText()
            self.undo_stack.redo()
            self.show_message(f"Redid: {text}")

    # ---- zoom -----------------------------------------------------------------------------

    def zoom_in(self) -> None:
        self.canvas.zoom_by(ZOOM_STEP)

    def zoom_out(self) -> None:
        self.canvas.zoom_by(1 / ZOOM_STEP)

    def fit_map(self) -> None:
        self.canvas.set_zoom(self.canvas.fit_zoom())

    def showEvent(self, event) -> None:  # noqa: N802
        super().showEvent(event)
        if not getattr(self, "_fitted", False) and self.state is not None:
            self._fitted = True
            QTimer.singleShot(0, self._initial_fit)

    def _initial_fit(self) -> None:
        self.canvas.set_zoom(min(1.0, self.canvas.fit_zoom()))
        self.canvas.ensure_hex_visible(self.active_hex)
        self.canvas.setFocus()

    # ---- files ----------------------------------------------------------------------------

    def confirm_discard(self) -> bool:
        """True when the current map may be replaced (saved, or the user said so)."""
        if self.state is None or self.undo_stack.isClean():
            return True
        answer = self.dialogs.ask_save_changes(self, self.display_name)
        if answer == "save":
            return self.save()
        return answer == "discard"

    def new_game(self) -> None:
        if not self.confirm_discard():
            return
        games = []
        for gid in available_games():
            try:
                games.append((gid, load_game(gid).title))
            except GameDataError as exc:
                self.show_message(str(exc))
        gid = self.dialogs.choose_game(self, games)
        if gid is None:
            return
        try:
            state = MapState(load_game(gid))
        except GameDataError as exc:
            self.dialogs.error(self, "Cannot start the game", str(exc))
            return
        self.set_state(state, None)
        self.show_message(f"New game: {state.game.title}")

    def open_game(self, path: str | Path | None = None) -> bool:
        if not self.confirm_discard():
            return False
        if path is None:
            folder = (
                str(self.save_path.parent)
                if self.save_path
                else (
                    str(Path(self.prefs.recent_files[0]).parent) if self.prefs.recent_files else ""
                )
            )
            path = self.dialogs.open_file(self, folder)
            if path is None:
                return False
        return self.load_file(path)

    def load_file(self, path: str | Path) -> bool:
        """Load a saved game (ours or a Rusty Train one); on error the current map stays."""
        path = Path(path)
        try:
            state = load_game_state(path)
        except (GameFileError, GameDataError, MapEditError, OSError) as exc:
            self.dialogs.error(self, "Cannot load the game", str(exc))
            if not path.exists():
                self.prefs.remove_recent(str(path.resolve()))
            return False
        self.set_state(state, path)
        self.prefs.add_recent(path)
        self.show_message(f"Loaded {path}")
        return True

    def save(self) -> bool:
        if self.save_path is None:
            return self.save_as()
        return self._write(self.save_path)

    def save_as(self) -> bool:
        if self.save_path is not None:
            suggested = str(self.save_path)
        else:
            stem = self.file_path.stem if self.file_path else f"{self.game.id}-game"
            folder = self.file_path.parent if self.file_path else Path.cwd()
            suggested = str(folder / f"{stem}.json")
        path = self.dialogs.save_file(self, suggested)
        if path is None:
            return False
        return self._write(Path(path))

    def _write(self, path: Path) -> bool:
        try:
            save_game(self.state, path)
        except OSError as exc:
            self.dialogs.error(self, "Cannot save the game", f"{path}: {exc.strerror or exc}")
            return False
        self.file_path = self.save_path = path
        self.display_name = path.name
        self.undo_stack.setClean()
        self.prefs.add_recent(path)
        self.show_message(f"Saved {path}")
        self.refresh()
        return True

    def save_screenshot(self) -> Path | None:
        """Save the map as drawn now to a timestamped PNG and say where."""
        folder = self.prefs.screenshot_dir
        stem = (
            self.file_path.stem if self.file_path else self.display_name.split()[0]
        ) or self.game.id
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = folder / f"{stem}-{stamp}.png"
        n = 2
        while path.exists():
            path = folder / f"{stem}-{stamp}-{n}.png"
            n += 1
        try:
            folder.mkdir(parents=True, exist_ok=True)
            image = self.canvas.render_image(1.0)
            if not image.save(str(path)):
                raise OSError(f"cannot write {path}")
        except OSError as exc:
            self.dialogs.error(self, "Cannot save the screenshot", str(exc))
            return None
        self.last_screenshot = path
        self.show_message(f"Screenshot saved to {path}")
        return path

    def edit_preferences(self) -> None:
        folder = self.dialogs.preferences(self, self.prefs.screenshot_dir)
        if folder is not None:
            self.prefs.screenshot_dir = folder
            self.show_message(f"Screenshots go to {folder}")

    def show_keys(self) -> None:
        lines = [f"<h3>{self.mode.name} mode</h3><table>"]
        for b in self.mode.bindings:
            lines.append(f"<tr><td><b>{b.shown}</b>&nbsp;&nbsp;</td><td>{b.label}</td></tr>")
        lines.append("</table><h3>Any mode</h3><table>")
        for k, what in (
            ("q", "Quit"),
            ("s", "Save a screenshot of the map"),
            ("Ctrl+N", "New game"),
            ("Ctrl+O", "Load a game"),
            ("Ctrl+S", "Save the game"),
            ("+ / -", "Zoom"),
            ("Ctrl+Z", "Undo"),
            ("Ctrl+Shift+Z, Ctrl+Y", "Redo"),
        ):
            lines.append(f"<tr><td><b>{k}</b>&nbsp;&nbsp;</td><td>{what}</td></tr>")
        lines.append("</table>")
        self.dialogs.show_info(self, "Keys", "".join(lines))

    # ---- route search ---------------------------------------------------------------------

    def start_route_search(self, company: str, choice: TrainChoice) -> None:
        worker = RouteSearchWorker(
            self.state, company, choice.trains, choice.bonuses, self.search_fn
        )
        worker.signals.progress.connect(self._search_progress)
        worker.signals.finished.connect(self._search_finished)
        worker.signals.failed.connect(self._search_failed)
        self._worker = worker
        self._workers.append(worker)
        v = self.view
        v.progress_title.setText(
            f"Finding the best routes for {company} ({', '.join(choice.trains)})…"
        )
        v.progress_bar.setRange(0, 0)
        v.progress_best.setText("Best so far: –")
        v.cancel_button.setEnabled(True)
        v.progress_panel.show()
        v.place_overlays()
        v.progress_panel.raise_()
        self.pool.start(worker)

    def cancel_route_search(self) -> None:
        if self._worker is not None:
            self._worker.cancel()
            self.view.cancel_button.setEnabled(False)
            self.view.progress_title.setText("Cancelling…")

    @property
    def searching(self) -> bool:
        return self._worker is not None

    def _is_current(self, ended: bool = False) -> bool:
        """Whether the signal comes from the search being shown (not a cancelled one)."""
        sender = self.sender()
        if ended:
            self._workers = [w for w in self._workers if w.signals is not sender]
        return self._worker is not None and sender is self._worker.signals

    def _search_progress(self, p) -> None:
        if not self._is_current():
            return
        bar = self.view.progress_bar
        if p.total > 0:
            bar.setRange(0, p.total)
            bar.setValue(min(p.done, p.total))
        if p.best is not None:
            self.view.progress_best.setText(f"Best so far: {money(p.best)}")
        if isinstance(self.mode, FindRoutesMode):
            self.mode.on_progress(p)

    def _search_finished(self, result) -> None:
        if not self._is_current(ended=True):
            return
        self._worker = None
        self.last_result = result
        self.view.progress_panel.hide()
        if isinstance(self.mode, FindRoutesMode) and self.mode.searching:
            self._run(lambda: self.mode.on_result(self, result))

    def _search_failed(self, message: str) -> None:
        if not self._is_current(ended=True):
            return
        self._worker = None
        self.view.progress_panel.hide()
        self.dialogs.error(self, "Route search failed", message)
        self.set_mode(DefaultMode())

    # ---- closing --------------------------------------------------------------------------

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802
        if not self.confirm_discard():
            event.ignore()
            return
        for worker in self._workers:
            worker.cancel()
        for worker in self._workers:
            worker.wait(5.0)
        self._worker = None
        self._workers = []
        self.prefs.sync()
        event.accept()
