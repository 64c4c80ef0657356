"""18NL's private P2 on the tobymao/18xx fixtures (tests/data/18xx_fixtures/18NL): its free
token goes on a hex without track, no connection needed (g_18_nl step/special_token.rb), as
the company owning P2's; on a printed OO hex without track it leaves the map when a tile is
laid there and comes back in the city the next place_token names (the engine's
Tracker#update_token!). 18NL has no replay rule of its own: the common replay does all this."""

from __future__ import annotations

import gzip
import json
from dataclasses import replace
from pathlib import Path

from rusty_train_py.files.online import log_from_data, replay_log
from rusty_train_py.files.online.realcheck import check_position, positions

FIXTURES = Path(__file__).resolve().parent / "data" / "18xx_fixtures" / "18NL"


def log_of(name: str):
    data = json.loads(gzip.decompress((FIXTURES / f"{name}.json.gz").read_bytes()))
    return log_from_data(data, name)


def test_p2s_token_on_an_oo_hex_without_track_waits_for_the_tile():
    # log 167050: P2's token for HIS in Barendrecht & Dordrecht I4's second city (action 144,
    # after two undone tries), the printed OO hex without track
    log = log_of("167050")
    assert replay_log(log, 143).state.tokens_at("I4") == {}
    assert replay_log(log, 145).state.tokens_at("I4") == {1: "HIS"}
    # HIS lays 59 there (action 203): the token leaves the map until HIS puts it back in
    # the tile's second city (204)
    at_204 = replay_log(log, 204).state
    assert at_204.laid_tile("I4") is not None and at_204.tokens_at("I4") == {}
    assert replay_log(log, 205).state.tokens_at("I4") == {1: "HIS"}


def test_p2s_token_undone_in_one_place_and_laid_in_another():
    # log 18NL_game_end_bankrupt: P2's token in 's Hertogenbosch I10 (actions 287, 382) is
    # undone both times; the one of action 392 in Eindhoven K10 (no tile) stays
    log = log_of("18NL_game_end_bankrupt")
    for at in (288, 383, 392):
        state = replay_log(log, at).state
        assert (state.tokens_at("I10"), state.tokens_at("K10")) == ({}, {})
    end = replay_log(log, 393).state
    assert end.tokens_at("I10") == {} and end.tokens_at("K10") == {0: "HIS"}
    assert end.laid_tile("K10") is None


def test_a_run_from_p2s_token_prices_as_the_log():
    # log 167050, action 207: HIS's 3-trains E4 - E6 - F7 (80) and, from P2's token in I4's
    # 59, I4 - H3 - G2 (140): 220, the finder's proven optimum too
    pos = next(p for p in positions(log_of("167050")) if p.action_id == 207)
    assert pos.company == "HIS" and pos.state.tokens_at("I4") == {1: "HIS"}
    c = check_position(pos)
    assert (c.recorded, c.priced, c.best, c.proven) == (220, 220, 220, True)
    # without the token the second route is no route of HIS's: only Amsterdam's side pays
    state = pos.state.copy()
    state.apply(state.remove_token_edit("I4", 1))
    bare = check_position(replace(pos, state=state))
    assert (bare.priced, bare.best) == (None, 150)
