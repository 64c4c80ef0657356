"""``rusty-train-py advise``: the JSON and text answers, each lay's figure equal to what
``routes`` gives after making it, tokens, lay-then-token, and clear errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from rusty_train_py.base.paths import default_game_file
from rusty_train_py.cli import main
from rusty_train_py.files.loader import open_game
from rusty_train_py.files.savefile import save_game
from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.mapstate.state import MapState

GAME = str(default_game_file())
LAY_KEYS = ["hex", "tile", "rotation", "cost", "net_revenue", "gain"]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse refusing an argument
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def line(tmp_path) -> str:
    """1867 phase 3: GW's token on a yellow straight city at E13, an empty one at E15."""
    state = MapState(load_game("1867"), "3")
    for h in ("E13", "E15"):
        state.apply(state.place_tile_edit(h, "57", 0))
    state.apply(state.place_token_edit("E13", 0, "GW"))
    path = tmp_path / "line.json"
    save_game(state, path)
    return str(path)


def routes_after(capsys, tmp_path, game: str, lay: dict, company: str, trains: str) -> int:
    """Make the lay, save, and run ``routes --json``: its net revenue."""
    state = open_game(game).state
    state.apply(state.place_tile_edit(lay["hex"], lay["tile"], lay["rotation"]))
    path = tmp_path / "after.json"
    save_game(state, path)
    code, out, err = run(capsys, "routes", str(path), "-c", company, "-t", trains, "--json")
    assert (code, err) == (0, "")
    return json.loads(out)["net_revenue"]


def test_json_lays_best_first_and_routes_agree(capsys, tmp_path, line):
    code, out, err = run(capsys, "advise", line, "-c", "GW", "-t", "2", "--json", "--top", "4")
    assert (code, err) == (0, "")
    got = json.loads(out)
    assert got["base_net_revenue"] == 40
    assert len(got["lays"]) == 4
    for lay in got["lays"]:
        assert list(lay)[:6] == LAY_KEYS
        assert lay["gain"] == lay["net_revenue"] - 40
        assert routes_after(capsys, tmp_path, line, lay, "GW", "2") == lay["net_revenue"]
    # the green upgrades of E13 and E15 (30 instead of 20), first in map order
    assert [(x["hex"], x["net_revenue"], x["gain"]) for x in got["lays"]][:1] == [("E13", 50, 10)]
    assert got["stats"]["lays_legal"] > 4
    assert "tokens" not in got and "two_step" not in got


def test_tokens_and_two_step(capsys, line):
    code, out, err = run(
        capsys, "advise", line, "-c", "GW", "-t", "2", "--json", "--tokens", "--two-step"
    )
    assert (code, err) == (0, "")
    got = json.loads(out)
    # E15 is reached and empty; a second token there adds no 2-train run worth more.
    assert got["tokens"] == [
        {"hex": "E15", "space": 0, "cost": None, "net_revenue": 40, "gain": 0, "optimal": True}
    ]
    assert got["token_cost"] is None
    assert got["token_cost_note"] == "the game data sets no token cost"
    # Best pair: Hamilton E17 (202, 30) toward Buffalo (40), then a token there: 70.
    pair = got["two_step"]
    assert (pair["net_revenue"], pair["gain"]) == (70, 30)
    assert pair["lay"] == {"hex": "E17", "tile": "202", "rotation": 3, "cost": 0}
    assert pair["token"] == {"hex": "E17", "space": 0, "cost": None}


def test_text_output(capsys, line):
    code, out, err = run(capsys, "advise", line, "-c", "GW", "-t", "2", "--top", "2", "--tokens")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "GW running 2 in phase 3: $40 without a lay (proven optimal)"
    assert lines[1] == (
        "20 legal lays: 8 pruned (nothing new the trains can use), 10 sharing another lay's"
        " search, 2 searched (4 route searches in all)"
    )
    assert lines[2] == "best 2 lays (net revenue after the lay, gain):"
    assert lines[3].split()[:2] == ["1.", "E13"] and lines[3].split()[-2:] == ["$50", "+10"]
    assert lines[5] == "best 1 token placements (the game data sets no token cost):"
    assert lines[6].split() == ["1.", "E15", "space", "0", "$40", "+0"]


def test_the_bundled_position(capsys, tmp_path):
    code, out, err = run(capsys, "advise", GAME, "-c", "GW", "-t", "5,8", "--json", "--top", "3")
    assert (code, err) == (0, "")
    got = json.loads(out)
    assert got["base_net_revenue"] == 840
    stats = got["stats"]
    assert stats["lays_legal"] == 102
    assert stats["lays_pruned"] + stats["lays_shared"] + stats["lays_searched"] == 102
    best = got["lays"][0]
    assert (best["net_revenue"], best["gain"]) == (840, 0)
    assert routes_after(capsys, tmp_path, GAME, best, "GW", "5,8") == 840


@pytest.mark.parametrize(
    "argv, message",
    [
        (["-c", "XX", "-t", "2"], "rusty-train-py: error: 1867: unknown company 'XX'"),
        (["-c", "GW", "-t", "99"], "rusty-train-py: error: 1867: unknown train '99'"),
        (
            ["-c", "GW", "-t", ","],
            "rusty-train-py: error: --trains ',' names no train: give comma-separated train"
            " names, e.g. 5,8",
        ),
        (
            ["-c", "GW", "-t", "2", "--bonus", "nope"],
            "rusty-train-py: error: unknown bonus 'nope' for 1867",
        ),
        (["-c", "GW", "-t", "2", "--top", "0"], "argument --top: must be 1 or more, not 0"),
    ],
)
def test_bad_requests_are_clear_errors(capsys, line, argv, message):
    code, out, err = run(capsys, "advise", line, *argv)
    assert code == 2 and out == ""
    assert message in err.splitlines()[-1]


def test_a_company_without_a_token_gets_a_hint(capsys, line):
    code, out, err = run(capsys, "advise", line, "-c", "CNR", "-t", "2")
    assert code == 0
    assert out.splitlines()[-1] == "no legal lay for CNR"
    assert err == (
        "rusty-train-py: note: CNR has no station token on the map, so its network reaches"
        " nothing and it can lay no tile\n"
    )


def test_advise_needs_no_qt(line):
    code = (
        "import sys\n"
        "from rusty_train_py.cli import main\n"
        "import contextlib, io\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert main(sys.argv[1:]) == 0\n"
        "print('PySide6' in sys.modules)\n"
    )
    argv = ["advise", line, "-c", "GW", "-t", "2"]
    done = subprocess.run(
        [sys.executable, "-c", code, *argv], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"
