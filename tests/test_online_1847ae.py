"""1847 AE's replay (titles/t1847ae.py and the generic actions) on the tobymao/18xx fixtures
(tests/data/18xx_fixtures/1847AE): home tokens at the float, HLB's two homes, L's set-up
token, and the real-game check of every run."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from rusty_train_py.files.online import log_from_data, replay_log
from rusty_train_py.files.online.realcheck import check_position, positions
from rusty_train_py.route.search import find_routes

FIXTURES = Path(__file__).resolve().parent / "data" / "18xx_fixtures" / "1847AE"
BANK = "1847AE_game_end_bank"


def log_of(name: str):
    data = json.loads(gzip.decompress((FIXTURES / f"{name}.json.gz").read_bytes()))
    return log_from_data(data, name)


def homes(at: int) -> dict[str, dict[int, str]]:
    state = replay_log(log_of(BANK), at).state
    return {h: state.tokens_at(h) for h in ("F18", "H6", "D18", "C21", "H16")}


def test_l_starts_with_its_home_token():
    # G1847AE#setup places L's token in Ludwigshafen F18 before the draft
    assert homes(1)["F18"] == {0: "L"}


@pytest.mark.parametrize(
    ("floats", "hexes"),
    [
        # Saar: the president's certificate with the SPR (bid 13, 20%), Saar_3 at 21: 30% out
        # of the IPO, half of it with its two reserved investor shares (20%)
        (21, ("H6",)),
        # HLB: par at 77 (20%), HLB_2 and HLB_3 bought by the programmed buyer in the
        # auto_actions of 81 and 84: 40%, half with its reserved share; both homes at once
        (84, ("D18", "C21")),
        # M: par at 115, M_1 at 120, M_2 at 122, M_3 at 168: 50%
        (168, ("H16",)),
    ],
)
def test_a_home_token_goes_down_when_the_corporation_floats(floats, hexes):
    before, after = homes(floats), homes(floats + 1)
    for h in hexes:
        assert before[h] == {}
        assert len(after[h]) == 1
    assert after["C21"] == ({0: "HLB"} if "C21" in hexes else before["C21"])


def test_parred_but_not_floated_holds_no_token():
    # M parred at 115 with 20%: the engine's positions at its runs 126 to 159 have no M
    # token in Landau H16 (a token at the par would block H16's one space)
    assert homes(160)["H16"] == {}


@pytest.mark.parametrize("name", [BANK, "1847AE_game_end_bankrupt"])
def test_every_run_prices_as_the_log(name):
    runs = 0
    for pos in positions(log_of(name)):
        c = check_position(pos)
        assert c.proven and c.priced is not None and c.best >= c.priced, c
        assert c.priced == c.recorded, c
        runs += 1
    assert runs == {BANK: 75, "1847AE_game_end_bankrupt": 16}[name]


def test_l_misses_50_at_action_510():
    # action 510: L's 5 and 6+6 ran 560; the proven best is 610 (its next run, 545, takes
    # it: the 6+6 G21 ... H6-I7 with the coal bonus and the 5 F12-H10-G9-H6-I3), which the
    # engine prices at 610 (tools/engine_check)
    pos = next(p for p in positions(log_of(BANK)) if p.action_id == 510)
    c = check_position(pos)
    assert (c.recorded, c.priced, c.best, c.proven) == (560, 560, 610, True)


def test_the_6e_passes_towns_unpaid_and_earns_the_a_to_b_bonus():
    # action 330: RNB's 6E Paris I3 - H6 - (H8) - Zweibrücken H10 - Homburg G9 - (E5) -
    # (Birkenfeld C9's town) - Bad Kreuznach C13 - Köln B14: 50 + 50 + 40 + 40 + 30 + 50 =
    # 260, and Köln (A) with Paris (B) +40: 300, as logged
    pos = next(p for p in positions(log_of(BANK)) if p.action_id == 330)
    assert (pos.company, pos.trains) == ("RNB", ("6E",))
    res = find_routes(pos.state, "RNB", ["6E"], [])
    assert res.optimal and res.net_revenue == 300
    (route,) = res.routes
    assert route.bonuses == (("local", 40),)
    assert route.revenue == 300
    c = check_position(pos)
    assert (c.recorded, c.priced, c.best) == (300, 300, 300)
