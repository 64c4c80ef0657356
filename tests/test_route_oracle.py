"""The route finder against the brute-force oracle on hundreds of small random maps.

Maps are seeded (deterministic): small test games (flat and pointed-top windows of 20 hexes
with a two-hex off-board area, a single off-board, a printed bypass city, an impassable
border and bonuses) and small windows of the real 1830 and 1867 maps, with random tiles of
the catalogue (plus test tiles with junctions, node-to-node track and city+town hexes) in
random rotations, random tokens of three companies (some cities full of other companies'
tokens), 1-3 random trains of every kind and random named bonuses.

For every map: ``find_routes(...).net_revenue == oracle_best(...)``, and every returned route
is valid under the oracle's rules and earns what it claims. A disagreement is shrunk (tiles,
tokens, trains, bonuses removed while it persists) and printed.
"""

from __future__ import annotations

import time

import pytest
from helpers.oracle_checks import disagreement, fail_on_disagreements
from helpers.oracle_maps import make_games, map_for_seed
from route_oracle import (
    active_bonuses,
    game_rules,
    oracle_solve,
    route_revenue,
    stop_choices,
)

# The test games and random maps: helpers/oracle_maps.py; comparing: helpers/oracle_checks.py


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    return make_games(tmp_path_factory.mktemp("games"))


N_BATCHES = 30
PER_BATCH = 40  # 1200 maps


@pytest.mark.parametrize("batch", range(N_BATCHES))
def test_finder_matches_oracle(games, batch):
    failures = []
    for seed in range(batch * PER_BATCH, (batch + 1) * PER_BATCH):
        state, company, trains, bonuses, _routes = map_for_seed(seed, games)
        why = disagreement(state, company, trains, bonuses)
        if why:
            failures.append((seed, state, company, trains, bonuses, why.splitlines()[0]))
    fail_on_disagreements("", failures, PER_BATCH)


# ---------------------------------------------------------------------------------------------
# Properties of the oracle itself (they run without the finder)


def test_random_maps_are_interesting(games):
    """The generator makes maps with routes, junctions, groups, borders and blocked cities."""
    n_routes = []
    kinds = set()
    for seed in range(60):
        state, company, trains, bonuses, routes = map_for_seed(seed, games)
        n_routes.append(len(routes))
        for r in routes:
            kinds.update(c.kind for c in r.centres)
    assert sum(1 for n in n_routes if n > 0) >= 40
    assert max(n_routes) >= 50
    assert kinds == {"city", "town", "offboard"}


def test_oracle_properties(games):
    t0 = time.perf_counter()
    for seed in range(1000, 1060):
        state, company, trains, bonuses, routes = map_for_seed(seed, games)
        game = state.game
        keys = [r.key for r in routes]
        assert len(keys) == len(set(keys))
        for r in routes:
            # canonical orientation, distinct pieces and sides, no two stops on one hex
            assert r.pieces <= tuple(reversed(r.pieces))
            assert len(set(r.pieces)) == len(r.pieces)
            assert len(r.sides) == len(r.travel) - 1
            assert len({c.hex for c in r.centres}) == len(r.centres) >= 2
            assert any(c.token for c in r.centres)
        singles = [oracle_solve(state, company, [t], bonuses).total for t in trains]
        total = oracle_solve(state, company, trains, bonuses).total
        # a train more never hurts; the total is at most every train on its own best route
        assert max(singles) <= total <= sum(singles)
        assert oracle_solve(state, company, trains[:-1], bonuses).total <= total
        # one train: the best route for it
        rules = game_rules(game)
        t = rules.train(trains[0])
        active = active_bonuses(game, bonuses)
        best = max(
            [(route_revenue(r, t, active, game, rules.readings) or (0,))[0] for r in routes],
            default=0,
        )
        assert singles[0] == best
        for r in routes[:20]:
            for name in trains:
                for counted in stop_choices(r, rules.train(name), active, rules.readings):
                    assert counted == tuple(sorted(set(counted)))
    assert time.perf_counter() - t0 < 30
