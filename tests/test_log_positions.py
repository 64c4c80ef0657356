"""A log opened once gives the position before each of its runs (``keep_runs``), equal to
opening it ``at`` that run: the window picks a point without replaying the log again."""

from __future__ import annotations

from pathlib import Path

import pytest

from rusty_train_py.files.errors import GameFileError
from rusty_train_py.files.loader import open_game

LOG = Path(__file__).resolve().parent / "data" / "18xx_games" / "1867_nationalization_cash.json"


def test_each_kept_run_is_the_position_the_log_gives_at_it():
    opened = open_game(LOG, keep_runs=True)
    ids = [run.action_id for run in opened.runs]
    assert len(ids) == 79 and sorted(opened.before_runs) == ids
    for at in ids[::8] + [ids[-1]]:
        kept, replayed = opened.before_run(at), open_game(LOG, at=at)
        assert kept.state == replayed.state
        assert (kept.trains, kept.bonuses) == (replayed.trains, replayed.bonuses)
        assert kept.warnings == replayed.warnings
        assert kept.runs == replayed.runs


def test_a_position_is_not_changed_by_the_replay_going_on():
    opened = open_game(LOG, keep_runs=True)
    first = opened.runs[0].action_id
    assert opened.before_run(first).state != opened.state  # the map grew after it


def test_a_run_not_kept_is_an_error_naming_the_file():
    with pytest.raises(GameFileError, match="no run at action 5 was kept"):
        open_game(LOG).before_run(5)
