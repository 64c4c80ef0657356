"""The planner against the brute force (tests/planner_oracle.py) on small random maps of
every game: the same least cost, by rounds first and by money first; no plan exactly where
the brute force finds none. Each scenario is a name; the map is drawn from it."""

from __future__ import annotations

import pytest
from planner_oracle import brute_force, small_map

from rusty_train_py.gamedata.loader.gamefile import available_games
from rusty_train_py.planner.search import plan_track

DEPTH = 3
# Scenarios whose plans need one to three lays or none exists, among the first forty names;
# with targets next to the token (0 lays) left out, but for two. The names draw their game
# from the list of games, so a new game moves them (1894: plan/16 drew no target, plan/8 is
# now a three-lay plan on 1894's map).
# The two slowest (20-30 s each: the brute force's third level) run with ``pytest -m slow``.
SCENARIOS = [
    1, 2, 4, 8, 11, 14, 17, 19, 21, 22, 25, 26, 29, 33, 35, 37, 39,
    pytest.param(9, marks=pytest.mark.slow),
    pytest.param(13, marks=pytest.mark.slow),
]  # fmt: skip


# The games the scenarios draw from: the ones there were when the names above were chosen, so
# that a game added later shifts no scenario's draw (every game is planned on in
# tests/test_planner_games.py).
SCENARIO_GAMES = [g for g in available_games() if g in {
    "1830", "1836Jr30", "1846", "1849", "1856", "1861", "1867", "1882", "1888", "1889", "18AL",
    "18CO", "18Chesapeake", "18GA", "18LosAngeles", "18MEX", "18MS", "18MT", "18TN", "18Texas",
}]  # fmt: skip


def _cost(plan, by: str):
    if not plan.found:
        return None
    if by == "money":
        return (plan.cost, plan.rounds, len(plan.lays))
    return (plan.rounds, plan.cost, len(plan.lays))


@pytest.mark.parametrize("number", SCENARIOS)
def test_planner_agrees_with_brute_force(number):
    scenario = small_map(f"plan/{number}", SCENARIO_GAMES)
    assert scenario is not None
    state, company, targets = scenario
    for by in ("rounds", "money"):
        # a money-first search may look at many maps on a small window (18CO's plan/4: 5,750)
        plan = plan_track(state, company, targets, by=by, max_states=20_000)
        assert plan.complete, (number, by, plan.reason)
        best = brute_force(state, company, targets, DEPTH, by=by)
        got = _cost(plan, by)
        if got is not None and got[2] <= DEPTH:
            assert got == best, (number, by, plan.lays)
        else:
            # no plan within DEPTH lays: the brute force finds none either
            assert best is None, (number, by, best, plan.reason)
