"""Replace-tile mode driven by keys: lay, rotate, upgrade, original, filter, Esc, undo."""

from __future__ import annotations

from PySide6.QtCore import Qt

from rusty_train_py.ui.modes import DefaultMode, ReplaceTileMode

from .conftest import key

K = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier


def test_e_lays_a_tile_up_down_choose_rotate_keys_turn_return_keeps(qtbot, window):
    state = window.state
    window.select_hex("E5")  # a plain white hex: plain track tiles fit
    key(qtbot, window, K.Key_E)
    mode = window.mode
    assert isinstance(mode, ReplaceTileMode)
    assert (mode.current.tile, mode.rotation) == ("7", 0)
    # The preview shows the candidate; the map itself is untouched until Return.
    assert window.current_scene().state.laid_tile("E5") == "7"
    assert state.laid_tile("E5") is None
    key(qtbot, window, K.Key_Down)
    assert mode.current.tile == "8"  # Down goes down the list: the next tile
    key(qtbot, window, K.Key_Up, K.Key_Up)
    assert mode.current.tile == "70"  # wraps round to the last tile that fits
    key(qtbot, window, K.Key_Down, K.Key_Down, K.Key_Down)
    assert mode.current.tile == "9"
    key(qtbot, window, ".")
    assert mode.rotation == 1
    key(qtbot, window, ">", ">")
    assert mode.rotation == 0  # a straight track has three distinct rotations
    key(qtbot, window, ",")
    assert mode.rotation == 2
    # The caption and the status bar give the same rotation.
    assert window.view.caption.text() == (
        "E5: tile 9 (3 of 32 tiles that fit), rotation 2 (3 of 3 allowed), unlimited"
    )
    assert window.chrome.info_label.text().startswith("E5: tile 9 (rotation 2)")
    key(qtbot, window, K.Key_Return)
    assert isinstance(window.mode, DefaultMode)
    assert state.hex_state("E5").tile == "9"
    assert state.hex_state("E5").rotation == 2
    assert window.undo_stack.count() == 1
    assert window.windowTitle().startswith("Untitled 1867* — ")


def test_e_on_a_town_offers_town_tiles_only(qtbot, window):
    window.select_hex("H10")  # Pembroke, a town
    key(qtbot, window, K.Key_E)
    assert [c.tile for c in window.mode.candidates] == ["3", "4", "58", "87", "88", "204", "911"]


def test_esc_discards_the_replacement(qtbot, window):
    window.select_hex("E5")
    key(qtbot, window, K.Key_E, K.Key_Up, K.Key_Up, ".", K.Key_Escape)
    assert isinstance(window.mode, DefaultMode)
    assert window.state.laid_tile("E5") is None
    assert window.undo_stack.count() == 0
    assert "*" not in window.windowTitle()


def test_u_upgrades_keeping_track_and_carrying_tokens(qtbot, window):
    state = window.state
    state.apply(state.phase_edit("8"))  # green upgrades need a later phase
    window.push_edit(state.place_tile_edit("E5", "57", 0))
    window.push_edit(state.place_token_edit("E5", 0, "GW"))
    window.select_hex("E5")
    key(qtbot, window, K.Key_U)
    mode = window.mode
    assert [(c.tile, c.rotations) for c in mode.candidates] == [
        ("14", (0, 2)),
        ("15", (0, 3)),
        ("619", (0, 3)),
    ]
    key(qtbot, window, ".")
    assert (mode.current.tile, mode.rotation) == ("14", 2)
    key(qtbot, window, ".")
    assert mode.rotation == 0  # only the rotations that keep the track
    key(qtbot, window, K.Key_Down, ".")
    assert (mode.current.tile, mode.rotation) == ("15", 3)
    key(qtbot, window, K.Key_Return)
    assert state.hex_state("E5").tile == "15"
    assert state.hex_state("E5").rotation == 3
    assert state.tokens_at("E5") == {0: "GW"}
    assert window.undo_stack.undoText() == "lay 15 on E5"


def test_o_shows_the_original_tile(qtbot, window):
    state = window.state
    state.apply(state.phase_edit("8"))  # green upgrades need a later phase
    window.push_edit(state.place_tile_edit("E5", "57", 0))
    window.select_hex("E5")
    key(qtbot, window, K.Key_U)
    assert window.current_scene().state.laid_tile("E5") == "14"
    key(qtbot, window, K.Key_O)
    assert window.current_scene().state.laid_tile("E5") == "57"
    assert window.view.caption.text() == "E5: original tile 57"
    key(qtbot, window, K.Key_O)
    assert window.current_scene().state.laid_tile("E5") == "14"
    key(qtbot, window, K.Key_O, K.Key_Return)  # keeping while showing the original: no change
    assert state.laid_tile("E5") == "57"
    assert window.undo_stack.count() == 1


def test_u_in_replace_mode_switches_to_upgrades_and_e_back(qtbot, window):
    window.select_hex("E5")
    key(qtbot, window, K.Key_E)
    assert len(window.mode.candidates) == 32
    key(qtbot, window, K.Key_U)
    assert [c.tile for c in window.mode.candidates] == ["7", "8", "9"]
    key(qtbot, window, K.Key_E)
    assert len(window.mode.candidates) == 32


def test_slash_filters_candidates_by_name(qtbot, window):
    window.select_hex("E5")
    key(qtbot, window, K.Key_E, "/")
    assert window.view.filter_box.isVisible()
    qtbot.keyClicks(window.view.filter_edit, "62")
    mode = window.mode
    assert [c.tile for c in mode.candidates] == ["624", "625", "626"]
    assert mode.current.tile == "624"
    qtbot.keyClick(window.view.filter_edit, K.Key_Return)
    assert not window.view.filter_box.isVisible()
    assert window.canvas.hasFocus()
    key(qtbot, window, K.Key_Down, K.Key_Return)
    assert window.state.laid_tile("E5") == "625"


def test_no_upgrade_stays_in_default_mode_and_says_why(qtbot, window):
    window.select_hex("E5")
    window.push_edit(window.state.place_tile_edit("E5", "X8", 0))
    key(qtbot, window, K.Key_U)
    assert isinstance(window.mode, DefaultMode)
    assert window.last_message == "E5: no valid upgrade for tile X8"
    red = next(h for h, mh in window.game.hexes.items() if mh.colour == "red")
    window.select_hex(red)
    key(qtbot, window, K.Key_E)
    assert isinstance(window.mode, DefaultMode)
    assert window.last_message == f"{red}: a red hex cannot take tiles"


def test_undo_and_redo_every_edit(qtbot, window):
    state = window.state
    window.select_hex("E5")
    key(qtbot, window, K.Key_E, K.Key_Return)  # lay 7
    key(qtbot, window, ".")  # rotate
    assert state.hex_state("E5").rotation == 1
    key(qtbot, window, K.Key_Z, modifier=CTRL)
    assert state.hex_state("E5").rotation == 0
    key(qtbot, window, K.Key_Z, modifier=CTRL)
    assert state.laid_tile("E5") is None
    assert "*" not in window.windowTitle()  # back to the saved (clean) state
    key(qtbot, window, K.Key_Z, modifier=CTRL | Qt.KeyboardModifier.ShiftModifier)
    assert state.laid_tile("E5") == "7"
    key(qtbot, window, K.Key_Y, modifier=CTRL)
    assert state.hex_state("E5").rotation == 1
    assert window.chrome.act_undo.text() == "&Undo rotate 7 on E5\tCtrl+Z"
    assert window.chrome.act_undo.isEnabled() and not window.chrome.act_redo.isEnabled()


def test_undo_during_a_replacement_discards_it_first(qtbot, window):
    state = window.state
    window.select_hex("E5")
    key(qtbot, window, K.Key_E, K.Key_Return, K.Key_E, K.Key_Up)
    window.chrome.act_undo.trigger()
    assert isinstance(window.mode, DefaultMode)
    assert state.laid_tile("E5") is None


def test_left_and_right_do_nothing_in_replace_mode(qtbot, window):
    window.canvas.set_zoom(3.0)
    window.select_hex("E5")
    bar = window.view.scroll_area.horizontalScrollBar()
    before = bar.value()
    key(qtbot, window, K.Key_E, K.Key_Right, K.Key_Left, K.Key_Left)
    assert bar.value() == before
    assert window.active_hex == "E5"
    assert window.mode.current.tile == "7"
