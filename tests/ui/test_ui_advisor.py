"""Advisor mode with real keys: ``a`` asks for the company and trains, the advisor runs in the
background with its progress and Cancel, the best lays are drawn as ghost tiles with their
gain and listed (sortable), Return lays the chosen one as one undo step, Ctrl+Z takes it back;
and in Replace tile mode ``w`` tints where the chosen tile can go."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import Qt

from rusty_train_py.advisor import advise, where_tile_goes
from rusty_train_py.advisor.progress import AdviceProgress
from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.mapstate.state import MapState
from rusty_train_py.ui.modes import AdvisorMode, DefaultMode, ReplaceTileMode
from rusty_train_py.ui.modes.advisor import GHOSTS
from rusty_train_py.ui.modes.replace_tile import ANYWHERE, REACHABLE
from rusty_train_py.ui.preferences import TrainChoice

from .conftest import key, make_window, wait_for

K = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier


def line_map() -> MapState:
    """1867 phase 3: GW's token on a yellow straight city at Barrie E13, another straight
    city at Guelph E15 below it (a 2-train earns 40 there)."""
    state = MapState(load_game("1867"), "3")
    for h in ("E13", "E15"):
        state.apply(state.place_tile_edit(h, "57", 0))
    state.apply(state.place_token_edit("E13", 0, "GW"))
    return state


@pytest.fixture
def line(qtbot, prefs, dialogs):
    win = make_window(qtbot, prefs, dialogs, line_map())
    yield win
    win.undo_stack.setClean()
    win.close()


def run_advisor(qtbot, win, company="GW", trains=("2",)):
    win.dialogs.company = company
    win.dialogs.trains = TrainChoice(tuple(trains))
    key(qtbot, win, K.Key_A)
    assert isinstance(win.mode, AdvisorMode)
    wait_for(qtbot, lambda: not win.searching)


def test_a_runs_the_advisor_and_shows_the_best_lays(qtbot, line, dialogs):
    expected = advise(line_map(), "GW", ["2"])
    run_advisor(qtbot, line)
    assert ("choose_company", ("GW",)) in dialogs.calls
    mode = line.mode
    assert mode.advice.lays == expected.lays  # the same answer as the core's
    best = expected.lays[0]
    assert (best.lay.hex, best.gain, best.net_revenue) == ("E13", 10, 50)
    assert line.windowTitle().startswith("GW: best lay +10 ($50) — ")
    # the best lays drawn as ghosts, one per hex, the chosen one (the best) marked
    scene = line.current_scene()
    ghosts = {g.hex: g for g in scene.ghosts}
    assert ghosts["E13"].chosen and ghosts["E13"].label == "+10"
    assert (ghosts["E13"].tile, ghosts["E13"].rotation) == (best.lay.tile, best.lay.rotation)
    assert {g.hex for g in scene.ghosts} == {s.lay.hex for s in expected.lays}
    assert ghosts["E11"].label == "+0" and not ghosts["E11"].chosen
    assert line.active_hex == "E13"
    # the list under the map: every lay, best first, the best selected
    panel = line.view.advice
    assert panel.isVisible()
    rows = panel.texts()
    assert len(rows) == len(expected.lays)
    assert rows[0] == ["1", "E13 Barrie", best.lay.tile, str(best.lay.rotation), "–", "$50", "+10"]
    assert panel.selected_row() == 0
    assert panel.summary.text().startswith("GW (2): $40 without a lay. ")


def test_ghost_tiles_are_drawn(qtbot, line):
    line.select_hex("E13")  # where the advisor's choice will be
    plain = line.canvas.render_image(1.0)
    run_advisor(qtbot, line)
    drawn = line.canvas.render_image(1.0)
    canvas = line.canvas
    x0, y0, _, _ = canvas.bounds

    def changed(hex_name: str) -> int:
        """Pixels of the hex (at zoom 1) that differ between the two pictures."""
        cx, cy = canvas.hex_layout.centre(line.game.hexes[hex_name].coord)
        cx, cy, r = cx - x0, cy - y0, 0.8 * canvas.hex_layout.size
        return sum(
            plain.pixelColor(x, y) != drawn.pixelColor(x, y)
            for x in range(int(cx - r), int(cx + r), 3)
            for y in range(int(cy - r), int(cy + r), 3)
        )

    ghosts = line.current_scene().ghosts
    assert ghosts
    for g in ghosts:
        assert changed(g.hex) > 300, g.hex  # the tile, its ring and its label
    assert changed("H6") == 0  # a plain hex far from every proposed lay


def test_return_lays_the_chosen_tile_as_one_undo_step(qtbot, line):
    before = line.state.copy()
    run_advisor(qtbot, line)
    key(qtbot, line, K.Key_Down)  # the second lay in the list
    mode = line.mode
    chosen = mode.chosen
    assert chosen is mode.advice.lays[1]
    assert line.view.advice.selected_row() == 1
    assert [g.hex for g in line.current_scene().ghosts if g.chosen] == [chosen.lay.hex]
    depth = line.undo_stack.count()
    key(qtbot, line, K.Key_Return)
    assert isinstance(line.mode, DefaultMode)
    assert not line.view.advice.isVisible()
    hs = line.state.hex_state(chosen.lay.hex)
    assert (hs.tile, hs.rotation) == (chosen.lay.tile, chosen.lay.rotation)
    assert line.undo_stack.count() == depth + 1
    assert line.last_message.startswith(f"Laid {chosen.lay.tile} on {chosen.lay.hex} ")
    key(qtbot, line, K.Key_Z, modifier=CTRL)
    assert line.state == before
    key(qtbot, line, K.Key_Z, modifier=CTRL | Qt.KeyboardModifier.ShiftModifier)
    assert line.state.hex_state(chosen.lay.hex).tile == chosen.lay.tile


def test_the_list_sorts_and_a_click_on_a_ghost_chooses_it(qtbot, line):
    run_advisor(qtbot, line)
    mode = line.mode
    best = mode.chosen
    key(qtbot, line, K.Key_O)  # by cost: the best stays chosen
    assert mode.sort == "cost"
    assert mode.chosen is best
    assert "Listed by cost (cheapest first)." in line.view.advice.summary.text()
    key(qtbot, line, K.Key_O)  # by hex, in map order
    hexes = [row[1].split()[0] for row in line.view.advice.texts()]
    order = list(line.game.hex_order)
    assert hexes == sorted(hexes, key=order.index)
    line.view.advice.sortRequested.emit("gain")  # a click on the Gain header
    assert mode.sort == "gain"
    assert [row[0] for row in line.view.advice.texts()] == [
        str(i + 1) for i in range(len(mode.advice.lays))
    ]
    rect = line.canvas.hex_rect("E11")
    qtbot.mouseClick(line.canvas, Qt.MouseButton.LeftButton, pos=rect.center().toPoint())
    first_e11 = next(s for s in mode.advice.lays if s.lay.hex == "E11")
    assert mode.chosen is first_e11
    key(qtbot, line, K.Key_Escape)
    assert isinstance(line.mode, DefaultMode)
    assert line.state == line_map()  # nothing laid


def test_progress_and_cancel(qtbot, prefs, dialogs):
    """The panel shows lays scored of all and the best so far; Esc cancels."""
    reported = threading.Event()

    def slow(state, company, trains, bonuses=(), progress=None, cancel=None):
        real = advise(state, company, trains, bonuses)
        progress(AdviceProgress("lays", 3, 20, real.lays[0], 40, 2, 0.5))
        reported.set()
        while not cancel():
            threading.Event().wait(0.01)
        return advise(state, company, trains, bonuses, cancel=lambda: True)

    win = MainWindowWithAdvisor(qtbot, prefs, dialogs, slow)
    dialogs.company, dialogs.trains = "GW", TrainChoice(("2",))
    key(qtbot, win, K.Key_A)
    wait_for(qtbot, lambda: win.view.search.phase.text() == "Scoring lays: 3 of 20")
    panel = win.view.search
    assert panel.isVisible()
    assert panel.title.text() == "Advising GW (2): where to lay…"
    assert panel.best.text().startswith("Best so far: ") and panel.best.text().endswith(
        ": $50 (+10)"
    )
    assert (panel.bar.maximum(), panel.bar.value()) == (1000, 150)
    assert win.current_scene().faded
    key(qtbot, win, K.Key_Escape)
    wait_for(qtbot, lambda: isinstance(win.mode, DefaultMode))
    assert win.last_message == "GW: advisor cancelled"
    assert not panel.isVisible()
    win.close()


def MainWindowWithAdvisor(qtbot, prefs, dialogs, advise_fn):  # noqa: N802
    from rusty_train_py.ui.main_window import MainWindow

    win = MainWindow(prefs=prefs, dialogs=dialogs, state=line_map(), advise=advise_fn)
    win.canvas.zoom_animation_ms = 0
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.canvas.setFocus()
    return win


def test_f1_and_the_toolbar_offer_the_advisor(qtbot, line, dialogs):
    key(qtbot, line, K.Key_F1)
    assert "Advise: the best tile lays…" in dialogs.infos[-1][1]
    buttons = [act.text() for act, _ in line.chrome.mode_buttons]
    assert "Advise (a)" in buttons


def test_w_shows_where_the_tile_can_go(qtbot, line, prefs):
    prefs.set_last_company("1867", "GW")
    line.select_hex("E11")
    key(qtbot, line, K.Key_E)  # every tile that fits E11
    mode = line.mode
    assert isinstance(mode, ReplaceTileMode)
    while mode.current.tile != "9":
        key(qtbot, line, K.Key_Down)
    key(qtbot, line, K.Key_W)
    places = where_tile_goes(line_map(), "9", "GW")
    marks = dict(line.current_scene().marks)
    assert set(marks) == set(places.hexes)
    assert {h for h, c in marks.items() if c == REACHABLE} == {"E11"}
    assert all(c == ANYWHERE for h, c in marks.items() if h != "E11")
    assert line.last_message == (f"Tile 9 can go on {len(places.hexes)} hexes; GW reaches 1: E11")
    key(qtbot, line, K.Key_W)
    assert not line.current_scene().marks


def test_only_the_best_lays_are_ghosts_until_v(qtbot, bc_window, dialogs):
    """On the bundled game GW's 102 lays span many hexes: the chosen lay and the next best
    GHOSTS hexes are drawn, ``v`` draws every hex's best lay, ``v`` again the few."""
    bc_window.resize(1400, 900)
    bc_window.fit_map()
    run_advisor(qtbot, bc_window, "GW", ("5", "8"))
    qtbot.wait(50)
    lays = bc_window.mode.advice.lays
    best_hexes = list(dict.fromkeys(s.lay.hex for s in lays))
    assert len(best_hexes) > GHOSTS + 1
    ghosts = bc_window.current_scene().ghosts
    assert [g.hex for g in ghosts] == best_hexes[: GHOSTS + 1]
    assert [g.chosen for g in ghosts] == [True] + [False] * GHOSTS
    key(qtbot, bc_window, K.Key_V)
    assert [g.hex for g in bc_window.current_scene().ghosts] == best_hexes
    assert bc_window.last_message == "Ghost tiles of every lay"
    key(qtbot, bc_window, K.Key_V)
    assert len(bc_window.current_scene().ghosts) == GHOSTS + 1
    # the caption ("Lay 1 of 102 ...") stays off the chosen lay's hex, and off Detroit
    caption = bc_window.view.caption
    assert caption.isVisible() and caption.text().startswith("Lay 1 of 102")
    box = caption.geometry().toRectF()
    canvas = bc_window.canvas
    for name in (ghosts[0].hex, "A19", "A17"):
        r = canvas.hex_rect(name)
        at = canvas.mapTo(bc_window.view, r.topLeft().toPoint())
        assert not box.intersects(r.translated(at.x() - r.x(), at.y() - r.y())), name
