"""Rank every legal lay (and token, and lay-then-token pair) of a company by the optimal net
revenue of its trains after it: exact, by the route finder, with cheap pruning.

1. The map itself is searched once (the base: every gain is over it).
2. For each legal lay the map after it is keyed (``graphkey.py``: what the trains can use).
   A lay whose key is the map's own adds nothing any path could use: its optimum is the
   base's, no search (*pruned*). Lays with equal keys share one search (*shared*).
3. The remaining keys are searched, the most promising first (the most revenue and track the
   trains can use), so the best so far shown early is a good one.

Optionally: every token placement scored the same way; the best (lay, token) pair in the
order the game plays them (the token goes on the map after the lay); and ties broken by the
next round's revenue (the best optimum after one more lay, same trains, same phase).
Determinism: equal results are ordered by the position of the lay among the legal lays (map
order, catalogue order, rotation), tokens by map then city order.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from ..mapstate.state import MapState
from .graphkey import GraphKey
from .lays import Lay, legal_lays
from .progress import AdviceProgressFn, Reporter
from .reach import company_reach
from .result import Advice, AdviceStats, ScoredLay, ScoredPair, ScoredToken
from .score import AdviceCancelled, Scorer
from .tokens import TokenPlace, legal_tokens

CancelFn = Callable[[], bool]


def after_lay(state: MapState, lay: Lay) -> MapState:
    """A copy of ``state`` with ``lay`` made."""
    out = state.copy()
    out.apply(lay.edit(state))
    return out


def after_token(state: MapState, token: TokenPlace, company: str) -> MapState:
    """A copy of ``state`` with the token placed."""
    out = state.copy()
    out.apply(token.edit(state, company))
    return out


def _promise(key: GraphKey) -> tuple[int, int]:
    """How much the trains could earn on a key's graph, roughly: the value of its centres and
    the number of its corridors (more of both first)."""
    centres, corridors = key
    return sum(v for c in centres if isinstance(v := c[3], int)), len(corridors)


def _lay_sort_key(s: ScoredLay, next_round: bool) -> tuple[int, int, int]:
    nxt = s.next_net_revenue if next_round and s.next_net_revenue is not None else 0
    return (-s.net_revenue, -nxt, s.order)


class _Run:
    """One run of the advisor: its scorer, progress reporter and counts."""

    def __init__(self, state: MapState, scorer: Scorer, report: Reporter):
        self.state = state
        self.scorer = scorer
        self.report = report
        self.base = 0
        self.base_optimal = True
        self.base_key: GraphKey = ((), ())

    def score_lays(self, lays: list[Lay], out: list[ScoredLay], counts: dict[str, int]) -> None:
        """Score every lay into ``out`` (in the order scored); stops on AdviceCancelled."""
        sc, report, total = self.scorer, self.report, len(lays)
        best: ScoredLay | None = None
        groups: dict[GraphKey, list[int]] = {}
        report("lays", 0, total, force=True)
        for i, lay in enumerate(lays):
            if sc.cancelled():
                raise AdviceCancelled
            key = sc.key(after_lay(self.state, lay))
            if key == self.base_key:
                s = ScoredLay(lay, self.base, 0, "unchanged", self.base_optimal, i)
                out.append(s)
                counts["pruned"] += 1
                if best is None or _lay_sort_key(s, False) < _lay_sort_key(best, False):
                    best = s
                report(done=len(out), best=best)
            else:
                groups.setdefault(key, []).append(i)
        order = sorted(groups, key=lambda k: (tuple(-x for x in _promise(k)), groups[k][0]))
        for key in order:
            members = groups[key]
            first = lays[members[0]]
            score = sc.score(after_lay(self.state, first), key)
            for n, i in enumerate(members):
                how = "searched" if n == 0 and score.searched else "shared"
                counts[how] += 1
                net = score.net_revenue
                s = ScoredLay(lays[i], net, net - self.base, how, score.optimal, i)
                out.append(s)
                if best is None or _lay_sort_key(s, False) < _lay_sort_key(best, False):
                    best = s
            report(done=len(out), best=best, searches=sc.searches)
        report(done=len(out), best=best, searches=sc.searches, force=True)

    def score_tokens(self, places: list[TokenPlace], out: list[ScoredToken]) -> None:
        sc, report = self.scorer, self.report
        best: ScoredToken | None = None
        report("tokens", 0, len(places), force=True)
        for i, place in enumerate(places):
            score = sc.score(after_token(self.state, place, sc.company))
            s = ScoredToken(
                place, score.net_revenue, score.net_revenue - self.base, score.optimal, i
            )
            out.append(s)
            if best is None or (-s.net_revenue, s.order) < (-best.net_revenue, best.order):
                best = s
            report(done=len(out), best=best, searches=sc.searches)
        report(done=len(out), best=best, searches=sc.searches, force=True)

    def best_pair(self, lays: list[Lay]) -> tuple[ScoredPair | None, int]:
        """The best (lay, token) pair, and how many pairs were scored."""
        sc, report = self.scorer, self.report
        best: ScoredPair | None = None
        scored = 0
        report("pairs", 0, len(lays), force=True)
        for n, lay in enumerate(lays):
            laid = after_lay(self.state, lay)
            for place in legal_tokens(laid, sc.company, company_reach(laid, sc.company)):
                score = sc.score(after_token(laid, place, sc.company))
                scored += 1
                if best is None or score.net_revenue > best.net_revenue:
                    gain = score.net_revenue - self.base
                    best = ScoredPair(lay, place, score.net_revenue, gain, score.optimal)
            report(done=n + 1, best=best, searches=sc.searches)
        report(done=len(lays), best=best, searches=sc.searches, force=True)
        return best, scored

    def next_round(self, lay: Lay, net: int) -> int:
        """The best optimum after ``lay`` and one more lay (or none) next round."""
        laid = after_lay(self.state, lay)
        best = net
        for second in legal_lays(laid, self.scorer.company):
            best = max(best, self.scorer.score(after_lay(laid, second)).net_revenue)
        return best


def advise(
    state: MapState,
    company: str,
    trains: Sequence[str],
    bonuses: Sequence[str] = (),
    *,
    tokens: bool = False,
    two_step: bool = False,
    next_round: bool = False,
    top: int | None = None,
    progress: AdviceProgressFn | None = None,
    cancel: CancelFn | None = None,
    max_paths: int | None = None,
    reuse_revenues: bool = True,
) -> Advice:
    """Rank ``company``'s legal lays on ``state`` by the optimal net revenue of ``trains``
    after each (see the module docstring). ``tokens``: rank token placements too;
    ``two_step``: find the best lay-then-token pair; ``next_round``: break ties among the
    ``top`` best (all lays when None) by the next round's revenue. Cancelled, the answer holds
    what was scored by then (``complete`` False); RouteSearchError for a bad company, train
    or bonus. ``reuse_revenues`` False: every search values its paths afresh (to measure).
    """
    t0 = time.monotonic()
    report = Reporter(progress, t0)
    scorer = Scorer(state, company, trains, bonuses, cancel, max_paths, reuse_revenues)
    run = _Run(state, scorer, report)
    counts = {"pruned": 0, "shared": 0, "searched": 0}
    scored: list[ScoredLay] = []
    token_scores: list[ScoredToken] | None = [] if tokens else None
    pair: ScoredPair | None = None
    pairs = 0
    complete = True
    base_optimal = True
    lays: list[Lay] = []
    places: list[TokenPlace] = []
    try:
        report("base", force=True)
        reach = company_reach(state, scorer.company)
        lays = legal_lays(state, scorer.company, reach)
        run.base_key = scorer.key(state)
        base = scorer.score(state, run.base_key)
        run.base, base_optimal = base.net_revenue, base.optimal
        run.base_optimal = base_optimal
        report(base=run.base, searches=scorer.searches)
        run.score_lays(lays, scored, counts)
        if token_scores is not None:
            places = legal_tokens(state, scorer.company, reach)
            run.score_tokens(places, token_scores)
        if two_step:
            pair, pairs = run.best_pair(lays)
        if next_round:
            scored.sort(key=lambda s: _lay_sort_key(s, False))
            scored[:] = _break_ties(run, scored, top)
    except AdviceCancelled:
        complete = False
    scored.sort(key=lambda s: _lay_sort_key(s, next_round))
    if token_scores is not None:
        token_scores.sort(key=lambda s: (-s.net_revenue, s.order))
    report("done", len(scored), len(lays), best=scored[0] if scored else None, force=True)
    return Advice(
        company=scorer.company,
        trains=scorer.trains,
        bonuses=scorer.bonuses,
        phase=state.phase,
        base_net_revenue=run.base,
        base_optimal=base_optimal,
        lays=tuple(scored),
        tokens=tuple(token_scores) if token_scores is not None else None,
        two_step=pair,
        two_step_asked=two_step,
        complete=complete,
        stats=_stats(counts, len(lays), len(places), pairs, scorer.searches),
    )


def _stats(
    counts: dict[str, int], lays: int, places: int, pairs: int, searches: int
) -> AdviceStats:
    """The figures of a run: lays legal, pruned, shared and searched; tokens; pairs."""
    return AdviceStats(
        lays_legal=lays,
        lays_pruned=counts["pruned"],
        lays_shared=counts["shared"],
        lays_searched=counts["searched"],
        tokens_legal=places,
        pairs_scored=pairs,
        searches=searches,
    )


def _break_ties(run: _Run, ranked: list[ScoredLay], top: int | None) -> list[ScoredLay]:
    """``ranked`` (best first) with the next round's optimum filled in for the lays that tie
    with another among the ``top`` best (and those tied with the last of them)."""
    if not ranked:
        return ranked
    cut = ranked[min(len(ranked), top or len(ranked)) - 1].net_revenue
    tied: dict[int, int] = {}
    for s in ranked:
        if s.net_revenue >= cut:
            tied[s.net_revenue] = tied.get(s.net_revenue, 0) + 1
    todo = [s for s in ranked if tied.get(s.net_revenue, 0) > 1]
    run.report("next", 0, len(todo), force=True)
    out = []
    done = 0
    for s in ranked:
        if tied.get(s.net_revenue, 0) > 1:
            nxt = run.next_round(s.lay, s.net_revenue)
            s = ScoredLay(s.lay, s.net_revenue, s.gain, s.how, s.optimal, s.order, nxt)
            done += 1
            run.report(done=done, searches=run.scorer.searches)
        out.append(s)
    return out
