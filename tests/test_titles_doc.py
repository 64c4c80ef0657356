"""docs/titles.md lists every production title of 18xx.games once, and says of each the
game that models it (one of games/) or what stops it; every game of games/ is on it."""

from __future__ import annotations

import re

from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.gamedata.loader.gamefile import available_games

DOC = (PROJECT_ROOT / "docs" / "titles.md").read_text(encoding="utf-8")


def rows() -> list[list[str]]:
    out = []
    for line in DOC.splitlines():
        if line.startswith("| ") and not line.startswith(("| ---", "| title ")):
            out.append([c.strip() for c in line.strip().strip("|").split("|")])
    return out


def test_every_production_title_is_listed_once():
    table = rows()
    assert len(table) == 73
    modules = [r[1] for r in table]
    assert len(set(modules)) == 73
    assert all(re.fullmatch(r"g_[0-9a-z_]+", m) for m in modules), modules
    assert all(r[2].isdigit() for r in table)


def test_a_modelled_title_names_a_game_and_every_other_says_why():
    games = set(available_games())
    for title, _module, _, here in rows():
        m = re.fullmatch(r"modelled: `([^`]+)`(.*)", here)
        if m:
            assert m.group(1) in games, (title, m.group(1))
        else:
            kind, _, reason = here.partition(": ")
            assert kind in ("not yet", "no map"), (title, here)
            assert len(reason.split()) >= 3, (title, here)


def test_every_game_we_model_is_on_the_page():
    named = set(re.findall(r"modelled: `([^`]+)`", DOC))
    beyond = set(re.findall(r"\(`([^`]+)`,", DOC.split("Beyond production", 1)[1]))
    assert named | beyond == set(available_games())
    assert not named & beyond


def test_the_count_the_page_states_is_its_rows():
    modelled = sum(1 for r in rows() if r[3].startswith("modelled: "))
    stated = re.search(r"\*\*(\d+) of the 73 are modelled\.\*\*", DOC)
    assert stated and int(stated.group(1)) == modelled
