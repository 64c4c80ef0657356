"""18FL's own replay rules (titles/t18fl.py) on the tobymao/18xx fixtures
(tests/data/18xx_fixtures/18FL): hotels, the Steamboat, the Terminal Company's token in Miami's
extra slot, and the real-game check of the runs, those from that token included."""

from __future__ import annotations

import gzip
import json
from dataclasses import replace
from pathlib import Path

import pytest

from rusty_train_py.files.online import log_from_data, replay_log
from rusty_train_py.files.online.realcheck import RunPosition, check_position, positions

FIXTURES = Path(__file__).resolve().parent / "data" / "18xx_fixtures" / "18FL"


def log_of(name: str):
    data = json.loads(gzip.decompress((FIXTURES / f"{name}.json.gz").read_bytes()))
    return log_from_data(data, name)


def test_hotels_and_the_steamboat_are_the_companies_bonuses():
    # log 185897: SAL's hotel in C24 (action 27), LN's in B7 (33); the Steamboat assigned to
    # Jacksonville B23 at action 46, after FECR's last action of its turn: it pays SAL, whose
    # turn it is (the next to act)
    at_50 = replay_log(log_of("18FL_game_end_bank"), 50)
    assert at_50.bonuses["SAL"] == ("steamboat:B23", "hotels:C24")
    assert at_50.bonuses["LN"] == ("hotels:B7",)
    assert "FECR" not in at_50.bonuses
    # by action 519 the 5 has closed the port; Plant's hotel in C14 placed twice (an undo
    # between) counts once, SR's in D19 was undone (Plant's since 514)
    at_519 = replay_log(log_of("18FL_game_end_bank"), 519)
    assert at_519.bonuses["SAL"] == ("hotels:C24",)
    assert at_519.bonuses["Plant"] == ("hotels:C14+D19",)
    assert at_519.bonuses["SR"] == ("hotels:B19+B13+D23",)
    assert at_519.bonuses["FECR"] == ("hotels:I28+M24",)


def test_the_terminal_companys_token_goes_in_miamis_extra_slot():
    # log 185897: LN's Terminal Company token in Miami K28 (action 55, city K28-0-0): beside
    # the city's spaces, which it leaves free
    before = replay_log(log_of("18FL_game_end_bank"), 54).state
    assert before.extra_tokens_at("K28") == ()
    game = replay_log(log_of("18FL_game_end_bank"), 60)
    assert game.state.extra_tokens_at("K28") == ((0, "LN"),)
    assert "LN" not in game.state.tokens_at("K28").values()
    assert not any("TC" in w for w in game.warnings)


def without_extra_tokens(pos: RunPosition) -> RunPosition:
    state = pos.state.copy()
    for hex_name, city, company in state.all_extra_tokens():
        state.apply(state.remove_extra_token_edit(hex_name, city, company))
    return replace(pos, state=state)


@pytest.mark.parametrize(
    ("log", "action", "company", "revenue", "without"),
    [
        # LN's first run from it: its 2 Miami K28 (30) - Key West M24 (10) - Havana N23 (60)
        ("18FL_game_end_bank", 56, "LN", 100, 80),
        # LN's 3E N23-M24-K28-J27 (400) and its 4 (390)
        ("18FL_game_end_bank", 415, "LN", 790, 550),
        # SR's 5 N23-M24-K28-J27 (160) and its 3 (250)
        ("18FL_game_end_bankrupt", 278, "SR", 410, 300),
    ],
)
def test_runs_from_the_terminal_token_price_as_the_log(log, action, company, revenue, without):
    pos = next(p for p in positions(log_of(log)) if p.action_id == action)
    assert pos.company == company and pos.state.extra_tokens_at("K28") == ((0, company),)
    c = check_position(pos)
    assert (c.recorded, c.priced, c.best, c.proven) == (revenue, revenue, revenue, True)
    # without the token in Miami the players' routes are no routes and the optimum is lower
    bare = check_position(without_extra_tokens(pos))
    assert (bare.priced, bare.best) == (None, without)


def test_every_run_prices_as_the_log():
    # log 181868: every run priced equals the log's revenue and the finder never earns less
    for pos in positions(log_of("18FL_game_end_bankrupt")):
        c = check_position(pos)
        assert c.proven and c.priced is not None, c
        assert c.recorded == c.priced and c.best >= c.priced, c


def test_the_hurricane_takes_the_keys_tiles_back():
    # log 185897: FECR's 8 in M26 (action 40) and the Tallahassee Railroad's 58 in Key West
    # M24 (41); ACL buys the first 6 at action 248: both hexes are printed ones again
    before = replay_log(log_of("18FL_game_end_bank"), 248).state
    assert (before.laid_tile("M24"), before.laid_tile("M26")) == ("58", "8")
    after = replay_log(log_of("18FL_game_end_bank"), 249).state
    assert (after.laid_tile("M24"), after.laid_tile("M26")) == (None, None)
