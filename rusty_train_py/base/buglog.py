"""Where a bug's traceback goes: a log file in the user's log folder, named in the message.

The core imports no Qt, so the folder follows each platform's rules here: Windows
``%LOCALAPPDATA%\\rusty-train-py\\Logs``, macOS ``~/Library/Logs/rusty-train-py``, elsewhere
``$XDG_STATE_HOME/rusty-train-py`` (default ``~/.local/state``). ``RUSTY_TRAIN_LOG_DIR``
overrides it (tests). A log that cannot be written is not fatal: the traceback then goes to
standard error only, and the message says so.
"""

from __future__ import annotations

import datetime
import os
import sys
import traceback
from pathlib import Path

APP_DIR = "rusty-train-py"
LOG_NAME = "bugs.log"
BUG_LINE = "This is a bug in rusty-train-py"
SHOWN_CHARS = 300  # of the error's own text in a message


def log_dir() -> Path:
    env = os.environ.get("RUSTY_TRAIN_LOG_DIR")
    if env:
        return Path(env)
    home = Path.home()
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(home / "AppData" / "Local")
        return Path(base) / APP_DIR / "Logs"
    if sys.platform == "darwin":
        return home / "Library" / "Logs" / APP_DIR
    state = os.environ.get("XDG_STATE_HOME") or str(home / ".local" / "state")
    return Path(state) / APP_DIR


def log_bug(exc: BaseException, context: str = "") -> Path | None:
    """Append ``exc``'s traceback (and what was being done) to the bug log and to standard
    error; the log's path, or None when it could not be written."""
    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    stamp = datetime.datetime.now().isoformat(timespec="seconds")
    entry = f"--- {stamp} {context}\n{text}\n"
    try:
        sys.stderr.write(text)
    except (OSError, ValueError, AttributeError):  # no terminal (a windowed program)
        pass
    path = log_dir() / LOG_NAME
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as log:
            log.write(entry)
    except OSError:
        return None
    return path


def bug_report(exc: BaseException, context: str = "") -> str:
    """Log ``exc`` as a bug and return the text the player reads: what it was, that it is a
    bug, where the details are, and that the game is still open."""
    path = log_bug(exc, context)
    where = f"The details are in {path}" if path else "The details are on the terminal"
    doing = f" while {context}" if context else ""
    shown = str(exc)
    if len(shown) > SHOWN_CHARS:  # the log has it whole
        shown = shown[: SHOWN_CHARS - 1] + "…"
    return (
        f"{type(exc).__name__}: {shown}\n\n{BUG_LINE}{doing}. {where}; please report them."
        " Your game is still open: if the map looks wrong, undo (Ctrl+Z) or save it under a"
        " new name and reopen it."
    )
