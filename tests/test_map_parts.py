"""Map parts of the later games: numbers as columns, lowercase rows, empty hexes, node and
icon options, revenue by phase name, neutral companies."""

from __future__ import annotations

import pytest

from rusty_train_py.gamedata.game import GameDataError
from rusty_train_py.gamedata.loader.gamefile import game_from_data
from rusty_train_py.grid import hexgrid
from rusty_train_py.grid.hexgrid import HexAddressError, Orientation
from rusty_train_py.grid.tile import TileDataError
from rusty_train_py.grid.tile_code import parse_tile

# ---- hex names ------------------------------------------------------------------------------


def test_letters_before_a():
    assert hexgrid.letters_for(-1) == "a"
    assert hexgrid.letters_for(-2) == "b"
    assert hexgrid.letters_for(-26) == "z"
    assert hexgrid.letters_index("a") == -1
    assert hexgrid.letters_index("b") == -2
    assert hexgrid.letters_index("z") == -26
    with pytest.raises(HexAddressError):
        hexgrid.letters_for(-27)


def test_lowercase_names_are_case_sensitive():
    assert hexgrid.parse_hex_name("a12") == ("a", 12)
    assert hexgrid.parse_hex_name("A12") == ("A", 12)
    # 1849 a12: flat, numbers are columns, so row a = -1 and column 12 -> x = 11
    assert hexgrid.name_to_coord(Orientation.FLAT, "a12", "columns") == (11, -1)
    assert hexgrid.coord_to_name(Orientation.FLAT, (11, -1), "columns") == "a12"
    # 18 Los Angeles a5: pointy, row a = -1, column 5 -> x = 4
    assert hexgrid.name_to_coord(Orientation.POINTY, "a5") == (4, -1)
    assert hexgrid.coord_to_name(Orientation.POINTY, (4, -1)) == "a5"


@pytest.mark.parametrize("bad", ["aA5", "ab5", "Ab5", "a", "5a"])
def test_bad_mixed_case_names(bad):
    with pytest.raises(HexAddressError):
        hexgrid.parse_hex_name(bad)


def test_numbers_as_columns_on_a_flat_map():
    # 1882 J10: the number is the column (x = 9), the letter the row (y = 9)
    o = Orientation.FLAT
    assert hexgrid.name_to_coord(o, "J10", "columns") == (9, 9)
    assert hexgrid.name_to_coord(o, "J10", "rows") == (9, 9)  # symmetric name, same place
    assert hexgrid.name_to_coord(o, "B12", "columns") == (11, 1)
    assert hexgrid.name_to_coord(o, "B12") == (1, 11)  # default: flat numbers are rows
    coord = hexgrid.name_to_coord(o, "J10", "columns")
    names = [hexgrid.coord_to_name(o, hexgrid.neighbour(o, coord, e), "columns") for e in range(6)]
    # the reference README: 0 L10, 1 K9, 2 I9, 3 H10, 4 I11, 5 K11
    assert names == ["L10", "K9", "I9", "H10", "I11", "K11"]


def test_numbers_default_by_orientation():
    assert hexgrid.default_numbers(Orientation.FLAT) == "rows"
    assert hexgrid.default_numbers(Orientation.POINTY) == "columns"
    with pytest.raises(ValueError):
        hexgrid.name_to_coord(Orientation.FLAT, "A1", "diagonals")


# ---- a small game ---------------------------------------------------------------------------


def small_game(**changes) -> dict:
    """A flat map whose numbers are columns, with a row before A."""
    data = {
        "id": "small",
        "title": "Small",
        "layout": "flat",
        "numbers": "columns",
        "tiles": ["common"],
        "hexes": [
            {"hexes": ["a2", "B2", "C3"], "colour": "white", "code": ""},
            {"hexes": ["A3"], "colour": "empty", "code": ""},
            {
                "hexes": ["A1"],
                "colour": "grey",
                "code": "city=revenue:white_20|gray_30|black_40;path=a:0,b:_0",
            },
            {
                "hexes": ["B4"],
                "colour": "blue",
                "code": "offboard=revenue:yellow_20|brown_30,visit_cost:0,route:optional;"
                "path=a:1,b:_0,terminal:1;icon=image:1846/30,sticky:1",
            },
        ],
        "names": {"a2": "North", "A1": "Grey town"},
        "manifest": {"57": 1},
        "companies": [
            {"abbrev": "X", "name": "X Railway", "tokens": 2, "home": "A1"},
            {"abbrev": "N", "name": "Neutral", "kind": "neutral", "tokens": 2},
        ],
        "trains": [{"name": "2", "stops": 2}],
        "phases": [
            {"name": "2", "tiles": ["yellow"]},
            {"name": "3", "tiles": ["yellow", "green"]},
        ],
        "phase_revenue": [{"hexes": ["A1"], "values": {"2": 20, "3": 30}}],
    }
    data.update(changes)
    return data


def test_small_game_names_and_neighbours():
    game = game_from_data(small_game(), "small.toml")
    assert game.numbers == "columns"
    assert set(game.hexes) == {"a2", "B2", "C3", "A3", "A1", "B4"}
    assert game.hexes["a2"].coord == (1, -1)
    assert game.hexes["B2"].coord == (1, 1)
    assert game.hexes["a2"].location == "North"
    assert game.neighbour("a2", 0) == "B2"  # south: same number, letter + 2 (a=-1 -> B=1)
    assert game.neighbour("B2", 3) == "a2"
    assert game.neighbour("B2", 5) == "C3"
    assert game.neighbour("a2", 3) is None
    assert game.name_of((1, -1)) == "a2"


def test_game_hex_lookup_by_typed_name():
    game = game_from_data(small_game(), "small.toml")
    assert game.hex("a2").name == "a2"
    assert game.hex(" b2 ").name == "B2"  # no hex b2 (row -2): the upper-cased name
    assert game.hex("c3").name == "C3"
    with pytest.raises(HexAddressError) as info:
        game.hex("A2")  # A2 has the wrong parity: not a2
    assert "'A2'" in str(info.value)


def test_hex_names_on_the_map_are_written_exactly():
    data = small_game()
    data["hexes"][0]["hexes"] = ["a2", "b2"]
    with pytest.raises(GameDataError) as info:
        game_from_data(data, "small.toml")
    assert "small.toml" in str(info.value) and "b2" in str(info.value)
    data = small_game()
    data["hexes"][0]["hexes"] = ["a2", "B02"]
    with pytest.raises(GameDataError) as info:
        game_from_data(data, "small.toml")
    assert "write the hex name as 'B2'" in str(info.value)


def test_numbers_key_is_checked():
    with pytest.raises(GameDataError) as info:
        game_from_data(small_game(numbers="diagonal"), "small.toml")
    assert "small.toml: numbers" in str(info.value)


def test_empty_hex_takes_no_tile():
    game = game_from_data(small_game(), "small.toml")
    empty = game.hexes["A3"]
    assert empty.colour == "empty"
    assert empty.tile.is_blank
    assert not empty.accepts_tiles
    assert game.hexes["B2"].accepts_tiles


def test_node_and_icon_options():
    game = game_from_data(small_game(), "small.toml")
    tile = game.hexes["B4"].tile
    node = tile.nodes[0]
    assert node.visit_cost == 0
    assert node.route == "optional"
    assert node.format is None
    assert tile.paths[0].terminal
    assert tile.icons == ("1846/30",)
    assert tile.icon_parts[0].sticky and not tile.icon_parts[0].blocks_lay
    assert tile.icon_parts[0].value == 30
    assert tile.icon_values == (30,)
    assert game.hexes["A1"].tile.nodes[0].visit_cost == 1


def test_node_options_parse():
    t = parse_tile("x", "red", "offboard=revenue:0,visit_cost:100,groups:W|NW|SW;path=a:0,b:_0")
    assert t.nodes[0].visit_cost == 100
    assert t.nodes[0].groups == ("W", "NW", "SW")
    t = parse_tile("x", "blue", "offboard=revenue:green_20|brown_30,route:never,format:+%s")
    assert t.nodes[0].route == "never" and t.nodes[0].format == "+%s"
    t = parse_tile(
        "x", "white", "icon=image:port,blocks_lay:1;icon=image:1846/20;icon=image:18_al/coal"
    )
    assert [(i.name, i.blocks_lay, i.value) for i in t.icon_parts] == [
        ("port", True, None),
        ("1846/20", False, 20),
        ("18_al/coal", False, None),
    ]
    t = parse_tile("x", "yellow", "path=a:0,b:3,track:narrow;path=a:1,b:4,track:dual")
    assert [p.track for p in t.paths] == ["narrow", "dual"]


@pytest.mark.parametrize(
    "code, message",
    [
        ("town=revenue:10,visit_cost:x", "bad visit_cost"),
        ("town=revenue:10,visit_cost:-1", "negative"),
        ("town=revenue:10,route:sometimes", "route:sometimes"),
        ("path=a:0,b:3,track:metre", "track:metre"),
    ],
)
def test_bad_node_options(code, message):
    with pytest.raises(TileDataError) as info:
        parse_tile("x", "yellow", code, where="somewhere")
    assert "somewhere" in str(info.value) and message in str(info.value)


# ---- revenue by phase name ------------------------------------------------------------------


def test_phase_revenue():
    game = game_from_data(small_game(), "small.toml")
    assert game.phase_revenue == {"A1": {"2": 20, "3": 30}}
    assert game.revenue_in_phase("A1", "3") == 30
    assert game.revenue_in_phase("B2", "3") is None


@pytest.mark.parametrize(
    "table, message",
    [
        ({"hexes": ["A1"], "values": {"2": 20}}, "no revenue for phase '3'"),
        ({"hexes": ["A1"], "values": {"2": 20, "3": 30, "4": 40}}, "'4', which is not a phase"),
        ({"hexes": ["Z9"], "values": {"2": 20, "3": 30}}, "'Z9' is not a hex"),
        ({"hexes": ["B2"], "values": {"2": 20, "3": 30}}, "B2 has no revenue centre"),
        ({"hexes": ["A1"], "values": {"2": 20, "3": "x"}}, "should be a whole number"),
        ({"hexes": ["A1"], "values": {"2": 20, "3": 30}, "colour": "grey"}, "unknown key"),
    ],
)
def test_bad_phase_revenue(table, message):
    with pytest.raises(GameDataError) as info:
        game_from_data(small_game(phase_revenue=[table]), "small.toml")
    assert "small.toml: phase_revenue[0]" in str(info.value)
    assert message in str(info.value)


# ---- neutral companies ----------------------------------------------------------------------


def test_neutral_company():
    game = game_from_data(small_game(), "small.toml")
    assert game.company("N").is_neutral
    assert not game.company("X").is_neutral
    assert [c.abbrev for c in game.operating_companies] == ["X"]


def test_company_with_neutral_tokens_runs_trains():
    data = small_game()
    data["companies"][0]["neutral_tokens"] = True  # 1882 CN: its tokens never block
    game = game_from_data(data, "small.toml")
    x, n = game.company("X"), game.company("N")
    assert x.tokens_neutral and not x.is_neutral
    assert n.tokens_neutral and n.is_neutral
    assert [c.abbrev for c in game.operating_companies] == ["X"]
    data["companies"][0]["neutral_tokens"] = "yes"
    with pytest.raises(GameDataError) as info:
        game_from_data(data, "small.toml")
    assert "companies[0] (X): neutral_tokens: should be true or false, got 'yes'" in str(info.value)


def test_unknown_company_kind():
    data = small_game()
    data["companies"][1]["kind"] = "ghost"
    with pytest.raises(GameDataError) as info:
        game_from_data(data, "small.toml")
    assert (
        "companies[1] (N): kind: should be one of major, minor, national, neutral, got 'ghost'"
        in str(info.value)
    )


# ---- upgrade rules --------------------------------------------------------------------------


def upgrade_game(rules: list[dict]):
    data = small_game(
        numbers="rows",
        hexes=[
            {"hexes": ["B2", "C3"], "colour": "white", "code": "city=revenue:0"},
            {
                "hexes": ["D2"],
                "colour": "white",
                "code": "city=revenue:0;future_label=label:B,color:green",
            },
            {"hexes": ["D4"], "colour": "white", "code": ""},
        ],
        names={},
        manifest={"6": 3, "57": 3, "58": 2, "14": 2, "15": 2, "53": 1, "87": 1, "619": 1},
        companies=[{"abbrev": "X", "name": "X Railway", "tokens": 2}],
        phase_revenue=[],
        upgrade_rules=rules,
    )
    return game_from_data(data, "small.toml")


RULES = [
    {"hexes": ["B2"], "from_colour": "yellow", "to": ["15"]},
    {"from_tiles": ["58"], "to": []},
    {"hexes": ["C3"], "from_colour": "yellow", "to": ["53"]},
]


def test_upgrade_rules_are_read():
    game = upgrade_game(RULES)
    assert [(r.hexes, r.from_colour, r.from_tiles, r.to) for r in game.upgrade_rules] == [
        (("B2",), "yellow", (), ("15",)),
        ((), None, ("58",), ()),
        (("C3",), "yellow", (), ("53",)),
    ]


def test_upgrade_rules_name_the_only_tiles():
    from rusty_train_py.mapstate.state import MapState
    from rusty_train_py.mapstate.upgrades import upgrade_candidates, upgrade_problem

    state = MapState(upgrade_game(RULES), "3")
    state.apply(state.place_tile_edit("B2", "6", 0))
    assert [c.tile for c in upgrade_candidates(state, "B2")] == ["15"]
    assert upgrade_problem(state, "B2", "619", 0) == "B2: only tile 15 may replace tile 6 here"
    # the rule names a labelled tile for an unlabelled hex: its label is no obstacle
    state.apply(state.place_tile_edit("C3", "6", 0))
    assert [c.tile for c in upgrade_candidates(state, "C3")] == ["53"]
    # a tile that never upgrades
    state.apply(state.place_tile_edit("D4", "58", 0))
    assert upgrade_candidates(state, "D4") == []
    assert upgrade_problem(state, "D4", "87", 0) == "D4: tile 58 cannot be upgraded"
    # without the rules the usual tiles come back
    plain = MapState(upgrade_game([]), "3")
    plain.apply(plain.place_tile_edit("B2", "6", 0))
    assert {"14", "15", "619"} <= {c.tile for c in upgrade_candidates(plain, "B2")}
    plain.apply(plain.place_tile_edit("D4", "58", 0))
    assert "87" in [c.tile for c in upgrade_candidates(plain, "D4")]


def test_future_label_stays_with_the_laid_tiles():
    from rusty_train_py.mapstate.state import MapState
    from rusty_train_py.mapstate.upgrades import required_label, upgrade_candidates

    state = MapState(upgrade_game([]), "3")
    assert required_label(state, "D2", "yellow") is None
    state.apply(state.place_tile_edit("D2", "6", 0))
    assert required_label(state, "D2", "green") == "B"  # the printed future label
    assert [c.tile for c in upgrade_candidates(state, "D2")] == ["53"]
    state.apply(state.place_tile_edit("D2", "53", 0))
    assert required_label(state, "D2", "brown") == "B"  # the laid tile's own label


@pytest.mark.parametrize(
    "rule, message",
    [
        ({"hexes": ["B2"]}, "missing 'to'"),
        ({"hexes": ["Z9"], "to": []}, "'Z9' is not a hex"),
        ({"hexes": ["B2"], "to": ["nope"]}, "no tile 'nope'"),
        ({"to": ["15"]}, "give hexes, from_colour or from_tiles"),
        ({"hexes": ["B2"], "from_colour": "red", "to": []}, "from_colour: unknown colour 'red'"),
        ({"hexes": ["B2"], "to": [], "label": "B"}, "unknown key 'label'"),
        ({"hexes": "B2", "to": []}, "hexes: should be a list, got 'B2'"),
    ],
)
def test_bad_upgrade_rules(rule, message):
    with pytest.raises(GameDataError) as info:
        upgrade_game([rule])
    assert "small.toml: upgrade_rules[0]" in str(info.value)
    assert message in str(info.value)


# ---- drawing --------------------------------------------------------------------------------


def test_coordinate_labels_follow_the_numbers():
    from rusty_train_py.grid.hexgrid import HexLayout
    from rusty_train_py.render import geometry

    game = game_from_data(small_game(), "small.toml")
    layout = HexLayout(game.orientation, 50.0)
    labels = geometry.coordinate_labels(game, layout)
    x0, y0, x1, y1 = geometry.map_bounds(game, layout, 0.0)
    top = sorted({t for (px, py), t in labels if py < y0})
    left = sorted({t for (px, py), t in labels if px < x0})
    # numbers are columns: the top edge shows numbers, the left edge letters (a before A);
    # the empty hex A3 is not drawn, so column 3 only has C3
    assert top == ["1", "2", "3", "4"]
    assert left == ["A", "B", "C", "a"]
    assert [h.name for h in geometry.drawn_hexes(game)] == ["a2", "B2", "C3", "A1", "B4"]


def test_track_pieces_keep_gauge_and_terminal():
    from rusty_train_py.render import geometry

    tile = parse_tile(
        "x", "grey", "city=revenue:10;path=a:0,b:_0,track:narrow;path=a:3,b:_0,terminal:1"
    )
    layout = geometry.tile_layout(tile, 0, Orientation.FLAT, 50.0)
    assert [(p.gauge, p.terminal) for p in layout.tracks] == [("narrow", False), ("broad", True)]


def test_upgrades_keep_the_track_gauge():
    from rusty_train_py.mapstate.upgrades import keeps_track

    def tile(code, colour="green"):
        return parse_tile("t", colour, code)

    narrow = tile("path=a:0,b:3,track:narrow", "yellow")
    dual = tile("path=a:0,b:3,track:dual", "yellow")
    broad = tile("path=a:0,b:3", "yellow")
    over_broad = tile("path=a:0,b:3;path=a:0,b:1")
    over_narrow = tile("path=a:0,b:3,track:narrow;path=a:0,b:1")
    over_dual = tile("path=a:0,b:3,track:dual;path=a:0,b:1,track:narrow")
    assert not keeps_track(narrow, 0, over_broad, 0)
    assert keeps_track(narrow, 0, over_narrow, 0)
    assert keeps_track(narrow, 0, over_dual, 0)
    assert keeps_track(broad, 0, over_broad, 0)
    assert not keeps_track(broad, 0, over_narrow, 0)
    assert keeps_track(broad, 0, over_dual, 0)
    assert keeps_track(dual, 0, over_dual, 0)
    assert not keeps_track(dual, 0, over_narrow, 0)
    assert not keeps_track(narrow, 1, over_narrow, 0)  # the edges must match too


def test_a_labelled_city_may_split_into_two():
    from rusty_train_py.mapstate.upgrades import keeps_track

    one = parse_tile("NY", "yellow", "city=revenue:40;path=a:0,b:_0;path=a:_0,b:5;label=NY")
    two = parse_tile(
        "54",
        "green",
        "city=revenue:60;city=revenue:60;path=a:0,b:_0;path=a:_0,b:1;path=a:2,b:_1;"
        "path=a:_1,b:3;label=NY",
    )
    assert [r for r in range(6) if keeps_track(one, 0, two, r, merge_allowed=True)] == [3, 5]
    assert not any(keeps_track(one, 0, two, r, merge_allowed=False) for r in range(6))
