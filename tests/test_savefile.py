"""Our save files: exact content, round trips, atomic writes and every promised error."""

from __future__ import annotations

import json
import os
import stat

import pytest
from reference_data import GAMES

from rusty_train_py.files import savefile
from rusty_train_py.files.loader import open_game
from rusty_train_py.files.savefile import GameFileError, dumps, save_game
from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.mapstate.state import MapState

SMALL = """\
{
  "format": "rusty-train-py",
  "version": 1,
  "game": "1867",
  "phase": "3",
  "tiles": [
    {"hex": "I15", "tile": "57", "rotation": 1},
    {"hex": "K9", "tile": "8", "rotation": 5}
  ],
  "tokens": [
    {"hex": "I15", "space": 0, "company": "GW"},
    {"hex": "L12", "space": 2, "company": "CN"}
  ]
}
"""


def small_state() -> MapState:
    state = MapState(load_game("1867"), "3")
    # applied out of map order: the file lists hexes in map order
    state.apply(state.place_token_edit("L12", 2, "CN"))
    state.apply(state.place_tile_edit("K9", "8", 5))
    state.apply(state.place_tile_edit("I15", "57", 1))
    state.apply(state.place_token_edit("I15", 0, "gwr"))
    return state


def busy_state() -> MapState:
    state = MapState(load_game("1830"), "5")
    for hex_name, tile, rot in (
        ("E5", "59", 2),
        ("F20", "1", 3),
        ("G19", "54", 0),
        ("I15", "9", 4),
    ):
        state.apply(state.place_tile_edit(hex_name, tile, rot))
    for hex_name, space, company in (("E5", 1, "PRR"), ("G19", 0, "NYNH"), ("G19", 1, "B&O")):
        state.apply(state.place_token_edit(hex_name, space, company))
    return state


def test_saved_text_exactly(tmp_path):
    path = tmp_path / "small.json"
    save_game(small_state(), path)
    assert path.read_text(encoding="utf-8") == SMALL
    assert path.read_bytes() == SMALL.encode("utf-8")  # "\n" line ends on every system
    assert dumps(small_state()) == SMALL


def played_state(game_id: str) -> MapState:
    """A new map of the game (as Ctrl+N starts it) in its last phase, with a yellow city tile
    (its first city tile when it has no yellow one) on the first plain hex and a token of the
    first company on it."""
    game = load_game(game_id)
    state = MapState(game)
    state.apply(state.phase_edit(game.phases[-1].name))
    cities = [t for t in game.placeable_tiles if t.cities]  # 18Neb's first are green
    tile = next((t for t in cities if t.colour == "yellow"), cities[0])
    plain = next(h for h in game.hex_order if game.hexes[h].colour == "white")
    state.apply(state.place_tile_edit(plain, tile.name, 1, check_available=False))
    state.apply(state.place_token_edit(plain, 0, game.companies[0].abbrev))
    return state


def new_game_states():
    """A new map of every game, and one with a tile and a token laid."""
    out = []
    for g in GAMES:
        out.append(pytest.param(lambda g=g: MapState(load_game(g)), id=f"new-{g}"))
        out.append(pytest.param(lambda g=g: played_state(g), id=f"played-{g}"))
    return out


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(small_state, id="small"),
        pytest.param(busy_state, id="busy"),
        *new_game_states(),
    ],
)
def test_round_trip(tmp_path, make):
    state = make()
    path = tmp_path / "game.json"
    save_game(state, path)
    loaded = open_game(path).state
    assert loaded == state
    assert loaded.laid_tiles() == state.laid_tiles()
    assert loaded.all_tokens() == state.all_tokens()
    again = tmp_path / "again.json"
    save_game(loaded, again)
    assert again.read_bytes() == path.read_bytes()


def test_load_small_literal(tmp_path):
    path = tmp_path / "small.json"
    path.write_text(SMALL, encoding="utf-8")
    state = open_game(path).state
    assert state.game.id == "1867" and state.phase == "3"
    assert state.laid_tiles() == {"I15": ("57", 1), "K9": ("8", 5)}
    assert state.all_tokens() == [("I15", 0, "GW"), ("L12", 2, "CN")]
    assert state == small_state()


def test_aliases_are_saved_as_abbreviations(tmp_path):
    text = SMALL.replace('"company": "GW"', '"company": "GWR"')
    path = tmp_path / "alias.json"
    path.write_text(text, encoding="utf-8")
    assert dumps(open_game(path).state) == SMALL


# ---- atomic save ------------------------------------------------------------------------------


def test_save_replaces_old_file(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("old", encoding="utf-8")
    save_game(small_state(), path)
    assert path.read_text(encoding="utf-8") == SMALL
    assert sorted(os.listdir(tmp_path)) == ["game.json"]


@pytest.mark.parametrize("failing", ["replace", "fsync"])
def test_failed_save_keeps_old_file(tmp_path, monkeypatch, failing):
    path = tmp_path / "game.json"
    path.write_text("old content", encoding="utf-8")

    def boom(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(savefile.os, failing, boom)
    with pytest.raises(OSError):
        save_game(small_state(), path)
    monkeypatch.undo()
    assert path.read_text(encoding="utf-8") == "old content"
    assert sorted(os.listdir(tmp_path)) == ["game.json"]  # no temporary file left behind


def test_save_does_not_create_folders(tmp_path):
    path = tmp_path / "new" / "folder" / "game.json"
    with pytest.raises(FileNotFoundError) as info:
        save_game(small_state(), path)
    assert info.value.filename == str(path)
    assert info.value.strerror == f"no such folder {str(tmp_path / 'new' / 'folder')!r}"
    assert os.listdir(tmp_path) == []


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
@pytest.mark.parametrize("umask", [0o022, 0o077, 0o002])
def test_new_save_honours_the_umask(tmp_path, umask):
    old = os.umask(umask)
    try:
        save_game(small_state(), tmp_path / "game.json")
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tmp_path / "game.json").st_mode) == 0o666 & ~umask


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_save_keeps_the_mode_of_the_file_it_replaces(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("old", encoding="utf-8")
    os.chmod(path, 0o640)
    old = os.umask(0o077)
    try:
        save_game(small_state(), path)
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640
    assert path.read_text(encoding="utf-8") == SMALL


def test_save_removes_stale_temporaries_of_its_own_naming(tmp_path):
    path = tmp_path / "game.json"
    stale = [".game.json.abc123_z.tmp", ".game.json.k9x8w7v6.tmp"]
    kept = [
        ".game.json.tmp",
        ".other.json.abc123_z.tmp",
        "game.json.abc123_z.tmp",
        ".game.json.ABCDEFGH.tmp",
    ]
    for name in stale + kept:
        (tmp_path / name).write_text("left by a killed save", encoding="utf-8")
    save_game(small_state(), path)
    assert sorted(os.listdir(tmp_path)) == sorted(["game.json", *kept])
    assert path.read_text(encoding="utf-8") == SMALL


def test_save_over_a_folder_is_refused(tmp_path):
    (tmp_path / "game.json").mkdir()
    with pytest.raises(IsADirectoryError) as info:
        save_game(small_state(), tmp_path / "game.json")
    assert info.value.strerror == "is a folder; name the file to write"


# ---- errors -----------------------------------------------------------------------------------


def error_for(tmp_path, data, name="bad.json") -> str:
    path = tmp_path / name
    text = data if isinstance(data, str) else json.dumps(data, indent=2)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GameFileError) as info:
        open_game(path)
    msg = str(info.value)
    assert str(path) in msg
    return msg


def small_data() -> dict:
    return json.loads(SMALL)


def test_unknown_tile(tmp_path):
    data = small_data()
    data["tiles"][1]["tile"] = "N0PE"
    msg = error_for(tmp_path, data)
    assert "tiles[1] (K9)" in msg and "unknown tile 'N0PE'" in msg


def test_bad_hex(tmp_path):
    data = small_data()
    data["tiles"][0]["hex"] = "Z99"
    msg = error_for(tmp_path, data)
    assert "tiles[0]" in msg and "bad hex 'Z99'" in msg
    data = small_data()
    data["tokens"][1]["hex"] = "5E"
    msg = error_for(tmp_path, data)
    assert "tokens[1]" in msg and "bad hex '5E'" in msg


@pytest.mark.parametrize("rotation", [6, -1, "1", 1.0, True, None])
def test_bad_rotation(tmp_path, rotation):
    data = small_data()
    data["tiles"][1]["rotation"] = rotation
    msg = error_for(tmp_path, data)
    assert "tiles[1] (K9)" in msg and f"bad rotation {rotation!r}" in msg


def test_tile_on_a_red_hex(tmp_path):
    data = small_data()
    data["tiles"][1]["hex"] = "A19"
    msg = error_for(tmp_path, data)
    assert "tiles[1] (A19)" in msg and "cannot take tiles" in msg


def test_two_tiles_on_one_hex(tmp_path):
    data = small_data()
    data["tiles"][1]["hex"] = "I15"
    msg = error_for(tmp_path, data)
    assert "tiles[1] (I15)" in msg and "second tile" in msg


def test_token_in_a_full_space(tmp_path):
    data = small_data()
    data["tokens"].append({"hex": "I15", "space": 0, "company": "CPR"})
    msg = error_for(tmp_path, data)
    assert "tokens[2] (I15)" in msg and "token space 0 is already taken by GW" in msg


def test_token_in_a_missing_space(tmp_path):
    data = small_data()
    data["tokens"][0]["space"] = 1  # tile 57 has one token space
    msg = error_for(tmp_path, data)
    assert "tokens[0] (I15)" in msg and "no token space 1 on tile 57" in msg
    data = small_data()
    data["tokens"][0]["hex"] = "K9"  # tile 8 has none
    msg = error_for(tmp_path, data)
    assert "tokens[0] (K9)" in msg and "no token space 0 on tile 8" in msg


def test_unknown_company(tmp_path):
    data = small_data()
    data["tokens"][1]["company"] = "XYZ"
    msg = error_for(tmp_path, data)
    assert "tokens[1] (L12)" in msg and "unknown company 'XYZ'" in msg


def test_too_many_tokens(tmp_path):
    data = small_data()
    company = load_game("1867").company("CN")
    data["tokens"] = [{"hex": "L12", "space": s, "company": "CN"} for s in range(3)]
    data["tokens"] += [
        {"hex": h, "space": 0, "company": "CN"} for h in ("I15", "N12", "E15", "E13", "D8", "F8")
    ][: company.tokens - 2]
    path = tmp_path / "many.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    opened = open_game(path)
    assert opened.format == "rusty-train-py"
    assert opened.warnings == (
        "CN: 9 station tokens on the map (D8, E13, E15, F8, I15, L12 x3, N12); the game gives it 8",
        "L12: 3 station tokens of CN on one hex",
    )
    assert opened.state.tokens_placed("CN") == company.tokens + 1
    # a save keeps them all
    save_game(opened.state, tmp_path / "again.json")
    assert open_game(tmp_path / "again.json").state == opened.state
    with pytest.raises(GameFileError) as info:
        open_game(path, strict=True)
    assert str(info.value) == (
        f"{path}: breaks the rules of the game (strict reading): "
        "CN: 9 station tokens on the map (D8, E13, E15, F8, I15, L12 x3, N12);"
        " the game gives it 8; L12: 3 station tokens of CN on one hex"
    )


@pytest.mark.parametrize("version", [2, 0, "1", None])
def test_wrong_version(tmp_path, version):
    data = small_data()
    data["version"] = version
    msg = error_for(tmp_path, data)
    assert f"file version {version!r}" in msg and "reads version 1" in msg


def test_wrong_format_and_game(tmp_path):
    data = small_data()
    data["format"] = "something-else"
    assert "not a rusty-train-py saved game" in error_for(tmp_path, data)
    data = small_data()
    data["game"] = "1999"
    assert "'1999'" in error_for(tmp_path, data)
    data = small_data()
    data["phase"] = "9"
    assert "unknown phase '9'" in error_for(tmp_path, data)
    assert "expected a JSON object" in error_for(tmp_path, "[1, 2]")


def test_truncated_file(tmp_path):
    msg = error_for(tmp_path, SMALL[: len(SMALL) // 2])
    assert "the JSON ends too early" in msg and "truncated" in msg and "line " in msg


def test_missing_and_binary_files(tmp_path):
    with pytest.raises(GameFileError) as info:
        open_game(tmp_path / "nothing.json")
    assert str(tmp_path / "nothing.json") in str(info.value)
    path = tmp_path / "binary.json"
    path.write_bytes(b"\xff\xfe\x00\x81")
    with pytest.raises(GameFileError) as info:
        open_game(path)
    assert str(path) in str(info.value)


def test_failed_load_changes_nothing(tmp_path):
    good = tmp_path / "good.json"
    save_game(small_state(), good)
    before = good.read_bytes()
    data = small_data()
    data["tokens"][1]["company"] = "XYZ"
    error_for(tmp_path, data)
    assert good.read_bytes() == before
