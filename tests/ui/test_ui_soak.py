"""Random keys on the real window over every game (tests/ui/soak.py): no exception, no Qt
warning, no failed drawing. A few hundred keys here; ``make fuzz`` runs 10,000."""

from __future__ import annotations

import pytest
from reference_data import GAMES

from rusty_train_py.base.paths import default_game_file

from .soak import soak_game
from .window_drive import POSITIONS

KEYS_PER_GAME = 25
SEED = 19


@pytest.mark.parametrize("game_id", GAMES)
def test_random_keys_on_the_window_raise_nothing(qapp, tmp_path, game_id):
    bundled = [*sorted(POSITIONS.glob("*.json")), default_game_file()]
    before = [p.read_bytes() for p in bundled]
    report = soak_game(game_id, KEYS_PER_GAME, SEED, tmp_path)
    assert [p.read_bytes() for p in bundled] == before  # saves go to copies only
    assert report.problems == [], "\n".join(report.problems)
    assert report.keys + report.clicks == KEYS_PER_GAME
    assert game_id in report.games
    # a search still running after SEARCH_PATIENCE gets Esc, which must stop it (a problem
    # otherwise); how long searches take is the benchmarks' (bench/), not a unit test's
