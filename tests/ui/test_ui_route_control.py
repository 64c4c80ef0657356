"""Route control in Find routes mode, driven by keys and clicks on the bundled 1867 game (GW
with a 5 and an 8): l locks the route shown and the other train is optimised around it, n
draws a route by clicking its stops, c clears the locks; a refused lock keeps the routes
before it; Return keeps the run with the game, saved and drawn pale next time."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt

from rusty_train_py.base.paths import default_game_file
from rusty_train_py.files.loader import open_game
from rusty_train_py.ui.modes import DefaultMode, FindRoutesMode
from rusty_train_py.ui.preferences import TrainChoice

from .conftest import key, make_window, wait_for

K = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier


def search(qtbot, win, trains=("5", "8")):
    win.dialogs.company = "GW"
    win.dialogs.trains = TrainChoice(tuple(trains))
    key(qtbot, win, K.Key_R)
    assert isinstance(win.mode, FindRoutesMode)
    wait_for(qtbot, lambda: not win.searching)


def routes(win) -> list[tuple[str, int, bool]]:
    return [(r.train, r.revenue, r.locked) for r in win.mode.result.routes]


def click_hex(qtbot, win, hex_name: str) -> None:
    win.canvas.ensure_hex_visible(hex_name)
    centre = win.canvas.hex_rect(hex_name).center().toPoint()
    qtbot.mouseClick(win.canvas, Qt.MouseButton.LeftButton, pos=centre)


def test_l_locks_the_route_shown_and_c_clears_the_locks(qtbot, bc_window):
    win = bc_window
    search(qtbot, win)
    assert routes(win) == [("5", 330, False), ("8", 510, False)]
    eight = win.mode.result.routes[1]
    key(qtbot, win, K.Key_Right, K.Key_Right)  # the 8 alone
    assert win.mode.shown == 1
    key(qtbot, win, "l")
    assert win.view.search.title.text() == ("Finding the best routes for GW (5, 8; locked: 8)…")
    wait_for(qtbot, lambda: not win.searching)
    assert routes(win) == [("5", 330, False), ("8", 510, True)]
    assert win.mode.result.routes[1].track == eight.track
    cells = [[c.text() for c in row[1:3]] for row in win.view.routes.cells]
    assert cells == [["<b>5</b>", "<b>$330</b>"], ["<b>8 (locked)</b>", "<b>$510</b>"]]
    # only the new table shows (the first one's labels are gone at once, not drawn under it)
    from PySide6.QtWidgets import QLabel

    shown = [w for w in win.view.routes.findChildren(QLabel) if w.isVisible()]
    assert len(shown) == 6 + 2 * 6 + 2  # headers, two rows of six, the total, the readings
    assert win.view.routes.total.text() == (
        "<b>GW: net revenue $840 (proven optimal; the others optimised around the locked"
        " routes)</b>"
    )
    key(qtbot, win, "c")
    wait_for(qtbot, lambda: not win.searching)
    assert routes(win) == [("5", 330, False), ("8", 510, False)]
    key(qtbot, win, "c")
    assert win.last_message == "No route is locked"


def test_n_draws_a_route_by_clicking_its_stops(qtbot, bc_window):
    win = bc_window
    search(qtbot, win)
    key(qtbot, win, K.Key_Right)  # the 5 alone
    key(qtbot, win, "n")
    assert win.last_message == "Click the 5's stops in order; Return locks the route"
    for h in ("F16", "E15", "D16", "C17", "B18", "A19"):
        click_hex(qtbot, win, h)
    assert win.view.caption.text() == ("Drawing the 5's route: F16 → E15 → D16 → C17 → B18 → A19")
    assert win.current_scene().marked == frozenset({"F16", "E15", "D16", "C17", "B18", "A19"})
    key(qtbot, win, K.Key_Backspace)  # A19 back: the 5 cannot reach Detroit too
    click_hex(qtbot, win, "F14")  # plain track: no stop there
    assert win.last_message == "F14 has no city, town or off-board to stop at"
    key(qtbot, win, K.Key_Return)
    wait_for(qtbot, lambda: not win.searching)
    assert routes(win) == [("5", 230, True), ("8", 480, False)]
    assert win.mode.result.net_revenue == 710
    assert [s.hex for s in win.mode.result.routes[0].stops] == ["F16", "E15", "D16", "C17", "B18"]


def test_a_refused_lock_keeps_the_routes_before_it(qtbot, bc_window):
    win = bc_window
    search(qtbot, win)
    key(qtbot, win, K.Key_Right, "n")
    for h in ("A19", "B18", "C17", "D16", "E15", "F16", "G15"):
        click_hex(qtbot, win, h)
    key(qtbot, win, K.Key_Return)
    wait_for(qtbot, lambda: not win.searching and win.mode.result is not None)
    assert win.last_message == (
        "Not locked: lock 5:A19,B18,C17,D16,E15,F16,G15: not a route GW can run: too long for"
        " a 5 (it needs 6, the train runs 5)"
    )
    assert routes(win) == [("5", 330, False), ("8", 510, False)]
    assert win.mode.locks == []
    assert win.dialogs.errors == []


def test_return_keeps_the_run_saved_and_drawn_pale_next_time(qtbot, prefs, dialogs, tmp_path):
    opened = open_game(default_game_file())
    win = make_window(qtbot, prefs, dialogs, opened.state)
    search(qtbot, win)
    key(qtbot, win, K.Key_Return)
    assert isinstance(win.mode, DefaultMode)
    assert win.last_message == "Kept GW's routes ($840) as its run"
    assert [(r.company, r.train, r.revenue) for r in win.doc.last_routes] == [
        ("GW", "5", 330),
        ("GW", "8", 510),
    ]
    # Default mode draws the kept run pale; l hides it
    scene = win.current_scene()
    assert [r.train for r in scene.last_routes] == ["5", "8"]
    assert scene.last_routes[1].track == win.doc.last_routes[1].track
    key(qtbot, win, "l")
    assert win.current_scene().last_routes == ()
    key(qtbot, win, "l")
    assert len(win.current_scene().last_routes) == 2
    # Saved with the game, read back with it
    path = tmp_path / "kept.json"
    dialogs.save_path = str(path)
    key(qtbot, win, K.Key_S, modifier=CTRL)
    assert win.doc.is_clean
    data = json.loads(path.read_text())
    assert [(r["train"], r["revenue"]) for r in data["last_routes"]] == [("5", 330), ("8", 510)]
    win.close()
    win2 = make_window(qtbot, prefs, dialogs)
    dialogs.open_path = str(path)
    key(qtbot, win2, K.Key_O, modifier=CTRL)
    assert win2.doc.last_routes == open_game(path).last_routes
    # Find routes again: the table compares with the last run, drawn pale under this one
    search(qtbot, win2, trains=("5",))
    assert win2.view.routes.total.text() == (
        "<b>GW: net revenue $370 (proven optimal) · last run $840 (pale)</b>"
    )
    assert [r.train for r in win2.current_scene().last_routes] == ["5", "8"]
    key(qtbot, win2, K.Key_Escape)  # Esc: this run is not kept
    assert [r.revenue for r in win2.doc.last_routes] == [330, 510] and win2.doc.is_clean
    win2.close()
