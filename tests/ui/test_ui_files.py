"""Global keys and files: save, save as, load (ours and Rusty Train's), new game, quit,
screenshots, recent files, preferences, errors that lose nothing."""

from __future__ import annotations

import json
import math

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from reference_data import REFERENCE

from rusty_train_py.files.loader import open_game
from rusty_train_py.gamedata.loader.gamefile import available_games

from .conftest import key

K = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier
SEED_SAVE = REFERENCE / "rusty_train" / "1867_bc.game"


def lay(window, hex_name="E5", tile="57", rotation=0):
    window.push_edit(window.state.place_tile_edit(hex_name, tile, rotation))


def test_ctrl_s_on_a_new_game_asks_where_then_saves(qtbot, window, dialogs, tmp_path):
    lay(window)
    assert window.windowTitle() == "Untitled 1867* — 1867: The Railways of Canada — rusty-train-py"
    target = tmp_path / "mygame.json"
    dialogs.save_path = str(target)
    key(qtbot, window, K.Key_S, modifier=CTRL)
    assert dialogs.calls[-1][0] == "save_file"
    assert open_game(target).state == window.state
    assert window.windowTitle() == "mygame.json — 1867: The Railways of Canada — rusty-train-py"
    assert window.last_message == f"Saved {target}"
    # Saving again writes to the same file without asking.
    lay(window, "E7", "9", 1)
    key(qtbot, window, K.Key_S, modifier=CTRL)
    assert sum(1 for c in dialogs.calls if c[0] == "save_file") == 1
    assert json.loads(target.read_text())["tiles"][1] == {"hex": "E7", "tile": "9", "rotation": 1}


def test_save_as_cancelled_saves_nothing(qtbot, window, dialogs, tmp_path):
    lay(window)
    dialogs.save_path = None
    key(qtbot, window, K.Key_S, modifier=CTRL)
    assert "*" in window.windowTitle()
    assert list(tmp_path.glob("*.json")) == []


def test_ctrl_o_loads_a_saved_game_asking_about_unsaved_changes(qtbot, window, dialogs, tmp_path):
    saved = tmp_path / "saved.json"
    lay(window, "E5", "57", 0)
    dialogs.save_path = str(saved)
    window.files.save()
    lay(window, "E7", "9", 0)  # an unsaved change
    dialogs.open_path = str(saved)
    dialogs.save_changes = "discard"
    key(qtbot, window, K.Key_O, modifier=CTRL)
    assert ("ask_save_changes", "saved.json") in dialogs.calls
    assert window.state.laid_tile("E5") == "57"
    assert window.state.laid_tile("E7") is None
    assert window.undo_stack.count() == 0
    assert window.windowTitle() == "saved.json — 1867: The Railways of Canada — rusty-train-py"


def test_cancelling_the_unsaved_changes_question_keeps_the_map(qtbot, window, dialogs, tmp_path):
    lay(window)
    dialogs.save_changes = "cancel"
    dialogs.open_path = str(tmp_path / "never-asked.json")
    key(qtbot, window, K.Key_O, modifier=CTRL)
    assert not any(c[0] == "open_file" for c in dialogs.calls)
    assert window.state.laid_tile("E5") == "57"


def test_a_bad_file_shows_an_error_and_loses_nothing(qtbot, window, dialogs, tmp_path):
    lay(window)
    window.undo_stack.setClean()
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": "rusty-train-py", "version": 1, "game": "1867", "tiles": [')
    dialogs.open_path = str(bad)
    key(qtbot, window, K.Key_O, modifier=CTRL)
    assert len(dialogs.errors) == 1
    title, message = dialogs.errors[0]
    assert title == "Cannot load the game"
    assert message.startswith(f"{bad}: line 1, column")
    assert window.state.laid_tile("E5") == "57"


@pytest.mark.skipif(not SEED_SAVE.exists(), reason="the shared reference files are absent")
def test_ctrl_o_reads_the_seed_programs_save_and_ctrl_s_asks_for_a_new_name(
    qtbot, window, dialogs, tmp_path
):
    dialogs.open_path = str(SEED_SAVE)
    key(qtbot, window, K.Key_O, modifier=CTRL)
    assert window.state.laid_tile("F16") == "124"
    assert window.windowTitle().startswith("1867_bc.game — ")
    dialogs.save_path = str(tmp_path / "converted.json")
    key(qtbot, window, K.Key_S, modifier=CTRL)
    assert dialogs.calls[-1] == ("save_file", str(SEED_SAVE.with_suffix(".json")))
    assert open_game(tmp_path / "converted.json").state == window.state


def test_ctrl_n_starts_a_new_game_of_any_supported_game(qtbot, window, dialogs):
    dialogs.game = "1889"
    key(qtbot, window, K.Key_N, modifier=CTRL)
    assert dialogs.calls[-1] == ("choose_game", tuple(available_games()))
    assert window.game.id == "1889"
    assert window.windowTitle() == "Untitled 1889 — Shikoku 1889 — rusty-train-py"
    assert window.active_hex in window.game.hexes


def test_recent_files_are_listed_in_the_file_menu(qtbot, window, dialogs, tmp_path, prefs):
    dialogs.save_path = str(tmp_path / "one.json")
    window.files.save()
    assert prefs.recent_files == [str((tmp_path / "one.json").resolve())]
    window.chrome.fill_recent_menu()
    texts = [a.text() for a in window.chrome.recent_menu.actions()]
    assert texts == ["one.json"]
    lay(window)
    dialogs.save_changes = "discard"
    window.chrome.recent_menu.actions()[0].trigger()
    assert window.state.laid_tile("E5") is None


def test_s_saves_a_timestamped_png_screenshot_and_says_where(qtbot, window, prefs):
    key(qtbot, window, K.Key_S)
    path = window.last_screenshot
    assert path.parent == prefs.screenshot_dir
    assert path.name.startswith("Untitled-") and path.suffix == ".png"
    assert window.last_message == f"Screenshot saved to {path}"
    image = QImage(str(path))
    w, h = window.canvas.map_size()
    assert (image.width(), image.height()) == (math.ceil(w), math.ceil(h))
    key(qtbot, window, "S")
    assert len(list(prefs.screenshot_dir.glob("*.png"))) == 2


def test_the_screenshot_folder_is_a_preference(qtbot, window, dialogs, prefs, tmp_path):
    dialogs.preferences_folder = tmp_path / "elsewhere"
    window.command_actions["edit_preferences"].trigger()
    assert prefs.screenshot_dir == tmp_path / "elsewhere"
    key(qtbot, window, K.Key_S)
    assert window.last_screenshot.parent == tmp_path / "elsewhere"


def test_q_quits_asking_to_save_unsaved_changes(qtbot, window, dialogs, tmp_path):
    lay(window)
    dialogs.save_changes = "cancel"
    key(qtbot, window, K.Key_Q)
    qtbot.wait(20)
    assert window.isVisible()
    dialogs.save_changes = "save"
    dialogs.save_path = str(tmp_path / "at-quit.json")
    key(qtbot, window, K.Key_Q)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=2000)
    assert open_game(tmp_path / "at-quit.json").state.laid_tile("E5") == "57"


def test_q_without_changes_just_quits(qtbot, window, dialogs):
    key(qtbot, window, "Q")
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=2000)
    assert not any(c[0] == "ask_save_changes" for c in dialogs.calls)


def test_global_keys_work_in_other_modes(qtbot, window):
    window.select_hex("E5")
    key(qtbot, window, K.Key_E)
    zoom = window.canvas.zoom
    key(qtbot, window, "+", K.Key_S)
    assert window.canvas.zoom == zoom * 1.25
    assert window.last_screenshot is not None
    assert window.mode.name == "Replace tile"


def test_write_errors_are_shown_and_the_map_stays_unsaved(qtbot, window, dialogs, tmp_path):
    lay(window)
    blocker = tmp_path / "file"
    blocker.write_text("")
    dialogs.save_path = str(blocker / "sub" / "game.json")  # a folder under a file
    key(qtbot, window, K.Key_S, modifier=CTRL)
    assert dialogs.errors[0][0] == "Cannot save the game"
    assert "*" in window.windowTitle()


def test_run_gui_opens_the_file_given_on_the_command_line(qtbot, tmp_path, monkeypatch):
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from rusty_train_py.files.savefile import save_game
    from rusty_train_py.gamedata.loader.gamefile import load_game
    from rusty_train_py.mapstate.state import MapState
    from rusty_train_py.ui.app import run_gui
    from rusty_train_py.ui.main_window import MainWindow

    state = MapState(load_game("1889"))
    path = tmp_path / "cli.json"
    save_game(state, path)
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path))
    # No nested event loop in a test: the window is built and shown, then run_gui returns.
    monkeypatch.setattr(QApplication, "exec", lambda self: 0)
    try:
        assert run_gui(str(path)) == 0
        win = next(
            w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()
        )
        qtbot.addWidget(win)
        assert win.windowTitle() == "cli.json — Shikoku 1889 — rusty-train-py"
        win.prefs.sync()
        assert (tmp_path / "rusty-train-py" / "rusty-train-py.ini").exists()
        win.close()
    finally:
        QSettings.setDefaultFormat(QSettings.Format.NativeFormat)
