"""Game files: every game of games/ loads with the right facts (the reference data's, and
hand-checked counts for the first four); broken files fail with clear errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from reference_data import GAMES, reference_game

from rusty_train_py.base.paths import games_dir, tiles_dir
from rusty_train_py.gamedata.game import GameDataError
from rusty_train_py.gamedata.loader.gamefile import load_game, load_game_file
from rusty_train_py.grid.tile import NodeKind

# ---- every game --------------------------------------------------------------------------------

COUNTS = {  # counted by hand for the first four games
    # hexes, manifest names, companies, trains, phases, bonuses, layout
    "1830": (93, 46, 8, 6, 6, 0, "pointy"),
    "1861": (144, 62, 25, 9, 7, 5, "flat"),
    "1867": (94, 68, 26, 9, 7, 5, "flat"),  # 26: with N, the neutral tokens (18xx.games)
    "1889": (52, 40, 7, 6, 6, 0, "flat"),
}


@pytest.mark.parametrize("game_id", GAMES)
def test_game_loads_with_counts(game_id):
    game = load_game(game_id)
    assert game.id == game_id
    assert game.title and game.hexes and game.manifest and game.companies
    assert game.trains and game.phases
    assert game.default_phase == game.phases[0].name
    assert len({c.abbrev for c in game.companies}) == len(game.companies)
    if game_id not in COUNTS:
        return  # the reference tests below check the counts of the other games
    hexes, manifest, companies, trains, phases, bonuses, layout = COUNTS[game_id]
    assert len(game.hexes) == hexes
    assert len(game.manifest) == manifest
    assert len(game.companies) == companies
    assert len(game.trains) == trains
    assert len(game.phases) == phases
    assert len(game.bonuses) == bonuses
    assert game.orientation.value == layout


@pytest.mark.parametrize("game_id", GAMES)
def test_layout_matches_reference(game_id):
    ref = reference_game(game_id)
    assert load_game(game_id).orientation.value == ref["layout"]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_manifest_tile_exists(game_id):
    game = load_game(game_id)
    for name, count in game.manifest.items():
        tile = game.catalogue[name]
        if tile.colour in ("red", "blue"):  # a private's tile (1888): a hex of its colour
            assert any(h.colour == tile.colour for h in game.hexes.values()), name
        else:
            assert tile.colour in ("yellow", "green", "brown", "grey")
        assert count is None or count >= 1
    assert [t.name for t in game.placeable_tiles] == [
        t.name for t in game.catalogue if t.name in game.manifest
    ]


def test_titles_and_manifest_counts():
    assert load_game("1830").title == "1830: Railways & Robber Barons"
    assert load_game("1889").title == "Shikoku 1889"
    g1867 = load_game("1867")
    assert g1867.manifest["7"] is None and g1867.manifest["8"] is None  # unlimited
    assert g1867.manifest["57"] == 2
    assert g1867.manifest["X8"] == 1
    assert sum(c for c in load_game("1830").manifest.values()) == 85
    # 70 tiles in 18xx.games' 1889 manifest, less the 7 beginner-game tiles (Beg6 x2, ...)
    assert sum(c for c in load_game("1889").manifest.values()) == 63
    assert not any(n.startswith("Beg") for n in load_game("1889").manifest)
    assert "Beg6" in load_game("1889").catalogue


def test_1867_facts():
    game = load_game("1867")
    montreal = game.hexes["L12"]
    assert montreal.location == "Montreal"
    assert len(montreal.tile.cities) == 3
    assert montreal.tile.label == "M"
    assert montreal.tile.cities[2].loc == 5.0
    toronto = game.hexes["F16"]
    assert len(toronto.tile.cities) == 2 and toronto.tile.label == "T"
    assert toronto.tile.connectivity(0).node_edges == (frozenset({1}), frozenset({4}))
    timmins = game.hexes["D2"]
    assert timmins.colour == "grey"
    assert sorted(b.edge for b in timmins.tile.borders if b.type == "") == [1, 4]
    assert game.hexes["G15"].tile.stubs == (1,)
    assert game.hexes["L10"].tile.stubs == (0,)
    assert game.hexes["K13"].tile.stubs == (4,)
    assert game.hexes["J12"].tile.future_label == ("O", "grey")
    assert [h for h in ("A17", "A19") if game.hexes[h].tile.nodes[0].groups == ("Detroit",)] == [
        "A17",
        "A19",
    ]
    assert game.company("GWR").abbrev == "GW"  # 18xx.games symbol as an alias
    assert game.train("5+5E").multiplier == 2 and game.train("5+5E").rule == "express"
    assert game.bonus("timmins").params_dict["with_any"] == ("F16", "L12", "O7")


def test_1830_facts():
    game = load_game("1830")
    ny = game.hexes["G19"]
    assert ny.tile.label == "NY"
    assert len(ny.tile.cities) == 2
    assert ny.tile.upgrade_cost == 80 and ny.tile.terrain == ("water",)
    for h in ("E5", "D10", "E11", "H18"):
        assert game.hexes[h].tile.label == "OO" and len(game.hexes[h].tile.cities) == 2, h
    chicago = game.hexes["F2"]
    assert chicago.colour == "red"
    assert chicago.tile.nodes[0].kind is NodeKind.OFFBOARD
    assert chicago.tile.track_edges == {3, 4, 5}
    assert game.company("NNH").abbrev == "NYNH"
    assert game.train("D").stops is None


def test_1861_and_1889_facts():
    g1861 = load_game("1861")
    assert g1861.has_hex("P0")
    assert g1861.hexes["P0"].coord == (15, -1)
    assert len(g1861.hexes["H8"].tile.cities) == 3 and g1861.hexes["H8"].colour == "yellow"
    assert len(g1861.hexes["D14"].tile.cities) == 3
    assert g1861.hexes["E1"].colour == "green"
    assert g1861.manifest["635"] == 1 and "X1" not in g1861.catalogue
    assert "635" not in load_game("1867").manifest
    g1889 = load_game("1889")
    kouchi = g1889.hexes["F9"]
    assert kouchi.colour == "green" and kouchi.tile.label == "K"
    assert g1889.hexes["H5"].tile.terrain == ("water", "mountain")
    assert g1889.hexes["H5"].tile.upgrade_cost == 80


IMPASSABLE = {  # written out by hand for the first four games (the others: from the reference)
    "1830": [
        ("B16", 5),
        ("C11", 5),
        ("C13", 0),
        ("C17", 2),
        ("D12", 2),
        ("D12", 3),
        ("E7", 5),
        ("F8", 2),
    ],
    "1861": [],
    "1867": [
        ("C11", 0),
        ("C11", 3),
        ("C11", 4),
        ("C13", 3),
        ("C9", 0),
        ("C9", 5),
        ("D10", 0),
        ("D10", 1),
        ("D10", 2),
        ("D10", 5),
        ("D12", 3),
        ("D12", 4),
        ("D18", 5),
        ("E11", 1),
        ("E11", 2),
        ("E19", 2),
        ("H14", 0),
        ("H16", 3),
    ],
    "1889": [],
}


@pytest.mark.parametrize("game_id", GAMES)
def test_impassable_borders(game_id):
    game = load_game(game_id)
    ours = sorted(
        (h.name, b.edge)
        for h in game.hexes.values()
        for b in h.tile.borders
        if b.type == "impassable"
    )
    if game_id in IMPASSABLE:
        assert ours == sorted(IMPASSABLE[game_id])
    # a border is seen from both sides
    for name, edge in ours:
        other = game.neighbour(name, edge)
        if other is not None:
            assert game.border(other, (edge + 3) % 6).type == "impassable"


@pytest.mark.parametrize("game_id", GAMES)
def test_borders_match_reference(game_id):
    ref = reference_game(game_id)
    game = load_game(game_id)
    for name, info in ref["hexes_by_id"].items():
        expected = sorted(
            (int(e), t or "")
            for e, t in re.findall(r"border=edge:(\d)(?:,type:(\w+))?", info["resolved_code"])
        )
        assert sorted((b.edge, b.type) for b in game.hexes[name].tile.borders) == expected, name


@pytest.mark.parametrize("game_id", GAMES)
def test_names_and_counts_match_reference(game_id):
    ref = reference_game(game_id)
    game = load_game(game_id)
    assert len(game.hexes) == ref["hex_count"]
    # names of hexes on the default map (18GA names Charleston E15, a hex of an option)
    # the name as the data writes it: the place, then a bonus note in brackets (split apart)
    written = {h: m.written_name for h, m in game.hexes.items() if m.location}
    assert written == {h: n for h, n in ref["location_names"].items() if h in ref["hexes_by_id"]}
    assert len(game.phases) == len(ref["phases"])
    # a train's variants (1846 3/5 beside the 4) are trains of their own here
    names = [
        n for t in ref["trains"] for n in [t["name"]] + [v["name"] for v in t.get("variants", ())]
    ]
    assert sorted(t.name for t in game.trains) == sorted(names)


# ---- broken game files ------------------------------------------------------------------------


def write_variant(tmp_path: Path, old: str, new: str, name: str = "broken.toml") -> Path:
    text = (games_dir() / "1867.toml").read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / name
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def load_error(path: Path) -> str:
    with pytest.raises(GameDataError) as info:
        load_game_file(path, tiles_dir())
    return str(info.value)


def test_unchanged_copy_loads(tmp_path):
    path = write_variant(tmp_path, 'id = "1867"', 'id = "1867"')
    game = load_game_file(path, tiles_dir())
    assert len(game.hexes) == 94


def test_unknown_tile_in_manifest(tmp_path):
    path = write_variant(tmp_path, "[manifest]\n", '[manifest]\n"N0PE" = 1\n')
    msg = load_error(path)
    assert str(path) in msg
    assert "manifest['N0PE']" in msg and "no tile 'N0PE'" in msg


def test_bad_hex_name(tmp_path):
    path = write_variant(tmp_path, 'hexes = ["D2"]', 'hexes = ["2D"]')
    msg = load_error(path)
    assert str(path) in msg
    assert "'2D'" in msg and "hexes[" in msg


def test_duplicate_hex(tmp_path):
    path = write_variant(tmp_path, 'hexes = ["D2"]', 'hexes = ["D2", "B6"]')
    msg = load_error(path)
    assert str(path) in msg
    assert "B6 listed twice" in msg


def test_unknown_colour(tmp_path):
    path = write_variant(
        tmp_path, 'hexes = ["D2"]\ncolour = "grey"', 'hexes = ["D2"]\ncolour = "pink"'
    )
    msg = load_error(path)
    assert str(path) in msg
    assert "unknown colour 'pink'" in msg and "hexes[" in msg


def test_bad_tile_code_on_a_hex(tmp_path):
    path = write_variant(
        tmp_path,
        'code = "city=revenue:40;path=a:0,b:_0;path=a:1,b:_0;path=a:4,b:_0;path=a:5,b:_0;'
        'border=edge:1;border=edge:4"',
        'code = "city=revenue:40;path=a:0,b:_3"',
    )
    msg = load_error(path)
    assert str(path) in msg and "(D2)" in msg and "_3" in msg


def test_bad_toml(tmp_path):
    path = tmp_path / "bad.toml"
    text = (games_dir() / "1867.toml").read_text(encoding="utf-8")
    path.write_text(text.replace('title = "1867: The Railways of Canada"\n', 'title = "1867\n', 1))
    msg = load_error(path)
    assert str(path) in msg
    assert "not valid TOML" in msg and "line 5" in msg


def test_missing_file(tmp_path):
    msg = load_error(tmp_path / "nothing.toml")
    assert str(tmp_path / "nothing.toml") in msg


def test_unknown_game_id():
    with pytest.raises(GameDataError) as info:
        load_game("1999")
    assert "'1999'" in str(info.value) and "1867" in str(info.value)


def test_bad_company_home(tmp_path):
    path = write_variant(tmp_path, 'abbrev = "CNR"\n', 'abbrev = "CNR"\nhome = "Z9"\n')
    msg = load_error(path)
    assert str(path) in msg and "company CNR" in msg and "'Z9'" in msg


def test_game_rules_are_read_and_checked(tmp_path):
    assert load_game("1867").upgrade_max_exits == ("city",)
    assert load_game("1830").upgrade_max_exits == ()
    path = write_variant(tmp_path, 'upgrade_max_exits = ["city"]', 'upgrade_max_exits = ["hex"]')
    msg = load_error(path)
    assert str(path) in msg and "upgrade_max_exits lists 'hex'" in msg
    path = write_variant(tmp_path, "[rules]\n", "[rules]\nno_such_rule = 1\n", "typo.toml")
    msg = load_error(path)
    assert str(path) in msg and "unknown rule 'no_such_rule'" in msg
    path = write_variant(tmp_path, "[rules]\n", '[rules]\ntwo_stops_hexes = ["Z9"]\n', "z.toml")
    msg = load_error(path)
    assert str(path) in msg and "two_stops_hexes names 'Z9', not a hex of the map" in msg


def test_rusty_train_phase_names_and_rotation_offsets_are_checked(tmp_path):
    # Rusty Train (robmoss/rusty_train crates/n18game) names 1830's phases 2-7, ours 2-6, D
    assert load_game("1830").rusty_train["phases"] == {"7": "D"}
    for gid in ("1861", "1867", "1889"):  # the same names in both programs
        assert "phases" not in load_game(gid).rusty_train
    assert load_game("1867").rusty_train["rotation_offsets"]["8"] == 4
    path = write_variant(tmp_path, "row_offset = 0\n", 'row_offset = 0\nphases = { "9" = "X" }\n')
    assert load_error(path) == (f"{path}: rusty_train.phases maps '9' to 'X', which is not a phase")
    path = write_variant(tmp_path, '"8" = 4\n', '"8" = 6\n', "offset.toml")
    assert load_error(path) == (
        f"{path}:36: [rusty_train]: rotation_offsets: 8: should be a whole number 0 to 5, got 6"
    )


# ---- shares: what dividends are split into ------------------------------------------------------


def reference_shares(ref: dict) -> dict[str, int]:
    """Symbol -> number of equal parts a full payout is split into, from the engine's data:
    ``shares`` lists certificate percentages (one 10% share = one part; a single 100%
    certificate = 1); majors without a list have the engine's ten 10% shares; the separate
    ``minors`` of 1846 and 18 Los Angeles have one owner, who takes it all."""
    out = {}
    for c in ref["corporations"]:
        percents = c.get("shares") or [10]
        out[c["sym"]] = 100 // min(percents)
    for m in ref.get("minors", []):
        out[m["sym"]] = 1
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_company_shares_match_reference(game_id):
    game = load_game(game_id)
    expected = reference_shares(reference_game(game_id))
    checked = 0
    for sym, shares in expected.items():
        try:
            company = game.company(sym)
        except KeyError:
            continue  # a company the game file leaves out (or names otherwise)
        assert company.shares == shares, f"{game_id} {sym}: {company.shares} shares, not {shares}"
        checked += 1
    assert checked >= len(game.companies) // 2  # most companies are known to the reference


@pytest.mark.parametrize("game_id", GAMES)
def test_one_share_count_per_company_kind(game_id):
    """Dividends depend on the company's kind: every company of one kind has the same shares
    (majors 10; 1861/1867 minors and nationals 1)."""
    game = load_game(game_id)
    by_kind: dict[str, set[int]] = {}
    for c in game.companies:
        assert c.kind in ("major", "minor", "national", "neutral"), c
        assert c.shares >= 1
        by_kind.setdefault(c.kind, set()).add(c.shares)
    assert all(len(s) == 1 for s in by_kind.values()), by_kind
    if "major" in by_kind:
        assert by_kind["major"] == {10}
