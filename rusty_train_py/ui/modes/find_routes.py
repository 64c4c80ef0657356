"""Find-routes mode: ask for a company and its trains, search in the background, show routes.

The mode owns its search: it creates a ``RouteSearchController`` on entering, passes its
progress to the window's search panel, and ends the search when it is left (Esc, another
game, closing the window). While the search runs the map is faded and only Esc (cancel)
does anything here. Then the best routes are drawn, one colour per train, with a table of
each train's route; Left/Up and Right/Down step through them one at a time, ``d`` shows the
dividends, Esc/Return go back to Default mode.
"""

from __future__ import annotations

from ...render.colours import route_colour
from ...route.progress import SearchProgress
from ...route.result import RouteResult, TrainRoute
from ..dialogs import dividends_html, money
from ..panels import RouteRow, RouteTable, SearchView
from ..preferences import TrainChoice
from ..search_controller import RouteSearchController
from .base import DONE, Binding, Mode, ModeDone, ModeHost, Scene, keys


class FindRoutesMode(Mode):
    name = "Find routes"

    def __init__(self, host: ModeHost, company: str, choice: TrainChoice):
        super().__init__()
        self.company = company
        self.choice = choice
        self.result: RouteResult | None = None
        self.shown: int | None = None  # None: every route; else the index of one route
        self.progress: SearchProgress | None = None
        self.cancelling = False
        self.search: RouteSearchController | None = None
        self.bindings = [
            Binding(keys("Escape"), "Esc", "Cancel the search", self.cancel),
        ]

    @classmethod
    def start(cls, host: ModeHost) -> Mode | None:
        """Ask for the company and trains; None (staying in Default mode) if the user cancels."""
        state = host.state
        game = state.game
        on_map = state.companies_on_map()
        if not on_map:
            host.show_message("No company has a token on the map: place tokens first (t)")
            return None
        parent = host.ui_parent()
        last_company = host.prefs.last_company(game.id)
        company = host.dialogs.choose_company(
            parent, [game.company(c) for c in on_map], last_company
        )
        if company is None:
            return None
        comp = game.company(company)
        host.prefs.set_last_company(game.id, comp.abbrev)
        last = host.prefs.last_trains(game.id, comp.abbrev)
        choice = host.dialogs.choose_trains(parent, game, comp, last)
        if choice is None:
            return None
        if not choice.trains:
            host.show_message(f"{comp.abbrev}: choose at least one train")
            return None
        host.prefs.set_last_trains(game.id, comp.abbrev, choice)
        return cls(host, comp.abbrev, choice)

    @property
    def searching(self) -> bool:
        return self.result is None

    @property
    def busy(self) -> bool:
        return self.search is not None and self.search.running

    @property
    def help_keys(self) -> str:  # type: ignore[override]
        if self.searching:
            return "Esc cancel the search"
        return "Left/Up previous route · Right/Down next route · d dividends · Esc/Return back"

    # ---- the search -----------------------------------------------------------------------

    def enter(self, host: ModeHost) -> None:
        search = RouteSearchController(host.search_fn, parent=host.ui_parent())
        search.progress.connect(lambda p: self.on_progress(host, p))
        search.finished.connect(lambda r: host.apply(self.on_result(host, r)))
        search.failed.connect(lambda m: host.apply(self.on_failure(host, m)))
        self.search = search
        search.start(host.state, self.company, self.choice.trains, self.choice.bonuses)
        host.show_search(self.search_view())

    def leave(self, host: ModeHost) -> None:
        if self.search is not None:
            self.search.drop()  # a search still running is dropped: its result is stale
            self.search.deleteLater()
            self.search = None
        host.show_search(None)
        host.show_routes(None)

    def search_view(self) -> SearchView:
        trains = ", ".join(self.choice.trains)
        title = f"Finding the best routes for {self.company} ({trains})…"
        return SearchView(title, self.progress, self.cancelling)

    def on_progress(self, host: ModeHost, progress: SearchProgress) -> None:
        self.progress = progress
        host.show_search(self.search_view())

    def on_result(self, host: ModeHost, result: RouteResult) -> Mode | ModeDone | None:
        """The search has ended; show its routes (None: stay here) or go back if it found none."""
        host.show_search(None)
        if result.cancelled and not result.routes:
            host.show_message(f"{self.company}: route search cancelled")
            return DONE
        self.result = result
        self.shown = None
        self.bindings = [
            Binding(keys("Left", "Up"), "Left/Up", "Previous train route", self.step(-1)),
            Binding(keys("Right", "Down"), "Right/Down", "Next train route", self.step(1)),
            Binding(keys("D"), "d", "Dividend payments…", self.dividends),
            Binding(keys("Escape", "Return", "Enter"), "Esc", "Return to Default mode", self.back),
        ]
        if not result.routes:
            host.show_message(f"{self.company}: no route earns anything with these trains")
        elif result.cancelled:
            host.show_message(
                f"{self.company}: search cancelled; showing the best routes found so far"
            )
        elif not result.optimal:
            host.show_message(f"{self.company}: the best routes found, not proven optimal")
        host.show_routes(self.route_table())
        return None

    def on_failure(self, host: ModeHost, message: str) -> ModeDone:
        host.show_search(None)
        host.dialogs.error(host.ui_parent(), "Route search failed", message)
        return DONE

    # ---- handlers -------------------------------------------------------------------------

    def cancel(self, host: ModeHost) -> None:
        if self.search is not None and self.search.running:
            self.search.cancel()  # the result still comes: the best routes found so far
            self.cancelling = True
            host.show_search(self.search_view())
            host.show_message("Cancelling the route search…")

    def step(self, delta: int):
        def step(host: ModeHost) -> None:
            n = len(self.result.routes) if self.result else 0
            if n == 0:
                return
            # Cycle through: every route, route 1, ..., route n, every route, ...
            pos = -1 if self.shown is None else self.shown
            pos = (pos + 1 + delta) % (n + 1) - 1
            self.shown = None if pos < 0 else pos
            host.show_routes(self.route_table())

        return step

    def dividends(self, host: ModeHost) -> None:
        assert self.result is not None
        comp = host.game.company(self.company)
        host.dialogs.show_info(
            host.ui_parent(), f"Dividends: {comp.name}", dividends_html(self.result, comp)
        )

    def back(self, host: ModeHost) -> ModeDone:
        return DONE

    # ---- what is shown --------------------------------------------------------------------

    def visible_routes(self) -> list[tuple[TrainRoute, str]]:
        if self.result is None:
            return []
        pairs = [(r, route_colour(i)) for i, r in enumerate(self.result.routes)]
        if self.shown is None:
            return pairs
        return [pairs[self.shown]]

    def route_table(self) -> RouteTable | None:
        if self.result is None:
            return None
        res = self.result
        rows = tuple(RouteRow.of(route, route_colour(i)) for i, route in enumerate(res.routes))
        note = (
            "search cancelled: the best routes found so far"
            if res.cancelled
            else ("proven optimal" if res.optimal else "not proven optimal")
        )
        total = f"{self.company}: net revenue {money(res.net_revenue)} ({note})"
        readings = "Rules read as: " + "; ".join(res.readings) if res.readings else ""
        return RouteTable(rows, total, self.shown, readings)

    def scene(self, host: ModeHost) -> Scene:
        pairs = self.visible_routes()
        return Scene(
            host.state,
            host.active_hex,
            self.colour,
            routes=[r for r, _ in pairs],
            route_colours=[c for _, c in pairs],
            faded=self.searching,
        )

    def title(self, host: ModeHost) -> str:
        if self.result is None:
            return f"{self.company}: searching for the best routes…"
        res = self.result
        note = (
            " (search cancelled: best found so far)"
            if res.cancelled
            else ("" if res.optimal else " (not proven optimal)")
        )
        if self.shown is None:
            return f"{self.company}: net revenue {money(res.net_revenue)}{note}"
        r = res.routes[self.shown]
        return (
            f"{self.company} {r.train}-train: {money(r.revenue)}"
            f" (route {self.shown + 1} of {len(res.routes)})"
        )
