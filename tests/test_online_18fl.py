"""18FL's own replay rules (files/online/specials_18fl.py) on the tobymao/18xx fixtures
(tests/data/18xx_fixtures/18FL): hotels, the Steamboat, the Terminal Company's token, and the
real-game check of every run that does not start from that token."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from rusty_train_py.files.online import log_from_data, replay_log
from rusty_train_py.files.online.realcheck import check_position, positions

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


def test_the_terminal_companys_token_is_named_not_placed():
    game = replay_log(log_of("18FL_game_end_bank"), 60)
    assert not any(c == "LN" for c in game.state.tokens_at("K28").values())
    assert any("token of TC in K28-0-0" in w and "extra slot" in w for w in game.warnings)


def test_every_run_not_from_the_terminal_token_prices_as_the_log():
    # log 181868: the runs priced equal the log's revenue and the finder never earns less;
    # SR's run at action 278 starts from its Terminal Company token in Miami (not priced)
    unpriced = []
    for pos in positions(log_of("18FL_game_end_bankrupt")):
        c = check_position(pos)
        assert c.proven
        if c.priced is None:
            unpriced.append((c.action_id, c.company))
            continue
        assert c.recorded == c.priced and c.best >= c.priced, c
    assert unpriced == [(278, "SR")]


def test_the_hurricane_takes_the_keys_tiles_back():
    # log 185897: FECR's 8 in M26 (action 40) and the Tallahassee Railroad's 58 in Key West
    # M24 (41); ACL buys the first 6 at action 248: both hexes are printed ones again
    before = replay_log(log_of("18FL_game_end_bank"), 248).state
    assert (before.laid_tile("M24"), before.laid_tile("M26")) == ("58", "8")
    after = replay_log(log_of("18FL_game_end_bank"), 249).state
    assert (after.laid_tile("M24"), after.laid_tile("M26")) == (None, None)
