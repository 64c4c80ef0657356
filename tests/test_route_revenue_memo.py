"""The route finder with a revenue memo shared across searches (as the advisor runs it) gives
exactly what it gives without: the same routes and revenues, map after map."""

from __future__ import annotations

import pytest
from advisor_maps import random_map
from reference_data import GAMES

from rusty_train_py.advisor import after_lay, legal_lays
from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.route.revenue_memo import RevenueMemo
from rusty_train_py.route.search import find_routes
from rusty_train_py.rules.games import rules_for


def answer(result) -> dict:
    out = result.to_json()
    out.pop("elapsed", None)
    out.pop("stats", None)
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_a_shared_memo_changes_nothing(game_id):
    state, company = random_map(game_id, 3)
    names = [t.name for t in load_game(game_id).trains]
    trains = names[-2:]  # the biggest two: the longest paths
    memo = RevenueMemo()
    maps = [state] + [after_lay(state, lay) for lay in legal_lays(state, company)[:12]]
    listed = 0
    for m in maps:
        alone = find_routes(m, company, trains)
        listed += alone.stats["paths"]
        assert answer(find_routes(m, company, trains, revenue_memo=memo)) == answer(alone)
    # the memo held the paths there were (a random map may give the company none: 18Texas),
    # and a search for other trains gets its own table
    assert (len(memo) > 0) == (listed > 0)
    other = names[:1]
    assert answer(find_routes(state, company, other, revenue_memo=memo)) == answer(
        find_routes(state, company, other)
    )


def test_stops_are_the_same_only_when_everything_paid_for_is(line_state):
    """A path's stops are known to the memo by hex, node, kind, value, token, revenue
    columns, visit cost and name: a green city (30, not 20) or a new token is a new stop."""
    from rusty_train_py.route.graph import build_graph

    memo = RevenueMemo()
    game = line_state.game
    variants = [("2", frozenset())]

    def ids(state) -> dict[str, int]:
        graph = build_graph(state, "GW")
        rules = rules_for(game.id, state.phase_colours)
        _, ident = memo.for_search(graph, variants, game.bonuses, game.readings, rules)
        return {graph.centres[i].hex: n for i, n in enumerate(ident)}

    yellow = ids(line_state)
    green = line_state.copy()
    green.apply(green.place_tile_edit("E15", "14", 0))
    tokened = line_state.copy()
    tokened.apply(tokened.place_token_edit("E15", 0, "GW"))
    assert ids(green)["E15"] != yellow["E15"] and ids(green)["E13"] == yellow["E13"]
    assert ids(tokened)["E15"] not in (yellow["E15"], ids(green)["E15"])
    assert ids(line_state) == yellow


@pytest.fixture
def line_state():
    from rusty_train_py.mapstate.state import MapState

    state = MapState(load_game("1867"), "3")
    for h in ("E13", "E15"):
        state.apply(state.place_tile_edit(h, "57", 0))
    state.apply(state.place_token_edit("E13", 0, "GW"))
    return state


def test_a_memo_shared_across_phases_pays_each_phase_its_own_rules():
    """1836Jr30's ports print green_20|brown_30 and pay nothing in phase 2 (the game's own
    rule, rules/games/g1836jr30.py), 20 from phase 3, though the stop's printed value is 20 in
    both. Paris J2 (port) - Lille I3 (city 30, NBDS) - Gand H4 (tile 57, 20): a 3-train pays
    0 + 30 + 20 = 50 in phase 2 and 20 + 30 + 20 = 70 in phase 3, a memo shared or not."""
    from rusty_train_py.mapstate.state import MapState

    def paris_lille_gand(phase: str) -> MapState:
        state = MapState(load_game("1836Jr30"), phase)
        for h, tile, rot in (("I5", "7", 1), ("H4", "57", 2)):
            state.apply(state.place_tile_edit(h, tile, rot, check_available=False))
        state.apply(state.place_token_edit("I3", 0, "NBDS"))
        return state

    memo = RevenueMemo()
    for phase, revenue in (("2", 50), ("3", 70), ("2", 50)):
        result = find_routes(paris_lille_gand(phase), "NBDS", ["3"], revenue_memo=memo)
        assert (phase, result.net_revenue) == (phase, revenue)
