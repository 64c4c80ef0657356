"""Games played on 18xx.games in the window: the point of a log to open (a list of the
operating rounds' runs, newest first, the end of the log first and chosen), the id or
address of a game to download, and the download on a worker thread."""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtCore import QObject, QRunnable, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ..files.errors import GameFileError
from ..files.online.rounds import RunPoint


class LogPointDialog(QDialog):
    """Pick where to open a log: its end, or just before one of its runs (newest first)."""

    def __init__(self, parent: QWidget | None, name: str, runs: Sequence[RunPoint]) -> None:
        super().__init__(parent)
        self.setWindowTitle("Open the game at…")
        layout = QVBoxLayout(self)
        # the heading wraps (a long file name never pushes it past the dialog's right edge)
        self.heading = QLabel(
            f"<b>{html.escape(name)}</b><br>Open the map at the end of the log, or just"
            " before a company runs its trains:",
            self,
        )
        self.heading.setWordWrap(True)
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.heading)
        self.list = QListWidget(self)
        end = QListWidgetItem("The end of the log (the game as it stands)")
        end.setData(Qt.ItemDataRole.UserRole, None)
        self.list.addItem(end)
        for run in reversed(runs):
            item = QListWidgetItem(run.describe())
            item.setData(Qt.ItemDataRole.UserRole, run.action_id)
            self.list.addItem(item)
        width = self.list.sizeHintForColumn(0) + 2 * self.list.frameWidth() + 24
        self.list.setMinimumWidth(min(width, 900))  # every run's line whole, as a rule
        self.list.setCurrentRow(0)
        self.list.itemActivated.connect(lambda _item: self.accept())
        layout.addWidget(self.list)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.list.setFocus()

    def chosen(self) -> int | None:
        """The action to open before (None: the end of the log)."""
        item = self.list.currentItem()
        if item is None:
            return None
        at = item.data(Qt.ItemDataRole.UserRole)
        return int(at) if at is not None else None


def choose_log_point(parent: QWidget | None, name: str, runs: Sequence[RunPoint]) -> int | None:
    """Ask where to open a log; None: its end (also when the player cancels)."""
    dialog = LogPointDialog(parent, name, runs)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return dialog.chosen()


def ask_online_game(parent: QWidget | None) -> str | None:
    """The id or address of a game on 18xx.games (None: cancelled)."""
    text, ok = QInputDialog.getText(
        parent,
        "Open game from 18xx.games",
        "Game id or address (e.g. 12345 or https://18xx.games/game/12345):",
    )
    return text.strip() if ok and text.strip() else None


class DownloadSignals(QObject):
    finished = Signal(object, str)  # the game's JSON, the address it came from
    failed = Signal(str)


class LogDownload(QRunnable):
    """Downloads game ``gid`` from 18xx.games off the GUI thread."""

    def __init__(self, gid: int, base_url: str) -> None:
        super().__init__()
        self.gid, self.base_url = gid, base_url
        self.signals = DownloadSignals()

    def run(self) -> None:
        from ..files.online.fetch import download_log

        try:
            data, where = download_log(self.gid, self.base_url)
        except GameFileError as exc:
            self.signals.failed.emit(str(exc))
            return
        self.signals.finished.emit(data, where)
