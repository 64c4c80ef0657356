"""The route finder with a revenue memo shared across searches (as the advisor runs it) gives
exactly what it gives without: the same routes and revenues, map after map."""

from __future__ import annotations

import pytest
from advisor_maps import random_map
from reference_data import GAMES

from rusty_train_py.advisor import after_lay, legal_lays
from rusty_train_py.gamefile import load_game
from rusty_train_py.route.revenue_memo import RevenueMemo
from rusty_train_py.route.search import find_routes


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
        _, ident = memo.for_search(graph, variants, game.bonuses, game.readings)
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
    from rusty_train_py.mapstate import MapState

    state = MapState(load_game("1867"), "3")
    for h in ("E13", "E15"):
        state.apply(state.place_tile_edit(h, "57", 0))
    state.apply(state.place_token_edit("E13", 0, "GW"))
    return state
