"""Start the GUI: the application object, the main window, and errors shown as dialogs."""

from __future__ import annotations

import sys
from types import TracebackType

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from ..base.buglog import bug_report
from ..base.paths import DataNotFoundError, data_root
from .about import set_up_application
from .main_window import MainWindow


def _show_unexpected(
    exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None
) -> None:
    """Report an unexpected error (a bug) in a dialog instead of ending the program: the
    traceback goes to the bug log the dialog names (and standard error, when there is one),
    and the game stays open."""
    if exc.__traceback__ is None:
        exc = exc.with_traceback(tb)
    text = bug_report(exc, "the window handled an event")
    if QApplication.instance() is not None:
        QMessageBox.critical(QApplication.activeWindow(), "Unexpected error", text)


def _quit(window: MainWindow, screenshot: bool) -> None:
    """``--quit-after``: the screenshot asked for, then the window closes."""
    if screenshot:
        path = window.files.save_screenshot()
        if path is not None and sys.stdout is not None:
            print(f"screenshot: {path}", flush=True)
    window.close()


def run_gui(
    gamefile: str | None = None, quit_after: float | None = None, screenshot: bool = False
) -> int:
    """Open the map editor on ``gamefile`` (default: the bundled example game); the exit code.
    ``quit_after``: close it after so many seconds, first saving a screenshot (its name
    printed) when ``screenshot``."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    set_up_application()
    try:
        data_root()
    except DataNotFoundError as exc:  # no game to show: say where it was looked for
        if sys.stderr is not None:  # (a windowed program on Windows has none)
            print(f"rusty-train-py: error: {exc}", file=sys.stderr)
        QMessageBox.critical(None, "No game data", str(exc))
        return 1
    window = MainWindow()
    if gamefile:
        if not window.files.load_file(gamefile):
            window.files.open_default_game()
    else:
        window.files.open_default_game()
    window.show()
    if quit_after is not None:
        QTimer.singleShot(round(quit_after * 1000), lambda: _quit(window, screenshot))
    previous = sys.excepthook
    sys.excepthook = _show_unexpected
    try:
        return app.exec()
    finally:
        sys.excepthook = previous
