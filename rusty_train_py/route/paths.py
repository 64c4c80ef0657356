"""Enumerate every path a company's trains could run, each exactly once.

Tokens (cities holding a company token) are ordered by map position. A path's *anchor* is the
lowest-ordered token it visits. From each token T we walk outward, never entering a token
ordered before T, and record every half-path; a path whose anchor is T is either one such
half-path (T at an end) or two of them joined at T (T in the middle) with nothing in common.
So each path appears once, and a path that passes several of the company's tokens is never
lost (it is built from its lowest token, whatever tokens it meets later).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from .graph import TrackGraph


class SearchCancelled(Exception):
    """Raised inside enumeration when the cancel flag is set."""


class EnumerationCut(Exception):
    """Raised inside enumeration when its time or its number of paths runs out."""


@dataclass
class Budget:
    """When enumeration must stop early: the player cancels (nothing is kept), or the time
    limit or the number of paths runs out (the paths found so far are kept, unproven)."""

    cancel: Callable[[], bool] | None = None
    deadline: float | None = None
    max_paths: int | None = None
    count: int = 0  # paths kept before the current step
    cut: str | None = None  # "time" or "paths" once enumeration was cut short
    on_poll: Callable[[int], None] | None = None  # told the paths found so far

    def poll(self, extra: int = 0) -> None:
        if self.on_poll is not None:
            self.on_poll(self.count + extra)
        if self.cancel is not None and self.cancel():
            raise SearchCancelled
        if self.max_paths is not None and self.count + extra > self.max_paths:
            self.cut = "paths"
            raise EnumerationCut
        if self.deadline is not None and time.monotonic() > self.deadline:
            self.cut = "time"
            raise EnumerationCut


@dataclass(frozen=True)
class Measures:
    """The distances trains measure paths by: per measure, what each centre and corridor
    uses, and the most any train using that measure may use (None: no limit). Distances are
    never negative, so a path too long for every measure stays too long when extended."""

    centre_cost: list[list[int]]
    corridor_cost: list[list[int]]
    limits: list[int | None]
    singles: bool = False  # a token city alone is a path (a train with one-stop routes)

    def __len__(self) -> int:
        return len(self.limits)

    def fits(self, dist: tuple[int, ...]) -> bool:
        for d, lim in zip(dist, self.limits, strict=True):
            if lim is None or d <= lim:
                return True
        return False


@dataclass(frozen=True, slots=True)
class HalfPath:
    stops: tuple[int, ...]  # centre ids, the anchor first
    corridors: tuple[int, ...]
    inner: int  # within-route bits, without the anchor's own bit
    track: int  # shared-track bits
    dist: tuple[int, ...]  # per measure, the anchor excluded
    end_at_anchor: bool = False  # leaves the anchor on a terminal path: cannot be joined


@dataclass(frozen=True, slots=True)
class RoutePath:
    """A complete path: stops in travel order, its shared-track mask, and how it was built."""

    stops: tuple[int, ...]
    track: int
    dist: tuple[int, ...]  # per measure
    corridors: tuple[int, ...]  # in travel order, oriented from stops[0]
    reversed_corridors: int  # how many leading corridors are walked backwards


def half_paths(
    graph: TrackGraph,
    anchor: int,
    excluded: set[int],
    measures: Measures,
    budget: Budget | None = None,
) -> list[HalfPath]:
    """Every half-path from ``anchor`` (the trivial one first), never entering ``excluded``.

    On ``EnumerationCut`` the half-paths found so far are in the exception's ``args[0]``."""
    centres = graph.centres
    adjacency = graph.adjacency
    corridors = graph.corridors
    passable = [not (c.terminal or c.blocked) for c in centres]
    bits = [c.bit for c in centres]
    n_m = len(measures)
    cc = measures.centre_cost
    kc = measures.corridor_cost
    base = tuple(cc[m][anchor] for m in range(n_m))
    limits = [None if lim is None else lim - base[m] for m, lim in enumerate(measures.limits)]
    out: list[HalfPath] = [HalfPath((anchor,), (), 0, 0, (0,) * n_m)]
    start_bit = bits[anchor]
    counter = [0]
    # Paths the budget still allows: past them enumeration stops at once, not at the next
    # poll (a search with a small budget, the advisor's, then goes to the model sooner).
    room = 1 << 62
    if budget is not None and budget.max_paths is not None:
        room = budget.max_paths - budget.count

    def dfs(
        node: int,
        stops: tuple[int, ...],
        corrs: tuple[int, ...],
        inner: int,
        track: int,
        dist: tuple[int, ...],
        end_at_anchor: bool,
    ) -> None:
        counter[0] += 1
        if budget is not None and (counter[0] % 4096 == 0 or len(out) > room):
            budget.poll(len(out))
        at_anchor = node == anchor
        for corr_id, nxt in adjacency[node]:
            if nxt in excluded:
                continue
            corr = corridors[corr_id]
            if corr.a_terminal and not at_anchor:
                continue
            nb = bits[nxt]
            if (inner | start_bit) & (corr.inner_mask | nb):
                continue
            d2 = tuple(dist[m] + cc[m][nxt] + kc[m][corr_id] for m in range(n_m))
            for m in range(n_m):
                lim = limits[m]
                if lim is None or d2[m] <= lim:
                    break
            else:
                continue
            s2 = stops + (nxt,)
            c2 = corrs + (corr_id,)
            i2 = inner | corr.inner_mask | nb
            k2 = track | corr.track_mask
            e2 = end_at_anchor or (at_anchor and corr.a_terminal)
            out.append(HalfPath(s2, c2, i2, k2, d2, e2))
            if passable[nxt] and not corr.b_terminal:
                dfs(nxt, s2, c2, i2, k2, d2, e2)

    try:
        dfs(anchor, (anchor,), (), 0, 0, (0,) * n_m, False)
    except EnumerationCut:
        raise EnumerationCut(out) from None
    return out


def _words(masks: list[int], n_words: int) -> np.ndarray:
    """Split Python int bit masks into an (n, n_words) array of 64-bit words."""
    arr = np.zeros((len(masks), n_words), dtype=np.uint64)
    for k in range(n_words):
        shift = 64 * k
        arr[:, k] = np.fromiter(
            ((m >> shift) & _WORD for m in masks), dtype=np.uint64, count=len(masks)
        )
    return arr


_WORD = (1 << 64) - 1


class PathSet:
    """Every path once, stored compactly: the half-paths of each anchor token, and per path
    the anchor and one or two half-path indices (numpy arrays), its shared-track mask and its
    distances. ``stops(i)`` and ``path(i)`` rebuild a path when it is needed."""

    def __init__(self, halves: list[list[HalfPath]]):
        self.halves = halves
        self._anchor: list[np.ndarray] = []
        self._first: list[np.ndarray] = []
        self._second: list[np.ndarray] = []  # -1: the path is one half-path
        self.track: list[int] = []
        self.dist: list[tuple[int, ...]] = []  # per path, per measure
        self.complete = True  # False when enumeration was cut short

    @classmethod
    def empty(cls) -> PathSet:
        """No paths (a search with every train locked enumerates none)."""
        out = cls([])
        out._freeze()
        return out

    def _add(self, k: int, first: np.ndarray, second: np.ndarray) -> None:
        self._anchor.append(np.full(len(first), k, dtype=np.int32))
        self._first.append(first.astype(np.int32))
        self._second.append(second.astype(np.int32))

    def _freeze(self) -> None:
        def cat(parts: list[np.ndarray]) -> np.ndarray:
            return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int32)

        self.anchor = cat(self._anchor)
        self.first = cat(self._first)
        self.second = cat(self._second)
        del self._anchor, self._first, self._second

    def __len__(self) -> int:
        return len(self.track)

    def iter_stops(self) -> Iterator[tuple[int, ...]]:
        """The stops of every path, in order (one tuple at a time)."""
        halves = self.halves
        for k, i, j in zip(
            self.anchor.tolist(), self.first.tolist(), self.second.tolist(), strict=True
        ):
            a = halves[k][i]
            if j < 0:
                yield a.stops
            else:
                yield a.stops[::-1] + halves[k][j].stops[1:]

    def iter_corridors(self) -> Iterator[tuple[int, ...]]:
        """The corridors of every path, in the order of ``iter_stops``."""
        halves = self.halves
        for k, i, j in zip(
            self.anchor.tolist(), self.first.tolist(), self.second.tolist(), strict=True
        ):
            a = halves[k][i]
            yield a.corridors if j < 0 else a.corridors[::-1] + halves[k][j].corridors

    def path(self, idx: int) -> RoutePath:
        k, i, j = int(self.anchor[idx]), int(self.first[idx]), int(self.second[idx])
        a = self.halves[k][i]
        if j < 0:
            return RoutePath(a.stops, a.track, self.dist[idx], a.corridors, 0)
        b = self.halves[k][j]
        return RoutePath(
            a.stops[::-1] + b.stops[1:],
            a.track | b.track,
            self.dist[idx],
            a.corridors[::-1] + b.corridors,
            len(a.corridors),
        )


def enumerate_paths(
    graph: TrackGraph,
    measures: Measures,
    budget: Budget | None = None,
) -> PathSet:
    """Every path through at least one company token, once each, in a deterministic order.

    A path is kept when some measure's distance fits its limit (``measures``); half-paths
    are joined with every pair tested at once per half-path (numpy word masks and distance
    arrays). When ``budget`` cuts enumeration short, the paths found so far are returned
    with ``complete`` False (cancelling raises SearchCancelled instead).
    """
    budget = budget or Budget()
    tokens = graph.tokens()
    n_words = max(1, (len(graph.bit_names) + 63) // 64)
    n_m = len(measures)
    all_halves: list[list[HalfPath]] = []
    out = PathSet(all_halves)
    stopped = False
    for k, anchor in enumerate(tokens):
        excluded = set(tokens[:k])
        base = [measures.centre_cost[m][anchor] for m in range(n_m)]
        # The anchor alone is a path only for trains whose routes may be one stop (then it
        # is kept first, marked so that it joins no other half-path); a half-path with at
        # least one more stop is.
        budget.count = len(out.track)
        first = 0 if measures.singles else 1
        try:
            halves = half_paths(graph, anchor, excluded, measures, budget)[first:]
        except EnumerationCut as cut:
            halves = cut.args[0][first:]
            stopped = True
        if measures.singles and halves:
            halves[0] = HalfPath((anchor,), (), 0, 0, (0,) * n_m, end_at_anchor=True)
        all_halves.append(halves)
        n = len(halves)
        out._add(k, np.arange(n), np.full(n, -1))
        out.track.extend(h.track for h in halves)
        out.dist.extend(tuple(d + b for d, b in zip(h.dist, base, strict=True)) for h in halves)
        if stopped:
            break
        if n < 2:
            continue
        stopped = _join_halves(out, k, halves, base, measures, n_words, budget)
        if stopped:
            break
    out.complete = not stopped
    out._freeze()
    return out


def _join_halves(
    out: PathSet,
    k: int,
    halves: list[HalfPath],
    base: list[int],
    measures: Measures,
    n_words: int,
    budget: Budget,
) -> bool:
    """Add to ``out`` every path joining two half-paths of anchor ``k`` at it: all partners
    of a half-path tested at once (no shared within-route bit, a measure that fits). True
    when the budget cut it short."""
    n, n_m = len(halves), len(measures)
    words = _words([h.inner for h in halves], n_words)
    dists = [np.array([h.dist[m] for h in halves], dtype=np.int64) for m in range(n_m)]
    joinable = np.array([not h.end_at_anchor for h in halves], dtype=bool)
    tracks = [h.track for h in halves]
    for i in range(n - 1):
        budget.count = len(out.track)
        try:
            budget.poll()
        except EnumerationCut:
            return True
        a = halves[i]
        if a.end_at_anchor:
            continue
        row = words[i]
        clash = (words[i + 1 :, 0] & row[0]) != 0
        for w in range(1, n_words):
            clash |= (words[i + 1 :, w] & row[w]) != 0
        ok = ~clash & joinable[i + 1 :]
        fit = None
        for m in range(n_m):
            lim = measures.limits[m]
            if lim is None:
                fit = np.ones(n - i - 1, dtype=bool)
                break
            f = dists[m][i + 1 :] + (a.dist[m] + base[m]) <= lim
            fit = f if fit is None else fit | f
        if fit is not None:
            ok &= fit
        js = np.flatnonzero(ok) + (i + 1)
        if not len(js):
            continue
        out._add(k, np.full(len(js), i), js)
        at = a.track
        js_list = js.tolist()
        out.track.extend([at | tracks[j] for j in js_list])
        joined = [dists[m][js] + (a.dist[m] + base[m]) for m in range(n_m)]
        out.dist.extend(zip(*(x.tolist() for x in joined), strict=True))
    return False
