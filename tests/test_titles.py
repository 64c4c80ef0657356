"""Each title's one home (rusty_train_py/titles/t<id>.py): generic code names no game id, every
home registers its own title and is found with no list kept by hand, a title's specials see
the replay only through the Moves interface, and the [eighteen_xx] table is a frozen, typed
value checked on load with file and line."""

from __future__ import annotations

import ast
import dataclasses
import re
import tomllib
from pathlib import Path

import pytest

from rusty_train_py import titles
from rusty_train_py.base.paths import PROJECT_ROOT
from rusty_train_py.files.online.moves import ReplayMoves
from rusty_train_py.gamedata.eighteen_xx import EighteenXX, PrivateToken
from rusty_train_py.gamedata.game import GameDataError
from rusty_train_py.gamedata.loader.eighteen_xx import READERS
from rusty_train_py.gamedata.loader.gamefile import load_game, load_game_file
from rusty_train_py.titles.finder import GameRules
from rusty_train_py.titles.moves import Moves
from rusty_train_py.titles.specials import GameSpecials

PACKAGE = PROJECT_ROOT / "rusty_train_py"
HOMES = PACKAGE / "titles"
GAME_IDS = frozenset(
    tomllib.loads(p.read_text(encoding="utf-8"))["id"]
    for p in (PROJECT_ROOT / "games").glob("*.toml")
)
HOME_NAME = re.compile(r"t\d\w*")  # a title's home: t1846.py, t18fl.py, t1817na.py


def is_home(path: Path) -> bool:
    return path.parent == HOMES and HOME_NAME.fullmatch(path.stem) is not None


def names_in(name: str, ids: frozenset[str]) -> list[str]:
    """The game ids an identifier spells (``g18fl``, ``specials_1846``, ``Rules18MS``): an id
    not glued to a digit before it nor to a letter or digit after it, any case."""
    low = name.lower()
    out = []
    for gid in ids:
        for m in re.finditer(re.escape(gid.lower()), low):
            before = low[m.start() - 1] if m.start() else ""
            after = low[m.end()] if m.end() < len(low) else ""
            if not before.isdigit() and not after.isalnum():
                out.append(gid)
    return out


def game_ids_named(path: Path, root: Path, ids: frozenset[str] = GAME_IDS) -> list[str]:
    """Where a module names a game id: a string literal equal to one, or an identifier
    (a module, class, function, variable, attribute or import name) spelling one."""
    where = str(path.relative_to(root))
    out = [f"{where}: module name" for _ in names_in(path.stem, ids)]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in ids:
            out.append(f"{where}:{line}: {node.value!r}")
            continue
        named: list[str] = []
        if isinstance(node, ast.Name):
            named = [node.id]
        elif isinstance(node, ast.Attribute):
            named = [node.attr]
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            named = [node.name]
        elif isinstance(node, ast.alias):
            named = [node.name, node.asname or ""]
        elif isinstance(node, ast.ImportFrom):
            named = [node.module or ""]
        elif isinstance(node, ast.arg):
            named = [node.arg]
        for name in named:
            out += [f"{where}:{line}: {name}" for _ in names_in(name, ids)]
    return out


def test_no_module_outside_the_titles_homes_names_a_game_id():
    """Generic code is title-free: only a title's home (titles/t<id>.py) names a game id
    (data files, tests, tools and bench scripts are outside the package)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if not is_home(path):
            found += game_ids_named(path, PROJECT_ROOT)
    assert found == []


def test_the_check_finds_a_planted_game_id(tmp_path):
    module = tmp_path / "generic.py"
    module.write_text(
        '"""1846 and 18FL in words are fine; 18460 and x18FLy are no ids."""\n'
        "from .specials_1846 import Setup\n"
        "def g18fl(game_id):\n"
        '    if game_id == "1846":\n'
        "        return Rules18MS\n"
        "    return t1817NA, game_id18460, x18fly\n"
    )
    assert game_ids_named(module, tmp_path) == [
        "generic.py:2: specials_1846",
        "generic.py:3: g18fl",
        "generic.py:4: '1846'",
        "generic.py:5: Rules18MS",
        "generic.py:6: t1817NA",
    ]


def registered_by(path: Path) -> list[str]:
    """The ids a module registers with ``@title("<id>")``."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef):
            for d in node.decorator_list:
                if isinstance(d, ast.Call) and getattr(d.func, "id", "") == "title":
                    out += [a.value for a in d.args if isinstance(a, ast.Constant)]
    return out


HOME_FILES = sorted(p for p in HOMES.glob("*.py") if is_home(p))


@pytest.mark.parametrize("path", HOME_FILES, ids=lambda p: p.stem)
def test_every_home_registers_its_own_title_once(path):
    ids = registered_by(path)
    assert len(ids) == 1 and ids[0].lower() == path.stem[1:], ids
    assert ids[0] in GAME_IDS  # a title of games/


def test_every_home_is_found_with_no_list_and_only_homes_register():
    assert titles.titles_with_homes() == tuple(sorted(registered_by(p)[0] for p in HOME_FILES))
    generic = [p for p in HOMES.glob("*.py") if not is_home(p)]
    assert sorted(p.stem for p in generic) == [
        "__init__", "extra_slot", "finder", "moves", "registry", "specials", "takeover"
    ]  # fmt: skip
    assert all(registered_by(p) == [] for p in generic)


def test_a_title_without_a_home_follows_the_common_rules():
    assert titles.home_of("18AL") is titles.TitleHome
    assert type(titles.specials_for("18AL")) is GameSpecials
    assert type(titles.rules_for("18AL", ("yellow",))) is GameRules
    assert titles.games_with_rules() == ("1836Jr30", "1836Jr56", "1847AE", "18FL", "18MS")
    assert titles.first_title() == "1867"


def test_a_family_shares_its_homes_class():
    assert titles.home_of("1817NA").specials is titles.home_of("1817").specials
    assert titles.home_of("1861").specials is titles.home_of("1867").specials
    assert titles.home_of("18MT").specials is titles.home_of("18CO").specials
    assert titles.home_of("18FL").specials.EXTRA_SLOT_PRIVATES == frozenset({"TC"})  # type: ignore[attr-defined]
    assert titles.rules_for("18FL").game_id == "18FL"


def test_a_title_cannot_have_two_homes():
    with pytest.raises(ValueError, match="title '1846' has two homes"):
        titles.title("1846")(type("Again", (titles.TitleHome,), {}))


MOVES = {name for name in dir(Moves) if not name.startswith("_")}


def attributes_of_r(path: Path) -> set[str]:
    """Every attribute a module reads or calls on ``r`` (the replay, as the specials name it)."""
    return {
        node.attr
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
        and node.value.id == "r"
    }  # fmt: skip


@pytest.mark.parametrize("path", sorted(HOMES.glob("*.py")), ids=lambda p: p.stem)
def test_the_specials_use_the_moves_and_nothing_else_of_the_replay(path):
    assert attributes_of_r(path) <= MOVES


def test_the_replay_offers_every_move():
    fields = {f.name for f in dataclasses.fields(ReplayMoves)}  # the game, table, action
    assert [m for m in sorted(MOVES) if not hasattr(ReplayMoves, m) and m not in fields] == []
    assert {"place_token", "remove_token", "give_train", "drop_trains", "common"} <= MOVES


# ---- [eighteen_xx] ------------------------------------------------------------------------


def test_every_key_has_its_reader():
    assert set(READERS) == {f.name for f in dataclasses.fields(EighteenXX)}


def test_the_table_is_typed_and_frozen():
    table = load_game("1861").eighteen_xx
    assert table.national == "RSR" and table.national_home == ("E1", 1)
    assert table.national_operates == ("4", "5", "6", "7")
    assert load_game("1867").eighteen_xx.setup_tokens == (
        ("F16", 0, "CN"), ("D2", 0, "N"), ("L12", 2, "N")
    )  # fmt: skip
    assert load_game("1846").eighteen_xx.private_bonuses["SC"] == ("steamboat",)
    assert load_game("18LosAngeles").eighteen_xx.private_tokens == {
        "APD": PrivateToken("DUMP", "dump")
    }
    assert load_game("1830").eighteen_xx == EighteenXX(titles=("1830",))
    with pytest.raises(dataclasses.FrozenInstanceError):
        table.national = "CN"  # type: ignore[misc]
    with pytest.raises(TypeError):
        table.companies["X"] = "Y"  # type: ignore[index]


def game_file(tmp_path: Path, table: str) -> Path:
    """games/1830.toml with its [eighteen_xx] table replaced by ``table``."""
    text = (PROJECT_ROOT / "games" / "1830.toml").read_text(encoding="utf-8")
    old = '[eighteen_xx]\n# how 18xx.games (tobymao/18xx) names this game and what its engine does without an action\ntitles = ["1830"]\nhome_token_timing = "operate"\n'
    assert old in text
    path = tmp_path / "1830.toml"
    path.write_text(text.replace(old, table), encoding="utf-8")
    return path


def line_of(path: Path, text: str) -> int:
    return next(i for i, s in enumerate(path.read_text().splitlines(), 1) if s.startswith(text))


@pytest.mark.parametrize(
    ("table", "at", "message"),
    [
        ('[eighteen_xx]\nflaot_percent = 50\n', "flaot_percent", "eighteen_xx.flaot_percent: unknown key (known: titles, "),
        ('[eighteen_xx]\ntitles = ["1830"]\nfloat_percent = "50"\n', "float_percent", "eighteen_xx.float_percent should be a int"),
        ('[eighteen_xx]\nhome_token_timing = "later"\n', "home_token_timing", "eighteen_xx.home_token_timing 'later' (one of: par, float, operate, operating_round)"),
        ('[eighteen_xx]\nsetup_tokens = [["F16", "0", "CN"]]\n', "setup_tokens", "eighteen_xx.setup_tokens: [hex, city, company]"),
        ('[eighteen_xx]\ntitles = ["1830"]\n\n[eighteen_xx.companies]\nPRR = 3\n', "[eighteen_xx.companies]", "eighteen_xx.companies.PRR should be a str"),
        ('[eighteen_xx]\nnational_home = ["E1"]\n', "national_home", "eighteen_xx.national_home: [hex, city]"),
        ('[eighteen_xx]\nphase_on = { "6" = ["6", 7] }\n', "phase_on", "eighteen_xx.phase_on.6: 7 should be a str"),
    ],
)  # fmt: skip
def test_a_wrong_table_names_the_file_and_line(tmp_path, table, at, message):
    path = game_file(tmp_path, table)
    with pytest.raises(GameDataError) as err:
        load_game_file(path)
    assert str(err.value).startswith(f"{path}:{line_of(path, at)}: {message}")
