"""What tools/import_game reads of 1893's data (tobymao/18xx g_1893): a tile's path given
twice, and the neutral company its set-up makes and puts a token down for."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools" / "import_game"))

from convert import Conversion, clean_code, convert_companies  # noqa: E402


def test_a_tiles_path_given_twice_is_written_once():
    # K170 (Leverkusen's brown city) gives path a:3 twice: the engine keys track by hex and
    # edge, so the copy adds nothing a route could use; written once, and said so
    c = Conversion("x", "X", "flat", None)
    code = "city=revenue:50,slots:2;path=a:0,b:_0;path=a:3,b:_0;path=a:3,b:_0;path=a:4,b:_0"
    assert clean_code(code, "tile K170", c) == (
        "city=revenue:50,slots:2;path=a:0,b:_0;path=a:3,b:_0;path=a:4,b:_0"
    )
    assert c.read_as == ["tile K170: path 'path=a:3,b:_0' given twice (kept once)"]
    # a printed hex's too (1849 Boot's I13; 18EU's Hamburg G2, 1817NA's Miami I21)
    c = Conversion("x", "X", "flat", None)
    code = "city=revenue:40;path=a:_0,b:5;path=a:_0,b:5"
    assert clean_code(code, "hex G2", c) == "city=revenue:40;path=a:_0,b:5"
    assert c.read_as == ["hex G2: path 'path=a:_0,b:5' given twice (kept once)"]


def test_the_set_up_neutral_holding_a_token_is_one_company():
    # G1893#setup makes the neutral N (an instance variable of the game, so the dumper
    # lists it among the corporations the set-up makes) and places its token in H5 (so the
    # dumper lists it among the neutrals of set-up tokens too): one company, homed in H5
    corp = {"type": "", "coordinates": None, "city": None, "color": "red", "text_color": None}
    corp["abilities"] = []
    dump = {
        "corporations": [dict(corp, sym="DE", name="Dürener", tokens=3)],
        "minors": [],
        "extra_corporations": [
            dict(corp, sym="N", name="Neutral", type="neutral", tokens=1, created=True)
        ],
        "neutrals": [{"sym": "N", "name": "Neutral", "tokens": 1, "hexes": ["H5"]}],
        "companies": [],
    }
    c = Conversion("x", "X", "flat", None)
    convert_companies(dump, c)
    assert [(e["abbrev"], e["kind"], e.get("home")) for e in c.companies] == [
        ("DE", "major", None),
        ("N", "neutral", "H5"),
    ]
