"""1822NRS's replay (titles/t1822nrs.py, the rest 1822MX's rules) on the tobymao/18xx fixtures
(tests/data/18xx_fixtures/1822NRS): the bid box of minors settled at a stock round's end,
LNWR's destination token going down with its home, the tax haven's share purchase, and the
real-game check of the runs the snapshot's engine prices otherwise than the log."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from rusty_train_py.files.online import log_from_data, replay_log
from rusty_train_py.files.online.realcheck import check_position, positions

FIXTURES = Path(__file__).resolve().parent / "data" / "18xx_fixtures" / "1822NRS"


def log_of(name: str):
    data = json.loads(gzip.decompress((FIXTURES / f"{name}.json.gz").read_bytes()))
    return log_from_data(data, name)


def test_a_minor_without_a_bid_first_in_its_box_closes_and_takes_a_train_away():
    # log 128129: the stock round ending after action 288 (minor 8 operates at 290) had no
    # bid on the bid box's minors 9, 1, 27 and 2; the depot's next is the 3-0 (no L left to
    # export), which leaves with minor 9: phase 3 at minor 8's turn (the position before
    # action 290), the Ls of minors 4, 15 and 29 rusted; minor 8's LP (P19's) and 2 ran at
    # 292
    log = log_of("128129")
    before = replay_log(log, 288)
    assert before.state.phase == "2"
    assert before.trains.get("4") == ("L",) and before.trains.get("15") == ("L",)
    after = replay_log(log, 290)
    assert after.state.phase == "3"
    run = replay_log(log, 292)
    assert run.state.phase == "3" and run.trains.get("8") == ("LP", "2")
    assert "4" not in run.trains and "15" not in run.trains  # their Ls rusted on the 3


def test_lnwr_places_its_destination_in_manchester_with_its_home():
    # 1822NRS_game_end_bank: LNWR's first action the engine keeps is 213 (185 to 212 are
    # undone); its home London N29 (first city) and its destination Manchester I22 then
    # hold its tokens
    log = log_of("1822NRS_game_end_bank")
    assert "LNWR" not in replay_log(log, 200).state.tokens_at("I22").values()
    state = replay_log(log, 214).state
    assert "LNWR" in state.tokens_at("I22").values()
    assert state.tokens_at("N29").get(0) == "LNWR"


def test_the_tax_havens_share_purchase_does_not_end_the_stock_round():
    # 1822NRS_game_end_bank, action 614: P16 (Tax Haven) buys a share for its owner in the
    # stock round; the round (and its bid box's L exports) ends at action 646 only, so the
    # phase before minor 28's run at 648 is the engine's 5
    assert replay_log(log_of("1822NRS_game_end_bank"), 648).state.phase == "5"


def test_runs_the_snapshots_engine_prices_otherwise_than_the_log():
    checks = {
        p.action_id: check_position(p)
        for p in positions(log_of("1822NRS_game_end_bank"))
        if p.action_id in (801, 815)
    }
    # 801: MR's E ends at Darlington J15, beyond its tokens (the engine's rule since
    # 2025-10-28, reading e_ends): not a route by our rules, nor the snapshot's engine's
    assert checks[801].priced is None and checks[801].recorded == 1490
    # 815: LNWR's E and 6+ both carry its destination bonus in the log (1130); the engine,
    # given both routes, pays it once (reading destination_twice): 1050, our price
    c = checks[815]
    assert (c.recorded, c.priced) == (1130, 1050)
    assert c.proven and c.best is not None and c.best >= c.priced
