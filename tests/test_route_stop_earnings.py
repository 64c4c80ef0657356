"""What each stop earned, and every train accounted for (issue 18 items 2 and 3).

Per route, the stops' ``earned`` values and the bonuses paid to the route as a whole add up
to the route's revenue, in the result, in the JSON and in the text, on random maps of every
game for every train the game has (so every train kind and multiplier) with its options; and
on the cases of the issue: the 1889 diesel, the 1849 E, the 1867 5+5E, 18TN under Civil War.
Also: route/ never names a rule kind (the kinds own their rules).
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest
from reference_data import GAMES
from test_route_oracle_rules import real_map

from rusty_train_py.files.loader import open_game
from rusty_train_py.route.search import find_routes
from rusty_train_py.rules.bonus_kinds import BONUS_KINDS
from rusty_train_py.rules.train_kinds import TRAIN_RULES

ROOT = Path(__file__).resolve().parent.parent
POSITIONS = ROOT / "bench" / "positions"
MAPS_PER_GAME = 4


def check_sums(result) -> None:
    data = result.to_json()
    for r, j in zip(result.routes, data["routes"], strict=True):
        route_bonus = sum(a for _, a in r.route_bonuses)
        assert sum(s.earned for s in r.stops) + route_bonus == r.revenue, r.describe()
        assert all(s.earned == 0 for s in r.stops if s.skipped), r.describe()
        assert all(s.printed == js["printed"] for s, js in zip(r.stops, j["stops"], strict=True))
        paid_to_route = sum(b["amount"] for b in j["bonuses"] if b["at"] is None)
        assert sum(s["revenue"] for s in j["stops"]) + paid_to_route == j["revenue"]
        assert all(r.stop_text(i) in r.describe() for i in range(len(r.stops)))
    assert sum(r.revenue for r in result.routes if not r.dropped) == result.net_revenue


@pytest.mark.parametrize("game_id", GAMES)
def test_stop_earnings_add_up_on_random_maps_for_every_train(game_id):
    for seed in range(MAPS_PER_GAME):
        state, company, trains, bonuses = real_map(game_id, 70_000 + seed)
        rng = random.Random(seed)
        names = [t.name for t in state.game.trains]
        for train_list in [[n] for n in names] + [trains, rng.sample(names, min(2, len(names)))]:
            result = find_routes(state, company, train_list, bonuses)
            check_sums(result)


def late(game_id: str):
    return open_game(POSITIONS / f"late_{game_id}.json").state


def stop_values(route) -> list[tuple[str, int]]:
    return [(s.label, s.earned) for s in route.stops if not s.skipped]


def test_1889_diesel_stops_earn_the_diesel_values():
    result = find_routes(late("1889"), "UR", ["D", "6"])
    d = result.routes[0]
    assert d.train == "D" and d.revenue == 440
    assert stop_values(d)[-2:] == [("Marugame", 40), ("Sakaide & Okayama", 80)]
    assert d.stops[-1].printed == 40
    check_sums(result)


def test_1849_e_train_doubled_stops_and_bonus_at_the_port():
    result = find_routes(late("1849"), "AFG", ["E", "16H"], ["cnm:L14"])
    e = result.routes[0]
    assert e.revenue == 270
    assert ("Siracusa", 60) in stop_values(e)
    assert e.stop_text(len(e.stops) - 1) == "L14 port 80 (incl. +20 cnm)"
    assert e.route_bonuses == ()
    check_sums(result)


def test_1867_express_stops_show_the_doubled_values():
    state = open_game(ROOT / "resources" / "1867_bc.json").state
    result = find_routes(state, "CNR", ["5", "5+5E"])
    express = result.routes[1]
    assert express.describe().startswith("5+5E: $780 (x2): Detroit 140, (Sarnia skipped)")
    assert express.describe().endswith("Montreal 200, (Granby skipped), New England 120")
    check_sums(result)


def test_18tn_civil_war_says_what_the_third_train_did():
    result = find_routes(late("18TN"), "L&N", ["8", "8", "8"], ["civil_war"])
    assert [(r.revenue, r.dropped) for r in result.routes] == [
        (340, False),
        (300, False),
        (100, True),
    ]
    assert result.net_revenue == 640
    assert result.routes[2].describe() == (
        "8: $100: Paducah 40, St. Louis 60 (not paid: the lowest route)"
    )
    assert result.notes == (
        "8: runs for nothing ($100 not paid): Civil War: the lowest route is not paid"
        " (one train: nothing)",
    )
    data = result.to_json()
    assert data["notes"] == list(result.notes)
    assert [r["dropped"] for r in data["routes"]] == [False, False, True]
    check_sums(result)
    alone = find_routes(late("18TN"), "L&N", ["8"], ["civil_war"])
    assert alone.routes == () and alone.net_revenue == 0
    assert alone.notes == (
        "8: runs for nothing (no route paid): Civil War: the lowest route is not paid"
        " (one train: nothing)",
    )


def test_a_train_without_a_route_says_why():
    result = find_routes(late("1889"), "UR", ["2"] * 10)
    assert len(result.routes) == 6 and result.net_revenue == 410
    assert result.notes == ("2: no route: none earns anything on the track left to it",) * 4


def route_sources() -> list[Path]:
    return sorted((ROOT / "rusty_train_py" / "route").glob("*.py"))


def test_route_names_no_rule_kind():
    """No kind name (or a kind's own attribute such as ``express_token``) is spelled in
    route/: the finder calls the kinds through their interface (rules/facts.py)."""
    kinds = set(TRAIN_RULES) | set(BONUS_KINDS)
    everyday = {"stops", "visit", "edges", "placed"}  # also plain words of the finder
    found = []
    for path in route_sources():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if node.value in kinds - everyday:
                    found.append(f"{path.name}:{node.lineno}: {node.value!r}")
            names = []
            if isinstance(node, ast.Name):
                names = [node.id]
            elif isinstance(node, ast.Attribute):
                names = [node.attr]
            elif isinstance(node, ast.arg):
                names = [node.arg]
            for name in names:
                words = name.lower().strip("_").split("_")
                for kind in kinds - everyday:
                    k = kind.split("_")
                    if any(words[i : i + len(k)] == k for i in range(len(words))):
                        found.append(f"{path.name}:{node.lineno}: {name}")
    assert found == []
