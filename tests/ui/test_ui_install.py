"""The window as a desktop program: its icon, Help ▸ About, screenshots in the user's
pictures folder (never the install), the bundled game opened as an example, and a save onto
a file another program holds open (Windows) refused with the game kept open, unsaved."""

from __future__ import annotations

import errno
import os

from PySide6.QtCore import QSettings, Qt

from rusty_train_py import __version__
from rusty_train_py.base.paths import data_root, default_game_file
from rusty_train_py.files import atomic
from rusty_train_py.ui.preferences import Preferences

from .conftest import key, make_window

K = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier


def test_the_window_has_our_icon(window):
    icon = window.windowIcon()
    assert not icon.isNull()
    assert icon.pixmap(64, 64).size().width() == 64


def test_help_about_gives_version_licence_and_where_the_data_comes_from(window, dialogs, prefs):
    window.command_actions["show_about"].trigger()
    title, text = dialogs.infos[-1]
    assert title == "About rusty-train-py"
    assert f"<b>Version</b></td><td>{__version__}</td>" in text
    assert "<b>Licence</b></td><td>MIT</td>" in text
    assert f"<b>Game data read from</b></td><td>{data_root()}</td>" in text
    assert f"<b>Screenshots saved to</b></td><td>{prefs.screenshot_dir}</td>" in text
    assert f"<b>Settings kept in</b></td><td>{prefs.settings.fileName()}</td>" in text
    assert "the tobymao/18xx engine (18xx.games, MIT licence)" in text
    help_menu = [m for m in window.menuBar().actions() if m.text() == "&Help"][0].menu()
    assert [a.text() for a in help_menu.actions()] == [
        "&Keys…\tF1",
        "&User guide…\tShift+F1",
        "&About rusty-train-py…",
    ]


def test_screenshots_go_to_the_pictures_folder_by_default(qtbot, dialogs, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.delenv("XDG_PICTURES_DIR", raising=False)
    prefs = Preferences(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    folder = tmp_path / "home" / "Pictures" / "rusty-train-py"
    assert prefs.screenshot_dir == folder
    win = make_window(qtbot, prefs, dialogs)  # the bundled game, as the program opens
    try:
        key(qtbot, win, K.Key_S)
        shot = win.last_screenshot
        assert shot.parent == folder and shot.name.startswith("1867_bc-")
        assert win.last_message == f"Screenshot saved to {shot}"
        assert os.listdir(folder) == [shot.name]
    finally:
        win.close()


def test_the_bundled_game_is_an_example_save_asks_for_a_name(
    qtbot, dialogs, prefs, tmp_path, monkeypatch
):
    """Save asks, offering the documents folder (never the working folder: started from a
    menu, that may be the install's), then the folder of the last file saved."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.delenv("XDG_DOCUMENTS_DIR", raising=False)
    win = make_window(qtbot, prefs, dialogs)
    try:
        before = default_game_file().read_bytes()
        dialogs.save_path = None  # the user cancels the question
        win.command_actions["save"].trigger()
        documents = tmp_path / "home" / "Documents"
        assert dialogs.calls[-1] == ("save_file", str(documents / "1867-game.json"))
        assert win.display_name == "1867_bc (example)"
        win.command_actions["open_game"].trigger()
        assert dialogs.calls[-1] == ("open_file", str(documents))
        dialogs.save_path = str(tmp_path / "mine" / "bc.json")
        (tmp_path / "mine").mkdir()
        win.command_actions["save"].trigger()
        assert default_game_file().read_bytes() == before
        win.doc.replace(win.state, None, name="Untitled 1867")
        win.command_actions["save"].trigger()
        assert dialogs.calls[-1] == ("save_file", str(tmp_path / "mine" / "1867-game.json"))
    finally:
        win.close()


def test_a_file_held_open_is_not_replaced_and_the_game_stays_unsaved(
    qtbot, window, dialogs, tmp_path, monkeypatch
):
    target = tmp_path / "mygame.json"
    dialogs.save_path = str(target)
    window.command_actions["save"].trigger()
    saved = target.read_bytes()
    window.push_edit(window.state.place_tile_edit("E5", "57", 0))

    def held(src, dst):
        raise PermissionError(errno.EACCES, "The process cannot access the file", str(src))

    monkeypatch.setattr(atomic, "REPLACE_TRIES", 2)
    monkeypatch.setattr(atomic.time, "sleep", lambda s: None)
    monkeypatch.setattr(atomic.os, "replace", held)
    key(qtbot, window, K.Key_S, modifier=CTRL)
    monkeypatch.undo()
    assert dialogs.errors[-1] == ("Cannot save the game", f"{target}: {atomic.HELD_OPEN}")
    assert window.windowTitle() == "mygame.json* — 1867: The Railways of Canada — rusty-train-py"
    assert window.state.laid_tile("E5") is not None
    assert target.read_bytes() == saved
    assert [n for n in os.listdir(tmp_path) if n.endswith(".tmp")] == []  # no temporary left
