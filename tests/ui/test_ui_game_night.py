"""Issue 27, tried as a new user would, in the real window: the status bar keeps the mode's
keys whole, a token's company can be typed, a log opened at a run starts where the game is,
F1 lists every key, ``m`` hides the panel whichever tab shows, a menu closed with Esc gives
the keys back to the map, and the search panel goes as soon as the work is done."""

from __future__ import annotations

import gzip
import html
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from rusty_train_py.files.loader import open_game
from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.mapstate.state import MapState
from rusty_train_py.ui.modes import AdvisorMode, DefaultMode, EditTokensMode
from rusty_train_py.ui.online_dialogs import LogPointDialog
from rusty_train_py.ui.preferences import TrainChoice

from .conftest import key, make_window, wait_for
from .test_ui_online import LogDialogs

K = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier
FIXTURES = Path(__file__).resolve().parents[1] / "data" / "18xx_fixtures"


# ---- 3. the status bar ------------------------------------------------------------------


def test_the_status_bar_keeps_the_keys_whole_and_elides_the_hex(qtbot, window):
    window.resize(1250, 700)  # the keys of Default mode take 977 pixels
    window.select_hex("F16")
    qtbot.wait(50)
    chrome = window.chrome
    keys = chrome.keys_label
    assert keys.text().endswith("q quit · s screenshot · +/- zoom · F1 keys")
    assert keys.width() >= keys.fontMetrics().horizontalAdvance(keys.text())  # whole
    info = chrome.info_label
    assert info.text() == "F16 Toronto: printed yellow hex   ·   phase 2"
    assert info.toolTip() == info.text()
    shown = info.shown_text()
    assert shown.endswith("…") and info.text().startswith(shown[:-1])
    # wide enough, the hex is whole
    window.resize(1700, 700)
    qtbot.wait(50)
    assert info.shown_text() == info.text()


def test_a_long_message_is_elided_and_names_where_to_read_it_first(qtbot, window):
    window.resize(900, 700)
    text = "Opened x.json with 3 warnings (File ▸ Load warnings): " + "B&O: 5 tokens; " * 20
    window.show_message(text)
    qtbot.wait(50)
    label = window.chrome.message_label
    assert label.isVisible() and not window.chrome.keys_label.isVisible()
    assert label.text() == text and label.toolTip() == text
    assert label.shown_text().startswith("Opened x.json with 3 warnings (File ▸ Load warnings)")
    assert label.shown_text().endswith("…")


# ---- 4. typing a token's company -----------------------------------------------------------


def test_typing_a_company_puts_its_token_in_the_space(qtbot, window):
    window.select_hex("F16")
    key(qtbot, window, K.Key_T)
    mode = window.mode
    assert isinstance(mode, EditTokensMode)
    key(qtbot, window, "ny")  # n: NTR, then ny: NYC
    assert mode.tokens == {0: "NYC"}
    key(qtbot, window, "q")  # nyq is no company: q starts again, QLS
    assert mode.tokens == {0: "QLS"}
    mode.typed_at = 0.0  # a pause: the next letters are a new name
    key(qtbot, window, "tor")  # no abbreviation starts so: the name Toronto, Grey, and Bruce
    assert mode.tokens == {0: "TGB"}
    mode.typed_at = 0.0
    key(qtbot, window, "z")
    assert mode.tokens == {0: "TGB"}
    assert window.last_message == "No company with a token to spare starts with 'z'"
    key(qtbot, window, K.Key_Right)
    mode.typed_at = 0.0
    key(qtbot, window, "t")  # TGB is on this hex already: the next T, TN
    assert mode.tokens == {0: "TGB", 1: "TN"}
    mode.typed_at = 0.0
    key(qtbot, window, "x")  # x stays the extra slot's key
    assert mode.extra == [(1, "CNR")]  # the second space's city
    key(qtbot, window, K.Key_Return)
    assert isinstance(window.mode, DefaultMode)
    assert window.state.tokens_at("F16") == {0: "TGB", 1: "TN"}


# ---- 5. a log opened at a run ----------------------------------------------------------------


@pytest.fixture
def log_1846(tmp_path) -> Path:
    path = tmp_path / "10264.json"
    path.write_bytes(gzip.decompress((FIXTURES / "1846" / "10264.json.gz").read_bytes()))
    return path


def test_a_log_opened_at_a_run_starts_on_the_company_about_to_run(qtbot, prefs, log_1846):
    dialogs = LogDialogs()
    win = make_window(qtbot, prefs, dialogs)
    prefs.set_last_company("1846", "PRR")  # picked last time: the run to come wins
    dialogs.open_path = str(log_1846)
    dialogs.log_point = 557  # Run 65: before C&O runs its trains
    key(qtbot, win, K.Key_O, modifier=CTRL)
    assert win.state == open_game(log_1846, at=557).state
    assert win.windowTitle() == (
        "10264.json — operating round 12, action 557: before C&O runs — 1846: The Race for"
        " the Midwest — rusty-train-py"
    )
    assert win.doc.warnings == ()  # the tokens the game gave B&O, GT and IC count
    dialogs.company = None  # cancel: only what was offered matters
    key(qtbot, win, "r")
    assert dialogs.company_offered_first == "C&O"
    key(qtbot, win, "a")
    assert dialogs.company_offered_first == "C&O"
    win.undo_stack.setClean()
    win.close()


def test_the_log_dialog_wraps_its_heading_and_names_the_rounds(qtbot, log_1846):
    runs = open_game(log_1846).runs
    name = "a-very-long-name-of-a-game-log-downloaded-from-18xx.games-" * 3 + "10264.json"
    dialog = LogPointDialog(None, name, runs)
    qtbot.addWidget(dialog)
    dialog.resize(500, 400)
    dialog.show()
    qtbot.waitExposed(dialog)
    heading = dialog.heading
    assert heading.wordWrap()
    assert heading.geometry().right() <= dialog.contentsRect().right()
    assert heading.height() >= heading.heightForWidth(heading.width())  # no line cut off
    assert html.escape(name) in heading.text()
    assert dialog.list.item(1).text() == (
        "Run 66: before ERIE runs its trains (action 561, operating round 12)"
    )
    assert dialog.list.item(2).text() == (
        "Run 65: before C&O runs its trains (action 557, operating round 12)"
    )


# ---- 8. keys ---------------------------------------------------------------------------------


def test_f1_lists_every_key_of_every_binding(qtbot, window, dialogs):
    key(qtbot, window, K.Key_F1)
    title, text = dialogs.infos[-1]
    assert title == "Keys"
    for shown in (", or &lt;", ". or &gt;", "Backspace or Del", "Left", "e", "g"):
        assert f"<b>{shown}</b>" in text
    assert "Open a saved game (ours or a Rusty Train .game) or an 18xx.games game log" in text
    window.select_hex("F16")
    key(qtbot, window, K.Key_T, K.Key_F1)
    text = dialogs.infos[-1][1]
    assert "<b>0 or Del or Backspace</b>" in text and "<b>Return or Enter</b>" in text


def test_m_hides_the_panel_whichever_tab_shows(qtbot, window):
    panel = window.manifest
    key(qtbot, window, "c")
    assert panel.isVisible() and panel.tabs.currentWidget() is panel.chart_area
    key(qtbot, window, "m")
    assert not panel.isVisible()
    key(qtbot, window, "m")
    assert panel.isVisible() and panel.tabs.currentIndex() == 0
    key(qtbot, window, "m")
    assert not panel.isVisible()


def test_a_menu_closed_with_esc_gives_the_keys_back_to_the_map(qtbot, window):
    bar = window.menuBar()
    file_menu = next(a for a in bar.actions() if a.text() == "&File")
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.actionGeometry(file_menu).center())
    menu = file_menu.menu()
    qtbot.waitUntil(menu.isVisible)
    qtbot.keyClick(menu, K.Key_Escape)
    qtbot.waitUntil(lambda: not menu.isVisible())
    qtbot.waitUntil(window.canvas.hasFocus)
    focus = QApplication.focusWidget()
    assert focus is window.canvas
    qtbot.keyClick(focus, "m")  # a key typed now reaches the map's window
    assert window.manifest.isVisible()


def test_the_search_panel_goes_as_soon_as_the_work_is_done(qtbot, prefs, dialogs, monkeypatch):
    state = MapState(load_game("1867"), "3")
    for h in ("E13", "E15"):
        state.apply(state.place_tile_edit(h, "57", 0))
    state.apply(state.place_token_edit("E13", 0, "GW"))
    win = make_window(qtbot, prefs, dialogs, state)
    panel = win.view.search
    repainted = []
    repaint = win.canvas.repaint

    def counting(*args):  # the map under the panel drawn at once (synchronously)
        repainted.append(args)
        return repaint(*args)

    monkeypatch.setattr(win.canvas, "repaint", counting)
    seen = []
    on_result = AdvisorMode.on_result

    def watched(self, host, advice):
        before = len(repainted)
        out = on_result(self, host, advice)
        seen.append((panel.isVisible(), len(repainted) - before))
        return out

    monkeypatch.setattr(AdvisorMode, "on_result", watched)
    dialogs.company, dialogs.trains = "GW", TrainChoice(("2",))
    key(qtbot, win, "a")
    wait_for(qtbot, lambda: bool(seen))
    hidden, painted = seen[0]
    assert not hidden
    assert painted >= 1  # the map under it drawn again at once, not after the next render
    win.undo_stack.setClean()
    win.close()


# ---- 7. words --------------------------------------------------------------------------------


def test_the_window_writes_1861s_amounts_in_roubles_as_the_cli_does(qtbot, prefs, tmp_path):
    log = tmp_path / "1861.json"
    src = sorted((FIXTURES / "1861").glob("*.json.gz"))[0]
    log.write_bytes(gzip.decompress(src.read_bytes()))
    dialogs = LogDialogs()
    win = make_window(qtbot, prefs, dialogs)
    dialogs.open_path, dialogs.log_point = str(log), 85  # before KK runs its 2
    key(qtbot, win, K.Key_O, modifier=CTRL)
    dialogs.company, dialogs.trains = "KK", TrainChoice(("2",))
    key(qtbot, win, "r")
    assert dialogs.company_offered_first == "KK"
    wait_for(qtbot, lambda: not win.searching)
    assert win.windowTitle().startswith("KK: net revenue 60₽ ")
    assert win.view.routes.isVisible()
    key(qtbot, win, "d")
    title, text = dialogs.infos[-1]
    assert title == "Dividends: Kiev-Kursk Railway"
    assert "<b>60₽</b> to the owner" in text and "30₽ kept by the company" in text
    assert "$" not in text
    win.undo_stack.setClean()
    win.close()
