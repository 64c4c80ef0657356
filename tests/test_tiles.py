"""Tiles: every tile and printed hex of every game against the 18xx.games reference data.

The reference side is read by the small checker below, straight from the JSON text with
regular expressions and a union-find over junctions; it shares no code with
rusty_train_py.grid.tile, so a parser bug shows up as a difference.
"""

from __future__ import annotations

import json
import re

import pytest
from reference_data import GAMES, REFERENCE, reference_game_file

from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.grid.tile import NodeKind, TileDataError
from rusty_train_py.grid.tile_code import parse_tile

GAME_COLOURS = {"gray": "grey"}


def reference(name: str) -> dict:
    path = REFERENCE / "18xx_games" / name
    if not path.exists():
        pytest.skip(f"reference data {path} is not available (only on the project's build machine)")
    return json.loads(path.read_text(encoding="utf-8"))


# ---- an independent checker of the tile notation ----------------------------------------------

NODE_RE = re.compile(r"^(city|town|offboard|junction)(?:=(.*))?$")
END_RE = re.compile(r"(?:^|,)([ab]):(_?\d+)")


class RefTile:
    """What the reference code says, computed without our parser."""

    def __init__(self, code: str):
        self.kinds: list[str] = []
        self.revenues: list[object] = []
        self.slots: list[int] = []
        self.groups: list[tuple[str, ...]] = []
        self.paths: list[tuple[str, str]] = []
        self.label = None
        self.borders: list[tuple[int, str, int]] = []
        self.stubs: list[int] = []
        self.cost = 0
        for part in filter(None, code.split(";")):
            m = NODE_RE.match(part)
            if m:
                body = m.group(2) or ""
                self.kinds.append(m.group(1))
                rev = re.search(r"(?:^|,)revenue:([^,]+)", body)
                self.revenues.append(self._revenue(rev.group(1) if rev else "0"))
                slots = re.search(r"(?:^|,)slots:(\d+)", body)
                self.slots.append(
                    int(slots.group(1)) if slots else (1 if m.group(1) == "city" else 0)
                )
                grp = re.search(r"(?:^|,)groups:([^,]+)", body)
                self.groups.append(tuple(grp.group(1).split("|")) if grp else ())
            elif part.startswith("path="):
                ends = dict(END_RE.findall(part[5:]))
                self.paths.append((ends["a"], ends["b"]))
            elif part.startswith("label="):
                self.label = part[6:]
            elif part.startswith("border="):
                edge = int(re.search(r"edge:(\d)", part).group(1))
                typ = re.search(r"type:(\w+)", part)
                cost = re.search(r"cost:(\d+)", part)
                self.borders.append(
                    (edge, typ.group(1) if typ else "", int(cost.group(1)) if cost else 0)
                )
            elif part.startswith("stub="):
                self.stubs.append(int(re.search(r"edge:(\d)", part).group(1)))
            elif part.startswith("upgrade="):
                self.cost = int(re.search(r"cost:(\d+)", part).group(1))

    @staticmethod
    def _revenue(text: str):
        if re.fullmatch(r"\d+", text):
            return int(text)
        out = {}
        for item in text.split("|"):
            colour, value = re.fullmatch(r"(\w+?)_(\d+)", item).groups()
            out[GAME_COLOURS.get(colour, colour)] = int(value)
        return out

    def connectivity(self, rotation: int):
        """(edges per node, through edge pairs, node pairs) with the tile turned ``rotation``."""
        junctions = {i for i, k in enumerate(self.kinds) if k == "junction"}

        def vertex(end: str):
            if end.startswith("_"):
                return ("n", int(end[1:]))
            return ("e", (int(end) + rotation) % 6)

        # union-find over junctions: each class of junctions is one meeting point
        parent = {j: j for j in junctions}

        def find(j):
            while parent[j] != j:
                parent[j] = parent[parent[j]]
                j = parent[j]
            return j

        for a, b in self.paths:
            va, vb = vertex(a), vertex(b)
            if va[0] == "n" and vb[0] == "n" and va[1] in junctions and vb[1] in junctions:
                parent[find(va[1])] = find(vb[1])
        # terminals (edges and revenue nodes) touching each meeting point, and direct links
        at_point: dict[int, set] = {}
        links: set[frozenset] = set()
        for a, b in self.paths:
            va, vb = vertex(a), vertex(b)
            ja = va[0] == "n" and va[1] in junctions
            jb = vb[0] == "n" and vb[1] in junctions
            if ja and not jb:
                at_point.setdefault(find(va[1]), set()).add(vb)
            elif jb and not ja:
                at_point.setdefault(find(vb[1]), set()).add(va)
            elif not ja and not jb:
                links.add(frozenset((va, vb)))
        for terminals in at_point.values():
            for t1 in terminals:
                for t2 in terminals:
                    if t1 != t2:
                        links.add(frozenset((t1, t2)))
        node_edges = []
        for i, kind in enumerate(self.kinds):
            edges = set()
            if kind != "junction":
                for link in links:
                    if ("n", i) in link and len(link) == 2:
                        (other,) = link - {("n", i)}
                        if other[0] == "e":
                            edges.add(other[1])
            node_edges.append(frozenset(edges))
        edge_pairs = set()
        node_pairs = set()
        for link in links:
            if len(link) != 2:
                continue
            (k1, v1), (k2, v2) = sorted(link)
            if k1 == k2 == "e":
                edge_pairs.add((min(v1, v2), max(v1, v2)))
            elif k1 == k2 == "n":
                node_pairs.add((min(v1, v2), max(v1, v2)))
        return tuple(node_edges), frozenset(edge_pairs), frozenset(node_pairs)


def test_checker_on_known_tiles():
    """The checker itself, on tiles whose connectivity is known by hand."""
    t57 = RefTile("city=revenue:20;path=a:0,b:_0;path=a:_0,b:3")
    assert t57.connectivity(1) == ((frozenset({1, 4}),), frozenset(), frozenset())
    t23 = RefTile("path=a:0,b:3;path=a:0,b:4")
    assert t23.connectivity(0)[1] == {(0, 3), (0, 4)}  # 3 and 4 are not joined
    t83 = RefTile("junction;path=a:0,b:_0;path=a:2,b:_0;path=a:4,b:_0")
    assert t83.connectivity(1)[1] == {(1, 3), (1, 5), (3, 5)}
    e1 = RefTile("city=revenue:40;city=revenue:40;path=a:1,b:_0;path=a:_1,b:5;label=S")
    assert e1.connectivity(0) == ((frozenset({1}), frozenset({5})), frozenset(), frozenset())
    assert e1.label == "S" and e1.slots == [1, 1]
    assert RefTile("offboard=revenue:yellow_30|gray_70").revenues == [{"yellow": 30, "grey": 70}]


# ---- comparing our tiles with the checker ---------------------------------------------------


def compare(tile, code: str, where: str) -> None:
    ref = RefTile(code)
    kinds = [n.kind.value for n in tile.nodes]
    assert kinds == ref.kinds, where
    assert len(tile.cities) == ref.kinds.count("city"), where
    assert len(tile.towns) == ref.kinds.count("town"), where
    assert [n.slots for n in tile.nodes] == ref.slots, where
    assert len(tile.token_spaces) == sum(ref.slots), where
    assert [n.groups for n in tile.nodes] == ref.groups, where
    for n, rev in zip(tile.nodes, ref.revenues, strict=True):
        if isinstance(rev, int):
            assert not n.revenue.is_phased and n.revenue.fixed == rev, where
        else:
            assert dict(n.revenue.by_column) == rev, where
    assert tile.label == ref.label, where
    assert sorted((b.edge, b.type, b.cost) for b in tile.borders) == sorted(ref.borders), where
    assert sorted(tile.stubs) == sorted(ref.stubs), where
    assert tile.upgrade_cost == ref.cost, where
    assert len(tile.paths) == len(ref.paths), where
    for r in range(6):
        conn = tile.connectivity(r)
        node_edges, edge_pairs, node_pairs = ref.connectivity(r)
        assert conn.node_edges == node_edges, f"{where} rotation {r}"
        assert conn.edge_pairs == edge_pairs, f"{where} rotation {r}"
        assert conn.node_pairs == node_pairs, f"{where} rotation {r}"
        track_edges = {(int(end) + r) % 6 for path in ref.paths for end in path if end[0] != "_"}
        assert tile.edges_at(r) == track_edges, where


def library_codes() -> dict[str, tuple[str, str]]:
    lib = reference("tiles.json")
    out = {}
    for colour, tiles in lib.items():
        for name, code in tiles.items():
            out[name] = (colour, code)
    return out


LIBRARY_COLOURS = {
    "gray": "grey",
    "greenbrown": "green",
    "browngray": "brown",
    "brownsepia": "brown",
}


_OWN: dict[str, dict[str, tuple[str, str]]] = {}


def own_tiles(game_id: str) -> dict[str, tuple[str, str]]:
    """The tiles a game defines itself in the reference data: name -> (colour, code)."""
    if game_id not in _OWN:
        ref = reference(reference_game_file(game_id))
        _OWN[game_id] = {
            n: (t["color"], t["code"])
            for n, t in ref["tiles_resolved"].items()
            if t["source"] == "game"
        }
    return _OWN[game_id]


# Tiles whose cities keep the group of the printed hex they go on (one of them per route):
# 1846 Chicago, 18 Los Angeles Long Beach. The reference leaves the group on the printed hex.
GROUP_KEPT = {
    **{n: ",groups:Chicago" for n in ("298", "299", "300")},
    **{n: ",groups:LongBeach" for n in ("298LA", "299LA", "300LA")},
}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_catalogue_tile_matches_reference(game_id):
    game = load_game(game_id)
    ref = reference(reference_game_file(game_id))
    library = library_codes()
    own = {n: t for n, t in ref["tiles_resolved"].items() if t["source"] == "game"}
    checked = 0
    for tile in game.catalogue:
        if tile.name in own:  # the game's own definition wins over the library's
            colour, code = own[tile.name]["color"], own[tile.name]["code"]
        elif tile.name in library:
            colour, code = library[tile.name]
        else:
            # a tile file shared with another game (18 Los Angeles reads 1846's): that game's
            # own tile, which this game's manifest does not use
            assert tile.name not in game.manifest, f"{game_id}: tile {tile.name} is not known"
            others = [g for g in GAMES if g != game_id and tile.name in own_tiles(g)]
            assert others, f"{game_id}: tile {tile.name} is no game's and not in the library"
            colour, code = own_tiles(others[0])[tile.name]
        assert tile.colour == LIBRARY_COLOURS.get(colour, colour), tile.name
        if tile.name in GROUP_KEPT:
            # on purpose: the laid multi-city tile keeps the printed hex's group (tiles/*.tiles)
            assert tile.code.replace(GROUP_KEPT[tile.name], "") == code, tile.name
            assert tile.code.count(GROUP_KEPT[tile.name]) == 4, tile.name
            checked += 1
            continue
        assert tile.code == code, tile.name
        compare(tile, code, f"{game_id} tile {tile.name}")
        checked += 1
    assert checked == len(game.catalogue)


@pytest.mark.parametrize("game_id", GAMES)
def test_manifest_is_the_reference_manifest(game_id):
    game = load_game(game_id)
    ref = reference(reference_game_file(game_id))
    expected = {}
    for name, t in ref["tiles_resolved"].items():
        if name.startswith("Beg"):
            continue  # 1889 beginner-game tiles: not in the normal manifest
        expected[name] = None if t["count"] == "unlimited" else t["count"]
    assert game.manifest == expected


@pytest.mark.parametrize("game_id", GAMES)
def test_every_printed_hex_matches_reference(game_id):
    game = load_game(game_id)
    ref = reference(reference_game_file(game_id))
    seen = set()
    for colour, groups in ref["hexes"].items():
        for group in groups:
            for name in group["hexes"]:
                mh = game.hexes[name]
                assert mh.colour == GAME_COLOURS.get(colour, colour), name
                compare(mh.tile, group["resolved_code"], f"{game_id} hex {name}")
                seen.add(name)
    assert seen == set(game.hexes)


# ---- exact facts, written out by hand ----------------------------------------------------------


def test_tile_57_and_rotations():
    t = load_game("1867").tile("57")
    assert t.colour == "yellow"
    assert [t.connectivity(r).node_edges for r in range(6)] == [
        (frozenset({0, 3}),),
        (frozenset({1, 4}),),
        (frozenset({2, 5}),),
        (frozenset({0, 3}),),
        (frozenset({1, 4}),),
        (frozenset({2, 5}),),
    ]
    assert t.nodes[0].revenue.value() == 20
    assert len(t.token_spaces) == 1


def test_tile_1_two_towns():
    t = load_game("1830").tile("1")
    conn = t.connectivity(2)
    assert conn.node_edges == (frozenset({3, 5}), frozenset({0, 2}))
    assert conn.edge_pairs == frozenset()
    assert [n.kind for n in t.nodes] == [NodeKind.TOWN, NodeKind.TOWN]


def test_altoona_through_track():
    h = load_game("1830").hexes["H12"].tile
    conn = h.connectivity(0)
    assert conn.node_edges == (frozenset({1, 4}),)
    assert conn.edge_pairs == frozenset({(1, 4)})
    assert h.nodes[0].loc == 2.5


def test_phase_revenue():
    detroit = load_game("1867").hexes["A19"].tile.nodes[0]
    assert detroit.revenue.value(("yellow",)) == 30
    assert detroit.revenue.value(("yellow", "green")) == 40
    assert detroit.revenue.value(("yellow", "green", "brown")) == 50
    assert detroit.revenue.value(("green", "brown", "grey")) == 70
    assert detroit.groups == ("Detroit",) and detroit.hidden is False
    assert load_game("1867").hexes["A17"].tile.nodes[0].hidden is True


def test_junction_tile_joins_edges():
    # library tile 80 (no game of ours uses it): a junction joining edges 0, 1 and 2
    t = parse_tile("80", "green", "junction;path=a:0,b:_0;path=a:1,b:_0;path=a:2,b:_0")
    assert t.connectivity(0).edge_pairs == frozenset({(0, 1), (0, 2), (1, 2)})
    assert t.connectivity(3).edge_pairs == frozenset({(3, 4), (3, 5), (4, 5)})
    assert t.connectivity(0).node_edges == (frozenset(),)  # a junction is not a stop
    compare(t, t.code, "tile 80")


@pytest.mark.parametrize(
    "code, text",
    [
        ("city=revenue:20;path=a:0,b:_1", "node _1"),
        ("path=a:0,b:7", "edge 7"),
        ("city=revenue:x", "bad revenue"),
        ("city=revenue:20,slots:9", "0 to 6 token spaces"),
        ("tunnel=edge:1", "unknown part"),
        ("path=a:0", "needs a: and b:"),
    ],
)
def test_bad_codes_raise(code, text):
    with pytest.raises(TileDataError) as info:
        parse_tile("T1", "yellow", code)
    assert "tile T1" in str(info.value)
    assert text in str(info.value)
