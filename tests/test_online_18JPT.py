"""18JP-T on the tobymao/18xx fixtures (tests/data/18xx_fixtures/18JPT): Tobu's (TR) second
starting token goes in H76 when its home token goes in A77, before its first action
(g_18_jpt ``place_home_token``; titles/t18jpt.py), and a corporation's destination hex pays
its counted stop there twice (``revenue_for``; the ``company_double`` bonuses), so the
players' runs price as the log."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from rusty_train_py.files.online import log_from_data, replay_log
from rusty_train_py.files.online.realcheck import check_position, positions

FIXTURES = Path(__file__).resolve().parent / "data" / "18xx_fixtures" / "18JPT"


def log_of(name: str):
    data = json.loads(gzip.decompress((FIXTURES / f"{name}.json.gz").read_bytes()))
    return log_from_data(data, name)


@pytest.mark.parametrize(
    ("name", "first"), [("18JPT_game_end_bank", 31), ("18JPT_game_end_bankrupt", 28)]
)
def test_tobus_two_home_tokens_at_its_first_action(name, first):
    log = log_of(name)
    before = replay_log(log, first - 1).state
    assert (before.tokens_at("A77"), before.tokens_at("H76")) == ({}, {})
    at = replay_log(log, first).state
    assert (at.tokens_at("A77"), at.tokens_at("H76")) == ({0: "TR"}, {0: "TR"})


@pytest.mark.parametrize(
    ("action", "company", "paid"),
    [
        (131, "KC", 200),  # 2-trains: B88-E87 50, F86-E87 70, B88-A87 30 + 30 + 20 = 80
        (174, "SER", 80),  # 3-train A81-B82-C83: Tokorozawa 30 twice, two towns of 10
        (349, "KEER", 230),  # 6-train to Yokosuka D98, paid twice
    ],
)
def test_destination_runs_price_as_the_log(action, company, paid):
    pos = next(p for p in positions(log_of("18JPT_game_end_bank")) if p.action_id == action)
    assert pos.company == company
    c = check_position(pos)
    assert (c.recorded, c.priced, c.best, c.proven) == (paid, paid, paid, True)
