"""One look at a game on 18xx.games for the follower: ``GET /api/game/<id>``, each way it can
fail told apart (the site busy, the network down, no such game, an answer that is not a game),
so the follower can back off, stop, or keep the game it shows.

The site's nginx allows 2 requests a second per address (burst 5) and answers 503 over that
(tobymao/18xx nginx/conf.d/18xx.conf); the follower polls far below it.
"""

from __future__ import annotations

import http.client
import urllib.error
import urllib.request
from typing import Any

from ...base.errors import LogError, SaveFileError
from ..log_shape import MAX_LOG_BYTES
from ..reader import decode, parse_json

TIMEOUT = 20.0  # seconds without an answer before giving up on one poll


class PollError(LogError):
    """One poll that brought no game. ``retry``: worth trying again later, else the follow
    cannot go on (no such game); ``backoff``: wait longer first (the site busy, the network
    down), not for a malformed answer."""

    def __init__(self, message: str, retry: bool, backoff: bool = True) -> None:
        super().__init__(message)
        self.retry, self.backoff = retry, backoff


def game_url(gid: int, site: str) -> str:
    return f"{site.rstrip('/')}/api/game/{gid}"


def get_game(gid: int, site: str, timeout: float = TIMEOUT) -> dict[str, Any]:
    """The game's JSON (a dict with a ``title``); PollError saying why not."""
    url = game_url(gid, site)
    request = urllib.request.Request(
        url, headers={"Accept": "application/json", "User-Agent": "rusty-train-py (follow)"}
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            body = answer.read(MAX_LOG_BYTES + 1)
            length = answer.headers.get("Content-Length")
        if length is not None and length.isdigit() and len(body) < int(length):
            raise http.client.IncompleteRead(body, int(length) - len(body))
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            raise PollError(f"game {gid}: no such game at {site} (404)", retry=False) from None
        if exc.code in (429, 502, 503, 504):
            raise PollError(
                f"game {gid}: the site is busy (HTTP {exc.code}); waiting longer", retry=True
            ) from None
        raise PollError(f"game {gid}: the site answered HTTP {exc.code}", retry=True) from None
    except (urllib.error.URLError, OSError, http.client.HTTPException, ValueError) as exc:
        # HTTPException: a connection dropped mid-answer (IncompleteRead, BadStatusLine)
        reason = getattr(exc, "reason", exc)
        if isinstance(exc, http.client.IncompleteRead):
            reason = "the connection dropped mid-answer"
        raise PollError(f"game {gid}: cannot reach {site} ({reason})", retry=True) from None
    if len(body) > MAX_LOG_BYTES:
        raise PollError(f"game {gid}: the answer is over {MAX_LOG_BYTES:,} bytes", retry=False)
    where = f"game {gid} ({url})"
    try:
        data = parse_json(decode(body, where), where)
    except SaveFileError as exc:
        raise PollError(f"{exc} (a malformed answer; trying again)", True, False) from None
    if not isinstance(data, dict) or not isinstance(data.get("title"), str):
        raise PollError(f"{where}: the answer is not a game (malformed; trying again)", True, False)
    return data
