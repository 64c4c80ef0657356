"""The window's file commands: new game, open (ours or Rusty Train's), load warnings, save,
save as, screenshots and the screenshot folder. The window owns one ``FileCommands``; every
change goes through the window's ``GameDocument``, and whatever a loader raises is one
message, the open game untouched."""

from __future__ import annotations

import html
import logging
import re
import time
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from ..base.buglog import bug_report
from ..base.errors import is_ours, message_of
from ..base.paths import default_game_file
from ..files.loader import EIGHTEEN_XX, OURS, OpenedGame, open_game
from ..gamedata.loader.gamefile import available_games, load_game
from ..mapstate.state import MapState
from ..titles import first_title

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from ..gamedata.game import Game
    from .canvas import MapCanvas
    from .dialogs import Dialogs
    from .document import GameDocument
    from .preferences import Preferences

MESSAGE_CHARS = 600  # a message longer than this (a 5,000-digit hex name in it) is cut

log = logging.getLogger(__name__)


def file_error_text(path: Path | str, exc: Exception, doing: str = "read") -> str:
    """One message for anything that went wrong reading or writing ``path``: our errors name
    the file and entry; the system's name the file and why; anything else is a bug, logged
    with its traceback (``base.buglog``) and said to be one.
    """
    if isinstance(exc, OSError) and exc.strerror:
        text = f"{exc.filename or path}: {exc.strerror}"
    elif is_ours(exc):
        text = message_of(exc)
    else:
        return f"{path}: cannot be {doing}: " + bug_report(exc, f"{path} was {doing}")
    if len(text) > MESSAGE_CHARS:
        text = text[: MESSAGE_CHARS - 1] + "…"
    return text


# What no system refuses in a file name: Windows refuses <>:"/\|?* and control characters,
# names ending in a dot or a space, and its device names (CON, NUL, COM1 ...).
UNSAFE_NAME = re.compile(r'[<>:"/\\|?*\x00-\x1f]')
DEVICE_NAMES = {
    "CON",
    "PRN",
    "AUX",
    "NUL",
    *(f"{d}{n}" for d in ("COM", "LPT") for n in range(1, 10)),
}


def safe_stem(text: str, default: str) -> str:
    """``text`` as the start of a file name any system accepts (``default`` when nothing
    of it is left)."""
    stem = UNSAFE_NAME.sub("_", text).rstrip(". ")
    if not stem:
        return default
    return f"_{stem}" if stem.split(".")[0].upper() in DEVICE_NAMES else stem


def exists(path: Path) -> bool:
    """Whether ``path`` exists; False for a name the system cannot even look up (too long,
    a NUL in it)."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


class FilesHost(Protocol):
    """What the file commands ask of the main window."""

    last_screenshot: Path | None

    @property
    def doc(self) -> GameDocument: ...

    @property
    def dialogs(self) -> Dialogs: ...

    @property
    def prefs(self) -> Preferences: ...

    @property
    def canvas(self) -> MapCanvas: ...

    @property
    def game(self) -> Game: ...

    def set_state(
        self, state: MapState, path: Path | str | None, name: str | None = None
    ) -> None: ...

    def end_mode(self) -> None: ...

    def show_message(self, text: str, timeout_ms: int = 8000) -> None: ...

    def refresh(self) -> None: ...

    def ui_parent(self) -> QWidget: ...

    def log_opened(self, data: object, where: str, opened: object, at: int | None) -> None: ...


class FileCommands:
    """New, open, save and screenshots for ``window``."""

    def __init__(self, window: FilesHost) -> None:
        self.window = window
        self.doc = window.doc
        self.dialogs = window.dialogs
        self.prefs = window.prefs

    def open_default_game(self) -> None:
        """The bundled mid-game 1867 map, or a new 1867 game if it is missing."""
        path = default_game_file()
        if exists(path):
            try:
                opened = open_game(path)
            except Exception as exc:  # any failure: a new game instead
                self.window.show_message(
                    f"Cannot open the bundled game: {file_error_text(path, exc)}"
                )
            else:
                self.window.end_mode()
                # An example, not the user's file: Save asks where.
                name = f"{path.stem} (example)"
                self.doc.replace(opened.state, None, opened.format, name, opened.warnings)
                return
        self.window.set_state(MapState(load_game(first_title())), None)

    # ---- files ----------------------------------------------------------------------------

    def confirm_discard(self) -> bool:
        """True when the current map may be replaced (saved, or the user said so)."""
        if self.doc.state is None or self.doc.is_clean:
            return True
        answer = self.dialogs.ask_save_changes(self.window.ui_parent(), self.doc.name)
        if answer == "save":
            return self.save()
        return answer == "discard"

    def new_game(self) -> None:
        self.window.end_mode()  # a search running stops at once
        if not self.confirm_discard():
            return
        games = []
        for gid in available_games():
            try:
                games.append((gid, load_game(gid).title))
            except Exception as exc:  # a broken game file: the others are still offered
                self.window.show_message(file_error_text(gid, exc))
        chosen = self.dialogs.choose_game(self.window.ui_parent(), games)
        if chosen is None:
            return
        try:
            self.doc.new(chosen)
        except Exception as exc:  # the open game stays
            text = file_error_text(chosen, exc)
            self.dialogs.error(self.window.ui_parent(), "Cannot start the game", text)
            return
        self.window.show_message(f"New game: {self.window.game.title}")

    def open_game(self, path: str | Path | None = None) -> bool:
        self.window.end_mode()  # a search running stops at once
        if not self.confirm_discard():
            return False
        if path is None:
            if self.doc.path is not None:
                folder = str(self.doc.path.parent)
            else:
                folder = str(self.prefs.files_folder)
            path = self.dialogs.open_file(self.window.ui_parent(), folder)
            if path is None:
                return False
        return self.load_file(path)

    def load_file(self, path: str | Path) -> bool:
        """Load a saved game (ours or a Rusty Train one); on error the current map stays."""
        path = Path(path)
        at = None
        try:
            opened = self.chosen_point(open_game(path, keep_runs=True), path.name)
            self.doc.show_opened(opened, path)
        except Exception as exc:  # whatever the loader raised: the open game stays as it was
            self.dialogs.error(
                self.window.ui_parent(), "Cannot load the game", file_error_text(path, exc)
            )
            if not exists(path):
                try:
                    self.prefs.remove_recent(str(path.resolve()))
                except (OSError, ValueError):  # a name no file can have is in no list
                    pass
            return False
        self.prefs.add_recent(path)
        if opened.format == EIGHTEEN_XX:  # the run keys and the Runs panel know it
            self.window.log_opened(None, str(path), opened, at)
        n = len(opened.warnings)
        if n:
            self.window.show_message(  # where to read them first: the rest may be elided
                f"Opened {path.name} with {n} warning{'s' if n > 1 else ''} (File ▸ Load"
                f" warnings): {opened.warnings[0]}{' …' if n > 1 else ''}",
                20000,
            )
        else:
            self.window.show_message(f"Opened {path}")
        return True

    def chosen_point(self, opened: OpenedGame, name: str) -> OpenedGame:
        """A log with runs opens where the player picks: its end, or just before a run, read
        from the one replay that opened it."""
        if opened.format != EIGHTEEN_XX or not opened.runs:
            return opened
        at = self.dialogs.choose_log_point(self.window.ui_parent(), name, opened.runs)
        return opened if at is None else opened.before_run(at)

    def open_online_game(self) -> None:
        """File ▸ Open game from 18xx.games…: download a game by its id or address on a
        worker thread, then open it like a log file (the point to open it at asked)."""
        from PySide6.QtCore import QThreadPool

        from ..files.online.commands import base_url
        from ..files.online.fetch import game_id, site_of
        from .online_dialogs import LogDownload

        self.window.end_mode()
        if not self.confirm_discard():
            return
        text = self.dialogs.ask_online_game(self.window.ui_parent())
        if text is None:
            return
        gid = game_id(text)
        if gid is None:
            self.dialogs.error(
                self.window.ui_parent(),
                "Cannot open the game",
                f"{text!r}: not a game id or address",
            )
            return
        job = LogDownload(gid, site_of(text) or base_url())  # a full address names its site
        job.signals.finished.connect(self._online_game_downloaded)
        job.signals.failed.connect(
            lambda msg: self.dialogs.error(self.window.ui_parent(), "Cannot open the game", msg)
        )
        self._download = job  # kept until it reports
        self.window.show_message(f"Downloading game {gid} from 18xx.games…", 30000)
        QThreadPool.globalInstance().start(job)

    def _online_game_downloaded(self, data: object, where: str) -> None:
        from ..files.loader import open_data

        name = where.split(" (", 1)[0]
        at = None
        try:
            opened = self.chosen_point(open_data(data, where, keep_runs=True), name)
        except Exception as exc:  # whatever the loader raised: the open game stays as it was
            self.dialogs.error(
                self.window.ui_parent(), "Cannot open the game", file_error_text(name, exc)
            )
            return
        self.doc.show_opened(opened, None, name)
        self.window.log_opened(data, where, opened, at)
        self.window.show_message(
            f"Opened {name}" + (f" with {len(opened.warnings)} warnings" if opened.warnings else "")
        )

    def show_warnings(self) -> None:
        warnings = self.doc.warnings
        if not warnings:
            self.window.show_message("The file opened had nothing odd in it")
            return
        items = "".join(f"<li>{html.escape(w)}</li>" for w in warnings)
        self.dialogs.show_info(
            self.window.ui_parent(),
            "Load warnings",
            f"<p>{html.escape(self.doc.name)}:</p><ul>{items}</ul>",
        )

    def save(self) -> bool:
        if self.doc.save_path is None:  # new, an example, or a Rusty Train save
            return self.save_as()
        return self._write(self.doc.save_path)

    def save_as(self) -> bool:
        path = self.doc.path
        if path is not None:
            stem = path.stem
            if self.doc.format != OURS and path.suffix.lower() == ".json":
                stem += "-rusty-train-py"  # never offer to overwrite the Rusty Train save
            suggested = str(path.parent / f"{stem}.json")
        else:
            # (not the working folder: started from a menu, it may be the install's)
            suggested = str(self.prefs.files_folder / f"{self.window.game.id}-game.json")
        chosen = self.dialogs.save_file(self.window.ui_parent(), suggested)
        if chosen is None:
            return False
        return self._write(Path(chosen))

    def _write(self, path: Path) -> bool:
        try:
            self.doc.save(path)
        except Exception as exc:  # the game stays open, unsaved
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else None
            text = f"{path}: {reason}" if reason else file_error_text(path, exc, "written")
            self.dialogs.error(self.window.ui_parent(), "Cannot save the game", text)
            return False
        self.prefs.add_recent(path)
        self.window.show_message(f"Saved {path}")
        self.window.refresh()
        return True

    def save_screenshot(self) -> Path | None:
        """Save the map as drawn now to a timestamped PNG (in the user's pictures folder
        unless Preferences names another) and say where."""
        folder = self.prefs.screenshot_dir
        game_id = safe_stem(self.window.game.id, "map")
        name = self.doc.path.stem if self.doc.path else (self.doc.name.split() or [""])[0]
        stem = safe_stem(name, game_id)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = folder / f"{stem}-{stamp}.png"
        n = 2
        while exists(path):
            path = folder / f"{stem}-{stamp}-{n}.png"
            n += 1
        try:
            folder.mkdir(parents=True, exist_ok=True)
            image = self.window.canvas.render_image(1.0)
            if not image.save(str(path)):
                raise OSError(f"cannot write {path}")
        except Exception as exc:
            text = file_error_text(path, exc, "written")
            self.dialogs.error(self.window.ui_parent(), "Cannot save the screenshot", text)
            return None
        self.window.last_screenshot = path
        self.window.show_message(f"Screenshot saved to {path}")
        return path

    def edit_preferences(self) -> None:
        folder = self.dialogs.preferences(self.window.ui_parent(), self.prefs.screenshot_dir)
        if folder is not None:
            self.prefs.screenshot_dir = folder
            self.window.show_message(f"Screenshots go to {folder}")
