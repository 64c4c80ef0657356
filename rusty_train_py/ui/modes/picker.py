"""The company and train picker shared by Find routes and the advisor, and the one way both
start, cancel and end their search in the background.

The picker: the company dialog (those with a token on the map, the last one first), then its
trains and bonus options (the last choice for it first); both remembered per game.
``PickedSearchMode`` is the base of the two modes: ``start`` asks the picker, ``begin_search``
makes the mode's ``RouteSearchController`` (its reports go to ``on_progress``, ``on_result``,
``on_failure``), ``cancel`` stops it keeping what it found, ``end_search`` drops it.
"""

from __future__ import annotations

from typing import Generic, Self

from ..panels import SearchView
from ..preferences import TrainChoice
from ..search_controller import RouteSearchController
from ..worker import P, R, SearchFn
from .base import Mode, ModeDone, ModeHost


def pick_company_and_trains(host: ModeHost) -> tuple[str, TrainChoice] | None:
    """Ask for a company and its trains, starting on the company about to run (a log opened
    at a run) or the one picked last; None (with a message where useful) if there is no
    company to pick or the player cancels."""
    state = host.state
    game = state.game
    on_map = state.companies_on_map()
    if not on_map:
        host.show_message("No company has a token on the map: place tokens first (t)")
        return None
    parent = host.ui_parent()
    last_company = host.about_to_run() or host.prefs.last_company(game.id)
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


class PickedSearchMode(Mode, Generic[P, R]):
    """A mode that runs a search in the background for the company and trains picked: its
    reports are ``P``, its result ``R``."""

    cancel_message = "Cancelling…"  # said when Esc or Cancel stops the search

    def __init__(self, host: ModeHost, company: str, choice: TrainChoice):
        super().__init__()
        self.company = company
        self.choice = choice
        self.currency = host.state.game.currency  # how amounts are written
        self.cancelling = False
        self.search: RouteSearchController[P, R] | None = None

    @classmethod
    def start(cls, host: ModeHost) -> Self | None:
        """Ask for the company and trains; None (staying in Default mode) if the player
        cancels."""
        picked = pick_company_and_trains(host)
        if picked is None:
            return None
        return cls(host, *picked)

    @property
    def busy(self) -> bool:
        return self.search is not None and self.search.running

    # ---- what the modes say of their search -----------------------------------------------

    def search_view(self) -> SearchView:
        raise NotImplementedError

    def on_progress(self, host: ModeHost, progress: P) -> None:
        raise NotImplementedError

    def on_result(self, host: ModeHost, result: R) -> Mode | ModeDone | None:
        raise NotImplementedError

    def on_failure(self, host: ModeHost, message: str) -> Mode | ModeDone | None:
        raise NotImplementedError

    # ---- the search's life ------------------------------------------------------------------

    def begin_search(self, host: ModeHost, run: SearchFn[P, R]) -> RouteSearchController[P, R]:
        """The mode's search controller (on entering the mode), running ``run``."""
        search = RouteSearchController(
            run,
            lambda p: self.on_progress(host, p),
            lambda r: host.apply(self.on_result(host, r)),
            lambda m: host.apply(self.on_failure(host, m)),
            parent=host.ui_parent(),
        )
        self.search = search
        return search

    def run_picked(self, host: ModeHost) -> None:
        """Start the search for the company and trains picked (dropping one running)."""
        assert self.search is not None
        self.cancelling = False
        choice = self.choice
        self.search.start(host.state, self.company, choice.trains, choice.bonuses)
        host.show_search(self.search_view())

    def cancel(self, host: ModeHost) -> None:
        """Esc or Cancel: stop the search; what it found so far still comes."""
        if self.search is not None and self.search.running:
            self.search.cancel()
            self.cancelling = True
            host.show_search(self.search_view())
            host.show_message(self.cancel_message)

    def end_search(self, host: ModeHost) -> None:
        """Leaving the mode: a search still running is dropped (its result would be stale)."""
        if self.search is not None:
            self.search.drop()
            self.search.deleteLater()
            self.search = None
        host.show_search(None)
