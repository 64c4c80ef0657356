"""Known answers on the real map of 18SJ (imported by tools/import_game; its route rules in
games/hand/18SJ.toml), worked out by hand from the hex codes of games/18SJ.toml and asserted
against the brute-force oracle and the finder; and its late position from a game played on
18xx.games.

The corner of the map used: Stockholm G10 (yellow, four cities of the Stockholm group, each
20, city 0 on edge 1, city 1 on edge 2), the blue G8 whose printed track joins its edge 4
(G10) to its edge 3 (F9), and the plain hexes F9 and E10: tile 57 (a city of 20 on a straight
track, edges 0 and 3) on F9 joins G8 (F9's edge 0) to E10 (its edge 3), and on E10 it meets F9
at E10's edge 0.
"""

from __future__ import annotations

import pytest
from route_oracle import write_game
from test_route_games import check, position

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.files.loader import open_game
from rusty_train_py.gamedata.game import GameDataError
from rusty_train_py.route.search import find_routes

CORNER = [("F9", "57", 0), ("E10", "57", 0)]


def test_18sj_e_train_doubles_the_stops_of_hexes_holding_the_company_token():
    # UGJ's tokens in F9 (tile 57) and in Stockholm's city 1 (on edge 2: not joined to G8).
    # Stockholm's city 0 runs over G8 to F9 and on to E10. A D train counts the three stops:
    # 20 + 20 + 20 = 60. The E doubles every stop on a hex holding a city token of UGJ
    # (g_18_sj friendly_city?: the hex, not the city): Stockholm 40 (UGJ's token is in
    # another of its cities), F9 40, E10 20 (no token) = 100. A 2-train: the best two stops
    # holding the token, 40.
    state = position("18SJ", "2", tiles=CORNER, tokens=[("F9", 0, "UGJ"), ("G10", 1, "UGJ")])
    check(state, "UGJ", ["D"], 60)
    check(state, "UGJ", ["E"], 100)
    check(state, "UGJ", ["2"], 40)


def test_18sj_sj_tokens_block_every_train_but_the_e():
    # SJ's token fills F9's one space; UGJ's token in Stockholm's city 0. A D train may end at
    # F9 but not pass it: Stockholm - F9, 20 + 20 = 40. The E passes SJ's token (g_18_sj makes
    # SJ's tokens neutral for a company owning an E, and refuses it to the others): Stockholm
    # 40 (doubled), F9 20, E10 20 = 80. With both, the E runs its 80 and the D has no track
    # left from Stockholm's city 0. Another company's token in F9 blocks the E too: 40 + 20.
    state = position("18SJ", "2", tiles=CORNER, tokens=[("F9", 0, "SJ"), ("G10", 0, "UGJ")])
    check(state, "UGJ", ["D"], 40)
    check(state, "UGJ", ["E"], 80)
    check(state, "UGJ", ["D", "E"], 80)
    state = position("18SJ", "2", tiles=CORNER, tokens=[("F9", 0, "BJ"), ("G10", 0, "UGJ")])
    check(state, "UGJ", ["E"], 60)


def test_18sj_late_position_beats_the_players_by_east_west():
    # Log 179766 (tobymao/18xx fixture 18SJ_game_end_stock_market), action 1123: UGJ ran its
    # E for 1050 from Narvik B31 to Stockholms hamn H9 (Lapplandspilen +100, Bergslagen with
    # H9 +50, Malmfälten with both B31 and G26 +100; Stockholm, Uppsala and Bergslagen
    # doubled). Priced as the players ran it, our rules give the same 1050; the optimum ends at
    # Göteborg A10 instead of Narvik, over the track round by C28-C18: Narvik's 70 and
    # Lapplandspilen's 100 and Malmfälten's second 50 (220) give way to Göteborg's 70, East-West
    # 120 and Bergslagen's second 50 (240): 1070. The engine prices that route at 1070 too
    # (tools/engine_check/price_route.rb on the fixture at action 1123: "H9-G10-...-A10 +
    # Ö/V + b/B/b + m/M").
    state = open_game(PROJECT_ROOT / "bench" / "positions" / "late_18SJ.json").state
    stops = "B31,D29,G26,E20,D19,C16,A16,B11,C8,C12,D11,E12,F13,G10,H9"
    players = find_routes(state, "UGJ", ["E"], locked=[f"E:{stops}"])
    assert players.net_revenue == 1050
    res = find_routes(state, "UGJ", ["E"])
    assert res.optimal
    assert res.net_revenue == 1070, "\n".join(r.describe() for r in res.routes)
    bonuses = sorted(b for r in res.routes for b, _ in r.bonuses)
    assert bonuses == ["bergslagen_goteborg", "bergslagen_hamn", "east_west", "malmfalten_lulea"]


def test_tokens_passed_by_names_companies_and_trains_of_the_game(tmp_path):
    hexes = {"A1": ("white", ""), "A3": ("white", "")}
    trains = [{"name": "2", "stops": 2}, {"name": "E", "rule": "friendly_double"}]
    write_game(tmp_path / "ok", hexes, trains, rules={"tokens_passed_by": {"C": ["E"]}})
    with pytest.raises(GameDataError, match=r"tokens_passed_by: C: no train 'X'"):
        write_game(tmp_path / "x", hexes, trains, rules={"tokens_passed_by": {"C": ["X"]}})
    with pytest.raises(GameDataError, match=r"tokens_passed_by: no company 'Q'"):
        write_game(tmp_path / "q", hexes, trains, rules={"tokens_passed_by": {"Q": ["E"]}})


def test_a_shared_revenue_memo_sees_tokens_elsewhere_on_the_hex_and_sj_filling_a_city():
    # The advisor's memo knows a stop by what it pays: the E pays Stockholm's city 0 double
    # once UGJ holds another of Stockholm's cities, and the D may no longer pass F9 once SJ
    # fills it. With one memo over the three maps the answers are those without it.
    from rusty_train_py.route.revenue_memo import RevenueMemo

    plain = position("18SJ", "2", tiles=CORNER, tokens=[("E10", 0, "UGJ")])
    stockholm = position("18SJ", "2", tiles=CORNER, tokens=[("E10", 0, "UGJ"), ("G10", 1, "UGJ")])
    full = position("18SJ", "2", tiles=CORNER, tokens=[("E10", 0, "UGJ"), ("F9", 0, "SJ")])
    memo = RevenueMemo()
    for state, trains, paid in (
        (plain, ["E"], 80),  # Stockholm 20, F9 20, E10 40 (UGJ's token)
        (stockholm, ["E"], 100),  # and Stockholm doubled
        (plain, ["D"], 60),
        (full, ["D"], 40),  # F9 an end: E10 - F9
    ):
        alone = find_routes(state, "UGJ", trains)
        shared = find_routes(state, "UGJ", trains, revenue_memo=memo)
        assert alone.net_revenue == shared.net_revenue == paid
