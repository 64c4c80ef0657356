"""Guard against Qt bindings that drop references to None (PySide6 6.12.0 on Python 3.11
aborts the interpreter after a few thousand void calls; pyproject.toml excludes it)."""

import sys

from PySide6.QtGui import QColor


def test_void_qt_calls_keep_none_alive():
    colour = QColor(1, 2, 3)
    before = sys.getrefcount(None)
    for i in range(20000):
        colour.setRed(i % 255)
    assert abs(sys.getrefcount(None) - before) < 100
