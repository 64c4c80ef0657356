"""The routes each company ran last, kept in our saves (``last_routes``): exact text, exact
round trip, old saves unchanged, routes the map no longer has load with a warning (strict
or not), format errors refuse naming the entry; ``routes --record`` keeps a run."""

from __future__ import annotations

import json

import pytest

from rusty_train_py.base.paths import default_game_file
from rusty_train_py.cli import main
from rusty_train_py.files.errors import GameFileError
from rusty_train_py.files.loader import OURS, open_game, save_game
from rusty_train_py.files.savefile import dumps
from rusty_train_py.route.last import LastRoute, last_routes_of, replace_company
from rusty_train_py.route.search import find_routes

GW5 = LastRoute(
    "GW",
    "5",
    330,
    ("J12", "L12", "K13", "I15", "H14", "G15", "F16"),
    (
        ("J12", 4), ("K11", 0), ("L12", 2), ("L12", 0), ("L14", 0), ("K13", 4), ("K13", 0),
        ("J14", 0), ("I15", 3), ("I15", 1), ("H14", 0), ("H14", 1), ("G15", 3), ("G15", 0),
        ("F16", 3),
    ),
)  # fmt: skip
ONE_LINE = (
    '{"company": "GW", "train": "5", "revenue": 330, "stops": ["J12", "L12", "K13", "I15",'
    ' "H14", "G15", "F16"], "track": [["J12", 4], ["K11", 0], ["L12", 2], ["L12", 0],'
    ' ["L14", 0], ["K13", 4], ["K13", 0], ["J14", 0], ["I15", 3], ["I15", 1], ["H14", 0],'
    ' ["H14", 1], ["G15", 3], ["G15", 0], ["F16", 3]]}'
)


@pytest.fixture(scope="module")
def bundled():
    return open_game(default_game_file())


def test_a_found_run_is_kept_as_its_routes(bundled):
    kept = last_routes_of(find_routes(bundled.state, "GW", ["5", "8"]))
    assert [(r.company, r.train, r.revenue) for r in kept] == [("GW", "5", 330), ("GW", "8", 510)]
    assert kept[0] == GW5


def test_the_saved_text_and_an_exact_round_trip(tmp_path, bundled):
    kept = last_routes_of(find_routes(bundled.state, "GW", ["5", "8"]))
    kept += last_routes_of(find_routes(bundled.state, "C&O", ["6"]))
    text = dumps(bundled.state, kept)
    plain = dumps(bundled.state)
    # the old text, then the kept routes, one line each, as the last key
    assert text.startswith(plain[: plain.rindex("]")])
    lines = text.splitlines()
    start = lines.index('  "last_routes": [')
    assert lines[start - 1] == "  ],"
    assert lines[start + 1] == f"    {ONE_LINE},"
    assert len(lines) == start + 1 + len(kept) + 2 and lines[-2:] == ["  ]", "}"]
    path = tmp_path / "g.json"
    save_game(bundled.state, path, OURS, kept)
    assert path.read_text() == text
    opened = open_game(path)
    assert opened.last_routes == kept
    assert opened.state == bundled.state and opened.warnings == ()
    save_game(opened.state, tmp_path / "again.json", OURS, opened.last_routes)
    assert (tmp_path / "again.json").read_text() == text


def test_a_save_without_kept_routes_has_no_key(tmp_path, bundled):
    """Saves without kept routes are written as before (no key), and old saves load."""
    assert "last_routes" not in dumps(bundled.state)
    assert bundled.last_routes == ()
    assert default_game_file().read_text() == dumps(bundled.state)


def test_replace_company_keeps_the_others_in_place():
    a1, a2 = (
        LastRoute("A", "2", 10, ("A1", "A3"), (("A1", 0),)),
        LastRoute("A", "3", 20, ("A1", "A5"), (("A1", 1),)),
    )
    b = LastRoute("B", "2", 30, ("B2", "B4"), (("B2", 0),))
    new = LastRoute("A", "4", 40, ("A1", "A7"), (("A1", 2),))
    assert replace_company((a1, b, a2), "A", [new]) == (new, b)
    assert replace_company((b,), "A", [new]) == (b, new)
    assert replace_company((a1, b), "A", []) == (b,)


def test_routes_the_map_no_longer_has_load_with_a_warning(tmp_path, bundled):
    """The kept 5's track runs through K11's tile 8: with that tile gone the route is kept
    (it round-trips) but named in a warning; strict reading does not refuse it."""
    kept = last_routes_of(find_routes(bundled.state, "GW", ["5", "8"]))
    state = bundled.state.copy()
    state.apply(state.remove_tile_edit("K11"))
    path = tmp_path / "changed.json"
    save_game(state, path, OURS, kept)
    for strict in (False, True):
        opened = open_game(path, strict=strict)
        assert opened.last_routes == kept
        assert opened.warnings == (
            "last_routes[0] (GW 5:J12,L12,K13,I15,H14,G15,F16): kept, but no longer a route on"
            " this map: no track joins J12 to L12 without passing another stop",
        )
    # a train too short for it now, and two kept routes sharing track
    moved = [LastRoute("GW", "2", 330, GW5.stops, GW5.track), GW5, GW5]
    save_game(bundled.state, path, OURS, moved)
    assert open_game(path).warnings == (
        "last_routes[0] (GW 2:J12,L12,K13,I15,H14,G15,F16): kept, but no longer a route on this"
        " map: not a route GW can run: too long for a 2 (it needs 5, the train runs 2)",
        "last_routes[2] (GW 5:J12,L12,K13,I15,H14,G15,F16): kept, but no longer a route on this"
        " map: shares track with lock 5:J12,L12,K13,I15,H14,G15,F16 (at F16, G15, H14, I15, J12,"
        " J14, K11, K13, L12, L14)",
    )


def entry(**change) -> dict:
    e = json.loads(ONE_LINE)
    e.update(change)
    return e


@pytest.mark.parametrize(
    "routes, message",
    [
        ({}, "'last_routes' should be a list"),
        ([7], "last_routes[0]: expected an object"),
        ([{k: v for k, v in entry().items() if k != "track"}], "last_routes[0]: missing key 'track'"),
        ([entry(extra=1)], "last_routes[0]: unknown key 'extra' (expected company, train, revenue, stops, track)"),
        ([entry(company="XX")], "last_routes[0]: 1867: unknown company 'XX' (companies: CNR, CPR, C&O, GT, GW, IRC, NTR, NYC, BBG, BO, CS, CV, KP, LPS, OP, SLA, TGB, TN, AE, CA, NYO, PM, QLS, THB, N, CN)"),
        ([entry(company=5)], "last_routes[0]: unknown company 5"),
        ([entry(train="9")], "last_routes[0]: 1867: unknown train '9' (trains: 2, 3, 4, 5, 6, 7, 8, 2+2, 5+5E)"),
        ([entry(revenue="330")], "last_routes[0] (GW 5): 'revenue' should be a whole number, not '330'"),
        ([entry(revenue=True)], "last_routes[0] (GW 5): 'revenue' should be a whole number, not True"),
        ([entry(stops=["J12"])], "last_routes[0] (GW 5): 'stops' should be a list of two or more hexes"),
        ([entry(stops=["J12", "Z99"])], "last_routes[0] (GW 5): stops: bad hex 'Z99'"),
        ([entry(track=[])], "last_routes[0] (GW 5): 'track' should be a list of [hex, path] pairs"),
        ([entry(track=[["J12", -1]])], "last_routes[0] (GW 5): track: ['J12', -1] is not a [hex, path number] pair"),
        ([entry(track=[["Q1", 0]])], "last_routes[0] (GW 5): track: ['Q1', 0] is not a [hex, path number] pair"),
    ],
)  # fmt: skip
def test_format_errors_in_kept_routes_refuse(tmp_path, routes, message):
    data = json.loads(default_game_file().read_text())
    data["last_routes"] = routes
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(GameFileError) as info:
        open_game(path)
    assert str(info.value) == f"{path}: {message}"


def test_names_are_read_as_typed_and_saved_canonical(tmp_path, bundled):
    data = json.loads(default_game_file().read_text())
    data["last_routes"] = [entry(company="gw", stops=[s.lower() for s in GW5.stops])]
    path = tmp_path / "lower.json"
    path.write_text(json.dumps(data))
    assert open_game(path).last_routes == (GW5,)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_routes_record_keeps_the_run_and_shows_the_last(tmp_path, capsys, bundled):
    path = tmp_path / "g.json"
    save_game(bundled.state, path)
    code, out, err = run(capsys, "routes", str(path), "-c", "GW", "-t", "5,8", "--record")
    assert code == 0 and "last run" not in out
    assert err == f"rusty-train-py: kept as GW's last run in {path}\n"
    kept = open_game(path).last_routes
    assert [(r.train, r.revenue) for r in kept] == [("5", 330), ("8", 510)]
    code, out, err = run(
        capsys, "routes", str(path), "-c", "GW", "-t", "5,8", "--lock", "5:F16,E15,D16,C17,B18"
    )
    assert out.splitlines()[-1] == "last run (kept in the file): $840 (5 $330, 8 $510)"
    assert open_game(path).last_routes == kept  # without --record nothing is written
    code, out, err = run(capsys, "routes", str(path), "-c", "C&O", "-t", "6", "--record")
    code, out, err = run(capsys, "routes", str(path), "-c", "GW", "-t", "5", "--record", "--json")
    assert [(r["train"], r["revenue"]) for r in json.loads(out)["last_run"]] == [
        ("5", 330),
        ("8", 510),
    ]
    assert [(r.company, r.train) for r in open_game(path).last_routes] == [
        ("GW", "5"),
        ("C&O", "6"),
    ]


def test_routes_record_refuses_a_rusty_train_save(tmp_path, capsys):
    path = tmp_path / "r.game"
    path.write_text(
        json.dumps(
            {
                "game": "1867: The Railways of Canada",
                "phase": "8",
                "map": {"orientation": "FlatTop", "tiles": []},
            }
        )
    )
    code, out, err = run(capsys, "routes", str(path), "-c", "GW", "-t", "5", "--record")
    assert (code, out) == (2, "")
    assert err == (
        f"rusty-train-py: error: --record: {path} is a Rusty Train save, which this program"
        " cannot write; convert it first (rusty-train-py convert)\n"
    )
