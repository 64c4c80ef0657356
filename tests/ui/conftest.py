"""Fixtures for driving the real main window with real key presses (pytest-qt, offscreen).

Dialogs are answered by ``StubDialogs`` (stub_dialogs.py: no modal dialog ever opens);
preferences live in a temporary INI file, never in the user's settings.
"""

from __future__ import annotations

import os
import time

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings, Qt  # noqa: E402

from rusty_train_py.base.paths import default_game_file  # noqa: E402
from rusty_train_py.files.loader import open_game  # noqa: E402
from rusty_train_py.gamedata.loader.gamefile import load_game  # noqa: E402
from rusty_train_py.mapstate.state import MapState  # noqa: E402
from rusty_train_py.ui.main_window import MainWindow  # noqa: E402
from rusty_train_py.ui.preferences import Preferences  # noqa: E402

from .stub_dialogs import StubDialogs  # noqa: E402


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
        win.files.open_default_game()
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
