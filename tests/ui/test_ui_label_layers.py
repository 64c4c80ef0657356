"""Labels over everything drawn on the map (issue 27): the selection outline, the marks, the
Advisor's ghost tiles and the active hex's halo are painted before the names (under them),
a ghost does not draw its place's name a second time, and the Advisor's table leaves the map
at least 70% of a 1600x1000 window."""

from __future__ import annotations

from PySide6.QtGui import QImage

from rusty_train_py.render.qt import ghosts
from rusty_train_py.render.qt import map as qt_map
from rusty_train_py.ui.advice_panel import AdviceRow, AdviceTable

from .conftest import make_window


def test_the_selection_and_the_ghosts_are_drawn_under_the_labels(bc_window, monkeypatch):
    """D2 (Timmins) selected, a ghost on C15 (Goderich): the outline and the ghost come
    before the labels, and the ghost's tile is drawn without Goderich's name."""
    order: list[str] = []
    real = {"selection": qt_map.draw_selection, "labels": qt_map.draw_labels}
    monkeypatch.setattr(
        qt_map,
        "draw_selection",
        lambda *a, **k: (order.append("selection"), real["selection"](*a, **k)),
    )
    monkeypatch.setattr(
        qt_map, "draw_labels", lambda *a, **k: (order.append("labels"), real["labels"](*a, **k))
    )
    import rusty_train_py.ui.canvas as canvas_module

    draw_ghosts = canvas_module.draw_ghosts
    monkeypatch.setattr(
        canvas_module, "draw_ghosts", lambda *a, **k: (order.append("ghosts"), draw_ghosts(*a, **k))
    )
    names: list[str | None] = []
    draw_tile = ghosts.draw_tile
    monkeypatch.setattr(
        ghosts,
        "draw_tile",
        lambda *a, **k: (
            names.append(k["location"] if k.get("name", True) else None),
            draw_tile(*a, **k),
        )[1],
    )

    class Ghost:
        hex, tile, rotation, label, chosen = "C15", "3", 4, "+0", False

    scene = bc_window.canvas.scene_provider()
    scene.highlight_hex = "D2"
    scene.ghosts = [Ghost()]
    image = QImage(400, 300, QImage.Format.Format_ARGB32)
    from rusty_train_py.ui.painting import painting

    with painting(image) as painter:
        bc_window.canvas.paint_scene(painter, scene, 0.72)
    assert order == ["selection", "ghosts", "labels"]
    assert names == [None]  # the ghost's tile without "Goderich": the map names the place


def test_the_advisor_s_table_leaves_the_map_seventy_percent(qtbot, prefs, dialogs):
    win = make_window(qtbot, prefs, dialogs)
    win.resize(1600, 1000)
    qtbot.wait(50)
    rows = tuple(AdviceRow(i + 1, "C15", "Goderich", "3", i % 6, 0, 840, 0) for i in range(102))
    win.show_advice(AdviceTable(rows, 0, "GW (5, 8): $840 without a lay. 102 legal lays."))
    qtbot.wait(50)
    assert win.view.advice.isVisible()
    assert win.view.advice.table.height() >= 2 * win.view.advice.table.rowHeight(0)
    assert win.view.scroll_area.height() >= 0.7 * win.height(), win.view.scroll_area.height()
    win.undo_stack.setClean()
    win.close()
