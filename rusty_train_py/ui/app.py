"""Start the GUI: the application object, the main window, and errors shown as dialogs."""

from __future__ import annotations

import sys
from types import TracebackType

from PySide6.QtWidgets import QApplication, QMessageBox

from ..base.buglog import bug_report
from .main_window import APP_NAME, MainWindow


def _show_unexpected(
    exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None
) -> None:
    """Report an unexpected error (a bug) in a dialog instead of ending the program: the
    traceback goes to the bug log the dialog names, and the game stays open."""
    if exc.__traceback__ is None:
        exc = exc.with_traceback(tb)
    text = bug_report(exc, "the window handled an event")
    if QApplication.instance() is not None:
        QMessageBox.critical(QApplication.activeWindow(), "Unexpected error", text)


def run_gui(gamefile: str | None = None) -> int:
    """Open the map editor on ``gamefile`` (default: the bundled example game); the exit code."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setOrganizationName(APP_NAME)
    app.setApplicationName(APP_NAME)
    QApplication.setApplicationDisplayName("Rusty Train (Python)")
    window = MainWindow()
    if gamefile:
        if not window.files.load_file(gamefile):
            window.files.open_default_game()
    else:
        window.files.open_default_game()
    window.show()
    previous = sys.excepthook
    sys.excepthook = _show_unexpected
    try:
        return app.exec()
    finally:
        sys.excepthook = previous
