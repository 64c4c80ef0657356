"""The command line: clear errors for bad requests, warnings on stderr, --strict, and
commands that import only what they need."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from rusty_train_py.base.paths import default_game_file
from rusty_train_py.cli import build_parser, main

GAME = str(default_game_file())


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse refusing an argument
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("trains", ["", ",", " , "])
def test_an_empty_train_list_is_an_error(capsys, trains):
    code, out, err = run(capsys, "routes", GAME, "-c", "GW", "-t", trains)
    assert (code, out) == (2, "")
    assert err == (
        f"rusty-train-py: error: --trains {trains!r} names no train:"
        " give comma-separated train names, e.g. 5,8\n"
    )


def test_a_company_without_a_token_gets_a_hint(capsys):
    code, out, err = run(capsys, "routes", GAME, "-c", "IRC", "-t", "5")
    assert code == 0
    assert out.splitlines()[0] == "net revenue: $0 (proven optimal; 0 paths)"
    assert err == (
        "rusty-train-py: note: IRC has no station token on the map, so it can run no route\n"
    )
    code, out, err = run(capsys, "routes", GAME, "-c", "GW", "-t", "5")
    assert code == 0 and err == ""


@pytest.mark.parametrize(
    "option, value, message",
    [
        ("--time-limit", "-1", "argument --time-limit: must be 0 or more seconds, not -1"),
        ("--time-limit", "nan", "argument --time-limit: must be 0 or more seconds, not nan"),
        ("--max-paths", "0", "argument --max-paths: must be 1 or more, not 0"),
        ("--max-paths", "many", "argument --max-paths: not a whole number: 'many'"),
    ],
)
def test_bad_limits_are_refused(capsys, option, value, message):
    code, out, err = run(capsys, "routes", GAME, "-c", "GW", "-t", "5", option, value)
    assert code == 2 and out == ""
    assert err.splitlines()[-1] == f"rusty-train-py routes: error: {message}"


def test_max_paths_help_says_what_it_does(capsys):
    routes = build_parser()._subparsers._group_actions[0].choices["routes"]
    text = " ".join(routes.format_help().split())
    assert (
        "--max-paths N enumerate paths until soon after N have been found (the count is"
        " checked every few thousand steps), then solve with the exact model instead"
    ) in text
    code, out, _ = run(capsys, "routes", GAME, "-c", "GW", "-t", "5,8", "--max-paths", "100")
    assert code == 0
    result = next(line for line in out.splitlines() if line.startswith("net revenue:"))
    assert result.startswith("net revenue: $840 (proven optimal; exact model after")


def test_convert_refuses_a_game_name(capsys, tmp_path):
    out_path = tmp_path / "x.game"
    code, out, err = run(capsys, "convert", GAME, "-o", str(out_path))
    assert (code, out) == (2, "")
    assert err == (
        f"rusty-train-py: error: {out_path}: convert writes the rusty-train-py format (JSON);"
        " it cannot write Rusty Train .game saves, so name the output .json\n"
    )
    assert not out_path.exists()


def test_convert_writes_our_format(capsys, tmp_path):
    out_path = tmp_path / "x.json"
    code, out, err = run(capsys, "convert", GAME, "-o", str(out_path))
    assert (code, out, err) == (0, f"saved {out_path}\n", "")
    assert out_path.read_bytes() == default_game_file().read_bytes()


@pytest.mark.parametrize("command", ["render", "convert", "tiles"])
def test_outputs_into_a_missing_folder_are_refused(capsys, tmp_path, command):
    target = tmp_path / "nonexistent" / "map.png"
    source = "1867" if command == "tiles" else GAME
    code, out, err = run(capsys, command, source, "-o", str(target))
    assert (code, out) == (2, "")
    assert err == (
        f"rusty-train-py: error: {target}: {target.parent}: no such folder"
        f" ({command} does not create folders)\n"
    )
    assert not target.parent.exists()


def test_render_caps_the_image_size(capsys, tmp_path):
    target = tmp_path / "map.png"
    code, out, err = run(capsys, "render", GAME, "-o", str(target), "--hex-size", "2000")
    assert (code, out) == (2, "")
    assert err == (
        "rusty-train-py: error: --hex-size 2000 makes a 51,800 x 37,442 pixel image; the limit"
        " is 16,384 pixels a side and 64 million pixels (use --hex-size 363 or less)\n"
    )
    assert not target.exists()
    code, _, err = run(capsys, "tiles", "1867", "-o", str(target), "--hex-size", "1e9")
    assert code == 2 and "pixel image; the limit is 16,384 pixels a side" in err
    code, _, err = run(capsys, "render", GAME, "-o", str(target), "--hex-size", "-5")
    assert code == 2
    assert err.splitlines()[-1] == (
        "rusty-train-py render: error: argument --hex-size: must be 4 pixels or more, not -5"
    )


def test_warnings_go_to_stderr_and_strict_refuses(capsys, tmp_path):
    data = json.loads(default_game_file().read_text(encoding="utf-8"))
    data["tokens"].append({"hex": "D8", "space": 0, "company": "GW"})
    data["tiles"].append({"hex": "D8", "tile": "57", "rotation": 0})
    path = tmp_path / "extra.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(capsys, "routes", str(path), "-c", "GW", "-t", "5,8")
    assert code == 0 and "net revenue" in out
    assert err == (
        f"rusty-train-py: warning: {path}: GW: 4 station tokens on the map (D8, E15, J12, L12);"
        " the game gives it 3\n"
    )
    code, out, err = run(capsys, "routes", str(path), "-c", "GW", "-t", "5,8", "--strict")
    assert (code, out) == (2, "")
    assert err == (
        f"rusty-train-py: error: {path}: breaks the rules of the game (strict reading):"
        " GW: 4 station tokens on the map (D8, E15, J12, L12); the game gives it 3\n"
    )
    for command in (["show"], ["convert", "-o", str(tmp_path / "o.json")]):
        code, _, err = run(capsys, *command[:1], str(path), *command[1:], "--strict")
        assert code == 2 and "strict reading" in err


@pytest.mark.parametrize("command", ["routes", "render", "show", "convert"])
def test_a_nul_in_a_path_is_a_clean_error(capsys, tmp_path, command):
    extra = {
        "routes": ["-c", "GW", "-t", "5"],
        "render": ["-o", str(tmp_path / "m.png")],
        "convert": ["-o", str(tmp_path / "m.json")],
        "show": [],
    }[command]
    code, out, err = run(capsys, command, "bad\x00name.json", *extra)
    assert (code, out) == (2, "")
    assert err == (
        "rusty-train-py: error: 'bad\\x00name.json': a file name cannot contain a NUL character\n"
    )


def test_commands_import_only_what_they_need():
    """show and convert need neither numpy nor Qt; routes needs numpy but not Qt."""
    code = (
        "import sys\n"
        "from rusty_train_py.cli import main\n"
        "import contextlib, io\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    assert main(sys.argv[1:]) == 0\n"
        "print(sorted(m for m in ('numpy', 'shapely', 'networkx', 'PySide6') if m in sys.modules))\n"
    )
    cases = {
        ("show", GAME): "[]",
        ("routes", GAME, "-c", "GW", "-t", "5"): "['numpy']",
    }
    for argv, expected in cases.items():
        done = subprocess.run(
            [sys.executable, "-c", code, *argv], capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == expected, argv


def test_routes_with_a_locked_train(capsys):
    """--lock fixes the 5 on Toronto-Sarnia; the 8 runs its best route around it."""
    code, out, err = run(
        capsys, "routes", GAME, "-c", "GW", "-t", "5,8", "--lock", "5:f16,E15,D16,C17,B18"
    )
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == ("5: $230: Toronto 100, Guelph 40, Berlin 40, London 40, Sarnia 10 (locked)")
    assert lines[1].startswith("8: $480: ") and "(locked)" not in lines[1]
    assert lines[2].startswith("net revenue: $710 (proven optimal; ")
    assert lines[4] == (
        "lock 5:F16,E15,D16,C17,B18: 8 track paths join these stops; took the best-earning"
        " for the 5 ($230), the first in path order among equals"
    )
    assert lines[-1] == (
        'as locks: --lock "5:F16,E15,D16,C17,B18"'
        ' --lock "8:E17,E15,F16,G15,H14,I15,J12,L10,L12,M13,M15"'
    )
    # the printed locks give the same answer
    code, out2, err = run(
        capsys,
        "routes",
        GAME,
        "-c",
        "GW",
        "-t",
        "5,8",
        "--lock",
        "5:F16,E15,D16,C17,B18",
        "--lock",
        "8:E17,E15,F16,G15,H14,I15,J12,L10,L12,M13,M15",
        "--json",
    )
    data = json.loads(out2)
    assert data["net_revenue"] == 710
    assert [(r["train"], r["revenue"], r["locked"]) for r in data["routes"]] == [
        ("5", 230, True),
        ("8", 480, True),
    ]


@pytest.mark.parametrize(
    "lock, message",
    [
        ("5", "lock '5': write the train, a colon and its stops in order, e.g. 5:F16,E17,D16"),
        ("6:F16,E15", "lock 6:F16,E15: the 6 is not one of the trains (5, 8)"),
        (
            "5:A19,B18,C17,D16,E15,F16,G15",
            "lock 5:A19,B18,C17,D16,E15,F16,G15: not a route GW can run: too long for a 5"
            " (it needs 6, the train runs 5)",
        ),
    ],
)
def test_a_bad_lock_is_a_clear_error(capsys, lock, message):
    code, out, err = run(capsys, "routes", GAME, "-c", "GW", "-t", "5,8", "--lock", lock)
    assert (code, out) == (2, "")
    assert err == f"rusty-train-py: error: {message}\n"
