"""Every game in games/ has its rows in the README: the game table (what the finder models and
what it does not), the late-games table (bench/late_games.py's two cases), and, for a game
that names its 18xx.games titles, the real-game table and the engine-position table."""

from __future__ import annotations

import re

import pytest

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.gamedata.loader.gamefile import available_games, load_game

README = (PROJECT_ROOT / "README.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    start = README.index(f"\n{title}\n")
    rest = README[start + len(title) + 2 :]
    end = re.search(r"^#{2,3} ", rest, re.M)
    return rest[: end.start()] if end else rest


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
def test_the_game_table_has_a_row_for_every_game(game_id):
    assert named(game_id, first_cells(section("## Games"))), game_id


@pytest.mark.parametrize("game_id", GAMES)
def test_the_late_games_table_has_both_cases_of_every_game(game_id):
    rows = [
        line
        for line in section("### Every game's late position").splitlines()
        if line.startswith(f"| {game_id} |")
    ]
    assert len(rows) >= 2, game_id


@pytest.mark.parametrize("game_id", [g for g in GAMES if load_game(g).eighteen_xx.titles])
def test_the_real_game_tables_have_a_row_for_every_game_played_online(game_id):
    assert named(game_id, first_cells(section("### Checked against real play"))), game_id
    assert named(game_id, first_cells(section("### The positions are the engine's"))), game_id
