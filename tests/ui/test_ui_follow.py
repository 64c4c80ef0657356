"""Following a game in the window, the Runs panel and the run keys: a local stand-in for
18xx.games serves a real 1889 log one action per refresh; the window shows each company's
best routes soon after its run starts, keeps the zoom and the hex selected, never overwrites
an edit; ``[`` and ``]`` step between run points with the action in the title; a click on a
row of the Runs panel draws the players' routes and ours."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from online_site import PlayedGame, serving
from PySide6.QtCore import Qt

from rusty_train_py.files.loader import open_game

from .conftest import StubDialogs, key, make_window, settle, wait_for

DATA = Path(__file__).resolve().parents[1] / "data" / "18xx_games"
LOG_1889 = DATA / "1889_314.json"


class FollowDialogs(StubDialogs):
    def __init__(self) -> None:
        super().__init__()
        self.online_game: str | None = None
        self.log_point: int | None = None

    def ask_online_game(self, parent):
        self.calls.append(("ask_online_game",))
        return self.online_game

    def choose_log_point(self, parent, name, runs):
        return self.log_point


@pytest.mark.parametrize(
    ("shown", "last"),
    [(80, 96), pytest.param(0, 457, marks=pytest.mark.slow)],  # slow: the whole game
)
def test_following_shows_each_best_run_within_two_seconds_and_keeps_the_view(
    qtbot, prefs, shown, last
):
    dialogs = FollowDialogs()
    win = make_window(qtbot, prefs, dialogs)
    game = PlayedGame(json.loads(LOG_1889.read_text()), 314, shown=shown, step=1)
    with serving(game) as site:
        dialogs.online_game = f"{site}/game/314"
        win.logs.follow_options = {"interval": 0.05, "min_interval": 0.0}
        win.command_handler("follow_game")()
        wait_for(qtbot, lambda: win.logs.snapshot is not None, 10)
        settle(qtbot, 0.1)  # the first position fits the window once
        assert win.doc.name == "game 314 (following)"
        win.canvas.set_zoom(1.7)
        win.select_hex("K6")
        started: dict[str, float] = {}  # "company@action": when its run started
        shown: dict[str, float] = {}
        errors: list[str] = []
        deadline = time.monotonic() + 600
        while win.logs.snapshot.last_action < last and time.monotonic() < deadline:
            snap = win.logs.snapshot
            now = time.monotonic()
            if snap.to_run is not None and snap.trains.get(snap.to_run):  # it can run
                turn = f"{snap.to_run}@{_turn_start(snap)}"
                started.setdefault(turn, now)
                best = win.logs.best
                if best is not None and best.task.company == snap.to_run and turn not in shown:
                    scene = win.current_scene()
                    if scene.routes == best.result.routes and scene.routes:
                        shown[turn] = now
            if "Traceback" in win.last_message or "bug" in win.last_message.lower():
                errors.append(win.last_message)
            qtbot.wait(10)
        win.logs.stop_following()
    assert errors == []
    if last == 96:
        assert sorted(started) == ["KO@93", "SR@84"]
    else:  # every run of the game (a company's turn may hold its run: 32 runs)
        assert len(started) >= 30
    assert set(shown) == set(started)
    assert all(shown[t] - started[t] < 2.0 for t in started), (started, shown)
    assert abs(win.canvas.zoom - 1.7) < 1e-6 and win.active_hex == "K6"
    # no longer following: the title names the action shown, the end of the log received
    assert win.logs.title() == f"action {win.logs.snapshot.last_action} (end)"
    win.undo_stack.setClean()
    win.close()


def _turn_start(snap) -> int:
    """The first action of the acting company's current turn."""
    first = 0
    for action, kept in zip(snap.log.actions, snap.log.kept, strict=True):
        if not kept or action.get("entity_type") == "company":
            continue
        if action.get("entity") != snap.acting:
            first = 0
        elif first == 0:
            first = action["id"]
    return first


def test_the_new_tiles_are_marked_and_an_edit_stops_the_follow(qtbot, prefs):
    dialogs = FollowDialogs()
    win = make_window(qtbot, prefs, dialogs)
    game = PlayedGame(json.loads(LOG_1889.read_text()), 314, shown=46, step=1)
    with serving(game) as site:
        dialogs.online_game = f"{site}/game/314"
        win.logs.follow_options = {"interval": 1.5, "min_interval": 0.0}
        win.command_handler("follow_game")()
        wait_for(
            qtbot, lambda: win.logs.snapshot is not None and win.logs.snapshot.last_action >= 47
        )
        assert win.logs.snapshot.last_action == 47  # KO's tile in K6, marked
        assert win.current_scene().marks == (("K6", "#f2a900"),)
        assert "following: action" in win.windowTitle()
        # an edit on the local copy: the next refresh stops the follow, the edit stays
        win.push_edit(win.state.phase_edit(win.state.game.phases[-1].name))
        phase = win.state.phase
        wait_for(qtbot, lambda: not win.logs.following, 10)
    assert win.state.phase == phase and not win.doc.is_clean
    assert win.last_message.startswith("You edited the map: following stopped")
    win.undo_stack.setClean()
    win.close()


def test_a_game_routed_by_hand_draws_nothing_until_asked(qtbot, prefs):
    dialogs = FollowDialogs()
    win = make_window(qtbot, prefs, dialogs)
    data = json.loads((DATA / "1846_222264.json").read_text())
    data["mode"] = "multi"
    game = PlayedGame(data, 222264, shown=29)
    with serving(game) as site:
        dialogs.online_game = f"{site}/game/222264"
        win.logs.follow_options = {"interval": 0.2, "min_interval": 0.0}
        win.command_handler("follow_game")()
        wait_for(qtbot, lambda: win.logs.snapshot is not None, 10)
        assert "the players chose to route by hand" in win.last_message
        settle(qtbot, 0.5)
        assert win.logs.best is None
        win.command_handler("search_to_run")()
        wait_for(qtbot, lambda: win.logs.best is not None, 10)
        assert win.logs.best.line() == "MS to run: best $60"
        assert win.current_scene().routes == win.logs.best.result.routes
        win.logs.stop_following()
    win.undo_stack.setClean()
    win.close()


def test_brackets_step_between_the_runs_with_the_action_in_the_title(qtbot, prefs):
    dialogs = FollowDialogs()
    win = make_window(qtbot, prefs, dialogs)
    dialogs.open_path = str(LOG_1889)
    dialogs.log_point = None  # the end of the log
    key(qtbot, win, Qt.Key.Key_O, modifier=Qt.KeyboardModifier.ControlModifier)
    assert "action 457 (end)" in win.windowTitle()
    key(qtbot, win, "[")
    assert win.logs.source.at == 446  # before AR's last run
    assert "operating round 10, action 446: before AR runs" in win.windowTitle()
    assert win.state == open_game(LOG_1889, at=446).state
    key(qtbot, win, "[", "[")
    assert win.logs.source.at == 435
    key(qtbot, win, "]")
    assert win.logs.source.at == 440
    assert win.last_message == "Before run 31 of 32: IR runs at action 440"
    win.canvas.set_zoom(1.3)
    key(qtbot, win, "]", "]")
    assert win.last_message == "No run after this one: this is the last"
    assert abs(win.canvas.zoom - 1.3) < 1e-6
    win.close()


def test_the_runs_panel_reviews_the_log_and_a_row_draws_both_route_sets(qtbot, prefs):
    dialogs = FollowDialogs()
    win = make_window(qtbot, prefs, dialogs)
    dialogs.open_path = str(LOG_1889)
    key(qtbot, win, Qt.Key.Key_O, modifier=Qt.KeyboardModifier.ControlModifier)
    win.command_handler("show_runs")()
    panel = win.logs.runs_panel
    wait_for(qtbot, lambda: bool(panel.rows), 60)
    table = panel.table
    assert table.rowCount() == len(panel.rows) >= 1
    cells = [table.item(0, j).text() for j in range(table.columnCount())]
    row = panel.rows[0]
    assert cells[0] == str(row.action) and cells[2] == row.company
    assert panel.totals.text().splitlines()[-1].startswith("Over the game, runs earned $")
    qtbot.mouseClick(
        table.viewport(),
        Qt.MouseButton.LeftButton,
        pos=table.visualItemRect(table.item(0, 0)).center(),
    )
    wait_for(qtbot, lambda: win.logs.comparison is not None, 30)
    assert win.logs.source.at == row.action
    c = win.logs.comparison
    scene = win.current_scene()
    assert (row.action, row.company) == (49, "KO")
    assert scene.routes == c.ours.routes and c.ours.net_revenue == row.best_revenue == 100
    assert scene.last_routes == c.players.routes and c.players.net_revenue == 100
    assert c.differ == frozenset() and c.problem == ""
    assert win.last_message == "KO ran $100 (pale) · best $100 (drawn)"
    # SR at action 250 ran $220 where $260 was there: the stops only one set visits marked
    index = [r.action for r in panel.rows].index(250)
    qtbot.mouseClick(
        table.viewport(),
        Qt.MouseButton.LeftButton,
        pos=table.visualItemRect(table.item(index, 0)).center(),
    )
    wait_for(qtbot, lambda: win.logs.comparison is not None and win.logs.comparison.action == 250)
    c = win.logs.comparison
    assert (c.players.net_revenue, c.ours.net_revenue) == (220, 260)
    assert win.current_scene().marked == c.differ == frozenset({"G4", "J1", "J5"})
    assert win.last_message == (
        "SR ran $220 (pale) · best $260 (drawn) · stops that differ: G4, J1, J5"
    )
    assert "operating round 6, action 250: before SR runs" in win.windowTitle()
    win.close()
