"""18VA's replay (titles/extra_slot.py, titles/t18va.py and the generic actions) on the
tobymao/18xx fixture (tests/data/18xx_fixtures/18VA): the Railway Express Agency, Potomac
Yards' token in Philadelphia's extra slot, and the real-game check of its runs."""

from __future__ import annotations

import gzip
import json
from dataclasses import replace
from pathlib import Path

import pytest

from rusty_train_py.files.online import log_from_data, replay_log
from rusty_train_py.files.online.realcheck import RunPosition, check_position, positions

FIXTURES = Path(__file__).resolve().parent / "data" / "18xx_fixtures" / "18VA"


def log_of(name: str):
    data = json.loads(gzip.decompress((FIXTURES / f"{name}.json.gz").read_bytes()))
    return log_from_data(data, name)


def test_the_railway_express_agency_pays_its_owner_at_its_city():
    # VR buys P1 (action 282, an earlier buy undone) and assigns it to Lynchburg C12 (283)
    game = replay_log(log_of("18VA_game_end_bank"), 300)
    assert game.bonuses.get("VR") == ("rea:C12",)


def test_potomac_yards_token_goes_in_philadelphias_extra_slot():
    # SR's Potomac Yards token in Philadelphia H1 (action 252, city H1-0-0): beside the
    # off-board city's spaces, which it leaves free
    assert replay_log(log_of("18VA_game_end_bank"), 251).state.extra_tokens_at("H1") == ()
    game = replay_log(log_of("18VA_game_end_bank"), 300)
    assert game.state.extra_tokens_at("H1") == ((0, "SR"),)
    assert "SR" not in game.state.tokens_at("H1").values()
    assert not any("P3" in w for w in game.warnings)


def without_extra_tokens(pos: RunPosition) -> RunPosition:
    state = pos.state.copy()
    for hex_name, city, company in state.all_extra_tokens():
        state.apply(state.remove_extra_token_edit(hex_name, city, company))
    return replace(pos, state=state)


@pytest.mark.parametrize(
    ("action", "train", "revenue", "single"),
    [
        # the 2 H1-H3 at phase 3: Philadelphia 40 doubled for its token (80) + Baltimore 30
        (254, "2", 110, 70),
        # the 3G H1-H3-G4 at phase 6: Philadelphia 70 doubled + Baltimore 30 + Washington 50
        (478, "3G", 220, 150),
        # the 4D H1-H3-G4-F5: Philadelphia 70 four times (280) + 2 x (50 + 60 + 50) = 600;
        # single, 2 x 70 + the same 320
        (560, "4D", 600, 460),
        (675, "4D", 600, 460),
    ],
)
def test_sr_runs_through_potomac_yards_earn_the_doubled_off_board(action, train, revenue, single):
    pos = next(p for p in positions(log_of("18VA_game_end_bank")) if p.action_id == action)
    assert (pos.company, pos.trains) == ("SR", (train,))
    c = check_position(pos)
    assert (c.recorded, c.priced, c.best, c.proven) == (revenue, revenue, revenue, True)
    bare = check_position(without_extra_tokens(pos))  # Philadelphia not doubled
    assert (bare.priced, bare.best) == (single, single)


def test_every_run_prices_as_the_log():
    for pos in positions(log_of("18VA_game_end_bank")):
        c = check_position(pos)
        assert c.proven and c.priced is not None and c.best >= c.priced, c
        assert c.priced == c.recorded, c
