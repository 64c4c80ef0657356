"""Tile-lay partitions: parsed and checked with the hex named, honoured by every upgrade check
(the Replace-tile lists, the advisor's lays), kept through upgrades, drawn, kept by the importer."""

from __future__ import annotations

import dataclasses
import json
import math
import os
import sys
from pathlib import Path

import pytest

from rusty_train_py.advisor.lays import hex_lays
from rusty_train_py.gamedata.game import Game, GameDataError
from rusty_train_py.gamedata.loader.gamefile import load_game, load_game_file
from rusty_train_py.grid.hexgrid import SQRT3, HexLayout, Orientation
from rusty_train_py.grid.partitions import Partition
from rusty_train_py.grid.tile import TileDataError
from rusty_train_py.grid.tile_code import parse_tile
from rusty_train_py.mapstate.state import MapState
from rusty_train_py.mapstate.upgrades import Candidate, upgrade_candidates, upgrade_problem
from rusty_train_py.render import geometry

ROOT = Path(__file__).resolve().parents[1]
RIVER = "partition=a:0,b:3,type:water"


def with_hex(
    code: str, hex_name: str = "E9", colour: str = "white", block: bool = True
) -> MapState:
    """1867 in phase 8 (every colour) with ``hex_name`` printed as ``code``; ``block``: the
    game's partitions restrict lays (``[rules] partitions_block``)."""
    game: Game = load_game("1867")  # shared: changed in a copy
    tile = parse_tile(hex_name, colour, code, where=f"hex {hex_name}")
    hexes = {**game.hexes, hex_name: dataclasses.replace(game.hexes[hex_name], tile=tile)}
    return MapState(dataclasses.replace(game, hexes=hexes, partitions_block=block), "8")


def test_partition_is_parsed_with_its_corners_signs_type_and_side():
    t = parse_tile("E9", "white", "partition=a:0+,b:4-,type:water,restrict:outer;upgrade=cost:80")
    assert t.partitions == (Partition(0, 4, "water", "outer", 1, -1, None),)
    assert t.partitions[0].inner == frozenset({0, 1, 2, 3})
    assert t.partitions[0].outer == frozenset({4, 5})
    d = parse_tile("J17", "red", "partition=a:5,b:2,type:divider,length:0.5").partitions[0]
    assert (d.inner, d.outer, d.length) == (frozenset({2, 3, 4}), frozenset({0, 1, 5}), 0.5)


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("partition=b:3,type:water", "hex E9: partition needs a: and b: (corners 0-5)"),
        ("partition=a:0,b:6,type:water", "hex E9: partition: corner b 6 out of range 0-5"),
        ("partition=a:2+,b:2-,type:water", "hex E9: partition joins corner 2 to itself"),
        (
            "partition=a:0,b:3,type:lava",
            "hex E9: partition: type:lava should be one of water, divider, province",
        ),
        (
            "partition=a:0,b:3,type:water,restrict:left",
            "hex E9: partition: restrict:left should be one of inner, outer",
        ),
        ("partition=a:0,b:3,type:water,length:2", "hex E9: partition: length '2' is not in (0, 1]"),
        (
            "partition=a:0,b:3,type:water,side:1",
            "hex E9: partition: unknown option 'side' (it takes: a, b, length, restrict, type)",
        ),
    ],
)
def test_bad_partitions_are_refused_naming_the_hex(code, message):
    with pytest.raises(TileDataError) as err:
        parse_tile("E9", "white", code, where="hex E9")
    assert str(err.value) == message


def test_a_river_refuses_track_across_it_and_allows_track_beside_it():
    # Corners 0 and 3 split the sides into 0, 1, 2 and 3, 4, 5: the straight 9 always crosses;
    # the curves only where both ends are on one side.
    state = with_hex(RIVER)
    assert upgrade_candidates(state, "E9") == [
        Candidate("7", (0, 1, 3, 4)),
        Candidate("8", (0, 3)),
    ]
    assert upgrade_problem(state, "E9", "7", 2) == (
        "E9: tile 7 turned 2 would cross the water partition from corner 0 to corner 3"
    )
    assert upgrade_problem(state, "E9", "7", 3) is None
    assert [(lay.tile, lay.rotation) for lay in hex_lays(state, "E9")] == [
        ("7", 0),
        ("7", 1),
        ("7", 3),
        ("7", 4),
        ("8", 0),
        ("8", 3),
    ]


def test_a_restricted_river_keeps_all_track_on_its_side():
    state = with_hex("partition=a:0+,b:3-,type:water,restrict:outer")
    assert upgrade_candidates(state, "E9") == [Candidate("7", (3, 4)), Candidate("8", (3,))]
    assert upgrade_problem(state, "E9", "8", 0) == (
        "E9: tile 8 turned 0 would put track outside the outer side of the water partition"
        " from corner 0 to corner 3"
    )


def test_a_town_on_a_river_joins_both_banks_unless_restricted():
    # Track that ends at the town does not run across: 4 (a town on a straight) is allowed
    # on an open river and refused on a restricted one, where only 3 and 58 inside fit.
    open_river = with_hex("town=revenue:0;" + RIVER, hex_name="C15")
    assert [c.tile for c in upgrade_candidates(open_river, "C15")] == ["3", "4", "58"]
    inner = with_hex("town=revenue:0;partition=a:0,b:3,type:water,restrict:inner", "C15")
    assert upgrade_candidates(inner, "C15") == [Candidate("3", (0, 1)), Candidate("58", (0,))]


def test_the_river_stays_through_upgrades():
    # Tile 7 on sides 1-2: of the twelve green tiles keeping it, the five adding track on one
    # bank only remain (29 turned 1 would add 1-3, across).
    state = with_hex(RIVER)
    state.apply(state.place_tile_edit("E9", "7", 1))
    assert upgrade_candidates(state, "E9") == [
        Candidate("22", (5,)),
        Candidate("28", (2,)),
        Candidate("624", (0,)),
        Candidate("625", (1,)),
        Candidate("626", (1,)),
    ]
    assert upgrade_problem(state, "E9", "29", 1) == (
        "E9: tile 29 turned 1 would cross the water partition from corner 0 to corner 3"
    )
    plain = MapState(load_game("1867"), "8")
    plain.apply(plain.place_tile_edit("E9", "7", 1))
    assert [c.tile for c in upgrade_candidates(plain, "E9")] == [
        "18", "21", "22", "26", "27", "28", "29", "30", "31", "624", "625", "626",
    ]  # fmt: skip


def test_partitions_are_drawn_only_where_the_game_does_not_block_with_them():
    # the engine's base rule: a partition restricts no lay unless the title says so
    assert load_game("1867").partitions_block is False
    plain = upgrade_candidates(MapState(load_game("1867"), "8"), "E9")
    assert upgrade_candidates(with_hex(RIVER, block=False), "E9") == plain
    assert upgrade_problem(with_hex(RIVER, block=False), "E9", "9", 0) is None
    # a divider blocks where the game's partitions do (18xx.games checks every partition)
    divider = with_hex("partition=a:2,b:5,type:divider")
    assert upgrade_candidates(divider, "E9") == [
        Candidate("7", (0, 2, 3, 5)),
        Candidate("8", (2, 5)),
    ]


def test_partition_line_runs_corner_to_corner():
    R = 100.0
    r = R * SQRT3 / 2
    t = parse_tile("E9", "white", RIVER + ";partition=a:1+,b:4,type:divider,length:0.5")
    river, divider = geometry.partition_marks(t, Orientation.FLAT, R)
    # flat: side 0 is the bottom; corner 0 is where sides 5 and 0 meet (lower right),
    # corner 3 where sides 2 and 3 meet (upper left)
    assert river.type == "water"
    assert math.dist(river.line[0], (R / 2, r)) < 1e-6
    assert math.dist(river.line[1], (-R / 2, -r)) < 1e-6
    # corner 1 (lower left) moved 0.15 of the way toward corner 2, then half way to corner 4
    start = (-R / 2 + 0.15 * (-R / 2), r - 0.15 * r)
    assert math.dist(divider.line[0], start) < 1e-6
    mid = ((start[0] + R / 2) / 2, (start[1] - r) / 2)
    assert math.dist(divider.line[1], mid) < 1e-6


def test_importer_keeps_partitions():
    sys.path.insert(0, str(ROOT / "tools" / "import_game"))
    from convert import Conversion, clean_code

    c = Conversion("x", "X", "flat", None)
    code = "town=revenue:0;partition=a:0-,b:3,type:water,restrict:inner"
    assert clean_code(code, "hex E9", c) == code
    assert c.unexpressed == []


def test_the_river_is_drawn_across_the_hex_in_water_blue(tmp_path):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QColor, QImage

    from rusty_train_py.render.colours import HEX_FILL, PARTITION_COLOUR
    from rusty_train_py.render.qt import export

    state = with_hex(RIVER)
    out = tmp_path / "map.png"
    export.render_map_image(state, out, hex_size=40)
    img = QImage(str(out))
    layout = HexLayout(state.game.orientation, 40)
    x0, y0, _, _ = geometry.map_bounds(state.game, layout)
    cx, cy = layout.centre(state.game.hexes["E9"].coord)

    def at(dx: float, dy: float) -> str:
        return QColor(img.pixel(round(cx - x0 + dx), round(cy - y0 + dy))).name()

    assert at(0, 0) == PARTITION_COLOUR["water"]  # the line runs through the centre
    assert at(10, -10) == HEX_FILL["white"]  # beside it, the hex


def test_the_rule_matches_the_engine_on_1870s_rivers():
    """Every rotation of every tile of 1870 on each of its 16 river hexes (plain, town and
    city hexes; open rivers and rivers restricting track to one side): refused exactly when
    the 18xx.games engine's tile-lay check refuses it (tools/engine_check/dump_partitions.rb,
    snapshot 111f7f6, the river company open)."""
    data = json.loads((ROOT / "tests" / "data" / "engine_partitions" / "1870.json").read_text())
    tiles = {
        name: parse_tile(name, colour, code, where=f"tile {name}")
        for name, (colour, code) in data["tiles"].items()
    }
    compared = 0
    for hex_name, code in data["hexes"].items():
        partitions = parse_tile(hex_name, "white", code, where=f"hex {hex_name}").partitions
        assert partitions
        for name, legal in data["legal"][hex_name].items():
            tile = tiles[name]
            ours = [
                r
                for r in range(6)
                if not any(
                    p.refuses(tile.edges_at(r), tile.connectivity(r).edge_pairs) for p in partitions
                )
            ]
            assert ours == legal, (hex_name, name)
            compared += 1
    assert (len(data["hexes"]), compared) == (16, 784)
    # the engine does refuse some: the rule is exercised on each kind of hex
    refused = {h for h, per in data["legal"].items() if any(len(r) < 6 for r in per.values())}
    assert refused == set(data["hexes"])


def test_province_and_divider_borders_are_drawn_and_carry_no_rule():
    state = with_hex("border=edge:0,type:province;border=edge:3,type:divider")
    assert [b.type for b in state.game.hexes["E9"].tile.borders] == ["province", "divider"]
    plain = MapState(load_game("1867"), "8")
    assert upgrade_candidates(state, "E9") == upgrade_candidates(plain, "E9")
    assert Candidate("9", (0, 1, 2)) in upgrade_candidates(state, "E9")  # 9 runs 0-3 across
    marks = geometry.border_marks(state.game.hexes["E9"].tile, Orientation.FLAT, 100.0)
    assert [(m.edge, m.type) for m in marks] == [(0, "province"), (3, "divider")]
    with pytest.raises(TileDataError) as err:
        parse_tile("E9", "white", "border=edge:0,type:county", where="hex E9")
    assert str(err.value) == (
        "hex E9: border: type:county should be one of impassable, water, mountain, divider,"
        " province"
    )


def test_a_game_file_says_its_partitions_block(tmp_path):
    text = (ROOT / "games" / "1867.toml").read_text()
    text = text.replace("[rules]\n", "[rules]\npartitions_block = true\n", 1)
    (tmp_path / "1867.toml").write_text(text)
    assert load_game_file(tmp_path / "1867.toml", ROOT / "tiles").partitions_block is True
    bad = text.replace("partitions_block = true", 'partitions_block = "yes"')
    (tmp_path / "1867.toml").write_text(bad)
    with pytest.raises(GameDataError) as err:
        load_game_file(tmp_path / "1867.toml", ROOT / "tiles")
    line = bad.splitlines().index('partitions_block = "yes"') + 1
    assert "partitions_block" in str(err.value) and f"1867.toml:{line}" in str(err.value)


def test_the_planner_goes_round_a_river_it_may_not_cross():
    # GW's cheapest way to D8 on the bundled 1867 game lays tile 8 on E9 from side 0 to side
    # 2 (tests/test_planner.py); a river from corner 1 to corner 4 of E9 parts those sides, so
    # the plan goes round by F12, F10, F8 and E7, one round and $20 more. A river from corner
    # 0 to corner 3 leaves sides 0 and 2 together: the plan is unchanged.
    from rusty_train_py.base.paths import resources_dir
    from rusty_train_py.files.loader import open_game
    from rusty_train_py.planner.search import plan_track

    bundled = open_game(resources_dir() / "1867_bc.json").state

    def plan_with(code: str) -> tuple[list[tuple[str, str, int, int, int]], int, int]:
        game = bundled.game
        tile = parse_tile("E9", "white", code)
        hexes = {**game.hexes, "E9": dataclasses.replace(game.hexes["E9"], tile=tile)}
        s = MapState(dataclasses.replace(game, hexes=hexes, partitions_block=True), bundled.phase)
        s._hexes = dict(bundled._hexes)
        plan = plan_track(s, "GW", ["D8"])
        assert plan.found
        lays = [(x.hex, x.tile, x.rotation, x.round, x.cost) for x in plan.lays]
        return lays, plan.rounds, plan.cost

    assert plan_with("partition=a:1,b:4,type:water") == (
        [
            ("E13", "6", 4, 1, 0),
            ("F12", "8", 1, 1, 20),
            ("F10", "9", 0, 2, 0),
            ("F8", "6", 0, 2, 20),
            ("E7", "8", 5, 3, 0),
            ("D8", "5", 3, 3, 20),
        ],
        3,
        60,
    )
    assert plan_with(RIVER) == (
        [
            ("E13", "57", 0, 1, 0),
            ("E11", "9", 0, 1, 20),
            ("E9", "8", 0, 2, 0),
            ("D8", "5", 4, 2, 20),
        ],
        2,
        40,
    )


def test_a_bad_partition_in_a_game_file_names_the_file_line_and_hex(tmp_path):
    text = (ROOT / "games" / "1867.toml").read_text()
    text = text.replace('"E7", "E9", "F2"', '"E7", "F2"', 1)
    text += '\n[[hexes]]\nhexes = ["E9"]\ncolour = "white"\ncode = "partition=a:0,b:0,type:water"\n'
    (tmp_path / "1867.toml").write_text(text)
    line = len(text.splitlines()) - 3  # the [[hexes]] table's line
    with pytest.raises(GameDataError) as err:
        load_game_file(tmp_path / "1867.toml", ROOT / "tiles")
    message = str(err.value)
    assert message.endswith(
        f"1867.toml:{line}: hexes[37] (E9): partition joins corner 0 to itself"
    ), message


def test_the_importer_says_partitions_are_drawn_only_unless_the_hand_file_says(tmp_path):
    sys.path.insert(0, str(ROOT / "tools" / "import_game"))
    from convert import convert

    dump = json.loads((ROOT / "tests" / "data" / "import_game" / "18Texas.json").read_text())
    group = dump["hexes"][0]["groups"][0]
    group["code"] = (group["code"] + ";" if group["code"] else "") + RIVER
    c = convert(dump, "18Texas", ROOT / "tiles")
    assert c.errors == []
    first = group["hexes"][0]
    assert c.read_as == [
        f"partitions ({first}) drawn only: a lay rule where the hand file's [rules] say"
        " partitions_block = true"
    ]
