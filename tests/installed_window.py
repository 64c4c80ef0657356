"""Drive the installed program's window as a user would, offscreen: tests/test_installed.py
and tests/bundle_smoke.py run it with the Python of a fresh install (never the checkout's).

    python installed_window.py

It opens the window through the program's own entry (``run_gui``, as ``rusty-train-py``
does: the bundled example game, the user's settings), presses r (Find routes: GW with its
5 and 8 trains, the dialogs answered here), Esc, s (a screenshot to the default folder) and
q (quit), then prints one JSON line: what the window showed and where the screenshot went.
"""

from __future__ import annotations

import json
import sys
import time

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from rusty_train_py.ui import app as gui_app
from rusty_train_py.ui.dialogs import Dialogs
from rusty_train_py.ui.main_window import MainWindow
from rusty_train_py.ui.preferences import TrainChoice

SEARCH_TIMEOUT = 120.0  # seconds

report: dict[str, object] = {"asked": [], "errors": []}


def _answer(name: str, value: object):  # the window's questions, answered without a dialog
    def answer(self, *args, **kwargs):
        report["asked"].append(name)
        return value

    return answer


Dialogs.choose_company = _answer("company", "GW")
Dialogs.choose_trains = _answer("trains", TrainChoice(("5", "8"), ()))
Dialogs.ask_save_changes = _answer("save changes", "discard")
Dialogs.error = lambda self, parent, title, message: report["errors"].append([title, message])


def window() -> MainWindow:
    return next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow))


def start() -> None:
    win = window()
    report["title"] = win.windowTitle()
    report["icon"] = not win.windowIcon().isNull()
    report["opened"] = win.display_name
    QTest.keyClick(win.canvas, Qt.Key.Key_R)
    started = time.monotonic()

    def wait() -> None:
        mode = win.mode
        if getattr(mode, "busy", False) and time.monotonic() - started < SEARCH_TIMEOUT:
            QTimer.singleShot(50, wait)
            return
        result = getattr(mode, "result", None)
        report["mode"] = mode.name
        report["net_revenue"] = None if result is None else result.net_revenue
        QTest.keyClick(win.canvas, Qt.Key.Key_Escape)
        QTest.keyClick(win.canvas, Qt.Key.Key_S)
        shot = win.last_screenshot
        report["screenshot"] = None if shot is None else str(shot)
        report["message"] = win.last_message
        report["settings"] = win.prefs.settings.fileName()
        QTest.keyClick(win.canvas, Qt.Key.Key_Q)

    QTimer.singleShot(50, wait)


def main() -> int:
    app = QApplication(sys.argv[:1])
    QTimer.singleShot(0, start)
    report["exit"] = gui_app.run_gui(None)
    del app
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
