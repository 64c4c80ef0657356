"""The upgrade chart of every game of games/: every tile once, upgrades as ``u`` offers them
on a plain hex of the real map, known upgrades of the rulebooks, and the chart drawn."""

from __future__ import annotations

import pytest

from rusty_train_py.gamedata.loader.gamefile import available_games, load_game
from rusty_train_py.mapstate.state import MapState
from rusty_train_py.mapstate.upgrade_chart import (
    CHART_COLOURS,
    centre_kind,
    chart_groups,
    hex_rule_notes,
    upgrade_chart,
)
from rusty_train_py.mapstate.upgrades import NEXT_COLOUR, upgrade_candidates

GAMES = available_games()


def test_every_game_of_the_folder_is_charted():
    assert set(GAMES) >= {"1830", "1846", "1861", "1867", "1889", "18Chesapeake"}


@pytest.mark.parametrize("gid", GAMES)
def test_the_chart_holds_every_tile_once(gid):
    game = load_game(gid)
    chart = upgrade_chart(game)
    tiles = [t.name for t in game.placeable_tiles if t.colour in CHART_COLOURS]
    assert list(chart) == tiles
    in_rows = [t for g in chart_groups(game) for c in CHART_COLOURS for t in g.tiles[c]]
    assert sorted(in_rows) == sorted(tiles)
    for g in chart_groups(game):
        for colour in CHART_COLOURS:
            for t in g.tiles[colour]:
                tile = game.tile(t)
                assert tile.colour == colour and tile.label == g.label
                if g.label is None:
                    assert centre_kind(tile) == g.kind
    for name, targets in chart.items():
        tile = game.tile(name)
        for t in targets:
            assert game.tile(t).colour == NEXT_COLOUR[tile.colour]
            assert t in game.manifest
        if tile.colour == "grey":
            assert targets == ()


def plain_hex(game) -> str:
    """A white hex of the real map with nothing of its own that limits upgrades."""
    ruled = {h for r in game.upgrade_rules for h in r.hexes}
    for h in game.hex_order:
        mh = game.hexes[h]
        t = mh.tile
        if (
            mh.colour == "white"
            and t.is_blank
            and not t.borders
            and not t.stubs
            and t.label is None
            and t.future_label is None
            and h not in ruled
            and not any(game.border(h, e) for e in range(6))
        ):
            return h
    raise AssertionError(f"{game.id}: no plain white hex")


@pytest.mark.parametrize("gid", GAMES)
def test_the_chart_is_what_u_offers_on_a_plain_hex(gid):
    """For every tile: laid on a plain white hex of the real map, in the first phase that
    allows the next colour, ``u`` offers exactly the chart's upgrades (in any rotation)."""
    game = load_game(gid)
    chart = upgrade_chart(game)
    h = plain_hex(game)
    compared = 0
    for name, targets in chart.items():
        want = NEXT_COLOUR.get(game.tile(name).colour)
        phase = next((p.name for p in game.phases if want in p.tiles), None)
        if phase is None:
            continue
        state = MapState(game, phase)
        state.apply(state.place_tile_edit(h, name, 0, check_available=False))
        assert tuple(c.tile for c in upgrade_candidates(state, h)) == targets, name
        compared += 1
    assert compared >= len(chart) // 2


KNOWN = {
    "1830": {
        "7": ("18", "26", "27", "28", "29"),
        "8": ("16", "19", "23", "24", "25", "28", "29"),
        "9": ("18", "19", "20", "23", "24", "26", "27"),
        "57": ("14", "15"),
        "14": ("63",),
        "15": ("63",),
        "23": ("41", "43", "45", "47"),
        "53": ("61",),
        "54": ("62",),
        "59": ("64", "65", "66", "67", "68"),
        "3": (),
        "1": (),
        "63": (),
    },
    "1846": {"611": ("51",), "298": ("299",), "299": ("300",), "291": ("294", "295", "296")},
    "1861": {"635": ("636",), "637": ("638",), "638": ("639",), "3": ("87", "88", "204")},
    "1867": {
        "57": ("14", "15", "619"),
        "120": ("122",),
        "122": ("124",),
        "X2": ("X5", "X7"),
        "X5": ("639",),
        "201": ("207", "208", "622"),
    },
    "1889": {"438": ("439",), "439": ("492",), "440": ("466",), "57": ("14", "15", "205", "206")},
    "18Chesapeake": {"X1": ("X2",), "X2": ("X6",), "X6": ("X8",), "X3": ("X7",), "611": ("915",)},
    # the lumber terminal never upgrades (a tile rule); Birmingham's B line
    "18AL": {
        "445": (),
        "441a": ("442a",),
        "442a": ("444b",),
        "444b": ("446",),
        "3": ("142", "143"),
    },
}


@pytest.mark.parametrize("gid", sorted(KNOWN))
def test_known_upgrades(gid):
    chart = upgrade_chart(load_game(gid))
    assert {t: chart[t] for t in KNOWN[gid]} == KNOWN[gid]


def test_hex_rules_are_noted_on_their_tiles():
    """Tiles a hex rule lays (18GA Augusta, Savannah, Brunswick, Macon; 18AL Montgomery) say
    where; the chart's arrows are about tiles and do not draw them."""
    assert hex_rule_notes(load_game("18GA")) == {
        "453a": "only on D10",
        "454a": "only on G13",
        "457a": "only on I11",
        "458a": "only on F6",
    }
    assert hex_rule_notes(load_game("18AL")) == {"443a": "only on L5"}
    assert hex_rule_notes(load_game("1830")) == {}
    from rusty_train_py.render.qt.chart import chart_layout

    lay = chart_layout(load_game("18GA"))
    placed = {t.name: t.lines for row in lay.rows for t in row.tiles}
    assert placed["457a"] == ("457a  \u00d71", "only on I11")
    assert placed["453a"] == ("453a  \u00d71", "\u2192 456a", "only on D10")


def test_groups_of_1867():
    """Montreal's tiles stay one row as the city merges (three cities, two, one)."""
    groups = [
        (g.title, {c: t for c, t in g.tiles.items() if t}) for g in chart_groups(load_game("1867"))
    ]
    titles = [t for t, _ in groups]
    assert titles == [
        "track",
        "town",
        "city",
        "M: three cities / two cities / city",
        "O: city",
        "T: two cities / city",
        "Y: city",
    ]
    assert groups[3][1] == {
        "green": ("637", "X1", "X2", "X3", "X4"),
        "brown": ("X5", "X6", "X7"),
        "grey": ("639",),
    }


@pytest.mark.parametrize("gid", GAMES)
def test_the_chart_is_drawn(tmp_path, gid):
    from PySide6.QtGui import QColor, QImage

    from rusty_train_py.render.qt.chart import COLOUR_FILL, COLOUR_HEAD, chart_layout
    from rusty_train_py.render.qt.export import render_upgrade_chart

    game = load_game(gid)
    lay = chart_layout(game)
    path = tmp_path / f"chart_{gid}.png"
    assert render_upgrade_chart(game, path) == (lay.width, lay.height)
    img = QImage(str(path))
    assert (img.width(), img.height()) == (lay.width, lay.height)
    for colour, left, _w in lay.columns:
        pixel = img.pixelColor(int(left) + 3, int(lay.title_h) + 2)
        assert pixel.name() == QColor(COLOUR_HEAD[colour]).name()
    # every tile drawn: the centre of its hex is not its column's background, and the
    # space between two rows is
    for row in lay.rows:
        for t in row.tiles:
            fill = QColor(COLOUR_FILL[game.tile(t.name).colour]).name()
            assert img.pixelColor(int(t.x), int(t.y)).name() != fill
    colour, left, w = lay.columns[0]
    assert (
        img.pixelColor(int(left + w - 2), lay.height - 2).name()
        == QColor(COLOUR_FILL[colour]).name()
    )


def test_tiles_chart_on_the_command_line(tmp_path, capsys):
    from rusty_train_py.cli import main

    out = tmp_path / "chart.png"
    assert main(["tiles", "1830", "--chart", "-o", str(out)]) == 0
    assert capsys.readouterr().out == f"wrote {out} (1464x1563)\n"
