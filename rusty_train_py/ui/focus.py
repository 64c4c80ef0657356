"""The map keeps the keyboard: when a menu closes (Esc, or a click elsewhere) or a dialog
goes and nothing in the window has the focus, it goes back to the map canvas, so the next
key reaches the mode rather than nothing."""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QMenu, QMenuBar, QWidget
from shiboken6 import isValid


class FocusKeeper(QObject):
    """Gives ``canvas`` the focus back after a menu of ``window`` closes, or when the focus
    leaves the window's widgets for none while the window is active."""

    def __init__(self, window: QMainWindow, canvas: QWidget) -> None:
        super().__init__(window)
        self.window, self.canvas = window, canvas
        for menu in window.findChildren(QMenu):  # the menu bar's, the mode menu, submenus
            self.watch(menu)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)

    def watch(self, menu: QMenu) -> None:
        """Give the map the focus back when ``menu`` closes."""
        menu.aboutToHide.connect(self.later)

    def later(self) -> None:
        QTimer.singleShot(0, self.restore)

    def _focus_changed(self, old: QWidget | None, new: QWidget | None) -> None:
        if new is None and old is not None and isValid(self) and isValid(old):
            if old.window() is self.window:
                self.later()

    def restore(self) -> None:
        """The canvas takes the focus unless a widget of the window has it, a menu is open,
        or another window (a dialog) is active."""
        if not isValid(self) or not isValid(self.window) or not isValid(self.canvas):
            return
        if QApplication.activePopupWidget() is not None or not self.canvas.isVisible():
            return
        active = QApplication.activeWindow()
        if active is not None and active is not self.window:
            if active.isVisible() and not isinstance(active, QMenu):
                return  # a dialog has the keys
            self.window.activateWindow()  # the menu closed kept the activation
        focus = QApplication.focusWidget()
        if focus is None or isinstance(focus, QMenuBar) or not focus.isVisible():
            self.canvas.setFocus()
