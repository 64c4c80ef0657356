"""The company and train picker shared by Find routes and the advisor: the company dialog
(those with a token on the map, the last one first), then its trains and bonus options (the
last choice for it first); both remembered per game."""

from __future__ import annotations

from ..preferences import TrainChoice
from .base import ModeHost


def pick_company_and_trains(host: ModeHost) -> tuple[str, TrainChoice] | None:
    """Ask for a company and its trains; None (with a message where useful) if there is no
    company to pick or the player cancels."""
    state = host.state
    game = state.game
    on_map = state.companies_on_map()
    if not on_map:
        host.show_message("No company has a token on the map: place tokens first (t)")
        return None
    parent = host.ui_parent()
    last_company = host.prefs.last_company(game.id)
    company = host.dialogs.choose_company(parent, [game.company(c) for c in on_map], last_company)
    if company is None:
        return None
    comp = game.company(company)
    host.prefs.set_last_company(game.id, comp.abbrev)
    last = host.prefs.last_trains(game.id, comp.abbrev)
    owned = host.company_trains(comp.abbrev)  # what the game file (a log) says it owns
    if owned:
        held = host.company_bonuses(comp.abbrev)
        last = TrainChoice(tuple(owned), tuple(held) if held else last.bonuses)
    choice = host.dialogs.choose_trains(parent, game, comp, last)
    if choice is None:
        return None
    if not choice.trains:
        host.show_message(f"{comp.abbrev}: choose at least one train")
        return None
    host.prefs.set_last_trains(game.id, comp.abbrev, choice)
    return comp.abbrev, choice
