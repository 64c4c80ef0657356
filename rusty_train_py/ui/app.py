"""Start the GUI: the application object, the main window, and errors shown as dialogs."""

from __future__ import annotations

import sys
import traceback

from PySide6.QtWidgets import QApplication, QMessageBox

from .main_window import APP_NAME, MainWindow


def _show_unexpected(exc_type, exc, tb) -> None:
    """Report an unexpected error in a dialog instead of ending the program (nothing is lost)."""
    text = "".join(traceback.format_exception(exc_type, exc, tb))
    sys.stderr.write(text)
    app = QApplication.instance()
    if app is not None:
        QMessageBox.critical(
            app.activeWindow(),
            "Unexpected error",
            f"{exc_type.__name__}: {exc}\n\nThe map is unchanged; please report this."
            f"\n\n{text[-1500:]}",
        )


def run_gui(gamefile: str | None = None) -> int:
    """Open the map editor on ``gamefile`` (default: the bundled example game); the exit code."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setOrganizationName(APP_NAME)
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName("Rusty Train (Python)")
    window = MainWindow()
    if gamefile:
        if not window.load_file(gamefile):
            window.open_default_game()
    else:
        window.open_default_game()
    window.show()
    previous = sys.excepthook
    sys.excepthook = _show_unexpected
    try:
        return app.exec()
    finally:
        sys.excepthook = previous
