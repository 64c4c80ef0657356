"""Every input is untrusted (issue 29): a log's actions checked before the replay, bounded
work on any tile, errors naming the hand file, the colour rule, names never read as paths."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest

from rusty_train_py.base.paths import games_dir, tiles_dir
from rusty_train_py.cli import main
from rusty_train_py.files.errors import GameFileError
from rusty_train_py.files.loader import open_game
from rusty_train_py.files.online import log_from_data
from rusty_train_py.files.online.moves import ReplayMoves
from rusty_train_py.gamedata.game import GameDataError
from rusty_train_py.gamedata.loader.gamefile import available_games, load_game, load_game_file
from rusty_train_py.grid.tile import TileDataError
from rusty_train_py.grid.tile_code import parse_tile
from rusty_train_py.mapstate.state import MapEditError, MapState
from rusty_train_py.titles.specials import GameSpecials

LOGS = Path(__file__).resolve().parent / "data" / "18xx_games"


# ---- logs ---------------------------------------------------------------------------------------


def _log() -> dict:
    return json.loads((LOGS / "1846_222264.json").read_text())


def _first(data: dict, kind: str) -> dict:
    return next(a for a in data["actions"] if a["type"] == kind)


def _refused(tmp_path: Path, data: dict) -> str:
    path = tmp_path / "log.json"
    path.write_text(json.dumps(data))
    with pytest.raises(GameFileError) as err:
        open_game(path)
    message = str(err.value)
    assert message.startswith(f"{path}: ")
    return message[len(f"{path}: ") :]


def test_a_company_given_as_a_list_is_refused_naming_the_action(tmp_path):
    data = _log()
    bid = next(a for a in data["actions"] if "company" in a)
    bid["company"] = ["MS", "BIG4"]
    assert _refused(tmp_path, data) == (
        f"action {bid['id']} ({bid['type']}): company: bad value ['MS', 'BIG4']"
    )


def test_the_set_up_reads_a_list_company_without_a_traceback():
    # the replay's set-up (titles/specials.py) once put every action's company in a set
    data = _log()
    data["actions"][0]["company"] = ["MS"]
    log = log_from_data(data, "x.json")
    game = load_game("1846")
    replay = ReplayMoves(game, log, MapState(game), game.eighteen_xx)
    GameSpecials().setup(replay)
    assert replay.warnings == []


@pytest.mark.parametrize("huge", [10**30, 10**400, 10_000_001])
def test_an_action_id_past_any_game_is_refused(tmp_path, huge):
    data = _log()
    data["actions"][3]["id"] = huge
    message = _refused(tmp_path, data)
    assert message.startswith("actions[3]: action id ")
    assert message.endswith(" is past any game's (10,000,000 at most)")


def test_a_lay_tile_without_or_with_an_unknown_entity_is_refused(tmp_path):
    data = _log()
    lay = _first(data, "lay_tile")
    del lay["entity"]
    assert _refused(tmp_path, data) == f"action {lay['id']} (lay_tile): no 'entity' (who acts)"
    lay["entity"] = "ZZZ9"
    assert _refused(tmp_path, data) == f"action {lay['id']} (lay_tile): no minor 'ZZZ9' in 1846"


def test_a_place_token_without_its_slot_is_refused(tmp_path):
    data = _log()
    token = _first(data, "place_token")
    del token["slot"]
    assert _refused(tmp_path, data) == f"action {token['id']} (place_token): missing key 'slot'"


def test_a_route_through_a_hex_off_the_map_is_refused(tmp_path):
    data = _log()
    run = _first(data, "run_routes")
    run["routes"][0]["hexes"].append("Z99")
    assert _refused(tmp_path, data) == (
        f"action {run['id']} (run_routes): routes[0]: hexes: no hex 'Z99' on the 1846 map"
    )
    run["routes"][0]["hexes"].pop()
    run["routes"][0]["connections"][0].append("Q1")
    assert _refused(tmp_path, data) == (
        f"action {run['id']} (run_routes): routes[0]: connections: no hex 'Q1' on the 1846 map"
    )


def test_a_tile_copy_no_game_has_is_refused(tmp_path):
    data = _log()
    lay = _first(data, "lay_tile")
    lay["tile"] = "6-999999"
    assert _refused(tmp_path, data) == (
        f"action {lay['id']} (lay_tile): tile '6-999999': no game has 1,000,000 copies of one"
    )


def test_repeated_and_out_of_order_actions_load_with_warnings_naming_them(tmp_path):
    data = _log()
    actions = data["actions"]
    actions.insert(6, dict(actions[5]))  # a pass, given twice
    path = tmp_path / "twice.json"
    path.write_text(json.dumps(data))
    aid, kind = actions[5]["id"], actions[5]["type"]
    assert (
        open_game(path).warnings[0]
        == f"action {aid} ({kind}): id {aid} given twice (actions[5] and [6])"
    )
    data = _log()
    actions = data["actions"]
    actions[20], actions[21] = actions[21], actions[20]
    path.write_text(json.dumps(data))
    late = actions[21]
    assert open_game(path).warnings[0] == (
        f"action {late['id']} ({late['type']}): out of order (after action {actions[20]['id']}):"
        " replayed in file order"
    )


def test_a_private_no_earlier_action_names_acts_with_a_warning():
    data = _log()
    lay = _first(data, "lay_tile")
    lay["entity"], lay["entity_type"] = "Nobody's Private", "company"
    from rusty_train_py.files.online.log_check import check_actions

    assert check_actions(log_from_data(data, "x"), load_game("1846")) == [
        f'action {lay["id"]} (lay_tile): private company "Nobody\'s Private" acts, but no'
        " earlier action names it"
    ]


def test_every_real_log_passes_the_check():
    """No real log of tests/data is refused; only the hand-edited and hot-seat ones warn."""
    import gzip

    from rusty_train_py.files.online import game_for_title
    from rusty_train_py.files.online.log_check import check_actions

    fixtures = sorted((LOGS.parent / "18xx_fixtures").glob("*/*.json.gz"))
    warned = {}
    for path in [*sorted(LOGS.glob("*.json")), *fixtures]:
        raw = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
        log = log_from_data(json.loads(raw), str(path))
        try:
            game = game_for_title(log.title, str(path))
        except GameFileError:  # a title or variant not modelled
            continue
        warnings = check_actions(log, game)
        if warnings:
            warned[path.name] = len(warnings)
    assert len(fixtures) == 157
    assert warned == {
        "verification_of_kk_formation.json.gz": 5,
        "hotseat001.json.gz": 3,
        "hs_ahjzadkh_19792.json.gz": 5,
    }


# ---- tiles: bounded, no part twice --------------------------------------------------------------


def test_more_revenue_centres_than_any_printed_tile_are_refused():
    six = ";".join(["city=revenue:90"] * 6) + ";" + ";".join(f"path=a:{e},b:_{e}" for e in range(6))
    assert len(parse_tile("X", "grey", six).cities) == 6  # 1822MX's Mexico City has six
    for n in (7, 60):
        with pytest.raises(TileDataError) as err:
            parse_tile("X", "grey", ";".join(["city=revenue:10"] * n), where="t.tiles:3: tile X")
        assert str(err.value) == (
            "t.tiles:3: tile X: more than 6 cities, towns and off-boards on one tile (no printed"
            " tile has more)"
        )


@pytest.mark.parametrize(
    "code, printed, message",
    [
        ("city=revenue:20;path=a:0,b:_0;path=a:0,b:_0", False, "path 'path=a:0,b:_0' is given twice (a tile's track is given once)"),
        ("city=revenue:20;path=a:0,b:_0;path=a:_0,b:0", False, "path 'path=a:_0,b:0' is given twice (a tile's track is given once)"),
        ("path=a:0,b:3;path=a:0,b:3;path=a:3,b:0", True, "path 'path=a:3,b:0' is given 3 times"),
        ("path=a:0,b:3;border=edge:1;border=edge:1,type:water", False, "border: edge 1 given twice"),
        ("path=a:0,b:3;stub=edge:2;stub=edge:2", False, "stub: edge 2 given twice"),
        ("path=a:0,b:3;label=Y;label=OO", False, "label given twice ('Y', then 'OO')"),
    ],
)  # fmt: skip
def test_a_part_given_twice_is_refused(code, printed, message):
    with pytest.raises(TileDataError) as err:
        parse_tile("X", "yellow", code, where="w", printed=printed)
    assert str(err.value) == f"w: {message}"


def test_a_printed_hex_may_give_a_track_twice():
    # 18EU's Hamburg (G2): each of three edges twice, as the 18xx.games data has it
    hamburg = load_game("18EU").hexes["G2"].tile
    assert [str(p.a) + str(p.b) for p in hamburg.paths] == [
        "1_0",
        "_05",
        "0_0",
        "_05",
        "0_0",
        "_01",
    ]


def test_node_placement_is_bounded_on_the_fullest_tile():
    from rusty_train_py.render.geometry.tile_layout import tile_layout

    paths = ";".join(f"path=a:{e},b:_{(e * 5) % 6}" for e in range(6))
    code = ";".join(["city=revenue:10,slots:2"] * 6) + f";{paths};junction;path=a:_6,b:_0"
    tile = parse_tile("X", "grey", code)
    t0 = time.process_time()
    layout = tile_layout(tile, 1, "flat", 50.0)
    assert time.process_time() - t0 < 1.0
    assert len(layout.nodes) == 7


def test_node_placement_stops_after_its_steps(monkeypatch):
    from rusty_train_py.render.geometry import nodes

    code = (
        ";".join(["city=revenue:10,slots:2"] * 6)
        + ";"
        + ";".join(f"path=a:{e},b:_{e}" for e in range(6))
    )
    tile = parse_tile("X", "grey", code)
    frame = nodes._Frame(load_game("1867").orientation, 0)
    full = nodes._place_nodes(tile, frame, nodes._Topology(tile))
    monkeypatch.setattr(nodes, "PLACEMENT_STEPS", 0)  # the greedy placement only
    greedy = nodes._place_nodes(tile, frame, nodes._Topology(tile))
    assert sorted(greedy) == sorted(full) == list(range(6))


# ---- errors name the hand file ------------------------------------------------------------------


@pytest.fixture
def data(tmp_path) -> Path:
    shutil.copytree(games_dir(), tmp_path / "games")
    shutil.copytree(tiles_dir(), tmp_path / "tiles")
    return tmp_path


def _set_line(path: Path, key: str, text: str) -> int:
    lines = path.read_text(encoding="utf-8").split("\n")
    n = next(i for i, line in enumerate(lines) if line.startswith(f"{key} ="))
    lines[n] = f"{key} = {text}"
    path.write_text("\n".join(lines), encoding="utf-8")
    return n + 1


def test_an_eighteen_xx_error_in_a_hand_file_names_it_and_its_line(data):
    hand = data / "games" / "hand" / "18EU.toml"
    line = _set_line(hand, "titles", "{a = 1}")
    with pytest.raises(GameDataError) as err:
        load_game_file(data / "games" / "18EU.toml", data / "tiles")
    assert str(err.value) == f"{hand}:{line}: eighteen_xx.titles should be a list"


def test_a_rules_key_of_a_hand_file_names_it_and_its_line(data):
    hand = data / "games" / "hand" / "1824.toml"
    line = _set_line(hand, "neutral_tokens_block", "[1]")
    with pytest.raises(GameDataError) as err:
        load_game_file(data / "games" / "1824.toml", data / "tiles")
    assert str(err.value).startswith(f"{hand}:{line}: neutral_tokens_block should be true or false")


# ---- the colour rule ----------------------------------------------------------------------------


def test_a_grey_tile_on_a_grey_printed_hex_loads_with_a_warning(tmp_path):
    save = {
        "format": "rusty-train-py", "version": 1, "game": "1867", "phase": "8",
        "tiles": [{"hex": "L14", "tile": "639", "rotation": 0}], "tokens": [],
    }  # fmt: skip
    path = tmp_path / "grey.json"
    path.write_text(json.dumps(save))
    assert open_game(path).warnings == (
        "L14: grey tile 639 on a printed grey hex, which takes no tiles (only red and blue"
        " hexes take a tile of their own colour)",
    )


def test_the_editor_refuses_a_grey_tile_on_a_grey_hex_and_keeps_red_on_red():
    state = MapState(load_game("1867"), "8")
    with pytest.raises(MapEditError) as err:
        state.place_tile_edit("L14", "639", 0)
    assert str(err.value) == (
        "L14: a grey hex cannot take tiles (only red and blue hexes take a tile of their own"
        " colour)"
    )
    ferries = MapState(load_game("1888"))  # a private's red tile on a red hex (1888)
    ferries.apply(ferries.place_tile_edit("A1", "L39", 0))
    assert ferries.laid_tile("A1") == "L39"


# ---- names are names ----------------------------------------------------------------------------


def test_a_game_id_is_matched_never_read_as_a_path(tmp_path, capsys):
    games = ", ".join(available_games())
    for name in ("../games/1867", "1867/../1867", "/etc/passwd"):
        with pytest.raises(GameDataError) as err:
            load_game(name)
        assert str(err.value) == f"unknown game {name!r} (games: {games})"
    assert main(["tiles", "../games/1867", "-o", str(tmp_path / "t.png")]) == 2
    assert capsys.readouterr().err == (
        f"rusty-train-py: error: unknown game '../games/1867' (games: {games})\n"
    )
    assert not (tmp_path / "t.png").exists()


def test_a_lay_that_goes_back_a_colour_loads_with_a_warning_naming_it(tmp_path):
    data = json.loads((LOGS / "1889_314.json").read_text())
    lay = {"id": 458, "type": "lay_tile", "entity": "AR", "entity_type": "corporation"}
    data["actions"].append(dict(lay, hex="H3", tile="9-4", rotation=0))  # H3 holds green 23
    path = tmp_path / "back.json"
    path.write_text(json.dumps(data))
    opened = open_game(path)
    assert opened.state.laid_tile("H3") == "9"
    assert opened.warnings == (
        "action 458 (lay_tile): H3: the yellow tile 9 replaces a green tile",
    )


def test_an_undo_whose_target_stands_after_it_says_the_actions_are_out_of_order(tmp_path):
    data = _log()
    actions = data["actions"]
    undo = actions[38]  # undo 40 goes back to action 37, moved after it here
    undo["action_id"] = actions[36]["id"]
    actions.insert(39, actions.pop(36))
    assert _refused(tmp_path, data) == (
        f"action {undo['id']} (undo): no earlier action {undo['action_id']} to go back to (it"
        " stands after this one: the actions are out of order)"
    )
