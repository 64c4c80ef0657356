"""Hand-made maps for the route tests whose answers were worked out by hand: a column of grey
hexes A1, A3, A5, ... joined top (edge 3) to bottom (edge 0), so a line of stops, and the one
check every such figure goes through (the brute-force oracle, then the finder, whose routes
the oracle checks too)."""

from __future__ import annotations

from route_oracle import check_finder_result, describe_state, oracle_best, set_tokens, write_game

from rusty_train_py.mapstate.state import MapState
from rusty_train_py.route.search import find_routes

UP_DOWN = "path=a:3,b:_0;path=a:_0,b:0"  # a node joined to the top and bottom sides


def city(r, slots=1, extra=""):
    return ("grey", f"city=revenue:{r},slots:{slots};{UP_DOWN}{extra}")


def town(r):
    return ("grey", f"town=revenue:{r};{UP_DOWN}")


def column(*contents):
    """Hexes A1, A3, A5, ... holding ``contents`` in order."""
    return {f"A{2 * i + 1}": c for i, c in enumerate(contents) if c is not None}


def hand_state(tmp_path, hexes, trains, tokens, bonuses=(), phase=None, **kw) -> MapState:
    """A test game of ``hexes`` and ``trains`` written to ``tmp_path``, with ``tokens``
    (hex -> {space: company}) placed."""
    game = write_game(tmp_path, hexes, trains, bonuses=bonuses, **kw)
    state = MapState(game, phase)
    for h, toks in tokens.items():
        set_tokens(state, h, toks)
    return state


def check_revenue(state, company, trains, expected, bonuses=()):
    """The oracle's optimum and the finder's net revenue are both ``expected``, and every
    route the finder returns is valid and earns what it claims."""
    got = oracle_best(state, company, trains, bonuses)
    assert got == expected, f"oracle says {got}\n{describe_state(state, company, trains, bonuses)}"
    res = find_routes(state, company, list(trains), list(bonuses))
    assert res.net_revenue == expected, (
        f"finder says {res.net_revenue}, expected {expected}\n"
        + "\n".join(r.describe() for r in res.routes)
        + "\n"
        + describe_state(state, company, trains, bonuses)
    )
    problems = check_finder_result(state, company, trains, bonuses, res)
    assert not problems, "\n".join(problems)
