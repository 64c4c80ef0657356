"""The window's dialogs, behind one object the window calls (tests replace it with a stub).

Every method returns the user's answer or None when they cancel; none of them changes the
map itself.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QStringListModel, Qt
from PySide6.QtGui import QColor, QIcon, QKeyEvent, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from ..base.money import DOLLARS
from ..base.money import money as base_money
from ..files.online.rounds import RunPoint
from ..gamedata.game import Company, Game
from ..route.result import RouteResult
from .navigation import selectable
from .preferences import TrainChoice

GAME_FILTER = (
    "Saved games (*.json *.game);;rusty-train-py games and 18xx.games logs (*.json);;"
    "Rusty Train games (*.game);;All files (*)"
)
MAX_TRAINS_EACH = 4  # most copies of one train type a company can pick in the dialog


def colour_icon(colour: str, size: int = 14) -> QIcon:
    pix = QPixmap(size, size)
    pix.fill(QColor(colour))
    return QIcon(pix)


def money(amount: int, currency: str = DOLLARS) -> str:
    """``amount`` as the game writes it (base/money.py): ``$1,160``, ``1,160₽``."""
    return base_money(amount, currency)


def ok_cancel(dialog: QDialog) -> QDialogButtonBox:
    """OK and Cancel buttons that accept and reject ``dialog``."""
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons


class CompanyDialog(QDialog):
    """Pick one company from a list (those with tokens on the map), starting on ``current``
    (the company last searched) when it is in the list."""

    def __init__(
        self,
        companies: Sequence[Company],
        parent: QWidget | None = None,
        current: str | None = None,
    ):
        super().__init__(parent)
        self.setWindowTitle("Select a company")
        self.list = QListWidget()
        for c in (c for c in companies if not c.is_neutral):  # neutral companies run no trains
            item = QListWidgetItem(colour_icon(c.colour), f"{c.name} ({c.abbrev})")
            item.setData(Qt.ItemDataRole.UserRole, c.abbrev)
            self.list.addItem(item)
        abbrevs = [c.abbrev for c in companies]
        self.list.setCurrentRow(abbrevs.index(current) if current in abbrevs else 0)
        self.list.itemDoubleClicked.connect(self.accept)
        buttons = ok_cancel(self)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Find the best routes for:"))
        layout.addWidget(self.list)
        layout.addWidget(buttons)
        self.resize(360, 360)

    def selected(self) -> str | None:
        item = self.list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item else None


class TrainsDialog(QDialog):
    """Pick a company's trains (how many of each type) and the bonuses it holds."""

    def __init__(
        self, game: Game, company: Company, last: TrainChoice, parent: QWidget | None = None
    ):
        super().__init__(parent)
        self.setWindowTitle(f"Select trains: {company.name}")
        self.spins: dict[str, QSpinBox] = {}
        self.checks: dict[str, QCheckBox] = {}
        self.places: dict[str, QComboBox] = {}  # placed bonuses: the hex it is on
        counts = {t: last.trains.count(t) for t in set(last.trains)}

        trains_box = QGroupBox("Trains")
        grid = QGridLayout(trains_box)
        for row, t in enumerate(game.trains):
            spin = QSpinBox()
            limit = MAX_TRAINS_EACH if t.count is None else min(MAX_TRAINS_EACH, t.count)
            spin.setRange(0, limit)
            spin.setValue(min(counts.get(t.name, 0), limit))
            spin.setAccessibleName(f"{t.name}-trains")
            self.spins[t.name] = spin
            grid.addWidget(QLabel(f"<b>{t.name}</b>"), row, 0)
            stock = "unlimited" if t.count is None else f"{t.count} in the game"
            grid.addWidget(QLabel(f"{t.description.split(': ', 1)[-1]} ({stock})"), row, 1)
            grid.addWidget(spin, row, 2)

        bonus_box = QGroupBox("Bonuses")
        blay = QVBoxLayout(bonus_box)
        for b in game.bonuses:
            check = QCheckBox(b.name)
            check.setToolTip(b.name)
            if b.always:
                check.setChecked(True)
                check.setEnabled(False)
                check.setText(f"{b.name} (always)")
            else:
                held = [x for x in last.bonuses if x.partition(":")[0] == b.id]
                check.setChecked(bool(held))
            self.checks[b.id] = check
            blay.addWidget(check)
            if b.placed:  # a private's bonus the player puts on one of its hexes
                place = QComboBox()
                place.setAccessibleName(f"{b.id}-hex")
                for h in b.params_dict["hexes"]:
                    where = game.hexes[h].location
                    place.addItem(f"{where} ({h})" if where else h, h)
                chosen = [x.partition(":")[2] for x in last.bonuses if x.startswith(b.id + ":")]
                if chosen and b.kind.placed_many and place.findData(chosen[0]) < 0:
                    place.addItem(chosen[0].replace("+", ", "), chosen[0])  # 18FL's hotels
                if chosen and place.findData(chosen[0]) >= 0:
                    place.setCurrentIndex(place.findData(chosen[0]))
                place.setEnabled(check.isChecked())
                check.toggled.connect(place.setEnabled)
                self.places[b.id] = place
                blay.addWidget(place)
        if not game.bonuses:
            blay.addWidget(QLabel("This game has no route bonuses."))
        blay.addStretch(1)

        boxes = QHBoxLayout()
        boxes.addWidget(trains_box, 3)
        boxes.addWidget(bonus_box, 2)
        self.buttons = ok_cancel(self)
        layout = QVBoxLayout(self)
        layout.addLayout(boxes)
        layout.addWidget(self.buttons)
        for spin in self.spins.values():
            spin.valueChanged.connect(self._update_ok)
        self._update_ok()

    def _update_ok(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(any(s.value() for s in self.spins.values()))

    def choice(self) -> TrainChoice:
        trains = []
        for name, spin in self.spins.items():
            trains.extend([name] * spin.value())
        bonuses = []
        for bid, c in self.checks.items():
            if c.isChecked() and c.isEnabled():
                place = self.places.get(bid)
                bonuses.append(f"{bid}:{place.currentData()}" if place is not None else bid)
        return TrainChoice(tuple(trains), tuple(bonuses))


class HexDialog(QDialog):
    """Type a hex name (or a place name) to jump there; completes as you type.

    One Return goes there, whether or not the list of completions is open (Qt's completer
    would take the first Return only to close its list)."""

    def __init__(self, game: Game, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Go to hex")
        self.game = game
        self.edit = QLineEdit()
        self.edit.setPlaceholderText("e.g. F16 or Toronto")
        shown = [mh for mh in game.hexes.values() if selectable(game, mh.name)]
        entries = [mh.name for mh in sorted(shown, key=lambda mh: mh.coord)]
        entries += sorted(f"{mh.location} ({mh.name})" for mh in shown if mh.location)
        completer = QCompleter(QStringListModel(entries, self), self)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.edit.setCompleter(completer)
        self.popup = completer.popup()
        assert self.popup is not None
        self.popup.installEventFilter(self)
        self.completer = completer
        buttons = ok_cancel(self)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Hex name or place:"))
        layout.addWidget(self.edit)
        layout.addWidget(buttons)

    def text(self) -> str:
        return self.edit.text()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        if (
            obj is self.popup
            and isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.KeyPress
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ):
            index = self.popup.currentIndex()
            if index.isValid():
                self.edit.setText(index.data())
            self.popup.hide()
            self.accept()
            return True
        return super().eventFilter(obj, event)


class PreferencesDialog(QDialog):
    def __init__(self, screenshot_dir: Path, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Preferences")
        self.folder = QLineEdit(str(screenshot_dir))
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.folder, 1)
        row.addWidget(browse)
        form = QFormLayout()
        form.addRow("Screenshot folder:", row)
        buttons = ok_cancel(self)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.resize(520, 100)

    def _browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Screenshot folder", self.folder.text())
        if folder:
            self.folder.setText(folder)


def dividends_html(result: RouteResult, company: Company, currency: str = DOLLARS) -> str:
    """The payouts of ``result`` for ``company``, amounts in the game's ``currency``."""

    def money(amount: int) -> str:
        return base_money(amount, currency)

    d = result.dividends(company.shares)
    rows = [f"<h3>{company.name}: {money(d.revenue)}</h3>"]
    if company.shares <= 1:
        rows.append(f"<p>Full payout: <b>{money(d.revenue)}</b> to the owner.</p>")
        rows.append(
            f"<p>Half payout: <b>{money(d.revenue - d.half_retained)}</b> to the owner,"
            f" {money(d.half_retained)} kept by the company.</p>"
        )
        return "".join(rows)
    rows.append("<table cellspacing='0' cellpadding='4'>")
    rows.append(
        "<tr><th></th><th align='right'>per share</th><th align='right'>company keeps</th></tr>"
    )
    rows.append(
        f"<tr><td>Full payout</td><td align='right'><b>{money(d.full_per_share)}</b></td>"
        f"<td align='right'>{money(d.revenue - d.full_per_share * d.shares)}</td></tr>"
    )
    rows.append(
        f"<tr><td>Half payout</td><td align='right'><b>{money(d.half_per_share)}</b></td>"
        f"<td align='right'>{money(d.half_retained)}</td></tr>"
    )
    rows.append("</table>")
    rows.append(f"<p>{d.shares} shares.</p>")
    return "".join(rows)


class InfoDialog(QDialog):
    """``html`` (dividends, the keys, load warnings) in full: the dialog is as big as its
    text, up to most of the screen, and scrolls beyond that; nothing is cut off."""

    def __init__(self, title: str, html: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle(title)
        self.browser = QTextBrowser()
        self.browser.setHtml(html)
        self.browser.setFrameShape(QFrame.Shape.NoFrame)
        self.browser.setOpenExternalLinks(False)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        self.fit_to_text()

    def fit_to_text(self) -> None:
        doc = self.browser.document()
        doc.setTextWidth(-1)
        width = math.ceil(doc.idealWidth()) + 2 * math.ceil(doc.documentMargin()) + 8
        screen = self.screen().availableGeometry() if self.screen() else None
        max_w = int(screen.width() * 0.8) if screen else 1200
        max_h = int(screen.height() * 0.8) if screen else 800
        width = min(max(width, 320), max_w)
        doc.setTextWidth(width)
        height = min(math.ceil(doc.size().height()) + 8, max_h)
        self.browser.setMinimumSize(width, height)
        self.adjustSize()


def message_box(parent: QWidget | None, title: str, html: str) -> InfoDialog:
    """The dialog ``Dialogs.show_info`` shows (dividends, the key list)."""
    return InfoDialog(title, html, parent)


class Dialogs:
    """The real dialogs. Each method is a single question; tests swap in a stub."""

    # ---- files ----------------------------------------------------------------------------

    def open_file(self, parent: QWidget, folder: str) -> str | None:
        path, _ = QFileDialog.getOpenFileName(parent, "Load a saved game", folder, GAME_FILTER)
        return path or None

    def save_file(self, parent: QWidget, suggested: str) -> str | None:
        path, _ = QFileDialog.getSaveFileName(
            parent, "Save the game", suggested, "rusty-train-py games (*.json)"
        )
        if not path:
            return None
        return path if Path(path).suffix else path + ".json"

    def ask_save_changes(self, parent: QWidget, name: str) -> str:
        """``"save"``, ``"discard"`` or ``"cancel"``."""
        box = QMessageBox(parent)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Unsaved changes")
        box.setText(f"Save the changes to {name}?")
        box.setInformativeText("Your edits will be lost if you don't save them.")
        box.setStandardButtons(
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel
        )
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        if answer == QMessageBox.StandardButton.Save:
            return "save"
        if answer == QMessageBox.StandardButton.Discard:
            return "discard"
        return "cancel"

    def choose_game(self, parent: QWidget, games: Sequence[tuple[str, str]]) -> str | None:
        labels = [f"{title} ({gid})" for gid, title in games]
        label, ok = QInputDialog.getItem(parent, "New game", "Game:", labels, 0, False)
        if not ok:
            return None
        return games[labels.index(label)][0]

    # ---- messages -------------------------------------------------------------------------

    def choose_log_point(self, parent: QWidget, name: str, runs: Sequence[RunPoint]) -> int | None:
        from .online_dialogs import choose_log_point

        return choose_log_point(parent, name, runs)

    def ask_online_game(self, parent: QWidget) -> str | None:
        from .online_dialogs import ask_online_game

        return ask_online_game(parent)

    def error(self, parent: QWidget, title: str, message: str) -> None:
        QMessageBox.critical(parent, title, message)

    def show_info(self, parent: QWidget, title: str, html: str) -> None:
        message_box(parent, title, html).exec()

    # ---- map questions --------------------------------------------------------------------

    def ask_hex(self, parent: QWidget, game: Game) -> str | None:
        dlg = HexDialog(game, parent)
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return None
        return dlg.text()

    def ask_phase(self, parent: QWidget, phases: Sequence[str], current: str) -> str | None:
        labels = list(phases)
        phase, ok = QInputDialog.getItem(
            parent, "Change the game phase", "Phase:", labels, labels.index(current), False
        )
        return phase if ok else None

    def choose_company(
        self, parent: QWidget, companies: Sequence[Company], current: str | None = None
    ) -> str | None:
        dlg = CompanyDialog(companies, parent, current)
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return None
        return dlg.selected()

    def choose_trains(
        self, parent: QWidget, game: Game, company: Company, last: TrainChoice
    ) -> TrainChoice | None:
        dlg = TrainsDialog(game, company, last, parent)
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return None
        return dlg.choice()

    def preferences(self, parent: QWidget, screenshot_dir: Path) -> Path | None:
        dlg = PreferencesDialog(screenshot_dir, parent)
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return None
        return Path(dlg.folder.text()) if dlg.folder.text().strip() else None
