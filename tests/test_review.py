"""``review``: every run of a played game, the players' revenue against our proven best, the
same figures as the real-game check (bench/real_games.py's ``check_position``), run by run;
totals and the closing line add up; a game id is downloaded from ``--site`` (a local server)."""

from __future__ import annotations

import gzip
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from rusty_train_py.cli import main
from rusty_train_py.files.online.log import log_from_data
from rusty_train_py.files.online.realcheck import check_position, positions
from rusty_train_py.files.online.review import review_log, rounds_of

DATA = Path(__file__).resolve().parent / "data"
LOG_1889 = DATA / "18xx_games" / "1889_314.json"


def reviewed(capsys, *argv: str) -> list[dict]:
    assert main(["review", *argv]) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_review_equals_the_real_game_check_run_by_run(capsys):
    rows = reviewed(capsys, str(LOG_1889), "--json", "--jobs", "2")
    total = rows.pop()["total"]
    log = log_from_data(json.loads(LOG_1889.read_text()), "1889_314.json")
    checks = [check_position(p, 30.0) for p in positions(log)]
    assert len(rows) == len(checks) == 32
    for row, check in zip(rows, checks, strict=True):
        assert row["action"] == check.action_id and row["company"] == check.company
        played = check.recorded if check.recorded is not None else check.priced
        assert (row["players_revenue"], row["best_revenue"]) == (played, check.best)
        assert row["proven"] is True
        if check.priced is not None:  # the players' routes are routes by our rules
            assert row["best_revenue"] >= row["players_revenue"]
        else:  # 2 runs of this old log: the report says why they are not priced
            assert row["problem"].startswith("players' routes: lock ")
        assert row["difference"] == row["best_revenue"] - row["players_revenue"]
        assert set(row) >= {"action", "round", "company", "trains", "cpu_s"}
    assert total["runs"] == 32 and total["complete"] is True
    assert [r["action"] for r in rows if r["problem"]] == [158, 367]
    assert total["players_revenue"] == sum(r["players_revenue"] for r in rows)
    assert total["best_revenue"] == sum(r["best_revenue"] for r in rows)
    assert total["difference"] == total["best_revenue"] - total["players_revenue"]
    assert sum(t[0] for t in total["companies"].values()) == total["players_revenue"]
    assert sum(t[2] for t in total["players"].values()) == 32
    assert total["time_limit_s"] == 30.0


def test_the_report_lists_every_run_and_closes_with_one_line(capsys):
    assert main(["review", str(LOG_1889), "--jobs", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    rows = [line for line in out if line[:6].strip().isdigit()]
    assert len(rows) == 32
    assert out[-1].startswith("Over the game, runs earned $") and out[-1].endswith(".")
    assert "by company:" in out and "by player:" in out


def test_rounds_are_counted_from_the_runs():
    assert rounds_of(["A", "B", "A", "C", "B", "A"]) == [
        "OR 1",
        "OR 1",
        "OR 2",
        "OR 2",
        "OR 2",
        "OR 3",
    ]


def test_a_cancelled_review_keeps_the_runs_reviewed():
    log = log_from_data(json.loads(LOG_1889.read_text()), "1889_314.json")
    seen = []
    review = review_log(
        log, jobs=1, progress=lambda d, t: seen.append(d), cancel=lambda: len(seen) >= 3
    )
    assert len(review.rows) == 3 and review.complete is False


class _Site(BaseHTTPRequestHandler):
    body = b""

    def do_GET(self):  # noqa: N802 (the http.server name)
        ok = self.path == "/api/game/314"
        self.send_response(200 if ok else 404)
        body = self.body if ok else b"Game does not exist"
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


@pytest.fixture()
def site():
    _Site.body = LOG_1889.read_bytes()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_review_a_game_id_from_the_site_given(capsys, site):
    rows = reviewed(capsys, "314", "--site", site, "--json", "--jobs", "1")
    assert rows[-1]["total"]["runs"] == 32
    assert main(["review", "315", "--site", site]) == 2
    assert "315" in capsys.readouterr().err


@pytest.mark.slow
def test_a_full_1846_game_is_never_below_the_players(capsys, tmp_path):
    log = tmp_path / "1846_3099.json"
    log.write_bytes(
        gzip.decompress((DATA / "18xx_fixtures" / "1846" / "3099.json.gz").read_bytes())
    )
    rows = reviewed(capsys, str(log), "--json")
    total = rows.pop()["total"]
    assert total["runs"] == len(rows) == 77 and total["unproven"] == 0
    assert all(r["best_revenue"] >= r["players_revenue"] for r in rows)
