"""The two panels of Find routes mode, and what the mode asks them to show.

``SearchView`` -> ``SearchPanel`` over the faded map while the search runs: the phase, a
real progress bar where the search can measure how far it is (busy where it cannot), the
best routes so far and the most any routes could earn, paths and elapsed time, Cancel.

``RouteTable`` -> ``RoutePanel`` under the map once routes are found: one row per train,
its colour on the map (the legend), revenue, counted stops, skipped stops and bonuses,
every word visible (rows wrap; nothing is cut off), and the net revenue.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from ..base.money import DOLLARS
from ..render.colours import ROUTE_CASING, ROUTE_EDGE
from ..route.progress import SearchProgress
from ..route.result import TrainRoute
from .dialogs import money
from .painting import painting

PHASE_TEXT = {
    "graph": "Building the track graph…",
    "paths": "Listing every route the trains could run…",
    "revenues": "Working out what each route earns…",
    "prices": "Tightening the bound…",
    "search": "Searching: closing the gap between the best found and the bound…",
    "done": "Done",
}
BAR_STEPS = 1000


# ---- what the mode asks for --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SearchView:
    """``texts`` (phase, best, detail lines) and ``fraction`` (None: busy) replace what a
    route search's ``progress`` would say, for other work shown in the panel (the advisor)."""

    title: str
    progress: SearchProgress | None = None
    cancelling: bool = False
    texts: tuple[str, str, str] | None = None
    fraction: float | None = None
    currency: str = DOLLARS  # how the game writes amounts


@dataclass(frozen=True, slots=True)
class RouteRow:
    colour: str
    train: str
    revenue: int
    stops: tuple[str, ...]  # counted stops, what each earned: "Toronto 100 (incl. +20 tb)"
    skipped: tuple[str, ...]  # place names
    bonuses: tuple[str, ...]  # "×2", "+10 nfb"
    locked: bool = False  # fixed by the player
    dropped: bool = False  # runs, not paid (the lowest route under a drop-lowest rule)

    @classmethod
    def of(cls, route: TrainRoute, colour: str) -> RouteRow:
        stops = tuple(route.stop_text(i) for i, s in enumerate(route.stops) if not s.skipped)
        skipped = tuple(s.name or s.hex for s in route.stops if s.skipped)
        bonuses = ((f"×{route.multiplier}",) if route.multiplier != 1 else ()) + tuple(
            f"+{amount} {bonus}" for bonus, amount in route.route_bonuses
        )
        return cls(
            colour, route.train, route.revenue, stops, skipped, bonuses, route.locked, route.dropped
        )


@dataclass(frozen=True, slots=True)
class RouteTable:
    rows: tuple[RouteRow, ...]
    total: str
    shown: int | None = None  # the one route drawn alone, if any
    readings: str = ""  # the rule readings the search used, in words
    currency: str = DOLLARS  # how the game writes amounts


# ---- the search panel -------------------------------------------------------------------


def search_texts(view: SearchView) -> tuple[str, str, str]:
    """(phase line, best and bound line, paths and time line) for a search view."""
    if view.texts is not None:
        return view.texts
    p = view.progress
    if view.cancelling:
        phase = "Cancelling: keeping the best routes found so far…"
    else:
        phase = PHASE_TEXT.get(p.phase if p else "graph", "")
    if p is None or p.best is None:
        best = "Best so far: none yet"
    else:
        best = f"Best so far: {money(p.best, view.currency)}"
        if p.bound is not None and p.bound > p.best:
            best += f" · cannot exceed {money(p.bound, view.currency)}"
        elif p.bound is not None:
            best += " · proven optimal"
    if p is None:
        detail = ""
    else:
        paths = f"{p.paths:,} paths" if p.paths else "no paths yet"
        detail = f"{paths} · {p.elapsed:.1f} s"
    return phase, best, detail


class SearchPanel(QFrame):
    """Over the map while a search runs."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("searchPanel")
        self.setStyleSheet(
            "#searchPanel { background: #ffffff; border: 1px solid #8e44ad; border-radius: 10px; }"
        )
        lay = QVBoxLayout(self)
        lay.setContentsMargins(18, 14, 18, 14)
        self.title = QLabel()
        self.title.setStyleSheet("font-weight: bold; font-size: 14px;")
        self.phase = QLabel()
        self.bar = QProgressBar()
        self.bar.setMinimumWidth(420)
        self.bar.setTextVisible(False)
        self.best = QLabel()
        self.best.setStyleSheet("font-size: 13px;")
        self.detail = QLabel()
        self.detail.setStyleSheet("color: #555;")
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        row = QHBoxLayout()
        col = QVBoxLayout()
        col.addWidget(self.best)
        col.addWidget(self.detail)
        row.addLayout(col, 1)
        row.addWidget(self.cancel_button, 0, Qt.AlignmentFlag.AlignBottom)
        lay.addWidget(self.title)
        lay.addWidget(self.phase)
        lay.addWidget(self.bar)
        lay.addLayout(row)
        self.hide()

    def show_view(self, view: SearchView) -> None:
        """Show ``view``, touching only what changed (each change repaints a little)."""
        phase, best, detail = search_texts(view)
        for label, text in (
            (self.title, view.title),
            (self.phase, phase),
            (self.best, best),
            (self.detail, detail),
        ):
            if label.text() != text:
                label.setText(text)
        if view.texts is not None:
            fraction = view.fraction
        else:
            fraction = view.progress.fraction if view.progress is not None else None
        if fraction is None or view.cancelling:
            if self.bar.maximum() != 0:
                self.bar.setRange(0, 0)  # busy: this phase cannot say how far it is
        else:
            if self.bar.maximum() != BAR_STEPS:
                self.bar.setRange(0, BAR_STEPS)
            value = round(fraction * BAR_STEPS)
            if self.bar.value() != value:
                self.bar.setValue(value)
        self.cancel_button.setEnabled(not view.cancelling)


# ---- the route table ----------------------------------------------------------------------


def swatch(colour: str, width: int = 34, height: int = 14) -> QPixmap:
    """A piece of route line as drawn on the map: the colour on its casing."""
    pix = QPixmap(width, height)
    pix.fill(Qt.GlobalColor.transparent)
    with painting(pix) as p:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        y = height / 2
        for c, w in (
            (ROUTE_EDGE, height * 0.95),
            (ROUTE_CASING, height * 0.75),
            (colour, height * 0.48),
        ):
            pen = QPen(QColor(c), w)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            p.setPen(pen)
            p.drawLine(QPointF(height / 2, y), QPointF(width - height / 2, y))
    return pix


def unbroken(text: str) -> str:
    """``text`` with no-break spaces: a stop (``New England 60``) wraps as a whole, never a
    value alone on a line."""
    return text.replace(" ", "\u00a0")


class RoutePanel(QFrame):
    """Under the map: every train's route in full."""

    HEADERS = ("", "Train", "Revenue", "Stops counted", "Skipped", "Bonuses")

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("routePanel")
        self.setStyleSheet(
            "#routePanel { background: #fbfaf6; border-top: 1px solid #b8b2a0; }"
            " QLabel { font-size: 13px; }"
        )
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(12, 8, 12, 8)
        self.grid.setHorizontalSpacing(14)
        self.grid.setVerticalSpacing(4)
        self.grid.setColumnStretch(3, 3)
        self.grid.setColumnStretch(4, 2)
        self.cells: list[list[QLabel]] = []  # per route: its labels
        self.total = QLabel()
        self.readings = QLabel()
        self.hide()

    def show_table(self, table: RouteTable) -> None:
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()  # at once: a table shown again (a new search) covers it
                widget.deleteLater()
        self.cells = []
        for col, text in enumerate(self.HEADERS):
            head = QLabel(f"<b>{text}</b>")
            head.setStyleSheet("color: #555;")
            self.grid.addWidget(head, 0, col)
        for i, row in enumerate(table.rows):
            dim = table.shown is not None and table.shown != i
            colour = "#9a9a9a" if dim else "#202020"
            key = QLabel()
            key.setPixmap(swatch(row.colour))
            train = html.escape(row.train) + (" (locked)" if row.locked else "")
            paid = money(row.revenue, table.currency) + (" (not paid)" if row.dropped else "")
            cells = [
                QLabel(f"<b>{train}</b>"),
                QLabel(f"<b>{paid}</b>"),
                QLabel(html.escape(" · ".join(map(unbroken, row.stops)))),
                QLabel(html.escape(", ".join(map(unbroken, row.skipped))) if row.skipped else "–"),
                QLabel(html.escape(" ".join(row.bonuses)) if row.bonuses else "–"),
            ]
            self.grid.addWidget(key, i + 1, 0)
            for col, label in enumerate(cells, start=1):
                label.setWordWrap(col >= 3)
                label.setTextFormat(Qt.TextFormat.RichText)
                label.setStyleSheet(f"color: {colour};" + (" font-size: 12px;" if col == 4 else ""))
                label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
                self.grid.addWidget(label, i + 1, col)
            self.cells.append([key, *cells])
        self.total = QLabel(f"<b>{html.escape(table.total)}</b>")
        self.total.setWordWrap(True)
        self.grid.addWidget(self.total, len(table.rows) + 1, 0, 1, len(self.HEADERS))
        self.readings = QLabel(table.readings)
        self.readings.setTextFormat(Qt.TextFormat.PlainText)  # "express train's" as written
        self.readings.setWordWrap(True)
        self.readings.setStyleSheet("color: #5a5a5a; font-size: 12px;")
        self.grid.addWidget(self.readings, len(table.rows) + 2, 0, 1, len(self.HEADERS))
        self.readings.setVisible(bool(table.readings))
        self.show()

    def labels(self) -> list[QLabel]:
        """Every label with text (for checking that all of it is visible)."""
        out = [c for row in self.cells for c in row[1:]] + [self.total]
        return out + ([self.readings] if self.readings.text() else [])
