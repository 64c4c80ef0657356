"""The advisor's list under the map: the lays it proposes, best first or in the order the
player sorts them (a header click, or ``o``), the chosen one selected.

``AdviceTable`` is what the Advisor mode asks the window to show; ``AdvicePanel`` shows it
and reports header clicks (``sortRequested``: the sort's name) and row clicks
(``rowClicked``: the row's position in the table).
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..base.money import DOLLARS
from .dialogs import money

HEADERS = ("#", "Hex", "Tile", "Rotation", "Cost", "Net revenue", "Gain")
# What a click on each column sorts by (the mode's sort names).
COLUMN_SORTS = ("gain", "hex", "tile", "tile", "cost", "gain", "gain")
VISIBLE_ROWS = 6
MIN_ROWS = 2  # rows the table shows however little room the window leaves it


@dataclass(frozen=True, slots=True)
class AdviceRow:
    rank: int  # by net revenue, then the advisor's tie break (1: the best)
    hex: str
    place: str  # the hex's location name ("" if none)
    tile: str
    rotation: int
    cost: int
    net_revenue: int
    gain: int
    currency: str = DOLLARS  # how the game writes amounts

    def cells(self) -> tuple[str, ...]:
        where = f"{self.hex} {self.place}".strip()
        gain = f"+{self.gain}" if self.gain >= 0 else str(self.gain)
        return (
            str(self.rank),
            where,
            self.tile,
            str(self.rotation),
            money(self.cost, self.currency) if self.cost else "–",
            money(self.net_revenue, self.currency),
            gain,
        )


@dataclass(frozen=True, slots=True)
class AdviceTable:
    rows: tuple[AdviceRow, ...]
    selected: int | None  # position in ``rows``
    summary: str
    sort: str = "gain"


class AdvicePanel(QFrame):
    """Under the map: the proposed lays as a sortable table."""

    sortRequested = Signal(str)
    rowClicked = Signal(int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("advicePanel")
        self.setStyleSheet(
            "#advicePanel { background: #fbfaf6; border-top: 1px solid #b8b2a0; }"
            " QLabel { font-size: 13px; }"
        )
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(12, 8, 12, 8)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.table = QTableWidget(0, len(HEADERS))
        self.table.setHorizontalHeaderLabels(HEADERS)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys stay with the map
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        header.setSectionsClickable(True)
        header.sectionClicked.connect(lambda col: self.sortRequested.emit(COLUMN_SORTS[col]))
        self.table.cellClicked.connect(lambda row, _col: self.rowClicked.emit(row))
        lay.addWidget(self.summary)
        lay.addWidget(self.table)
        self._rows: tuple[AdviceRow, ...] = ()
        self._room = 10**6  # set by the window as it resizes (set_room)
        self.hide()

    def show_table(self, table: AdviceTable) -> None:
        self.summary.setText(html.escape(table.summary))
        if table.rows != self._rows:
            self._rows = table.rows
            self.table.setRowCount(len(table.rows))
            for r, row in enumerate(table.rows):
                for c, text in enumerate(row.cells()):
                    item = QTableWidgetItem(text)
                    align = (
                        Qt.AlignmentFlag.AlignRight
                        if c in (0, 4, 5, 6)
                        else Qt.AlignmentFlag.AlignLeft
                    )
                    item.setTextAlignment(align | Qt.AlignmentFlag.AlignVCenter)
                    self.table.setItem(r, c, item)
            sort_col = COLUMN_SORTS.index(table.sort)
            self.table.horizontalHeader().setSortIndicatorShown(True)
            self.table.horizontalHeader().setSortIndicator(sort_col, Qt.SortOrder.AscendingOrder)
            self._fit_table()
        if table.selected is None:
            self.table.clearSelection()
        else:
            self.table.selectRow(table.selected)
            first = self.table.item(table.selected, 0)
            if first is not None:
                self.table.scrollToItem(first)
        self.show()

    def set_room(self, height: int) -> None:
        """The most height the panel may take (the map keeps the rest): the table shows as
        many rows as fit, at least MIN_ROWS, at most VISIBLE_ROWS; it scrolls for the rest."""
        if height != self._room:
            self._room = height
            self._fit_table()

    def _fit_table(self) -> None:
        header = self.table.horizontalHeader().height() + 4
        lay = self.layout()
        assert lay is not None
        margins = lay.contentsMargins()
        summary = self.summary.heightForWidth(max(1, self.width() - 24))
        spare = self._room - margins.top() - margins.bottom() - lay.spacing()
        spare -= max(summary, self.summary.sizeHint().height()) + header
        heights = [self.table.rowHeight(i) for i in range(min(VISIBLE_ROWS, len(self._rows)))]
        shown = 0
        while shown < len(heights) and (shown < MIN_ROWS or sum(heights[: shown + 1]) <= spare):
            shown += 1
        self.table.setFixedHeight(header + sum(heights[:shown]))

    def texts(self) -> list[list[str]]:
        """The rows as shown (for tests and screenshots)."""
        return [
            [item.text() if (item := self.table.item(r, c)) else "" for c in range(len(HEADERS))]
            for r in range(self.table.rowCount())
        ]

    def selected_row(self) -> int | None:
        rows = self.table.selectionModel().selectedRows()
        return rows[0].row() if rows else None
