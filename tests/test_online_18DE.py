"""18DE's replay (titles/t18de.py over 1817's specials, titles/t1817.py) on the tobymao/18xx
fixtures (tests/data/18xx_fixtures/18DE): the modern trains option every company holds, and
the acquisitions no action names the buyer of, taken over by the corporation that runs the
acquired trains first."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from rusty_train_py.files.online import log_from_data, replay_log
from rusty_train_py.files.online.realcheck import check_position, positions

FIXTURES = Path(__file__).resolve().parent / "data" / "18xx_fixtures" / "18DE"


def data_of(name: str) -> dict:
    return json.loads(gzip.decompress((FIXTURES / f"{name}.json.gz").read_bytes()))


def log_of(name: str, options: list[str] | None = None):
    data = data_of(name)
    if options is not None:
        data["settings"]["optional_rules"] = options
    return log_from_data(data, name)


def test_every_company_holds_the_modern_trains_when_the_log_has_the_option():
    # the log is played with modern_trains: HE holds both options beside UBC's bridge on
    # Dresden (J14) and MINC's mine on G11, which every company holds
    game = replay_log(log_of("18DE_game_end_final_phase"), 712)
    assert game.bonuses["HE"] == ("bridge_J14", "mine_G11", "modern_7", "modern_8")
    assert game.bonuses["MB"] == ("bridge_J14", "mine_G11", "modern_7", "modern_8")
    # the same log without the option: no company holds them
    plain = replay_log(log_of("18DE_game_end_final_phase", []), 712)
    assert plain.bonuses["HE"] == ("bridge_J14", "mine_G11")


def test_the_8_train_earns_the_modern_bonus_the_log_records():
    # HE's 8 at action 1177: München - Nürnberg - Stuttgart - Frankfurt - Weimar - Leipzig -
    # Dresden - Berlin, 520 in the log: 80 + 40 + 40 + 40 + 40 + 40 + 30 + 80 = 390 of
    # cities, +20 in each of HE's five token cities, +10 for each bridge, +10 for the G13
    # mine. Without the option the same route is 420, and the finder's best another of 440
    pos = next(p for p in positions(log_of("18DE_game_end_final_phase")) if p.action_id == 1177)
    assert pos.company == "HE" and pos.trains == ("8",)
    check = check_position(pos)
    assert (check.recorded, check.priced, check.best, check.proven) == (520, 520, 520, True)
    without = check_position(
        next(p for p in positions(log_of("18DE_game_end_final_phase", [])) if p.action_id == 1177)
    )
    assert (without.priced, without.best) == (420, 440)


def test_an_acquisition_no_action_names_goes_to_the_corporation_running_its_trains():
    # player 16856 wins OL at auction (action 711) and has one corporation able to buy, HE:
    # the engine buys at once, no action names HE; HE runs OL's 4 train first (action 768).
    # Before MB's run of action 731 OL's tokens (Bremen E7, Dresden J14) and trains are HE's.
    before = replay_log(log_of("18DE_game_end_final_phase"), 711)
    assert before.trains.get("OL") == ("3", "4") and "HE" not in before.trains
    game = replay_log(log_of("18DE_game_end_final_phase"), 731)
    assert game.trains.get("HE") == ("3", "4") and "OL" not in game.trains
    assert game.state.tokens_at("E7") == {0: "HE", 1: "MB"}
    assert game.state.tokens_at("J14") == {0: "HE"}
    assert not game.warnings


def test_a_bid_on_another_corporation_ends_the_unnamed_acquisition_before_it():
    # 16231 wins MS (action 1142), then 1782 bids on BD (1145): MS went to BY, which runs
    # MS's 5 train first (1174); BY keeps one token in Hannover F10, where both had one
    before = replay_log(log_of("18DE_game_end_bankrupt"), 1145)
    assert before.trains["MS"] == ("5",) and before.trains["BY"] == ("4",)
    game = replay_log(log_of("18DE_game_end_bankrupt"), 1150)
    assert game.trains["BY"] == ("4", "5") and "MS" not in game.trains
    assert game.state.tokens_at("F6") == {0: "BY"}
    assert list(game.state.tokens_at("F10").values()) == ["BY"]
