"""1817 on its real map: positions worked out by hand from the game file (games/1817.toml,
its hand part games/hand/1817.toml) and the rules of tobymao/18xx g_1817 ``revenue_for``,
asserted against the brute-force oracle and the finder; and the late position of a game
played on 18xx.games (bench/positions/late_1817.json), where the finder's optimum is what
the players' routes earned.
"""

from __future__ import annotations

import gzip
import json
import time

from helpers.hand_maps import check_revenue as check
from test_route_games import position

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.files.loader import open_game
from rusty_train_py.files.online import log_from_data
from rusty_train_py.files.online.realcheck import positions, price_routes
from rusty_train_py.route.search import find_routes

FIXTURES = PROJECT_ROOT / "tests" / "data" / "18xx_fixtures"

# Charleston H9 (tile 57, city 20, rotation 1) - H11 (a mountain hex where a coal mine goes:
# tile 8, rotation 5, a curve from H9's side to I12's) - Blacksburg I12 (tile 57, city 20,
# rotation 2). PLE's token in Charleston.
CHARLESTON_BLACKSBURG = [("H9", "57", 1), ("H11", "8", 5), ("I12", "57", 2)]


def test_a_mine_pays_the_route_through_it_and_a_bridge_pays_its_stop():
    # A 2-train: Charleston 20 + Blacksburg 20 = 40. A coal mine on H11 adds $10 to a route
    # running through H11 (no stop there: a route never starts or ends on a mine): 50. A
    # bridge token on Charleston adds $10 at that counted stop: 60. A mine elsewhere (I10) and
    # a bridge on Louisville (H3) pay nothing here.
    s = position("1817", "2", tiles=CHARLESTON_BLACKSBURG, tokens=[("H9", 0, "PLE")])
    check(s, "PLE", ["2"], 40)
    check(s, "PLE", ["2"], 40, ["mine_I10", "bridge_H3"])
    check(s, "PLE", ["2"], 50, ["mine_H11"])
    check(s, "PLE", ["2"], 60, ["mine_H11", "bridge_H9"])


def test_a_mine_pays_every_company_once_per_route():
    # The mine is map state, not the owner's: UR, with its token in Blacksburg, earns the
    # same $10 through H11. Two 2-trains: one route only (the H9-H11-I12 track carries one):
    # 50 with the mine, never 60.
    s = position("1817", "2", tiles=CHARLESTON_BLACKSBURG, tokens=[("I12", 0, "UR")])
    check(s, "UR", ["2"], 50, ["mine_H11"])
    check(s, "UR", ["2", "2"], 50, ["mine_H11"])


def test_modern_trains_pay_per_counted_city_with_the_companys_token():
    # The modern trains option: a 7 train earns +$10, an 8 train +$20, per counted city
    # holding the company's token. PLE holds Charleston and Blacksburg: the 7 runs 20 + 20,
    # +10 twice = 60, +10 for the mine = 70; the 8 runs 20 + 20 + 20 + 20 = 80. Without the
    # option, 40. A 2-train gets nothing from either.
    s = position(
        "1817", "7", tiles=CHARLESTON_BLACKSBURG, tokens=[("H9", 0, "PLE"), ("I12", 0, "PLE")]
    )
    check(s, "PLE", ["7"], 40)
    check(s, "PLE", ["7"], 60, ["modern_7", "modern_8"])
    check(s, "PLE", ["7"], 70, ["modern_7", "mine_H11"])
    check(s, "PLE", ["8"], 80, ["modern_7", "modern_8"])
    check(s, "PLE", ["2"], 40, ["modern_7", "modern_8"])


# The bridges, mines and ranches on the map at log 181414 (fixture 1817_game_end_bankrupt,
# the volatility expansion), action 1581, as the replay of the log holds them
LATE_OPTIONS = [
    "bridge_G6",
    "bridge_H9",
    "bridge_H3",
    "mine_F15",
    "mine_C24",
    "mine_G12",
    "mine_H11",
    "mine_C20",
    "mine_E18",
    "ranch_E6",
]


def test_late_position_pays_what_the_players_earned():
    # PLE ran 3,3,3 for $450 there: Pittsburgh-Baltimore-New York 150 + the F15 mine, 160;
    # Louisville (bridge +10)-Indianapolis-Chicago 150; Indianapolis-Toledo-Detroit 130 +
    # the E6 ranch, 140. The finder proves $450 the best, within 2 s of CPU.
    state = open_game(PROJECT_ROOT / "bench" / "positions" / "late_1817.json").state
    cpu = time.process_time()
    res = find_routes(state, "PLE", ["3", "3", "3"], LATE_OPTIONS)
    cpu = time.process_time() - cpu
    assert res.optimal
    assert res.net_revenue == 450, "\n".join(r.describe() for r in res.routes)
    assert cpu <= 2.0
    bonuses = sorted(b for r in res.routes for b, _ in r.bonuses)
    assert bonuses == ["bridge_H3", "mine_F15", "ranch_E6"]


def test_the_players_routes_are_priced_on_the_track_their_log_records():
    # Log 15528, action 1191: WT's 5 and 6 both leave Chicago (D1) and both reach Detroit
    # (D19) and New York (E22), by different track. Fixed by their stops alone, the track the
    # first takes collides with the other's; fixed by the hexes the log records (the lock's
    # via), they price at $640, what the engine paid WT (its dividend: no revenue in the log).
    log = FIXTURES / "1817" / "15528.json.gz"
    data = json.loads(gzip.decompress(log.read_bytes()))
    pos = next(p for p in positions(log_from_data(data, str(log))) if p.action_id == 1191)
    assert [r[1] for r in pos.routes] == [
        ("D1", "C8", "B13", "D19", "E22"),
        ("D1", "D9", "F13", "D19", "E22", "G18"),
    ]
    assert price_routes(pos, pos.routes) == (640, "")
    by_stops, why = price_routes(pos, [(t, stops, rev, ()) for t, stops, rev, _ in pos.routes])
    assert by_stops is None and "shares track" in why
