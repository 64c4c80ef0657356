"""Advisor mode: which tile lay earns a company's trains the most (``rusty_train_py.advisor``).

The player picks the company and its trains (as for Find routes); the advisor runs on the
thread pool (a ``RouteSearchController`` running ``advise``) with its progress (lays scored
of all, the best so far) and Cancel over the faded map. Then the best lays are drawn as
ghost tiles with their gain, and listed under the map (sortable: ``o`` or a header click);
Up/Down (Left/Right) choose a lay, a click on a ghost chooses the best lay there, Return lays
the chosen one (one undo step), Esc goes back without laying anything.
"""

from __future__ import annotations

from collections.abc import Callable

from ...advisor.progress import AdviceProgress
from ...advisor.result import Advice, ScoredLay
from ...base.money import plural
from ..advice_panel import AdviceRow, AdviceTable
from ..dialogs import money
from ..panels import SearchView
from ..preferences import TrainChoice
from ..worker import SearchFn
from .base import DONE, Binding, Ghost, Mode, ModeDone, ModeHost, Scene, keys
from .picker import PickedSearchMode

GHOSTS = 5  # the best lays drawn on the map (one per hex); ``v`` shows every lay
SORTS = ("gain", "cost", "hex", "tile")
SORT_TEXT = {
    "gain": "by gain",
    "cost": "by cost (cheapest first)",
    "hex": "by hex (map order)",
    "tile": "by tile",
}


def default_advise() -> SearchFn[AdviceProgress, Advice]:
    from ...advisor import advise

    return advise


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


class AdvisorMode(PickedSearchMode[AdviceProgress, Advice]):
    name = "Advisor"
    cancel_message = "Cancelling the advisor…"

    def __init__(self, host: ModeHost, company: str, choice: TrainChoice):
        super().__init__(host, company, choice)
        self.advice: Advice | None = None
        self.progress: AdviceProgress | None = None
        self.sort = "gain"
        self.order: list[int] = []  # positions in advice.lays, as listed
        self.pos = 0  # the chosen lay: its place in ``order``
        self.every_ghost = False  # ``v``: a ghost for every hex with a lay, not the top GHOSTS
        self.bindings = [Binding(keys("Escape"), "Esc", "Cancel the advisor", self.cancel)]

    @property
    def searching(self) -> bool:
        return self.advice is None

    @property
    def help_keys(self) -> str:
        if self.searching:
            return "Esc cancel"
        return (
            "Up/Down choose a lay · o sort · v every ghost · click a ghost · Return lay it"
            " · Esc back"
        )

    # ---- the advisor running --------------------------------------------------------------

    def enter(self, host: ModeHost) -> None:
        self.begin_search(host, host.advise_fn or default_advise())
        self.run_picked(host)

    def leave(self, host: ModeHost) -> None:
        self.end_search(host)
        host.show_advice(None)

    def search_view(self) -> SearchView:
        title = f"Advising {self.company} ({', '.join(self.choice.trains)}): where to lay…"
        p = self.progress
        if self.cancelling:
            phase = "Cancelling: keeping the lays scored so far…"
        elif p is None or p.phase == "base":
            phase = "Finding the routes on the map as it is…"
        else:
            phase = f"Scoring lays: {p.done} of {p.total}"
        if p is not None and p.best is not None:
            best = f"Best so far: {p.best.describe(self.currency)}"
        elif p is not None and p.base is not None:
            best = f"Without a lay: {money(p.base, self.currency)}"
        else:
            best = "Best so far: none yet"
        detail = (
            ""
            if p is None
            else f"{plural(p.searches, 'route search', 'route searches')} · {p.elapsed:.1f} s"
        )
        fraction = p.fraction if p is not None and p.phase == "lays" else None
        return SearchView(title, None, self.cancelling, (phase, best, detail), fraction)

    def on_progress(self, host: ModeHost, progress: AdviceProgress) -> None:
        self.progress = progress
        host.show_search(self.search_view())

    def on_result(self, host: ModeHost, advice: Advice) -> Mode | ModeDone | None:
        host.show_search(None)
        if not advice.lays:
            why = "advisor cancelled" if not advice.complete else "no legal lay"
            host.show_message(f"{self.company}: {why}")
            return DONE
        self.advice = advice
        self.bindings = [
            Binding(keys("Down", "Right"), "Down", "Next lay in the list", self.step(1)),
            Binding(keys("Up", "Left"), "Up", "Previous lay in the list", self.step(-1)),
            Binding(keys("O"), "o", "Sort the list another way", self.next_sort),
            Binding(keys("V"), "v", "Ghosts of every lay or the best few", self.toggle_ghosts),
            Binding(keys("Return", "Enter"), "Return", "Lay the chosen tile", self.keep),
            Binding(keys("Escape"), "Esc", "Back without laying", self.back),
        ]
        self._order()
        self.pos = 0
        if not advice.complete:
            host.show_message(
                f"{self.company}: advisor cancelled; {len(advice.lays)} of"
                f" {advice.stats.lays_legal} lays scored"
            )
        self._show(host)
        return None

    def on_failure(self, host: ModeHost, message: str) -> ModeDone:
        host.show_search(None)
        host.dialogs.error(host.ui_parent(), "Advisor failed", message)
        return DONE

    # ---- choosing ---------------------------------------------------------------------------

    @property
    def chosen(self) -> ScoredLay | None:
        if self.advice is None or not self.order:
            return None
        return self.advice.lays[self.order[self.pos]]

    def _order(self) -> None:
        assert self.advice is not None
        lays = self.advice.lays
        hex_order = {h: i for i, h in enumerate(self.advice_hexes())}

        def key(i: int) -> tuple[int | str, ...]:
            s = lays[i]
            if self.sort == "cost":
                return (s.lay.cost, i)
            if self.sort == "hex":
                return (hex_order[s.lay.hex], i)
            if self.sort == "tile":
                return (s.lay.tile, s.lay.rotation, i)
            return (i,)

        self.order = sorted(range(len(lays)), key=key)

    def advice_hexes(self) -> list[str]:
        assert self.advice is not None
        lays = self.advice.lays
        hexes = {s.lay.hex for s in lays}
        return sorted(hexes, key=lambda h: min(s.order for s in lays if s.lay.hex == h))

    def _show(self, host: ModeHost) -> None:
        lay = self.chosen
        if lay is not None:
            host.select_hex(lay.lay.hex)
        host.show_advice(self.table(host))

    def step(self, delta: int) -> Callable[[ModeHost], None]:
        def step(host: ModeHost) -> None:
            if self.order:
                self.pos = (self.pos + delta) % len(self.order)
                self._show(host)

        return step

    def sort_by(self, host: ModeHost, sort: str) -> None:
        """List the lays ``sort``-wise, keeping the chosen one chosen."""
        if self.advice is None or sort not in SORTS:
            return
        keep = self.order[self.pos] if self.order else 0
        self.sort = sort
        self._order()
        self.pos = self.order.index(keep)
        self._show(host)
        host.show_message(f"Lays sorted {SORT_TEXT[sort]}")

    def next_sort(self, host: ModeHost) -> None:
        self.sort_by(host, SORTS[(SORTS.index(self.sort) + 1) % len(SORTS)])

    def toggle_ghosts(self, host: ModeHost) -> None:
        """Ghosts for every hex with a lay, or for the best GHOSTS only."""
        self.every_ghost = not self.every_ghost
        shown = "every lay" if self.every_ghost else f"the best {GHOSTS} lays"
        host.show_message(f"Ghost tiles of {shown}")

    def choose_row(self, host: ModeHost, row: int) -> None:
        """The player clicked a row of the list."""
        if 0 <= row < len(self.order):
            self.pos = row
            self._show(host)

    def handle_click(
        self, host: ModeHost, hex_name: str | None, token_space: int | None
    ) -> Mode | None:
        """A click on a hex chooses the best lay there (else just selects the hex)."""
        if hex_name is None or self.advice is None:
            return None
        lays = self.advice.lays
        here = [p for p, i in enumerate(self.order) if lays[i].lay.hex == hex_name]
        if here:
            self.pos = min(here, key=lambda p: self.order[p])
            self._show(host)
        else:
            host.select_hex(hex_name)
        return None

    def keep(self, host: ModeHost) -> ModeDone:
        s = self.chosen
        assert s is not None
        edit = s.lay.edit(host.state)
        host.push_edit(edit)
        host.show_message(
            f"Laid {s.lay.tile} on {s.lay.hex} (rotation {s.lay.rotation}):"
            f" {self.company} earns {money(s.net_revenue, self.currency)} ({signed(s.gain)})"
        )
        return DONE

    def back(self, host: ModeHost) -> ModeDone:
        return DONE

    # ---- what is shown ------------------------------------------------------------------------

    def ghosts(self) -> list[Ghost]:
        """The chosen lay and the best ``GHOSTS`` others (every one with ``v``), one per hex."""
        if self.advice is None:
            return []
        chosen = self.chosen
        out: dict[str, Ghost] = {}
        if chosen is not None:
            out[chosen.lay.hex] = Ghost(
                chosen.lay.hex, chosen.lay.tile, chosen.lay.rotation, signed(chosen.gain), True
            )
        for s in self.advice.lays:
            if not self.every_ghost and len(out) >= GHOSTS + (chosen is not None):
                break
            if s.lay.hex not in out:
                out[s.lay.hex] = Ghost(s.lay.hex, s.lay.tile, s.lay.rotation, signed(s.gain))
        return list(out.values())

    def table(self, host: ModeHost) -> AdviceTable:
        assert self.advice is not None
        a = self.advice
        rows = []
        for i in self.order:
            s = a.lays[i]
            place = host.game.hexes[s.lay.hex].location or ""
            rows.append(
                AdviceRow(
                    i + 1,
                    s.lay.hex,
                    place,
                    s.lay.tile,
                    s.lay.rotation,
                    s.lay.cost,
                    s.net_revenue,
                    s.gain,
                    self.currency,
                )
            )
        st = a.stats
        summary = (
            f"{self.company} ({', '.join(a.trains)}): {money(a.base_net_revenue, self.currency)} without a lay."
            f" {st.lays_legal} legal lays: {st.lays_pruned} pruned, {st.lays_shared} sharing a"
            f" search, {st.lays_searched} searched. Listed {SORT_TEXT[self.sort]}."
        )
        return AdviceTable(tuple(rows), self.pos, summary, self.sort)

    def scene(self, host: ModeHost) -> Scene:
        return Scene(
            host.state, host.active_hex, self.colour, faded=self.searching, ghosts=self.ghosts()
        )

    def title(self, host: ModeHost) -> str:
        if self.advice is None:
            return f"{self.company}: advising…"
        best = self.advice.lays[0]
        return f"{self.company}: best lay {signed(best.gain)} ({money(best.net_revenue, self.currency)})"

    def status(self, host: ModeHost) -> str:
        s = self.chosen
        if s is None:
            return ""
        cost = f", cost {money(s.lay.cost, self.currency)}" if s.lay.cost else ""
        return (
            f"Lay {self.pos + 1} of {len(self.order)}: tile {s.lay.tile} on {s.lay.hex}"
            f" rotation {s.lay.rotation}{cost}: {money(s.net_revenue, self.currency)} ({signed(s.gain)})"
        )
