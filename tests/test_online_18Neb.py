"""18Neb's own replay on the tobymao/18xx fixture (tests/data/18xx_fixtures/18Neb): the
neutral N token in Valentine G1 from the set-up, and Armour and Company's cattle token (P3,
g_18_neb cattle_bonus): assigned to a town hex, it pays P3's owning corporation +20 at that
stop, until the 6/8 removes it (remove_tokens). The common replay does this from
games/hand/18Neb.toml (``setup_tokens``, ``private_bonuses``, the ``placed`` bonus); 18Neb
has no title home.

Only the closed token is modelled: while the token is open the engine also pays every other
corporation +10 there, which no bonus kind states (the hand file's note). In this log P3's
owner closes it at once (action 224, "Close Token"), so no run differs."""

from __future__ import annotations

import gzip
import json
from dataclasses import replace
from pathlib import Path

from rusty_train_py.files.online import log_from_data, replay_log
from rusty_train_py.files.online.realcheck import check_position, positions

FIXTURE = (
    Path(__file__).resolve().parent
    / "data"
    / "18xx_fixtures"
    / "18Neb"
    / "18Neb_game_end_bank.json.gz"
)


def log_of():
    return log_from_data(json.loads(gzip.decompress(FIXTURE.read_bytes())), "18Neb_game_end_bank")


def test_the_neutral_token_stands_in_valentine_from_the_set_up():
    log = log_of()
    assert replay_log(log, 1).state.tokens_at("G1") == {0: "N"}
    assert replay_log(log, 472).state.tokens_at("G1") == {0: "N"}


def test_the_cattle_token_is_cbqs_from_its_assignment_until_the_6_8():
    # CBQ buys P3 at action 175 and assigns the token to Lincoln J8 at 223; the 6/8 (bought
    # before CBQ's run of 323) removes it
    held = {p.action_id: p.bonuses for p in positions(log_of()) if p.company == "CBQ"}
    assert held[173] == ()
    assert held[226] == held[249] == held[288] == ("cattle:J8",)
    assert held[323] == held[372] == ()


def test_a_run_through_the_cattle_town_prices_as_the_log():
    # action 226, phase 4: CBQ's 3+3 Lincoln J8 - Grand Island H8 - H10 - G11 - E7 - North
    # Platte F6, 140 with the cattle's +20, the finder's proven optimum too
    pos = next(p for p in positions(log_of()) if p.action_id == 226)
    c = check_position(pos)
    assert (c.recorded, c.priced, c.best, c.proven) == (140, 140, 140, True)
    bare = check_position(replace(pos, bonuses=()))
    assert bare.priced == 120
