"""The exact model (route/exact.py: CP-SAT, no path enumeration) against the brute-force oracle
on random small maps, against the branch and bound on the bundled 1867 map, and its stops:
time limit, cancel, determinism, and the corridors it leaves out.

``max_paths=0`` makes the finder hand every search to the model at once.
"""

from __future__ import annotations

import pytest
from helpers.oracle_maps import make_games, map_for_seed
from route_oracle import check_finder_result, oracle_solve

from rusty_train_py.base.paths import default_game_file
from rusty_train_py.files.loader import open_game
from rusty_train_py.route.exact import _dominates, useful_corridors
from rusty_train_py.route.graph import build_graph
from rusty_train_py.route.search import find_routes

PER_BATCH = 40


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    return make_games(tmp_path_factory.mktemp("games"))


@pytest.fixture(scope="module")
def state():
    return open_game(default_game_file()).state


@pytest.mark.parametrize("batch", range(6))
def test_exact_model_matches_oracle(games, batch):
    failures = []
    exact = 0
    for seed in range(5000 + batch * PER_BATCH, 5000 + (batch + 1) * PER_BATCH):
        state, company, trains, bonuses, _routes = map_for_seed(seed, games)
        sol = oracle_solve(state, company, trains, bonuses)
        res = find_routes(state, company, list(trains), list(bonuses), max_paths=0)
        exact += res.stats.get("method") == "exact"
        problems = check_finder_result(state, company, trains, bonuses, res)
        if res.net_revenue != sol.total or not res.optimal or problems:
            failures.append(f"seed {seed}: finder {res.net_revenue}, oracle {sol.total} {problems}")
    assert not failures, "\n".join(failures)
    assert exact >= PER_BATCH // 2  # most maps have a token and reach the model


@pytest.mark.parametrize(
    "company, trains",
    [("GW", ["5", "8"]), ("CNR", ["5", "5+5E"]), ("C&O", ["4", "4", "4"]), ("CNR", ["8", "8"])],
)
def test_exact_model_matches_branch_and_bound(state, company, trains):
    enumerated = find_routes(state, company, trains, max_paths=10**7)
    exact = find_routes(state, company, trains, max_paths=0)
    assert enumerated.stats.get("method") is None and exact.stats["method"] == "exact"
    assert enumerated.optimal and exact.optimal
    assert exact.net_revenue == enumerated.net_revenue


def test_exact_model_is_deterministic(state):
    a = find_routes(state, "CNR", ["8", "8", "8"], max_paths=0)
    b = find_routes(state, "CNR", ["8", "8", "8"], max_paths=0)
    assert a.optimal and a.net_revenue == 1240
    assert [(r.train, r.stops, r.track) for r in a.routes] == [
        (r.train, r.stops, r.track) for r in b.routes
    ]


def test_exact_model_time_limit_and_cancel(state):
    res = find_routes(state, "CNR", ["8", "8", "8", "8"], max_paths=0, time_limit=0.3)
    assert not res.optimal and not res.cancelled
    assert res.stats["cut"] == "time"
    res = find_routes(state, "CNR", ["8", "8", "8", "8"], max_paths=0, cancel=lambda: True)
    assert not res.optimal


def test_left_out_corridors_are_dominated(state):
    graph = build_graph(state, "CNR")
    from rusty_train_py.route.earner import Earner

    earners = [Earner(state.game.train(t), graph) for t in ("8", "5+5E")]
    keep = set(useful_corridors(graph, earners))
    costs = [e.corridor_cost for e in earners]
    corrs = graph.corridors
    for k in range(len(corrs)):
        if k in keep:
            continue
        # some kept corridor with the same ends stands in for it
        assert any(
            corrs[j].a == corrs[k].a and corrs[j].b == corrs[k].b and _dominates(corrs, costs, j, k)
            for j in keep
        )
