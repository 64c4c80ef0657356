"""A random-key soak of the real window: seeded random keys (and a few clicks) on whichever
widget has the focus, across modes, new games, files opened and saved (good and bad), undo
and redo, with the dialogs answered at random. Zero problems means no exception reached the
event loop, Qt printed no warning, and every drawing of the map succeeded.

Searches stay small (one or two of the game's two cheapest trains), so Find routes and the
Advisor finish in a fraction of a second; one still running after ``SEARCH_PATIENCE`` seconds
gets Esc. ``tests/ui/test_ui_soak.py`` runs a few hundred keys; ``tests/soak_window.py`` (in
``make fuzz``) a long run.
"""

from __future__ import annotations

import json
import random
import shutil
import sys
import time
import traceback
import zlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QPoint, QSettings, Qt, QtMsgType, qInstallMessageHandler
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from rusty_train_py.base.paths import default_game_file
from rusty_train_py.gamedata.loader.gamefile import available_games, load_game
from rusty_train_py.ui.main_window import MainWindow
from rusty_train_py.ui.preferences import Preferences, TrainChoice

from .stub_dialogs import StubDialogs
from .window_drive import POSITIONS, late_state

K = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
NONE = Qt.KeyboardModifier.NoModifier
SEARCH_PATIENCE = 10.0  # seconds a soak search may run before it gets Esc
CANCEL_PATIENCE = 5.0  # seconds Esc may take to stop it
# Qt's offscreen platform says this of every top-level window; nothing of ours.
BENIGN_QT = ("This plugin does not support propagateSizeHints()",)

# (key, modifiers, weight): every key of every mode and of the window, but quit
ARROWS = "Left Right Up Down".split()
PLAIN = "Return Escape Backspace Delete Comma Period Slash".split()
MODE_KEYS = "E U T R A".split()  # the modes Default enters
LETTERS = "P G O W L N C D M S 0 1".split()
KEYS: list[tuple[int, Qt.KeyboardModifier, int]] = (
    [(getattr(K, f"Key_{k}"), NONE, 8) for k in ARROWS]
    + [(getattr(K, f"Key_{k}"), NONE, 3) for k in PLAIN]
    + [(getattr(K, f"Key_{k}"), NONE, 6) for k in MODE_KEYS]
    + [(getattr(K, f"Key_{k}"), NONE, 2) for k in LETTERS]
    + [(K.Key_Plus, NONE, 1), (K.Key_Minus, NONE, 1), (K.Key_F1, NONE, 1)]
    + [(K.Key_Z, CTRL, 4), (K.Key_Y, CTRL, 2), (K.Key_Z, CTRL | SHIFT, 1), (K.Key_0, CTRL, 1)]
    + [(K.Key_N, CTRL, 1), (K.Key_O, CTRL, 2), (K.Key_S, CTRL, 1), (K.Key_S, CTRL | SHIFT, 1)]
    + [(K.Key_X, NONE, 1), (K.Key_Tab, NONE, 1)]
)
CLICK_WEIGHT = 6


def seed_for(game_id: str, seed: int) -> int:
    """A seed of its own for each game, the same on every run."""
    return zlib.crc32(f"{seed}:{game_id}".encode())


class SoakDialogs(StubDialogs):
    """Answers the window's questions at random, keeping searches small."""

    def __init__(self, rng: random.Random, files: list[str], saves: list[str]) -> None:
        super().__init__()
        self.rng = rng
        self.files = files
        self.saves = saves
        self.window: MainWindow | None = None

    def open_file(self, parent, folder):
        return self.rng.choice(self.files + [None])

    def save_file(self, parent, suggested):
        return self.rng.choice(self.saves + [None])

    def ask_save_changes(self, parent, name):
        return self.rng.choice(("discard", "discard", "cancel", "save"))

    def choose_game(self, parent, games):
        return self.rng.choice([g for g, _ in games] + [None])

    def error(self, parent, title, message):
        self.errors.append((title, message))

    def ask_hex(self, parent, game):
        names = list(game.hexes)
        return self.rng.choice(names + ["B14", "Z99", "", "toronto", "x" * 300])

    def ask_phase(self, parent, phases, current):
        return self.rng.choice(list(phases) + [None])

    def choose_company(self, parent, companies, current=None):
        return self.rng.choice([c.abbrev for c in companies] + [None])

    def choose_trains(self, parent, game, company, last):
        cheap = sorted(game.trains, key=lambda t: (t.price, t.name))[:2]
        n = self.rng.choice((0, 1, 1, 2))
        return TrainChoice(tuple(self.rng.choice(cheap).name for _ in range(n)), ())

    def preferences(self, parent, folder):
        return None


@dataclass
class SoakReport:
    keys: int = 0
    clicks: int = 0
    searches: int = 0  # keys pressed while a search ran, plus waits for one
    slow_searches: int = 0
    modes: Counter = field(default_factory=Counter)
    games: set = field(default_factory=set)
    problems: list[str] = field(default_factory=list)
    cpu_seconds: float = 0.0

    def merge(self, other: SoakReport) -> None:
        self.keys += other.keys
        self.clicks += other.clicks
        self.searches += other.searches
        self.slow_searches += other.slow_searches
        self.modes.update(other.modes)
        self.games |= other.games
        self.problems += other.problems
        self.cpu_seconds += other.cpu_seconds

    def summary(self) -> str:
        modes = ", ".join(f"{m} {n}" for m, n in sorted(self.modes.items()))
        return (
            f"{self.keys} keys, {self.clicks} clicks, {len(self.games)} games"
            f" ({', '.join(sorted(self.games))}); keys per mode: {modes};"
            f" {self.searches} search waits, {self.slow_searches} cancelled as slow;"
            f" {len(self.problems)} problems; {self.cpu_seconds:.1f} CPU s"
        )


def soak_files(folder: Path) -> tuple[list[str], list[str]]:
    """Files the soak opens (every late position, the bundled game, bad ones) and saves to."""
    folder.mkdir(parents=True, exist_ok=True)
    originals = sorted(POSITIONS.glob("late_*.json"))
    if default_game_file().exists():
        originals.append(default_game_file())
    files = []
    for original in originals:  # copies: Ctrl+S writes to the file opened
        copy = folder / original.name
        shutil.copyfile(original, copy)
        files.append(str(copy))
    digits = folder / "digits.json"
    digits.write_text(
        json.dumps(
            {
                "format": "rusty-train-py",
                "version": 1,
                "game": "1867",
                "phase": "2",
                "tiles": [{"hex": "A" + "1" * 5000, "tile": "57", "rotation": 0}],
                "tokens": [],
            }
        )
    )
    binary = folder / "binary.json"
    binary.write_bytes(bytes(range(256)))
    (folder / "a folder.json").mkdir(exist_ok=True)
    files += [str(digits), str(binary), str(folder / "a folder.json"), str(folder / "none.json")]
    saves = [str(folder / "saved.json"), str(folder / "no such folder" / "x.json")]
    files.append(saves[0])  # reopen what was saved
    return files, saves


class Watch:
    """Records exceptions that reach the event loop and Qt's warnings, while installed."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def __enter__(self) -> Watch:
        self._hook = sys.excepthook
        sys.excepthook = self._exception
        self._handler = qInstallMessageHandler(self._message)
        return self

    def __exit__(self, *exc) -> None:
        sys.excepthook = self._hook
        qInstallMessageHandler(self._handler)

    def _exception(self, exc_type, exc, tb) -> None:
        self.problems.append("".join(traceback.format_exception(exc_type, exc, tb)))

    def _message(self, kind, context, text) -> None:
        if kind != QtMsgType.QtDebugMsg and kind != QtMsgType.QtInfoMsg:
            if not any(b in text for b in BENIGN_QT):
                self.problems.append(f"Qt {kind.name}: {text}")


def soak_game(game_id: str, n_keys: int, seed: int, folder: Path) -> SoakReport:
    """``n_keys`` random keys on a new window opened on ``game_id``'s late position."""
    rng = random.Random(seed_for(game_id, seed))
    folder.mkdir(parents=True, exist_ok=True)
    files, saves = soak_files(folder / "files")
    dialogs = SoakDialogs(rng, files, saves)
    settings = QSettings(str(folder / f"settings-{game_id}.ini"), QSettings.Format.IniFormat)
    prefs = Preferences(settings)
    prefs.screenshot_dir = folder / "shots"
    report = SoakReport()
    start = time.process_time()
    with Watch() as watch:
        win = MainWindow(prefs=prefs, dialogs=dialogs)
        win.canvas.zoom_animation_ms = 0
        win.set_state(late_state(game_id), None)
        win.show()
        QTest.qWaitForWindowExposed(win)
        win.activateWindow()
        win.canvas.setFocus()
        for _ in range(n_keys):
            try:
                press_one(win, rng, report)
            except Exception:  # raised back through QTest from a Qt override of ours
                report.problems.append(traceback.format_exc())
            if not win.isVisible():  # never expected: quit is not among the keys
                report.problems.append("the window closed")
                break
        win.doc.undo_stack.setClean()
        win.doc.routes_changed = False
        win.close()
        QTest.qWait(5)
        if win.canvas.paint_failures:
            report.problems.append(f"{win.canvas.paint_failures} drawings failed")
        win.deleteLater()
        QTest.qWait(5)
    report.problems += [f"{game_id}: {p}" for p in watch.problems]
    report.cpu_seconds = time.process_time() - start
    return report


def press_one(win: MainWindow, rng: random.Random, report: SoakReport) -> None:
    """One random key (or click) on the focused widget, then the events it caused."""
    report.modes[win.mode.name] += 1
    report.games.add(win.game.id)
    total = sum(w for *_, w in KEYS) + CLICK_WEIGHT
    if rng.uniform(0, total) < CLICK_WEIGHT:
        canvas = win.canvas
        point = QPoint(
            rng.randrange(max(1, canvas.width())), rng.randrange(max(1, canvas.height()))
        )
        QTest.mouseClick(canvas, Qt.MouseButton.LeftButton, NONE, point)
        report.clicks += 1
    else:
        key, mods = rng.choices([(k, m) for k, m, _ in KEYS], [w for *_, w in KEYS])[0]
        focus = QApplication.focusWidget()
        target = focus if focus is not None and focus.window() is win else win.canvas
        QTest.keyClick(target, key, mods)
        report.keys += 1
    QTest.qWait(1)
    if win.mode.busy and rng.random() < 0.7:  # most of the time, let the search finish
        report.searches += 1
        end = time.monotonic() + SEARCH_PATIENCE
        while win.mode.busy and time.monotonic() < end:
            QTest.qWait(10)
        if win.mode.busy:  # a long search (its speed is the benchmarks'): Esc must stop it
            report.slow_searches += 1
            win.press(K.Key_Escape)
            end = time.monotonic() + CANCEL_PATIENCE
            while win.mode.busy and time.monotonic() < end:
                QTest.qWait(10)
            if win.mode.busy:
                report.problems.append(
                    f"{win.game.id}: Esc did not stop a search within {CANCEL_PATIENCE} s"
                )


def soak(n_keys: int, seed: int, folder: Path, games: list[str] | None = None) -> SoakReport:
    """``n_keys`` random keys spread over every game (each on its own window)."""
    games = games or available_games()
    total = SoakReport()
    for i, game_id in enumerate(games):
        load_game(game_id)
        share = n_keys // len(games) + (i < n_keys % len(games))
        total.merge(soak_game(game_id, share, seed, folder / game_id))
    return total
