"""The optimal net revenue of a company's trains on a map, by the route finder, remembered by
graph key (``graphkey.py``): a map whose key was seen before is not searched again. The
searches share a memo of path revenues (``route/revenue_memo.py``): most paths of the map
after one lay were valued in an earlier search.

``Scorer.score`` answers one map; it counts how each answer was found (searched, or the same
key as an earlier map), and stops the running search when ``cancel`` says so.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..mapstate.state import MapState
from ..route.graph import build_graph
from ..route.revenue_memo import RevenueMemo
from ..route.search import RouteSearchError, find_routes, select_bonuses
from .graphkey import GraphKey, graph_key

CancelFn = Callable[[], bool]

# Paths a search enumerates before the exact model (route/exact.py) takes over, where the
# model states the rules. The advisor searches many maps that differ by one lay, so it pays
# the model's import once; then the model beats enumerating tens of thousands of paths:
# bench/advisor.py, 1867 CNR 5,5+5E, 21 searches: 34.6 -> 3.9 s of CPU under load (GW 5,8:
# 5.0 -> 3.4 s), same answers. Below this many paths enumeration and branch and bound win.
EXACT_AFTER = 2_000


class AdviceCancelled(Exception):
    """The player cancelled while a map was being scored."""


@dataclass(frozen=True, slots=True)
class Score:
    """The finder's optimum on one map: ``net_revenue``; ``optimal`` False when the finder
    could not prove it (past its path budget on rules its exact model does not state: the
    best among the paths it kept); ``searched``: this call ran the finder (False: a map with
    the same key had been searched)."""

    net_revenue: int
    optimal: bool
    searched: bool


class Scorer:
    """Scores maps for one company, its trains and bonuses; one search per graph key."""

    def __init__(
        self,
        state: MapState,
        company: str,
        trains: Sequence[str],
        bonuses: Sequence[str] = (),
        cancel: CancelFn | None = None,
        max_paths: int | None = None,
        reuse_revenues: bool = True,
    ):
        game = state.game
        try:
            self.company = game.company(company).abbrev
        except KeyError as exc:
            raise RouteSearchError(exc.args[0]) from None
        if not trains:
            raise RouteSearchError("no trains given: name at least one train")
        try:
            self.train_types = [game.train(str(t)) for t in trains]
        except KeyError as exc:
            raise RouteSearchError(exc.args[0]) from None
        select_bonuses(game, bonuses)  # validates the names
        self.trains = tuple(t.name for t in self.train_types)
        self.bonuses = tuple(bonuses)
        self.cancel = cancel
        self.max_paths = max_paths
        self.memo: dict[GraphKey, tuple[int, bool]] = {}
        self.searches = 0
        self.reused = 0
        self.revenues = RevenueMemo() if reuse_revenues else None

    def key(self, state: MapState) -> GraphKey:
        return graph_key(state, self.company, self.train_types, build_graph(state, self.company))

    def cancelled(self) -> bool:
        return self.cancel is not None and bool(self.cancel())

    def score(self, state: MapState, key: GraphKey | None = None) -> Score:
        """The optimum on ``state`` (raises AdviceCancelled when cancelled)."""
        if self.cancelled():
            raise AdviceCancelled
        key = key if key is not None else self.key(state)
        hit = self.memo.get(key)
        if hit is not None:
            self.reused += 1
            return Score(hit[0], hit[1], False)
        result = find_routes(
            state,
            self.company,
            self.trains,
            self.bonuses,
            cancel=self.cancel,
            max_paths=self.max_paths,
            revenue_memo=self.revenues,
            exact_after=EXACT_AFTER,
        )
        if result.cancelled:
            raise AdviceCancelled
        self.searches += 1
        if result.optimal:  # an unproven answer depends on more than the key
            self.memo[key] = (result.net_revenue, True)
        return Score(result.net_revenue, result.optimal, True)
