"""Installing and running anywhere: where the data is found (and the error when it is not),
``--version``, saves on Windows semantics (a target held open), file names any system
accepts, game ids matched as written, CRLF data files, the map font's fallbacks and
``make run``'s package installer facing a held apt lock."""

from __future__ import annotations

import errno
import importlib.util
import json
import os
import shutil
import subprocess
import sys

import pytest

from rusty_train_py import __version__
from rusty_train_py.base import paths
from rusty_train_py.base.about import version
from rusty_train_py.base.paths import PROJECT_ROOT, DataNotFoundError
from rusty_train_py.cli import main
from rusty_train_py.files import atomic
from rusty_train_py.files.loader import open_game, save_game
from rusty_train_py.gamedata.game import GameDataError
from rusty_train_py.gamedata.loader.gamefile import load_game, load_game_file

spec = importlib.util.spec_from_file_location("qt_deps", PROJECT_ROOT / "scripts" / "qt_deps.py")
qt_deps = importlib.util.module_from_spec(spec)
spec.loader.exec_module(qt_deps)

GAME = PROJECT_ROOT / "resources" / "1867_bc.json"


@pytest.fixture
def fresh_lookup(monkeypatch):
    """The installed-data lookup computed again (it is cached), and again after the test."""
    monkeypatch.delenv("RUSTY_TRAIN_DATA", raising=False)
    paths._installed_root.cache_clear()
    yield
    paths._installed_root.cache_clear()


# ---- where the data is -------------------------------------------------------------------


def test_a_checkout_reads_its_own_folders(fresh_lookup):
    assert not (paths.PACKAGE_ROOT / "data").exists()  # a checkout carries no copy
    assert paths.data_root() == PROJECT_ROOT
    assert paths.default_game_file() == PROJECT_ROOT / "resources" / "1867_bc.json"


def test_the_package_data_comes_before_the_checkout(fresh_lookup, monkeypatch, tmp_path):
    (tmp_path / "games").mkdir()
    (tmp_path / "tiles").mkdir()
    monkeypatch.setattr(paths, "package_data_folder", lambda: tmp_path)
    assert paths.games_dir() == tmp_path / "games"
    assert paths.resources_dir() == tmp_path / "resources"


def test_without_data_the_error_says_where_it_looked(fresh_lookup, monkeypatch, tmp_path):
    monkeypatch.setattr(paths, "package_data_folder", lambda: tmp_path / "pkg" / "data")
    monkeypatch.setattr(paths, "PROJECT_ROOT", tmp_path / "checkout")
    with pytest.raises(DataNotFoundError) as err:
        paths.games_dir()
    assert str(err.value) == (
        f"the game data (games/, tiles/) is missing: looked in {tmp_path / 'pkg' / 'data'}"
        f" (an installed package) and {tmp_path / 'checkout'} (a source checkout); reinstall"
        " the program or set RUSTY_TRAIN_DATA to a folder holding games/ and tiles/"
    )


def test_rusty_train_data_overrides_and_is_checked(fresh_lookup, monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("RUSTY_TRAIN_DATA", str(tmp_path))
    assert main(["tiles", "1830", "-o", str(tmp_path / "x.png")]) == 2
    assert capsys.readouterr().err == (
        f"rusty-train-py: error: RUSTY_TRAIN_DATA={tmp_path}: no games/ and tiles/ folders"
        " there (unset RUSTY_TRAIN_DATA to use the data that comes with the program)\n"
    )
    shutil.copytree(PROJECT_ROOT / "tiles", tmp_path / "tiles")
    (tmp_path / "games").mkdir()
    shutil.copy(PROJECT_ROOT / "games" / "1830.toml", tmp_path / "games")
    assert paths.games_dir() == tmp_path / "games"
    assert load_game("1830").source == str(tmp_path / "games" / "1830.toml")
    with pytest.raises(GameDataError) as err:
        load_game("1867")
    assert str(err.value) == ("unknown game '1867' (games: 1830)")


def test_version_comes_from_the_package_metadata(capsys):
    assert version() == __version__
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr() == (f"rusty-train-py {__version__}\n", "")


def test_a_game_id_is_matched_as_written_on_every_system():
    """On Windows and macOS "18co.toml" would open 18CO.toml: not here, as on Linux."""
    with pytest.raises(GameDataError) as err:
        load_game("18co")
    assert str(err.value).startswith("unknown game '18co' (games: ")


def test_data_files_with_crlf_line_ends_read_the_same(tmp_path):
    """A Windows checkout (git's autocrlf) writes CRLF into games/, tiles/ and saves."""
    (tmp_path / "games" / "hand").mkdir(parents=True)
    (tmp_path / "tiles").mkdir()
    for name in (
        "games/1856.toml",
        "games/hand/1856.toml",
        "tiles/common.tiles",
        "tiles/library.tiles",
        "tiles/1856.tiles",
    ):
        data = (PROJECT_ROOT / name).read_bytes()
        assert b"\r\n" not in data
        (tmp_path / name).write_bytes(data.replace(b"\n", b"\r\n"))
    crlf = load_game_file(tmp_path / "games" / "1856.toml", tmp_path / "tiles")
    lf = load_game("1856")
    for field in ("hexes", "manifest", "companies", "trains", "phases", "bonuses", "readings"):
        assert getattr(crlf, field) == getattr(lf, field), field
    assert [(t.name, t.code) for t in crlf.catalogue] == [(t.name, t.code) for t in lf.catalogue]
    save = tmp_path / "bc.json"
    save.write_bytes(GAME.read_bytes().replace(b"\n", b"\r\n"))
    assert open_game(save).state == open_game(GAME).state


# ---- saving as Windows does --------------------------------------------------------------


def test_a_target_held_open_is_tried_again_then_named(tmp_path, monkeypatch):
    """Windows refuses to replace a file another program holds open (WinError 32): the save
    tries again, then says so; the old file and the folder are as they were."""
    state = open_game(GAME).state
    path = tmp_path / "game.json"
    path.write_text("old", encoding="utf-8")
    tries, pauses = [], []

    def held(src, dst):
        tries.append(os.path.basename(dst))
        raise PermissionError(errno.EACCES, "The process cannot access the file", str(src))

    monkeypatch.setattr(atomic, "REPLACE_TRIES", 3)
    monkeypatch.setattr(atomic.time, "sleep", pauses.append)
    monkeypatch.setattr(atomic.os, "replace", held)
    with pytest.raises(PermissionError) as err:
        save_game(state, path)
    monkeypatch.undo()
    assert (err.value.filename, err.value.strerror) == (str(path), atomic.HELD_OPEN)
    assert err.value.strerror == (
        "cannot replace the file: it is open in another program or read-only; close it there,"
        " or save under another name (the game stays open, unsaved)"
    )
    assert (tries, pauses) == (["game.json"] * 3, [0.1, 0.1])
    assert path.read_text(encoding="utf-8") == "old"
    assert os.listdir(tmp_path) == ["game.json"]


def test_a_file_let_go_while_trying_is_saved(tmp_path, monkeypatch):
    state = open_game(GAME).state
    path = tmp_path / "game.json"
    path.write_text("old", encoding="utf-8")
    real, tries = os.replace, []

    def busy_once(src, dst):
        tries.append(1)
        if len(tries) == 1:
            raise PermissionError(errno.EACCES, "Access is denied", str(src))
        real(src, dst)

    monkeypatch.setattr(atomic, "REPLACE_TRIES", 5)
    monkeypatch.setattr(atomic.time, "sleep", lambda s: None)
    monkeypatch.setattr(atomic.os, "replace", busy_once)
    save_game(state, path)
    monkeypatch.undo()
    assert len(tries) == 2
    assert open_game(path).state == state
    assert os.listdir(tmp_path) == ["game.json"]


def test_a_folder_we_may_not_write_in_is_named_not_the_temporary(tmp_path, monkeypatch):
    def refused(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", str(tmp_path / ".x.abcdefgh.tmp"))

    monkeypatch.setattr("tempfile.mkstemp", refused)
    with pytest.raises(PermissionError) as err:
        save_game(open_game(GAME).state, tmp_path / "game.json")
    assert (err.value.filename, err.value.strerror) == (
        str(tmp_path / "game.json"),
        "cannot write in this folder (no permission); save under another folder",
    )


# ---- names, fonts --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "stem"),
    [
        ("1867_bc", "1867_bc"),
        ("18xx.games: game 12/3?", "18xx.games_ game 12_3_"),
        ('a<b>c"d|e*f\\g', "a_b_c_d_e_f_g"),
        ("trailing. ", "trailing"),
        ("CON", "_CON"),
        ("nul.json", "_nul.json"),
        ("COM1", "_COM1"),
        ("CONSOLE", "CONSOLE"),
        ("...", "1867"),
        ("tab\there", "tab_here"),
    ],
)
def test_screenshot_names_are_names_every_system_accepts(text, stem):
    from rusty_train_py.ui.window_files import safe_stem

    assert safe_stem(text, "1867") == stem


def test_the_map_font_falls_back_to_a_sans_serif(qapp):
    from PySide6.QtGui import QFont, QFontInfo

    from rusty_train_py.render.qt.primitives import FONT_FALLBACKS, make_font

    font = make_font(12, bold=True)
    assert font.families() == ["DejaVu Sans", *FONT_FALLBACKS]
    assert font.styleHint() == QFont.StyleHint.SansSerif
    assert (font.pixelSize(), font.bold()) == (12, True)
    missing = QFont(font)
    missing.setFamilies(["No Such Font Anywhere"])
    assert QFontInfo(missing).family() != ""  # Qt still draws the text, in its sans-serif


# ---- make run: the package manager's lock ---------------------------------------------------

HELD = (
    "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242"
    " (unattended-upgr)\nN: Be aware that removing the lock file is not a solution\n"
)


def test_a_held_lock_names_its_holder():
    assert qt_deps.lock_holder(HELD) == (
        "process 4242 (unattended-upgr) holds /var/lib/dpkg/lock-frontend"
    )
    old = "E: Could not get lock /var/lib/dpkg/lock - open (11: Resource temporarily unavailable)"
    assert qt_deps.lock_holder(old) == "another program holds /var/lib/dpkg/lock"
    assert qt_deps.lock_holder("E: Unable to locate package libxcb-icccm4\n") is None


def test_make_run_waits_for_the_lock_then_says_who_holds_it(monkeypatch, capsys):
    monkeypatch.setattr(qt_deps, "missing_libraries", lambda plugin: ["libxcb-icccm.so.4"])
    monkeypatch.setattr(qt_deps, "may_install", lambda: ["sudo", "-n"])
    monkeypatch.setattr(qt_deps, "package_name", lambda p: p)
    monkeypatch.setattr(qt_deps.shutil, "which", lambda name: "/usr/bin/" + name)
    monkeypatch.setattr(qt_deps, "xcb_plugin", lambda: PROJECT_ROOT / "pyproject.toml")
    ran = []

    def apt(command, **kwargs):
        ran.append(command)
        return subprocess.CompletedProcess(command, 100, None, HELD)

    monkeypatch.setattr(qt_deps.subprocess, "run", apt)
    assert qt_deps.main([]) == 1
    assert ran == [  # waited for the lock; no `apt-get update` after a lock
        ["sudo", "-n", "apt-get", "-o", "DPkg::Lock::Timeout=300", "install", "-y",
         "--no-install-recommends", "libxcb-icccm4"]
    ]  # fmt: skip
    assert capsys.readouterr().err.splitlines()[-3:] == [
        "N: Be aware that removing the lock file is not a solution",
        "Cannot install now: another package manager is running (process 4242"
        " (unattended-upgr) holds /var/lib/dpkg/lock-frontend, still after 300 s). Let it"
        " finish, then run:",
        "  sudo apt-get install -y --no-install-recommends libxcb-icccm4",
    ]


def test_make_run_prints_the_full_command_when_installing_fails(monkeypatch, capsys):
    monkeypatch.setattr(qt_deps, "missing_libraries", lambda plugin: ["libxcb-icccm.so.4"])
    monkeypatch.setattr(qt_deps, "may_install", lambda: [])
    monkeypatch.setattr(qt_deps, "package_name", lambda p: p)
    monkeypatch.setattr(qt_deps.shutil, "which", lambda name: "/usr/bin/" + name)
    monkeypatch.setattr(qt_deps, "xcb_plugin", lambda: PROJECT_ROOT / "pyproject.toml")
    ran = []

    def apt(command, **kwargs):
        ran.append(command[3])
        return subprocess.CompletedProcess(command, 100, None, "E: Unable to locate package\n")

    monkeypatch.setattr(qt_deps.subprocess, "run", apt)
    assert qt_deps.main([]) == 1
    assert ran == ["install", "update", "install"]  # a fresh system: the lists first
    assert capsys.readouterr().err.splitlines()[-2:] == [
        "Installing failed (see above); to install them by hand, run:",
        "  sudo apt-get install -y --no-install-recommends libxcb-icccm4",
    ]


def test_a_name_the_terminal_cannot_write_is_not_an_error(tmp_path):
    """An ASCII terminal, or a Windows pipe in cp1252 facing a Cyrillic name: "?" instead."""
    save = tmp_path / "tr.json"
    data = {"format": "rusty-train-py", "version": 1, "game": "1867", "phase": "2", "tiles": []}
    data["tokens"] = [{"hex": "M9", "space": 0, "company": "GT"}]
    save.write_text(json.dumps(data), encoding="utf-8")
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "PYTHONPATH": str(PROJECT_ROOT)}
    proc = subprocess.run(
        [sys.executable, "-m", "rusty_train_py", "show", str(save)],
        capture_output=True, env=env, cwd=tmp_path, check=False,
    )  # fmt: skip
    assert (proc.returncode, proc.stderr) == (0, b"")
    assert b"  GT  Grand Trunk Railway: 1 token (M9 Trois-Rivi?res), 2 left\n" in proc.stdout
