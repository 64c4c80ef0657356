"""1836jr56's own replay rules (titles/t1836jr56.py) on the tobymao/18xx fixtures
(tests/data/18xx_fixtures/1836jr56): the national's borrowed train and the diesel variant's
D rusting the 4s."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from rusty_train_py.files.online import log_from_data, replay_log

FIXTURES = Path(__file__).resolve().parent / "data" / "18xx_fixtures" / "1836jr56"
BANK = "1836jr56_game_end_bank"  # played with the diesel_variant


def replay_to(at: int):
    data = json.loads(gzip.decompress((FIXTURES / f"{BANK}.json.gz").read_bytes()))
    return replay_log(log_from_data(data, BANK), at)


def trains(r, company: str) -> tuple[str, ...]:
    return tuple(r.trains.get(company, ()))


def test_the_national_borrows_a_d_for_its_run_only():
    # MESS (the national, with no train) borrows D-0 at action 405 and runs it at 406; the
    # train goes back to the depot when its turn ends: the phase stays 6, no 4 rusts
    at_406 = replay_to(406)
    assert trains(at_406, "MESS") == ("D",) and at_406.state.phase == "6"
    assert trains(at_406, "B") == ("4",)
    at_410 = replay_to(410)
    assert trains(at_410, "MESS") == () and at_410.state.phase == "6"


def test_the_first_d_bought_rusts_the_4s_with_the_diesel_variant():
    # GCL buys D-3 at action 482 (its 4 traded in): phase D, and B's and NFL's 4s rust (the
    # variant's 4 rusts on the D; the game file's on the 8)
    before = replay_to(482)
    assert before.state.phase == "6" and trains(before, "B") == ("4",)
    after = replay_to(483)
    assert after.state.phase == "D" and trains(after, "B") == ()
    assert trains(after, "NFL") == ("5",)
