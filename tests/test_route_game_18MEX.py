"""18MEX on its real positions (tobymao/18xx fixtures, tests/data/18xx_fixtures/18MEX): the
off-centre town of Copper Canyon (tile 470) and the two lanes of track between Mexico City
(O10) and Puebla (P11). Every revenue here is what the 18xx.games engine pays for the same
routes (checked with tools/engine_check at snapshot 111f7f6: a route set of ours priced in
the position before the action)."""

from __future__ import annotations

import gzip
import json
from functools import cache
from pathlib import Path

import pytest

from rusty_train_py.files.online import log_from_data
from rusty_train_py.files.online.realcheck import RunPosition, check_position, positions
from rusty_train_py.route.graph import build_graph
from rusty_train_py.route.locks import RouteLock
from rusty_train_py.route.search import find_routes

FIXTURES = Path(__file__).resolve().parent / "data" / "18xx_fixtures" / "18MEX"


@cache
def _positions(name: str) -> dict[int, RunPosition]:
    data = json.loads(gzip.decompress((FIXTURES / f"{name}.json.gz").read_bytes()))
    return {p.action_id: p for p in positions(log_from_data(data, name))}


def position(name: str, action: int) -> RunPosition:
    return _positions(name)[action]


def routes_of(pos: RunPosition) -> list[tuple[str, int, tuple[str, ...]]]:
    res = find_routes(pos.state, pos.company, list(pos.trains), pos.bonuses)
    assert res.optimal
    return [(r.train, r.revenue, tuple(s.hex for s in r.stops)) for r in res.routes]


def test_copper_canyon_town_is_left_by_its_own_edge():
    # log 13315, action 367: FCP's 5 with Copper Canyon (470, its town drawn at edge 4 in
    # rotation 4) on F5. The engine refuses a route into the town by edge 2 and out by edge 1
    # ("Route cannot reuse track on F5": both run over the stretch into the town); our
    # optimum enters by edge 1 and leaves by edge 4 to E6, and the engine pays it 270
    pos = position("13315", 367)
    assert pos.state.tile_at("F5")[0].name == "470" and pos.state.tile_at("F5")[1] == 4
    assert routes_of(pos) == [
        ("5", 270, ("O10", "M10", "L9", "K8", "J7", "K6", "J5", "I4", "F5", "E6"))
    ]
    # the players' route passes F5 on its through track (the engine: 250)
    check = check_position(pos)
    assert (check.recorded, check.priced, check.best, check.proven) == (None, 250, 270, True)
    # the route the finder took before (D3, the town, I4: by edges 2 and 1) is no route
    through_town = ("D3", "F5", "I4", "J5", "K6", "J7", "K8", "L9", "M10", "O10")
    with pytest.raises(ValueError, match="twice"):
        find_routes(pos.state, pos.company, ["5"], locked=[RouteLock("5", through_town)])


def test_copper_canyon_stretch_is_one_piece_of_track():
    pos = position("13315", 367)
    names = build_graph(pos.state, "FCP").bit_names
    assert [n for n in names if n.startswith("F5")] == ["F5.4", "F5/town0", "F5/node0"]


def test_mexico_city_and_puebla_have_two_lanes_across_their_border():
    # 18MEX_game_end_stock_market, action 521: UdY's 4 and 5 both cross O10-P11, one in
    # each lane of 486MC's lanes:2 (lane 0 to Puebla's town, lane 1 to its track to O12)
    pos = position("18MEX_game_end_stock_market", 521)
    assert [pos.state.tile_at(h)[0].name for h in ("O10", "P11")] == ["486MC", "486P"]
    names = build_graph(pos.state, "UdY").bit_names
    assert [n for n in names if n.startswith("O10.5")] == ["O10.5:0", "O10.5:1"]
    assert routes_of(pos) == [
        ("4", 140, ("Q14", "S12", "P11", "O10")),
        ("5", 130, ("I12", "M12", "O10")),
    ]
    check = check_position(pos)
    # the players' run (the log: 270) and the engine's price of ours: 270
    assert (check.recorded, check.priced, check.best, check.proven) == (270, 270, 270, True)
    # a second route in the 5's lane (to O12 and M12) shares its track
    locks = [RouteLock("5", ("O10", "M12", "I12")), RouteLock("4", ("M12", "O10"))]
    with pytest.raises(ValueError) as err:
        find_routes(pos.state, pos.company, ["4", "5"], locked=locks)
    assert str(err.value) == (
        "lock 4:M12,O10: shares track with lock 5:O10,M12,I12 (at O10, P11, M12, O12)"
    )


@pytest.mark.parametrize(
    ("log", "action", "company", "recorded", "best"),
    [
        # MEX's 6' and 4 cross O10-P11 in one lane each (the engine pays our set 530)
        ("18MEX_game_end_stock_market", 548, "MEX", 530, 530),
        # UdY's 4 out of Mexico City to Puebla's through track and back to its town in the
        # other lane; our optimum (the engine: 170) is above the players'
        ("hotseat01", 562, "UdY", 130, 170),
    ],
)
def test_runs_over_both_lanes_price_as_the_log(log, action, company, recorded, best):
    pos = position(log, action)
    assert pos.company == company
    check = check_position(pos)
    assert (check.recorded, check.priced, check.best, check.proven) == (
        recorded,
        recorded,
        best,
        True,
    )
