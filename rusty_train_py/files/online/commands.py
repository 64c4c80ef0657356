"""The command line's part of log import: opening a file, an 18xx.games id or address at a
chosen action, and the trains a log (or a save) gives a company."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..loader import OpenedGame


def open_source(
    source: str, strict: bool = False, at: int | None = None, site: str = ""
) -> OpenedGame:
    """The loader's OpenedGame for a file, or for an 18xx.games game named by its id or
    address (downloaded from ``site``, default ``base_url()``; only when ``source`` is not an
    existing file)."""
    from ..loader import open_data, open_game

    log = log_source(source, site)
    if log is None:
        return open_game(source, strict=strict, at=at)
    data, where = log
    return open_data(data, where, strict=strict, at=at)


def log_source(source: str, site: str = "") -> tuple[object, str] | None:
    """A game log's JSON and its name for messages, downloaded from ``site`` when ``source``
    is an 18xx.games game id or address and not an existing file (None for a file)."""
    from .fetch import download_log, game_id, site_of

    gid = None if os.path.exists(source) else game_id(source)
    if gid is None:
        return None
    return download_log(gid, site or site_of(source) or base_url())


def base_url() -> str:
    """The site to download from: 18xx.games (RUSTY_TRAIN_18XX_URL overrides it: tests)."""
    from .fetch import BASE_URL

    return os.environ.get("RUSTY_TRAIN_18XX_URL", BASE_URL)


def runs_listing(opened: OpenedGame) -> str:
    """The operating rounds' runs of a log, newest first: the action ids to give --at."""
    lines = []
    for run in reversed(opened.runs):
        lines.append(f"  --at {run.action_id}: before {run.company} runs its trains")
    return "\n".join(lines)


def print_position(source: str, at: int | None) -> int:
    """``show --position``: the position of a log file in the engine's terms, as JSON."""
    import json
    import sys

    from ..reader import describe_path, shown
    from .log import read_log_file
    from .position import position_at

    name = describe_path(source)
    data = position_at(read_log_file(name, shown(name)), at)
    json.dump(data, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0
