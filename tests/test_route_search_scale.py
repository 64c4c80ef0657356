"""The branch and bound (suffix bounds, track prices, per-bit candidate sets, symmetric runs of
equal trains) against a plain sorted search over the same paths, on the bundled 1867 map.

The paths come from the finder's own enumeration (checked against the brute-force oracle on
small maps elsewhere); what this checks is the combination search, at full scale, with three
trains. The plain search below uses none of the search module's machinery.
"""

from __future__ import annotations

import pytest

from rusty_train_py.base.paths import default_game_file
from rusty_train_py.files.loader import open_game
from rusty_train_py.route.earner import Earner
from rusty_train_py.route.graph import build_graph
from rusty_train_py.route.paths import Measures, enumerate_paths
from rusty_train_py.route.search import find_routes, select_bonuses


def plain_best(state, company, trains) -> int:
    game = state.game
    graph = build_graph(state, company)
    bonuses = select_bonuses(game, [])
    earners = {t: Earner(game.train(t), graph, bonuses, game.readings) for t in sorted(set(trains))}
    ordered = list(earners.values())  # one measure per train type
    paths = enumerate_paths(
        graph,
        Measures(
            [e.centre_cost for e in ordered],
            [e.corridor_cost for e in ordered],
            [e.limit for e in ordered],
        ),
    )
    stops = list(paths.iter_stops())
    lists = []
    for t in trains:
        e = earners[t]
        m = ordered.index(e)
        ranked = sorted(
            ((e.revenue(s, paths.dist[i][m]), paths.track[i]) for i, s in enumerate(stops)),
            key=lambda rm: -rm[0],
        )
        lists.append([rm for rm in ranked if rm[0] > 0])
    alone = [lst[0][0] if lst else 0 for lst in lists]
    best = 0

    def search(level: int, used: int, total: int) -> None:
        nonlocal best
        if level == len(lists):
            best = max(best, total)
            return
        rest = sum(alone[level + 1 :])
        for rev, mask in lists[level]:
            if total + rev + rest <= best:
                break
            if not used & mask:
                search(level + 1, used | mask, total + rev)
        search(level + 1, used, total)  # this train runs nothing

    search(0, 0, 0)
    return best


@pytest.fixture(scope="module")
def state():
    return open_game(default_game_file()).state


@pytest.mark.parametrize(
    "company, trains",
    [
        ("GW", ["3", "4", "4"]),
        ("C&O", ["4", "4", "4"]),
        ("CNR", ["2", "3", "4"]),
        ("CNR", ["2+2", "3", "3"]),
        ("CNR", ["5", "5", "6"]),
        ("CNR", ["4", "5", "5+5E"]),
    ],
)
def test_three_trains_equal_a_plain_sorted_search(state, company, trains):
    result = find_routes(state, company, trains)
    assert result.optimal
    assert result.net_revenue == plain_best(state, company, trains)
    seen: set = set()
    for route in result.routes:  # the routes returned really share no track
        pieces = set(route.track)
        assert len(pieces) == len(route.track) and not pieces & seen
        seen |= pieces
