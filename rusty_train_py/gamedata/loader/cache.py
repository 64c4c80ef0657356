"""Parsed games kept between runs, in a file of our own in the user's cache folder.

Reading a game (its TOML, its hand file, its tile files, every entry checked) costs more than
the search on a small map; a program started for one command pays it every time. A bundled
game, once read, is written here with its tile catalogue (a pickle), keyed by a hash of the
data it was read from (the game file, its hand file, every tile file) and by our code's
fingerprint (the modules that read the data and define what a Game holds). Changing either
makes the entry stale: it is read again and the entry rewritten.

A cache that cannot be read, written or understood is passed over (the data is read as if
there were none), never an error. ``RUSTY_TRAIN_CACHE`` names another folder; ``off`` (or an
empty value) turns the cache off.

The folder follows the platform's rules (no Qt in the core): ``%LOCALAPPDATA%`` on Windows,
``~/Library/Caches`` on macOS, ``$XDG_CACHE_HOME`` or ``~/.cache`` elsewhere.
"""

from __future__ import annotations

import copyreg
import functools
import hashlib
import os
import pickle
import sys
import types
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar


def read_only(d: dict[Any, Any]) -> types.MappingProxyType[Any, Any]:
    return types.MappingProxyType(d)


def _reduce_mapping(m: types.MappingProxyType[Any, Any]) -> tuple[Any, tuple[dict[Any, Any]]]:
    return read_only, (dict(m),)


# A game's read-only tables ([eighteen_xx]) are mapping proxies, which pickle cannot take as
# they are: stored as the dict they show, and shown again read-only when loaded.
copyreg.pickle(types.MappingProxyType, _reduce_mapping)

APP = "rusty-train-py"
FORMAT = 1  # raise when the layout of an entry changes
# Our packages whose modules read the data or define the values kept (their fingerprint keys
# every entry): the package root's own modules are not among them.
CODE_PARTS = ("base", "grid", "rules", "gamedata")

T = TypeVar("T")


def cache_dir() -> Path | None:
    """Our folder in the user's cache folder (None: the cache is off)."""
    env = os.environ.get("RUSTY_TRAIN_CACHE")
    if env is not None:
        return None if env.strip().lower() in ("", "off", "0") else Path(env)
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA")
        return Path(base) / APP / "Cache" if base else None
    home = Path.home()
    if sys.platform == "darwin":
        return home / "Library" / "Caches" / APP
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    base_dir = Path(xdg) if os.path.isabs(xdg) else home / ".cache"
    return base_dir / APP


@functools.cache
def code_fingerprint() -> str:
    """A hash of the name, size and modification time of every module of CODE_PARTS, the
    Python version and FORMAT: a change to the code that builds a Game makes a new key."""
    package = Path(__file__).resolve().parents[2]
    h = hashlib.sha256(f"{FORMAT} {sys.version} {package}".encode())
    for part in CODE_PARTS:
        for path in sorted(_modules(package / part)):
            st = path.stat()
            h.update(f"{path.relative_to(package)} {st.st_size} {st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def _modules(folder: Path) -> Iterator[Path]:
    for entry in os.scandir(folder):
        if entry.is_dir() and not entry.name.startswith((".", "__")):
            yield from _modules(Path(entry.path))
        elif entry.name.endswith(".py"):
            yield Path(entry.path)


def data_hash(files: Iterable[Path]) -> str:
    """A hash of the names and contents of ``files`` (a missing file counts as empty)."""
    h = hashlib.sha256()
    for path in files:
        try:
            content = path.read_bytes()
        except FileNotFoundError:
            content = b"\0missing"
        h.update(f"{path.name} {len(content)}\n".encode())
        h.update(content)
    return h.hexdigest()


def cached(name: str, data_files: Callable[[], list[Path]], build: Callable[[], T]) -> T:
    """``build()``, kept in the cache file ``name`` under the hash of ``data_files()`` and the
    code's fingerprint; read from there while both are unchanged."""
    folder = cache_dir()
    if folder is None:
        return build()
    path = folder / f"{name}.pickle"
    try:
        key = (code_fingerprint(), data_hash(data_files()))
    except OSError:  # the code or the data cannot be listed: build it as without a cache
        return build()
    found = _read(path, key)
    if found is not None:
        value: T = found[0]
        return value
    value = build()
    _write(path, key, value)
    return value


def _read(path: Path, key: tuple[str, str]) -> tuple[Any] | None:
    """(the value,) kept in ``path`` under ``key``; None when absent, stale or unreadable."""
    try:
        with path.open("rb") as f:
            if pickle.load(f) != key:
                return None
            return (pickle.load(f),)
    except Exception:  # noqa: BLE001 - any failure to read a cache entry is a miss
        return None


def _write(path: Path, key: tuple[str, str], value: object) -> None:
    """Keep ``value`` in ``path`` (written whole or not at all; a failure is passed over)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tmp.open("wb") as f:
            pickle.dump(key, f, protocol=pickle.HIGHEST_PROTOCOL)
            pickle.dump(value, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    except Exception:  # noqa: BLE001 - a read-only or full disk, a value that will not pickle
        try:
            tmp.unlink()
        except OSError:
            pass


def entry_name(kind: str, *parts: str) -> str:
    """A file name for an entry: ``kind`` and a short hash of ``parts`` (the folders read)."""
    digest = hashlib.sha256("\0".join(parts).encode()).hexdigest()[:16]
    return f"{kind}-{digest}"
