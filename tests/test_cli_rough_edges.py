"""What the command line says when a request cannot be met: the companies of the game, the
games a Rusty Train save may name, what to do without a display; and a reader that stops
early (``| head``) ends a command quietly."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from rusty_train_py.base.paths import PROJECT_ROOT, default_game_file
from rusty_train_py.cli import main
from rusty_train_py.cli.gui import display_problem

GAME = str(default_game_file())
COMPANIES_1867 = (
    "CNR, CPR, C&O, GT, GW, IRC, NTR, NYC, BBG, BO, CS, CV, KP, LPS, OP, SLA, TGB, TN, AE, CA,"
    " NYO, PM, QLS, THB, N, CN"
)
NO_DISPLAY = (
    "rusty-train-py: error: no display for the window: neither DISPLAY nor WAYLAND_DISPLAY is"
    " set; over ssh use 'ssh -X', on a machine without a screen 'xvfb-run rusty-train-py', or"
    " set QT_QPA_PLATFORM=offscreen for a window nobody sees (routes, advise, render, tiles,"
    " show and convert need no display)\n"
)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("command", ["routes", "advise"])
def test_an_unknown_company_lists_the_companies(capsys, command):
    code, out, err = run(capsys, command, GAME, "-c", "XX", "-t", "5")
    assert (code, out) == (2, "")
    assert (
        err == f"rusty-train-py: error: 1867: unknown company 'XX' (companies: {COMPANIES_1867})\n"
    )


def test_an_unknown_rusty_train_game_lists_the_games_it_may_name(capsys, tmp_path):
    path = tmp_path / "edited.game"
    data = {"game": "1899: Nowhere", "phase": "2", "map": {"orientation": "FlatTop", "tiles": []}}
    path.write_text(json.dumps(data))
    code, out, err = run(capsys, "show", str(path))
    assert (code, out) == (2, "")
    assert err == (
        f"rusty-train-py: error: {path}: unknown Rusty Train game '1899: Nowhere' (known:"
        " 1830: Railways and Robber Barons, 1861: The Railways of the Russian Empire,"
        " 1867: The Railways of Canada, 1889: History of Shikoku Railways)\n"
    )


def environment(**set_: str) -> dict[str, str]:
    """This process's environment without a display or a Qt platform, plus ``set_``."""
    gone = ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
    env = {k: v for k, v in os.environ.items() if k not in gone}
    env["PYTHONPATH"] = str(PROJECT_ROOT)
    return {**env, **set_}


@pytest.mark.parametrize("argv", [[], ["gui"], ["gui", GAME]])
def test_the_window_without_a_display_says_what_to_do(argv):
    done = subprocess.run(
        [sys.executable, "-m", "rusty_train_py", *argv],
        env=environment(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (done.returncode, done.stdout, done.stderr) == (1, "", NO_DISPLAY)


@pytest.mark.parametrize(
    "environ, platform, problem",
    [
        ({}, "linux", "neither DISPLAY nor WAYLAND_DISPLAY is set"),
        ({"DISPLAY": ":0"}, "linux", None),
        ({"WAYLAND_DISPLAY": "wayland-0"}, "linux", None),
        ({"QT_QPA_PLATFORM": "offscreen"}, "linux", None),
        ({"QT_QPA_PLATFORM": "vnc:size=800x600"}, "linux", None),
        ({"QT_QPA_PLATFORM": "xcb", "WAYLAND_DISPLAY": "w"}, "linux", "xcb needs DISPLAY,"),
        ({"QT_QPA_PLATFORM": "wayland;xcb", "DISPLAY": ":0"}, "linux", "wayland needs WAYL"),
        ({}, "freebsd14", "neither DISPLAY nor WAYLAND_DISPLAY is set"),
        ({}, "darwin", None),
        ({}, "win32", None),
    ],
)
def test_which_environments_have_a_display(environ, platform, problem):
    got = display_problem(environ, platform)
    assert got == problem if problem is None else problem in got


def test_offscreen_still_opens_the_window():
    """With QT_QPA_PLATFORM=offscreen the check lets Qt start: the window runs until ended."""
    window = subprocess.Popen(
        [sys.executable, "-m", "rusty_train_py", "gui", GAME],
        env=environment(QT_QPA_PLATFORM="offscreen"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        with pytest.raises(subprocess.TimeoutExpired):
            window.wait(timeout=10)
    finally:
        window.kill()
        _, err = window.communicate(timeout=30)
    assert "error" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["show", GAME],
        ["show", GAME, "--json"],
        ["routes", GAME, "-c", "GW", "-t", "5,8", "--json"],
        ["advise", GAME, "-c", "GW", "-t", "5,8", "--json", "--top", "3"],
    ],
    ids=lambda argv: " ".join(a for a in argv if a != GAME),
)
def test_a_reader_that_stops_early_ends_the_command_quietly(argv):
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader has gone: every write is a broken pipe
    # (--help needs nothing: argparse ignores a failed write of its help)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "rusty_train_py", *argv],
            env=environment(QT_QPA_PLATFORM="offscreen"),
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=300,
        )
    finally:
        os.close(write_end)
    assert (done.returncode, done.stderr) == (141, "")
