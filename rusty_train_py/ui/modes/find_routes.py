"""Find-routes mode: ask for a company and its trains, search in the background, show routes.

While the search runs the map is faded and only Esc (cancel) does anything here. Then the
best routes are drawn, one colour per train; Left/Up and Right/Down step through them one
at a time, ``d`` shows the dividends, Esc/Return go back to Default mode.
"""

from __future__ import annotations

from ...render.colours import route_colour
from ...route.result import RouteResult, TrainRoute
from ..dialogs import dividends_html, money
from ..preferences import TrainChoice
from .base import Binding, Mode, ModeHost, Scene, keys


class FindRoutesMode(Mode):
    name = "Find routes"

    def __init__(self, host: ModeHost, company: str, choice: TrainChoice):
        super().__init__()
        self.company = company
        self.choice = choice
        self.result: RouteResult | None = None
        self.shown: int | None = None  # None: every route; else the index of one route
        self.progress = (0, 0, 0)
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
        company = host.dialogs.choose_company(parent, [game.company(c) for c in on_map])
        if company is None:
            return None
        comp = game.company(company)
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
    def help_keys(self) -> str:  # type: ignore[override]
        if self.searching:
            return "Esc cancel the search"
        return "Left/Up previous route · Right/Down next route · d dividends · Esc/Return back"

    def enter(self, host: ModeHost) -> None:
        host.start_route_search(self.company, self.choice)

    def leave(self, host: ModeHost) -> None:
        if self.searching:
            host.cancel_route_search()

    # ---- the search reports ---------------------------------------------------------------

    def on_progress(self, progress) -> None:
        self.progress = progress

    def on_result(self, host: ModeHost, result: RouteResult) -> Mode | None:
        """The search has ended; show its routes (None: stay here) or go back if it found none."""
        from .default import DefaultMode

        if result.cancelled and not result.routes:
            host.show_message(f"{self.company}: route search cancelled")
            return DefaultMode()
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
        return None

    # ---- handlers -------------------------------------------------------------------------

    def cancel(self, host: ModeHost) -> None:
        host.cancel_route_search()
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

        return step

    def dividends(self, host: ModeHost) -> None:
        assert self.result is not None
        comp = host.game.company(self.company)
        host.dialogs.show_info(
            host.ui_parent(), f"Dividends: {comp.name}", dividends_html(self.result, comp)
        )

    def back(self, host: ModeHost) -> Mode:
        from .default import DefaultMode

        return DefaultMode()

    # ---- what is shown --------------------------------------------------------------------

    def visible_routes(self) -> list[tuple[TrainRoute, str]]:
        if self.result is None:
            return []
        pairs = [(r, route_colour(i)) for i, r in enumerate(self.result.routes)]
        if self.shown is None:
            return pairs
        return [pairs[self.shown]]

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

    def status(self, host: ModeHost) -> str:
        if self.result is None:
            done, total, best = self.progress
            trains = ", ".join(self.choice.trains)
            return f"{self.company} with {trains}: searching… best so far {money(best)}"
        if self.shown is None:
            parts = [f"{r.train}-train {money(r.revenue)}" for r in self.result.routes]
            if not parts:
                return f"{self.company}: no routes"
            return f"{self.company}: " + " · ".join(parts) + f" = {money(self.result.net_revenue)}"
        r = self.result.routes[self.shown]
        stops = ", ".join(
            f"({s.name or s.hex} skipped)" if s.skipped else f"{s.name or s.hex} {s.revenue}"
            for s in r.stops
        )
        extra = "".join(f" +{a} {b}" for b, a in r.bonuses)
        mult = f" ×{r.multiplier}" if r.multiplier != 1 else ""
        return f"{self.company} {r.train}-train {money(r.revenue)}: {stops}{mult}{extra}"
