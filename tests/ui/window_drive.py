"""Putting the real window into each of its modes on a game's late position, for the tests
that paint every hex and the random-key soak (tests/ui/soak.py)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

from rusty_train_py.files.loader import open_game
from rusty_train_py.gamedata.game import Game
from rusty_train_py.gamedata.loader.gamefile import load_game
from rusty_train_py.mapstate.state import MapState
from rusty_train_py.ui.main_window import MainWindow
from rusty_train_py.ui.modes import (
    AdvisorMode,
    DefaultMode,
    EditTokensMode,
    FindRoutesMode,
    ReplaceTileMode,
)
from rusty_train_py.ui.navigation import selectable
from rusty_train_py.ui.preferences import TrainChoice

POSITIONS = Path(__file__).resolve().parents[2] / "bench" / "positions"
MODES = ("Default", "Replace tile", "Edit tokens", "Find routes", "Advisor")
K = Qt.Key


def late_state(game_id: str) -> MapState:
    """The game's grown late position (bench/positions), or a new game when it has none."""
    path = POSITIONS / f"late_{game_id}.json"
    if path.exists():
        return open_game(path).state
    return MapState(load_game(game_id))


def shortest_train(game: Game) -> str:
    """A short train (the first the game lists), so searches started by tests stay small."""
    return game.trains[0].name


def small_request(win: MainWindow, dialogs, company: str) -> None:
    """Answer the company and trains dialogs with a small request: ``company`` and one short
    train."""
    dialogs.company = company
    dialogs.trains = TrainChoice((shortest_train(win.game),), ())


def enter_mode(qtbot, win: MainWindow, dialogs, name: str) -> bool:
    """Put the window in mode ``name`` (a search finished where the mode runs one); False
    when the map offers no hex or company for it."""
    win.set_mode(DefaultMode())
    if name == "Default":
        return True
    game = win.game
    if name in ("Find routes", "Advisor"):
        wanted = FindRoutesMode if name == "Find routes" else AdvisorMode
        for company in win.state.companies_on_map():  # the first with routes (or lays)
            small_request(win, dialogs, company)
            win.press(K.Key_R if name == "Find routes" else K.Key_A)
            qtbot.waitUntil(lambda: not win.mode.busy, timeout=60_000)
            if isinstance(win.mode, wanted):
                return True
        return False
    key, wanted_mode = (K.Key_E, ReplaceTileMode) if name == "Replace tile" else (K.Key_T, None)
    for h in game.hex_order:
        if not selectable(game, h):
            continue
        tile, _ = win.state.tile_at(h)
        if name == "Replace tile" and not game.hexes[h].accepts_tiles:
            continue
        if name == "Edit tokens" and not tile.token_spaces:
            continue
        win.select_hex(h)
        win.press(key)
        if isinstance(win.mode, wanted_mode or EditTokensMode):
            return True
    return False


def paint_scene_small(win: MainWindow) -> None:
    """Draw the window's current scene on a tiny image through the canvas (the whole map is
    drawn, clipped): raises what the drawing raises."""
    scene = win.current_scene()
    assert scene is not None
    image = QImage(8, 8, QImage.Format.Format_ARGB32_Premultiplied)
    from rusty_train_py.ui.painting import painting

    with painting(image) as painter:
        win.canvas.paint_scene(painter, scene, 0.25)
