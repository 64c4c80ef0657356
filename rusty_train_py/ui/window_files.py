"""The window's file commands: new game, open (ours or Rusty Train's), load warnings, save,
save as, screenshots and the screenshot folder. A part of ``MainWindow`` kept in its own file
(the window mixes it in); everything goes through the window's ``GameDocument``."""

from __future__ import annotations

import html
import time
from pathlib import Path

from ..files.loader import EIGHTEEN_XX, OURS, GameFileError, open_game
from ..game import GameDataError, available_games, load_game
from ..mapstate import MapEditError, MapState
from ..paths import default_game_file

DEFAULT_GAME = "1867"


class WindowFiles:
    """New, open, save and screenshots for ``MainWindow`` (which provides ``doc``, ``dialogs``,
    ``prefs``, ``canvas``, ``show_message``, ``refresh``, ``set_state`` and ``_end_mode``)."""

    def open_default_game(self) -> None:
        """The bundled mid-game 1867 map, or a new 1867 game if it is missing."""
        path = default_game_file()
        if path.exists():
            try:
                opened = open_game(path)
            except (GameFileError, GameDataError, MapEditError, OSError) as exc:
                self.show_message(f"Cannot open the bundled game: {exc}")
            else:
                self._end_mode()
                # An example, not the user's file: Save asks where.
                name = f"{path.stem} (example)"
                self.doc.replace(opened.state, None, opened.format, name, opened.warnings)
                return
        self.set_state(MapState(load_game(DEFAULT_GAME)), None)

    # ---- files ----------------------------------------------------------------------------

    def confirm_discard(self) -> bool:
        """True when the current map may be replaced (saved, or the user said so)."""
        if self.state is None or self.doc.is_clean:
            return True
        answer = self.dialogs.ask_save_changes(self, self.doc.name)
        if answer == "save":
            return self.save()
        return answer == "discard"

    def new_game(self) -> None:
        self._end_mode()  # a search running stops at once
        if not self.confirm_discard():
            return
        games = []
        for gid in available_games():
            try:
                games.append((gid, load_game(gid).title))
            except GameDataError as exc:
                self.show_message(str(exc))
        gid = self.dialogs.choose_game(self, games)
        if gid is None:
            return
        try:
            self.doc.new(gid)
        except GameDataError as exc:
            self.dialogs.error(self, "Cannot start the game", str(exc))
            return
        self.show_message(f"New game: {self.game.title}")

    def open_game(self, path: str | Path | None = None) -> bool:
        self._end_mode()  # a search running stops at once
        if not self.confirm_discard():
            return False
        if path is None:
            if self.doc.path is not None:
                folder = str(self.doc.path.parent)
            elif self.prefs.recent_files:
                folder = str(Path(self.prefs.recent_files[0]).parent)
            else:
                folder = ""
            path = self.dialogs.open_file(self, folder)
            if path is None:
                return False
        return self.load_file(path)

    def load_file(self, path: str | Path) -> bool:
        """Load a saved game (ours or a Rusty Train one); on error the current map stays."""
        path = Path(path)
        try:
            opened = self.doc.open(path)
            if opened.format == EIGHTEEN_XX and opened.runs:  # where in the log to open it
                at = self.dialogs.choose_log_point(self, path.name, opened.runs)
                if at is not None:
                    opened = self.doc.open(path, at=at)
        except (GameFileError, GameDataError, MapEditError, OSError) as exc:
            self.dialogs.error(self, "Cannot load the game", str(exc))
            if not path.exists():
                self.prefs.remove_recent(str(path.resolve()))
            return False
        self.prefs.add_recent(path)
        n = len(opened.warnings)
        if n:
            self.show_message(
                f"Opened {path.name} with {n} warning{'s' if n > 1 else ''}:"
                f" {opened.warnings[0]}{' …' if n > 1 else ''} (File ▸ Load warnings)",
                20000,
            )
        else:
            self.show_message(f"Opened {path}")
        return True

    def open_online_game(self) -> None:
        """File ▸ Open game from 18xx.games…: download a game by its id or address on a
        worker thread, then open it like a log file (the point to open it at asked)."""
        from PySide6.QtCore import QThreadPool

        from ..files.online.commands import base_url
        from ..files.online.fetch import game_id
        from .online_dialogs import LogDownload

        self._end_mode()
        if not self.confirm_discard():
            return
        text = self.dialogs.ask_online_game(self)
        if text is None:
            return
        gid = game_id(text)
        if gid is None:
            self.dialogs.error(self, "Cannot open the game", f"{text!r}: not a game id or address")
            return
        job = LogDownload(gid, base_url())
        job.signals.finished.connect(self._online_game_downloaded)
        job.signals.failed.connect(
            lambda msg: self.dialogs.error(self, "Cannot open the game", msg)
        )
        self._download = job  # kept until it reports
        self.show_message(f"Downloading game {gid} from 18xx.games…", 30000)
        QThreadPool.globalInstance().start(job)

    def _online_game_downloaded(self, data: object, where: str) -> None:
        from ..files.loader import open_data

        name = where.split(" (", 1)[0]
        try:
            opened = open_data(data, where)
            if opened.runs:
                at = self.dialogs.choose_log_point(self, name, opened.runs)
                if at is not None:
                    opened = open_data(data, where, at=at)
        except (GameFileError, GameDataError, MapEditError) as exc:
            self.dialogs.error(self, "Cannot open the game", str(exc))
            return
        self.doc.show_opened(opened, None, name)
        self.show_message(
            f"Opened {name}" + (f" with {len(opened.warnings)} warnings" if opened.warnings else "")
        )

    def show_warnings(self) -> None:
        warnings = self.doc.warnings
        if not warnings:
            self.show_message("The file opened had nothing odd in it")
            return
        items = "".join(f"<li>{html.escape(w)}</li>" for w in warnings)
        self.dialogs.show_info(
            self, "Load warnings", f"<p>{html.escape(self.doc.name)}:</p><ul>{items}</ul>"
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
            suggested = str(Path.cwd() / f"{self.game.id}-game.json")
        chosen = self.dialogs.save_file(self, suggested)
        if chosen is None:
            return False
        return self._write(Path(chosen))

    def _write(self, path: Path) -> bool:
        try:
            self.doc.save(path)
        except (OSError, GameFileError) as exc:
            reason = getattr(exc, "strerror", None) or exc
            self.dialogs.error(self, "Cannot save the game", f"{path}: {reason}")
            return False
        self.prefs.add_recent(path)
        self.show_message(f"Saved {path}")
        self.refresh()
        return True

    def save_screenshot(self) -> Path | None:
        """Save the map as drawn now to a timestamped PNG and say where."""
        folder = self.prefs.screenshot_dir
        stem = (self.doc.path.stem if self.doc.path else self.doc.name.split()[0]) or self.game.id
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = folder / f"{stem}-{stamp}.png"
        n = 2
        while path.exists():
            path = folder / f"{stem}-{stamp}-{n}.png"
            n += 1
        try:
            folder.mkdir(parents=True, exist_ok=True)
            image = self.canvas.render_image(1.0)
            if not image.save(str(path)):
                raise OSError(f"cannot write {path}")
        except OSError as exc:
            self.dialogs.error(self, "Cannot save the screenshot", str(exc))
            return None
        self.last_screenshot = path
        self.show_message(f"Screenshot saved to {path}")
        return path

    def edit_preferences(self) -> None:
        folder = self.dialogs.preferences(self, self.prefs.screenshot_dir)
        if folder is not None:
            self.prefs.screenshot_dir = folder
            self.show_message(f"Screenshots go to {folder}")
