"""The window survives any file: whatever a loader raises on File ▸ Open (a ValueError from a
5,000-digit hex name, a folder, a name too long for the system, a NUL in the name ...) is
one error message, and the open game keeps its map, undo history, file and title; a save
that fails for any reason leaves the game open and unsaved."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from rusty_train_py.files.errors import GameFileError
from rusty_train_py.ui.window_files import file_error_text

from .conftest import key

K = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier


def save_text(hex_name: str) -> str:
    return json.dumps(
        {
            "format": "rusty-train-py",
            "version": 1,
            "game": "1867",
            "phase": "2",
            "tiles": [{"hex": hex_name, "tile": "57", "rotation": 0}],
            "tokens": [],
        }
    )


def bad_file(tmp_path, kind: str) -> str:
    if kind == "5000-digit hex":
        path = tmp_path / "digits.json"
        path.write_text(save_text("A" + "1" * 5000))
    elif kind == "folder":
        path = tmp_path / "folder.json"
        path.mkdir()
    elif kind == "binary":
        path = tmp_path / "binary.json"
        path.write_bytes(bytes(range(256)) * 8)
    elif kind == "deep":
        path = tmp_path / "deep.json"
        path.write_text("[" * 100_000 + "]" * 100_000)
    elif kind == "name too long":
        path = tmp_path / ("x" * 5000 + ".json")
    elif kind == "NUL in the name":
        return str(tmp_path / "a\0b.json")
    elif kind == "missing":
        path = tmp_path / "missing.json"
    else:
        raise AssertionError(kind)
    return str(path)


def snapshot(win):
    stack = win.undo_stack
    texts = tuple(stack.text(i) for i in range(stack.count()))
    return (
        win.state.copy(),
        win.state.phase,
        stack.count(),
        stack.index(),
        texts,
        win.file_path,
        win.windowTitle(),
        win.game.id,
    )


KINDS = (
    "5000-digit hex",
    "folder",
    "binary",
    "deep",
    "name too long",
    "NUL in the name",
    "missing",
)


@pytest.mark.parametrize("kind", KINDS)
def test_a_bad_file_opened_over_an_edited_game_changes_nothing(
    qtbot, window, dialogs, tmp_path, kind
):
    for h, t in (("E5", "57"), ("E7", "9"), ("E9", "8")):
        window.push_edit(window.state.place_tile_edit(h, t, 0))
    key(qtbot, window, K.Key_Z, modifier=CTRL)  # an undo: something to redo too
    before = snapshot(window)
    dialogs.open_path = bad_file(tmp_path, kind)
    dialogs.save_changes = "discard"
    key(qtbot, window, K.Key_O, modifier=CTRL)
    assert len(dialogs.errors) == 1, dialogs.errors
    title, message = dialogs.errors[0]
    assert title == "Cannot load the game"
    assert len(message) <= 600
    after = snapshot(window)
    assert after[0] == before[0] and after[1:] == before[1:]
    assert window.undo_stack.canRedo()
    if kind == "5000-digit hex":  # (a ValueError escaped the loader: named with the file)
        assert "digits.json" in message
    key(qtbot, window, K.Key_Right)  # the window still answers keys
    window.undo_stack.setClean()


def test_a_save_that_fails_leaves_the_game_open_and_unsaved(qtbot, window, dialogs, tmp_path):
    window.push_edit(window.state.place_tile_edit("E5", "57", 0))
    before = snapshot(window)
    dialogs.save_path = str(tmp_path / "a\0b.json")  # no system call takes it
    key(qtbot, window, K.Key_S, modifier=CTRL)
    assert len(dialogs.errors) == 1
    title, message = dialogs.errors[0]
    assert title == "Cannot save the game"
    assert "b.json" in message and "NUL" in message
    after = snapshot(window)
    assert after[0] == before[0] and after[1:] == before[1:]
    assert "*" in window.windowTitle()
    window.undo_stack.setClean()


def test_an_error_no_loader_should_raise_is_a_bug_named_with_its_file_and_cut_short(
    bug_log_dir,
):
    log = bug_log_dir / "bugs.log"
    assert file_error_text(Path("game.json"), ValueError("bad digits")) == (
        "game.json: cannot be read: ValueError: bad digits\n\nThis is a bug in rusty-train-py"
        f" while game.json was read. The details are in {log}; please report them. Your game"
        " is still open: if the map looks wrong, undo (Ctrl+Z) or save it under a new name and"
        " reopen it."
    )
    assert file_error_text("out.json", RecursionError("too deep"), "written").startswith(
        "out.json: cannot be written: RecursionError: too deep\n\nThis is a bug"
    )
    long = file_error_text(Path("game.json"), KeyError("A" + "1" * 5000))
    assert "1" * 5000 not in long and "1" * 290 + "…" in long and str(log) in long
    assert "1" * 5000 in log.read_text(encoding="utf-8")  # the log has it whole
    # our own error is the message, cut short
    long = file_error_text(Path("game.json"), GameFileError("A" + "1" * 5000))
    assert len(long) == 600 and long.endswith("…")
    missing = FileNotFoundError(2, "No such file or directory", "/x/none.json")
    assert file_error_text("/x/none.json", missing) == "/x/none.json: No such file or directory"
