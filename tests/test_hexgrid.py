"""Hex grid: names <-> coordinates, neighbours, offsets, pixels, face and corner names."""

from __future__ import annotations

import math

import pytest
from reference_data import GAMES, reference_game

from rusty_train_py.gamedata.loader.gamefile import available_games, load_game
from rusty_train_py.grid import hexgrid
from rusty_train_py.grid.hexgrid import HexAddressError, HexLayout, Orientation


def test_the_first_four_games_are_there():
    assert {"1830", "1861", "1867", "1889"} <= set(GAMES) == set(available_games())


# ---- names and coordinates -----------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("orientation", list(Orientation))
def test_name_coord_round_trip_every_hex(game_id, orientation):
    game = load_game(game_id)
    seen = set()
    for name in game.hexes:
        coord = hexgrid.name_to_coord(orientation, name)
        assert hexgrid.coord_to_name(orientation, coord) == name
        seen.add(coord)
    assert len(seen) == len(game.hexes)


@pytest.mark.parametrize("game_id", GAMES)
def test_map_coordinates_are_the_game_orientation(game_id):
    game = load_game(game_id)
    for name, h in game.hexes.items():
        assert game.coord_of(name) == h.coord
        assert game.name_of(h.coord) == name
        assert game.by_coord[h.coord] == name


def test_known_coordinates():
    # flat: the letter is the column, the number the row (doubled coordinates)
    assert hexgrid.name_to_coord(Orientation.FLAT, "A1") == (0, 0)
    assert hexgrid.name_to_coord(Orientation.FLAT, "B6") == (1, 5)
    assert hexgrid.name_to_coord(Orientation.FLAT, "P0") == (15, -1)
    assert hexgrid.coord_to_name(Orientation.FLAT, (15, -1)) == "P0"
    # pointy: the letter is the row, the number the column
    assert hexgrid.name_to_coord(Orientation.POINTY, "F2") == (1, 5)
    assert hexgrid.name_to_coord(Orientation.POINTY, "G19") == (18, 6)
    assert hexgrid.coord_to_name(Orientation.POINTY, (18, 6)) == "G19"
    # letters beyond Z
    assert hexgrid.letters_for(25) == "Z"
    assert hexgrid.letters_for(26) == "AA"
    assert hexgrid.letters_index("AA") == 26
    # lowercase letters are rows/columns before A: names are case-sensitive
    assert hexgrid.name_to_coord(Orientation.FLAT, "e5") == (-5, 4)
    assert hexgrid.name_to_coord(Orientation.FLAT, "E5") == (4, 4)


@pytest.mark.parametrize("bad", ["5E", "", "E", "E5x", "5", "E-", " ", "É5"])
def test_bad_names_raise(bad):
    with pytest.raises(HexAddressError) as info:
        hexgrid.name_to_coord(Orientation.FLAT, bad)
    assert repr(bad) in str(info.value)


def test_bad_name_is_not_a_value():
    with pytest.raises(HexAddressError):
        hexgrid.parse_hex_name(None)  # type: ignore[arg-type]


def test_game_hex_lookup_errors_name_the_hex():
    game = load_game("1867")
    with pytest.raises(HexAddressError) as info:
        game.hex("Z99")
    assert "'Z99'" in str(info.value)
    with pytest.raises(HexAddressError) as info:
        game.hex("5E")
    assert "'5E'" in str(info.value)
    assert not game.has_hex("A1")  # A1 would have the wrong parity for 1867
    assert game.hex("l12").name == "L12"


# ---- neighbours ------------------------------------------------------------------------------


@pytest.mark.parametrize("orientation", list(Orientation))
def test_neighbour_across_and_back(orientation):
    for x in range(-3, 4):
        for y in range(-3, 4):
            if (x + y) % 2:
                continue
            for e in range(6):
                n = hexgrid.neighbour(orientation, (x, y), e)
                assert (n[0] + n[1]) % 2 == 0  # neighbours keep the parity
                assert n != (x, y)
                assert hexgrid.neighbour(orientation, n, (e + 3) % 6) == (x, y)
            ring = {hexgrid.neighbour(orientation, (x, y), e) for e in range(6)}
            assert len(ring) == 6


@pytest.mark.parametrize("game_id", GAMES)
def test_neighbour_symmetry_on_every_map(game_id):
    game = load_game(game_id)
    pairs = 0
    for name in game.hexes:
        for e in range(6):
            other = game.neighbour(name, e)
            if other is None:
                continue
            pairs += 1
            assert game.neighbour(other, hexgrid.opposite_edge(e)) == name
    assert pairs % 2 == 0


@pytest.mark.parametrize("game_id", GAMES)
def test_neighbours_match_reference(game_id):
    ref = reference_game(game_id)
    game = load_game(game_id)
    for name, info in ref["hexes_by_id"].items():
        expected = {int(e): n for e, n in info["all_neighbors"].items()}
        ours = {e: game.neighbour(name, e) for e in range(6)}
        assert {e: n for e, n in ours.items() if n is not None} == expected, name


def test_known_neighbours():
    flat, pointy = Orientation.FLAT, Orientation.POINTY
    name = lambda o, c: hexgrid.coord_to_name(o, c)  # noqa: E731
    c = hexgrid.name_to_coord(flat, "E5")
    assert [name(flat, hexgrid.neighbour(flat, c, e)) for e in range(6)] == [
        "E7",
        "D6",
        "D4",
        "E3",
        "F4",
        "F6",
    ]
    c = hexgrid.name_to_coord(pointy, "F2")
    # 1830 Chicago: edges 3, 4, 5 lead to E3, F4, G3
    assert [name(pointy, hexgrid.neighbour(pointy, c, e)) for e in (3, 4, 5)] == ["E3", "F4", "G3"]


# ---- offset coordinates ----------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_offset_round_trip_every_hex(game_id):
    game = load_game(game_id)
    offsets = set()
    for h in game.hexes.values():
        row, col = hexgrid.coord_to_offset(game.orientation, h.coord)
        offsets.add((row, col))
        assert hexgrid.offset_to_coord(game.orientation, row, col, game.parity) == h.coord
    assert len(offsets) == len(game.hexes)


def test_known_offsets():
    assert hexgrid.coord_to_offset(Orientation.FLAT, (3, 1)) == (0, 3)  # 1867 D2
    assert hexgrid.offset_to_coord(Orientation.FLAT, 0, 3, 0) == (3, 1)
    assert hexgrid.coord_to_offset(Orientation.POINTY, (1, 5)) == (5, 0)  # 1830 F2
    assert hexgrid.offset_to_coord(Orientation.POINTY, 5, 0, 0) == (1, 5)
    assert load_game("1867").parity == 0
    assert load_game("1889").parity == 1


# ---- pixels ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("size", [50.0, 17.5])
def test_pixel_centre_round_trip_every_hex(game_id, size):
    game = load_game(game_id)
    layout = HexLayout(game.orientation, size)
    for h in game.hexes.values():
        cx, cy = layout.centre(h.coord)
        assert layout.coord_at(cx, cy, game.parity) == h.coord
        # points well inside the hex, toward each edge and each corner
        for e in range(6):
            dx, dy = layout.edge_midpoint_offset(e)
            assert layout.coord_at(cx + 0.9 * dx, cy + 0.9 * dy, game.parity) == h.coord
            kx, ky = layout.corner_offsets()[e]
            assert layout.coord_at(cx + 0.9 * kx, cy + 0.9 * ky, game.parity) == h.coord
            # and just across the edge lies the neighbour
            assert layout.coord_at(cx + 1.1 * dx, cy + 1.1 * dy, game.parity) == hexgrid.neighbour(
                game.orientation, h.coord, e
            )


def test_coord_at_odd_parity():
    # 1889 has x + y odd: F1 is (5, 0); its centre belongs to F1 only with the map's parity
    layout = HexLayout(Orientation.FLAT, 10.0)
    cx, cy = layout.centre((5, 0))
    assert layout.coord_at(cx, cy, 1) == (5, 0)
    assert layout.coord_at(cx, cy + layout.inradius * 0.5, 1) == (5, 0)
    assert layout.coord_at(cx, cy + layout.inradius * 1.5, 1) == (5, 2)
    pointy = HexLayout(Orientation.POINTY, 10.0)
    cx, cy = pointy.centre((0, 1))
    assert pointy.coord_at(cx, cy, 1) == (0, 1)
    assert pointy.coord_at(cx + pointy.inradius * 1.5, cy, 1) == (2, 1)


def test_neighbour_centres_are_one_hex_apart():
    for o in Orientation:
        layout = HexLayout(o, 10.0)
        c0 = layout.centre((4, 4))
        for e in range(6):
            c1 = layout.centre(hexgrid.neighbour(o, (4, 4), e))
            assert math.dist(c0, c1) == pytest.approx(2 * layout.inradius)
            # the edge midpoint lies half way
            mx, my = layout.edge_midpoint_offset(e)
            assert (c0[0] + 2 * mx, c0[1] + 2 * my) == pytest.approx(c1)


# ---- faces and corners -----------------------------------------------------------------------


def test_face_names():
    assert [hexgrid.face_name(Orientation.FLAT, e) for e in range(6)] == [
        "bottom",
        "lower_left",
        "upper_left",
        "top",
        "upper_right",
        "lower_right",
    ]
    assert [hexgrid.face_name(Orientation.POINTY, e) for e in range(6)] == [
        "lower_left",
        "left",
        "upper_left",
        "upper_right",
        "right",
        "lower_right",
    ]
    for o in Orientation:
        for e in range(6):
            assert hexgrid.face_by_name(o, hexgrid.face_name(o, e)) == e
    with pytest.raises(ValueError):
        hexgrid.face_by_name(Orientation.FLAT, "left")


def test_corner_names():
    assert [hexgrid.corner_name(Orientation.FLAT, k) for k in range(6)] == [
        "bottom_left",
        "left",
        "top_left",
        "top_right",
        "right",
        "bottom_right",
    ]
    assert [hexgrid.corner_name(Orientation.POINTY, k) for k in range(6)] == [
        "lower_left",
        "upper_left",
        "top",
        "upper_right",
        "lower_right",
        "bottom",
    ]
    assert hexgrid.corner_name(Orientation.FLAT, 8) == "top_left"


def test_face_and_corner_directions_on_screen():
    flat = HexLayout(Orientation.FLAT, 10.0)
    # y grows downward: edge 0 is the bottom, edge 3 the top
    assert flat.edge_midpoint_offset(0) == pytest.approx((0.0, flat.inradius))
    assert flat.edge_midpoint_offset(3) == pytest.approx((0.0, -flat.inradius))
    # corner 0 lies between edges 0 and 1 (bottom left), corner 1 is the leftmost point
    assert flat.corner_offsets()[0] == pytest.approx((-5.0, flat.inradius))
    assert flat.corner_offsets()[1] == pytest.approx((-10.0, 0.0))
    pointy = HexLayout(Orientation.POINTY, 10.0)
    assert pointy.edge_midpoint_offset(1) == pytest.approx((-pointy.inradius, 0.0))  # left
    assert pointy.edge_midpoint_offset(4) == pytest.approx((pointy.inradius, 0.0))  # right
    assert pointy.corner_offsets()[2] == pytest.approx((0.0, -10.0))  # top
    assert pointy.corner_offsets()[5] == pytest.approx((0.0, 10.0))  # bottom


def test_rotation_helpers():
    assert hexgrid.rotate_edge(4, 3) == 1
    assert hexgrid.rotate_edge(0, 6) == 0
    assert [hexgrid.opposite_edge(e) for e in range(6)] == [3, 4, 5, 0, 1, 2]
