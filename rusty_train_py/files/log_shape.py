"""What tells an 18xx.games log from a save, and how large one may be: asked by the loader of
every file it opens, so kept out of the online package (whose replay a save never needs)."""

from __future__ import annotations

MAX_LOG_BYTES = 16 * 1024 * 1024  # the longest real logs are a few MB


def is_log(data: object) -> bool:
    """Whether a JSON value looks like an 18xx.games log (not a save of ours or Rusty Train's)."""
    return (
        isinstance(data, dict)
        and "format" not in data
        and "map" not in data
        and ("actions" in data or "title" in data and "players" in data)
    )
