"""18Chesapeake: Off the Rails logs (tests/data/18xx_fixtures/18ChesapeakeOfftheRails) open as
their own game, not 18Chesapeake's: the engine's g_18_chesapeake_off_the_rails has 5/4/3/2/2
trains of 2 to 6 (18Chesapeake 7/6/5/3/2) and exports no train at the end of a set of
operating rounds (its or_set_finished does nothing), so the phases move on only with the trains
the players buy."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from rusty_train_py.files.online import log_from_data, replay_log
from rusty_train_py.gamedata.loader.gamefile import load_game

FIXTURES = Path(__file__).resolve().parent / "data" / "18xx_fixtures" / "18ChesapeakeOfftheRails"


def log_of(name: str):
    path = FIXTURES / f"18ChesapeakeOfftheRails_{name}.json.gz"
    return log_from_data(json.loads(gzip.decompress(path.read_bytes())), path.name)


def test_the_trains_are_off_the_rails_own():
    trains = {t.name: (t.count, t.price) for t in load_game("18ChesapeakeOTR").trains}
    assert trains == {
        "2": (5, 80),
        "3": (4, 180),
        "4": (3, 300),
        "5": (2, 500),
        "6": (2, 630),
        "D": (None, 1100),
    }
    parent = {t.name: t.count for t in load_game("18Chesapeake").trains}
    assert parent == {"2": 7, "3": 6, "4": 5, "5": 3, "6": 2, "D": None}


def test_a_log_opens_as_off_the_rails_with_its_phases():
    # log game_end_bankrupt (3 players): the five 2s are bought by action 74, N&W's 3-0 at 87
    # starts phase 3; B&O's 4-0 at 134 (after the four 3s) starts phase 4 and rusts the 2s;
    # LV's 6-0 at 225 starts phase 6 and rusts the 3s (PLE's three, N&W's two)
    log = log_of("game_end_bankrupt")
    at_87 = replay_log(log, 87)
    assert at_87.state.game.id == "18ChesapeakeOTR"
    assert at_87.state.phase == "2"
    assert at_87.trains == {"B&O": ("2",), "C&A": ("2", "2"), "N&W": ("2", "2")}
    assert replay_log(log, 88).state.phase == "3"
    at_135 = replay_log(log, 135)
    assert at_135.state.phase == "4"
    assert at_135.trains == {"PLE": ("3", "3", "3"), "B&O": ("4",), "N&W": ("3",)}
    at_226 = replay_log(log, 226)
    assert at_226.state.phase == "6"
    assert at_226.trains == {"PRR": ("4", "5"), "B&O": ("4",), "LV": ("6",), "C&A": ("4", "5")}
    assert at_226.warnings == ()
