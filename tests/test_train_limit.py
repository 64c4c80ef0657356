"""Bounded work for any route request: more trains than the company may hold in the phase is a
warning (refused with --strict), copies that could never run are dropped, and a search
without a time limit takes at most four trains, so the 30- and 1,000-train command lines of
issue 19 are refused before any search."""

from __future__ import annotations

import pytest

from rusty_train_py.base.paths import PROJECT_ROOT, default_game_file
from rusty_train_py.cli import main
from rusty_train_py.files.loader import open_game, save_game
from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.mapstate.train_limit import (
    TrainLimitError,
    check_train_count,
    train_limit,
)

GAME = str(default_game_file())
LATE_1861 = PROJECT_ROOT / "bench" / "positions" / "late_1861.json"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("count", [3, 30, 1000])
def test_more_trains_than_the_limit_are_refused_with_strict(capsys, count):
    trains = ",".join(["2"] * count)
    code, out, err = run(capsys, "routes", GAME, "-c", "GW", "-t", trains, "--strict")
    assert (code, out) == (2, "")
    assert err == (
        f"rusty-train-py: error: GW may hold at most 2 trains in 1867 phase 8 (major;"
        f" train_limit of phase 8 in {PROJECT_ROOT / 'games' / '1867.toml'}), not {count}\n"
    )
    trains = ",".join(["5"] * count)
    code, out, err = run(capsys, "advise", GAME, "-c", "GW", "-t", trains, "--strict")
    assert code == 2 and err.startswith("rusty-train-py: error: GW may hold at most 2 trains")


def test_one_train_over_the_limit_is_a_warning_and_still_answers(capsys):
    """A table may hold a train over the limit for a moment (bought, not yet discarded): the
    answer comes with a warning; three 2s on GW's one-station network run 2 + 2 + 2."""
    code, out, err = run(capsys, "routes", GAME, "-c", "GW", "-t", "2,2,2")
    assert code == 0 and "net revenue: $" in out
    assert err.startswith(
        "rusty-train-py: warning: GW may hold at most 2 trains in 1867 phase 8 (major;"
    )


@pytest.mark.parametrize("count", [30, 1000])
def test_many_trains_are_refused_before_any_search(capsys, count):
    code, out, err = run(capsys, "routes", GAME, "-c", "GW", "-t", ",".join(["2"] * count))
    assert (code, out) == (2, "")
    assert "a search without a time limit takes at most 4 trains" in err


@pytest.mark.parametrize(
    "game, company, phase, expected",
    [
        ("1867", "GW", "8", (2, "phase 8")),
        ("1867", "GW", "3", (4, "phase 3")),
        # majors float from phase 3; minors are gone in phase 8
        ("1867", "GW", "2", (4, "the game's highest (1867 gives none for majors)")),
        ("1867", "BBG", "8", (1, "phase 7 (phase 8 gives none for minors)")),
        ("1861", "RSR", "8", (99, "phase 8")),
        ("1830", "PRR", "D", (2, "phase D")),
        ("1846", "MS", "I", (1, "phase I")),  # a minor keeps its one free 2-train
        ("1846", "PRR", "I", (4, "phase I")),
        ("18LosAngeles", "GT", "II", (1, "phase II")),
    ],
)
def test_train_limit_of_a_company(game, company, phase, expected):
    g = load_game(game)
    assert train_limit(g, g.company(company), phase) == expected


@pytest.fixture(scope="module")
def national_1861(tmp_path_factory):
    """The late 1861 position with four tokens of the national RSR (limit 99)."""
    state = open_game(LATE_1861).state
    placed = 0
    for hex_name in state.game.hex_order:
        laid = state.tile_at(hex_name)
        if laid is None or placed == 4:
            continue
        taken = state.tokens_at(hex_name)
        free = [sp.index for sp in laid[0].token_spaces if sp.index not in taken]
        if free:
            state.apply(state.place_token_edit(hex_name, free[0], "RSR", False))
            placed += 1
    path = tmp_path_factory.mktemp("national") / "national_1861.json"
    save_game(state, path)
    return path


def test_copies_that_can_never_run_are_dropped(national_1861):
    state = open_game(national_1861).state
    assert state.tokens_placed("RSR") == 4
    # at most 6 routes start at each of the 4 stations: 24 copies of one train at most
    assert check_train_count(state, "RSR", ["8"] * 30 + ["5+5E"] * 2) == ["8"] * 24 + ["5+5E"] * 2
    with pytest.raises(TrainLimitError) as info:
        check_train_count(state, "RSR", ["8"] * 100)
    assert str(info.value).startswith("RSR may hold at most 99 trains in 1861 phase 8 (national;")


def test_many_trains_need_a_time_limit(capsys, national_1861):
    many = ",".join(["8"] * 30)
    code, out, err = run(capsys, "routes", str(national_1861), "-c", "RSR", "-t", many)
    assert (code, out) == (2, "")
    assert err == (
        "rusty-train-py: note: running 24 of the 30 trains: the others are copies beyond the"
        " routes the company's stations can start\n"
        "rusty-train-py: error: 24 trains: a search without a time limit takes at most 4 trains"
        " (the most a company may hold in every game but 1861's national); with more, an exact"
        " search may run for hours: give --time-limit SECONDS for the best routes found in that"
        " time\n"
    )
    code, out, err = run(
        capsys, "routes", str(national_1861), "-c", "RSR", "-t", many, "--time-limit", "0.5"
    )
    assert code == 0 and "running 24 of the 30 trains" in err
    first = out.splitlines()[0]  # 1861 counts in roubles
    assert first.startswith("8: ") and first.split(":")[1].strip().split()[0].endswith("₽")
    assert "net revenue: " in out
    code, out, err = run(capsys, "advise", str(national_1861), "-c", "RSR", "-t", "8,8,8,8,8")
    assert (code, out) == (2, "")
    assert err.endswith("with more, an exact search may run for hours: ask for fewer trains\n")
