"""Find-routes mode: dialogs, the background search, routes drawn, title, cycling, dividends,
cancel, failures and the remembered train choice."""

from __future__ import annotations

import threading
import time

import pytest
from PySide6.QtCore import Qt

from rusty_train_py.game import load_game
from rusty_train_py.mapstate import MapState
from rusty_train_py.route.progress import SearchProgress
from rusty_train_py.route.result import RouteResult
from rusty_train_py.route.search import RouteSearchError
from rusty_train_py.ui.modes import DefaultMode, FindRoutesMode
from rusty_train_py.ui.preferences import TrainChoice

from .conftest import bundled_state, key, make_window, wait_for

K = Qt.Key


def small_map() -> MapState:
    """GW in Hamilton (E17, tile 202) joined to Toronto (F16) and to the E19 off-board (10)."""
    state = MapState(load_game("1867"))
    state.apply(state.place_tile_edit("E17", "202", 4))
    state.apply(state.place_token_edit("E17", 0, "GW"))
    return state


@pytest.fixture
def small(qtbot, prefs, dialogs):
    win = make_window(qtbot, prefs, dialogs, small_map())
    yield win
    win.close()


def run_search(qtbot, win, company="GW", trains=("2", "2")):
    win.dialogs.company = company
    win.dialogs.trains = TrainChoice(tuple(trains))
    key(qtbot, win, K.Key_R)
    assert isinstance(win.mode, FindRoutesMode)
    wait_for(qtbot, lambda: not win.searching)


def test_search_draws_the_best_routes_and_shows_net_revenue(qtbot, small, dialogs):
    run_search(qtbot, small)
    assert ("choose_company", ("GW",)) in dialogs.calls
    mode = small.mode
    assert mode.result.net_revenue == 100
    assert small.windowTitle() == (
        "GW: net revenue $100 — Untitled 1867 — 1867: The Railways of Canada — rusty-train-py"
    )
    scene = small.current_scene()
    assert [r.revenue for r in scene.routes] == [60, 40]
    assert len(set(scene.route_colours)) == 2  # one colour per train
    assert not scene.faded
    assert small.view.caption.text() == "GW: 2-train $60 · 2-train $40 = $100"


def test_arrow_keys_show_one_route_at_a_time(qtbot, small):
    run_search(qtbot, small)
    key(qtbot, small, K.Key_Right)
    assert small.windowTitle().startswith("GW 2-train: $60 (route 1 of 2) — ")
    assert [r.revenue for r in small.current_scene().routes] == [60]
    key(qtbot, small, K.Key_Down)
    assert small.windowTitle().startswith("GW 2-train: $40 (route 2 of 2) — ")
    key(qtbot, small, K.Key_Right)
    assert small.windowTitle().startswith("GW: net revenue $100 — ")
    key(qtbot, small, K.Key_Left)
    assert small.windowTitle().startswith("GW 2-train: $40 (route 2 of 2) — ")
    key(qtbot, small, K.Key_Up)
    assert small.windowTitle().startswith("GW 2-train: $60 (route 1 of 2) — ")


def test_d_shows_dividends_per_share_for_full_and_half_payouts(qtbot, small, dialogs):
    run_search(qtbot, small)
    key(qtbot, small, K.Key_D)
    title, html = dialogs.infos[-1]
    assert title == "Dividends: Great Western Railway"
    assert "Full payout</td><td align='right'><b>$10</b>" in html
    assert "Half payout</td><td align='right'><b>$5</b></td><td align='right'>$50</td>" in html


@pytest.mark.parametrize("back", [K.Key_Escape, K.Key_Return])
def test_esc_and_return_go_back_to_default_mode(qtbot, small, back):
    run_search(qtbot, small)
    key(qtbot, small, back)
    assert isinstance(small.mode, DefaultMode)
    assert small.windowTitle() == "Untitled 1867 — 1867: The Railways of Canada — rusty-train-py"
    assert small.current_scene().routes is None


def test_the_last_trains_of_each_company_are_remembered(qtbot, small, dialogs, prefs):
    run_search(qtbot, small, trains=("2", "3"))
    key(qtbot, small, K.Key_Escape)
    assert prefs.last_trains("1867", "GW") == TrainChoice(("2", "3"))
    dialogs.trains = None  # the player cancels the trains dialog this time
    key(qtbot, small, K.Key_R)
    assert dialogs.calls[-1] == ("choose_trains", "GW", TrainChoice(("2", "3")))
    assert isinstance(small.mode, DefaultMode)


def test_no_tokens_on_the_map_no_search(qtbot, window, dialogs):
    key(qtbot, window, K.Key_R)
    assert isinstance(window.mode, DefaultMode)
    assert window.last_message == "No company has a token on the map: place tokens first (t)"
    assert not any(c[0] == "choose_company" for c in dialogs.calls)


def endless_search(seen: dict):
    """A search that reports progress until it is cancelled."""

    def search(state, company, trains, bonuses=(), progress=None, cancel=None, **kw):
        seen["thread"] = threading.current_thread()
        i = 0
        while not cancel():
            i += 1
            progress(SearchProgress("search", i, 1_000_000, best=10 * min(i, 50)))
            time.sleep(0.002)
        seen["cancelled_after"] = i
        return RouteResult(company, tuple(trains), (), 0, optimal=False, cancelled=True)

    return search


def test_cancel_button_stops_a_search_that_would_never_end(qtbot, prefs, dialogs):
    seen: dict = {}
    win = make_window(qtbot, prefs, dialogs, small_map(), search=endless_search(seen))
    dialogs.company, dialogs.trains = "GW", TrainChoice(("8",))
    key(qtbot, win, K.Key_R)
    # The GUI keeps running while the search works on another thread: progress arrives.
    wait_for(qtbot, lambda: win.view.progress_best.text() == "Best so far: $500")
    assert seen["thread"] is not threading.main_thread()
    assert win.view.progress_panel.isVisible()
    assert win.current_scene().faded
    assert win.windowTitle().startswith("GW: searching for the best routes… — ")
    qtbot.mouseClick(win.view.cancel_button, Qt.MouseButton.LeftButton)
    wait_for(qtbot, lambda: not win.searching, timeout=5)
    assert seen["cancelled_after"] > 0
    assert isinstance(win.mode, DefaultMode)
    assert win.last_message == "GW: route search cancelled"
    assert not win.view.progress_panel.isVisible()
    win.close()


def test_esc_cancels_a_long_real_search(qtbot, prefs, dialogs):
    """CNR with four 8-trains on the bundled mid-game map takes minutes to prove; Esc stops it."""
    from rusty_train_py.paths import default_game_file

    if not default_game_file().exists():
        pytest.skip("the bundled 1867_bc game is missing")
    win = make_window(qtbot, prefs, dialogs, bundled_state())
    dialogs.company, dialogs.trains = "CNR", TrainChoice(("8", "8", "8", "8"))
    key(qtbot, win, K.Key_R)
    qtbot.wait(700)
    assert win.searching
    key(qtbot, win, K.Key_Escape)
    wait_for(qtbot, lambda: not win.searching, timeout=10)
    assert win.last_result.cancelled is True
    assert win.last_result.optimal is False
    win.undo_stack.setClean()
    win.close()


def test_a_failed_search_is_reported_in_a_dialog(qtbot, prefs, dialogs):
    def broken(*args, **kwargs):
        raise RouteSearchError("unknown train '9' for 1867")

    win = make_window(qtbot, prefs, dialogs, small_map(), search=broken)
    dialogs.company, dialogs.trains = "GW", TrainChoice(("2",))
    key(qtbot, win, K.Key_R)
    wait_for(qtbot, lambda: not win.searching)
    assert dialogs.errors == [("Route search failed", "unknown train '9' for 1867")]
    assert isinstance(win.mode, DefaultMode)
    win.close()


def test_leaving_the_mode_while_searching_cancels_the_search(qtbot, prefs, dialogs):
    seen: dict = {}
    win = make_window(qtbot, prefs, dialogs, small_map(), search=endless_search(seen))
    dialogs.company, dialogs.trains = "GW", TrainChoice(("8",))
    key(qtbot, win, K.Key_R)
    wait_for(qtbot, lambda: "thread" in seen)
    dialogs.game = "1889"
    win.act_new.trigger()  # Ctrl+N while searching
    wait_for(qtbot, lambda: "cancelled_after" in seen, timeout=5)
    assert win.game.id == "1889"
    assert isinstance(win.mode, DefaultMode)
    win.close()


def test_q_during_a_search_cancels_it_and_quits(qtbot, prefs, dialogs):
    seen: dict = {}
    win = make_window(qtbot, prefs, dialogs, small_map(), search=endless_search(seen))
    dialogs.company, dialogs.trains = "GW", TrainChoice(("8",))
    key(qtbot, win, K.Key_R)
    wait_for(qtbot, lambda: "thread" in seen)
    key(qtbot, win, K.Key_Q)
    qtbot.waitUntil(lambda: not win.isVisible(), timeout=5000)
    assert "cancelled_after" in seen  # the search thread has returned before the window closed
