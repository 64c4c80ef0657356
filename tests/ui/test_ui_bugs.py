"""A bug reaches the window as a bug report, its traceback logged, the game still open; our
own errors stay plain messages (base/errors.py, base/buglog.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.mapstate.state import MapState
from rusty_train_py.ui.modes import DefaultMode
from rusty_train_py.ui.preferences import TrainChoice

from .conftest import key, make_window, wait_for

K = Qt.Key


def test_a_planted_bug_in_a_kind_reaches_the_window_as_a_bug_report(
    qtbot, prefs, dialogs, monkeypatch, bug_log_dir
):
    kind = type(load_game("1867").train("2").kind)

    def planted(self, *args, **kwargs):
        raise ZeroDivisionError("planted in the kind")

    monkeypatch.setattr(kind, "centre_value", planted)
    win = make_window(qtbot, prefs, dialogs)  # the bundled game, real search
    tiles_before = dict(win.state._hexes)
    dialogs.company, dialogs.trains = "GW", TrainChoice(("2",))
    key(qtbot, win, K.Key_R)
    wait_for(qtbot, lambda: isinstance(win.mode, DefaultMode) and bool(dialogs.errors), timeout=20)
    [(title, text)] = dialogs.errors
    log = bug_log_dir / "bugs.log"
    assert title == "Route search failed"
    assert text.startswith(
        "ZeroDivisionError: planted in the kind\n\nThis is a bug in rusty-train-py"
    )
    assert f"The details are in {log}" in text
    assert "data" not in text.split("\n\n")[0]  # not read as bad game data
    logged = log.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in logged and "in planted" in logged
    assert win.game.id == "1867" and dict(win.state._hexes) == tiles_before  # still open
    win.undo_stack.setClean()
    win.close()


def test_a_bug_in_the_loader_is_a_bug_report_and_the_open_game_stays(
    qtbot, prefs, dialogs, monkeypatch, bug_log_dir, tmp_path
):
    win = make_window(qtbot, prefs, dialogs)
    name = win.doc.name
    saved = tmp_path / "a.json"
    saved.write_text("{}", encoding="utf-8")

    def planted(*args, **kwargs):
        raise AttributeError("planted in the loader")

    monkeypatch.setattr("rusty_train_py.ui.window_files.open_game", planted)
    dialogs.open_path = str(saved)
    key(qtbot, win, K.Key_O, modifier=Qt.KeyboardModifier.ControlModifier)
    [(title, text)] = dialogs.errors
    assert title == "Cannot load the game"
    assert "AttributeError: planted in the loader" in text
    assert "This is a bug in rusty-train-py" in text
    assert "in planted" in (bug_log_dir / "bugs.log").read_text(encoding="utf-8")
    assert win.doc.name == name and win.game.id == "1867"
    win.close()


def test_our_own_error_is_a_plain_message(qtbot, prefs, dialogs, tmp_path, bug_log_dir):
    win = make_window(qtbot, prefs, dialogs, MapState(load_game("1867")))
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "rusty-train-py", "version": 1}', encoding="utf-8")
    dialogs.open_path = str(bad)
    key(qtbot, win, K.Key_O, modifier=Qt.KeyboardModifier.ControlModifier)
    [(title, text)] = dialogs.errors
    assert title == "Cannot load the game"
    assert str(bad) in text and "bug" not in text
    assert not (bug_log_dir / "bugs.log").exists()
    win.close()
