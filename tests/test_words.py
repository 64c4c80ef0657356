"""Words (issue 27): one currency per game, as data (the 18xx.games engine's
CURRENCY_FORMAT_STR), in every output; amounts written one way on the command line and in the
window ("$1,160"); counts agree with their word ("1 route search"); a bonus written after a
place name in the data is a note apart from the name; ``--bonus`` takes a comma list."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from rusty_train_py.advisor.result import Advice, AdviceStats
from rusty_train_py.base.money import money, plural
from rusty_train_py.cli import build_parser, main
from rusty_train_py.cli.advice_report import format_advice
from rusty_train_py.gamedata.game import split_location
from rusty_train_py.gamedata.loader.gamefile import available_games, load_game
from rusty_train_py.mapstate.state import MapState
from rusty_train_py.ui.modes.default import describe_hex

FIXTURES = Path(__file__).resolve().parent / "data" / "18xx_fixtures"

# every game's currency as tobymao/18xx writes it (CURRENCY_FORMAT_STR of its class)
CURRENCIES = {
    "1817": "$%s", "1817NA": "$%s", "1817WO": "$%s", "1822MX": "$%s", "1824": "%sG",
    "1830": "$%s", "1836Jr30": "%s F", "1846": "$%s", "1849": "L.%s", "1856": "$%s",
    "1861": "%s₽", "1867": "$%s", "1870": "$%s", "1882": "$%s", "1888": "¥%s", "1889": "¥%s",
    "1894": "%s F", "18AL": "$%s", "18CO": "$%s", "18Chesapeake": "$%s", "18EU": "£%s",
    "18FL": "$%s", "18GA": "$%s", "18LosAngeles": "$%s", "18MEX": "$%s", "18MS": "$%s",
    "18MT": "$%s", "18SJ": "%s kr", "18TN": "$%s", "18Texas": "$%s", "18VA": "$%s",
    "18NL": "ƒ%s", "1893": "%sM",
    "18DE": "%s ℳ", "1877Venezuela": "Bs.%s", "1849Boot": "L.%s", "1836Jr56": "%s F",
    "18ChesapeakeOTR": "$%s", "18LosAngeles1": "$%s",
    "1847AE": "%sM",
    "18JPT": "¥%s",
    "1822NRS": "£%s",
    "18Neb": "$%s",
    "1850Jr": "L.%s",
}  # fmt: skip


def test_every_game_names_its_currency_as_the_site_does():
    assert {g: load_game(g).currency for g in available_games()} == CURRENCIES


def test_amounts_are_written_with_thousands_and_the_games_currency():
    assert money(1160) == "$1,160"
    assert money(-20) == "-$20"
    assert load_game("1861").money(1160) == "1,160₽"
    assert load_game("1889").money(80) == "¥80"
    assert load_game("18SJ").money(2500) == "2,500 kr"


def test_a_bad_currency_is_refused(tmp_path):
    from rusty_train_py.gamedata.game import GameDataError
    from rusty_train_py.gamedata.loader.gamefile import load_game_file

    text = (Path(__file__).resolve().parent.parent / "games" / "1830.toml").read_text("utf-8")
    bad = tmp_path / "1830.toml"
    bad.write_text(text.replace('currency = "$%s"', 'currency = "dollars"'), encoding="utf-8")
    with pytest.raises(GameDataError, match="currency"):
        load_game_file(bad)


def test_1861_prints_roubles_on_the_command_line(capsys, tmp_path):
    log = tmp_path / "1861.json"
    src = sorted((FIXTURES / "1861").glob("*.json.gz"))[0]
    log.write_bytes(gzip.decompress(src.read_bytes()))
    assert main(["routes", str(log), "--at", "85"]) == 0
    out = capsys.readouterr()
    assert "Run 5: before KK runs its trains (action 85, operating round 2)" in out.err
    assert out.out.splitlines()[:2] == [
        "2: 60₽: Kiev 30, (Chernigov skipped), Kharkov 30",
        "net revenue: 60₽ (proven optimal; 2 paths)",
    ]
    assert "dividends: full 60₽ to the owner; half 30₽ (company keeps 30₽)" in out.out
    assert "$" not in out.out


def test_counts_agree_with_their_word():
    assert plural(1, "route search", "route searches") == "1 route search"
    assert plural(110, "route search", "route searches") == "110 route searches"
    assert plural(2, "operating round") == "2 operating rounds"
    state = MapState(load_game("1867"))
    advice = Advice("GW", ("2",), (), "2", 40, True, (), stats=AdviceStats(searches=1))
    text = format_advice(advice, 5, state)
    assert "(1 route search in all)" in text.splitlines()[1]


def test_a_bonus_after_a_place_name_is_a_note_apart():
    assert split_location("Timmins ($80 if includes T/M/Q)") == (
        "Timmins",
        "$80 if includes T/M/Q",
    )
    assert split_location("Kansas City, KS (SLC +100)") == ("Kansas City, KS", "SLC +100")
    assert split_location("Chicago (Conn.)") == ("Chicago (Conn.)", None)  # no amount: a name
    assert split_location(None) == (None, None)
    game = load_game("1867")
    d2 = game.hexes["D2"]
    assert (d2.location, d2.location_note) == ("Timmins", "$80 if includes T/M/Q")
    assert describe_hex(MapState(game), "D2") == (
        "D2 Timmins: printed grey hex · $80 if includes T/M/Q"
    )
    q3 = load_game("1861").hexes["Q3"]
    assert (q3.location, q3.location_note) == ("Ekaterinburg", "₽80 if includes M")


@pytest.mark.parametrize("command", ["routes", "advise"])
def test_bonus_takes_a_comma_list_as_trains_does(command):
    args = build_parser().parse_args(
        [command, "g.json", "-c", "PRR", "--bonus", "mail,steamboat:C5", "-b", "meat:D6"]
    )
    assert args.bonus == ["mail", "steamboat:C5", "meat:D6"]
    plan = build_parser().parse_args(["plan", "g.json", "-c", "PRR", "--to", "F16", "-b", "a,b"])
    assert plan.bonus == ["a", "b"]


def test_the_map_writes_a_laying_cost_in_the_games_currency():
    from rusty_train_py.render.geometry import in_currency, tile_layout

    game = load_game("1861")
    h, mh = next((h, mh) for h, mh in game.hexes.items() if mh.tile.upgrade_cost)
    layout = tile_layout(mh.tile, 0, game.orientation, 40.0, mh.location)
    assert layout.terrain is not None and layout.terrain.text == f"${mh.tile.upgrade_cost}"
    shown = in_currency(layout, game.currency)
    assert shown.terrain.text == f"{mh.tile.upgrade_cost}₽"
    assert in_currency(layout, "$%s") is layout


def test_routes_needs_a_company_unless_a_log_is_opened_at_a_run(capsys, tmp_path):
    log = tmp_path / "1861.json"
    src = sorted((FIXTURES / "1861").glob("*.json.gz"))[0]
    log.write_bytes(gzip.decompress(src.read_bytes()))
    assert main(["routes", str(log)]) == 2
    assert "--company (-c) is needed" in capsys.readouterr().err
    assert main(["routes", str(log), "--at", "84"]) == 2  # a tile lay, not a run
    assert "--at 84 is not a run of a company of this game" in capsys.readouterr().err
