"""1870 on its real map: the destination run (a route ending at the company's destination pays
it again once the destination token sits in the city's extra slot), the Gulf Shipping port and
the Southern Cattle token, worked out by hand from games/1870.toml and games/hand/1870.toml;
and the late position of a game played on 18xx.games, where the finder must pay what the
players' routes earned in the engine."""

from __future__ import annotations

import gzip
import json

from test_route_games import check, position

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.files.loader import open_game
from rusty_train_py.files.online import log_from_data, replay_log
from rusty_train_py.route.search import find_routes

# Springfield, IL (B19, tile 57 at rotation 0: a city of 20 with track to edges 0 and 3) and
# A20 (tile 8 at rotation 4: track from edge 0, to B19, to edge 4, to Chicago A22); Chicago
# (red, a city with no token space, yellow 40 | brown 50, terminal track to edges 0 and 1).
TRACK = [("B19", "57", 0), ("A20", "8", 4)]


def test_1870_ics_destination_run_pays_chicago_again():
    # IC's token in Springfield (B19): a 2-train runs B19-A22 for 20 + 40 = 60 in phase 1.
    state = position("1870", "1", tiles=TRACK, tokens=[("B19", 0, "IC")])
    check(state, "IC", ["2"], 60)
    # IC's destination token in Chicago's extra slot: the route ends at Chicago, which is paid
    # again (dest_ic, destination_end): 60 + 40 = 100
    state.apply(state.place_extra_token_edit("A22", 0, "IC"))
    check(state, "IC", ["2"], 100)
    # another company's token there pays IC nothing more, and FW (whose destination is
    # Denver) gets no Chicago bonus from its own: it runs A22-B19 from its token for 60
    state.apply(state.set_extra_tokens_edit("A22", [(0, "FW")]))
    check(state, "IC", ["2"], 60)
    check(state, "FW", ["2"], 60)


def test_1870_a_route_may_start_from_the_destination_token_alone():
    # no IC token in Springfield, its one token the destination token in Chicago's extra slot:
    # the 2-train runs A22-B19, Chicago paid twice: 40 + 40 + 20 = 100; in phase 4 (brown)
    # Chicago pays 50: 50 + 50 + 20 = 120. Springfield's one space is free for anyone.
    state = position("1870", "1", tiles=TRACK)
    state.apply(state.place_extra_token_edit("A22", 0, "IC"))
    check(state, "IC", ["2"], 100)
    state.phase = "4"
    check(state, "IC", ["2"], 120)


def test_1870_a_city_full_of_others_is_passed_by_the_company_with_its_extra_token():
    # Springfield full of MP's token, IC's token in its extra slot (City#blocks? is false for
    # a company holding a token there, spaces or not): IC runs B19-A22 for 60; for SLSF,
    # whose token is at St. Louis C18 (tile 57 at rotation 0: edges 0 and 3, to B19), the city
    # is full: SLSF may end there (C18-B19, 20 + 20 = 40) but not pass on to Chicago.
    tiles = [*TRACK, ("C18", "57", 0)]
    state = position("1870", "1", tiles=tiles, tokens=[("B19", 0, "MP"), ("C18", 0, "SLSF")])
    state.apply(state.place_extra_token_edit("B19", 0, "IC"))
    check(state, "IC", ["2"], 60)
    check(state, "SLSF", ["3"], 40)


def test_1870_gulf_shipping_port():
    # GMO's token in Mobile (M20, tile 57 at rotation 1: track to edges 1 and 4; edge 4 meets
    # Southeast M22, red, yellow 20, terminal from its edge 1). A 2-train: Mobile 20 +
    # Southeast 20 = 40.
    state = position("1870", "1", tiles=[("M20", "57", 1)], tokens=[("M20", 0, "GMO")])
    check(state, "GMO", ["2"], 40)
    # the port on Mobile: +20 for its owner (port_owner), +10 for another company while open
    # (port_open), once per route with a stop there
    check(state, "GMO", ["2"], 60, ["port_owner:M20"])
    check(state, "GMO", ["2"], 50, ["port_open:M20"])
    check(state, "GMO", ["2", "2"], 60, ["port_owner:M20"])  # one route only: M20-M22


def test_1870_southern_cattle():
    # Topeka B9 and Kansas City B11 (MKT's token), tile 57 at rotation 1 on each (track to
    # edges 1 and 4): B9's edge 4 meets B11's edge 1. A 2-train runs B9-B11: 20 + 20 = 40.
    state = position("1870", "1", tiles=[("B11", "57", 1), ("B9", "57", 1)])
    assert state.game.neighbour("B9", 4) == "B11" and state.game.neighbour("B11", 1) == "B9"
    state.apply(state.place_token_edit("B11", 0, "MKT"))
    check(state, "MKT", ["2"], 40)  # Topeka 20 + Kansas City 20
    # the cattle token on Kansas City: +10 for MKT's route with a stop there
    check(state, "MKT", ["2"], 50, ["cattle:B11"])


# (company, trains, options, what the players' routes earned in the 18xx.games engine)
LATE_RUN = ("GMO", ["5", "6"], [], 420)  # log 199618 (1870_game_end_bankrupt), action 734


def test_1870_late_position_pays_what_the_players_earned():
    """GMO's run at action 734 (phase 7): its destination token in St. Louis' extra slot
    (since action 550); the 5-train runs St. Louis-Chicago from it, St. Louis paid again
    (50 + 50 + 60 = 160), the 6-train Chicago-Springfield, IL-St. Louis-Mobile-Baton
    Rouge-Jackson (60 + 40 + 50 + 30 + 40 + 40 = 260): 420, what the players earned, proven."""
    company, trains, options, paid = LATE_RUN
    state = open_game(PROJECT_ROOT / "bench" / "positions" / "late_1870.json").state
    assert (0, "GMO") in state.extra_tokens_at("C18")
    res = find_routes(state, company, trains, options)
    assert res.optimal
    assert res.net_revenue == paid, "\n".join(r.describe() for r in res.routes)
    assert sorted(r.revenue for r in res.routes) == [160, 260]


def test_1870_mkt_runs_twice_from_its_destination():
    """MKT's last run of log 210018 (1870_game_end_bank, action 1311, phase 8; the position in
    tests/data): both its trains start from Southwest (N1), its destination (its token in N1's
    extra slot since action 853), which each route pays twice (50 + 50): the 8 and the 6 earn
    390 + 330 (another split than the players' 360 + 360, the same 720), proven."""
    state = open_game(PROJECT_ROOT / "tests" / "data" / "1870_mkt_1311.json").state
    assert (0, "MKT") in state.extra_tokens_at("N1")
    res = find_routes(state, "MKT", ["8", "6"], [])
    assert res.optimal
    assert res.net_revenue == 720, "\n".join(r.describe() for r in res.routes)
    assert [r.revenue for r in res.routes] == [390, 330]
    assert all("N1" in (r.stops[0].hex, r.stops[-1].hex) for r in res.routes)


def _replayed(name: str, at: int):
    """The position of a committed fixture just before action ``at`` (our replay)."""
    path = PROJECT_ROOT / "tests" / "data" / "18xx_fixtures" / "1870" / f"{name}.json.gz"
    data = json.loads(gzip.decompress(path.read_bytes()))
    return replay_log(log_from_data(data, name), at)


def test_1870_the_connection_run_has_one_train_from_home_to_destination():
    """SSW reaches its destination Fort Worth (J3) and puts its token on the map (action 822 of
    log 199618, 1870_game_end_bankrupt); its connection run (action 823) must have one train
    from its home Memphis (H17) to Fort Worth (check_route_combination). The players ran the
    5 H17-H13-F5-J3 (Memphis 30, Little Rock 20, Oklahoma City 40, Fort Worth 20 + 20 again:
    130) and the 8 A22-...-N1 (300): 430. The replay gives SSW the conn_ssw option there, and
    the finder's optimum with it is 430, one route from H17 to J3; without the rule the 5
    would run elsewhere for 480."""
    imported = _replayed("1870_game_end_bankrupt", 823)
    assert (0, "SSW") in imported.state.extra_tokens_at("J3")
    trains = list(imported.trains["SSW"])
    bonuses = list(imported.bonuses.get("SSW", ()))
    assert "conn_ssw" in bonuses
    res = find_routes(imported.state, "SSW", trains, bonuses)
    assert res.optimal and res.net_revenue == 430, "\n".join(r.describe() for r in res.routes)
    ends = [{r.stops[0].hex, r.stops[-1].hex} for r in res.routes]
    assert {"H17", "J3"} in ends
    free = find_routes(imported.state, "SSW", trains, [b for b in bonuses if b != "conn_ssw"])
    assert free.optimal and free.net_revenue == 480
    # the next action is no connection run: the option is gone
    assert "conn_ssw" not in _replayed("1870_game_end_bankrupt", 826).bonuses.get("SSW", ())
