"""loader.open_game / save_game: format errors refuse with exact messages, rule violations
load with exact warnings (and round-trip), strict reading refuses them; bad files of every
kind are refused without reading them whole."""

from __future__ import annotations

import json
import os
import threading

import pytest
from reference_data import REFERENCE

from rusty_train_py.base.paths import default_game_file
from rusty_train_py.files.errors import GameFileError
from rusty_train_py.files.loader import OURS, RUSTY_TRAIN, OpenedGame, open_game, save_game
from rusty_train_py.files.reader import MAX_BYTES
from rusty_train_py.gamedata.loader.gamefile import available_games, load_game
from rusty_train_py.mapstate.state import MapState

SMALL = {
    "format": "rusty-train-py",
    "version": 1,
    "game": "1867",
    "phase": "3",
    "tiles": [
        {"hex": "I15", "tile": "57", "rotation": 1},
        {"hex": "K9", "tile": "8", "rotation": 5},
    ],
    "tokens": [
        {"hex": "I15", "space": 0, "company": "GW"},
        {"hex": "L12", "space": 2, "company": "CN"},
    ],
}


def small() -> dict:
    return json.loads(json.dumps(SMALL))


def write(tmp_path, data, name="game.json") -> str:
    path = tmp_path / name
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def refused(path, strict=False) -> str:
    with pytest.raises(GameFileError) as info:
        open_game(path, strict=strict)
    return str(info.value)


def rusty(tiles, game="1867: The Railways of Canada", phase="8", orientation="FlatTop"):
    return {"game": game, "phase": phase, "map": {"orientation": orientation, "tiles": tiles}}


# ---- what opens -------------------------------------------------------------------------------


def test_bundled_game_opens_in_our_format():
    opened = open_game(default_game_file())
    assert isinstance(opened, OpenedGame)
    assert opened.format == OURS == "rusty-train-py"
    assert opened.warnings == ()
    assert opened.state.game.id == "1867" and len(opened.state.laid_tiles()) == 27
    with pytest.raises(AttributeError):
        opened.format = RUSTY_TRAIN  # frozen


def test_rusty_reference_save_opens_as_rusty_train():
    path = REFERENCE / "rusty_train" / "1867_bc.game"
    if not path.exists():
        pytest.skip(f"reference data {path} is not available")
    opened = open_game(path, strict=True)
    assert opened.format == RUSTY_TRAIN == "rusty-train"
    assert opened.warnings == ()
    assert opened.state == open_game(default_game_file()).state


def test_byte_order_mark_is_accepted(tmp_path):
    path = write(tmp_path, b"\xef\xbb\xbf" + json.dumps(SMALL).encode())
    assert open_game(path).state.laid_tiles() == {"I15": ("57", 1), "K9": ("8", 5)}


# ---- format errors in our format ----------------------------------------------------------------


@pytest.mark.parametrize(
    "drop, entry",
    [
        ("phase", ""),
        ("tiles", ""),
        ("tokens", ""),
        ("game", ""),
        ("rotation", " tiles[1] (K9):"),
        ("tile", " tiles[1] (K9):"),
        ("space", " tokens[1] (L12):"),
        ("company", " tokens[1] (L12):"),
        ("hex", " tokens[1]:"),
    ],
)
def test_a_missing_key_is_a_format_error(tmp_path, drop, entry):
    data = small()
    if drop in data:
        del data[drop]
    elif drop in ("rotation", "tile"):
        del data["tiles"][1][drop]
    else:
        del data["tokens"][1][drop]
    path = write(tmp_path, data)
    assert refused(path) == f"{path}:{entry} missing key {drop!r}"


def test_a_key_given_twice_is_a_format_error(tmp_path):
    text = json.dumps(SMALL).replace('"rotation": 5', '"rotation": 5, "rotation": 2')
    path = write(tmp_path, text)
    assert refused(path) == f"{path}: tiles[1]: key 'rotation' is given twice"
    text = json.dumps(SMALL).replace('"phase": "3"', '"phase": "3", "phase": "8"')
    path = write(tmp_path, text)
    assert refused(path) == f"{path}: key 'phase' is given twice"


def test_an_unknown_key_is_a_format_error(tmp_path):
    data = small()
    data["tiles"][0]["rotaton"] = 2
    path = write(tmp_path, data)
    assert refused(path) == (
        f"{path}: tiles[0] (I15): unknown key 'rotaton' (expected hex, tile, rotation)"
    )


ALL_GAMES = ", ".join(available_games())


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.update(game="../games/1867"), f"unknown game '../games/1867' (games: {ALL_GAMES})"),
        (lambda d: d.update(game="[" * 300), f"unknown game '[[[[[[[[[[[[[[[[[...[[[[[[[[[[[[[[[[[[' (games: {ALL_GAMES})"),
        (lambda d: d.update(phase=3), "unknown phase 3 for game 1867 (phases: 2, 3, 4, 5, 6, 7, 8)"),
        (lambda d: d.update(tiles={}), "'tiles' should be a list"),
        (lambda d: d.update(version=True), "saved with file version True; this program reads version 1"),
        (lambda d: d["tiles"][0].update(rotation=2.0), "tiles[0] (I15): bad rotation 2.0 (0-5)"),
        (lambda d: d["tiles"][0].update(tile="x" * 99), "tiles[0] (I15): unknown tile 'xxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxx'"),
        (lambda d: d["tokens"][0].update(space=[0]), "tokens[0] (I15): no token space [0] on tile 57 (it has 1)"),
        (lambda d: d["tokens"][0].update(company=None), "tokens[0] (I15): 'company' should be a company, not None"),
    ],
)  # fmt: skip
def test_wrong_types_are_format_errors(tmp_path, change, message):
    data = small()
    change(data)
    path = write(tmp_path, data)
    assert refused(path) == f"{path}: {message}"


# ---- rule violations load with warnings ---------------------------------------------------------


def test_rule_violations_load_with_warnings_and_round_trip(tmp_path):
    data = small()
    data["tiles"] += [
        {"hex": "E15", "tile": "57", "rotation": 0},  # a third 57: the manifest has 2
        {"hex": "D8", "tile": "57", "rotation": 0},
        {"hex": "F8", "tile": "1", "rotation": 0},  # not in the 1867 manifest
    ]
    data["tokens"] += [
        {"hex": "L12", "space": 0, "company": "CN"},  # two CN tokens in Montreal
        {"hex": "E15", "space": 0, "company": "GW"},
        {"hex": "D8", "space": 0, "company": "GW"},
    ]
    path = write(tmp_path, data)
    opened = open_game(path)
    assert opened.warnings == (
        "tile 57: 3 copies laid (D8, E15, I15); the 1867 manifest has 2",
        "F8: tile 1 is not in the 1867 tile manifest",
        "L12: 2 station tokens of CN on one hex",
    )
    assert load_game("1867").company("GW").tokens >= 3  # D8, E15, I15: within its tokens
    # a save keeps every warned thing: the same state, the same warnings
    again = tmp_path / "again.json"
    save_game(opened.state, again)
    reopened = open_game(again)
    assert reopened.state == opened.state and reopened.warnings == opened.warnings
    assert refused(
        path, strict=True
    ) == f"{path}: breaks the rules of the game (strict reading): " + "; ".join(opened.warnings)


def test_more_tokens_than_the_company_has(tmp_path):
    data = small()
    gw = load_game("1867").company("GW")
    hexes = ["E15", "D8", "F8", "N8", "E5", "C15", "G15", "H14"][: gw.tokens]
    for h in hexes:
        data["tiles"].append({"hex": h, "tile": "57", "rotation": 0})
        data["tokens"].append({"hex": h, "space": 0, "company": "GW"})
    path = write(tmp_path, data)
    opened = open_game(path)
    placed = sorted(["I15", *hexes], key=opened.state.game.hex_order.index)
    assert opened.state.tokens_placed("GW") == gw.tokens + 1
    assert (
        f"GW: {gw.tokens + 1} station tokens on the map ({', '.join(placed)});"
        f" the game gives it {gw.tokens}"
    ) in opened.warnings
    # the edits of the window still work on such a map: removing and moving a token
    state = opened.state
    state.apply(state.remove_token_edit("I15", 0))
    assert state.tokens_placed("GW") == gw.tokens


def test_rusty_phase_names_map_to_ours_with_a_warning(tmp_path):
    # Rusty Train's 1830 names its last phase 7; ours (and the game's) is D
    data = rusty([], game="1830: Railways and Robber Barons", phase="7", orientation="PointyTop")
    path = write(tmp_path, data, "old.game")
    opened = open_game(path)
    assert opened.format == RUSTY_TRAIN and opened.state.phase == "D"
    assert opened.warnings == (
        "phase: Rusty Train's phase '7' of 1830 is read as phase 'D' (the names differ)",
    )
    assert refused(path, strict=True) == (
        f"{path}: breaks the rules of the game (strict reading): " + opened.warnings[0]
    )
    data["phase"] = "8"
    path = write(tmp_path, data, "bad.game")
    assert refused(path) == f"{path}: unknown phase '8' for game 1830 (phases: 2, 3, 4, 5, 6, D)"


def test_rusty_save_with_more_tokens_than_allowed_loads(tmp_path):
    # Rusty Train never counts tokens: four GW tokens where our 1867 gives GW three
    tiles = [
        {"row": 7, "col": 8, "tile": "57", "tokens": [[0, "GW"]]},
        {"row": 6, "col": 4, "tile": "57", "tokens": [[0, "GW"]]},
        {"row": 3, "col": 4, "tile": "5", "tokens": [[0, "GW"]]},
        {"row": 3, "col": 6, "tile": "6", "tokens": [[0, "GW"]]},
    ]
    path = write(tmp_path, rusty(tiles), "many.game")
    opened = open_game(path)
    assert opened.state.tokens_placed("GW") == 4
    assert opened.warnings == (
        "GW: 4 station tokens on the map (E7, E13, G7, I15); the game gives it 3",
    )


@pytest.mark.parametrize(
    "data, message",
    [
        ({"game": "1867: The Railways of Canada", "map": {}}, "missing key 'phase'"),
        (rusty([])["map"] | {}, "not a saved game: a JSON object with neither 'format' (a rusty-train-py save) nor 'map' (a Rusty Train save)"),
        ({**rusty([]), "map": {"tiles": []}}, "map: missing key 'orientation'"),
        ({**rusty([]), "map": {"orientation": "Round", "tiles": []}}, "map.orientation: 'Round' is not FlatTop or PointedTop"),
        (rusty([{"col": 3}]), "map.tiles[0]: missing key 'row'"),
        (rusty([{"row": 7, "col": 8, "tile": "57", "rotation": 1}]), "map.tiles[0] (row 7, col 8 = I15): bad rotation 1 (one of Zero, Cw1, Cw2, Half, Acw2, Acw1)"),
        (rusty([{"row": 7, "col": 8, "tile": "57", "tokens": [[1, "GW"]]}]), "map.tiles[0] (row 7, col 8 = I15): tokens[0]: no token space 1 on tile 57 (it has 1)"),
    ],
)  # fmt: skip
def test_rusty_format_errors(tmp_path, data, message):
    path = write(tmp_path, data, "bad.game")
    assert refused(path) == f"{path}: {message}"


def test_rusty_key_given_twice(tmp_path):
    text = json.dumps(rusty([{"row": 7, "col": 8, "tile": "57"}])).replace(
        '"row": 7', '"row": 7, "row": 6'
    )
    path = write(tmp_path, text, "twice.game")
    assert refused(path) == f"{path}: map.tiles[0]: key 'row' is given twice"


# ---- files that are not saved games -------------------------------------------------------------


def test_not_json(tmp_path):
    path = write(tmp_path, "Shopping list\n- eggs\n", "notes.json")
    assert (
        refused(path)
        == f"{path}: not a JSON saved game: it starts with 'Shopping list\\n- eggs\\n'"
    )
    path = write(tmp_path, b"\x89PNG\r\n\x1a\n\x00\x00", "image.json")
    assert refused(path) == (
        f"{path}: not a saved game: a binary file (it starts with bytes 89 50 4e 47 0d 0a 1a 0a)"
    )
    path = write(tmp_path, "", "empty.json")
    assert refused(path) == f"{path}: not a saved game: the file is empty"
    path = write(tmp_path, json.dumps(SMALL)[:60], "cut.json")
    assert refused(path) == (
        f"{path}: line 1, column 60: the JSON ends too early (Unterminated string starting at);"
        " the file may be truncated"
    )
    path = write(tmp_path, '{"format": "rusty-train-py",, }', "broken.json")
    assert refused(path) == (
        f"{path}: line 1, column 29: not valid JSON (Expecting property name enclosed in"
        " double quotes)"
    )
    path = write(tmp_path, "[" + "9" * 5000 + "]", "digits.json")
    assert refused(path).startswith(f"{path}: not valid JSON (Exceeds the limit (4300 digits)")


@pytest.mark.parametrize("depth", [17, 3_000, 200_000])
@pytest.mark.parametrize("kind", ["ours", "rusty"])
def test_deep_nesting_is_refused(tmp_path, depth, kind):
    nest = "[" * depth + "]" * depth
    if kind == "ours":
        text = json.dumps(SMALL).replace('"tokens": [', f'"tokens": [{nest}, ', 1)
    else:
        text = json.dumps(rusty([])).replace('"tiles": []', f'"tiles": [{nest}]')
    path = write(tmp_path, text, "deep.json")
    msg = refused(path)
    assert msg.startswith(f"{path}: ") and "nested too deeply (saves nest 16 levels at most)" in msg


def test_special_files_are_refused_without_reading(tmp_path):
    assert refused("/dev/zero") == "/dev/zero: not a saved game: it is a device, not a regular file"
    if os.path.exists("/dev/urandom"):
        assert refused("/dev/urandom").endswith("it is a device, not a regular file")
    assert refused(tmp_path) == f"{tmp_path}: not a saved game: it is a folder"
    assert refused(tmp_path / "nothing.json") == (
        f"{tmp_path / 'nothing.json'}: cannot read (No such file or directory)"
    )
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:
        fh.truncate(MAX_BYTES + 1)
    assert refused(big) == (
        f"{big}: not a saved game: 5,242,881 bytes (saved games are small; the limit is 5,242,880)"
    )


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_fifo_without_writer_does_not_hang(tmp_path):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    out: list[str] = []
    worker = threading.Thread(target=lambda: out.append(refused(fifo)), daemon=True)
    worker.start()
    worker.join(10)
    assert out == [f"{fifo}: not a saved game: it is a pipe (FIFO), not a regular file"]


def test_nul_in_a_path(tmp_path):
    assert refused("a\x00b.json") == "'a\\x00b.json': a file name cannot contain a NUL character"
    with pytest.raises(GameFileError) as info:
        save_game(MapState(load_game("1867")), str(tmp_path / "a\x00b.json"))
    assert (
        str(info.value)
        == f"{str(tmp_path / 'a')!r}"[:-1]
        + "\\x00b.json': a file name cannot contain a NUL character"
    )


# ---- save_game ---------------------------------------------------------------------------------


def test_save_game_writes_ours_and_refuses_rusty_train(tmp_path):
    state = open_game(write(tmp_path, SMALL)).state
    out = tmp_path / "out.json"
    save_game(state, out, OURS)
    assert open_game(out).state == state
    with pytest.raises(GameFileError) as info:
        save_game(state, tmp_path / "out.game", RUSTY_TRAIN)
    assert str(info.value) == (
        f"{tmp_path / 'out.game'}: cannot write Rusty Train saves; save in the rusty-train-py"
        " format (a .json file) instead"
    )
    assert not (tmp_path / "out.game").exists()
    with pytest.raises(GameFileError):
        save_game(state, out, "yaml")


def test_rusty_1861_mk_is_read_as_that_program_reads_it(tmp_path):
    # Rusty Train names the Moscow-Kursk minor and the Moscow & Kazan major both MK, and
    # reads MK back as the minor: our M-K
    data = rusty(
        [{"row": 4, "col": 7, "tile": "Moscow", "tokens": [[0, "MK"], [1, "GRR"]]}],
        game="1861: The Railways of the Russian Empire",
        phase="5",
    )
    path = write(tmp_path, data, "moscow.game")
    opened = open_game(path)
    assert sorted(c for _, _, c in opened.state.all_tokens()) == ["GRR", "M-K"]
    assert opened.warnings == (
        "H8: Rusty Train's company MK is read as M-K, as that program reads it"
        " (1861: MK names two companies there)",
    )
