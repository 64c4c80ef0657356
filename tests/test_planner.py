"""The track planner on the bundled 1867 game: exact plans, their legality lay by lay through
the edit the window makes, rounds against money, targets by name, reasons for no plan."""

from __future__ import annotations

import dataclasses

import pytest

from rusty_train_py.advisor import company_reach, legal_lays
from rusty_train_py.base.paths import resources_dir
from rusty_train_py.files.loader import open_game
from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.grid.tile import NodeKind
from rusty_train_py.mapstate.state import MapState
from rusty_train_py.planner.earnings import apply_plan, plan_earnings, plan_with_gain
from rusty_train_py.planner.result import PlanCancelled, PlanError
from rusty_train_py.planner.search import plan_track
from rusty_train_py.planner.targets import resolve_target, resolve_targets

BUNDLED = resources_dir() / "1867_bc.json"


@pytest.fixture(scope="module")
def state() -> MapState:
    return open_game(BUNDLED).state


def _lays(plan) -> list[tuple[str, str, int, int, int]]:
    return [(x.hex, x.tile, x.rotation, x.round, x.cost) for x in plan.lays]


def test_plan_to_d8_two_rounds(state):
    plan = plan_track(state, "GW", ["D8"])
    assert plan.found and plan.reached == "D8"
    assert _lays(plan) == [
        ("E13", "57", 0, 1, 0),
        ("E11", "9", 0, 1, 20),
        ("E9", "8", 0, 2, 0),
        ("D8", "5", 4, 2, 20),
    ]
    assert (plan.rounds, plan.cost) == (2, 40)


def test_rounds_first_or_money_first(state):
    # 1867's second lay of a round costs $20: by rounds both lays go in round 1, by money
    # the second waits for round 2 and is free.
    fast = plan_track(state, "CNR", ["N12"])
    cheap = plan_track(state, "CNR", ["N12"], by="money")
    assert _lays(fast) == [("M11", "8", 5, 1, 0), ("N12", "5", 1, 1, 20)]
    assert _lays(cheap) == [("M11", "8", 5, 1, 0), ("N12", "5", 1, 2, 0)]
    assert (fast.rounds, fast.cost, cheap.rounds, cheap.cost) == (1, 20, 2, 0)


def test_already_reached_and_any_of_several(state):
    plan = plan_track(state, "GW", ["F16"])
    assert plan.found and plan.lays == () and plan.reached == "F16"
    either = plan_track(state, "CNR", ["D2", "O7"])
    assert either.reached == "O7" and _lays(either) == [("O7", "201", 0, 1, 0)]


def _city_hexes(state: MapState) -> list[str]:
    return [
        h
        for h in state.game.hex_order
        if any(n.kind is NodeKind.CITY for n in state.tile_at(h)[0].nodes)
    ]


@pytest.mark.parametrize("company", ["GW", "C&O", "CNR"])
def test_every_city_plan_is_legal_lay_by_lay(state, company):
    """Each lay is one the advisor (and so ``u``) offers the company on the map as it is
    then; each round is laid by the edit the window's Return makes (``round_edit``); the
    target is reached after the last."""
    for target in _city_hexes(state):
        plan = plan_track(state, company, [target])
        assert plan.found, (company, target, plan.reason)
        s = state.copy()
        for r in range(1, plan.rounds + 1):
            work = s.copy()
            for lay in (x for x in plan.lays if x.round == r):
                offered = {(x.hex, x.tile, x.rotation) for x in legal_lays(work, company)}
                assert (lay.hex, lay.tile, lay.rotation) in offered, (company, target, lay)
                work.apply(lay.edit(work))
            s.apply(plan.round_edit(s, r))  # what Return lays in the window, round by round
            assert s == work
        reached = {h for h, _ in company_reach(s, company).centres}
        assert target in reached, (company, target)
        assert apply_plan(state, plan) == s


def test_gain_is_the_finders_optimum_after_the_plan(state):
    plan = plan_track(state, "GW", ["O7"])
    with_gain, routes = plan_earnings(state, plan, ["5", "8"])
    assert (with_gain.revenue_before, with_gain.revenue_after, with_gain.gain) == (840, 840, 0)
    assert routes.net_revenue == 840


def test_targets_by_name():
    game = load_game("1867")
    assert resolve_target(game, "Timmins") == ("D2",)
    assert resolve_target(game, "d2") == ("D2",)
    assert resolve_target(game, "Detroit") == ("A17", "A19")
    assert resolve_targets(game, ["O7", "Timmins"]) == ("D2", "O7")
    with pytest.raises(PlanError, match="no hex or place 'Atlantis'"):
        resolve_target(game, "Atlantis")


def test_no_token_is_a_reason(state):
    plan = plan_track(state, "NYC", ["D8"])
    assert not plan.found and plan.reason == "NYC has no station token on the map"


def test_no_copy_left_is_a_reason(state):
    game = dataclasses.replace(
        state.game, manifest={t: 0 if n is not None else n for t, n in state.game.manifest.items()}
    )
    s = MapState(game, state.phase)
    s._hexes = dict(state._hexes)
    plan = plan_track(s, "GW", ["D8"])
    assert not plan.found
    assert plan.reason is not None
    assert plan.reason.startswith("D8: no copy is left of the tiles the track there needs (none")


def test_yellow_phase_cannot_upgrade_the_way(state):
    s = state.copy()
    s.phase = "2"
    plan = plan_track(s, "GW", ["D8"])
    assert plan.found  # yellow track alone gets there
    assert all(state.game.tile(x.tile).colour == "yellow" for x in plan.lays)


def _window(game_id: str, hexes: list[str]) -> MapState:
    game = load_game(game_id)
    return MapState(dataclasses.replace(game, hexes={h: game.hexes[h] for h in hexes}), "2")


def test_full_city_is_a_reason():
    # E17 - E15 (GW's token) - E13 (a yellow city full of C&O's token) - E11 (the target)
    # - E9, alone on the map: every way from GW to E11 passes E13.
    s = _window("1867", ["E17", "E15", "E13", "E11", "E9"])
    s.apply(s.place_token_edit("E15", 0, "GW"))
    s.apply(s.place_tile_edit("E13", "57", 0))
    s.apply(s.place_token_edit("E13", 0, "C&O"))
    plan = plan_track(s, "GW", ["E11"])
    assert not plan.found
    assert plan.reason == (
        "E11: every way there passes a city full of other companies' tokens (E13)"
    )
    # C&O passes its own city: a straight track on E11 (its sides to E13 and E9).
    own = plan_track(s, "C&O", ["E11"])
    assert [(x.hex, x.round, x.cost) for x in own.lays] == [("E11", 1, 0)]
    assert s.game.tile(own.lays[0].tile).edges_at(own.lays[0].rotation) == {0, 3}


def test_impassable_way_is_a_reason():
    s = _window("1867", ["E15", "E11"])  # not neighbours: nothing joins them
    s.apply(s.place_token_edit("E15", 0, "GW"))
    plan = plan_track(s, "GW", ["E11"])
    assert not plan.found and plan.reason.startswith("E11: no track can get there from GW")


def test_unknown_company_or_order():
    s = MapState(load_game("1867"))
    with pytest.raises(PlanError, match="unknown company"):
        plan_track(s, "XYZ", ["D8"])
    with pytest.raises(PlanError, match="plan by 'speed'"):
        plan_track(s, "GW", ["D8"], by="speed")


def test_progress_and_cancel(state):
    reports = []
    plan_track(state, "GW", ["D2"], progress=reports.append)
    assert [(r.phase, r.states) for r in reports][:1] == [("plan", 2)]
    calls = []

    def cancel() -> bool:
        calls.append(1)
        return len(calls) > 2

    with pytest.raises(PlanCancelled):
        plan_track(state, "GW", ["D2"], cancel=cancel)
    stopped = plan_with_gain(state, "GW", ["5", "8"], cancel=lambda: True, targets=("D2",))
    assert (stopped.found, stopped.complete, stopped.reason) == (False, False, "cancelled")


def test_cli_plan_json_and_text(capsys):
    import json

    from rusty_train_py.cli import main

    assert main(["plan", str(BUNDLED), "-c", "CNR", "--to", "N12", "--by", "money", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["lays"] == [
        {"hex": "M11", "tile": "8", "rotation": 5, "round": 1, "cost": 0},
        {"hex": "N12", "tile": "5", "rotation": 1, "round": 2, "cost": 0},
    ]
    assert (data["cost"], data["rounds"], data["gain"], data["reached"]) == (0, 2, None, "N12")
    assert main(["plan", str(BUNDLED), "-c", "GW", "--to", "Timmins", "-t", "5,8"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (
        "GW to D2 in phase 8: 6 lays, 3 operating rounds, $60 (cheapest by rounds, then money;"
        " 9 maps looked at)"
    )
    assert out[1] == "  round 1:  E13 tile 57     rotation 0  no cost"
    assert out[-1] == "routes after the plan: $840 (today $840, gain +0)"
    assert main(["plan", str(BUNDLED), "-c", "NYC", "--to", "D8"]) == 1
    assert capsys.readouterr().out == ("NYC: no plan to D8: NYC has no station token on the map\n")
    assert main(["plan", str(BUNDLED), "-c", "GW", "--to", "Atlantis"]) == 2
    assert "no hex or place 'Atlantis'" in capsys.readouterr().err
