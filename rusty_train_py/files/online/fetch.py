"""Downloading a game's log from 18xx.games by its id or address (only when the user asks).

The site's web app reads a game as ``GET /api/game/<id>`` (tobymao/18xx routes/game.rb),
which answers the game with its actions as JSON. The download has a timeout and a size
limit; every failure (no network, no such game, a private game, not JSON) is one
GameFileError naming the address.
"""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from typing import Any

from ..errors import GameFileError
from ..log_shape import MAX_LOG_BYTES
from ..reader import decode, parse_json

BASE_URL = "https://18xx.games"
TIMEOUT = 30.0  # seconds without an answer before giving up

_ADDRESS = re.compile(
    r"^(?:https?://)?(?:www\.)?18xx\.games/(?:game|api/game)/(\d{1,12})/?(?:[?#].*)?$"
)
# any site's game page (a mirror or a test server): the scheme is required to tell it from a path
_ANY_SITE = re.compile(
    r"^(https?://[A-Za-z0-9.\-]+(?::\d{1,5})?)/(?:game|api/game)/(\d{1,12})/?(?:[?#].*)?$"
)


def game_id(text: str) -> int | None:
    """The game id of ``12345``, ``18xx.games/game/12345`` or ``https://18xx.games/game/12345``
    (None: not one of these)."""
    text = text.strip()
    if text.isdigit() and len(text) <= 12:
        return int(text)
    m = _ADDRESS.match(text)
    if m:
        return int(m.group(1))
    other = _ANY_SITE.match(text)
    return int(other.group(2)) if other else None


def site_of(text: str) -> str | None:
    """The site a full game address names (``http://localhost:9292/game/5`` ->
    ``http://localhost:9292``), None for an id or an 18xx.games address."""
    text = text.strip()
    if _ADDRESS.match(text):
        return None
    m = _ANY_SITE.match(text)
    return m.group(1) if m else None


def download_log(
    gid: int, base_url: str = BASE_URL, timeout: float = TIMEOUT
) -> tuple[dict[str, Any], str]:
    """The JSON of game ``gid`` and the address it came from."""
    url = f"{base_url.rstrip('/')}/api/game/{gid}"
    where = f"18xx.games game {gid} ({url})"
    request = urllib.request.Request(
        url, headers={"Accept": "application/json", "User-Agent": "rusty-train-py"}
    )
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            body = answer.read(MAX_LOG_BYTES + 1)
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            raise GameFileError(f"{where}: no such game on 18xx.games (404)") from None
        if exc.code in (401, 403):
            raise GameFileError(
                f"{where}: the game is private (HTTP {exc.code}); download its JSON from the"
                " game page while logged in and open that file"
            ) from None
        raise GameFileError(f"{where}: the server answered HTTP {exc.code}") from None
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise GameFileError(f"{where}: cannot reach the server ({reason})") from None
    if len(body) > MAX_LOG_BYTES:
        raise GameFileError(f"{where}: the answer is over {MAX_LOG_BYTES:,} bytes")
    data = parse_json(decode(body, where), where)
    if not isinstance(data, dict) or not isinstance(data.get("actions"), list):
        raise GameFileError(
            f"{where}: the server sent no actions for this game (a private game, or one"
            " not started)"
        )
    return data, where
