"""Atomic file writes: a temporary file beside the target, then a rename.

A reader never sees half a file and a crash never loses the old one. The new file keeps
the mode of the file it replaces (else the mode the umask gives a new file, not the 0600
of a temporary file), no folder is created, and temporaries of this naming left beside
the target by a killed save are removed by the next save.

Windows: ``os.replace`` replaces an existing file there too, but not one another program
holds open (an editor, a sync client; a virus scanner for a moment): the rename is tried a
few times, then a PermissionError names the file and what to do, the temporary is removed
and the old file is left as it was (the window keeps the game open and unsaved).
"""

from __future__ import annotations

import errno
import os
import re
import stat
import sys
import time
from pathlib import Path

from .errors import GameFileError

# os.replace onto a file held open: how often, and how far apart (Windows only: elsewhere a
# PermissionError is the folder's permissions and trying again changes nothing)
REPLACE_TRIES = 5 if sys.platform == "win32" else 1
REPLACE_PAUSE = 0.1  # seconds

HELD_OPEN = (
    "cannot replace the file: it is open in another program or read-only; close it there,"
    " or save under another name (the game stays open, unsaved)"
)
NO_PERMISSION = "cannot write in this folder (no permission); save under another folder"


def temp_pattern(name: str) -> re.Pattern[str]:
    """The names of our temporaries for a target called ``name`` (``tempfile.mkstemp``
    with prefix ``.<name>.``, 8 random characters, suffix ``.tmp``)."""
    return re.compile(rf"\.{re.escape(name)}\.[a-z0-9_]{{8}}\.tmp")


def current_umask() -> int:
    """The process umask, read without changing it where the system allows."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _mode_for(path: Path) -> int:
    try:
        info = os.stat(path)
    except FileNotFoundError:
        return 0o666 & ~current_umask()
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(errno.EISDIR, "is a folder; name the file to write", str(path))
    if not stat.S_ISREG(info.st_mode):
        raise OSError(errno.EEXIST, "not a regular file; it is not replaced", str(path))
    return stat.S_IMODE(info.st_mode)


def remove_stale_temporaries(path: Path) -> list[str]:
    """Remove the temporaries of our naming beside ``path``; returns their names."""
    pattern = temp_pattern(path.name)
    removed: list[str] = []
    try:
        names = os.listdir(path.parent)
    except OSError:
        return removed
    for name in names:
        if pattern.fullmatch(name):
            try:
                if stat.S_ISREG(os.lstat(path.parent / name).st_mode):
                    os.unlink(path.parent / name)
                    removed.append(name)
            except OSError:
                pass
    return removed


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8, ``\\n`` line ends) to ``path`` via a temporary file and a rename.

    GameFileError for a name no file can have (a NUL character); OSError for a missing
    folder, a folder or a special file in the way, and from the system (a full disk ...),
    after removing the temporary file.
    """
    raw = os.fspath(path)
    if "\x00" in os.fsdecode(raw):
        raise GameFileError(f"{raw!r}: a file name cannot contain a NUL character")
    path = Path(raw)
    folder = path.parent
    if not folder.is_dir():
        raise FileNotFoundError(errno.ENOENT, f"no such folder {str(folder)!r}", str(path))
    import tempfile  # only when saving: it brings shutil, bz2 and lzma

    mode = _mode_for(path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except PermissionError as exc:  # it named the temporary: name the file asked for
        raise PermissionError(exc.errno, NO_PERMISSION, str(path)) from None
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(fd, mode)
        else:  # pragma: no cover - Windows before Python 3.13
            os.chmod(tmp, mode)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        _replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _sync_folder(folder)
    remove_stale_temporaries(path)


def _replace(tmp: str, path: Path) -> None:
    """``os.replace``, tried again while the target is held open (REPLACE_TRIES); a
    PermissionError that says so."""
    for attempt in range(REPLACE_TRIES):
        try:
            os.replace(tmp, path)
            return
        except PermissionError as exc:
            if attempt + 1 < REPLACE_TRIES:
                time.sleep(REPLACE_PAUSE)
                continue
            why = HELD_OPEN if path.exists() else NO_PERMISSION
            raise PermissionError(exc.errno, why, str(path)) from None


def _sync_folder(folder: Path) -> None:
    """Make the rename durable (best effort: not every system can open a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
