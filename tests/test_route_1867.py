"""The bundled 1867 position: the final operating round of a recorded game.

The exact optima (GW 840, C&O 900, CNR 1150) are the issue's figures; the seed program reports
1130 for CNR because it loses the 5-train run Buffalo-Hamilton-Toronto-Ottawa-Montreal.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from reference_data import REFERENCE

from rusty_train_py.base.paths import default_game_file
from rusty_train_py.files.loader import open_game
from rusty_train_py.route.search import RouteSearchError, find_routes

RUST_SAVE = REFERENCE / "rusty_train" / "1867_bc.game"


@pytest.fixture(scope="module")
def state():
    return open_game(default_game_file()).state


@pytest.mark.parametrize(
    "company, trains, revenue",
    [("GW", ["5", "8"], 840), ("C&O", ["6", "8"], 900), ("CNR", ["5", "5+5E"], 1150)],
)
def test_exact_optimum(state, company, trains, revenue):
    result = find_routes(state, company, trains)
    assert result.net_revenue == revenue
    assert result.optimal and not result.cancelled
    assert sum(r.revenue for r in result.routes) == revenue
    assert sorted(r.train for r in result.routes) == sorted(trains)


def test_cnr_five_train_run_the_seed_program_misses(state):
    result = find_routes(state, "CNR", ["5", "5+5E"])
    by_train = {r.train: r for r in result.routes}
    five = by_train["5"]
    hexes = [s.hex for s in five.stops]
    if hexes[0] != "F18":
        hexes.reverse()
    # Buffalo, Hamilton, Toronto, Ottawa, Montreal.
    assert hexes == ["F18", "E17", "F16", "J12", "L12"]
    assert [s.skipped for s in five.stops] == [False] * 5
    assert five.revenue == 60 + 50 + 100 + 60 + 100 == 370
    express = by_train["5+5E"]
    assert express.revenue == 780
    counted = [s for s in express.stops if not s.skipped]
    assert len(counted) == 5
    assert sum(s.printed for s in counted) * 2 == 780
    assert sum(s.earned for s in counted) == 780
    # The express stops at both ends of its route.
    assert not express.stops[0].skipped and not express.stops[-1].skipped


def test_routes_share_no_track(state):
    result = find_routes(state, "C&O", ["6", "8"])
    a, b = result.routes
    assert not set(a.track) & set(b.track)


def test_result_is_deterministic(state):
    first = find_routes(state, "GW", ["8", "5"]).to_json()
    second = find_routes(state.copy(), "GW", ["8", "5"]).to_json()
    assert first == second
    assert [r["train"] for r in first["routes"]] == ["8", "5"]


def test_progress_reports_phases_best_and_bound(state):
    seen = []
    result = find_routes(state, "GW", ["5", "8"], progress=seen.append)
    assert [p.phase for p in seen][:1] == ["paths"]
    assert list(dict.fromkeys(p.phase for p in seen)) == ["paths", "revenues", "search", "done"]
    last = seen[-1]
    assert (last.best, last.bound, last.paths) == (result.net_revenue, 840, 17169)
    # The best only rises, the bound only falls, and the optimum lies between them.
    bests = [p.best for p in seen if p.best is not None]
    bounds = [p.bound for p in seen if p.bound is not None]
    assert bests == sorted(bests) and bests[0] > 0
    assert bounds == sorted(bounds, reverse=True)
    assert max(bests) == 840 == min(bounds)
    assert all(p.elapsed >= 0 for p in seen)


def test_progress_of_three_trains_includes_tuning_the_bound(state):
    seen = []
    result = find_routes(state, "C&O", ["4", "4", "4"], progress=seen.append)
    assert result.optimal
    phases = list(dict.fromkeys(p.phase for p in seen))
    assert phases == ["paths", "revenues", "prices", "search", "done"]
    tuning = [p for p in seen if p.phase == "prices"]
    assert all(p.total == 200 and p.fraction == p.done / 200 for p in tuning)
    assert all(p.bound >= result.net_revenue for p in seen if p.bound is not None)


def test_cancel_returns_best_so_far_unproven(state):
    result = find_routes(state, "CNR", ["5", "5+5E"], cancel=lambda: True)
    assert result.cancelled and not result.optimal
    assert result.net_revenue <= 1150


def test_time_limit_zero_is_not_proven(state):
    result = find_routes(state, "GW", ["5", "8"], time_limit=0)
    assert not result.optimal
    assert 0 < result.net_revenue <= 840


def test_dividends_of_a_ten_share_major(state):
    d = find_routes(state, "GW", ["5", "8"]).dividends(state.game.company("GW").shares)
    assert (d.full_per_share, d.half_per_share, d.half_retained) == (84, 42, 420)


def test_private_bonus_option_adds_to_the_route_through_buffalo(state):
    plain = find_routes(state, "CNR", ["5"])
    with_bridge = find_routes(state, "CNR", ["5"], bonuses=["nfb"])
    assert plain.net_revenue == 370
    assert with_bridge.net_revenue == 380
    assert ("nfb", 10) in with_bridge.routes[0].bonuses


def test_bad_requests_name_what_is_wrong(state):
    with pytest.raises(RouteSearchError, match="XYZ"):
        find_routes(state, "XYZ", ["5"])
    with pytest.raises(RouteSearchError, match="9"):
        find_routes(state, "GW", ["9"])
    with pytest.raises(RouteSearchError, match="nope"):
        find_routes(state, "GW", ["5"], bonuses=["nope"])


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rusty_train_py", *args], capture_output=True, text=True, timeout=300
    )


def test_cli_json():
    out = _cli("routes", str(default_game_file()), "--company", "GW", "--trains", "5,8", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["net_revenue"] == 840
    assert data["optimal"] is True
    assert [r["train"] for r in data["routes"]] == ["5", "8"]
    assert sum(r["revenue"] for r in data["routes"]) == 840
    for r in data["routes"]:
        assert {"hex", "revenue", "skipped"} <= set(r["stops"][0])


def test_cli_text_and_errors():
    out = _cli("routes", str(default_game_file()), "-c", "CNR", "-t", "5,5+5E")
    assert out.returncode == 0, out.stderr
    assert "net revenue: $1,150 (proven optimal" in out.stdout
    bad = _cli("routes", str(default_game_file()), "-c", "CNR", "-t", "5", "--bonus", "nope")
    assert bad.returncode == 2
    assert "unknown bonus 'nope'" in bad.stderr


@pytest.mark.skipif(not RUST_SAVE.exists(), reason="reference data not present")
def test_cli_reads_the_seed_programs_save():
    out = _cli("routes", str(RUST_SAVE), "--company", "GW", "--trains", "5,8", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["net_revenue"] == 840


def test_past_the_path_budget_the_exact_model_proves_the_answer(state):
    result = find_routes(state, "CNR", ["5", "5+5E"], max_paths=2000)
    assert result.optimal and not result.cancelled
    assert result.stats["method"] == "exact" and "cut" not in result.stats
    assert 0 < result.paths_found < 83456
    assert result.net_revenue == 1150
    out = _cli(
        "routes", str(default_game_file()), "-c", "CNR", "-t", "5,5+5E", "--max-paths", "2000"
    )
    assert out.returncode == 0, out.stderr
    assert "$1,150 (proven optimal; exact model after" in out.stdout


def test_path_limit_without_the_model_keeps_the_best_of_the_paths_looked_at(state, monkeypatch):
    import rusty_train_py.route.search as search

    monkeypatch.setattr(search, "supported", lambda earners: False)  # rules it cannot state
    result = find_routes(state, "CNR", ["5", "5+5E"], max_paths=2000)
    assert not result.optimal and not result.cancelled
    assert result.stats["cut"] == "paths"
    assert 0 < result.paths_found < 83456
    assert 0 < result.net_revenue <= 1150
