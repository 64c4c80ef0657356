"""A local stand-in for 18xx.games for the follow tests: serves a real log's first N actions at
``/api/game/<id>``, and scripted answers (503, a dropped connection, a malformed answer)."""

from __future__ import annotations

import copy
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class PlayedGame:
    """A game played forward: ``shown`` actions of ``data`` (status "finished" once all are)."""

    def __init__(self, data: dict[str, Any], gid: int, shown: int = 0, step: int = 0) -> None:
        self.data, self.gid, self.shown, self.step = data, gid, shown, step
        self.script: list[object] = []  # answers served first: an int (HTTP status), "drop", bytes
        self.requests = 0
        self.lock = threading.Lock()

    def answer(self) -> object:
        """The next answer: a scripted one, else the game (``step`` more actions each time)."""
        with self.lock:
            self.requests += 1
            if self.script:
                return self.script.pop(0)
            body = self.game()
            self.shown = min(len(self.data["actions"]), self.shown + self.step)
            return body

    def game(self) -> dict[str, Any]:
        out = copy.copy(self.data)
        total = len(self.data["actions"])
        out["actions"] = self.data["actions"][: self.shown]
        out["status"] = "finished" if self.shown >= total else "active"
        out.pop("round", None)  # the site's round is the live game's: here it would be the end's
        out.pop("turn", None)
        return out


def _handler(game: PlayedGame) -> type[BaseHTTPRequestHandler]:
    class Site(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (the http.server name)
            if self.path != f"/api/game/{game.gid}":
                self._send(404, b"Game does not exist")
                return
            answer = game.answer()
            if answer == "drop":  # headers promise more than is sent, then the line drops
                self.send_response(200)
                self.send_header("Content-Length", "100000")
                self.end_headers()
                self.wfile.write(b'{"title": "18')
                self.wfile.flush()
                self.connection.shutdown(2)
                return
            if isinstance(answer, int):
                self._send(answer, b"<html>503 Service Temporarily Unavailable</html>")
                return
            body = answer if isinstance(answer, bytes) else json.dumps(answer).encode()
            self._send(200, body)

        def _send(self, code: int, body: bytes) -> None:
            self.send_response(code)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    return Site


@contextmanager
def serving(game: PlayedGame) -> Iterator[str]:
    """The site's address while the server runs."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(game))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
