"""The game data, typed to the last value: the fuzz of every games/*.toml and tiles/*.tiles
(tests/fuzz_game_data.py, a CI-sized share; ``make fuzz`` runs 10,000) and, one by one, the
wrong values an outside test found accepted or escaping, each refused with the file, the
line and the key."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import fuzz_game_data
import pytest

from rusty_train_py.base.paths import games_dir, tiles_dir
from rusty_train_py.gamedata.game import GameDataError
from rusty_train_py.gamedata.loader.gamefile import load_game_file


def test_fuzz_game_data():
    cases = int(os.environ.get("FUZZ_DATA_CASES", "400"))
    seed = int(os.environ.get("FUZZ_SEED", "0"))
    report = fuzz_game_data.run(cases, seed)
    print(report.line())
    assert report.escapes == []
    assert report.unnamed == []
    assert report.nonsense == []
    assert report.rules_nonsense == []
    assert report.netted == []
    assert report.slow == []  # every game that loads is drawn and searched within 20 s
    assert report.drawn > 0
    assert report.cases == cases
    # the mutants reach both outcomes
    assert report.refused > cases // 2 and report.accepted > cases // 50


@pytest.fixture
def data(tmp_path) -> Path:
    shutil.copytree(games_dir(), tmp_path / "games")
    shutil.copytree(tiles_dir(), tmp_path / "tiles")
    return tmp_path


def refused(folder: Path, game: str) -> str:
    with pytest.raises(GameDataError) as info:
        load_game_file(folder / "games" / f"{game}.toml", folder / "tiles")
    return str(info.value)


def change(path: Path, old: str, new: str, count: int = 1) -> int:
    """Replace the ``count``-th ``old`` in ``path``; the line number changed."""
    text = path.read_text(encoding="utf-8")
    at = -1
    for _ in range(count):
        at = text.index(old, at + 1)
    path.write_text(text[:at] + new + text[at + len(old) :], encoding="utf-8")
    return text[:at].count("\n") + 1


@pytest.mark.parametrize(
    "game, old, new, message",
    [
        ("1830", "tokens = 4", "tokens = -1", "companies[0] (PRR): tokens: should be a whole number 1 to 1,000,000, got -1"),
        ("1830", "tokens = 4", "tokens = -99999999", "companies[0] (PRR): tokens: should be a whole number 1 to 1,000,000, got -99999999"),
        ("1867", "shares = 1\n", "shares = 0\n", "companies[8] (BBG): shares: should be a whole number 1 to 1,000,000, got 0"),
        ("1867", "shares = 1\n", 'shares = "x"\n', "companies[8] (BBG): shares: should be a whole number, got 'x'"),
        ("1830", 'abbrev = "PRR"', 'abbrev = ""', "companies[0]: abbrev: should be a non-empty string, got ''"),
        ("1830", 'name = "2"', 'name = ""', "trains[0]: name: should be a non-empty string, got ''"),
        ("1830", "home_city = 0", "home_city = 3", "companies[6] (NYNH): home_city 3 is out of range: the home hex G19 has 2 cities (0 to 1)"),
        ("1830", 'colour = "grey"', "colour = 5", "hexes[7]: colour: unknown colour 5 (one of white, yellow, green, brown, grey, red, blue, empty)"),
        ("1867", "train_limit = { minor = 2 }", "train_limit = { minor = 0 }", "phases[0]: train_limit: minor: should be a whole number 1 to 1,000,000, got 0"),
        ("1867", "train_limit = { minor = 2 }", 'train_limit = { ghost = 2 }', "phases[0]: train_limit: ghost: should be one of major, minor, national, neutral, got 'ghost'"),
        ("1830", "border=edge:5,type:impassable", "border=edge:9,type:impassable", "hexes[19] (E7): border: edge 9 out of range 0-5"),
        ("1830", "border=edge:5,type:impassable", "border=edge:-1,type:impassable", "hexes[19] (E7): border: edge -1 is negative"),
        ("1830", "city=revenue:20;path=a:5", "city=revenue:-20;path=a:5", "hexes[7] (D2): city _0: revenue -20 is negative"),
    ],
)  # fmt: skip
def test_wrong_values_in_a_game_file(data, game, old, new, message):
    line = change(data / "games" / f"{game}.toml", old, new)
    path = data / "games" / f"{game}.toml"
    msg = refused(data, game)
    assert msg.startswith(f"{path}:")
    assert msg.endswith(message)
    assert f":{line}: " in msg or "hexes[" in msg  # the line of the key (a hex: its group's)


@pytest.mark.parametrize(
    "game, old, new, message",
    [
        ("1846", "amount = 20\nremoved_on", "amount = -20\nremoved_on", "bonus boomtown: amount should be a whole number 0 to 1,000,000, got -20"),
        ("1867", "amount = 40", "amount = -40", "bonus timmins: amount should be a whole number 0 to 1,000,000, got -40"),
        ("1846", "amount = 10\nonce", "amount = -10\nonce", "bonus mail: amount should be a whole number 0 to 1,000,000, got -10"),
        ("1846", "amount = 30", "amount = 99999999999999999999999", "bonus meat: amount should be a whole number -1,000,000 to 1,000,000, got a number of more than 12 digits"),
        ("1846", "amount = 20\nremoved_on", "amounts = { H12 = -5 }\nremoved_on", "bonus boomtown: amounts.H12 should be a whole number 0 to 1,000,000, got -5"),
        ("1846", "pay = 3", "pay = 2000000", "train 3/5: pay should be a whole number 1 to 1,000,000, got 2000000"),
        ("1846", "visit = 5", "visit = 2000000", "train 3/5: visit should be a whole number 1 to 1,000,000, got 2000000"),
        ("1849", "edges = 4", "edges = 2000000", "edges should be a whole number 1 to 1,000,000, got 2000000"),
        ("18AL", "city_multiplier = 2", "city_multiplier = 2000000", "city_multiplier should be a whole number 1 to 1,000,000, got 2000000"),
        ("1836Jr30", "min_stops = 3", "min_stops = 2000000", "bonus ports: min_stops should be a whole number 1 to 1,000,000, got 2000000"),
        ("1846", 'pairs = [["E", "W"]]', "pairs = 7", "bonus east_west: pairs should be a list of pairs of sides, got 7"),
        ("1846", 'pairs = [["E", "W"]]', 'pairs = [["E"]]', "bonus east_west: pairs should be a list of pairs of sides, got ['E']"),
        ("1846", "C5 = 50", "C5 = -50", "bonus east_west: sides.W.C5 should be a whole number 0 to 1,000,000, got -50"),
        ("1889", 'column = "diesel"', 'column = "x"', "train D: column should be one of black, brown, diesel, green, grey, white, yellow, got 'x'"),
    ],
)  # fmt: skip
def test_wrong_rule_kind_parameters(data, game, old, new, message):
    """A rule kind's parameter out of range is refused by the kind, naming the file, the line
    of the key and the key."""
    path = data / "games" / f"{game}.toml"
    line = change(path, old, new)
    msg = refused(data, game)
    assert msg.startswith(f"{path}:{line}: ")
    assert msg.endswith(message)


def test_a_wrong_tile_file_is_named_not_the_game(data):
    tiles = data / "tiles" / "common.tiles"
    line = change(tiles, "city=revenue:20", "city=revenue:-20")
    assert refused(data, "1830") == (
        f"{tiles}:{line}: tile 5: city _0: revenue -20 is negative"
        f" (a tile file of {data / 'games' / '1830.toml'})"
    )
    tiles.write_bytes(tiles.read_bytes().replace(b"revenue:-20", b"revenue:\xff20", 1))
    assert refused(data, "1830").startswith(f"{tiles}:{line}: not UTF-8 text (byte ")


def test_bad_bytes_and_deep_nesting_name_the_game_file(data):
    path = data / "games" / "1889.toml"
    path.write_bytes(path.read_bytes().replace(b'title = "', b'title = "\xff', 1))
    assert refused(data, "1889").startswith(f"{path}: not UTF-8 text (byte ")
    shutil.copy(games_dir() / "1889.toml", path)
    change(path, 'title = "Shikoku 1889"', "title = " + "[" * 3000 + "]" * 3000)
    assert refused(data, "1889") == f"{path}: not a game file: arrays or tables nested too deeply"
    shutil.copy(games_dir() / "1889.toml", path)
    line = change(path, 'title = "Shikoku 1889"', "title = " + "[" * 40 + "]" * 40)
    assert refused(data, "1889").startswith(f"{path}:{line}: title: should be a non-empty string")


def test_a_missing_tile_file_is_the_game_files_error(data):
    path = data / "games" / "1830.toml"
    line = change(path, 'tiles = ["common"]', 'tiles = ["common", "nowhere"]')
    assert refused(data, "1830") == (
        f"{path}:{line}: tiles: no tile file nowhere.tiles in {data / 'tiles'}"
    )
    line = change(path, '"nowhere"', '"../games/1830"')
    assert refused(data, "1830") == (
        f"{path}:{line}: tiles: [1]: should be a tile file name (letters, digits, - and _),"
        " got '../games/1830'"
    )


def test_a_private_tile_needs_a_printed_hex_of_its_colour(data):
    # 1888's blue ferry tile in 1830, whose map has no blue hex
    change(data / "games" / "1830.toml", 'tiles = ["common"', 'tiles = ["common", "1888"')
    change(data / "games" / "1830.toml", "[manifest]\n", '[manifest]\n"L40a" = 1\n')
    assert refused(data, "1830").endswith(
        "manifest['L40a']: a blue tile (a private's) needs a printed blue hex, and the map has none"
    )
