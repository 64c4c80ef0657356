"""What frames the map in the window: the status bar (mode chip, keys, messages, the hex,
zoom), the menus (with recent files, history and the current mode's actions) and the
toolbar. The window owns one and tells it what to show; it calls back through the functions
it is given, never into the window itself."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QUndoStack
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QMenu, QUndoView
from shiboken6 import isValid

from .commands import COMMANDS, MENUS, build_toolbar
from .elided_label import ElidedLabel
from .modes import Binding, KeyPress, Mode

GLOBAL_HELP = "q quit · s screenshot · +/- zoom · F1 keys"
MODE_BUTTONS = (
    ("Replace tile", "E"),
    ("Upgrade", "U"),
    ("Tokens", "T"),
    ("Routes", "R"),
    ("Advise", "A"),
)


class WindowChrome:
    """The status bar, menus and toolbar of ``window``."""

    def __init__(
        self,
        window: QMainWindow,
        actions: dict[str, QAction],
        undo_stack: QUndoStack,
        recent_files: Callable[[], list[str]],
        open_file: Callable[[str], object],
        press: Callable[[int], object],
        run_binding: Callable[[Binding], None],
    ) -> None:
        self.window = window
        self.actions = actions
        self._recent_files = recent_files
        self._open_file = open_file
        self._run_binding = run_binding
        self._build_status_bar()
        self._build_menus(undo_stack)
        self.toolbar, self.mode_buttons = build_toolbar(window, actions, MODE_BUTTONS, press)
        window.addToolBar(self.toolbar)
        self._connect_undo(undo_stack)
        self.message = ""  # the message shown, "" when none
        self._message_timer = QTimer(window)
        self._message_timer.setSingleShot(True)
        self._message_timer.timeout.connect(self.clear_message)

    # ---- building -------------------------------------------------------------------------

    def _build_status_bar(self) -> None:
        bar = self.window.statusBar()
        bar.setSizeGripEnabled(True)
        self.mode_chip = QLabel()
        self.mode_chip.setObjectName("modeChip")
        self.keys_label = QLabel()
        self.keys_label.setStyleSheet("color: #333;")
        # the message and the hex give way to the keys: elided with "…", whole in a tooltip
        self.message_label = ElidedLabel()
        self.message_label.setStyleSheet("color: #0b4f9c; font-weight: bold;")
        self.info_label = ElidedLabel()
        self.info_label.setStyleSheet("color: #333;")
        self.zoom_label = QLabel("100%")
        self.zoom_label.setStyleSheet("color: #666;")
        bar.addWidget(self.mode_chip)
        bar.addWidget(self.keys_label, 1)
        bar.addWidget(self.message_label, 1)
        self.message_label.hide()
        bar.addPermanentWidget(self.info_label)
        bar.addPermanentWidget(self.zoom_label)

    def _build_menus(self, undo_stack: QUndoStack) -> None:
        window = self.window
        mb = window.menuBar()
        menus = {name: mb.addMenu(f"&{name}") for name in MENUS}
        for cmd in COMMANDS:
            menu = menus[cmd.menu]
            if cmd.slot in ("save", "save_screenshot", "close"):
                menu.addSeparator()
            menu.addAction(self.actions[cmd.slot])
            if cmd.slot == "open_game":
                self.recent_menu = menu.addMenu("Open &recent")
                self.recent_menu.aboutToShow.connect(self.fill_recent_menu)
                self.fill_recent_menu()
        self.actions["show_warnings"].setEnabled(False)
        self.history = QDockWidget("History", window)
        self.history.setObjectName("history")
        undo_view = QUndoView(undo_stack)
        undo_view.setEmptyLabel("<opened>")
        undo_view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.history.setWidget(undo_view)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.history)
        self.history.hide()
        toggle = self.history.toggleViewAction()
        toggle.setText("Show &history")
        menus["Edit"].addSeparator()
        menus["Edit"].addAction(toggle)
        self.mode_menu = QMenu("&Mode", window)
        mb.insertMenu(menus["Help"].menuAction(), self.mode_menu)

    def _connect_undo(self, stack: QUndoStack) -> None:
        self.act_undo = self.actions["undo"]
        self.act_redo = self.actions["redo"]
        self.act_undo.setEnabled(False)
        self.act_redo.setEnabled(False)
        stack.canUndoChanged.connect(self.act_undo.setEnabled)
        stack.canRedoChanged.connect(self.act_redo.setEnabled)
        stack.undoTextChanged.connect(lambda t: self._action_text(self.act_undo, "&Undo", t))
        stack.redoTextChanged.connect(lambda t: self._action_text(self.act_redo, "&Redo", t))

    @staticmethod
    def _action_text(act: QAction, verb: str, what: str) -> None:
        if isValid(act):
            keys = act.text().partition("\t")[2]
            act.setText(f"{verb} {what}".rstrip() + (f"\t{keys}" if keys else ""))

    def fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        recent = self._recent_files()
        for path in recent:
            act = self.recent_menu.addAction(Path(path).name)
            act.setToolTip(path)
            act.setStatusTip(path)
            act.triggered.connect(lambda _c=False, p=path: self._open_file(p))
        if not recent:
            none = self.recent_menu.addAction("(no recent files)")
            none.setEnabled(False)

    # ---- what is shown --------------------------------------------------------------------

    def show_mode(self, mode: Mode) -> None:
        """The mode menu and the toolbar's mode buttons for ``mode`` (on entering it)."""
        menu = self.mode_menu
        menu.clear()
        header = menu.addAction(f"{mode.name} mode")
        header.setEnabled(False)
        menu.addSeparator()
        for b in mode.bindings:
            if not b.menu:
                continue
            act = menu.addAction(f"{b.label}\t{b.shown}")
            act.triggered.connect(lambda _c=False, b=b: self._run_binding(b))
        for act, key in self.mode_buttons:
            act.setEnabled(mode.binding_for(KeyPress.of(key)) is not None)

    def show_status(self, mode: Mode, hex_text: str) -> None:
        """The mode chip in the mode's colour, its keys, and the hex under the cursor."""
        self.mode_chip.setText(f" {mode.name} ")
        self.mode_chip.setStyleSheet(
            f"#modeChip {{ background: {mode.colour}; color: white; font-weight: bold;"
            " border-radius: 4px; padding: 2px 6px; }"
        )
        self.keys_label.setText(f"{mode.help_keys}   |   {GLOBAL_HELP}")
        self.info_label.setText(hex_text)

    def show_zoom(self, zoom: float) -> None:
        self.zoom_label.setText(f"{round(zoom * 100)}%")

    def show_message(self, text: str, timeout_ms: int) -> None:
        """``text`` in place of the keys until ``timeout_ms`` or the next action."""
        self.message = text
        self.message_label.setText(text)
        self.message_label.show()
        self.keys_label.hide()
        self._message_timer.start(timeout_ms)

    def clear_message(self) -> None:
        self.message = ""
        self.message_label.hide()
        self.keys_label.show()
