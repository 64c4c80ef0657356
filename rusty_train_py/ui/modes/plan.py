"""Plan mode: the cheapest track from a company's network to a hex (``rusty_train_py.planner``).

The player picks the company and its trains (as for the advisor), then the target: a click on
a hex, ``g`` (a hex or a place name), or Return on the selected hex. The planner runs on the
thread pool (a ``RouteSearchController`` running ``plan_with_gain``) with its progress and
Cancel over the faded map. The plan is drawn as ghost tiles labelled by operating round
(``R1``, ``R2`` ...), the title giving its rounds, cost and gain; Return lays the first
round's tiles as one undo step, ``b`` plans by money first (or rounds again), a click or
``g`` plans to another hex, Esc goes back.
"""

from __future__ import annotations

from functools import partial

from ...mapstate.places import find_place
from ...planner.earnings import plan_with_gain
from ...planner.result import Plan, PlanProgress
from ..dialogs import money
from ..panels import SearchView
from ..preferences import TrainChoice
from ..search_controller import RouteSearchController
from ..worker import SearchFn
from .base import DONE, Binding, Ghost, Mode, ModeDone, ModeHost, Scene, keys
from .picker import pick_company_and_trains


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


class PlanMode(Mode):
    name = "Plan"

    def __init__(self, host: ModeHost, company: str, choice: TrainChoice):
        super().__init__()
        self.company = company
        self.choice = choice
        self.currency = host.state.game.currency  # how amounts are written
        self.target: str | None = None
        self.by = "rounds"
        self.plan: Plan | None = None
        self.progress: PlanProgress | None = None
        self.cancelling = False
        self.search: RouteSearchController[PlanProgress, Plan] | None = None
        self._choosing()

    @classmethod
    def start(cls, host: ModeHost) -> Mode | None:
        picked = pick_company_and_trains(host)
        if picked is None:
            return None
        mode = cls(host, *picked)
        host.show_message(f"{mode.company}: click the hex to reach, or g, or Return here")
        return mode

    def _choosing(self) -> None:
        self.bindings = [
            Binding(keys("Return", "Enter"), "Return", "Plan to the selected hex", self.here),
            Binding(keys("G"), "g", "Plan to a hex or place…", self.go_to),
            Binding(keys("B"), "b", "Plan by money first / rounds first", self.toggle_by),
            Binding(keys("Escape"), "Esc", "Back", self.back),
        ]

    @property
    def busy(self) -> bool:
        return self.search is not None and self.search.running

    @property
    def help_keys(self) -> str:
        if self.busy:
            return "Esc cancel"
        if self.plan is not None and self.plan.lays:
            return "Return lay round 1 · click/g another target · b by money/rounds · Esc back"
        return "click/Return/g choose the target · b by money/rounds · Esc back"

    # ---- choosing the target and running the planner ---------------------------------------

    def here(self, host: ModeHost) -> None:
        self.run(host, host.active_hex)

    def go_to(self, host: ModeHost) -> None:
        text = host.dialogs.ask_hex(host.ui_parent(), host.game)
        if text is None:
            return
        name = find_place(host.game, text)
        if name is None:
            host.show_message(f"There is no hex {text.strip()!r} on this map")
            return
        host.select_hex(name, centre=True)
        self.run(host, name)

    def toggle_by(self, host: ModeHost) -> None:
        self.by = "money" if self.by == "rounds" else "rounds"
        host.show_message(f"Plans by {self.by} first")
        if self.target is not None:
            self.run(host, self.target)

    def run(self, host: ModeHost, target: str) -> None:
        """Plan to ``target`` in the background (dropping a plan being made)."""
        self.target = target
        self.plan = None
        self.progress = None
        self.cancelling = False
        run: SearchFn[PlanProgress, Plan] = partial(plan_with_gain, targets=(target,), by=self.by)
        if self.search is None:
            self.search = RouteSearchController(
                run,
                lambda p: self.on_progress(host, p),
                lambda r: host.apply(self.on_result(host, r)),
                lambda m: host.apply(self.on_failure(host, m)),
                parent=host.ui_parent(),
            )
        self.search.search = run
        self.bindings = [Binding(keys("Escape"), "Esc", "Cancel the planner", self.cancel)]
        self.search.start(host.state, self.company, self.choice.trains, self.choice.bonuses)
        host.show_search(self.search_view())
        host.refresh()

    def enter(self, host: ModeHost) -> None:
        host.show_search(None)

    def leave(self, host: ModeHost) -> None:
        if self.search is not None:
            self.search.drop()
            self.search.deleteLater()
            self.search = None
        host.show_search(None)

    def search_view(self) -> SearchView:
        title = f"Planning {self.company}'s track to {self.target} ({self.by} first)…"
        p = self.progress
        if self.cancelling:
            phase = "Cancelling…"
        elif p is not None and p.phase == "routes":
            phase = f"Plan found; its routes ({', '.join(self.choice.trains)})…"
        else:
            phase = "Searching the lays…"
        states = "" if p is None else f"{p.states} maps looked at, {p.queued} waiting"
        return SearchView(title, None, self.cancelling, (phase, states, ""), None)

    def on_progress(self, host: ModeHost, progress: PlanProgress) -> None:
        self.progress = progress
        host.show_search(self.search_view())

    def on_result(self, host: ModeHost, plan: Plan) -> Mode | ModeDone | None:
        host.show_search(None)
        self.plan = plan
        self._choosing()
        if plan.found and plan.lays:
            self.bindings.insert(
                0, Binding(keys("Return", "Enter"), "Return", "Lay round 1 of the plan", self.keep)
            )
        host.show_message(self.title(host))
        host.refresh()
        return None

    def on_failure(self, host: ModeHost, message: str) -> ModeDone:
        host.show_search(None)
        host.dialogs.error(host.ui_parent(), "Planner failed", message)
        return DONE

    def keep(self, host: ModeHost) -> ModeDone | None:
        """Lay the plan's first round (one undo step)."""
        plan = self.plan
        if plan is None or not plan.first_round():
            return None
        edit = plan.round_edit(host.state, 1)
        host.push_edit(edit)
        laid = ", ".join(f"{x.tile} on {x.hex}" for x in plan.first_round())
        host.show_message(f"Laid round 1 of the plan to {plan.reached}: {laid}")
        return DONE

    def cancel(self, host: ModeHost) -> None:
        if self.search is not None and self.search.running:
            self.search.cancel()
            self.cancelling = True
            host.show_search(self.search_view())

    def back(self, host: ModeHost) -> ModeDone:
        return DONE

    def handle_click(
        self, host: ModeHost, hex_name: str | None, token_space: int | None
    ) -> Mode | None:
        if hex_name is not None and not self.busy:
            host.select_hex(hex_name)
            self.run(host, hex_name)
        return None

    # ---- what is shown ------------------------------------------------------------------------

    def ghosts(self) -> list[Ghost]:
        """Each hex of the plan with the last tile laid there, labelled by its round."""
        if self.plan is None:
            return []
        out: dict[str, Ghost] = {}
        for lay in self.plan.lays:
            out[lay.hex] = Ghost(lay.hex, lay.tile, lay.rotation, f"R{lay.round}", lay.round == 1)
        return list(out.values())

    def scene(self, host: ModeHost) -> Scene:
        return Scene(
            host.state, host.active_hex, self.colour, faded=self.busy, ghosts=self.ghosts()
        )

    def title(self, host: ModeHost) -> str:
        p = self.plan
        if p is None:
            if self.target is None:
                return f"{self.company}: plan track to…"
            return f"{self.company}: planning to {self.target}…"
        if not p.found:
            return f"{self.company}: no plan to {self.target}: {p.reason}"
        if not p.lays:
            return f"{self.company} already reaches {p.reached}"
        rounds = f"{p.rounds} round{'s' if p.rounds != 1 else ''}"
        gain = (
            ""
            if p.gain is None
            else f", routes {money(p.revenue_after or 0, self.currency)} ({signed(p.gain)})"
        )
        return f"{self.company} to {p.reached}: {len(p.lays)} lays, {rounds}, {money(p.cost, self.currency)}{gain}"

    def status(self, host: ModeHost) -> str:
        p = self.plan
        if p is None or not p.lays:
            return ""
        return " · ".join(
            f"R{x.round} {x.tile} on {x.hex}"
            + (f" {money(x.cost, self.currency)}" if x.cost else "")
            for x in p.lays
        )
