"""The game importer's Python writer (tools/import_game) and the hand-written game files.

The Ruby dumper runs at development time only; a dump of 18Texas is committed
(tests/data/import_game/18Texas.json), and writing it again must give the committed
games/18Texas.toml and tiles/18Texas.tiles byte for byte. The hand file of a game
(games/hand/<id>.toml) is merged on load; a key in both files is refused naming both.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rusty_train_py.gamedata.game import GameDataError
from rusty_train_py.gamedata.loader.gamefile import load_game_file

ROOT = Path(__file__).resolve().parents[1]
WRITER = ROOT / "tools" / "import_game" / "write_game.py"
DUMPS = ROOT / "tests" / "data" / "import_game"


def write(dump: Path, game_id: str, out: Path) -> subprocess.CompletedProcess:
    (out / "games").mkdir()
    (out / "tiles").mkdir()
    for name in ("common", "library"):
        shutil.copy(ROOT / "tiles" / f"{name}.tiles", out / "tiles")
    return subprocess.run(
        [
            sys.executable,
            str(WRITER),
            str(dump),
            "--id",
            game_id,
            "--games",
            str(out / "games"),
            "--tiles",
            str(out / "tiles"),
        ],
        capture_output=True,
        text=True,
        check=False,
        env={"PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"},
    )


def test_writer_reproduces_the_committed_18texas_files(tmp_path):
    res = write(DUMPS / "18Texas.json", "18Texas", tmp_path)
    assert res.returncode == 0, res.stderr
    assert (tmp_path / "games" / "18Texas.toml").read_bytes() == (
        ROOT / "games" / "18Texas.toml"
    ).read_bytes()
    assert (tmp_path / "tiles" / "18Texas.tiles").read_bytes() == (
        ROOT / "tiles" / "18Texas.tiles"
    ).read_bytes()
    # what it could not express is named, on stdout and at the top of the game file
    assert res.stdout == 'not expressed: train 5: events [{"type": "close_companies"}]\n'
    head = (ROOT / "games" / "18Texas.toml").read_text().split("\nid = ")[0]
    assert "train 5: events" in head and "GRRRC" in head


def test_writer_names_what_it_cannot_import(tmp_path):
    import json

    dump = json.loads((DUMPS / "18Texas.json").read_text())
    dump["trains"][0]["distance"] = [
        {"nodes": ["city", "offboard"], "pay": 2, "visit": 99},
        {"nodes": ["town"], "pay": 1, "visit": 99},  # one town of any number paid: no kind
    ]
    dump["hexes"][0]["groups"][5]["code"] = "city=revenue:0;path=a:0,b:7"
    dump["route_overrides"] = [{"method": "revenue_for", "owner": "G18Texas::Game"}]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(dump))
    res = write(
        bad, "18Texas", tmp_path / "out" if (tmp_path / "out").mkdir() is None else tmp_path
    )
    assert res.returncode == 1
    assert "route method overridden: revenue_for (G18Texas::Game)" in res.stdout
    assert "cannot import: hex B11: path: edge 7 out of range 0-5" in res.stderr
    assert "cannot import: train 2: distance" in res.stderr
    assert not (tmp_path / "out" / "games" / "18Texas.toml").exists()


def _game_with_hand(tmp_path: Path, hand: str) -> Path:
    (tmp_path / "hand").mkdir()
    shutil.copy(ROOT / "games" / "18Texas.toml", tmp_path / "18Texas.toml")
    (tmp_path / "hand" / "18Texas.toml").write_text(hand)
    return tmp_path / "18Texas.toml"


def test_hand_file_is_merged(tmp_path):
    path = _game_with_hand(
        tmp_path,
        '[rules]\nupgrade_max_exits = ["city"]\n\n[[bonuses]]\nid = "x"\nname = "X"\n'
        'kind = "visit"\nalways = true\nat = ["C16"]\namount = 10\n',
    )
    game = load_game_file(path, ROOT / "tiles")
    assert game.upgrade_max_exits == ("city",)
    assert game.readings["one_stop_per_hex"] is False  # the imported [rules] key is kept
    assert [b.id for b in game.bonuses] == ["x"]


def test_hand_file_may_not_repeat_an_imported_key(tmp_path):
    path = _game_with_hand(tmp_path, "[rules]\nhex_reentry = false\n")
    with pytest.raises(GameDataError) as err:
        load_game_file(path, ROOT / "tiles")
    assert str(err.value) == (
        f"{tmp_path / 'hand' / '18Texas.toml'}: [rules] hex_reentry is already given by "
        f"{tmp_path / '18Texas.toml'}"
    )


def test_hand_file_errors_name_the_hand_file_and_line(tmp_path):
    path = _game_with_hand(
        tmp_path,
        '# notes\n\n[[bonuses]]\nid = "x"\nkind = "visit"\nat = ["C16"]\namount = 5\nwrong = 1\n',
    )
    with pytest.raises(GameDataError) as err:
        load_game_file(path, ROOT / "tiles")
    assert str(err.value).startswith(f"{tmp_path / 'hand' / '18Texas.toml'}:"), err.value


def test_codes_keep_what_our_notation_reads():
    sys.path.insert(0, str(ROOT / "tools" / "import_game"))
    from convert import Conversion, clean_code

    c = Conversion("x", "X", "flat", None)
    # 18CO co8: a last junction no track reaches is dropped; an option we lack is named
    assert (
        clean_code("town=revenue:20,to_city:1;junction;path=a:0,b:_0;path=a:1,b:_0", "tile co8", c)
        == "town=revenue:20;path=a:0,b:_0;path=a:1,b:_0"
    )
    # a junction track reaches stays
    assert clean_code("junction;path=a:0,b:_0;path=a:3,b:_0", "tile j", c) == (
        "junction;path=a:0,b:_0;path=a:3,b:_0"
    )
    assert c.unexpressed == [
        "tile co8: a junction no track reaches (left out)",
        "tile co8: town option 'to_city:1'",
    ]


def test_1822_trains_and_thin_track():
    """1822's trains a command line names (tools/import_game/titles.txt would say so): the L
    as ``local``, the E as ``tokened_cities`` on its own track; thin track (1822MX's sea
    lanes, walked by no route in the engine) left out and named."""
    sys.path.insert(0, str(ROOT / "tools" / "import_game"))
    from convert import Conversion, clean_code, convert_trains, named_rule, pullman_trains

    local = [
        {"nodes": ["city"], "pay": 1, "visit": 1},
        {"nodes": ["town"], "pay": 1, "visit": 1},
    ]
    assert named_rule("local", local) == {"rule": "local"}
    assert named_rule("local", [dict(local[0], visit=2, pay=2), local[1]]) is None
    assert named_rule("tokened_cities", 99) == {"rule": "tokened_cities"}
    assert named_rule("tokened_cities", 7) is None
    assert named_rule("halved", 3) == {"rule": "halved", "stops": 3}
    dump = {
        "phases": [{"name": "1"}],
        "train_counts": {"L": 22, "P+": 2},
        "trains": [
            {"name": "L", "distance": local, "price": 60, "num": 22, "variants": []},
            {
                "name": "7",
                "distance": 7,
                "price": 750,
                "num": "unlimited",
                "variants": [{"name": "E", "distance": 99, "multiplier": 2, "price": 1000}],
            },
            {"name": "P+", "distance": local, "price": 0, "num": 2},
        ],
    }
    c = Conversion("x", "X", "flat", None)
    convert_trains(dump, c, {"L": "local", "E": "tokened_cities"}, {"E": "e"}, frozenset({"P+"}))
    assert [(t["name"], t["rule"], t.get("track_class")) for t in c.trains] == [
        ("L", "local", None),
        ("7", "stops", None),
        ("E", "tokened_cities", "e"),
    ]
    assert c.errors == [] and "train P+ left out (the title never runs it)" in c.read_as
    pullman_trains(c, "P+")  # the pullman attached: the 7 runs as a 7+ (plus_towns)
    assert c.trains[-1] == {
        "name": "7+",
        "rule": "plus_towns",
        "stops": 7,
        "price": 0,
        "count": 0,
    }
    code = "junction;path=a:0,b:_0,terminal:1;path=a:0,b:2,track:thin"
    assert clean_code(code, "hex I10", c) == "junction;path=a:0,b:_0,terminal:1"
    assert c.unexpressed[-1].startswith("hex I10: thin track")


def test_company_scoped_bonuses_name_companies_of_their_game():
    from rusty_train_py.gamedata.loader.gamefile import available_games, load_game

    seen = 0
    for gid in available_games():
        game = load_game(gid)
        abbrevs = {c.abbrev for c in game.companies}
        for b in game.bonuses:
            company = b.params_dict.get("company")
            if company is not None:
                seen += 1
                assert company in abbrevs, f"{gid}: bonus {b.id} names {company!r}"
    assert seen >= 8  # 1888's eight destinations


def test_n_plus_m_trains_paying_every_stop_and_edge_six():
    sys.path.insert(0, str(ROOT / "tools" / "import_game"))
    from convert import Conversion, clean_code, train_rule, with_visits

    c = Conversion("x", "X", "flat", None)
    # 18GB 4+2: two towns, and four places any stop may take, every visit paid
    distance = [
        {"nodes": ["town"], "pay": 2, "visit": 2},
        {"nodes": ["city", "offboard", "town"], "pay": 4, "visit": 4},
    ]
    assert train_rule("4+2", distance, c) == {"rule": "n_plus_m_all", "stops": 4, "towns": 2}
    # 18GB 4X: towns passed and not paid
    distance = [
        {"nodes": ["city", "offboard"], "pay": 4, "visit": 4},
        {"nodes": ["town"], "pay": 0, "visit": 99},
    ]
    assert train_rule("4X", distance, c) == {"rule": "n_plus_m", "stops": 4, "towns": 0}
    # 18Neb 2+2: rows without a visit visit as many as they pay (Base#check_distance)
    distance = [{"nodes": ["town"], "pay": 2}, {"nodes": ["town", "city", "offboard"], "pay": 2}]
    assert train_rule("2+2", with_visits(distance), c) == {
        "rule": "n_plus_m_all",
        "stops": 2,
        "towns": 2,
    }
    # 18Neb 5/7: one row of every stop, visiting more than it pays; 4D: cities doubled, the
    # best four of any number, towns passed unpaid
    distance = [{"nodes": ["city", "offboard", "town"], "pay": 5, "visit": 7}]
    assert train_rule("5/7", distance, c) == {
        "rule": "pay_best",
        "pay": 5,
        "visit": 7,
        "with_towns": "paid",
    }
    distance = [
        {"nodes": ["city", "offboard"], "pay": 4, "visit": 99, "multiplier": 2},
        {"nodes": ["town"], "pay": 0, "visit": 99},
    ]
    assert train_rule("4D", distance, c) == {
        "rule": "pay_best",
        "pay": 4,
        "visit": 99,
        "with_towns": "free",
        "city_multiplier": 2,
    }
    # 18GB G13: the engine turns path edges modulo 6
    assert clean_code("city=revenue:60;path=a:6,b:_0", "tile G13", c) == (
        "city=revenue:60;path=a:0,b:_0"
    )
    assert c.read_as == ["tile G13: path edge 6 read as 0"]


def test_future_track_and_set_up_corporations_of_18sj():
    sys.path.insert(0, str(ROOT / "tools" / "import_game"))
    from convert import Conversion, clean_code, convert_companies

    c = Conversion("x", "X", "pointy", None)
    # 18SJ B5: a printed main line (track:future) is no track: left out, named
    code = "city=revenue:0;path=track:future,a:2,b:_0;path=track:future,a:5,b:_0;icon=image:x"
    assert clean_code(code, "hex B5", c) == "city=revenue:0;icon=image:x"
    assert c.unexpressed == [
        "hex B5: future track 'path=track:future,a:2,b:_0' (not track: left out)",
        "hex B5: future track 'path=track:future,a:5,b:_0' (not track: left out)",
    ]
    # a corporation the title's set-up makes (18SJ's SJ, no tokens of its own): a neutral
    # company with room for every company's tokens, named
    corp = {"type": "", "coordinates": None, "city": None, "color": "red", "text_color": None}
    corp["abilities"] = []
    dump = {
        "corporations": [dict(corp, sym="A", name="A rail", tokens=3)],
        "minors": [dict(corp, sym="m", name="m rail", type="minor", tokens=1)],
        "extra_corporations": [
            dict(corp, sym="SJ", name="State", type="neutral", tokens=0, created=True)
        ],
        "companies": [],
    }
    c = Conversion("x", "X", "pointy", None)
    convert_companies(dump, c)
    sj = c.companies[-1]
    assert (sj["abbrev"], sj["kind"], sj["tokens"]) == ("SJ", "neutral", 4)
    assert c.unexpressed == [
        "company SJ: made by the title's setup, tokens taken over from others (written as 4,"
        " every company's)"
    ]


def test_18fl_parts_the_importer_reads():
    """18FL's data: edge 6 is edge 0 (the engine turns every edge mod 6), train limits of
    5- and 10-share companies read as one major limit (the higher), a ``rusts_on`` naming no
    train of the title dropped and named, a variant's rule given on the command line (the
    3E, whose towns row pays multiplier 0: towns unpaid)."""
    sys.path.insert(0, str(ROOT / "tools" / "import_game"))
    from convert import Conversion, clean_code, convert_phases, convert_trains

    c = Conversion("x", "X", "pointy", None)
    assert clean_code("city=revenue:40;path=a:1,b:_0;path=a:6,b:_0", "tile 405", c) == (
        "city=revenue:40;path=a:1,b:_0;path=a:0,b:_0"
    )
    phases = {
        "phases": [
            {"name": "3", "tiles": ["yellow"], "train_limit": {"five_share": 2, "ten_share": 4}}
        ]
    }
    convert_phases(phases, c)
    assert c.phases == [{"name": "3", "tiles": ["yellow"], "train_limit": {"major": 4}}]
    towns_unpaid = [
        {"nodes": ["city", "offboard"], "pay": 3, "visit": 3, "multiplier": 2},
        {"nodes": ["town"], "pay": 99, "visit": 99, "multiplier": 0},
    ]
    plus = [{"nodes": ["city", "offboard"], "pay": 4, "visit": 4},
            {"nodes": ["town"], "pay": 99, "visit": 99}]  # fmt: skip
    dump = {
        "trains": [
            {"name": "4", "distance": plus, "price": 400, "num": 3, "rusts_on": "D"},
            {"name": "6", "distance": plus, "price": 600, "num": "unlimited",
             "variants": [{"name": "3E", "distance": towns_unpaid, "price": 600}]},
        ],
        "train_counts": {"4": 3},
    }  # fmt: skip
    convert_trains(dump, c, {"3E": "plus_towns_min"})
    assert c.errors == []
    assert c.trains[0] == {"name": "4", "rule": "plus_towns", "stops": 4, "price": 400,
                           "count": 3}  # fmt: skip
    assert c.trains[2] == {"name": "3E", "rule": "plus_towns_min", "stops": 3,
                           "city_multiplier": 2, "towns_paid": False, "price": 600,
                           "count": "unlimited"}  # fmt: skip
    assert "train 4: rusts_on D, no train of the title" in c.unexpressed
    assert "phase 3: train limit 2 of five_share (a major)" in c.unexpressed


def test_18va_parts_the_importer_reads(tmp_path):
    """18VA's trains: a town row, an off-board row and a city row (its ports cost nothing)
    written as the kind the command line names, the towns row's multiplier 0 as towns unpaid;
    ``--train-param`` adds a key (a list of names, or JSON); a home city the printed hex lacks
    is left out and named."""
    sys.path.insert(0, str(ROOT / "tools" / "import_game"))
    from convert import towns_row_rule

    rows = [
        {"nodes": ["town"], "pay": 99, "visit": 99, "multiplier": 0},
        {"nodes": ["offboard"], "pay": 2, "visit": 2},
        {"nodes": ["city"], "pay": 3, "visit": 3},
    ]
    assert towns_row_rule("plus_towns_min", rows) == {
        "rule": "plus_towns_min",
        "stops": 3,
        "towns_paid": False,
    }
    import json

    dump = json.loads((DUMPS / "18Texas.json").read_text())
    dump["corporations"][0]["city"] = 3
    bad = tmp_path / "va.json"
    bad.write_text(json.dumps(dump))
    out = tmp_path / "out"
    out.mkdir()
    (out / "games").mkdir()
    (out / "tiles").mkdir()
    for name in ("common", "library"):
        shutil.copy(ROOT / "tiles" / f"{name}.tiles", out / "tiles")
    res = subprocess.run(
        [sys.executable, str(WRITER), str(bad), "--id", "18Texas", "--games",
         str(out / "games"), "--tiles", str(out / "tiles"),
         "--train-param", "2:barred_at=A6,A12", "--train-param", "3:multiplier=2"],
        capture_output=True, text=True, check=False, env={"PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    assert res.returncode == 0, res.stderr
    text_ = (out / "games" / "18Texas.toml").read_text()
    assert 'barred_at = ["A6", "A12"]' in text_ and "multiplier = 2" in text_
    sym = dump["corporations"][0]["sym"]
    assert f"company {sym}: home city 3 of" in res.stdout


def test_1849_boot_h_trains_a_path_given_twice_and_a_tile_made_in_code(tmp_path):
    """1849 Boot (tools/import_game/titles.txt): its H trains as ``edges`` (distance in hex
    edges), I13's path printed twice kept once, and the gray Avezzano its earthquake makes in
    code written into its tile file, none of its manifest."""
    sys.path.insert(0, str(ROOT / "tools" / "import_game"))
    from convert import Conversion, clean_code, named_rule

    assert named_rule("edges", 6) == {"rule": "edges", "edges": 6}
    assert named_rule("edges", 99) is None
    c = Conversion("x", "X", "pointy", None)
    code = "city=slots:2;path=a:4,b:_0,track:dual;path=a:5,b:_0,track:dual;path=a:5,b:_0,track:dual"
    assert clean_code(code, "hex I13", c) == (
        "city=slots:2;path=a:4,b:_0,track:dual;path=a:5,b:_0,track:dual"
    )
    assert c.read_as == ["hex I13: path 'path=a:5,b:_0,track:dual' given twice (kept once)"]
    text = (ROOT / "tiles" / "1849Boot.tiles").read_text(encoding="utf-8")
    assert text.splitlines()[-1] == "C7 grey   town=revenue:10;path=a:4,b:_0,track:narrow"
    game = (ROOT / "games" / "1849Boot.toml").read_text(encoding="utf-8")
    assert '"C7"' not in game.split("[manifest]")[1].split("[[companies]]")[0]
    assert 'rule = "edges"\nedges = 16\nprice = 1100' in game


def test_1836jr56_has_the_diesel_variants_d_after_its_own_trains():
    """tools/import_game/titles.txt imports 1836jr56 with ``--engine-options diesel_variant``
    (dump_game.rb's ENGINE_OPTIONS): the 8 and its phase, then the variant's D and phase D."""
    from rusty_train_py.gamedata.loader.gamefile import load_game

    game = load_game("1836Jr56")
    assert [t.name for t in game.trains] == ["2", "3", "4", "5", "6", "8", "D"]
    assert [p.name for p in game.phases] == ["2", "3", "4", "5", "6", "8", "D"]
    assert game.train("4").rusts_on == "8"  # the variant's (on the D): titles/t1836jr56.py
    assert game.train("D").count == 22 and game.train("D").available_on == "6"
    line = "1836Jr56 1836Jr56 --engine-options diesel_variant"
    assert line in (ROOT / "tools" / "import_game" / "titles.txt").read_text(encoding="utf-8")


def test_pay_best_trains_and_tiles_keeping_a_printed_group():
    """18 Los Angeles 1st edition (tools/import_game/titles.txt): its N/M trains' one row for
    cities and off-boards, paying fewer than they visit, is ``pay_best``; with ``--keep-groups
    LB`` Long Beach's tiles keep the group of the printed hex's four cities (the engine's
    Hex#lay), and a label no printed hex gives one group is an error."""
    sys.path.insert(0, str(ROOT / "tools" / "import_game"))
    from convert import Conversion, convert_tiles, train_rule

    c = Conversion("x", "X", "pointy", None)
    distance = [{"nodes": ["city", "offboard"], "pay": 3, "visit": 5}]
    assert train_rule("3/5", distance, c) == {"rule": "pay_best", "pay": 3, "visit": 5}
    four = ";".join(["city=revenue:10,groups:LongBeach"] * 4)
    c.hex_groups = [("yellow", ["E8"], f"{four};path=a:1,b:_0;label=LB")]
    code = "city=revenue:40;city=revenue:40;path=a:1,b:_0;path=a:2,b:_1;label=LB"
    one = "city=revenue:40;path=a:1,b:_0;label=LB"
    dump = {
        "tiles": [
            {"name": "298LA", "colour": "green", "code": code, "count": 1},
            {"name": "X1", "colour": "green", "code": one, "count": 1},
        ]
    }
    convert_tiles(dump, c, {}, frozenset({"LB"}))
    assert c.own_tiles == [
        (
            "298LA",
            "green",
            "city=revenue:40,groups:LongBeach;city=revenue:40,groups:LongBeach;"
            "path=a:1,b:_0;path=a:2,b:_1;label=LB",
        ),
        ("X1", "green", one),  # a city alone keeps no group (18SJ's X5)
    ]
    assert c.read_as == ["tile 298LA: its cities keep the group LongBeach of the hex it is laid on"]
    plain = Conversion("x", "X", "pointy", None)
    plain.hex_groups = c.hex_groups
    convert_tiles(dump, plain, {})  # without --keep-groups the engine's codes stay
    assert plain.own_tiles[0] == ("298LA", "green", code)
    convert_tiles({"tiles": []}, plain, {}, frozenset({"Z"}))
    assert plain.errors == ["--keep-groups Z: no printed hex of that label with one group"]


def test_a_title_keeping_a_subset_of_its_parents_companies():
    """1822NRS keeps in code a subset of 1822's companies (G1822NRS STARTING_CORPORATIONS,
    STARTING_COMPANIES): ``--corporations`` and ``--privates`` keep only those of the dump,
    and the game file says so."""
    sys.path.insert(0, str(ROOT / "tools" / "import_game"))
    from write_game import _keep_only

    dump = {
        "corporations": [{"sym": "LNWR"}, {"sym": "GWR"}],
        "minors": [{"sym": "1"}, {"sym": "11"}],
        "companies": [{"sym": "P1"}, {"sym": "P5"}, {"sym": "M1"}],
    }
    notes = _keep_only(dump, "1,LNWR", "P1,M1")
    assert dump == {
        "corporations": [{"sym": "LNWR"}],
        "minors": [{"sym": "1"}],
        "companies": [{"sym": "P1"}, {"sym": "M1"}],
    }
    assert notes == ["only the corporations 1, LNWR", "only the private companies P1, M1"]
    assert _keep_only(dump, None, None) == []
