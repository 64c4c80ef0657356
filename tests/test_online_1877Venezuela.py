"""1877: Venezuela's replay (titles/t1877venezuela.py over 1817's specials) on the tobymao/18xx
fixtures (tests/data/18xx_fixtures/1877Venezuela): a corporation buys trains in the stock
round, which ends no operating round (the depot exports its next train only at an operating
round's end)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from rusty_train_py.files.online import log_from_data, replay_log
from rusty_train_py.titles import registry
from rusty_train_py.titles.t18de import NamedBuyer1817

FIXTURES = Path(__file__).resolve().parent / "data" / "18xx_fixtures" / "1877Venezuela"


def log_of(name: str):
    data = json.loads(gzip.decompress((FIXTURES / f"{name}.json.gz").read_bytes()))
    return log_from_data(data, name)


def test_trains_bought_in_the_stock_round_end_no_operating_round():
    # the game opens with a stock round: BPC wins its IPO (action 1) and buys two 2s (5, 9:
    # the first undone and bought again), BSC one (19), players buy shares between them.
    # Before BSC's first run (48) the phase is still 2 (the engine's): no 2 was exported
    log = log_of("1877Venezuela_game_end_final_phase")
    game = replay_log(log, 48)
    assert game.state.phase == "2"
    assert game.trains == {"BPC": ("2", "2"), "BSC": ("2",)}
    assert not game.warnings
    # BSC buys the 2+ in its second operating turn (81): phase 2+ at BPC's run (99)
    later = replay_log(log, 99)
    assert later.state.phase == "2+"
    assert later.trains == {"BPC": ("2", "2"), "BSC": ("2", "2", "2+")}


def test_read_as_operating_the_stock_round_trains_export_the_depots_2s(monkeypatch):
    # what the rule changes: 1817's specials alone take BPC's stock-round purchase for an
    # operating turn, and the players' share buying after it for the round's end; the depot
    # then exports every 2 and the phase is 2+ already at action 48
    monkeypatch.setattr(registry.home_of("1877Venezuela"), "specials", NamedBuyer1817)
    game = replay_log(log_of("1877Venezuela_game_end_final_phase"), 48)
    assert game.state.phase == "2+"
