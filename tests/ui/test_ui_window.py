"""The window as a whole on game night: switching games, fitting the map, dialogs that show
everything and take one Return, the map not redrawn for progress, files kept in their format,
load warnings, and errors that claim nothing."""

from __future__ import annotations

import json
import threading
import time

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.mapstate.state import MapState
from rusty_train_py.route.progress import SearchProgress
from rusty_train_py.route.result import RouteResult
from rusty_train_py.ui.app import unexpected_error_text
from rusty_train_py.ui.dialogs import CompanyDialog, HexDialog, InfoDialog
from rusty_train_py.ui.modes import DefaultMode
from rusty_train_py.ui.preferences import TrainChoice

from .conftest import key, make_window, wait_for

K = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier


# ---- switching games ----------------------------------------------------------------------


def test_switching_games_resets_selection_history_and_title_together(qtbot, window, dialogs):
    """The issue's recipe: 1889, a token in Kouchi (F9), undo, then a new 1867 game. The
    history's last signals must not describe F9 of the new map (KeyError)."""
    dialogs.game = "1889"
    key(qtbot, window, K.Key_N, modifier=CTRL)
    assert window.game.id == "1889"
    dialogs.hex_text = "F9"
    key(qtbot, window, K.Key_G)
    assert window.active_hex == "F9"
    key(qtbot, window, K.Key_T, K.Key_Down, K.Key_Return)
    assert window.state.tokens_at("F9")
    key(qtbot, window, K.Key_Z, modifier=CTRL)
    assert window.undo_stack.canRedo()
    dialogs.save_changes = "discard"
    dialogs.game = "1867"
    key(qtbot, window, K.Key_N, modifier=CTRL)
    assert window.game.id == "1867"
    assert window.active_hex in window.game.hexes
    assert window.undo_stack.count() == 0
    assert window.windowTitle() == "Untitled 1867 — 1867: The Railways of Canada — rusty-train-py"
    assert window.chrome.info_label.text().startswith(window.active_hex)
    assert isinstance(window.mode, DefaultMode)


def test_opening_a_file_of_another_game_resets_everything_too(qtbot, window, dialogs, tmp_path):
    saved = tmp_path / "b.json"
    dialogs.save_path = str(saved)
    window.files.save()
    dialogs.game = "1830"
    key(qtbot, window, K.Key_N, modifier=CTRL)
    dialogs.hex_text = "K15"
    key(qtbot, window, K.Key_G)
    window.push_edit(window.state.place_tile_edit("E5", "7", 0))
    key(qtbot, window, K.Key_Z, modifier=CTRL)
    dialogs.open_path = str(saved)
    key(qtbot, window, K.Key_O, modifier=CTRL)
    assert window.game.id == "1867"
    assert window.undo_stack.count() == 0
    assert window.windowTitle() == "b.json — 1867: The Railways of Canada — rusty-train-py"


def test_an_unexpected_error_says_what_it_knows_and_nothing_more():
    text = unexpected_error_text(KeyError, KeyError("F9"))
    assert text.startswith("KeyError: 'F9'\n\nThis is a bug in rusty-train-py")
    assert "the last action may not have finished" in text
    assert "unchanged" not in text


# ---- the map fits the window ----------------------------------------------------------------


def fitted(win) -> bool:
    return abs(win.canvas.zoom - win.canvas.fit_zoom()) < 1e-9


def test_the_map_fits_the_window_on_start_new_game_and_open(qtbot, prefs, dialogs, tmp_path, qtlog):
    win = make_window(qtbot, prefs, dialogs)
    wait_for(qtbot, lambda: fitted(win))
    assert [r.message for r in qtlog.records if "QWidget" in r.message] == []
    win.resize(900, 600)  # a fitted map stays fitted as the window changes size ...
    wait_for(qtbot, lambda: fitted(win) and win.canvas.zoom < 0.6)
    key(qtbot, win, "+")  # ... until the player zooms
    zoom = win.canvas.zoom
    win.resize(1000, 700)
    qtbot.wait(50)
    assert win.canvas.zoom == zoom
    saved = tmp_path / "a.json"
    dialogs.save_path = str(saved)
    win.files.save()
    win.canvas.set_zoom(2.0)
    dialogs.game = "1889"
    key(qtbot, win, K.Key_N, modifier=CTRL)
    wait_for(qtbot, lambda: fitted(win))
    win.canvas.set_zoom(2.0)
    dialogs.open_path = str(saved)
    key(qtbot, win, K.Key_O, modifier=CTRL)
    wait_for(qtbot, lambda: fitted(win))
    win.close()


def test_ctrl_wheel_zooms_without_qt_warnings(qtbot, window, qtlog):
    window.canvas.set_zoom(1.0)
    pos = QPointF(window.canvas.width() / 3, window.canvas.height() / 3)
    event = QWheelEvent(
        pos,
        window.canvas.mapToGlobal(pos),
        QPoint(0, 0),
        QPoint(0, 120),
        Qt.MouseButton.NoButton,
        CTRL,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(window.canvas, event)
    assert window.canvas.zoom == 1.25
    assert not [r.message for r in qtlog.records if "mapFrom" in r.message]


# ---- dialogs ------------------------------------------------------------------------------


def test_go_to_hex_takes_one_return_with_the_completions_open(qtbot):
    game = load_game("1867")
    dlg = HexDialog(game)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    dlg.edit.setFocus()
    qtbot.keyClicks(dlg.edit, "Toro")
    popup = dlg.completer.popup()
    wait_for(qtbot, popup.isVisible, timeout=3)
    qtbot.keyClick(popup, K.Key_Down)  # the player picks the completion ...
    qtbot.keyClick(popup, K.Key_Return)  # ... and one Return goes there
    assert dlg.result() == dlg.DialogCode.Accepted
    assert dlg.text() == "Toronto (F16)"


def test_go_to_hex_takes_one_return_for_a_typed_name(qtbot):
    dlg = HexDialog(load_game("1867"))
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    dlg.edit.setFocus()
    qtbot.keyClicks(dlg.edit, "F16")
    popup = dlg.completer.popup()
    target = popup if popup.isVisible() else dlg.edit
    qtbot.keyClick(target, K.Key_Return)
    assert dlg.result() == dlg.DialogCode.Accepted
    assert dlg.text() == "F16"


def test_the_company_picker_starts_on_the_last_company(qtbot):
    game = load_game("1867")
    companies = [game.company(c) for c in ("CNR", "CPR", "GW")]
    dlg = CompanyDialog(companies, None, "GW")
    qtbot.addWidget(dlg)
    assert dlg.selected() == "GW"
    assert CompanyDialog(companies, None, "NYC").selected() == "CNR"  # not on the map: first


@pytest.mark.parametrize("mode_key", [None, K.Key_E])
def test_the_key_help_is_shown_in_full(qtbot, window, mode_key):
    """F1 used to cut its lines off ("Save a screenshot of the ma")."""
    window.select_hex("E5")
    if mode_key is not None:
        key(qtbot, window, mode_key)
    dlg = InfoDialog("Keys", window.keys_html(), window)
    qtbot.addWidget(dlg)
    dlg.show()
    qtbot.waitExposed(dlg)
    text = dlg.browser.toPlainText()
    assert "Save a screenshot of the map" in text
    assert dlg.browser.horizontalScrollBar().maximum() == 0  # no line is cut or hidden
    assert dlg.browser.verticalScrollBar().maximum() == 0
    dlg.close()


# ---- the map is not redrawn for progress ------------------------------------------------------


def test_progress_over_the_map_does_not_redraw_the_map(qtbot, prefs, dialogs):
    steps = [
        SearchProgress("revenues", i * 100, 1000, paths=50_000, elapsed=0.1 * i) for i in range(5)
    ]
    gate = threading.Event()
    reported = []

    def search(state, company, trains, bonuses=(), progress=None, cancel=None, **kw):
        for step in steps:
            gate.wait(5)
            gate.clear()
            time.sleep(0.3)  # reports of one phase pass at most every 0.25 s
            progress(step)
            reported.append(step)
        while not cancel():
            time.sleep(0.002)
        return RouteResult(company, tuple(trains), (), 0, optimal=False, cancelled=True)

    state = MapState(load_game("1867"))
    state.apply(state.place_tile_edit("E17", "202", 4))
    state.apply(state.place_token_edit("E17", 0, "GW"))
    win = make_window(qtbot, prefs, dialogs, state, search=search)
    win.resize(900, 700)
    dialogs.company, dialogs.trains = "GW", TrainChoice(("8",))
    key(qtbot, win, K.Key_R)
    panel = win.view.search
    gate.set()
    wait_for(qtbot, lambda: len(reported) == 1)
    qtbot.wait(100)
    paints = win.canvas.paints
    for i in range(1, len(steps)):
        gate.set()
        wait_for(qtbot, lambda i=i: panel.detail.text().endswith(f"{steps[i].elapsed:.1f} s"))
        panel.repaint()  # the panel is drawn again over the canvas
    assert (panel.bar.value(), panel.bar.maximum()) == (400, 1000)
    assert win.canvas.paints == paints  # the map under it was copied, not drawn again
    key(qtbot, win, K.Key_Escape)
    wait_for(qtbot, lambda: not win.searching, timeout=5)
    win.close()


# ---- files --------------------------------------------------------------------------------


def rusty_save(tiles, game="1867: The Railways of Canada", phase="8", orientation="FlatTop"):
    return {"game": game, "phase": phase, "map": {"orientation": orientation, "tiles": tiles}}


def test_ctrl_s_never_overwrites_a_rusty_train_save_named_json(qtbot, window, dialogs, tmp_path):
    old = tmp_path / "old.json"
    text = json.dumps(rusty_save([{"row": 7, "col": 8, "tile": "57", "tokens": [[0, "GW"]]}]))
    old.write_text(text)
    dialogs.open_path = str(old)
    key(qtbot, window, K.Key_O, modifier=CTRL)
    assert window.state.laid_tile("I15") == "57"
    window.push_edit(window.state.place_tile_edit("E5", "7", 0))
    dialogs.save_path = None  # the player cancels the Save As dialog
    key(qtbot, window, K.Key_S, modifier=CTRL)
    assert dialogs.calls[-1] == ("save_file", str(tmp_path / "old-rusty-train-py.json"))
    assert old.read_text() == text  # untouched
    dialogs.save_path = str(tmp_path / "mine.json")
    key(qtbot, window, K.Key_S, modifier=CTRL)
    assert json.loads((tmp_path / "mine.json").read_text())["format"] == "rusty-train-py"
    assert old.read_text() == text
    # From now on Ctrl+S writes the new file without asking.
    window.push_edit(window.state.place_tile_edit("E7", "7", 0))
    key(qtbot, window, K.Key_S, modifier=CTRL)
    assert sum(1 for c in dialogs.calls if c[0] == "save_file") == 2


def test_load_warnings_show_in_the_status_line_and_in_full_on_demand(
    qtbot, window, dialogs, tmp_path
):
    path = tmp_path / "old.game"
    path.write_text(
        json.dumps(
            rusty_save(
                [], game="1830: Railways and Robber Barons", phase="7", orientation="PointyTop"
            )
        )
    )
    warning = "phase: Rusty Train's phase '7' of 1830 is read as phase 'D' (the names differ)"
    assert not window.command_actions["show_warnings"].isEnabled()
    dialogs.open_path = str(path)
    key(qtbot, window, K.Key_O, modifier=CTRL)
    assert window.game.id == "1830"
    assert (
        window.last_message == f"Opened old.game with 1 warning: {warning} (File ▸ Load warnings)"
    )
    assert window.command_actions["show_warnings"].isEnabled()
    window.command_actions["show_warnings"].trigger()
    title, html = dialogs.infos[-1]
    assert title == "Load warnings"
    assert "<li>phase: Rusty Train&#x27;s phase &#x27;7&#x27; of 1830 is read as phase" in html
