"""Every game of games/ in the window: Ctrl+N lists it and starts it, the map is drawn, a
screenshot has the map's size, and dividends use the share count of the company's kind."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from reference_data import GAMES

from rusty_train_py.cli.route_report import format_result
from rusty_train_py.gamedata.loader.gamefile import available_games, load_game
from rusty_train_py.route.result import RouteResult
from rusty_train_py.ui.dialogs import dividends_html

from .conftest import key

K = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier


def test_ctrl_n_lists_every_game_with_its_title(qtbot, window, dialogs):
    dialogs.game = None  # the player cancels
    key(qtbot, window, K.Key_N, modifier=CTRL)
    assert dialogs.calls[-1] == ("choose_game", tuple(available_games()))
    assert set(GAMES) == set(available_games())
    assert window.game.id == "1867"  # cancelled: the open game stays


@pytest.mark.parametrize("game_id", GAMES)
def test_ctrl_n_starts_the_game_and_the_window_draws_it(qtbot, window, dialogs, prefs, game_id):
    dialogs.game = game_id
    key(qtbot, window, K.Key_N, modifier=CTRL)
    game = load_game(game_id)
    assert window.game.id == game_id
    assert window.state.phase == game.default_phase
    assert window.state.laid_tiles() == {}
    assert window.windowTitle() == f"Untitled {game_id} — {game.title} — rusty-train-py"
    assert window.active_hex in game.hexes
    assert not dialogs.errors
    # the screenshot key draws the whole map at the canvas size
    key(qtbot, window, K.Key_S)
    image = QImage(str(window.last_screenshot))
    w, h = window.canvas.map_size()
    assert (image.width(), image.height()) == (math.ceil(w), math.ceil(h))
    assert image.width() > 200 and image.height() > 200


def example_result(company) -> RouteResult:
    return RouteResult(company.abbrev, ("2",), (), 157)


@pytest.mark.parametrize("game_id", GAMES)
def test_dividends_use_the_share_count_of_the_company_kind(game_id):
    game = load_game(game_id)
    kinds = {}
    for c in game.companies:
        kinds.setdefault(c.kind, c)
    m = game.money  # the game's currency, as the command line writes it too
    for kind, company in kinds.items():
        html = dividends_html(example_result(company), company, game.currency)
        text = format_result(example_result(company), game)
        if company.shares > 1:
            per_share = 157 // company.shares
            half = 78 // company.shares
            assert f"<b>{m(per_share)}</b>" in html, (kind, html)
            kept = m(157 - half * company.shares)
            assert f"<b>{m(half)}</b></td><td align='right'>{kept}" in html
            assert f"<p>{company.shares} shares.</p>" in html
            assert f"dividends: full {m(per_share)}/share; half {m(half)}/share" in text
        else:
            assert f"Full payout: <b>{m(157)}</b> to the owner." in html, (kind, html)
            assert f"Half payout: <b>{m(78)}</b> to the owner, {m(79)} kept by the company." in html
            assert (
                f"dividends: full {m(157)} to the owner; half {m(78)} (company keeps {m(79)})"
                in text
            )
