"""The map fills its space: fitted at 1400 x 900, in Default mode and with the route table
under the map, the hexes span at least 95% of the view along the fitted side (margins under
5%: the room for the coordinates) and sit in the middle along the other."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt

from rusty_train_py.render import geometry
from rusty_train_py.ui.preferences import TrainChoice

from .conftest import key, wait_for

K = Qt.Key


def hexes_on_view(win):
    """(left, top, right, bottom) of the drawn hexes in the scroll area's viewport."""
    canvas = win.canvas
    x0, y0, x1, y1 = geometry.map_bounds(canvas.game, canvas.hex_layout, 0.0)
    vp = win.view.scroll_area.viewport()
    a = canvas.mapTo(vp, canvas.to_widget(QPointF(x0, y0)).toPoint())
    b = canvas.mapTo(vp, canvas.to_widget(QPointF(x1, y1)).toPoint())
    return a.x(), a.y(), b.x(), b.y(), vp.width(), vp.height()


def assert_fills(win):
    left, top, right, bottom, w, h = hexes_on_view(win)
    wide, high = (right - left) / w, (bottom - top) / h
    assert max(wide, high) >= 0.95, (wide, high)  # the fitted side: margins under 5%
    assert min(wide, high) <= 1.0
    if wide < high:  # fitted top to bottom: as much room left and right
        assert abs(left - (w - right)) <= 2
    else:
        assert abs(top - (h - bottom)) <= 2


@pytest.mark.parametrize("size", [(1400, 900), (900, 1100)])
def test_the_fitted_map_fills_the_view(qtbot, bc_window, size):
    bc_window.resize(*size)
    bc_window.fit_map()
    qtbot.wait(50)
    assert_fills(bc_window)


def test_the_fitted_map_fills_the_view_over_the_route_table(qtbot, bc_window, dialogs):
    bc_window.resize(1400, 900)
    bc_window.fit_map()
    dialogs.company = "CNR"
    dialogs.trains = TrainChoice(("5", "5+5E"))
    key(qtbot, bc_window, K.Key_R)
    wait_for(qtbot, lambda: not bc_window.searching)
    qtbot.wait(50)
    assert bc_window.view.routes.isVisible()
    assert_fills(bc_window)


def lines_of(label) -> list[str]:
    """The lines a word-wrapped label shows at its width."""
    from PySide6.QtGui import QTextDocument

    doc = QTextDocument()
    doc.setDefaultFont(label.font())
    doc.setDocumentMargin(0)
    doc.setHtml(label.text())
    doc.setTextWidth(label.contentsRect().width())
    doc.documentLayout().documentSize()  # lays the text out
    out = []
    block = doc.begin()
    while block.isValid():
        layout = block.layout()
        for i in range(layout.lineCount()):
            line = layout.lineAt(i)
            out.append(block.text()[line.textStart() : line.textStart() + line.textLength()])
        block = block.next()
    return out


@pytest.mark.parametrize("width", [800, 900, 1000, 1100, 1400])
def test_the_route_table_never_wraps_a_value_alone(qtbot, bc_window, dialogs, width):
    """New England's "60" wrapped onto a line of its own: a stop wraps as a whole."""
    bc_window.resize(width, 900)
    dialogs.company = "CNR"
    dialogs.trains = TrainChoice(("5", "5+5E"))
    key(qtbot, bc_window, K.Key_R)
    wait_for(qtbot, lambda: not bc_window.searching)
    qtbot.wait(50)
    wrapped = 0
    for row in bc_window.view.routes.cells:
        for label in row[3:5]:  # the stops counted and skipped
            lines = lines_of(label)
            wrapped += len(lines) > 1
            for line in lines:
                bare = line.strip(" ·,\u00a0")
                assert bare and not bare.replace("x", "").isdigit(), (width, lines)
    if width <= 900:
        assert wrapped  # the narrow windows do wrap the long routes
