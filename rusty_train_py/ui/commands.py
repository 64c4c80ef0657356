"""The window's own commands, in one table: it makes the QActions, fills the menus and the
toolbar, answers the keys the current mode leaves alone, and writes the F1 help.

A key with a modifier (Ctrl+S) is the action's shortcut. A plain key (``q``, ``s``, ``+``)
is not: the mode sees every plain key first (its own bindings win), and the window runs the
command only when the mode has no use for the key; the menus still show it.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QStyle, QToolBar, QWidget


@dataclass(frozen=True, slots=True)
class Command:
    """``slot``: the name of the window's method; ``keys``: QKeySequence strings, the first
    one shown; ``menu``: where it is listed; ``toolbar``: its toolbar text, if it has one."""

    slot: str
    label: str
    help: str
    keys: tuple[str, ...] = ()
    menu: str = ""
    toolbar: str = ""
    icon: str = ""  # a QStyle.StandardPixmap name

    @property
    def shown(self) -> str:
        """The keys as the help and the menus show them: a typed key as it is typed (``q``,
        as the README and the modes write it), a combination as Qt writes it (``Ctrl+Q``)."""
        return ", ".join(
            k if is_typed(k) else QKeySequence(k).toString(QKeySequence.SequenceFormat.NativeText)
            for k in self.keys
        )


COMMANDS: tuple[Command, ...] = (
    Command("new_game", "&New game…", "Start a new game", ("Ctrl+N",), "File", "", "SP_FileIcon"),
    Command(
        "open_game",
        "&Open…",
        "Open a saved game (ours or a Rusty Train .game) or an 18xx.games game log (at its"
        " end or just before a run)",
        ("Ctrl+O",),
        "File",
        "Open",
        "SP_DialogOpenButton",
    ),
    Command(
        "open_online_game",
        "Open game from 18&xx.games…",
        "Download a game played on 18xx.games by its id or address and open it",
        (),
        "File",
    ),
    Command(
        "follow_game",
        "&Follow game on 18xx.games…",
        "Follow a game on 18xx.games as it is played: the map refreshes, the company about to"
        " run has its best routes drawn, each run is set against the best",
        (),
        "File",
    ),
    Command("stop_following", "Stop follo&wing", "Stop following the game", (), "File"),
    Command(
        "search_to_run",
        "Searc&h the company to run",
        "While following a game whose players route by hand: search the company about to run",
        (),
        "File",
    ),
    Command("save", "&Save", "Save the game", ("Ctrl+S",), "File", "Save", "SP_DialogSaveButton"),
    Command("save_as", "Save &As…", "Save the game under a new name", ("Ctrl+Shift+S",), "File"),
    Command("show_warnings", "Load &warnings…", "What was odd in the file opened", (), "File"),
    Command("save_screenshot", "Save s&creenshot", "Save a screenshot of the map", ("s",), "File"),
    Command("edit_preferences", "&Preferences…", "Choose the screenshot folder", (), "File"),
    Command("close", "&Quit", "Quit (asks to save changes)", ("q", "Ctrl+Q"), "File"),
    Command("undo", "&Undo", "Undo", ("Ctrl+Z",), "Edit", "Undo", "SP_ArrowBack"),
    Command("redo", "&Redo", "Redo", ("Ctrl+Shift+Z", "Ctrl+Y"), "Edit", "Redo", "SP_ArrowForward"),
    Command("zoom_in", "Zoom &in", "Zoom in (also Ctrl+wheel)", ("+", "="), "View", "Zoom +"),
    Command("zoom_out", "Zoom &out", "Zoom out (also Ctrl+wheel)", ("-",), "View", "Zoom −"),
    Command(
        "fit_map",
        "&Fit map to window",
        "Fit the whole map in the window",
        ("Ctrl+0",),
        "View",
        "Fit",
    ),
    Command(
        "toggle_manifest",
        "Tile &manifest",
        "Show or hide the tile manifest: copies left, where a tile can go",
        ("m",),
        "View",
    ),
    Command(
        "show_upgrade_chart",
        "Upgrade &chart",
        "The upgrade chart of the game, in the manifest panel",
        ("c",),
        "View",
    ),
    Command(
        "toggle_last_runs",
        "&Last runs",
        "Show or hide the runs kept with the game, drawn pale",
        ("l",),
        "View",
    ),
    Command(
        "show_runs",
        "R&uns of the log…",
        "Review every run of the log opened or followed: the players' revenue against our best",
        (),
        "View",
    ),
    Command(
        "previous_run",
        "Previous run",
        "Open the log just before its previous run",
        ("[",),
        "View",
    ),
    Command("next_run", "Next run", "Open the log just before its next run", ("]",), "View"),
    Command("show_keys", "&Keys…", "This list of keys", ("F1",), "Help"),
    Command(
        "show_guide",
        "&User guide…",
        "The guide to the window, the keys, the commands and the games",
        ("Shift+F1",),
        "Help",
    ),
    Command(
        "show_about",
        "&About rusty-train-py…",
        "The version, the licence and where the data comes from",
        (),
        "Help",
    ),
)

MENUS = ("File", "Edit", "View", "Help")


def is_typed(key: str) -> bool:
    """Whether ``key`` is a plain typed character (``q``, ``+``): never an action shortcut,
    the mode has it first."""
    return len(key) == 1


def make_actions(window: QWidget, run: Callable[[Command], None]) -> dict[str, QAction]:
    """One QAction per command, parented to ``window``; triggering it calls ``run(command)``."""
    actions: dict[str, QAction] = {}
    for cmd in COMMANDS:
        text = f"{cmd.label}\t{cmd.shown}" if cmd.keys else cmd.label
        act = QAction(text, window)
        shortcuts = [QKeySequence(k) for k in cmd.keys if not is_typed(k)]
        if shortcuts:
            act.setShortcuts(shortcuts)
        if cmd.icon:
            act.setIcon(window.style().standardIcon(getattr(QStyle.StandardPixmap, cmd.icon)))
        act.setToolTip(cmd.help)
        act.triggered.connect(lambda _checked=False, c=cmd: run(c))
        window.addAction(act)
        actions[cmd.slot] = act
    return actions


def command_for_key(text: str, sequence: QKeySequence) -> Command | None:
    """The command a key press runs, if any: a typed character (``text``, as typed, so ``+``
    with or without Shift) or a key combination (``sequence``)."""
    for cmd in COMMANDS:
        for k in cmd.keys:
            if is_typed(k):
                if text and text.lower() == k.lower():
                    return cmd
            elif QKeySequence(k).matches(sequence) == QKeySequence.SequenceMatch.ExactMatch:
                return cmd
    return None


def help_html(mode_name: str, mode_rows: list[tuple[str, str]]) -> str:
    """The F1 help: a mode's keys (``mode_rows``: shown keys, what they do), then every
    command's."""

    def table(rows: list[tuple[str, str]]) -> str:
        cells = "".join(
            f"<tr><td style='padding-right:14px'><b>{html.escape(k)}</b></td>"
            f"<td>{html.escape(what)}</td></tr>"
            for k, what in rows
        )
        return f"<table>{cells}</table>"

    window_rows = [(c.shown, c.help) for c in COMMANDS if c.keys]
    window_rows.append(("Right click", "The current mode's actions for the hex"))
    return f"<h3>{html.escape(mode_name)} mode</h3>{table(mode_rows)}<h3>Any mode</h3>{table(window_rows)}"


def build_toolbar(
    window: QWidget,
    actions: dict[str, QAction],
    mode_buttons: tuple[tuple[str, str], ...],
    press: Callable[[int], object],
) -> tuple[QToolBar, list[tuple[QAction, int]]]:
    """The toolbar: the file and edit commands, buttons pressing the keys of ``mode_buttons``
    ((text, key letter)), then the view commands. Returns it and the mode buttons with their
    keys (the window enables them when the mode takes the key)."""
    tb = QToolBar("Main", window)
    tb.setObjectName("main toolbar")
    tb.setMovable(False)
    tb.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    tb.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)

    def add(menus: tuple[str, ...]) -> None:
        for cmd in COMMANDS:
            if cmd.toolbar and cmd.menu in menus:
                act = actions[cmd.slot]
                act.setIconText(cmd.toolbar)
                tb.addAction(act)

    add(("File", "Edit"))
    tb.addSeparator()
    buttons = []
    for text, letter in mode_buttons:
        key = getattr(Qt.Key, f"Key_{letter}")
        act = tb.addAction(f"{text} ({letter.lower()})")
        act.triggered.connect(lambda _c=False, k=key: press(k))
        buttons.append((act, key))
    tb.addSeparator()
    add(("View",))
    for w in tb.findChildren(QWidget):
        w.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    return tb, buttons
