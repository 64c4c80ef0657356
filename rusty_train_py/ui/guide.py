"""Help ▸ User guide: the guide of docs/ (the wheel and the bundle carry it), shown in a
window of its own, its pictures and links to the other guides working offline; addresses on
the web open in the system's browser."""

from __future__ import annotations

from PySide6.QtCore import QUrl
from PySide6.QtWidgets import QDialog, QTextBrowser, QVBoxLayout, QWidget

from ..base.paths import guide_file

TITLE = "rusty-train-py: the user guide"


class GuideWindow(QDialog):
    """A browser of the guides: the user guide first."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(TITLE)
        self.resize(900, 760)
        self.browser = QTextBrowser(self)
        self.browser.setOpenExternalLinks(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.browser)
        path = guide_file()
        if path is None:
            self.browser.setPlainText(
                "The user guide is not installed with this copy of the program: read it at"
                " docs/user-guide.md of the source repository."
            )
        else:
            self.browser.setSource(QUrl.fromLocalFile(str(path)))
