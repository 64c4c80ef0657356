"""Opening an 18xx.games game by its id or address: a local HTTP server stands in for the
site (no test needs the internet)."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from rusty_train_py.cli import main
from rusty_train_py.files.errors import GameFileError
from rusty_train_py.files.online.commands import open_source
from rusty_train_py.files.online.fetch import download_log, game_id

LOG = (Path(__file__).resolve().parent / "data" / "18xx_games" / "1846_222264.json").read_bytes()
ANSWERS = {
    "/api/game/222264": (200, LOG),
    "/api/game/7": (403, b"private"),
    "/api/game/8": (200, b'{"id": 8, "title": "1846", "status": "new"}'),
    "/api/game/9": (200, b"<html>not json</html>"),
}


class _Site(BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 (the http.server name)
        status, body = ANSWERS.get(self.path, (404, b"Game does not exist"))
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):  # quiet
        pass


@pytest.fixture()
def site(monkeypatch):
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Site)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    monkeypatch.setenv("RUSTY_TRAIN_18XX_URL", url)
    yield url
    server.shutdown()
    server.server_close()


def test_game_ids_and_addresses():
    assert game_id("222264") == 222264
    assert game_id("18xx.games/game/222264") == 222264
    assert game_id("https://18xx.games/game/222264") == 222264
    assert game_id("https://www.18xx.games/game/222264/") == 222264
    assert game_id("my_game.json") is None and game_id("example.com/game/1") is None
    assert game_id("https://example.com/game/1") == 1  # a mirror's address (issue 26)


def test_open_a_game_by_id_or_address(site):
    for source in ("222264", "18xx.games/game/222264", "https://18xx.games/game/222264"):
        opened = open_source(source)
        assert opened.format == "18xx.games" and len(opened.runs) == 2
        assert opened.trains["NYC"] == ("2", "2", "3/5")


def test_convert_by_id(site, tmp_path):
    out = tmp_path / "g.json"
    assert main(["convert", "222264", "-o", str(out)]) == 0
    assert '"NYC": ["2", "2", "3/5"]' in out.read_text()


def test_network_failures_are_one_clear_message(site, capsys):
    with pytest.raises(GameFileError, match=r"game 404 \(.*/api/game/404\): no such game"):
        download_log(404, site)
    with pytest.raises(GameFileError, match=r"game 7 .*: the game is private \(HTTP 403\)"):
        download_log(7, site)
    with pytest.raises(GameFileError, match="game 8 .*: the server sent no actions"):
        download_log(8, site)
    with pytest.raises(GameFileError, match="game 9 .*: not a JSON saved game"):
        download_log(9, site)
    with pytest.raises(GameFileError, match="game 5 .*: cannot reach the server"):
        download_log(5, "http://127.0.0.1:9", timeout=2)
    assert main(["show", "404"]) == 2
    assert "no such game on 18xx.games (404)" in capsys.readouterr().err
