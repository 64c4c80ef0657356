"""18VA's replay (files/online/specials_extra_slot.py and the generic actions) on the
tobymao/18xx fixture (tests/data/18xx_fixtures/18VA): the Railway Express Agency, Potomac
Yards' token, and the real-game check of its runs."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from rusty_train_py.files.online import log_from_data, replay_log
from rusty_train_py.files.online.realcheck import check_position, positions

FIXTURES = Path(__file__).resolve().parent / "data" / "18xx_fixtures" / "18VA"


def log_of(name: str):
    data = json.loads(gzip.decompress((FIXTURES / f"{name}.json.gz").read_bytes()))
    return log_from_data(data, name)


def test_the_railway_express_agency_pays_its_owner_at_its_city():
    # VR buys P1 (action 282, an earlier buy undone) and assigns it to Lynchburg C12 (283)
    game = replay_log(log_of("18VA_game_end_bank"), 300)
    assert game.bonuses.get("VR") == ("rea:C12",)
    # SR's Potomac Yards token in Philadelphia H1 (252) is named, not placed
    assert "SR" not in game.state.tokens_at("H1").values()
    assert any("token of P3 in H1-0-0" in w for w in game.warnings)


def test_every_run_prices_as_the_log_but_those_from_potomac_yards():
    # the 8 runs that differ are SR's through its Potomac Yards token in Philadelphia H1:
    # the off-board city it holds no token in for us is not doubled (potomac_yards)
    differ = []
    for pos in positions(log_of("18VA_game_end_bank")):
        c = check_position(pos)
        assert c.proven and c.priced is not None and c.best >= c.priced, c
        if c.priced != c.recorded:
            differ.append((c.company, c.recorded - c.priced))
    assert differ == [("SR", 40), ("SR", 40), ("SR", 40), ("SR", 70)] + [("SR", 140)] * 4
