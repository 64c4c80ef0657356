"""Parsed games and the title index in the user cache folder (gamedata/loader/cache.py,
index.py): read from there while the data and the code are unchanged, read again when either
changes; a cache that cannot be read or written is passed over; a Rusty Train save loads its
one game, not every game up to its title."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from rusty_train_py.base.paths import games_dir, tiles_dir
from rusty_train_py.files.errors import GameFileError
from rusty_train_py.files.loader import open_game
from rusty_train_py.files.rusty_train import game_for_title
from rusty_train_py.gamedata.loader import cache, gamefile, index
from rusty_train_py.gamedata.loader.index import TitleEntry

TITLE_1867 = "1867: The Railways of Canada"


@pytest.fixture
def reads(monkeypatch, tmp_path):
    """An empty cache folder of its own, no game kept in the process; the list of game files
    parsed (each call of the loader's load_game_file)."""
    monkeypatch.setenv("RUSTY_TRAIN_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(gamefile, "_GAME_CACHE", {})
    parsed: list[str] = []
    real = gamefile.load_game_file

    def counting(path, tiles_folder=None):
        parsed.append(Path(path).stem)
        return real(path, tiles_folder)

    monkeypatch.setattr(gamefile, "load_game_file", counting)
    return parsed


def new_process(monkeypatch) -> None:
    """What a new process knows: nothing kept in memory."""
    monkeypatch.setattr(gamefile, "_GAME_CACHE", {})


def cache_files(tmp_path) -> list[str]:
    """The cache's entries, without their hash: ``game-1867``, ``titles``."""
    return sorted(p.name.rsplit("-", 1)[0] for p in (tmp_path / "cache").iterdir())


def test_a_game_read_once_comes_from_the_cache_after(reads, monkeypatch, tmp_path):
    first = gamefile.load_game("1867")
    assert reads == ["1867"]
    assert cache_files(tmp_path) == ["game-1867"]
    new_process(monkeypatch)
    again = gamefile.load_game("1867")
    assert reads == ["1867"]  # not parsed again
    assert again is not first
    assert again.title == TITLE_1867
    assert list(again.hexes) == list(first.hexes)
    assert again.catalogue.names() == first.catalogue.names()
    assert again.trains == first.trains and again.companies == first.companies
    assert again.catalogue["X1"] == first.catalogue["X1"]


@pytest.fixture
def data_copy(monkeypatch, tmp_path) -> Path:
    """A copy of the bundled games and tiles, used as the data folders."""
    root = tmp_path / "data"
    shutil.copytree(games_dir(), root / "games")
    shutil.copytree(tiles_dir(), root / "tiles")
    monkeypatch.setenv("RUSTY_TRAIN_DATA", str(root))
    return root


def test_a_changed_game_file_or_tile_file_is_read_again(reads, data_copy, monkeypatch):
    assert gamefile.load_game("1889").title == "Shikoku 1889"
    toml = data_copy / "games" / "1889.toml"
    text = toml.read_text(encoding="utf-8")
    assert text.count('title = "Shikoku 1889"') == 1
    toml.write_text(text.replace('"Shikoku 1889"', '"Shikoku 1889 (changed)"'), encoding="utf-8")
    new_process(monkeypatch)
    assert gamefile.load_game("1889").title == "Shikoku 1889 (changed)"
    assert reads == ["1889", "1889"]
    new_process(monkeypatch)
    gamefile.load_game("1889")
    assert reads == ["1889", "1889"]  # the new entry
    tiles = sorted((data_copy / "tiles").glob("*.tiles"))[0]
    tiles.write_text(tiles.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")
    new_process(monkeypatch)
    gamefile.load_game("1889")
    assert reads == ["1889", "1889", "1889"]


def test_an_entry_of_other_code_is_not_used(reads, monkeypatch):
    gamefile.load_game("1830")
    new_process(monkeypatch)
    monkeypatch.setattr(cache, "code_fingerprint", lambda: "another version of the code")
    gamefile.load_game("1830")
    assert reads == ["1830", "1830"]


def test_a_game_of_a_folder_given_by_hand_leaves_nothing_behind(reads, tmp_path):
    gamefile.load_game("1830", folder=games_dir())
    assert not (tmp_path / "cache").exists()


@pytest.mark.parametrize("setting", ["off", ""])
def test_the_cache_turned_off(reads, monkeypatch, tmp_path, setting):
    monkeypatch.setenv("RUSTY_TRAIN_CACHE", setting)
    gamefile.load_game("1830")
    new_process(monkeypatch)
    gamefile.load_game("1830")
    assert reads == ["1830", "1830"]
    assert not (tmp_path / "cache").exists()


def test_a_cache_folder_that_cannot_be_written_is_passed_over(reads, monkeypatch, tmp_path):
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("RUSTY_TRAIN_CACHE", str(blocker / "cache"))
    assert gamefile.load_game("1830").id == "1830"
    assert blocker.read_text(encoding="utf-8") == "not a folder"
    assert reads == ["1830"]


@pytest.mark.parametrize("content", [b"", b"garbage", b"\x80\x05K\x01."])
def test_a_broken_entry_is_read_again_and_rewritten(reads, monkeypatch, tmp_path, content):
    gamefile.load_game("1830")
    (entry,) = (tmp_path / "cache").iterdir()
    entry.write_bytes(content)
    new_process(monkeypatch)
    assert gamefile.load_game("1830").id == "1830"
    assert reads == ["1830", "1830"]
    new_process(monkeypatch)
    gamefile.load_game("1830")
    assert reads == ["1830", "1830"]  # rewritten whole
    assert [p.name for p in (tmp_path / "cache").iterdir()] == [entry.name]


def test_the_cache_folder_follows_the_platform(monkeypatch, tmp_path):
    monkeypatch.delenv("RUSTY_TRAIN_CACHE", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setattr(cache.sys, "platform", "linux")
    monkeypatch.setenv("XDG_CACHE_HOME", "/var/cache/someone")
    assert cache.cache_dir() == Path("/var/cache/someone/rusty-train-py")
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/is/ignored")
    assert cache.cache_dir() == tmp_path / ".cache" / "rusty-train-py"
    monkeypatch.setattr(cache.sys, "platform", "darwin")
    assert cache.cache_dir() == tmp_path / "Library" / "Caches" / "rusty-train-py"
    monkeypatch.setattr(cache.sys, "platform", "win32")
    monkeypatch.setenv("LOCALAPPDATA", "C:/Users/someone/AppData/Local")
    assert cache.cache_dir() == Path("C:/Users/someone/AppData/Local/rusty-train-py/Cache")
    monkeypatch.delenv("LOCALAPPDATA")
    assert cache.cache_dir() is None


def test_a_rusty_train_save_loads_its_one_game(reads, tmp_path):
    save = tmp_path / "one.game"
    save.write_text(
        json.dumps(
            {"game": TITLE_1867, "phase": "8", "map": {"orientation": "FlatTop", "tiles": []}}
        ),
        encoding="utf-8",
    )
    assert open_game(save).state.game.id == "1867"
    assert reads == ["1867"]  # before the index: the 12 games up to 1867 in id order
    assert cache_files(tmp_path) == ["game-1867", "titles"]


def test_the_title_index(reads):
    entries = {e.game_id: e for e in index.title_index()}
    assert sorted(entries) == gamefile.available_games()
    assert entries["1867"] == TitleEntry("1867", TITLE_1867, TITLE_1867, ("1867",))
    assert entries["1830"].rusty_train == "1830: Railways and Robber Barons"
    assert [e.game_id for e in entries.values() if e.rusty_train] == [
        "1830",
        "1861",
        "1867",
        "1889",
    ]
    assert reads == []  # no game loaded to index them


def test_a_wrong_index_entry_costs_a_lookup_never_a_wrong_game(reads, monkeypatch):
    monkeypatch.setattr(
        index, "title_index", lambda folder=None: (TitleEntry("1830", None, TITLE_1867, ()),)
    )
    assert game_for_title(TITLE_1867, "x.game").id == "1867"
    with pytest.raises(GameFileError) as info:
        game_for_title("1899: Nowhere", "x.game")
    assert str(info.value) == (
        "x.game: unknown Rusty Train game '1899: Nowhere' (known: 1830: Railways and Robber"
        " Barons, 1861: The Railways of the Russian Empire, 1867: The Railways of Canada,"
        " 1889: History of Shikoku Railways)"
    )
