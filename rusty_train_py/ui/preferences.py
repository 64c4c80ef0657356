"""Preferences kept between runs (QSettings: the user's settings, under the application's
name and organisation): screenshot folder, recent files, the company last searched and its
trains."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

SCREENSHOT_FOLDER = "rusty-train-py"  # the subfolder of the user's pictures folder

MAX_RECENT = 8


@dataclass(frozen=True, slots=True)
class TrainChoice:
    """The trains a company runs and the bonus options it holds, for one route search."""

    trains: tuple[str, ...] = ()
    bonuses: tuple[str, ...] = field(default=())


def default_screenshot_dir() -> Path:
    """``rusty-train-py`` in the user's pictures folder (else home folder): never inside
    the program's install or a checkout."""
    for where in (
        QStandardPaths.StandardLocation.PicturesLocation,
        QStandardPaths.StandardLocation.HomeLocation,
    ):
        folder = QStandardPaths.writableLocation(where)
        if folder:
            return Path(folder) / SCREENSHOT_FOLDER
    return Path.home() / SCREENSHOT_FOLDER


class Preferences:
    """A thin typed layer over QSettings; tests pass a QSettings on a temporary file."""

    def __init__(self, settings: QSettings | None = None):
        self.settings = settings if settings is not None else QSettings()

    # ---- screenshots ----------------------------------------------------------------------

    @property
    def screenshot_dir(self) -> Path:
        value = self.settings.value("screenshots/folder", "")
        return Path(str(value)) if value else default_screenshot_dir()

    @screenshot_dir.setter
    def screenshot_dir(self, folder: str | Path | None) -> None:
        self.settings.setValue("screenshots/folder", str(folder) if folder else "")

    # ---- recent files ---------------------------------------------------------------------

    @property
    def files_folder(self) -> Path:
        """Where Open and Save first look: the folder of the last file opened or saved, else
        the user's documents folder (else home folder)."""
        recent = self.recent_files
        if recent:
            return Path(recent[0]).parent
        for where in (
            QStandardPaths.StandardLocation.DocumentsLocation,
            QStandardPaths.StandardLocation.HomeLocation,
        ):
            folder = QStandardPaths.writableLocation(where)
            if folder:
                return Path(folder)
        return Path.home()

    @property
    def recent_files(self) -> list[str]:
        raw = self.settings.value("files/recent", "[]")
        items: object
        try:
            items = json.loads(raw) if isinstance(raw, str) else raw
        except ValueError:
            return []
        if not isinstance(items, (list, tuple)):
            return []
        return [str(p) for p in items if isinstance(p, str)][:MAX_RECENT]

    def add_recent(self, path: str | Path) -> None:
        path = str(Path(path).resolve())
        items = [p for p in self.recent_files if p != path]
        self.settings.setValue("files/recent", json.dumps([path, *items][:MAX_RECENT]))

    def remove_recent(self, path: str) -> None:
        items = [p for p in self.recent_files if p != path]
        self.settings.setValue("files/recent", json.dumps(items))

    # ---- the company last searched, and its trains -----------------------------------------

    def last_company(self, game_id: str) -> str | None:
        value = self.settings.value(f"companies/{game_id}", "")
        return str(value) if value else None

    def set_last_company(self, game_id: str, company: str) -> None:
        self.settings.setValue(f"companies/{game_id}", company)

    def last_trains(self, game_id: str, company: str) -> TrainChoice:
        raw = self.settings.value(f"trains/{game_id}/{company}", "")
        try:
            data = json.loads(raw) if isinstance(raw, str) and raw else {}
        except ValueError:
            data = {}
        if not isinstance(data, dict):
            data = {}
        return TrainChoice(
            tuple(str(t) for t in data.get("trains", [])),
            tuple(str(b) for b in data.get("bonuses", [])),
        )

    def set_last_trains(self, game_id: str, company: str, choice: TrainChoice) -> None:
        data = {"trains": list(choice.trains), "bonuses": list(choice.bonuses)}
        self.settings.setValue(f"trains/{game_id}/{company}", json.dumps(data))

    def sync(self) -> None:
        self.settings.sync()
