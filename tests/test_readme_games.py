"""Every game in games/ has its rows in the results file, bench/RESULTS.md (written by the bench
scripts): the late-games table (bench/late_games.py's two cases), and, for a game that names
its 18xx.games titles, the real-game table (bench/real_games.py) and the engine-position table
(bench/engine_positions.py)."""

from __future__ import annotations

import re

import pytest

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.gamedata.loader.gamefile import available_games, load_game

RESULTS = (PROJECT_ROOT / "bench" / "RESULTS.md").read_text(encoding="utf-8")


def section(name: str) -> str:
    """The body of the results file's section ``name`` (between its markers)."""
    m = re.search(
        rf"<!-- bench:{re.escape(name)} begin[^\n]*\n(.*?)<!-- bench:{re.escape(name)} end -->",
        RESULTS,
        re.S,
    )
    assert m, f"bench/RESULTS.md has no section {name!r}"
    return m.group(1)


def first_cells(text: str) -> set[str]:
    """The first cell of every table row, spaces taken out (18 Los Angeles: 18LosAngeles)."""
    out = set()
    for line in text.splitlines():
        if line.startswith("| ") and not line.startswith("| ---"):
            out.add(line.split("|")[1].strip().replace(" ", ""))
    return out


def named(game_id: str, cells: set[str]) -> bool:
    """A row for ``game_id``: its id first, maybe followed by a note (``(imported)``)."""
    return any(c == game_id or c.startswith(game_id + "(") for c in cells)


GAMES = sorted(available_games())


@pytest.mark.parametrize("game_id", GAMES)
def test_the_late_games_table_has_both_cases_of_every_game(game_id):
    rows = [
        line for line in section("late-games").splitlines() if line.startswith(f"| {game_id} |")
    ]
    assert len(rows) >= 2, game_id


@pytest.mark.parametrize("game_id", [g for g in GAMES if load_game(g).eighteen_xx.titles])
def test_the_real_game_tables_have_a_row_for_every_game_played_online(game_id):
    assert named(game_id, first_cells(section("real-games"))), game_id
    assert named(game_id, first_cells(section("engine-positions"))), game_id


def test_every_section_says_when_and_where_it_was_measured():
    """A section is a script's run (its date, commit and load) or says where it comes from."""
    names = re.findall(r"<!-- bench:([\w-]+) begin", RESULTS)
    assert len(names) == len(set(names))
    for name in names:
        body = section(name)
        assert re.search(r"^Measured \d{4}-\d\d-\d\d .* load average", body, re.M) or (
            "*Carried over verbatim from README.md at commit" in body
        ), name
