"""The games by title, without reading every game: an index of the titles each game file
gives (its own ``title``, ``[rusty_train] title``, ``[eighteen_xx] titles``), read from the
game files alone (no checks, no tiles) and kept in the user's cache folder (cache.py) under
the hash of the game files.

The index only points: a caller loads the game it names (which checks it) and compares the
title again, so a stale or wrong entry can cost a lookup, never give a wrong game.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...base.paths import games_dir
from .cache import cached, entry_name
from .hand import hand_file


@dataclass(frozen=True, slots=True)
class TitleEntry:
    """The titles one game file gives."""

    game_id: str
    title: str | None
    rusty_train: str | None  # [rusty_train] title: the title Rusty Train's saves carry
    eighteen_xx: tuple[str, ...]  # [eighteen_xx] titles: 18xx.games' names of the game


def title_index(folder: Path | None = None) -> tuple[TitleEntry, ...]:
    """Every game of ``folder`` (games/) and its titles, in game id order."""
    folder = folder or games_dir()
    files = sorted(folder.glob("*.toml"))
    return cached(
        entry_name("titles", str(folder.resolve())),
        lambda: [p for f in files for p in (f, hand_file(f))],
        lambda: tuple(_entry(f) for f in files),
    )


def rusty_train_game_id(title: str, folder: Path | None = None) -> str | None:
    """The id of the game whose ``[rusty_train] title`` is ``title`` in the index (None: no
    such game, or a file the index could not read)."""
    return next((e.game_id for e in title_index(folder) if e.rusty_train == title), None)


def _entry(path: Path) -> TitleEntry:
    import tomllib  # here: an index read from the cache needs no TOML parser

    data: dict[str, Any] = {}
    for p in (path, hand_file(path)):
        try:
            data.update(tomllib.loads(p.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError):
            continue  # a file the loader will reject with its own message
    rt = data.get("rusty_train")
    xx = data.get("eighteen_xx")
    rt_title = rt.get("title") if isinstance(rt, dict) else None
    xx_titles = xx.get("titles") if isinstance(xx, dict) else None
    title = data.get("title")
    return TitleEntry(
        path.stem,
        title if isinstance(title, str) else None,
        rt_title if isinstance(rt_title, str) else None,
        tuple(t for t in xx_titles if isinstance(t, str)) if isinstance(xx_titles, list) else (),
    )
