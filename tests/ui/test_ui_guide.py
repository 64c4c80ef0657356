"""Help ▸ User guide (Shift+F1): the guide of docs/ in a window of its own, its pictures
shown, from the data the program reads (a checkout here; the wheel carries it too:
tests/test_installed.py)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument

from rusty_train_py.base.paths import guide_file
from rusty_train_py.ui.guide import GuideWindow

from .conftest import key, wait_for


def test_shift_f1_opens_the_user_guide(qtbot, window):
    key(qtbot, window, Qt.Key.Key_F1, modifier=Qt.KeyboardModifier.ShiftModifier)
    wait_for(qtbot, lambda: isinstance(getattr(window, "_guide", None), GuideWindow))
    guide = window._guide
    wait_for(qtbot, guide.isVisible)
    text = guide.browser.document().toPlainText()
    assert text.startswith("rusty-train-py: the user guide")
    for heading in ("The window", "Command line", "The advisor", "Games"):
        assert f"\n{heading}\n" in text
    # the first picture (the window after a route search) is found and loaded
    source = guide.browser.source().toLocalFile()
    assert source == str(guide_file())
    picture = guide.browser.document().resource(
        QTextDocument.ResourceType.ImageResource,
        guide.browser.source().resolved("../screenshots/ui_routes.png"),
    )
    assert picture is not None and not picture.isNull()
    guide.close()
