"""A one-line label that gives way: drawn elided with "…" when its room is short, the whole
text in its tooltip (the status bar's hex and message, which must never push the mode's
keys out of sight)."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QWidget

MIN_WIDTH = 60  # the least it shrinks to: a few characters and the "…"


class ElidedLabel(QLabel):
    """A QLabel whose text is elided at the right to the width it is given; ``text()`` is
    the whole text, ``shown_text()`` what is drawn."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setToolTip(text)

    def setText(self, text: str) -> None:  # noqa: N802 (Qt's name)
        super().setText(text)
        self.setToolTip(text)
        self.updateGeometry()

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        hint = super().minimumSizeHint()
        return QSize(min(MIN_WIDTH, hint.width()), hint.height())

    def shown_text(self) -> str:
        room = self.contentsRect().width()
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight, room)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.setFont(self.font())
        align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        painter.drawText(self.contentsRect(), int(align), self.shown_text())
        painter.end()
