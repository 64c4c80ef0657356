"""Default mode on the real window: selecting hexes, rotating and removing tiles, phase, g, zoom."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QContextMenuEvent, QKeySequence
from PySide6.QtWidgets import QApplication

from rusty_train_py.ui.modes import MODE_COLOURS, DefaultMode
from rusty_train_py.ui.navigation import hex_in_direction

from .conftest import key

K = Qt.Key


def click_hex(qtbot, win, name, button=Qt.MouseButton.LeftButton):
    cx, cy = win.canvas.hex_layout.centre(win.game.hexes[name].coord)
    p = win.canvas.to_widget(QPointF(cx, cy))
    win.canvas.ensure_hex_visible(name)
    qtbot.mouseClick(win.canvas, button, pos=QPoint(round(p.x()), round(p.y())))


def test_opens_on_the_bundled_game(bc_window):
    win = bc_window
    assert win.game.id == "1867"
    assert win.state.laid_tile("F16") == "124"
    assert win.windowTitle() == "1867_bc (example) — 1867: The Railways of Canada — rusty-train-py"
    assert win.chrome.mode_chip.text().strip() == "Default"


def test_arrow_keys_move_the_active_hex(qtbot, window):
    window.select_hex("E5")
    key(qtbot, window, K.Key_Right)
    assert window.active_hex == "F6"
    key(qtbot, window, K.Key_Left, K.Key_Left)
    assert window.active_hex == "D6"
    key(qtbot, window, K.Key_Right, K.Key_Up)
    assert window.active_hex == "E3"
    key(qtbot, window, K.Key_Down, K.Key_Down)
    assert window.active_hex == "E7"


def test_arrow_keys_skip_holes_and_stop_at_the_edge(window):
    game = window.game
    top = min((h for h in game.hexes.values() if h.coord[0] == 4), key=lambda h: h.coord[1])
    assert hex_in_direction(game, top.name, "up") is None


def test_any_mouse_button_selects_the_hex_under_the_cursor(qtbot, window):
    click_hex(qtbot, window, "G7")
    assert window.active_hex == "G7"
    click_hex(qtbot, window, "H8", Qt.MouseButton.RightButton)
    assert window.active_hex == "H8"


def test_active_hex_border_colour_tells_the_mode(qtbot, window):
    scene = window.current_scene()
    assert scene.highlight_colour == MODE_COLOURS["Default"]
    window.select_hex("E5")
    key(qtbot, window, K.Key_E)
    assert window.current_scene().highlight_colour == MODE_COLOURS["Replace tile"]
    key(qtbot, window, K.Key_Escape)
    window.select_hex("F16")
    key(qtbot, window, K.Key_T)
    assert window.current_scene().highlight_colour == MODE_COLOURS["Edit tokens"]
    assert window.chrome.mode_chip.text().strip() == "Edit tokens"
    assert "Esc discard" in window.chrome.keys_label.text()


def test_rotate_and_remove_a_laid_tile(qtbot, window):
    state = window.state
    window.select_hex("E5")
    window.push_edit(state.place_tile_edit("E5", "9", 0))
    key(qtbot, window, ".")
    assert state.hex_state("E5").rotation == 1
    key(qtbot, window, ">")
    assert state.hex_state("E5").rotation == 2
    key(qtbot, window, ",", "<", "<")
    assert state.hex_state("E5").rotation == 5
    key(qtbot, window, K.Key_Backspace)
    assert state.laid_tile("E5") is None
    assert window.last_message == "Removed tile 9 from E5"
    window.push_edit(state.place_tile_edit("E5", "9", 0))
    key(qtbot, window, K.Key_Delete)
    assert state.laid_tile("E5") is None


def test_removing_a_tile_says_which_tokens_went_with_it(qtbot, window):
    state = window.state
    window.push_edit(state.place_tile_edit("E5", "57", 0))
    window.push_edit(state.place_token_edit("E5", 0, "GW"))
    window.select_hex("E5")
    key(qtbot, window, K.Key_Delete)
    assert state.tokens_at("E5") == {}
    assert window.last_message == "Removed tile 57 from E5 and its token GW"


def test_messages_never_outlive_the_next_action(qtbot, window):
    """An old message ("Undid: ...") is gone as soon as the player does something else."""
    state = window.state
    window.push_edit(state.place_tile_edit("E5", "9", 0))
    window.push_edit(state.place_tile_edit("E7", "8", 0))
    window.select_hex("E7")
    key(qtbot, window, K.Key_Delete)
    key(qtbot, window, K.Key_Z, modifier=Qt.KeyboardModifier.ControlModifier)
    assert window.last_message == "Undid: remove 8 from E7"
    window.select_hex("E5")
    key(qtbot, window, K.Key_Right)  # an action with nothing to say
    assert window.last_message == ""
    assert not window.chrome.message_label.isVisible()
    window.select_hex("E5")
    key(qtbot, window, K.Key_Delete)
    assert window.last_message == "Removed tile 9 from E5"


def test_rotating_an_empty_hex_says_why_not(qtbot, window):
    window.select_hex("E5")
    key(qtbot, window, ".")
    assert window.last_message == "E5: no tile laid to rotate"
    assert window.undo_stack.count() == 0


def test_p_changes_the_phase_through_the_undo_stack(qtbot, window, dialogs):
    dialogs.phase = "5"
    key(qtbot, window, K.Key_P)
    assert dialogs.calls[-1] == ("ask_phase", ("2", "3", "4", "5", "6", "7", "8"), "2")
    assert window.state.phase == "5"
    assert "phase 5" in window.chrome.info_label.text()
    key(qtbot, window, K.Key_Z, modifier=Qt.KeyboardModifier.ControlModifier)
    assert window.state.phase == "2"


def test_g_jumps_to_a_typed_hex_or_place(qtbot, window, dialogs):
    dialogs.hex_text = "l12"
    key(qtbot, window, K.Key_G)
    assert window.active_hex == "L12"
    dialogs.hex_text = "Toronto"
    key(qtbot, window, K.Key_G)
    assert window.active_hex == "F16"
    dialogs.hex_text = "Z99"
    key(qtbot, window, K.Key_G)
    assert window.active_hex == "F16"
    assert window.last_message == "There is no hex 'Z99' on this map"


def test_plus_and_minus_zoom_and_ctrl_wheel_too(qtbot, window):
    window.canvas.set_zoom(1.0)
    key(qtbot, window, "+")
    assert window.canvas.zoom == 1.25
    key(qtbot, window, "-", "-")
    assert window.canvas.zoom == 0.8
    width = window.canvas.width()
    key(qtbot, window, "=")
    assert window.canvas.zoom == 1.0
    assert window.canvas.width() > width


def test_zoom_is_animated(qtbot, window):
    window.canvas.zoom_animation_ms = 120
    window.canvas.set_zoom(1.0)
    key(qtbot, window, "+")
    assert window.canvas.zoom < 1.25  # still on its way
    qtbot.waitUntil(lambda: window.canvas.zoom == 1.25, timeout=2000)


def test_menu_actions_run_the_same_keys(qtbot, window):
    window.select_hex("E5")
    actions = {a.text().split("\t")[0]: a for a in window.chrome.mode_menu.actions()}
    actions["Replace tile (any tile)"].trigger()
    assert window.mode.name == "Replace tile"
    actions = {a.text().split("\t")[0]: a for a in window.chrome.mode_menu.actions()}
    actions["Keep this tile"].trigger()
    assert isinstance(window.mode, DefaultMode)
    assert window.state.laid_tile("E5") == "7"


def wheel(widget, dy: int, modifiers):
    from PySide6.QtCore import QPoint as P
    from PySide6.QtGui import QWheelEvent
    from PySide6.QtWidgets import QApplication

    pos = QPointF(widget.width() / 2, widget.height() / 2)
    event = QWheelEvent(
        pos,
        widget.mapToGlobal(pos),
        P(0, 0),
        P(0, dy),
        Qt.MouseButton.NoButton,
        modifiers,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)
    return event


def test_ctrl_wheel_zooms_and_the_plain_wheel_scrolls(qtbot, window):
    window.canvas.set_zoom(2.0)
    plain = wheel(window.canvas, -120, Qt.KeyboardModifier.NoModifier)
    assert window.canvas.zoom == 2.0
    assert not plain.isAccepted()  # left to the scroll area, which scrolls
    wheel(window.canvas, 120, Qt.KeyboardModifier.ControlModifier)
    assert window.canvas.zoom == 2.5
    wheel(window.canvas, -240, Qt.KeyboardModifier.ControlModifier)
    assert window.canvas.zoom == 1.6


def test_f1_lists_the_keys_of_the_mode_and_of_the_window(qtbot, window, dialogs):
    from rusty_train_py.ui.commands import COMMANDS

    key(qtbot, window, K.Key_F1)
    title, html = dialogs.infos[-1]
    assert title == "Keys"
    assert "<h3>Default mode</h3>" in html
    row = "<tr><td style='padding-right:14px'><b>{}</b></td><td>{}</td></tr>"
    assert row.format("u", "Upgrade tile") in html
    # The window's part comes from the same table as its menus and shortcuts.
    for cmd in COMMANDS:
        if cmd.keys:
            assert row.format(cmd.shown, cmd.help) in html, cmd.slot
    assert row.format("q, Ctrl+Q", "Quit (asks to save changes)") in html
    # typed keys as the README writes them, lowercase
    helps = {c.slot: c.help for c in COMMANDS}
    typed = {"save_screenshot": "s", "toggle_manifest": "m", "show_upgrade_chart": "c"}
    for slot, shown in {**typed, "toggle_last_runs": "l"}.items():
        assert row.format(shown, helps[slot]) in html, slot


def test_the_edit_menu_lists_undo_redo_and_the_history(qtbot, window):
    edit_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Edit")
    texts = [a.text() for a in edit_menu.actions() if not a.isSeparator()]
    assert texts == ["&Undo\tCtrl+Z", "&Redo\tCtrl+Shift+Z, Ctrl+Y", "Show &history"]
    assert window.chrome.act_redo.shortcuts() == [
        QKeySequence("Ctrl+Shift+Z"),
        QKeySequence("Ctrl+Y"),
    ]
    window.push_edit(window.state.place_tile_edit("E5", "9", 0))
    assert edit_menu.actions()[0].text() == "&Undo lay 9 on E5\tCtrl+Z"
    assert window.chrome.history.widget().stack() is window.undo_stack


def test_right_click_opens_the_modes_actions_on_the_hex(qtbot, window):
    click_hex(qtbot, window, "E5", Qt.MouseButton.RightButton)
    assert window.active_hex == "E5"
    cx, cy = window.canvas.hex_layout.centre(window.game.hexes["E5"].coord)
    local = window.canvas.to_widget(QPointF(cx, cy)).toPoint()
    event = QContextMenuEvent(
        QContextMenuEvent.Reason.Mouse, local, window.canvas.mapToGlobal(local)
    )
    QApplication.sendEvent(window.canvas, event)
    menu = window.chrome.mode_menu
    qtbot.waitUntil(menu.isVisible, timeout=2000)
    labels = [a.text().split("\t")[0] for a in menu.actions() if a.text()]
    assert labels[0] == "Default mode"
    for label in ("Replace tile (any tile)", "Upgrade tile", "Edit tokens", "Find routes…"):
        assert label in labels
    # Choosing an entry does what its key does: the upgrade list on the clicked hex.
    upgrade = next(a for a in menu.actions() if a.text().endswith("\tu"))
    menu.hide()
    upgrade.trigger()
    assert window.mode.name == "Replace tile"
    assert window.mode.hex == "E5"
