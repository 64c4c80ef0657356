"""Find-routes mode: ask for a company and its trains, search in the background, show routes.

The mode owns its search: it creates a ``RouteSearchController`` on entering, passes its
progress to the window's search panel, and ends the search when it is left (Esc, another
game, closing the window). While the search runs the map is faded and only Esc (cancel)
does anything here. Then the best routes are drawn, one colour per train, with a table of
each train's route; Left/Up and Right/Down step through them one at a time, ``d`` shows the
dividends. Return keeps the routes as the company's run (saved with the game, drawn pale the
next time) and goes back to Default mode; Esc goes back without keeping them.

Route control: ``l`` locks the route shown (one at a time) and searches again for the other
trains around the locked ones; ``n`` draws the shown train's route instead, by clicking its
stops in order (Backspace takes the last one back, Return locks it, Esc stops drawing);
``c`` clears the locks and searches again for every train. A lock the finder refuses (not a
route of that train) is dropped with its reason, and the routes before it stay.
"""

from __future__ import annotations

from collections.abc import Callable

from ...render.colours import route_colour
from ...route.last import LastRoute
from ...route.locks import RouteLock, lock_of_route
from ...route.progress import SearchProgress
from ...route.result import RouteResult, TrainRoute
from ..dialogs import dividends_html, money
from ..panels import RouteRow, RouteTable, SearchView
from ..preferences import TrainChoice
from ..worker import default_search, with_locks
from .base import DONE, Binding, Mode, ModeDone, ModeHost, Scene, keys
from .picker import PickedSearchMode


class FindRoutesMode(PickedSearchMode[SearchProgress, RouteResult]):
    name = "Find routes"
    cancel_message = "Cancelling the route search…"

    def __init__(self, host: ModeHost, company: str, choice: TrainChoice):
        super().__init__(host, company, choice)
        self.result: RouteResult | None = None
        self.shown: int | None = None  # None: every route; else the index of one route
        self.progress: SearchProgress | None = None
        self.locks: list[RouteLock] = []
        self.before: tuple[RouteResult | None, list[RouteLock]] | None = None  # to go back to
        self.drawing: tuple[str, list[str]] | None = None  # a train, the stops clicked
        self.last_run: tuple[LastRoute, ...] = ()  # the company's run kept with the game
        self.bindings = [
            Binding(keys("Escape"), "Esc", "Cancel the search", self.cancel),
        ]

    @property
    def searching(self) -> bool:
        return self.result is None

    @property
    def help_keys(self) -> str:
        if self.searching:
            return "Esc cancel the search"
        if self.drawing is not None:
            return "click stops in order · Backspace take back · Return lock · Esc stop drawing"
        return (
            "Left/Right one route · l lock · n draw · c clear locks · d dividends ·"
            " Return keep · Esc back"
        )

    # ---- the search -----------------------------------------------------------------------

    def enter(self, host: ModeHost) -> None:
        self.begin_search(host, with_locks(host.search_fn or default_search(), ()))
        self.last_run = tuple(host.kept_run(self.company))
        self.run_search(host)

    def run_search(self, host: ModeHost) -> None:
        """Search (again) with the locks as they are now."""
        self.result = None
        self.shown = None
        self.progress = None
        self.drawing = None
        self.bindings = [Binding(keys("Escape"), "Esc", "Cancel the search", self.cancel)]
        host.show_routes(None)
        assert self.search is not None
        self.search.search = with_locks(host.search_fn or default_search(), tuple(self.locks))
        self.run_picked(host)

    def leave(self, host: ModeHost) -> None:
        self.end_search(host)
        host.show_routes(None)

    def search_view(self) -> SearchView:
        trains = ", ".join(self.choice.trains)
        title = f"Finding the best routes for {self.company} ({trains})…"
        if self.locks:
            locked = ", ".join(lock.train for lock in self.locks)
            title = f"Finding the best routes for {self.company} ({trains}; locked: {locked})…"
        return SearchView(title, self.progress, self.cancelling, currency=self.currency)

    def on_progress(self, host: ModeHost, progress: SearchProgress) -> None:
        self.progress = progress
        host.show_search(self.search_view())

    def on_result(self, host: ModeHost, result: RouteResult) -> Mode | ModeDone | None:
        """The search has ended; show its routes (None: stay here) or go back if it found none."""
        host.show_search(None)
        if result.cancelled and not result.routes:
            if self.before is not None and self.before[0] is not None:
                host.show_message(f"{self.company}: search cancelled; the routes before it")
                self.restore(host)
                return None
            host.show_message(f"{self.company}: route search cancelled")
            return DONE
        self.result = result
        self.before = None
        self.shown = None
        self.bindings = self.result_bindings()
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

    def on_failure(self, host: ModeHost, message: str) -> ModeDone | None:
        host.show_search(None)
        if self.before is not None and self.before[0] is not None:
            # a lock the finder refused: drop it, keep the routes found before it
            host.show_message(f"Not locked: {message}")
            self.restore(host)
            return None
        host.dialogs.error(host.ui_parent(), "Route search failed", message)
        return DONE

    def restore(self, host: ModeHost) -> None:
        """Back to the result and the locks before the last search."""
        assert self.before is not None
        self.result, self.locks = self.before[0], list(self.before[1])
        self.before = None
        self.shown = None
        self.bindings = self.result_bindings()
        host.show_routes(self.route_table())
        return None

    def result_bindings(self) -> list[Binding]:
        return [
            Binding(keys("Left", "Up"), "Left/Up", "Previous train route", self.step(-1)),
            Binding(keys("Right", "Down"), "Right/Down", "Next train route", self.step(1)),
            Binding(keys("D"), "d", "Dividend payments…", self.dividends),
            Binding(
                keys("L"), "l", "Lock the route shown, optimise the other trains", self.lock_shown
            ),
            Binding(keys("N"), "n", "Draw the shown train's route: click its stops", self.draw),
            Binding(keys("C"), "c", "Clear the locks and optimise every train", self.clear_locks),
            Binding(
                keys("Return", "Enter"), "Return", "Keep these routes as the run, back", self.keep
            ),
            Binding(keys("Escape"), "Esc", "Return to Default mode", self.back),
        ]

    def drawing_bindings(self) -> list[Binding]:
        return [
            Binding(keys("Return", "Enter"), "Return", "Lock the route drawn", self.lock_drawn),
            Binding(keys("Backspace"), "Backspace", "Take the last stop back", self.take_back),
            Binding(keys("Escape"), "Esc", "Stop drawing", self.stop_drawing),
        ]

    # ---- handlers -------------------------------------------------------------------------

    def step(self, delta: int) -> Callable[[ModeHost], None]:
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
            host.ui_parent(),
            f"Dividends: {comp.name}",
            dividends_html(self.result, comp, self.currency),
        )

    def back(self, host: ModeHost) -> ModeDone:
        return DONE

    def keep(self, host: ModeHost) -> ModeDone:
        """Keep the routes found as the company's run (saved with the game), and go back."""
        if self.result is not None and self.result.routes:
            host.keep_run(self.result)
            host.show_message(
                f"Kept {self.company}'s routes ({money(self.result.net_revenue, self.currency)}) as its run"
            )
        return DONE

    # ---- route control --------------------------------------------------------------------

    def search_again(self, host: ModeHost, locks: list[RouteLock]) -> None:
        self.before = (self.result, list(self.locks))
        self.locks = locks
        self.run_search(host)

    def lock_shown(self, host: ModeHost) -> None:
        """Lock the route shown alone (Left/Right pick it) and optimise the other trains."""
        if self.result is None or self.shown is None:
            host.show_message("Show one route first (Left/Right), then l locks it")
            return
        route = self.result.routes[self.shown]
        if route.locked:
            host.show_message(f"The {route.train}'s route is locked already (c clears locks)")
            return
        locks = [lock_of_route(r) for r in self.result.routes if r.locked]
        self.search_again(host, locks + [lock_of_route(route)])

    def clear_locks(self, host: ModeHost) -> None:
        if not self.locks:
            host.show_message("No route is locked")
            return
        self.search_again(host, [])

    def draw(self, host: ModeHost) -> None:
        """Draw the shown train's route (or the first train's when every route is shown)."""
        if self.result is None:
            return
        if self.shown is not None:
            train = self.result.routes[self.shown].train
        else:
            free = [t for t in self.choice.trains if t not in {lk.train for lk in self.locks}]
            train = free[0] if free else self.choice.trains[0]
        self.drawing = (train, [])
        self.bindings = self.drawing_bindings()
        host.show_message(f"Click the {train}'s stops in order; Return locks the route")

    def handle_click(
        self, host: ModeHost, hex_name: str | None, token_space: int | None
    ) -> Mode | ModeDone | None:
        if self.drawing is None or hex_name is None:
            return None
        tile, _ = host.state.tile_at(hex_name)
        if not tile.revenue_centres:
            host.show_message(f"{hex_name} has no city, town or off-board to stop at")
            return None
        self.drawing[1].append(hex_name)
        host.select_hex(hex_name)
        return None

    def take_back(self, host: ModeHost) -> None:
        if self.drawing is not None and self.drawing[1]:
            self.drawing[1].pop()

    def stop_drawing(self, host: ModeHost) -> None:
        self.drawing = None
        self.bindings = self.result_bindings()

    def lock_drawn(self, host: ModeHost) -> None:
        assert self.drawing is not None and self.result is not None
        train, stops = self.drawing
        if len(stops) < 2:
            host.show_message("Click at least two stops, then Return")
            return
        # the other locks stay; the train drawn loses any lock it had
        locks = [lock_of_route(r) for r in self.result.routes if r.locked]
        same = [i for i, lk in enumerate(locks) if lk.train == train]
        if same and len(same) >= self.choice.trains.count(train):
            locks.pop(same[-1])
        self.search_again(host, locks + [RouteLock(train, tuple(stops))])

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
        if any(r.locked for r in res.routes):
            note += "; the others optimised around the locked routes"
        total = f"{self.company}: net revenue {money(res.net_revenue, self.currency)} ({note})"
        if self.last_run:
            total += (
                f" · last run {money(sum(r.revenue for r in self.last_run), self.currency)} (pale)"
            )
        readings = "Rules read as: " + "; ".join(res.readings) if res.readings else ""
        readings = "\n".join([readings, *res.notes]).strip()  # and what became of each train
        return RouteTable(rows, total, self.shown, readings, self.currency)

    def scene(self, host: ModeHost) -> Scene:
        pairs = self.visible_routes()
        drawn = frozenset(self.drawing[1]) if self.drawing is not None else frozenset()
        return Scene(
            host.state,
            host.active_hex,
            self.colour,
            routes=[r for r, _ in pairs],
            route_colours=[c for _, c in pairs],
            faded=self.searching,
            marked=drawn,
            mark_colour=self.colour,
        )

    def status(self, host: ModeHost) -> str:
        if self.drawing is not None:
            train, stops = self.drawing
            shown = " → ".join(stops) if stops else "click its first stop"
            return f"Drawing the {train}'s route: {shown}"
        return ""

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
            return f"{self.company}: net revenue {money(res.net_revenue, self.currency)}{note}"
        r = res.routes[self.shown]
        return (
            f"{self.company} {r.train}-train: {money(r.revenue, self.currency)}"
            f" (route {self.shown + 1} of {len(res.routes)})"
        )
