"""The ``trains`` of our saves: each company's trains, round-tripped exactly; saves without
it load and save as before; a bad entry is a format error naming it."""

from __future__ import annotations

import json

import pytest

from rusty_train_py.base.paths import default_game_file
from rusty_train_py.files.errors import GameFileError
from rusty_train_py.files.loader import open_game, save_game
from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.mapstate.state import MapState


def test_trains_round_trip_exactly(tmp_path):
    state = MapState(load_game("1867"), "5")
    path = tmp_path / "t.json"
    save_game(state, path, trains={"GW": ("5", "8"), "CNR": ("5+5E",)})
    text = path.read_text()
    assert text == (
        "{\n"
        '  "format": "rusty-train-py",\n'
        '  "version": 1,\n'
        '  "game": "1867",\n'
        '  "phase": "5",\n'
        '  "tiles": [],\n'
        '  "tokens": [],\n'
        '  "trains": {\n'
        '    "GW": ["5", "8"],\n'
        '    "CNR": ["5+5E"]\n'
        "  }\n"
        "}\n"
    )
    assert open_game(path).trains == {"GW": ("5", "8"), "CNR": ("5+5E",)}


def test_a_save_without_trains_is_written_as_before(tmp_path):
    bundled = default_game_file()
    opened = open_game(bundled)
    assert opened.trains == {}
    out = tmp_path / "again.json"
    save_game(opened.state, out, last_routes=opened.last_routes, trains=opened.trains)
    assert out.read_text() == bundled.read_text()


@pytest.mark.parametrize(
    ("trains", "why"),
    [
        ([], "'trains' should be an object: company -> [train, ...]"),
        ({"XX": ["5"]}, "trains: 'XX': unknown company"),
        ({"GW": "5"}, "trains: 'GW': should be a list of train names"),
        ({"GW": ["9"]}, "trains: 'GW': unknown train '9'"),
        ({"GW": [5]}, "trains: 'GW': unknown train 5"),
        ({"GW": ["5"], "GWR": ["8"]}, "trains: 'GWR': the company GW is given twice"),
    ],
)
def test_bad_trains_are_format_errors(tmp_path, trains, why):
    data = {
        "format": "rusty-train-py", "version": 1, "game": "1867", "phase": "5",
        "tiles": [], "tokens": [], "trains": trains,
    }  # fmt: skip
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(GameFileError) as err:
        open_game(path)
    assert str(err.value) == f"{path}: {why}"
