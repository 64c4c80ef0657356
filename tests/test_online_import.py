"""Import of 18xx.games logs (files/online/): undo and redo, the replayed positions of real
games (tobymao/18xx fixtures, MIT), the real-game check on them, and the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rusty_train_py.cli import main
from rusty_train_py.files.errors import GameFileError
from rusty_train_py.files.loader import EIGHTEEN_XX, open_game
from rusty_train_py.files.online import log_from_data, read_log_file, replay_log
from rusty_train_py.files.online.log import filtered
from rusty_train_py.files.online.realcheck import (
    check_position,
    positions,
    price_routes,
    route_stops,
)
from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.mapstate.state import MapState

LOGS = Path(__file__).resolve().parent / "data" / "18xx_games"


def log_of(name: str):
    path = LOGS / name
    return read_log_file(str(path), str(path))


def test_undo_and_redo_are_applied_as_the_engine_does():
    acts = [
        {"id": 1, "type": "lay_tile"},
        {"id": 2, "type": "message"},
        {"id": 3, "type": "lay_tile"},
        {"id": 4, "type": "undo"},  # takes back 3 (the last standing action, not the message)
        {"id": 5, "type": "redo"},  # puts 3 back
        {"id": 6, "type": "undo", "action_id": 1},  # takes back 3 (the message stays)
        {"id": 7, "type": "pass"},  # forgets the undo: no redo can bring 3 back now
        {"id": 8, "type": "redo"},
        {"id": 9, "type": "undo", "action_id": 0},  # back to the start
        {"id": 10, "type": "buy_train"},
    ]
    assert filtered(acts, "x") == [
        False, True, False, False, False, False, False, False, False, True,
    ]  # fmt: skip


def test_undo_to_an_unknown_action_names_it():
    acts = [{"id": 1, "type": "pass"}, {"id": 2, "type": "undo", "action_id": 7}]
    with pytest.raises(GameFileError, match=r"x: action 2 \(undo\): no earlier action 7"):
        filtered(acts, "x")


def test_1830_position_with_undos_equals_the_log():
    """1830 game 26855 (42 undos, 2 redos): the final map, phase and trains."""
    game = replay_log(log_of("1830_26855.json"))
    assert game.warnings == ()
    assert game.state.phase == "D"
    assert len(game.state.laid_tiles()) == 25 and len(game.state.all_tokens()) == 13
    assert game.trains == {
        "PRR": ("6",), "NYC": ("5", "6"), "CPR": ("5",), "C&O": ("D",), "NYNH": ("5",),
    }  # fmt: skip
    assert len(game.runs) == 43  # one of the 44 recorded runs was undone


def test_position_just_before_an_action():
    log = log_of("1830_26855.json")
    lay = next(
        a for a, k in zip(log.actions, log.kept, strict=True) if k and a["type"] == "lay_tile"
    )
    before = replay_log(log, lay["id"]).state
    after_id = next(a["id"] for a in log.actions if a["id"] > lay["id"])
    after = replay_log(log, after_id).state
    assert before.laid_tile(lay["hex"]) is None
    assert after.laid_tiles()[lay["hex"]] == (lay["tile"].rsplit("-", 1)[0], lay["rotation"])


def test_1867_mergers_and_nationalisation():
    """1867 game with mergers, token removal and a nationalised major (CNR, action 528)."""
    log = log_of("1867_nationalization_cash.json")
    before = replay_log(log, 528).state
    cnr = [(h, s) for h, s, c in before.all_tokens() if c == "CNR"]
    assert cnr == [("E15", 0), ("F16", 2), ("J12", 1)]
    after = replay_log(log, 529).state
    assert not after.tokens_placed("CNR")
    # the national takes a token where it has none on the tile (not Toronto F16)
    assert [(h, s) for h, s, c in after.all_tokens() if c == "CN"] == [
        ("E13", 0), ("E15", 0), ("F16", 0), ("J12", 1), ("L12", 1), ("M9", 0),
    ]  # fmt: skip
    end = replay_log(log)
    assert end.state.phase == "8" and end.warnings == ()
    assert end.trains["GW"] == ("5", "8") and end.trains["CNR"] == ("5+5E",)


def test_every_recorded_run_is_priced_as_the_log_says():
    """(a) of the real-game check on two games: our price of the players' routes equals
    the revenue the log records, at every run."""
    for name, runs in (("1867_nationalization_cash.json", 79), ("1846_222264.json", 2)):
        found = positions(log_of(name))
        assert len(found) == runs
        for pos in found:
            recorded = sum(r[2] for r in pos.routes)
            priced, why = price_routes(pos, [r for r in pos.routes if len(r[1]) >= 2])
            assert (pos.action_id, priced, why) == (pos.action_id, recorded, "")


def test_recorded_stops_of_a_route_and_of_a_local_trains_one_city():
    state = MapState(load_game("1830"), "2")
    route = {"connections": [["E5", "F6", "E7"], ["E7", "D8"]]}
    assert route_stops(route, state) == ("E5", "E7", "D8")
    # 1822's L train running its token city alone: the engine writes ["local", hex]
    assert route_stops({"connections": [["local", "E5"]]}, state) == ("E5",)


def test_the_finder_never_earns_less_than_the_players_1830():
    for pos in positions(log_of("1830_26855.json")):
        c = check_position(pos)
        assert c.recorded == c.priced and c.best >= c.priced and c.proven, c


def test_1846_set_up_removes_a_corporation_as_the_engine_does():
    """4 players, second edition: one of C&O, ERIE, PRR is removed (the engine's seeded
    draws; here ERIE, as the engine's log of this game says, "Removing ERIE", and the log
    never starts it) and its home token stays; the minors hold a 2 train and their token."""
    log = log_of("1846_222264.json")
    start = replay_log(log, log.actions[0]["id"])
    assert start.state.all_tokens() == [("G9", 0, "BIG4"), ("C15", 0, "MS"), ("E21", 0, "ERIE")]
    assert start.trains == {"MS": ("2",), "BIG4": ("2",)}
    assert "ERIE" not in {a.get("corporation") for a in log.actions}


def test_convert_routes_and_show_on_a_log(tmp_path, capsys):
    log = LOGS / "1867_nationalization_cash.json"
    out = tmp_path / "at_612.json"
    assert main(["convert", str(log), "-o", str(out), "--at", "612"]) == 0
    saved = json.loads(out.read_text())
    assert saved["phase"] == "8" and saved["trains"]["GW"] == ["5", "8"]
    opened = open_game(out)
    assert opened.trains["GW"] == ("5", "8")
    assert opened.state == open_game(log, at=612).state
    capsys.readouterr()
    # routes without --trains runs the company's own trains at that point
    assert main(["routes", str(log), "--at", "612", "-c", "GW", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["trains"] == ["5", "8"] and result["net_revenue"] == 760
    assert main(["show", str(log), "--at", "612", "--json"]) == 0
    shown = capsys.readouterr().out
    assert '"GW": ["5", "8"]' in shown and '"trains": {' in shown
    assert main(["show", str(log), "--at", "612"]) == 0  # the summary a player reads
    assert "trains: 5, 8\n" in capsys.readouterr().out


def test_open_game_reads_a_log_and_its_runs():
    opened = open_game(LOGS / "1889_314.json")
    assert opened.format == EIGHTEEN_XX
    assert len(opened.runs) == 32 and opened.runs[-1].company == "AR"
    assert opened.trains["UR"] == ("D",)


def _bad(tmp_path, name: str, data: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    with pytest.raises(GameFileError) as err:
        open_game(path)
    return str(err.value)


def test_bad_logs_give_one_clear_error(tmp_path):
    good = (LOGS / "1846_222264.json").read_bytes()
    data = json.loads(good)
    msg = _bad(tmp_path, "cut.json", good[: len(good) // 2])
    assert "cut.json: line" in msg and "the file may be truncated" in msg
    data["title"] = "18Nowhere"  # no title of 18xx.games (1817, once used here, is modelled)
    msg = _bad(tmp_path, "title.json", json.dumps(data).encode())
    assert "title.json: the game '18Nowhere' is not one this program models" in msg
    data = json.loads(good)
    lay = next(a for a in data["actions"] if a["type"] == "lay_tile")
    lay["tile"] = "9999-0"
    msg = _bad(tmp_path, "tile.json", json.dumps(data).encode())
    assert (
        msg
        == f"{tmp_path / 'tile.json'}: action {lay['id']} (lay_tile): unknown tile '9999' for game 1846"
    )
    data = json.loads(good)
    data["actions"][3] = {"id": data["actions"][3]["id"], "type": "lay_tile", "hex": "Q99"}
    msg = _bad(tmp_path, "hex.json", json.dumps(data).encode())
    assert f"action {data['actions'][3]['id']} (lay_tile): no hex 'Q99' on the 1846 map" in msg
    data = json.loads(good)
    data["actions"][5]["id"] = "seven"
    msg = _bad(tmp_path, "id.json", json.dumps(data).encode())
    assert msg.endswith("id.json: actions[5]: bad action id 'seven'")
    msg = _bad(tmp_path, "other.json", b'{"title": "1846", "players": [], "moves": []}')
    assert msg.endswith("other.json: not an 18xx.games log: 'actions' should be a list")
    msg = _bad(
        tmp_path, "deep.json", b'{"title": "1846", "actions": ' + b"[" * 40 + b"]" * 40 + b"}"
    )
    assert "nested too deeply" in msg
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:
        fh.truncate(20 * 1024 * 1024)
    with pytest.raises(GameFileError, match="big.json: not a saved game: 20,971,520 bytes"):
        open_game(big)


def test_an_action_out_of_range_is_named(tmp_path):
    log = LOGS / "1846_222264.json"
    with pytest.raises(
        GameFileError, match=r"222264.json: no action 99999 in this log \(its actions: 1 to \d+\)"
    ):
        open_game(log, at=99999)
    assert main(["convert", str(log), "-o", str(tmp_path / "x.json"), "--at", "99999"]) == 2


def test_a_log_whose_routes_name_an_unowned_train_warns():
    data = json.loads((LOGS / "1846_222264.json").read_text())
    run = next(a for a in data["actions"] if a["type"] == "run_routes")
    run["routes"][0]["train"] = "6-5"
    game = replay_log(log_from_data(data, "x"))
    assert any(
        w.startswith(f"action {run['id']} (run_routes): ") and "runs train 6-5" in w
        for w in game.warnings
    )


def test_a_city_id_names_the_part_of_the_tile_code():
    from rusty_train_py.files.online.replay import city_of_part

    trapani = "border=edge:4,type:impassable;city=revenue:20;path=a:0,b:_0"
    assert city_of_part(trapani, 1) == 0  # part 0 is the border
    assert city_of_part("city=revenue:40;city=revenue:40;path=a:1,b:_0", 1) == 1


def test_routes_without_trains_on_a_save_without_them_asks_for_them(capsys):
    from rusty_train_py.base.paths import default_game_file

    assert main(["routes", str(default_game_file()), "-c", "GW"]) == 2
    err = capsys.readouterr().err
    assert "GW owns no trains in this game file; name them with --trains (e.g. -t 5,8)" in err


def test_routes_on_a_log_uses_the_bonuses_the_company_holds(capsys):
    """C&O owns the Niagara Falls and Montreal bridges at action 477 of the 1867 game: its
    players ran $470 there, which our price equals only with those bonuses."""
    log = LOGS / "1867_nationalization_cash.json"
    assert open_game(log, at=477).bonuses["C&O"] == ("nfb", "mb")
    assert main(["routes", str(log), "--at", "477", "-c", "C&O", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["trains"] == ["3", "5"]
    assert result["net_revenue"] == 470  # the players found the optimum


def test_advise_on_a_log_uses_the_bonuses_the_company_holds(capsys):
    """The advisor starts from the same $470 as ``routes`` above (the bridges counted), and
    a ``--bonus`` given replaces the log's: with the Niagara bridge alone, Montreal's +10 of
    the Montreal bridge is gone ($460)."""
    log = LOGS / "1867_nationalization_cash.json"
    assert main(["advise", str(log), "--at", "477", "-c", "C&O", "--json", "--top", "1"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["bonuses"] == ["nfb", "mb"]
    assert result["base_net_revenue"] == 470
    assert main(["advise", str(log), "--at", "477", "-c", "C&O", "-b", "nfb", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["bonuses"] == ["nfb"]
    assert result["base_net_revenue"] == 460


def test_show_position_in_the_engines_terms(capsys):
    """After CNR's nationalisation (1867, action 528): CN holds Toronto's first slot, the
    phase is 8 (the 8 train exported at the round's end rusted the 4s), train ids as the
    engine names them."""
    log = LOGS / "1867_nationalization_cash.json"
    assert main(["show", str(log), "--at", "529", "--position"]) == 0
    pos = json.loads(capsys.readouterr().out)
    assert pos["action"] == 529 and pos["phase"] == "8"
    assert pos["tiles"]["F16"] == ["122", 1]
    assert pos["tokens"]["F16"] == [[0, 0, "CN"], [0, 1, "GW"], [1, 1, "CPR"]]
    assert pos["trains"] == {
        "C&O": ["5-0", "7-0"], "CPR": ["5-3", "6-1"], "GW": ["5-2"], "NYC": ["7-1"],
    }  # fmt: skip
