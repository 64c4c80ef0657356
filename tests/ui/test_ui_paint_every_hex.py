"""Painting never raises: the cursor on every hex of every game, under every mode's overlay,
draws; a hex that is not drawn (18MS B14, colour ``empty``) cannot be selected; and a
drawing that fails anyway is reported once in the status bar, its painter ended, the window
alive."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from reference_data import GAMES

from rusty_train_py.advisor import advise
from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.mapstate.state import MapState
from rusty_train_py.ui import canvas as canvas_module
from rusty_train_py.ui.navigation import central_hex, hex_in_direction, selectable

from .conftest import key, make_window, settle
from .window_drive import MODES, enter_mode, late_state, paint_scene_small, shortest_train

K = Qt.Key


def sweep(qtbot, win, dialogs, share: int) -> dict[str, int]:
    """Enter every mode on the window's game; in each, put the cursor on every ``share``-th
    selectable hex (a different slice per mode, so together they cover every hex) and paint.
    Returns the hexes painted per mode."""
    game = win.game
    hexes = [h for h in game.hex_order if selectable(game, h)]
    painted: dict[str, int] = {}
    left: list[str] = []  # the slices of modes the map cannot enter: painted in Default
    for i, mode in enumerate(MODES):  # (the Advisor last: a message says why it cannot be)
        if not enter_mode(qtbot, win, dialogs, mode):
            left += hexes[i % share :: share]
            continue
        assert win.mode.name == mode
        win.canvas.grab()  # the real paint event once per mode
        painted[mode] = paint_each(win, hexes[i % share :: share])
    if left and share > 1:
        enter_mode(qtbot, win, dialogs, "Default")
        painted["Default"] += paint_each(win, left)
    assert win.canvas.paint_failures == 0
    return painted


def paint_each(win, hexes: list[str]) -> int:
    """Put the cursor on each hex in turn and paint; how many were painted."""
    for h in hexes:
        win.select_hex(h)
        assert win.active_hex == h
        paint_scene_small(win)
    return len(hexes)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_cursor_on_every_hex_under_every_mode_paints(qtbot, prefs, dialogs, game_id):
    win = make_window(qtbot, prefs, dialogs, late_state(game_id))
    painted = sweep(qtbot, win, dialogs, share=len(MODES))
    n = sum(1 for h in win.game.hexes if selectable(win.game, h))
    assert sum(painted.values()) == n  # every selectable hex painted, in one mode or another
    if "Advisor" not in painted:  # only when the late position leaves no lay to advise
        assert set(painted) == set(MODES) - {"Advisor"}
        train = [shortest_train(win.game)]
        assert not any(advise(win.state, c, train).lays for c in win.state.companies_on_map())
    else:
        assert set(painted) == set(MODES)
    win.undo_stack.setClean()
    win.close()


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_every_hex_in_every_mode_paints(qtbot, prefs, dialogs, game_id):
    win = make_window(qtbot, prefs, dialogs, late_state(game_id))
    n = sum(1 for h in win.game.hexes if selectable(win.game, h))
    painted = sweep(qtbot, win, dialogs, share=1)
    assert set(painted.values()) == {n}
    win.undo_stack.setClean()
    win.close()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_selectable_hex_is_reached_by_the_arrows_and_holes_never(game_id):
    game = load_game(game_id)
    start = central_hex(game)
    seen, todo = {start}, [start]
    while todo:
        here = todo.pop()
        for d in ("up", "down", "left", "right"):
            nxt = hex_in_direction(game, here, d)
            if nxt is not None and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    assert seen == {h for h in game.hexes if selectable(game, h)}


def test_18ms_b14_is_empty_and_cannot_be_selected(qtbot, prefs, dialogs):
    game = load_game("18MS")
    assert game.hexes["B14"].colour == "empty"
    assert not selectable(game, "B14")
    assert [h for h in game.hexes if not selectable(game, h)] == ["B14"]
    win = make_window(qtbot, prefs, dialogs, MapState(game))
    win.select_hex("B12")
    win.select_hex("B14")
    assert win.active_hex == "B12"
    assert win.last_message == "B14 is not part of the map: nothing is printed there"
    # "g" B14: the same refusal; a click where B14 would be selects nothing
    dialogs.hex_text = "B14"
    key(qtbot, win, K.Key_G)
    assert win.active_hex == "B12"
    assert win.last_message == "B14 is not part of the map: nothing is printed there"
    centre = win.canvas.hex_rect("B14").center()
    assert win.canvas.hex_at(centre) is None
    assert win.canvas.hex_at(win.canvas.hex_rect("B12").center()) == "B12"
    # the arrows never stop on it: B14 ends B12's row, so Right from B12 goes nowhere
    assert hex_in_direction(game, "B12", "right") is None
    win.close()


def test_a_cursor_left_on_b14_still_paints(qtbot, prefs, dialogs):
    """The crash of issue 19: the active hex on 18MS B14, repainted (the painter was left
    active on the cached pixmap, and the process died)."""
    win = make_window(qtbot, prefs, dialogs, MapState(load_game("18MS")))
    win.active_hex = "B14"  # as a mode or an older build could leave it
    paint_scene_small(win)  # raised KeyError: 'B14' inside the paint event
    win.canvas.invalidate()
    win.canvas.grab()
    assert win.canvas.paint_failures == 0
    win.refresh()  # the window moves the cursor off it
    assert selectable(win.game, win.active_hex)
    win.close()


def test_a_drawing_that_fails_is_reported_once_and_the_window_lives(
    qtbot, prefs, dialogs, monkeypatch
):
    win = make_window(qtbot, prefs, dialogs, MapState(load_game("1889")))
    calls = []

    def broken_draw_map(painter, state, layout, **kw):
        calls.append(kw["highlight_hex"])
        raise KeyError(kw["highlight_hex"])

    monkeypatch.setattr(canvas_module, "draw_map", broken_draw_map)
    for _ in range(3):
        win.canvas.invalidate()
        win.canvas.grab()  # a real paint event on the cached pixmap: its painter ends
    settle(qtbot)
    assert len(calls) >= 3 and win.canvas.paint_failures == len(calls)
    hex_name = calls[0]
    text = f"Cannot draw the map (hex {hex_name}): KeyError: '{hex_name}'"
    assert win.last_message == text
    win.show_message("something else")
    win.canvas.invalidate()
    win.canvas.grab()
    settle(qtbot)
    assert win.last_message == "something else"  # the same failure is not reported again
    assert win.canvas.render_image(0.25).width() > 0  # the screenshot path survives too
    failures = win.canvas.paint_failures
    monkeypatch.undo()
    win.canvas.invalidate()
    win.canvas.grab()
    assert win.canvas.paint_failures == failures  # drawn again, without error
    key(qtbot, win, K.Key_Right)  # the window still answers keys
    win.close()
