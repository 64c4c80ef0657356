"""Plan mode with real keys on the bundled 1867 game: ``j`` asks for the company and trains,
``g`` (or Return on the selected hex) picks the target, the planner runs in the background,
the plan is drawn as ghost tiles labelled by round with its cost and gain, Return lays the
first round as one undo step, Ctrl+Z takes it back, ``b`` plans by money, Esc goes back."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from rusty_train_py.planner.earnings import plan_with_gain
from rusty_train_py.ui.modes import DefaultMode
from rusty_train_py.ui.modes.plan import PlanMode
from rusty_train_py.ui.preferences import TrainChoice

from .conftest import bundled_state, key, wait_for

K = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier


def start_plan(qtbot, win, company="GW", trains=("5", "8")):
    win.dialogs.company = company
    win.dialogs.trains = TrainChoice(tuple(trains))
    key(qtbot, win, K.Key_J)
    assert isinstance(win.mode, PlanMode)


def plan_to(qtbot, win, text: str) -> None:
    win.dialogs.hex_text = text
    key(qtbot, win, K.Key_G)
    wait_for(qtbot, lambda: not win.searching and win.mode.plan is not None)


@pytest.fixture
def bc(bc_window):
    return bc_window


def test_j_plans_to_a_place_and_return_lays_round_one(qtbot, bc, dialogs):
    expected = plan_with_gain(bundled_state(), "GW", ["5", "8"], targets=("N12",))
    start_plan(qtbot, bc)
    assert any(c[0] == "choose_company" for c in dialogs.calls)
    plan_to(qtbot, bc, "N12")
    mode = bc.mode
    assert mode.plan == expected
    assert [(x.hex, x.tile, x.round, x.cost) for x in mode.plan.lays] == [
        ("M11", "8", 1, 0),
        ("N12", "5", 1, 20),
    ]
    assert bc.windowTitle().startswith("GW to N12: 2 lays, 1 round, $20, routes $840 (+0)")
    ghosts = {g.hex: g for g in bc.current_scene().ghosts}
    assert {h: (g.tile, g.rotation, g.label) for h, g in ghosts.items()} == {
        "M11": ("8", 5, "R1"),
        "N12": ("5", 1, "R1"),
    }
    before = bc.state.copy()
    key(qtbot, bc, K.Key_Return)
    assert isinstance(bc.mode, DefaultMode)
    assert bc.state.laid_tile("M11") == "8" and bc.state.laid_tile("N12") == "5"
    assert bc.last_message.startswith("Laid round 1 of the plan to N12: 8 on M11, 5 on N12")
    key(qtbot, bc, K.Key_Z, modifier=CTRL)  # one undo step takes both back
    assert bc.state == before


def test_b_plans_by_money_and_only_round_one_is_laid(qtbot, bc):
    start_plan(qtbot, bc, "CNR", ("5", "5+5E"))
    plan_to(qtbot, bc, "N12")
    key(qtbot, bc, K.Key_B)
    wait_for(qtbot, lambda: not bc.searching and bc.mode.plan is not None)
    plan = bc.mode.plan
    assert plan.by == "money"
    assert [(x.hex, x.round, x.cost) for x in plan.lays] == [("M11", 1, 0), ("N12", 2, 0)]
    labels = {g.hex: g.label for g in bc.current_scene().ghosts}
    assert labels == {"M11": "R1", "N12": "R2"}
    key(qtbot, bc, K.Key_Return)
    assert bc.state.laid_tile("M11") == "8" and bc.state.laid_tile("N12") is None


def test_return_on_the_selected_hex_and_a_plan_that_cannot_be(qtbot, bc):
    start_plan(qtbot, bc, "GW")
    bc.select_hex("F16")  # Toronto: GW's network reaches it already
    key(qtbot, bc, K.Key_Return)
    wait_for(qtbot, lambda: not bc.searching and bc.mode.plan is not None)
    assert bc.windowTitle().startswith("GW already reaches F16")
    assert bc.current_scene().ghosts == []
    key(qtbot, bc, K.Key_Return)  # nothing to lay: plans to F16 again, stays in Plan mode
    wait_for(qtbot, lambda: not bc.searching and bc.mode.plan is not None)
    assert isinstance(bc.mode, PlanMode)
    key(qtbot, bc, K.Key_Escape)
    assert isinstance(bc.mode, DefaultMode)
