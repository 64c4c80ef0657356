"""Find-routes mode: dialogs, the background search and its progress, routes drawn with their
table and legend, title, cycling, dividends, cancel (button, Esc, another game, quitting),
failures and the remembered company and trains."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from rusty_train_py.files.loader import open_game
from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.mapstate.state import MapState
from rusty_train_py.route.progress import SearchProgress
from rusty_train_py.route.result import RouteResult
from rusty_train_py.route.search import RouteSearchError, find_routes
from rusty_train_py.ui.modes import DefaultMode, FindRoutesMode
from rusty_train_py.ui.preferences import TrainChoice
from rusty_train_py.ui.search_controller import searches_running

from .conftest import bundled_state, key, make_window, wait_for

K = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier


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


def table_texts(win) -> list[list[str]]:
    """The route table as the player reads it: per train, its cells' plain text (a no-break
    space, which keeps a stop whole on a line, read as a space)."""
    return [
        [cell.text().replace("\u00a0", " ") for cell in row[1:]] for row in win.view.routes.cells
    ]


def test_search_draws_the_routes_and_a_table_of_every_train(qtbot, small, dialogs):
    run_search(qtbot, small)
    assert ("choose_company", ("GW",)) in dialogs.calls
    mode = small.mode
    assert mode.result.net_revenue == 100
    assert small.windowTitle() == (
        "GW: net revenue $100 — Untitled 1867 — 1867: The Railways of Canada — rusty-train-py"
    )
    scene = small.current_scene()
    assert [r.revenue for r in scene.routes] == [60, 40]
    assert not scene.faded
    # The table: train, revenue, counted stops (every one named), skipped, bonuses.
    assert table_texts(small) == [
        ["<b>2</b>", "<b>$60</b>", "Hamilton 30 · Toronto 30", "–", "–"],
        ["<b>2</b>", "<b>$40</b>", "Hamilton 30 · E19 port 10", "–", "–"],
    ]
    assert small.view.routes.total.text() == "<b>GW: net revenue $100 (proven optimal)</b>"
    assert small.view.routes.readings.text() == (
        "Rules read as: one revenue centre per hex in a route; "
        "a route may come back to a hex on separate track"
    )
    assert small.view.routes.isVisible()
    assert not small.view.caption.isVisible()
    # The table takes room under the map: the map is fitted to what is left.
    canvas = small.canvas
    wait_for(qtbot, lambda: abs(canvas.zoom - canvas.fit_zoom()) < 1e-9)
    area = small.view.scroll_area
    assert canvas.height() <= area.viewport().height() and canvas.width() <= area.viewport().width()


def test_the_table_is_the_legend_of_the_route_colours(qtbot, small):
    run_search(qtbot, small)
    colours = small.current_scene().route_colours
    assert len(set(colours)) == 2  # one colour per train
    swatches = [row[0].pixmap().toImage() for row in small.view.routes.cells]
    for image, colour in zip(swatches, colours, strict=True):
        # The middle of the swatch is the route's colour, as drawn on the map.
        assert image.pixelColor(image.width() // 2, image.height() // 2).name() == colour


def test_a_long_route_is_fully_visible_in_a_narrow_window(qtbot, prefs, dialogs):
    """CNR's 5+5E skips nine stops: every word of its row is shown, wrapped, none cut off."""
    state = bundled_state()
    result = find_routes(state, "CNR", ["5", "5+5E"])

    def known(*a, **k):
        return result

    win = make_window(qtbot, prefs, dialogs, state, search=known)
    win.resize(760, 700)
    run_search(qtbot, win, "CNR", ("5", "5+5E"))
    qtbot.wait(50)
    texts = table_texts(win)
    assert "train's counted stops" in win.view.routes.readings.text()  # not "train&#x27;s"
    assert win.view.routes.readings.textFormat() == Qt.TextFormat.PlainText
    assert texts[1][0] == "<b>5+5E</b>"
    # what each stop earned (the 5+5E doubles): the values add up to the route's $780
    assert texts[1][2] == (
        "Detroit 140 · Toronto 200 · Ottawa 120 · Montreal 200 · New England 120"
    )
    assert texts[1][3] == (
        "Sarnia, London, Berlin, Guelph, Peterborough, Belleville, Kingston, Cornwall,"
        " St. Jerome, Granby"
    )
    assert texts[1][4] == "×2"
    panel = win.view.routes
    assert panel.geometry().bottom() <= win.view.height()
    for label in panel.labels():
        assert label.isVisible()
        needed = (
            label.heightForWidth(label.width()) if label.wordWrap() else label.sizeHint().height()
        )
        assert needed <= label.height(), label.text()
        assert label.sizeHint().width() <= label.width() or label.wordWrap(), label.text()
    win.undo_stack.setClean()
    win.close()


def test_arrow_keys_show_one_route_at_a_time(qtbot, small):
    run_search(qtbot, small)
    key(qtbot, small, K.Key_Right)
    assert small.windowTitle().startswith("GW 2-train: $60 (route 1 of 2) — ")
    assert [r.revenue for r in small.current_scene().routes] == [60]
    # The other train's row is dimmed in the table.
    assert "#9a9a9a" in small.view.routes.cells[1][1].styleSheet()
    assert "#202020" in small.view.routes.cells[0][1].styleSheet()
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
    """Esc goes back; Return keeps the routes as GW's run (saved with the game: the title
    says the game changed) and goes back."""
    run_search(qtbot, small)
    key(qtbot, small, back)
    assert isinstance(small.mode, DefaultMode)
    mark = "*" if back == K.Key_Return else ""
    assert small.windowTitle() == (
        f"Untitled 1867{mark} — 1867: The Railways of Canada — rusty-train-py"
    )
    assert small.current_scene().routes is None
    assert not small.view.routes.isVisible()
    kept = [(r.company, r.train, r.revenue) for r in small.doc.last_routes]
    assert kept == ([("GW", "2", 60), ("GW", "2", 40)] if back == K.Key_Return else [])


def test_the_last_company_and_its_trains_are_remembered(qtbot, small, dialogs, prefs):
    run_search(qtbot, small, trains=("2", "3"))
    assert dialogs.company_offered_first is None  # nothing searched yet in this game
    key(qtbot, small, K.Key_Escape)
    assert prefs.last_trains("1867", "GW") == TrainChoice(("2", "3"))
    assert prefs.last_company("1867") == "GW"
    dialogs.trains = None  # the player cancels the trains dialog this time
    key(qtbot, small, K.Key_R)
    assert dialogs.company_offered_first == "GW"  # the picker starts on the last company
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
            progress(SearchProgress("search", i, 1_000_000, best=10 * min(i, 50), bound=900))
            time.sleep(0.002)
        seen["cancelled_after"] = i
        return RouteResult(company, tuple(trains), (), 0, optimal=False, cancelled=True)

    return search


def scripted_search(steps: list[SearchProgress], gate: threading.Event, seen: dict):
    """Reports ``steps`` one at a time, each after the test opens ``gate``; then waits for
    cancel."""

    def search(state, company, trains, bonuses=(), progress=None, cancel=None, **kw):
        for step in steps:
            gate.wait(5)
            gate.clear()
            progress(step)
            seen["reported"] = step
        while not cancel():
            time.sleep(0.002)
        return RouteResult(company, tuple(trains), (), 0, optimal=False, cancelled=True)

    return search


def test_the_search_panel_tells_the_truth_as_the_search_goes(qtbot, prefs, dialogs):
    """Busy while the paths are listed, then a real bar; the best from the first moment it
    exists, with the most any routes could earn; paths and elapsed time."""
    steps = [
        SearchProgress("paths", paths=12_000, elapsed=0.4),
        SearchProgress("revenues", 250, 1000, paths=56_274, elapsed=0.7),
        SearchProgress("prices", 50, 200, best=1300, bound=1460, paths=56_274, elapsed=3.0),
        SearchProgress("search", 40, 120, best=1300, bound=1420, paths=56_274, elapsed=12.3),
    ]
    gate = threading.Event()
    seen: dict = {}
    win = make_window(qtbot, prefs, dialogs, small_map(), search=scripted_search(steps, gate, seen))
    dialogs.company, dialogs.trains = "GW", TrainChoice(("8", "8", "8", "8"))
    key(qtbot, win, K.Key_R)
    panel = win.view.search
    assert panel.isVisible()
    assert panel.title.text() == "Finding the best routes for GW (8, 8, 8, 8)…"
    assert panel.best.text() == "Best so far: none yet"

    def step_to(i: int) -> None:
        gate.set()
        wait_for(qtbot, lambda: seen.get("reported") is steps[i])
        wait_for(qtbot, lambda: panel.detail.text().endswith(f"{steps[i].elapsed:.1f} s"))

    step_to(0)
    assert panel.bar.maximum() == 0  # busy: enumeration cannot say how far it is
    assert panel.phase.text() == "Listing every route the trains could run…"
    assert panel.detail.text() == "12,000 paths · 0.4 s"
    step_to(1)
    assert (panel.bar.maximum(), panel.bar.value()) == (1000, 250)
    step_to(2)
    assert panel.best.text() == "Best so far: $1,300 · cannot exceed $1,460"
    step_to(3)
    assert panel.best.text() == "Best so far: $1,300 · cannot exceed $1,420"
    assert (panel.bar.maximum(), panel.bar.value()) == (1000, 333)
    assert panel.detail.text() == "56,274 paths · 12.3 s"
    key(qtbot, win, K.Key_Escape)
    assert panel.phase.text() == "Cancelling: keeping the best routes found so far…"
    wait_for(qtbot, lambda: not win.searching, timeout=5)
    assert not panel.isVisible()
    win.close()


def test_cancel_button_stops_a_search_that_would_never_end(qtbot, prefs, dialogs):
    seen: dict = {}
    win = make_window(qtbot, prefs, dialogs, small_map(), search=endless_search(seen))
    dialogs.company, dialogs.trains = "GW", TrainChoice(("8",))
    key(qtbot, win, K.Key_R)
    # The GUI keeps running while the search works on another thread: progress arrives.
    wait_for(qtbot, lambda: win.view.search.best.text() == "Best so far: $500 · cannot exceed $900")
    assert seen["thread"] is not threading.main_thread()
    assert win.current_scene().faded
    assert win.windowTitle().startswith("GW: searching for the best routes… — ")
    qtbot.mouseClick(win.view.search.cancel_button, Qt.MouseButton.LeftButton)
    wait_for(qtbot, lambda: not win.searching, timeout=5)
    assert seen["cancelled_after"] > 0
    assert isinstance(win.mode, DefaultMode)
    assert win.last_message == "GW: route search cancelled"
    assert not win.view.search.isVisible()
    win.close()


def test_esc_cancels_a_long_real_search_and_keeps_the_best_routes(qtbot, prefs, dialogs):
    """C&O with four 8-trains on a densely filled 1867 map (bench/positions) is not proven in
    minutes; Esc stops it and the best routes found are shown. (How soon:
    tests/test_route_cancel.py.)"""
    filled = Path(__file__).resolve().parents[2] / "bench" / "positions" / "filled_1867.json"
    win = make_window(qtbot, prefs, dialogs, open_game(filled).state)
    dialogs.company, dialogs.trains = "C&O", TrainChoice(("8", "8", "8", "8"))
    key(qtbot, win, K.Key_R)
    panel = win.view.search
    wait_for(qtbot, lambda: panel.best.text().startswith("Best so far: $"))  # greedy routes
    assert win.searching
    key(qtbot, win, K.Key_Escape)
    wait_for(qtbot, lambda: not win.searching, timeout=10)
    result = win.mode.result
    assert result.cancelled is True and result.optimal is False
    assert result.net_revenue >= int(panel.best.text().split("$")[1].split()[0].replace(",", ""))
    assert win.view.routes.total.text().endswith(
        "(search cancelled: the best routes found so far)</b>"
    )
    win.undo_stack.setClean()
    win.close()


def test_a_failed_search_is_reported_in_a_dialog(qtbot, prefs, dialogs):
    def broken(*args, **kwargs):
        raise RouteSearchError("unknown train '9' for 1867")

    win = make_window(qtbot, prefs, dialogs, small_map(), search=broken)
    dialogs.company, dialogs.trains = "GW", TrainChoice(("2",))
    key(qtbot, win, K.Key_R)
    wait_for(qtbot, lambda: isinstance(win.mode, DefaultMode))
    assert dialogs.errors == [("Route search failed", "unknown train '9' for 1867")]
    win.close()


def start_endless(qtbot, win, dialogs, seen) -> None:
    dialogs.company, dialogs.trains = "GW", TrainChoice(("8",))
    key(qtbot, win, K.Key_R)
    wait_for(qtbot, lambda: "thread" in seen)


def test_ctrl_n_while_searching_cancels_the_search_and_starts_the_game(qtbot, prefs, dialogs):
    seen: dict = {}
    win = make_window(qtbot, prefs, dialogs, small_map(), search=endless_search(seen))
    start_endless(qtbot, win, dialogs, seen)
    dialogs.game = "1889"
    key(qtbot, win, K.Key_N, modifier=CTRL)
    assert win.game.id == "1889"
    assert isinstance(win.mode, DefaultMode)
    assert not win.view.search.isVisible()
    wait_for(qtbot, lambda: "cancelled_after" in seen, timeout=5)
    win.close()


def test_ctrl_o_while_searching_cancels_the_search_and_opens(qtbot, prefs, dialogs, tmp_path):
    seen: dict = {}
    win = make_window(qtbot, prefs, dialogs, small_map(), search=endless_search(seen))
    saved = tmp_path / "saved.json"
    dialogs.save_path = str(saved)
    win.files.save()
    start_endless(qtbot, win, dialogs, seen)
    dialogs.open_path = str(saved)
    key(qtbot, win, K.Key_O, modifier=CTRL)
    assert win.windowTitle().startswith("saved.json — ")
    assert isinstance(win.mode, DefaultMode)
    wait_for(qtbot, lambda: "cancelled_after" in seen, timeout=5)
    win.close()


@pytest.mark.parametrize("how", ["q", "close"])
def test_quitting_during_a_search_cancels_it_and_closes(qtbot, prefs, dialogs, how):
    """The window closes at once and the search thread has returned by then: nothing is left
    running to print a traceback when the program ends."""
    seen: dict = {}
    win = make_window(qtbot, prefs, dialogs, small_map(), search=endless_search(seen))
    start_endless(qtbot, win, dialogs, seen)
    if how == "q":
        key(qtbot, win, K.Key_Q)
    else:
        win.close()
    qtbot.waitUntil(lambda: not win.isVisible(), timeout=5000)
    assert "cancelled_after" in seen  # the search thread returned before the window closed
    assert searches_running() == 0
