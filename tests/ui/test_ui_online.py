"""18xx.games logs in the window: Ctrl+O on a log asks where to open it (the end, or just
before a run, newest first), the route picker starts on the company's own trains, and File ▸
Open game from 18xx.games… downloads a game on a worker thread (from a local server)."""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from rusty_train_py.files.loader import open_game
from rusty_train_py.files.online import read_log_file, replay_log
from rusty_train_py.ui.online_dialogs import LogPointDialog
from rusty_train_py.ui.preferences import TrainChoice

from .conftest import StubDialogs, key, make_window

K = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier
LOG = Path(__file__).resolve().parents[1] / "data" / "18xx_games" / "1867_nationalization_cash.json"


class LogDialogs(StubDialogs):
    def __init__(self) -> None:
        super().__init__()
        self.log_point: int | None = None
        self.online_game: str | None = None

    def choose_log_point(self, parent, name, runs):
        self.calls.append(("choose_log_point", name, runs[-1].action_id, len(runs)))
        return self.log_point

    def ask_online_game(self, parent):
        self.calls.append(("ask_online_game",))
        return self.online_game


@pytest.fixture
def log_dialogs() -> LogDialogs:
    return LogDialogs()


def test_ctrl_o_on_a_log_opens_it_before_the_run_chosen(qtbot, prefs, log_dialogs, monkeypatch):
    import rusty_train_py.files.online as online

    replays = []
    replay = online.replay_log
    monkeypatch.setattr(online, "replay_log", lambda *a, **k: replays.append(a) or replay(*a, **k))
    win = make_window(qtbot, prefs, log_dialogs)
    log_dialogs.open_path = str(LOG)
    log_dialogs.log_point = 477  # before C&O runs its 3 and 5, owning two bridges
    key(qtbot, win, K.Key_O, modifier=CTRL)
    assert len(replays) == 1  # the point chosen is read from the one replay
    assert ("choose_log_point", LOG.name, 666, 79) in log_dialogs.calls
    assert win.state == open_game(LOG, at=477).state
    assert win.doc.trains["C&O"] == ("3", "5")
    # the route picker starts on C&O's own trains and the bonuses of its privates
    log_dialogs.company = "C&O"
    log_dialogs.trains = None  # cancel at the trains: only what was offered matters
    key(qtbot, win, "r")
    offered = [c for c in log_dialogs.calls if c[0] == "choose_trains"]
    assert offered[-1][1] == "C&O"
    assert offered[-1][2] == TrainChoice(("3", "5"), ("nfb", "mb"))


def test_the_log_point_dialog_lists_runs_newest_first(qtbot):
    runs = replay_log(read_log_file(str(LOG), "x")).runs
    dialog = LogPointDialog(None, LOG.name, runs)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.chosen() is None  # the end of the log is the default
    assert dialog.list.count() == len(runs) + 1
    qtbot.keyClick(dialog.list, K.Key_Down)
    assert dialog.chosen() == runs[-1].action_id
    assert dialog.list.currentItem().text() == (
        f"Run {len(runs)}: before {runs[-1].company} runs its trains (action"
        f" {runs[-1].action_id}, operating round {runs[-1].operating_round})"
    )
    assert runs[-1].operating_round == 13  # counted from the actions
    qtbot.keyClick(dialog.list, K.Key_Down)
    assert dialog.chosen() == runs[-2].action_id


class _Site(BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802
        body, status = (LOG.read_bytes(), 200) if self.path == "/api/game/4242" else (b"", 404)
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def test_open_game_from_18xx_games_downloads_it_off_the_gui_thread(
    qtbot, prefs, log_dialogs, monkeypatch
):
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    monkeypatch.setenv("RUSTY_TRAIN_18XX_URL", f"http://127.0.0.1:{server.server_address[1]}")
    try:
        win = make_window(qtbot, prefs, log_dialogs)
        log_dialogs.online_game = "https://18xx.games/game/4242"
        log_dialogs.log_point = None  # the end of the game
        win.files.open_online_game()
        qtbot.waitUntil(lambda: win.doc.name == "18xx.games game 4242", timeout=10000)
        assert win.state == open_game(LOG).state
        assert win.doc.save_path is None  # Save asks where
        log_dialogs.online_game = "404"
        win.files.open_online_game()
        qtbot.waitUntil(lambda: bool(log_dialogs.errors), timeout=10000)
        assert "no such game on 18xx.games (404)" in log_dialogs.errors[-1][1]
    finally:
        server.shutdown()
        server.server_close()
