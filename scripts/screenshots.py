"""Render every picture the README shows or links, offscreen, into screenshots/: the window in
each mode (ui_*.png, ``UI_SHOTS``), the bundled game as ``render`` draws it, and every game's
start map, tile sheet and upgrade chart as ``render`` and ``tiles`` draw them.

    QT_QPA_PLATFORM=offscreen python scripts/screenshots.py [--out screenshots] [--ui-only]

The window opens on the bundled 1867 game; the dialogs are answered by a script (the same
answers a player would give), so the pictures show exactly what the program shows.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPointF, QRectF, QSettings, Qt  # noqa: E402
from PySide6.QtGui import QColor, QFont, QImage, QPainter  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from rusty_train_py.base.paths import PROJECT_ROOT, default_game_file  # noqa: E402
from rusty_train_py.gamedata.loader.gamefile import available_games, load_game  # noqa: E402
from rusty_train_py.mapstate.state import MapState  # noqa: E402
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

# The window pictures, in the order they are taken (each ui_<name>.png).
UI_SHOTS = (
    "default",
    "replace_tile",
    "edit_tokens",
    "searching",
    "routes",
    "route_single",
    "select_company",
    "select_trains",
    "dividends",
    "manifest",
    "locked_routes",
    "advisor",
    "plan",
)


def rendered_files() -> list[str]:
    """The pictures ``render`` and ``tiles`` draw: the bundled game, and every game's start
    map, tile sheet and upgrade chart."""
    names = [f"{default_game_file().stem}.png"]
    for gid in available_games():
        names += [f"{gid}.png", f"tiles_{gid}.png", f"chart_{gid}.png"]
    return names


def planned_files() -> list[str]:
    """Every file this script writes into the output folder."""
    return [f"ui_{name}.png" for name in UI_SHOTS] + rendered_files()


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

    def ask_save_changes(self, parent, name):
        return "discard"  # the kept run of the pictures is not saved


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
    ap.add_argument("--ui-only", action="store_true", help="only the window pictures")
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    written = window_pictures(out, args.width, args.height)
    if not args.ui_only:
        written += rendered_pictures(out)
    for p in written:
        print(p)
    missing = [n for n in planned_files() if out / n not in written]
    if missing and not args.ui_only:
        print(f"not written: {', '.join(missing)}", file=sys.stderr)
        return 1
    return 0


def rendered_pictures(out: Path) -> list[Path]:
    """The bundled game as ``render`` draws it; each game's start map, tiles and chart."""
    from rusty_train_py.files.loader import open_game
    from rusty_train_py.render.qt.export import (
        render_map_image,
        render_tile_sheet,
        render_upgrade_chart,
    )

    written = []
    bundled = default_game_file()
    render_map_image(open_game(bundled).state, out / f"{bundled.stem}.png", hex_size=80)
    written.append(out / f"{bundled.stem}.png")
    for gid in available_games():
        game = load_game(gid)
        render_map_image(MapState(game), out / f"{gid}.png")
        render_tile_sheet(game, out / f"tiles_{gid}.png")
        render_upgrade_chart(game, out / f"chart_{gid}.png")
        written += [out / f"{gid}.png", out / f"tiles_{gid}.png", out / f"chart_{gid}.png"]
    return written


def window_pictures(out: Path, width: int, height: int) -> list[Path]:
    """The window in each mode (``UI_SHOTS``), each ui_<name>.png."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    tmp = tempfile.mkdtemp(prefix="rtp-shots-")
    prefs = Preferences(QSettings(str(Path(tmp) / "prefs.ini"), QSettings.Format.IniFormat))
    dialogs = ScriptedDialogs()
    win = MainWindow(prefs=prefs, dialogs=dialogs)
    win.canvas.zoom_animation_ms = 0
    win.files.open_default_game()
    win.resize(width, height)
    win.show()
    pump(app, 200)
    win.fit_map()
    written: list[Path] = []

    def shot(name: str, widget=None) -> None:
        assert name == UI_SHOTS[len(written)], name  # the order of UI_SHOTS
        pump(app)
        path = out / f"ui_{name}.png"
        widget = widget or win
        framed(widget.grab().toImage(), widget.windowTitle()).save(str(path))
        written.append(path)

    def press(*keys: int) -> None:
        for k in keys:
            win.press(k)
        pump(app, 20)

    def type_keys(text: str, widget=None) -> None:
        """Typed keys, as a player types them on the map (or on ``widget``)."""
        QTest.keyClicks(widget or win.canvas, text)
        pump(app, 20)

    def wait_search(seconds: float = 120) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and win.searching:
            pump(app, 20)

    def click_hex(name: str) -> None:
        win.canvas.ensure_hex_visible(name)
        centre = win.canvas.hex_rect(name).center().toPoint()
        QTest.mouseClick(win.canvas, Qt.MouseButton.LeftButton, pos=centre)
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

    # Tile manifest (m): Kingston selected, tile 57 chosen in the list (Return) marks every
    # hex where it can go now.
    win.fit_map()
    win.select_hex("I15")
    type_keys("m")
    tiles = win.manifest.list
    tiles.setFocus()
    names = [t for t, _, _ in win.manifest.row_texts()]
    QTest.keyClick(tiles, K.Key_Home)
    for _ in range(names.index("57")):
        QTest.keyClick(tiles, K.Key_Down)
    QTest.keyClick(tiles, K.Key_Return)
    shot("manifest")
    QTest.keyClick(tiles, K.Key_Escape)
    win.canvas.setFocus()
    type_keys("m")

    # Route control: GW's 5 and 8 kept as its run (Return), then a new search with the 5 drawn
    # by its stops (n, clicks, Return: locked), the 8 optimised around it, the last run pale.
    dialogs.company = "GW"
    dialogs.trains = TrainChoice(("5", "8"))
    press(K.Key_R)
    wait_search()
    press(K.Key_Return)
    press(K.Key_R)
    wait_search()
    press(K.Key_Right)  # the 5 alone
    type_keys("n")
    for h in ("F16", "E15", "D16", "C17", "B18"):
        click_hex(h)
    press(K.Key_Return)
    wait_search()
    win.fit_map()
    shot("locked_routes")
    press(K.Key_Escape)

    # Advisor (a): GW's lays ranked by what its 5 and 8 earn after each, the best as ghosts.
    press(K.Key_A)
    wait_search(600)
    shot("advisor")
    press(K.Key_Escape)

    plan_shot(win, dialogs, app, shot)

    win.undo_stack.setClean()
    win.close()
    return written


if __name__ == "__main__":
    sys.exit(main())
