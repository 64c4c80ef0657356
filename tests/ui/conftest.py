"""Fixtures for driving the real main window with real key presses (pytest-qt, offscreen).

Dialogs are answered by ``StubDialogs`` (no modal dialog ever opens); preferences live in a
temporary INI file, never in the user's settings.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings, Qt  # noqa: E402

from rusty_train_py.files.loader import open_game  # noqa: E402
from rusty_train_py.gamefile import load_game  # noqa: E402
from rusty_train_py.mapstate import MapState  # noqa: E402
from rusty_train_py.paths import default_game_file  # noqa: E402
from rusty_train_py.ui.main_window import MainWindow  # noqa: E402
from rusty_train_py.ui.preferences import Preferences, TrainChoice  # noqa: E402


class StubDialogs:
    """Answers every question the window asks; records what was asked."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []
        self.open_path: str | None = None
        self.save_path: str | None = None
        self.save_changes = "discard"
        self.game: str | None = "1889"
        self.hex_text: str | None = None
        self.phase: str | None = None
        self.company: str | None = None
        self.company_offered_first: str | None = None
        self.trains: TrainChoice | None = None
        self.preferences_folder: Path | None = None
        self.errors: list[tuple[str, str]] = []
        self.infos: list[tuple[str, str]] = []

    def open_file(self, parent, folder):
        self.calls.append(("open_file", folder))
        return self.open_path

    def save_file(self, parent, suggested):
        self.calls.append(("save_file", suggested))
        return self.save_path

    def ask_save_changes(self, parent, name):
        self.calls.append(("ask_save_changes", name))
        return self.save_changes

    def choose_game(self, parent, games):
        self.calls.append(("choose_game", tuple(g for g, _ in games)))
        return self.game

    def error(self, parent, title, message):
        self.errors.append((title, message))

    def show_info(self, parent, title, html):
        self.infos.append((title, html))

    def ask_hex(self, parent, game):
        self.calls.append(("ask_hex",))
        return self.hex_text

    def ask_phase(self, parent, phases, current):
        self.calls.append(("ask_phase", tuple(phases), current))
        return self.phase

    def choose_company(self, parent, companies, current=None):
        self.calls.append(("choose_company", tuple(c.abbrev for c in companies)))
        self.company_offered_first = current
        return self.company

    def choose_trains(self, parent, game, company, last):
        self.calls.append(("choose_trains", company.abbrev, last))
        return self.trains

    def preferences(self, parent, folder):
        self.calls.append(("preferences", folder))
        return self.preferences_folder


@pytest.fixture
def prefs(tmp_path) -> Preferences:
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    p = Preferences(settings)
    p.screenshot_dir = tmp_path / "shots"
    return p


@pytest.fixture
def dialogs() -> StubDialogs:
    return StubDialogs()


def make_window(qtbot, prefs, dialogs, state: MapState | None = None, search=None) -> MainWindow:
    win = MainWindow(prefs=prefs, dialogs=dialogs, search=search)
    win.canvas.zoom_animation_ms = 0
    if state is None:
        win.open_default_game()
    else:
        win.set_state(state, None)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.activateWindow()
    win.canvas.setFocus()
    return win


@pytest.fixture
def window(qtbot, prefs, dialogs) -> MainWindow:
    """The window on a fresh 1867 map (nothing laid)."""
    win = make_window(qtbot, prefs, dialogs, MapState(load_game("1867")))
    yield win
    win.undo_stack.setClean()
    win.close()


@pytest.fixture
def bc_window(qtbot, prefs, dialogs) -> MainWindow:
    """The window on the bundled mid-game 1867 map, as the program opens."""
    if not default_game_file().exists():
        pytest.skip("the bundled 1867_bc game is missing")
    win = make_window(qtbot, prefs, dialogs)
    yield win
    win.undo_stack.setClean()
    win.close()


def bundled_state() -> MapState:
    return open_game(default_game_file()).state


def key(qtbot, win: MainWindow, *keys, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    """Press keys on the map canvas, as a player would."""
    for k in keys:
        if isinstance(k, str):
            qtbot.keyClicks(win.canvas, k)
        else:
            qtbot.keyClick(win.canvas, k, modifier)


def wait_for(qtbot, condition, timeout: float = 20.0) -> None:
    qtbot.waitUntil(condition, timeout=int(timeout * 1000))


def settle(qtbot, seconds: float = 0.05) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        qtbot.wait(10)
