"""``show``: a summary a player reads (game, phase, tiles laid, companies with their tokens
and last run), and ``--json`` for the save's data."""

from __future__ import annotations

import json
import shutil

from rusty_train_py.base.paths import default_game_file
from rusty_train_py.cli import main

GAME = str(default_game_file())

SUMMARY = [
    "1867: The Railways of Canada (game 1867), phase 8: lays yellow, green, brown, grey tiles",
    "tiles laid: 27 (yellow 6, green 11, brown 7, grey 3)",
    "station tokens: 14, of 5 companies",
    "  CNR  Canadian Northern Railway: 3 tokens (D16 Berlin, E17 Hamilton, F16 Toronto), 0 left",
    "  CPR  Canadian Pacific Railway: 3 tokens (F16 Toronto, G15 Peterborough, L12 Montreal),"
    " 0 left",
    "  C&O  Chesapeake and Ohio Railway: 3 tokens (C17 London, E17 Hamilton, F16 Toronto), 0 left",
    "  GW   Great Western Railway: 3 tokens (E15 Guelph, J12 Ottawa, L12 Montreal), 0 left",
    "  NTR  National Transcontinental Railway: 2 tokens (I15 Kingston, L12 Montreal), 1 left",
    "  (21 more companies with no token on the map)",
]


def test_show_prints_a_summary(capsys):
    assert main(["show", GAME]) == 0
    out, err = capsys.readouterr()
    assert (out.splitlines(), err) == (SUMMARY, "")


def test_show_lists_a_kept_last_run_under_its_company(capsys, tmp_path):
    path = tmp_path / "kept.json"
    shutil.copy(GAME, path)
    assert main(["routes", str(path), "-c", "GW", "-t", "5,8", "--record"]) == 0
    capsys.readouterr()
    assert main(["show", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    gw = SUMMARY.index(next(line for line in SUMMARY if line.startswith("  GW ")))
    assert lines == [
        *SUMMARY[: gw + 1],
        "       last run: $840 (5 $330, 8 $510)",
        *SUMMARY[gw + 1 :],
    ]


def test_show_json_prints_the_saved_data(capsys):
    assert main(["show", GAME, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    saved = json.loads(default_game_file().read_text())
    assert (data["game"], data["phase"]) == ("1867", "8")
    assert data["tiles"] == saved["tiles"]
    assert len(data["tiles"]) == 27


def test_show_of_a_game_without_tokens(capsys, tmp_path):
    path = tmp_path / "empty.json"
    assert main(["convert", GAME, "-o", str(path)]) == 0
    data = json.loads(path.read_text())
    data["tiles"] = data["tokens"] = []
    path.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["show", str(path)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        SUMMARY[0],
        "tiles laid: 0",
        "station tokens: none on the map",
    ]
