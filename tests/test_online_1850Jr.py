"""1850Jr on the tobymao/18xx fixtures (tests/data/18xx_fixtures/1850Jr): a route visiting a
port (A5, E9, C1, H0, I1, I3, paying 0) holds 2 other stops and earns half its revenue again,
rounded down to 10 (g_1850_jr ``revenue_for``; the ``port_share`` bonus of
games/hand/1850Jr.toml), so the players' runs price as the log, and our best is theirs."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from rusty_train_py.files.online import log_from_data
from rusty_train_py.files.online.realcheck import check_position, positions

FIXTURES = Path(__file__).resolve().parent / "data" / "18xx_fixtures" / "1850Jr"


def log_of(name: str):
    data = json.loads(gzip.decompress((FIXTURES / f"{name}.json.gz").read_bytes()))
    return log_from_data(data, name)


@pytest.mark.parametrize(
    ("name", "action", "company", "paid"),
    [
        # 3-train I3-H2-F2: Messina H2 (tile 14) 30 + San Stefano F2 10 = 40, and 20 for the
        # port: 60; its 2-train D2-F2 (Palermo 40 + 10 = 50): 110 in all
        ("1850Jr_game_end_bankrupt", 84, "RCS", 110),
        # 6-train B4-C3-D2-C1 (port): B4 (tile 66) 50 + C3 10 + D2 (tile 62) 80 = 140, and 70
        # for the port = 210
        ("1850Jr_game_end_bankrupt", 197, "CTL", 210),
        # 6-train G5-D2-D6-C3-D2-C1: 260 and 130 = 390; 4-train H0-H2-G5-H8: 110 and 50 (half
        # of 110 is 55, down to 50) = 160
        ("hotseat", 206, "IFT", 550),
        # D-train I1 (port)-H2-G5-H8-F8-D6-E5: 220 and 110 = 330, and the 6-train's 390
        ("hotseat", 281, "IFT", 720),
    ],
)
def test_port_runs_price_as_the_log(name, action, company, paid):
    pos = next(p for p in positions(log_of(name)) if p.action_id == action)
    assert pos.company == company
    c = check_position(pos)
    assert (c.recorded, c.priced, c.best, c.proven) == (paid, paid, paid, True)
