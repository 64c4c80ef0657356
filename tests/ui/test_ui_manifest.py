"""The tile manifest panel driven by keys: m shows it, counts follow laying, replacing and
undo, tiles the phase does not allow are dimmed, Return on a tile marks every hex where it can
go (checked hex by hex against ``u``), the hex selected lists what fits, c shows the chart."""

from __future__ import annotations

from PySide6.QtCore import Qt

from rusty_train_py.mapstate.upgrades import upgrade_candidates

from .conftest import key

K = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier


def rows(win) -> dict[str, tuple[str, bool]]:
    return {t: (text, dimmed) for t, text, dimmed in win.manifest.row_texts()}


def choose_tile(qtbot, win, name: str) -> None:
    """Select ``name`` in the list with the keyboard (Home, Down ...) and press Return."""
    lst = win.manifest.list
    lst.setFocus()
    names = [t for t, _, _ in win.manifest.row_texts()]
    qtbot.keyClick(lst, K.Key_Home)
    for _ in range(names.index(name)):
        qtbot.keyClick(lst, K.Key_Down)
    assert lst.currentItem().text().startswith(f"{name}   ")
    qtbot.keyClick(lst, K.Key_Return)


def where_u_offers(state, tile: str) -> frozenset[str]:
    """The independent check: every hex of the map whose ``u`` list holds the tile."""
    return frozenset(
        h
        for h, mh in state.game.hexes.items()
        if mh.accepts_tiles and tile in [c.tile for c in upgrade_candidates(state, h)]
    )


def test_m_shows_every_tile_with_its_counts_and_hides_it_again(qtbot, window):
    assert not window.manifest.isVisible()
    key(qtbot, window, "m")
    assert window.manifest.isVisible()
    game = window.game
    shown = rows(window)
    assert list(shown) == [t.name for t in game.placeable_tiles]
    assert shown["57"] == ("57   yellow   2 / 2", False)  # phase 2: yellow tiles only
    assert shown["7"] == ("7   yellow   \u221e", False)
    assert shown["14"] == ("14   green   2 / 2", True)
    assert sum(1 for _, d in shown.values() if d) == sum(
        1 for t in game.placeable_tiles if t.colour != "yellow"
    )
    key(qtbot, window, "m")
    assert not window.manifest.isVisible()
    assert "Tile &manifest\tm" in [a.text() for a in window.menuBar().actions()[2].menu().actions()]


def counts(win, tile: str) -> str:
    """The copies shown for ``tile``: ``1 / 2``."""
    return rows(win)[tile][0].split("   ")[2]


def test_counts_follow_laying_replacing_and_undo(qtbot, window):
    key(qtbot, window, "m")
    window.select_hex("I15")  # a plain city hex
    key(qtbot, window, K.Key_U, K.Key_Return)
    assert window.state.laid_tile("I15") == "5"
    assert rows(window)["5"][0] == "5   yellow   1 / 2"
    # Phase 3 (green allowed): the green tiles light up; 14 fits on I15
    window.dialogs.phase = "3"
    key(qtbot, window, "p")
    assert rows(window)["14"] == ("14   green   2 / 2   \u2190 fits", False)
    key(qtbot, window, K.Key_U, K.Key_Return)  # upgrade 5 -> the first green city
    assert window.state.laid_tile("I15") == "14"
    assert (counts(window, "5"), counts(window, "14")) == ("2 / 2", "1 / 2")  # 5 replaced
    key(qtbot, window, K.Key_Z, modifier=CTRL)
    assert (counts(window, "5"), counts(window, "14")) == ("1 / 2", "2 / 2")
    key(qtbot, window, K.Key_Z, modifier=CTRL)  # the phase
    assert rows(window)["14"][1] is True
    key(qtbot, window, K.Key_Z, modifier=CTRL)
    assert counts(window, "5") == "2 / 2"
    key(qtbot, window, K.Key_Y, modifier=CTRL)
    assert counts(window, "5") == "1 / 2"


def test_return_on_a_tile_marks_every_hex_where_it_can_go(qtbot, window):
    key(qtbot, window, "m")
    state = window.state
    choose_tile(qtbot, window, "57")
    expected = where_u_offers(state, "57")
    assert len(expected) == 9
    assert window.panels.tile_marks == expected
    assert window.current_scene().marked == expected
    assert window.last_message == f"Tile 57 can go on {len(expected)} hexes now"
    # Laid on one of them: the marks follow (that hex takes no yellow tile any more)
    window.canvas.setFocus()
    window.select_hex("I15")
    key(qtbot, window, K.Key_E)
    while window.mode.current.tile != "57":
        key(qtbot, window, K.Key_Down)
    key(qtbot, window, K.Key_Return)
    assert window.state.laid_tile("I15") == "57"
    assert window.panels.tile_marks == where_u_offers(state, "57") == expected - {"I15"}
    # Undo: back as before
    key(qtbot, window, K.Key_Z, modifier=CTRL)
    assert window.panels.tile_marks == expected
    # A green tile in phase 2 goes nowhere; Esc in the list clears the marks
    choose_tile(qtbot, window, "14")
    assert window.panels.tile_marks == frozenset() == where_u_offers(state, "14")
    assert window.last_message == "Tile 14 can go on no hex now"
    qtbot.keyClick(window.manifest.list, K.Key_Escape)
    assert window.panels.tile_marks == frozenset() and window.manifest.chosen == ""


def test_marks_on_the_bundled_game_match_u_for_every_tile(qtbot, bc_window):
    """Mid-game 1867, phase 8 (the most-exits rule on cities): for every tile of the
    manifest, the hexes marked are exactly those whose u list holds it."""
    key(qtbot, bc_window, "m")
    state = bc_window.state
    offers: dict[str, set[str]] = {}
    for h, mh in state.game.hexes.items():
        if mh.accepts_tiles:
            for c in upgrade_candidates(state, h):
                offers.setdefault(c.tile, set()).add(h)
    for tile in [t.name for t in state.game.placeable_tiles]:
        bc_window.manifest.choose(tile)
        assert bc_window.panels.tile_marks == frozenset(offers.get(tile, ())), tile
    assert sum(1 for t in offers if offers[t]) > 10


def test_the_hex_selected_lists_the_tiles_that_fit(qtbot, window):
    key(qtbot, window, "m")
    window.select_hex("H10")  # Pembroke, a town
    fits = [c.tile for c in upgrade_candidates(window.state, "H10")]
    assert fits == ["3", "4", "58"]
    assert window.manifest.hex_label.text() == "Upgrades for H10: 3, 4, 58"
    marked = [t for t, text, _ in window.manifest.row_texts() if text.endswith("\u2190 fits")]
    assert marked == fits
    red = next(h for h, mh in window.game.hexes.items() if mh.colour == "red")
    window.select_hex(red)
    assert window.manifest.hex_label.text() == f"{red}: no valid upgrade now"


def test_c_shows_the_upgrade_chart(qtbot, window):
    from rusty_train_py.render.qt.chart import chart_layout

    key(qtbot, window, "c")
    panel = window.manifest
    assert panel.isVisible() and panel.tabs.currentWidget() is panel.chart_area
    qtbot.wait(50)
    width = panel.chart_area.viewport().width()
    lay = chart_layout(window.game, 30.0, max_width=width)
    assert panel.chart_size == (lay.width, lay.height)
    pix = panel.chart_label.pixmap()
    assert (pix.width(), pix.height()) == (lay.width, lay.height)
    # laid out in the panel's width: no sideways scrolling, and more than two tiles shown
    assert lay.width <= width
    assert panel.chart_area.horizontalScrollBar().maximum() == 0
    assert len({t.name for row in lay.rows for t in row.tiles}) > 2
    # a wider panel puts more tiles side by side: a shorter chart
    window.resize(window.width() + 600, window.height())
    window.resizeDocks([panel], [panel.width() + 600], Qt.Orientation.Horizontal)
    qtbot.wait(50)
    assert panel.chart_area.viewport().width() > width
    assert panel.chart_size[1] <= lay.height
    assert panel.chart_area.horizontalScrollBar().maximum() == 0
    key(qtbot, window, "m")  # m: the tiles tab
    assert panel.isVisible() and panel.tabs.currentIndex() == 0


def test_a_click_on_a_tile_marks_where_it_goes_and_a_second_click_keeps_it(qtbot, window):
    key(qtbot, window, "m")
    lst = window.manifest.list
    names = [t for t, _, _ in window.manifest.row_texts()]
    item = lst.item(names.index("58"))
    lst.scrollToItem(item)
    for _ in range(2):
        qtbot.mouseClick(
            lst.viewport(), Qt.MouseButton.LeftButton, pos=lst.visualItemRect(item).center()
        )
        assert window.manifest.chosen == "58"
        assert window.panels.tile_marks == where_u_offers(window.state, "58") != frozenset()
