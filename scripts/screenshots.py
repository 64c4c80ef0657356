"""Render the main window in each mode to PNG, offscreen: screenshots/ui_*.png.

    QT_QPA_PLATFORM=offscreen python scripts/screenshots.py [--out screenshots]

The window opens on the bundled 1867 game; the dialogs are answered by a script (the same
answers a player would give), so the pictures show exactly what the program shows.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPointF, QRectF, QSettings, Qt  # noqa: E402
from PySide6.QtGui import QColor, QFont, QImage, QPainter  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from rusty_train_py.paths import PROJECT_ROOT  # noqa: E402
from rusty_train_py.ui.dialogs import (  # noqa: E402
    CompanyDialog,
    Dialogs,
    TrainsDialog,
    dividends_html,
    message_box,
)
from rusty_train_py.ui.main_window import MainWindow  # noqa: E402
from rusty_train_py.ui.preferences import Preferences, TrainChoice  # noqa: E402

K = Qt.Key


class ScriptedDialogs(Dialogs):
    """Answers for the route dialogs: CNR with a 5-train and a 5+5E express."""

    company = "CNR"
    trains = TrainChoice(("5", "5+5E"))

    def choose_company(self, parent, companies, current=None):
        return self.company

    def choose_trains(self, parent, game, company, last):
        return self.trains

    def show_info(self, parent, title, html):
        self.info = (title, html)


def framed(image: QImage, title: str) -> QImage:
    """The window picture under a title bar (offscreen windows have no frame to grab)."""
    bar = 34
    out = QImage(image.width(), image.height() + bar, QImage.Format.Format_ARGB32_Premultiplied)
    out.fill(QColor("#2b2b2b"))
    p = QPainter(out)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    for i, colour in enumerate(("#ff5f57", "#febc2e", "#28c840")):
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(colour))
        p.drawEllipse(QPointF(20 + 22 * i, bar / 2), 6.5, 6.5)
    font = QFont()
    font.setPixelSize(14)
    font.setBold(True)
    p.setFont(font)
    p.setPen(QColor("#f0f0f0"))
    p.drawText(QRectF(90, 0, image.width() - 180, bar), Qt.AlignmentFlag.AlignCenter, title)
    p.drawImage(0, bar, image)
    p.end()
    return out


def pump(app: QApplication, ms: int = 60) -> None:
    import time

    end = time.monotonic() + ms / 1000
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.005)


def plan_shot(win, dialogs, app, shot) -> None:
    """Plan mode: GW's track to Timmins (D2), six lays over three rounds, ghosts by round."""
    dialogs.company = "GW"
    dialogs.trains = TrainChoice(("5", "8"))
    win.fit_map()
    win.press(K.Key_J)
    win.canvas.set_zoom(1.15)
    win.select_hex("D10", centre=True)
    win.select_hex("D2")
    win.press(K.Key_Return)
    while win.searching:
        pump(app, 50)
    shot("plan")
    win.press(K.Key_Escape)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(PROJECT_ROOT / "screenshots"))
    ap.add_argument("--width", type=int, default=1400)
    ap.add_argument("--height", type=int, default=900)
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    app = QApplication.instance() or QApplication(sys.argv[:1])
    tmp = tempfile.mkdtemp(prefix="rtp-shots-")
    prefs = Preferences(QSettings(str(Path(tmp) / "prefs.ini"), QSettings.Format.IniFormat))
    dialogs = ScriptedDialogs()
    win = MainWindow(prefs=prefs, dialogs=dialogs)
    win.canvas.zoom_animation_ms = 0
    win.open_default_game()
    win.resize(args.width, args.height)
    win.show()
    pump(app, 200)
    win.fit_map()
    written = []

    def shot(name: str, widget=None) -> None:
        pump(app)
        path = out / f"ui_{name}.png"
        widget = widget or win
        framed(widget.grab().toImage(), widget.windowTitle()).save(str(path))
        written.append(path)

    def press(*keys: int) -> None:
        for k in keys:
            win.press(k)
        pump(app, 20)

    # Default mode: the active hex (red border on a white casing) on Toronto.
    win.select_hex("F16")
    shot("default")

    # Replace tile mode, upgrades only: the yellow city at M9 offered its green upgrades.
    win.canvas.set_zoom(1.4)
    win.select_hex("M9", centre=True)
    press(K.Key_U)
    press(K.Key_Down)
    shot("replace_tile")
    press(K.Key_Escape)

    # Edit tokens mode on Montreal, second token space selected.
    win.select_hex("L12", centre=True)
    press(K.Key_T, K.Key_Right)
    shot("edit_tokens")
    press(K.Key_Escape)
    win.fit_map()

    # Find routes: a long search running (CNR with four 8-trains: the map faded, progress with
    # the best routes so far and the bound).
    dialogs.trains = TrainChoice(("8", "8", "8", "8"))
    win.select_hex("F16")
    press(K.Key_R)
    import time

    panel = win.view.search
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not panel.phase.text().startswith("Searching"):
        pump(app, 20)
    pump(app, 1500)
    shot("searching")
    press(K.Key_Escape)  # cancel: the best routes found so far are kept and shown
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and win.searching:
        pump(app, 20)
    press(K.Key_Escape)

    # Find routes: the optimal routes drawn, then one route on its own.
    dialogs.trains = TrainChoice(("5", "5+5E"))
    press(K.Key_R)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and win.searching:
        pump(app, 20)
    shot("routes")
    press(K.Key_Right)
    shot("route_single")
    press(K.Key_Left)

    # The dialogs of Find routes mode (built as the window builds them, grabbed unshown).
    game = win.game
    companies = [game.company(c) for c in win.state.companies_on_map()]
    company_dialog = CompanyDialog(companies, win, "CNR")  # starts on the last company used
    shot("select_company", company_dialog)
    trains_dialog = TrainsDialog(game, game.company("CNR"), TrainChoice(("5", "5+5E")), win)
    trains_dialog.adjustSize()
    shot("select_trains", trains_dialog)
    result = win.mode.result
    cnr = game.company("CNR")
    box = message_box(win, f"Dividends: {cnr.name}", dividends_html(result, cnr))
    box.show()
    QApplication.processEvents()
    shot("dividends", box)
    box.close()
    press(K.Key_Escape)

    plan_shot(win, dialogs, app, shot)

    win.undo_stack.setClean()
    win.close()
    for p in written:
        print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
