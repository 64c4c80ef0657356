"""The program as a desktop application: its name and organisation (which the system and
``QSettings`` show), its icon (resources/icon.svg: a tile with track, drawn for the project)
and the Help ▸ About text (version, licence, where the data comes from, where it keeps the
user's files)."""

from __future__ import annotations

import html
import sys

from PySide6.QtCore import QSettings
from PySide6.QtGui import QGuiApplication, QIcon

from ..base.about import DATA_SOURCES, LICENCE, version
from ..base.paths import DataNotFoundError, data_root, resources_dir

APP_NAME = "rusty-train-py"  # the application and organisation name: QSettings' folder
DISPLAY_NAME = "Rusty Train (Python)"
ICON_FILES = ("icon.svg", "icon.png")  # in resources/: the SVG, else its 256 px rendering


def app_icon() -> QIcon:
    """The application icon (an empty icon when the data is missing: Qt's default shows)."""
    icon = QIcon()
    try:
        folder = resources_dir()
    except DataNotFoundError:
        return icon
    for name in ICON_FILES:
        path = folder / name
        if path.is_file():
            icon.addFile(str(path))
    return icon


def set_up_application() -> None:
    """Name, organisation, version and icon of the application (made already), before any
    QSettings is made."""
    QGuiApplication.setOrganizationName(APP_NAME)
    QGuiApplication.setApplicationName(APP_NAME)
    QGuiApplication.setApplicationVersion(version())
    QGuiApplication.setApplicationDisplayName(DISPLAY_NAME)
    QGuiApplication.setDesktopFileName(APP_NAME)  # Wayland: the app id of a .desktop file
    QGuiApplication.setWindowIcon(app_icon())
    if sys.platform == "win32":  # the taskbar groups our windows under our icon, not Python's
        import ctypes

        try:
            ctypes.windll.shell32.SetCurrentProcessExplicitAppUserModelID(APP_NAME)
        except (AttributeError, OSError):
            pass


def about_html(screenshot_folder: str, settings: QSettings) -> str:
    """Help ▸ About: what the program is, its version and licence, where its data comes from
    and where it reads it, where it writes the user's files."""
    try:
        data = str(data_root())
    except DataNotFoundError as exc:
        data = str(exc)
    sources = "".join(f"<p>{html.escape(s)}</p>" for s in DATA_SOURCES)
    rows = (
        ("Version", version()),
        ("Licence", LICENCE),
        ("Game data read from", data),
        ("Screenshots saved to", screenshot_folder),
        ("Settings kept in", settings.fileName()),
    )
    table = "".join(
        f"<tr><td style='padding-right:14px'><b>{k}</b></td><td>{html.escape(v)}</td></tr>"
        for k, v in rows
    )
    return (
        f"<h3>{DISPLAY_NAME} ({APP_NAME})</h3>"
        "<p>Track live 18xx game maps and find the optimal routes for a company's trains.</p>"
        f"<table>{table}</table>{sources}"
    )
