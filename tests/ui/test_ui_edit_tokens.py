"""Edit-tokens mode driven by keys: choose spaces, cycle companies, remove, keep, discard."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt

from rusty_train_py.render import geometry
from rusty_train_py.ui.canvas import HEX_SIZE
from rusty_train_py.ui.modes import DefaultMode, EditTokensMode

from .conftest import key

K = Qt.Key


def test_place_tokens_with_up_down_and_move_with_left_right(qtbot, window):
    state = window.state
    window.select_hex("F16")
    key(qtbot, window, K.Key_T)
    mode = window.mode
    assert isinstance(mode, EditTokensMode)
    assert (mode.space, mode.n_spaces) == (0, 2)
    key(qtbot, window, K.Key_Up)
    assert mode.tokens == {0: "CNR"}
    key(qtbot, window, K.Key_Up)
    assert mode.tokens == {0: "CPR"}
    key(qtbot, window, K.Key_Down)
    assert mode.tokens == {0: "CNR"}
    key(qtbot, window, K.Key_Right, K.Key_Up)
    assert mode.tokens == {0: "CNR", 1: "CPR"}  # CNR is already on this hex
    assert window.current_scene().state.tokens_at("F16") == {0: "CNR", 1: "CPR"}
    assert window.current_scene().token_space == 1
    assert state.tokens_at("F16") == {}
    assert window.view.caption.text() == (
        "F16: token space 2 of 2: CPR (Canadian Pacific Railway), 2 more to place"
    )
    key(qtbot, window, K.Key_Return)
    assert isinstance(window.mode, DefaultMode)
    assert state.tokens_at("F16") == {0: "CNR", 1: "CPR"}
    assert window.undo_stack.count() == 1


def test_down_on_an_empty_space_takes_the_last_company(qtbot, window):
    window.select_hex("F16")
    key(qtbot, window, K.Key_T, K.Key_Down)
    assert window.mode.tokens == {0: window.game.companies[-1].abbrev}


def test_zero_delete_and_backspace_remove_tokens(qtbot, window):
    state = window.state
    window.push_edit(state.set_tokens_edit("F16", {0: "GW", 1: "CPR"}))
    window.select_hex("F16")
    key(qtbot, window, K.Key_T, K.Key_Left)
    assert window.mode.space == 1  # Left from the first space wraps to the last
    key(qtbot, window, "0")
    assert window.mode.tokens == {0: "GW"}
    key(qtbot, window, K.Key_Right, K.Key_Delete, K.Key_Return)
    assert state.tokens_at("F16") == {}
    window.push_edit(state.set_tokens_edit("F16", {1: "CPR"}))
    key(qtbot, window, K.Key_T, K.Key_Right, K.Key_Backspace, K.Key_Return)
    assert state.tokens_at("F16") == {}


def test_esc_discards_token_edits(qtbot, window):
    state = window.state
    window.select_hex("F16")
    key(qtbot, window, K.Key_T, K.Key_Up, K.Key_Right, K.Key_Up, K.Key_Escape)
    assert isinstance(window.mode, DefaultMode)
    assert state.tokens_at("F16") == {}
    assert window.undo_stack.count() == 0


def test_only_companies_with_tokens_left_are_offered(qtbot, window):
    state = window.state
    window.push_edit(state.set_tokens_edit("D16", {0: "BBG"}))  # a minor's only token
    window.select_hex("F16")
    key(qtbot, window, K.Key_T)
    choices = window.mode.choices()
    assert "BBG" not in choices
    assert choices[:3] == ["CNR", "CPR", "C&O"]


def test_no_token_spaces_means_no_token_mode(qtbot, window):
    window.select_hex("E5")
    key(qtbot, window, K.Key_T)
    assert isinstance(window.mode, DefaultMode)
    assert window.last_message == "E5: no token spaces on this hex"


def test_clicking_a_token_space_selects_it(qtbot, window):
    window.select_hex("F16")
    key(qtbot, window, K.Key_T)
    tile, rot = window.state.tile_at("F16")
    layout = geometry.tile_layout(tile, rot, window.canvas.hex_layout.orientation, HEX_SIZE)
    space = next(sp for n in layout.nodes for sp in n.spaces if sp.index == 1)
    cx, cy = window.canvas.hex_layout.centre(window.game.hexes["F16"].coord)
    p = window.canvas.to_widget(QPointF(cx + space.centre[0], cy + space.centre[1]))
    qtbot.mouseClick(
        window.canvas, Qt.MouseButton.LeftButton, pos=QPoint(round(p.x()), round(p.y()))
    )
    assert window.mode.space == 1


def test_tokens_ride_along_when_a_tile_is_laid_over_them(qtbot, window):
    state = window.state
    state.apply(state.phase_edit("8"))  # green upgrades need a later phase
    window.push_edit(state.set_tokens_edit("F16", {0: "GW", 1: "CPR"}))
    window.select_hex("F16")
    key(qtbot, window, K.Key_U)
    assert window.mode.current.tile == "120"
    key(qtbot, window, K.Key_Return)
    assert state.laid_tile("F16") == "120"
    assert state.tokens_at("F16") == {0: "GW", 1: "CPR"}


def test_x_puts_each_company_in_turn_in_the_extra_slot(qtbot, window):
    """``x``: a token beside the city's spaces (1870's destination tokens): the companies in
    turn, then none; kept with the spaces' tokens as one undoable edit; it takes no space."""
    state = window.state
    window.select_hex("F16")
    key(qtbot, window, K.Key_T, K.Key_Up, "x")
    mode = window.mode
    first, second = (c.abbrev for c in window.game.companies[:2])
    assert mode.tokens == {0: first} and mode.extra == [(0, first)]
    key(qtbot, window, "x")
    assert mode.extra == [(0, second)]
    assert window.view.caption.text().endswith(f"; extra slot: {second}")
    assert window.current_scene().state.extra_tokens_at("F16") == ((0, second),)
    key(qtbot, window, K.Key_Return)
    assert state.tokens_at("F16") == {0: first}
    assert state.extra_tokens_at("F16") == ((0, second),)
    assert window.undo_stack.count() == 1
    window.undo_stack.undo()
    assert state.tokens_at("F16") == {} and state.extra_tokens_at("F16") == ()
    # after the last company, none
    window.push_edit(state.set_extra_tokens_edit("F16", [(0, window.game.companies[-1].abbrev)]))
    key(qtbot, window, K.Key_T, "x", K.Key_Return)
    assert state.extra_tokens_at("F16") == ()


def test_a_city_with_no_space_takes_an_extra_slot_token(qtbot, prefs, dialogs):
    """1870's Denver (A2): no token space, so Up/Down place nothing; ``x`` puts FW's
    destination token in its extra slot."""
    from rusty_train_py.gamedata.loader.gamefile import load_game
    from rusty_train_py.mapstate.state import MapState

    from .conftest import make_window

    win = make_window(qtbot, prefs, dialogs, MapState(load_game("1870")))
    try:
        win.select_hex("A2")
        key(qtbot, win, K.Key_T, K.Key_Up)
        mode = win.mode
        assert isinstance(mode, EditTokensMode) and mode.tokens == {}
        names = [c.abbrev for c in win.game.companies]
        for _ in range(names.index("FW") + 1):
            key(qtbot, win, "x")
        assert win.view.caption.text() == "A2: no token space; extra slot: FW"
        key(qtbot, win, K.Key_Return)
        assert win.state.extra_tokens_at("A2") == ((0, "FW"),)
        assert win.state.tokens_at("A2") == {}
    finally:
        win.undo_stack.setClean()
        win.close()
