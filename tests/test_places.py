"""Every stop carries its place's name: multi-hex places share one, a group of several places
lends none; every stop name goes back to its place (``g``)."""

from __future__ import annotations

import pytest

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.cli import main
from rusty_train_py.gamedata.loader.gamefile import available_games, load_game
from rusty_train_py.mapstate.places import find_place, place_name

LATE = PROJECT_ROOT / "bench" / "positions"


def test_a_named_hex_gives_its_name():
    game = load_game("1867")
    assert place_name(game, "F16", "city") == "Toronto"
    assert place_name(game, "A19", "offboard") == "Detroit"


def test_every_hex_of_a_multi_hex_offboard_shares_its_name():
    game = load_game("1867")
    assert game.hexes["A17"].location is None
    assert place_name(game, "A17", "offboard") == "Detroit"


def test_an_unnamed_stop_says_what_and_where_it_is():
    game = load_game("1867")
    assert place_name(game, "E19", "offboard") == "E19 port"  # a blue off-board
    assert place_name(game, "E5", "town") == "E5 town"
    assert place_name(game, "E5", "city") == "E5 city"


def test_a_hex_joined_to_a_named_hex_takes_its_name_not_its_groups_first():
    # 1846's group E holds every eastern off-board; F22 is Pittsburgh's second hex (joined
    # to G21 by an invisible border) and C21 Buffalo's: neither is Sarnia (B18).
    game = load_game("1846")
    assert game.hexes["F22"].location is None
    assert place_name(game, "F22", "offboard") == "Pittsburgh"
    assert place_name(game, "C21", "offboard") == "Buffalo"
    assert place_name(game, "B18", "offboard") == "Sarnia"


def test_a_chain_of_unnamed_hexes_takes_the_name_at_its_end():
    game = load_game("1861")
    assert [place_name(game, h, "offboard") for h in ("A9", "A11", "A13", "A15")] == ["Poland"] * 4


def test_the_1846_prr_route_names_pittsburgh(capsys):
    code = main(["routes", str(LATE / "late_1846.json"), "-c", "PRR", "-t", "7/8,6"])
    out = capsys.readouterr().out.splitlines()
    assert code == 0
    assert out[0] == "7/8: $190: Cleveland 70, Dayton 40, Homewood 10, Pittsburgh 70"
    assert out[-1] == 'as locks: --lock "7/8:E17,G13,F20,F22" --lock "6:C9,E11,D6,C5"'


def test_find_place_reads_names_hexes_and_completions():
    game = load_game("1882")
    assert find_place(game, "Northern Alberta (HB +100)") == "B2"  # brackets in the name
    assert find_place(game, "Northern Alberta (HB +100) (B2)") == "B2"  # a completion
    assert find_place(game, "B6 port") == "B6"  # a stop with no printed name
    assert find_place(game, "nowhere") is None
    assert find_place(game, "  ") is None


def stop_names(game) -> dict[str, str]:
    """Every hex with a revenue centre -> its stop name."""
    return {
        mh.name: place_name(game, mh.name, mh.tile.nodes[0].kind)
        for mh in game.hexes.values()
        if mh.tile.nodes
    }


def places(game) -> dict[str, int]:
    """Hex -> a number per place, read from the map data alone: hexes printed with one name,
    hexes joined by an invisible border, and the named hexes of a group that prints a single
    name are one place."""
    parent = {h: h for h in game.hexes}

    def root(h: str) -> str:
        while parent[h] != h:
            h = parent[h]
        return h

    def join(a: str, b: str) -> None:
        parent[root(a)] = root(b)

    by_name: dict[str, str] = {}
    by_group: dict[str, list[str]] = {}
    for mh in game.hexes.values():
        if mh.location:
            join(mh.name, by_name.setdefault(mh.location, mh.name))
        for edge, border in ((b.edge, b) for b in mh.tile.borders):
            other = game.neighbour(mh.name, edge)
            if not border.type and other is not None and game.hexes[other].tile.nodes:
                join(mh.name, other)
        for g in {g for n in mh.tile.nodes for g in n.groups}:
            by_group.setdefault(g, []).append(mh.name)
    for members in by_group.values():
        if len({game.hexes[h].location for h in members if game.hexes[h].location}) == 1:
            for h in members:
                join(h, members[0])
    order = {r: i for i, r in enumerate(sorted({root(h) for h in game.hexes}))}
    return {h: order[root(h)] for h in game.hexes}


@pytest.mark.parametrize("game_id", available_games())
def test_one_stop_name_per_place_and_each_goes_to_its_place(game_id):
    game = load_game(game_id)
    names = stop_names(game)
    place = places(game)
    named_places: dict[str, set[int]] = {}
    for h, name in names.items():
        named_places.setdefault(name, set()).add(place[h])
    assert {n: p for n, p in named_places.items() if len(p) > 1} == {}
    for h, name in names.items():
        went = find_place(game, name)
        assert went is not None and place[went] == place[h], (h, name, went)
