"""The advisor's ranking is exact: on small random maps of every game each reported lay,
token and lay-then-token pair is made and the route finder run from scratch; the advisor's
figures equal it, every legal lay is reported (or, with a cancel, none beats what is), and
the order is by net revenue then the stated tie break. Progress and cancel too."""

from __future__ import annotations

import functools
import random

import pytest
from advisor_maps import random_map
from advisor_slow import slow_legal_lays
from reference_data import GAMES

from rusty_train_py.advisor import advise, after_lay, after_token, legal_lays, legal_tokens
from rusty_train_py.advisor.lays import Lay
from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.mapstate.state import MapState
from rusty_train_py.route.search import RouteSearchError, find_routes


def scratch(state: MapState, company: str, trains: list[str]) -> int:
    return find_routes(state, company, trains).net_revenue


def random_trains(game_id: str, seed: int) -> list[str]:
    rng = random.Random(f"trains/{game_id}/{seed}")
    names = [t.name for t in load_game(game_id).trains]
    return rng.sample(names, rng.choice((1, 2)))


@functools.cache
def advised(game_id: str, seed: int):
    """A random map, its company and trains, and the advisor's answer there (with the best
    lay-then-token pair on seed 0)."""
    state, company = random_map(game_id, seed)
    trains = random_trains(game_id, seed)
    advice = advise(state, company, trains, tokens=True, two_step=seed == 0)
    return state, company, trains, advice


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", [0, 1])
def test_every_lay_token_and_pair_equals_a_search_from_scratch(game_id, seed):
    state, company, trains, advice = advised(game_id, seed)
    assert advice.complete
    base = scratch(state, company, trains)
    assert advice.base_net_revenue == base
    for s in advice.lays:
        net = scratch(after_lay(state, s.lay), company, trains)
        assert (s.net_revenue, s.gain) == (net, net - base), s.lay
    # Every legal lay is reported once (the slow check's, one rotation of each look), ...
    reported = {(s.lay.hex, s.lay.tile, s.lay.rotation) for s in advice.lays}
    assert len(reported) == len(advice.lays) == advice.stats.lays_legal
    slow = slow_legal_lays(state, company)
    assert reported <= slow
    # ... and no lay, reported or not, beats the best.
    best = advice.lays[0].net_revenue if advice.lays else base
    for h, t, r in sorted(slow - reported):
        assert scratch(after_lay(state, Lay(h, t, r)), company, trains) <= best
    ranks = [(-s.net_revenue, s.order) for s in advice.lays]
    assert ranks == sorted(ranks)
    assert [s.order for s in sorted(advice.lays, key=lambda s: s.order)] == list(
        range(len(advice.lays))
    )
    stats = advice.stats
    assert stats.lays_pruned + stats.lays_shared + stats.lays_searched == stats.lays_legal
    assert advice.tokens is not None
    for tk in advice.tokens:
        net = scratch(after_token(state, tk.token, company), company, trains)
        assert (tk.net_revenue, tk.gain, tk.cost) == (net, net - base, None)
    assert len(advice.tokens) == len(legal_tokens(state, company))
    if seed:  # the pairs from scratch on one map per game (a search per lay and token)
        return
    pairs = [
        (scratch(after_token(after_lay(state, lay), t, company), company, trains), lay, t)
        for lay in legal_lays(state, company)
        for t in legal_tokens(after_lay(state, lay), company)
    ]
    if pairs:
        best_net = max(p[0] for p in pairs)
        first = next(p for p in pairs if p[0] == best_net)
        assert advice.two_step is not None
        assert (advice.two_step.net_revenue, advice.two_step.lay, advice.two_step.token) == first
    else:
        assert advice.two_step is None


def test_the_maps_give_gains_and_losses():
    """The random maps above are worth checking: some lays earn more, some searched."""
    gains, searched = [], 0
    for game_id in GAMES:
        for seed in (0, 1):
            advice = advised(game_id, seed)[3]
            gains += [s.gain for s in advice.lays]
            searched += advice.stats.lays_searched
    assert max(gains) > 0
    assert searched > 0
    assert sum(1 for g in gains if g == 0) > 0


@pytest.fixture
def line() -> MapState:
    """1867 phase 3: GW's yellow straight city at E13 (token), E15 an empty straight city
    below it; E11 above, then more track to lay."""
    state = MapState(load_game("1867"), "3")
    for h in ("E13", "E15"):
        state.apply(state.place_tile_edit(h, "57", 0))
    state.apply(state.place_token_edit("E13", 0, "GW"))
    return state


def test_hand_worked_ranking(line):
    # A 2-train runs E13-E15 (20 + 20). The green upgrades of E13 and E15 (30 each) add 10
    # each; nothing else can change a 2-train's run, so every other lay is pruned.
    advice = advise(line, "GW", ["2"])
    assert advice.base_net_revenue == 40
    tops = {(s.lay.hex, s.gain) for s in advice.lays if s.gain}
    assert {h for h, _ in tops} == {"E13", "E15"}
    assert {g for _, g in tops} == {10}
    assert all(s.how == "unchanged" for s in advice.lays if s.lay.hex not in ("E13", "E15"))
    assert advice.lays[0].gain == 10
    assert advice.stats.lays_pruned == sum(1 for s in advice.lays if s.how == "unchanged") > 0


def test_progress_reports_lays_scored_and_the_best_so_far(line):
    seen = []
    advice = advise(line, "GW", ["2"], progress=seen.append)
    lays = [p for p in seen if p.phase == "lays"]
    assert lays[-1].done == lays[-1].total == advice.stats.lays_legal
    assert [p.done for p in lays] == sorted(p.done for p in lays)
    assert seen[-1].phase == "done"
    assert seen[-1].best == advice.lays[0]
    assert lays[-1].best.net_revenue == advice.lays[0].net_revenue
    assert all(p.base == 40 for p in lays)


def test_cancel_keeps_what_was_scored(line):
    stop = []

    def progress(p):
        if p.phase == "lays" and p.done:
            stop.append(True)

    advice = advise(line, "GW", ["2"], progress=progress, cancel=lambda: bool(stop))
    assert not advice.complete
    assert 0 < len(advice.lays) < advice.stats.lays_legal


def test_next_round_breaks_ties(line):
    # With a 2-train, laying toward E11 gains nothing now; the tie break looks one lay ahead.
    plain = advise(line, "GW", ["2"])
    ahead = advise(line, "GW", ["2"], next_round=True, top=3)
    assert [s.net_revenue for s in ahead.lays] == [s.net_revenue for s in plain.lays]
    tied = [s for s in ahead.lays if s.next_net_revenue is not None]
    assert tied
    for s in tied:
        laid = after_lay(line, s.lay)
        best = max(
            [s.net_revenue]
            + [scratch(after_lay(laid, x), "GW", ["2"]) for x in legal_lays(laid, "GW")]
        )
        assert s.next_net_revenue == best
    keys = [(-s.net_revenue, -(s.next_net_revenue or 0), s.order) for s in ahead.lays]
    assert keys == sorted(keys)


def test_bad_requests_are_errors(line):
    with pytest.raises(RouteSearchError, match="unknown company"):
        advise(line, "XX", ["2"])
    with pytest.raises(RouteSearchError, match="unknown train"):
        advise(line, "GW", ["99"])
    with pytest.raises(RouteSearchError, match="no trains"):
        advise(line, "GW", [])
