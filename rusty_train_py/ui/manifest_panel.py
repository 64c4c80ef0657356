"""The tile manifest panel (a dock): every tile of the game with its picture, colour and copies
left, dimmed when the phase does not allow it, and the game's upgrade chart.

The panel only shows: the window tells it the map (``show_state``) and the hex selected
(``show_hex``), and hears which tile the player chose (``tileChosen``: a click or Return on a
tile, "" when Esc clears the choice).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QIcon, QImage, QKeyEvent, QPainter, QPixmap
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ..gamedata.game import Game
from ..grid.hexgrid import HexLayout
from ..mapstate.manifest import ManifestRow, manifest_rows
from ..mapstate.state import MapState
from ..render.qt.tiles import draw_tile
from .painting import painting

ICON_PX = 52
TILE_ROLE = Qt.ItemDataRole.UserRole
DIMMED_ROLE = Qt.ItemDataRole.UserRole + 1
DIM_TEXT = "#9a9a9a"


def tile_icon(game: Game, name: str, px: int = ICON_PX, dimmed: bool = False) -> QIcon:
    """A tile's picture, ``px`` pixels across."""
    image = QImage(px, px, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    with painting(image) as p:
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if dimmed:
            p.setOpacity(0.35)
        size = px / 2 - 1
        layout = HexLayout(game.orientation, size)
        draw_tile(p, game.tile(name), 0, None, (px / 2, px / 2), layout)
    return QIcon(QPixmap.fromImage(image))


class TileList(QListWidget):
    """The tiles; Return chooses the current one, Esc clears the choice. (Return is read
    here rather than from ``itemActivated``, which some styles also send on a click.)"""

    cleared = Signal()
    returned = Signal(object)  # the current QListWidgetItem

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if event.key() == Qt.Key.Key_Escape:
            self.cleared.emit()
            event.accept()
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentItem():
            self.returned.emit(self.currentItem())
            event.accept()
            return
        super().keyPressEvent(event)


class ManifestPanel(QDockWidget):
    """Tiles with counts, and the upgrade chart."""

    tileChosen = Signal(str)  # a tile name, "" for none

    def __init__(self, parent: QWidget | None = None):
        super().__init__("Tile manifest", parent)
        self.setObjectName("manifest")
        self.game: Game | None = None
        self.chosen = ""
        self._fits: tuple[str, ...] = ()
        self._rows: list[ManifestRow] = []
        self._icons: dict[tuple[str, bool], QIcon] = {}
        self._chart_game: tuple[str, float, float] | None = None  # (game, width, height) drawn

        self.tabs = QTabWidget()
        tiles = QWidget()
        lay = QVBoxLayout(tiles)
        lay.setContentsMargins(4, 4, 4, 4)
        self.hex_label = QLabel()
        self.hex_label.setWordWrap(True)
        self.hex_label.setStyleSheet("color: #333;")
        self.list = TileList()
        self.list.setIconSize(QSize(ICON_PX, ICON_PX))
        self.list.setUniformItemSizes(True)
        self.list.itemClicked.connect(self._activated)
        self.list.returned.connect(self._activated)
        self.list.cleared.connect(lambda: self.choose(""))
        lay.addWidget(self.hex_label)
        lay.addWidget(self.list, 1)
        self.tabs.addTab(tiles, "Tiles")
        self.chart_area = QScrollArea()
        self.chart_label = QLabel()
        self.chart_area.setWidget(self.chart_label)
        self.chart_area.viewport().installEventFilter(self)  # laid out again when resized
        self.tabs.addTab(self.chart_area, "Upgrade chart")
        self.tabs.currentChanged.connect(lambda _i: self._draw_chart())
        self.setWidget(self.tabs)

    # ---- what the window tells it ---------------------------------------------------------

    def show_state(self, state: MapState) -> None:
        """The tiles and their counts on ``state`` (a new game rebuilds the list)."""
        if self.game is not state.game:
            self.game = state.game
            self._icons.clear()
            self.list.clear()
            self.chosen = ""
            self._rows = []
            if self.tabs.currentWidget() is self.chart_area:
                self._draw_chart()
        rows = manifest_rows(state)
        if rows == self._rows:
            return
        if len(rows) != self.list.count():
            self.list.clear()
            for row in rows:
                item = QListWidgetItem()
                item.setData(TILE_ROLE, row.tile)
                self.list.addItem(item)
        for i, row in enumerate(rows):
            self._fill(self.list.item(i), row)
        self._rows = rows

    def show_hex(self, hex_name: str, fits: tuple[str, ...] | None) -> None:
        """The hex selected and the tiles ``u`` offers there (None: the panel is hidden)."""
        if fits is None:
            return
        if fits:
            self.hex_label.setText(f"Upgrades for {hex_name}: {', '.join(fits)}")
        else:
            self.hex_label.setText(f"{hex_name}: no valid upgrade now")
        if fits != self._fits:
            self._fits = fits
            for i, row in enumerate(self._rows):
                self._fill(self.list.item(i), row)

    def choose(self, name: str) -> None:
        """Make ``name`` the chosen tile ("" for none) and say so."""
        self.chosen = name
        self.list.blockSignals(True)
        if not name:
            self.list.clearSelection()
        else:
            for i in range(self.list.count()):
                if self.list.item(i).data(TILE_ROLE) == name:
                    self.list.setCurrentRow(i)
        self.list.blockSignals(False)
        self.tileChosen.emit(name)

    # ---- what it reads ---------------------------------------------------------------------

    def row_texts(self) -> list[tuple[str, str, bool]]:
        """(tile, the line shown, dimmed) for every tile, as the player reads them."""
        out = []
        for i in range(self.list.count()):
            item = self.list.item(i)
            out.append((item.data(TILE_ROLE), item.text(), bool(item.data(DIMMED_ROLE))))
        return out

    # ---- inside ---------------------------------------------------------------------------

    def _fill(self, item: QListWidgetItem, row: ManifestRow) -> None:
        dimmed = not row.allowed
        fits = row.tile in self._fits
        text = f"{row.tile}   {row.colour}   {row.counts}"
        if fits:
            text += "   \u2190 fits"
        if item.text() != text:
            item.setText(text)
        key = (row.tile, dimmed)
        if key not in self._icons:
            assert self.game is not None
            self._icons[key] = tile_icon(self.game, row.tile, dimmed=dimmed)
        item.setIcon(self._icons[key])
        item.setData(DIMMED_ROLE, dimmed)
        item.setForeground(QColor(DIM_TEXT if dimmed else "#202020"))
        font = QFont(item.font())
        font.setBold(fits)
        item.setFont(font)
        tip = f"tile {row.tile} ({row.colour}): {row.counts} left"
        if dimmed:
            tip += "; the current phase does not allow it"
        item.setToolTip(tip)

    def _activated(self, item: QListWidgetItem) -> None:
        self.choose(item.data(TILE_ROLE))

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        if obj is self.chart_area.viewport() and event.type() == event.Type.Resize:
            self._draw_chart()
        return super().eventFilter(obj, event)

    def _draw_chart(self) -> None:
        """The upgrade chart of the game, laid out in the panel's width (as many tiles side
        by side as fit; the panel widens to one tile per colour at least), drawn when its
        tab is shown and again when the panel's width changes its layout."""
        if self.game is None or self.tabs.currentWidget() is not self.chart_area:
            return
        from ..render.qt.chart import chart_layout, draw_chart

        width = self.chart_area.viewport().width()
        lay = chart_layout(self.game, 30.0, max_width=width)
        if lay.width > width:  # one tile per colour is wider: the panel makes room
            bar = self.chart_area.verticalScrollBar().sizeHint().width()
            self.chart_area.setMinimumWidth(int(lay.width) + bar + 2)
        key = (self.game.id, lay.width, lay.height)
        if self._chart_game == key:
            return
        image = QImage(int(lay.width), int(lay.height), QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(QColor("#ffffff"))
        with painting(image) as p:
            draw_chart(p, self.game, lay)
        self.chart_label.setPixmap(QPixmap.fromImage(image))
        self.chart_label.resize(image.size())
        self._chart_game = key
        self.chart_size = (image.width(), image.height())
