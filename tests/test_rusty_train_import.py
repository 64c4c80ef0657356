"""Import of Rusty Train saves: the recorded 1867 game, the tile tables, and every error.

The reference checks (skipped when /work/shared/reference is absent) work from the Rust
program's own files: hex names from coordinates.json, tile shapes from tile_<game>.json
through a small re-implementation of that program's track geometry (below).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from reference_data import REFERENCE, RUSTY_TRAIN_GAMES

from rusty_train_py.base.paths import default_game_file
from rusty_train_py.files import rusty_train
from rusty_train_py.files.loader import open_game
from rusty_train_py.files.rusty_train import (
    hex_name_for,
    state_from_rusty_train,
)
from rusty_train_py.files.savefile import GameFileError, dumps
from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.grid.hexgrid import HexAddressError, opposite_edge
from rusty_train_py.titles import home_of

RESOURCE = Path(__file__).resolve().parent.parent / "resources" / "1867_bc.json"


def reference_file(name: str) -> Path:
    path = REFERENCE / "rusty_train" / name
    if not path.exists():
        pytest.skip(f"reference data {path} is not available (only on the project's build machine)")
    return path


def reference_json(name: str) -> dict:
    return json.loads(reference_file(name).read_text(encoding="utf-8"))


# ---- Rusty Train's tile geometry (flat-top frame, y down, hex radius 1) -----------------------
# Positions follow robmoss/rusty_train n18hex/n18tile: face midpoints, corners, the arcs of
# HardL/HardR (radius 1/2 about a corner) and GentleL/GentleR (radius 3/2 about twice a face
# midpoint), and city positions (face: 0.7 of the midpoint; corner: the mean of the two
# corners beside it; nudges in compass directions, in units of the radius).

FACES = ["Top", "UpperRight", "LowerRight", "Bottom", "LowerLeft", "UpperLeft"]  # clockwise
FACE_ANGLE = {
    "Top": 270,
    "UpperRight": 330,
    "LowerRight": 30,
    "Bottom": 90,
    "LowerLeft": 150,
    "UpperLeft": 210,
}
CORNERS = ["TopLeft", "TopRight", "Right", "BottomRight", "BottomLeft", "Left"]  # clockwise
CORNER_ANGLE = {
    "Right": 0,
    "BottomRight": 60,
    "BottomLeft": 120,
    "Left": 180,
    "TopLeft": 240,
    "TopRight": 300,
}
DIRECTIONS = {
    "N": -90,
    "N30E": -60,
    "NE": -45,
    "N60E": -30,
    "E": 0,
    "S60E": 30,
    "SE": 45,
    "S30E": 60,
    "S": 90,
    "S30W": 120,
    "SW": 135,
    "S60W": 150,
    "W": 180,
    "N60W": -150,
    "NW": -135,
    "N30W": -120,
}
# curve -> face -> (centre corner or face, first and last angle in sixths of a turn)
HARD_L = {
    "Bottom": ("BottomLeft", 4, 6),
    "LowerLeft": ("Left", 5, 7),
    "UpperLeft": ("TopLeft", 0, 2),
    "Top": ("TopRight", 1, 3),
    "UpperRight": ("Right", 2, 4),
    "LowerRight": ("BottomRight", 3, 5),
}
HARD_R = {
    "Bottom": ("BottomRight", 3, 5),
    "LowerLeft": ("BottomLeft", 4, 6),
    "UpperLeft": ("Left", 5, 7),
    "Top": ("TopLeft", 0, 2),
    "UpperRight": ("TopRight", 1, 3),
    "LowerRight": ("Right", 2, 4),
}
GENTLE_L = {
    "Bottom": ("LowerLeft", 5, 6),
    "LowerLeft": ("UpperLeft", 0, 1),
    "UpperLeft": ("Top", 1, 2),
    "Top": ("UpperRight", 2, 3),
    "UpperRight": ("LowerRight", 3, 4),
    "LowerRight": ("Bottom", 4, 5),
}
GENTLE_R = {
    "Bottom": ("LowerRight", 3, 4),
    "LowerLeft": ("Bottom", 4, 5),
    "UpperLeft": ("LowerLeft", 5, 6),
    "Top": ("UpperLeft", 0, 1),
    "UpperRight": ("Top", 1, 2),
    "LowerRight": ("UpperRight", 2, 3),
}
CURVES = ("Straight", "Mid", "HardL", "HardR", "GentleL", "GentleR")
TOKENS = {"Single": 1, "Double": 2, "Triple": 3, "Quad": 4}
INRADIUS = math.sqrt(3) / 2
CITY_RADIUS = 0.25


def polar(r: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return (r * math.cos(a), r * math.sin(a))


def midpoint(face: str) -> tuple[float, float]:
    return polar(INRADIUS, FACE_ANGLE[face])


def corner(name: str) -> tuple[float, float]:
    return polar(1.0, CORNER_ANGLE[name])


def turn(face: str, steps: int) -> str:
    return FACES[(FACES.index(face) + steps) % 6]


def end_face(curve: str, face: str) -> str:
    return turn(face, {"Straight": 3, "HardL": 1, "HardR": -1, "GentleL": 2, "GentleR": -2}[curve])


def track_point(curve: str, face: str, t: float) -> tuple[float, float]:
    if curve in ("Straight", "Mid"):
        (x0, y0), (x1, y1) = midpoint(face), midpoint(turn(face, 3))
        return (x0 + t * (x1 - x0), y0 + t * (y1 - y0))
    if curve in ("HardL", "HardR"):
        name, a0, a1 = (HARD_L if curve == "HardL" else HARD_R)[face]
        centre, radius = corner(name), 0.5
    else:
        name, a0, a1 = (GENTLE_L if curve == "GentleL" else GENTLE_R)[face]
        m = midpoint(name)
        centre, radius = (2 * m[0], 2 * m[1]), 1.5
    x = t if curve.endswith("R") else 1 - t  # the L curves run anticlockwise
    angle = (a0 + x * (a1 - a0)) * 60
    dx, dy = polar(radius, angle)
    return (centre[0] + dx, centre[1] + dy)


def city_distance(city: dict, p: tuple[float, float]) -> float:
    """How far ``p`` lies outside the city's drawn shape (negative: inside)."""
    ((kind, where),) = [(k, v) for k, v in city.items() if k in TOKENS]
    if where == "Centre":
        cx, cy = 0.0, 0.0
    elif where.endswith("Face"):
        m = midpoint(where[:-4])
        cx, cy = 0.7 * m[0], 0.7 * m[1]
    else:
        i = CORNERS.index(where[:-6])
        (ax, ay), (bx, by) = corner(CORNERS[(i + 1) % 6]), corner(CORNERS[(i - 1) % 6])
        cx, cy = (ax + bx) / 2, (ay + by) / 2
    if "nudge" in city:
        direction, frac = city["nudge"]
        dx, dy = polar(frac, DIRECTIONS[direction])
        cx, cy = cx + dx, cy + dy
    if "to_centre" in city:
        cx, cy = cx * (1 - city["to_centre"]), cy * (1 - city["to_centre"])
    angle = {"Zero": 0, "Cw90": 90, "Acw90": -90, "HalfTurn": 180}[city.get("rotate", "Zero")]
    if kind == "Double" and where.endswith("Corner"):
        angle += {
            "TopLeft": -30,
            "TopRight": 30,
            "Right": 90,
            "BottomRight": 150,
            "BottomLeft": 210,
            "Left": 270,
        }[where[:-6]]
    a = math.radians(-angle)
    dx, dy = p[0] - cx, p[1] - cy
    x, y = dx * math.cos(a) - dy * math.sin(a), dx * math.sin(a) + dy * math.cos(a)
    r = CITY_RADIUS
    if kind == "Single":
        cores = [(0.0, 0.0)]
    elif kind == "Double":
        cores = [(max(-r, min(r, x)), 0.0)]
    elif kind == "Triple":
        h = r * math.sqrt(3) / 2
        cores = [(-r, h), (r, h), (0.0, -h), (0.0, 0.0)]
    else:
        cores = [(max(-r, min(r, x)), max(-r, min(r, y)))]
    return min(math.dist((x, y), q) for q in cores) - r


def rust_tile_shape(tile: dict):
    """Per city (token spaces, faces), per dit its faces, and face pairs joined by plain track."""
    cities = tile.get("cities", [])
    segments = []
    for track in tile.get("track", []):
        ((curve, face),) = [(k, v) for k, v in track.items() if k in CURVES]
        x0, x1 = track.get("span", [0.0, 0.5 if curve == "Mid" else 1.0])
        ends = []
        for t, which in ((x0, "Start"), (x1, "End")):
            p = track_point(curve, face, t)
            if t == 0.0:
                ends.append(("face", face))
            elif t == 1.0 and curve != "Mid":
                ends.append(("face", end_face(curve, face)))
            elif track.get("dit") and track["dit"][0] == which:
                ends.append(("dit", p))
            else:
                near = min(((city_distance(c, p), i) for i, c in enumerate(cities)), default=None)
                ends.append(("city", near[1]) if near and near[0] <= 0.02 else ("point", p))
        segments.append(ends)
    dits = [p for ends in segments for kind, p in ends if kind == "dit"]

    def snap(end):
        kind, value = end
        if kind in ("point", "dit"):
            for d in dits:
                if math.dist(d, value) < 0.05:
                    return ("dit", (round(d[0], 2), round(d[1], 2)))
            return ("point", (round(value[0], 2), round(value[1], 2)))
        return end

    segments = [[snap(e) for e in ends] for ends in segments]

    def reach(start):
        found, seen, stack = set(), {start}, [start]
        while stack:
            node = stack.pop()
            for a, b in segments:
                for here, there in ((a, b), (b, a)):
                    if here != node:
                        continue
                    if there[0] == "point":
                        if there not in seen:
                            seen.add(there)
                            stack.append(there)
                    elif there != start:
                        found.add(there)
        return found

    city_faces = []
    for i, city in enumerate(cities):
        slots = [TOKENS[k] for k in city if k in TOKENS][0]
        city_faces.append((slots, frozenset(v for k, v in reach(("city", i)) if k == "face")))
    dit_nodes = sorted({e for ends in segments for e in ends if e[0] == "dit"})
    dit_faces = [frozenset(v for k, v in reach(d) if k == "face") for d in dit_nodes]
    pairs = {frozenset((f, v)) for f in FACES for k, v in reach(("face", f)) if k == "face"}
    return city_faces, dit_faces, pairs


def edge(face: str) -> int:
    """Rust face -> our edge number (coordinates.json face_to_edge)."""
    return {
        "Top": 3,
        "UpperRight": 4,
        "LowerRight": 5,
        "Bottom": 0,
        "LowerLeft": 1,
        "UpperLeft": 2,
    }[face]


def rust_signature(tile: dict, rotation: int = 0):
    city_faces, dit_faces, pairs = rust_tile_shape(tile)
    rot = lambda faces: tuple(sorted((edge(f) + rotation) % 6 for f in faces))  # noqa: E731
    return (
        sorted((slots, rot(faces)) for slots, faces in city_faces),
        sorted(rot(faces) for faces in dit_faces),
        sorted(rot(pair) for pair in pairs),
    )


def our_signature(tile, rotation: int):
    conn = tile.connectivity(rotation)
    return (
        sorted((n.slots, tuple(sorted(conn.node_edges[n.index]))) for n in tile.cities),
        sorted(tuple(sorted(conn.node_edges[n.index])) for n in tile.towns),
        sorted(conn.edge_pairs),
    )


def test_geometry_ends_on_the_right_faces():
    for curve in ("Straight", "HardL", "HardR", "GentleL", "GentleR"):
        for face in FACES:
            assert math.dist(track_point(curve, face, 0.0), midpoint(face)) < 1e-9
            assert math.dist(track_point(curve, face, 1.0), midpoint(end_face(curve, face))) < 1e-9
    assert math.dist(track_point("Mid", "Bottom", 0.5), (0.0, 0.0)) < 1e-9


# ---- the tables of the import and of the titles' homes, derived again ------------------------------------------------


@pytest.mark.parametrize("game_id", RUSTY_TRAIN_GAMES)
def test_rotation_offsets_and_city_order_tables(game_id):
    game = load_game(game_id)
    rust_tiles = reference_json(f"tile_{game_id}.json")["tiles"]
    offsets, cities = {}, {}
    for tile in rust_tiles:
        city_faces, _, _ = rust_tile_shape(tile)
        if len(city_faces) > 1:
            cities[tile["name"]] = tuple(
                (slots, tuple(sorted(edge(f) for f in faces))) for slots, faces in city_faces
            )
        if tile["name"] not in game.catalogue:
            continue
        ours = game.catalogue[tile["name"]]
        fits = [k for k in range(6) if our_signature(ours, k) == rust_signature(tile)]
        assert fits, f"{game_id}: Rust tile {tile['name']} fits ours in no rotation"
        if fits[0]:
            offsets[tile["name"]] = fits[0]
    assert game.rusty_train.get("rotation_offsets", {}) == offsets
    assert dict(home_of(game_id).rusty_train_cities) == cities


@pytest.mark.parametrize("game_id", RUSTY_TRAIN_GAMES)
def test_rust_tile_names(game_id):
    game = load_game(game_id)
    names = {t["name"] for t in reference_json(f"tile_{game_id}.json")["tiles"]}
    map_tiles = set(game.rusty_train["map_tiles"])
    assert not map_tiles & set(game.catalogue.names())
    assert names == map_tiles | (names & set(game.catalogue.names()))
    assert set(game.manifest) <= names  # every tile a player may lay exists in Rust too


@pytest.mark.parametrize("game_id", RUSTY_TRAIN_GAMES)
def test_hex_addresses_match_coordinates_table(game_id):
    game = load_game(game_id)
    table = reference_json("coordinates.json")[game_id]["hexes"]
    assert len(table) == len(game.hexes)
    for key, name in table.items():
        row, col = map(int, key.split(","))
        assert hex_name_for(game, row, col) == name, key


def test_hex_address_examples():
    assert hex_name_for(load_game("1830"), 5, 0) == "F2"
    assert hex_name_for(load_game("1861"), 4, 7) == "H8"
    assert hex_name_for(load_game("1861"), 0, 15) == "P0"
    assert hex_name_for(load_game("1867"), 0, 3) == "D2"
    assert hex_name_for(load_game("1889"), 0, 5) == "F1"
    with pytest.raises(HexAddressError) as info:
        hex_name_for(load_game("1867"), 40, 2)
    assert "row 40, col 2" in str(info.value)


# ---- the recorded 1867 game ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def bc_game() -> dict:
    return reference_json("1867_bc.game")


@pytest.fixture(scope="module")
def bc_state():
    return open_game(reference_file("1867_bc.game")).state


def test_bc_tiles_rotations_and_tokens(bc_game, bc_state):
    game = load_game("1867")
    names = reference_json("coordinates.json")["1867"]["hexes"]
    rust_tiles = {t["name"]: t for t in reference_json("tile_1867.json")["tiles"]}
    rotations = {"Zero": 0, "Cw1": 1, "Cw2": 2, "Half": 3, "Acw2": 4, "Acw1": 5}
    expected_tiles, expected_tokens = {}, []
    for entry in bc_game["map"]["tiles"]:
        name = names[f"{entry['row']},{entry['col']}"]
        if "tile" not in entry:
            continue
        rust = rust_tiles[entry["tile"]]
        rot = rotations[entry.get("rotation", "Zero")]
        if entry["tile"] in game.catalogue:
            ours = game.catalogue[entry["tile"]]
            # our rotation shows exactly the track Rust shows
            fits = [k for k in range(6) if our_signature(ours, k) == rust_signature(rust, rot)]
            expected_tiles[name] = (entry["tile"], fits[0])
        for space, company in entry.get("tokens", []):
            assert len(rust.get("cities", [])) == 1  # this file has tokens on one-city tiles only
            expected_tokens.append((name, space, game.company(company).abbrev))
    assert bc_state.laid_tiles() == expected_tiles
    assert len(expected_tiles) == 27
    assert sorted(bc_state.all_tokens()) == sorted(expected_tokens)
    assert len(expected_tokens) == 14
    assert bc_state.phase == bc_game["phase"] == "8"


def test_bc_known_hexes(bc_state):
    # written out by hand from the file: (row, col) -> hex, Rust rotation + our offset
    assert bc_state.laid_tiles()["L12"] == ("639", 0)  # (5, 11) Montreal, grey
    assert bc_state.laid_tiles()["F16"] == ("124", 1)  # (7, 5) Toronto: Rust Zero, offset 1
    assert bc_state.laid_tiles()["K9"] == ("8", 5)  # (4, 10): Rust Cw1, offset 4
    assert bc_state.laid_tiles()["I15"] == ("15", 1)  # (7, 8): Rust Cw1, offset 0
    assert bc_state.tokens_at("L12") == {0: "CPR", 1: "NTR", 2: "GW"}
    assert bc_state.tokens_at("F16") == {0: "C&O", 1: "CNR", 2: "CPR"}
    assert bc_state.tokens_at("J12") == {0: "GW"}
    assert bc_state.laid_tile("D2") is None  # "Timmins Gr" is the printed hex
    # the 1867 stubs are all met, as the rules demand
    for hex_name, stub in (("G15", 1), ("L10", 0), ("K13", 4)):
        tile, rot = bc_state.tile_at(hex_name)
        assert stub in tile.edges_at(rot), hex_name


def test_bc_track_joins_up(bc_state):
    """Every track edge of a laid tile that meets track across the hex side is counted.

    A wrong rotation mapping leaves many more loose ends (the plain Rust rotation numbers,
    without the offsets, give 25). The 12 loose ends here are all sensible: six-, five- and
    four-exit tiles (63, 639, X8, 611, 911, 204) whose spare exits face empty hexes or
    plain track running elsewhere, and tile 9 at N8 pointing into Quebec O7, a city hex
    with no tile yet.
    """
    game = bc_state.game
    joined, loose = 0, []
    for hex_name, (tile_name, _rotation) in bc_state.laid_tiles().items():
        tile, rot = bc_state.tile_at(hex_name)
        for e in sorted(tile.edges_at(rot)):
            other = game.neighbour(hex_name, e)
            other_tile, other_rot = bc_state.tile_at(other) if other else (None, 0)
            if other_tile is not None and opposite_edge(e) in other_tile.edges_at(other_rot):
                joined += 1
            else:
                loose.append((hex_name, tile_name, e))
    assert joined == 91
    assert loose == [
        ("C17", "63", 3),
        ("D16", "63", 2),
        ("D16", "63", 3),
        ("E15", "63", 2),
        ("E15", "63", 3),
        ("G15", "611", 2),
        ("G15", "611", 3),
        ("H14", "204", 3),
        ("J12", "X8", 1),
        ("K13", "911", 3),
        ("L12", "639", 4),
        ("N8", "9", 4),
    ]


def test_bc_equals_bundled_resource(bc_state):
    ours = open_game(RESOURCE).state
    assert ours == bc_state
    assert dumps(bc_state) == RESOURCE.read_text(encoding="utf-8")
    assert default_game_file().resolve() == RESOURCE.resolve()


def test_bundled_resource_without_reference():
    state = open_game(RESOURCE).state
    assert state.game.id == "1867" and state.phase == "8"
    assert len(state.laid_tiles()) == 27
    assert len(state.all_tokens()) == 14
    assert sorted(state.companies_on_map()) == ["C&O", "CNR", "CPR", "GW", "NTR"]
    assert state.tokens_placed("GW") == 3 and state.tokens_placed("C&O") == 3


# ---- hand-made saves (no reference data needed) -------------------------------------------------


def save(tiles, game="1867: The Railways of Canada", phase="8", orientation="FlatTop") -> dict:
    return {"game": game, "phase": phase, "map": {"orientation": orientation, "tiles": tiles}}


def load(tmp_path, data, name="test.game"):
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return open_game(path).state


def error(tmp_path, data) -> str:
    path = tmp_path / "bad.game"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(GameFileError) as info:
        open_game(path)
    msg = str(info.value)
    assert str(path) in msg
    return msg


def test_small_save(tmp_path):
    state = load(
        tmp_path,
        save(
            [
                {"row": 4, "col": 10, "tile": "8", "rotation": "Cw1"},
                {"row": 7, "col": 8, "tile": "57", "rotation": "Acw1", "tokens": [[0, "GWR"]]},
                {"row": 0, "col": 5},
            ]
        ),
    )
    assert state.game.id == "1867" and state.phase == "8"
    assert state.laid_tiles() == {"I15": ("57", 5), "K9": ("8", 5)}
    assert state.all_tokens() == [("I15", 0, "GW")]


def test_all_rotation_names(tmp_path):
    names = ["Zero", "Cw1", "Cw2", "Half", "Acw2", "Acw1"]
    tiles = [{"row": 7, "col": 8, "tile": "57", "rotation": n} for n in names[:1]]
    for k, n in enumerate(names):
        tiles[0]["rotation"] = n
        assert load(tmp_path, save(tiles)).laid_tiles() == {"I15": ("57", k)}
        # tile 7 is drawn one sixth further round by Rust (offset 5)
        state = load(tmp_path, save([{"row": 4, "col": 10, "tile": "7", "rotation": n}]))
        assert state.laid_tiles() == {"K9": ("7", (k + 5) % 6)}


def test_multi_city_tokens_follow_the_track(tmp_path):
    # Rust X5: city 0 is the one-space city on the straight (our city 1, our space 2),
    # city 1 the two-space city (our spaces 0 and 1)
    for rot in ("Zero", "Cw1", "Half"):
        state = load(
            tmp_path,
            save(
                [
                    {
                        "row": 5,
                        "col": 11,
                        "tile": "X5",
                        "rotation": rot,
                        "tokens": [[0, "GW"], [1, "CPR"], [2, "NTR"]],
                    }
                ]
            ),
        )
        assert state.tokens_at("L12") == {2: "GW", 0: "CPR", 1: "NTR"}
    # Rust X3 lists its cities in another order than ours
    state = load(
        tmp_path,
        save(
            [
                {
                    "row": 5,
                    "col": 11,
                    "tile": "X3",
                    "rotation": "Cw2",
                    "tokens": [[0, "GW"], [1, "CPR"], [2, "NTR"]],
                }
            ]
        ),
    )
    tile, rot = state.tile_at("L12")
    conn = tile.connectivity(rot)
    by_edges = {
        conn.node_edges[tile.token_spaces[s].city]: c for s, c in state.tokens_at("L12").items()
    }
    # Rust X3 cities reach (3, 5), (0, 4), (1, 2) before turning; Cw2 adds 2
    assert by_edges == {frozenset({5, 1}): "GW", frozenset({2, 0}): "CPR", frozenset({3, 4}): "NTR"}


def test_tokens_on_printed_hexes(tmp_path):
    state = load(
        tmp_path,
        save(
            [
                {"row": 5, "col": 11, "tile": "Montreal", "tokens": [[2, "CN"], [1, "GW"]]},
                {"row": 7, "col": 5, "tile": "Toronto", "tokens": [[0, "CN"]]},
                {"row": 0, "col": 3, "tile": "Timmins Gr", "tokens": [[0, "CPR"]]},
            ]
        ),
    )
    assert state.laid_tiles() == {}
    assert state.tokens_at("L12") == {1: "GW", 2: "CN"}
    assert state.tokens_at("F16") == {0: "CN"}
    assert state.tokens_at("D2") == {0: "CPR"}


def test_1830_two_city_tile(tmp_path):
    # Rust 64 is our 64 turned 2, and its cities come in the other order: Rust city 0
    # (edges 0, 5) is our city 1, Rust city 1 (edges 2, 4) our city 0
    state = load(
        tmp_path,
        save(
            [{"row": 4, "col": 2, "tile": "64", "tokens": [[0, "PRR"], [1, "NYC"]]}],
            game="1830: Railways and Robber Barons",
            phase="5",
            orientation="PointedTop",
        ),
    )
    assert state.laid_tiles() == {"E5": ("64", 2)}
    tile, rot = state.tile_at("E5")
    assert tile.connectivity(rot).node_edges == (frozenset({2, 4}), frozenset({5, 0}))
    assert state.tokens_at("E5") == {0: "NYC", 1: "PRR"}
    # turned: the same cities keep the same companies
    state = load(
        tmp_path,
        save(
            [
                {
                    "row": 4,
                    "col": 2,
                    "tile": "64",
                    "rotation": "Acw1",
                    "tokens": [[0, "PRR"], [1, "NYC"]],
                }
            ],
            game="1830: Railways and Robber Barons",
            phase="5",
            orientation="PointedTop",
        ),
    )
    assert state.laid_tiles() == {"E5": ("64", 1)}
    assert state.tokens_at("E5") == {0: "NYC", 1: "PRR"}
    # the printed OO hex: both cities without track, Rust's order is kept
    state = load(
        tmp_path,
        save(
            [{"row": 4, "col": 2, "tile": "Detroit/Windsor", "tokens": [[1, "PRR"]]}],
            game="1830: Railways and Robber Barons",
            phase="5",
            orientation="PointedTop",
        ),
    )
    assert state.tokens_at("E5") == {1: "PRR"}


def test_direct_call(tmp_path):
    state = state_from_rusty_train(save([{"row": 7, "col": 8, "tile": "57"}]), "inline")
    assert state.laid_tiles() == {"I15": ("57", 0)}
    assert rusty_train.rotation_of(None) == 0


def test_unknown_game_title(tmp_path):
    msg = error(tmp_path, save([], game="1899: Nowhere"))
    assert "'1899: Nowhere'" in msg and "1867: The Railways of Canada" in msg


def test_bad_rotation_name(tmp_path):
    msg = error(tmp_path, save([{"row": 7, "col": 8, "tile": "57", "rotation": "Cw3"}]))
    assert "map.tiles[0]" in msg and "I15" in msg and "'Cw3'" in msg


def test_unknown_tile_name(tmp_path):
    msg = error(tmp_path, save([{"row": 7, "col": 8, "tile": "9999"}]))
    assert "map.tiles[0]" in msg and "I15" in msg and "'9999'" in msg


def test_bad_hex(tmp_path):
    msg = error(
        tmp_path, save([{"row": 7, "col": 8, "tile": "57"}, {"row": 30, "col": 2, "tile": "8"}])
    )
    assert "map.tiles[1]" in msg and "row 30, col 2" in msg
    msg = error(tmp_path, save([{"row": "7", "col": 8, "tile": "57"}]))
    assert "map.tiles[0]" in msg and "row '7'" in msg


def test_other_errors(tmp_path):
    assert "unknown phase '9'" in error(tmp_path, save([], phase="9"))
    assert "orientation" in error(tmp_path, save([], orientation="PointyTop"))
    msg = error(tmp_path, save([{"row": 7, "col": 8, "tile": "57", "tokens": [[0, "XYZ"]]}]))
    assert "tokens[0]" in msg and "unknown company 'XYZ'" in msg
    msg = error(tmp_path, save([{"row": 7, "col": 8, "tile": "57", "tokens": [[1, "GW"]]}]))
    assert "tokens[0]" in msg and "no token space 1" in msg
    msg = error(
        tmp_path, save([{"row": 7, "col": 8, "tile": "57", "tokens": [[0, "GW"], [0, "CPR"]]}])
    )
    assert "tokens[1]" in msg and "already taken" in msg
    msg = error(tmp_path, save([{"row": 7, "col": 8, "tile": "8", "tokens": [[0, "GW"]]}]))
    assert "no token space 0" in msg
    msg = error(
        tmp_path, save([{"row": 7, "col": 8, "tile": "57"}, {"row": 7, "col": 8, "tile": "8"}])
    )
    assert "listed twice" in msg
    msg = error(tmp_path, save([{"row": 8, "col": 0, "tile": "57"}]))  # red Detroit A17
    assert "A17" in msg and "cannot take tiles" in msg
    msg = error(tmp_path, {"game": "1867: The Railways of Canada", "phase": "8", "map": []})
    assert "'map' should be an object" in msg
