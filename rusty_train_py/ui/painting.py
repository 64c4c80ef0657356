"""A QPainter that is always ended: ``with painting(device) as p: ...``.

A painter left active on a pixmap or image when an exception escapes (a drawing bug) makes
Qt destroy a device that is still being painted, which ends the process. Every paint path of
the window opens its painter through here.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtGui import QPaintDevice, QPainter


@contextmanager
def painting(device: QPaintDevice) -> Iterator[QPainter]:
    """A painter on ``device``, ended whatever happens inside the block."""
    painter = QPainter(device)
    try:
        yield painter
    finally:
        if painter.isActive():
            painter.end()
