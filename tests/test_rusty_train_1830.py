"""Rusty Train's 1830 saves (a pointed-top map, written "PointedTop" by that program) and
hex names too long to be a hex: a clean error wherever a hex name is read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rusty_train_py.base.paths import default_game_file
from rusty_train_py.cli import main
from rusty_train_py.files.loader import RUSTY_TRAIN, open_game
from rusty_train_py.files.savefile import GameFileError
from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.grid.hexgrid import HexAddressError, parse_hex_name

SAVE_1830 = Path(__file__).resolve().parent / "data" / "1830_pointed_top.game"
LONG_HEX = "E" + "5" * 5000  # int() of 5,000 digits raises ValueError (the conversion limit)


def test_an_1830_save_as_rusty_train_writes_it_opens():
    opened = open_game(SAVE_1830, strict=True)
    state = opened.state
    assert (opened.format, opened.warnings, state.game.id, state.phase) == (
        RUSTY_TRAIN,
        (),
        "1830",
        "5",
    )
    # Rust rotations plus the game's rotation offsets (57: 0, 1: 1, 64: 2, 9: 0)
    assert state.laid_tiles() == {
        "E5": ("64", 2),
        "E19": ("57", 2),
        "F18": ("9", 3),
        "F20": ("1", 2),
        "H10": ("57", 5),
    }
    assert {h: state.tokens_at(h) for h in state.game.hexes if state.tokens_at(h)} == {
        "E5": {0: "NYC", 1: "PRR"},
        "E19": {0: "NYC"},
        "E23": {0: "B&M"},
        "F6": {0: "C&O"},
        "G19": {0: "NYNH"},
        "H12": {0: "PRR"},
        "I15": {0: "B&O"},
    }


def test_the_1830_save_runs_routes(capsys):
    assert main(["routes", str(SAVE_1830), "-c", "NYC", "-t", "4"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.splitlines()[0] == (
        "4: $70: Albany 20, New Haven & Hartford 10, New York & Newark 40"
    )


def test_a_pointed_top_save_of_a_flat_game_is_refused(tmp_path):
    data = json.loads(SAVE_1830.read_text(encoding="utf-8"))
    data["map"]["orientation"] = "FlatTop"
    path = tmp_path / "flat.game"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GameFileError) as info:
        open_game(path)
    assert str(info.value) == (
        f"{path}: map orientation FlatTop does not match game 1830 (pointy hexes)"
    )
    data["map"]["orientation"] = "Pointed"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GameFileError) as info:
        open_game(path)
    assert str(info.value) == f"{path}: map.orientation: 'Pointed' is not FlatTop or PointedTop"


@pytest.mark.parametrize(
    "name, message",
    [
        (
            LONG_HEX,
            "bad hex address 'E" + "5" * 38 + "...: 5,001 characters (hex names have at most 12)",
        ),
        ("E\u00b2", "bad hex address 'E\u00b2': expected letters then a number, e.g. E5"),
        ("E\uff15", "bad hex address 'E\uff15': expected letters then a number, e.g. E5"),
        ("E-", "bad hex address 'E-': expected letters then a number, e.g. E5"),
    ],
)
def test_hex_names_that_are_no_hex(name, message):
    with pytest.raises(HexAddressError) as info:
        parse_hex_name(name)
    assert str(info.value) == message
    assert load_game("1867").has_hex(name) is False


def test_a_long_hex_name_in_our_save_is_a_clean_error(tmp_path):
    data = json.loads(default_game_file().read_text(encoding="utf-8"))
    data["tiles"][0]["hex"] = LONG_HEX
    path = tmp_path / "long.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GameFileError) as info:
        open_game(path)
    assert str(info.value).startswith(f"{path}: tiles[0]: bad hex 'E5555")


def test_a_long_row_in_a_rusty_train_save_is_a_clean_error(tmp_path):
    text = SAVE_1830.read_text(encoding="utf-8").replace(
        '"row": 4,', '"row": ' + "4" * 5000 + ",", 1
    )
    path = tmp_path / "long.game"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GameFileError) as info:
        open_game(path)
    assert str(info.value).startswith(f"{path}: not valid JSON (Exceeds the limit (4300 digits)")


def test_a_long_hex_name_on_the_command_line_is_a_clean_error(capsys):
    code = main(
        ["routes", str(default_game_file()), "-c", "GW", "-t", "5", "--lock", f"5:{LONG_HEX}"]
    )
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.startswith("rusty-train-py: error: lock 5:E5555") and "Traceback" not in err
