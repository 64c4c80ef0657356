"""Branch and bound over the trains of one run: each train takes one of its paths (best first)
or none; paths of different trains may not share track (one AND of two ints).

The bound at train i is the revenue so far plus the exact best of trains i.. alone, computed
first for every suffix of the train list, tightened by a Lagrangian price on every piece of
track for three or more trains; candidates come from per-bit sets of paths. Ties are broken by
path order, which is deterministic, so the same map gives the same routes.
"""

from __future__ import annotations

import time
from bisect import bisect_left
from collections.abc import Callable, Sequence

import numpy as np

from .paths import _WORD, _words


class _Stopped(Exception):
    pass


# One train's paths, best first: (path ids, their revenues, their track masks) by position.
PathTable = tuple[list[int], list[int], list[int]]
# A distinct table as the search holds it: word masks (paths x words) and revenues.
_Table = tuple[np.ndarray, np.ndarray]


EPS = 1e-6


class _Search:
    """Branch and bound over train positions (each: path ids, revenues, masks, best first).

    Bounds, all valid upper bounds on what the trains still to place can add:
    - ``suffix[i]``: the exact best of trains i.. alone, solved first for every suffix;
    - a Lagrangian bound: with a price on every piece of track, each train independently
      takes its best path clear of the used track, valued at revenue minus the prices of its
      track, plus the prices of all track still free. The prices are tuned once, at the root,
      by subgradient steps; any prices give a valid bound, good prices a tight one.
    Equal trains take paths in rising positions, so each combination is met once.
    """

    def __init__(
        self,
        per_train: Sequence[PathTable],
        n_bits: int,
        deadline: float | None,
        cancel: Callable[[], bool] | None,
    ) -> None:
        self.per_train = per_train
        self.k = len(per_train)
        self.n_bits = max(1, n_bits)
        self.n_words = (self.n_bits + 63) // 64
        self.suffix = [0] * (self.k + 1)
        self.deadline = deadline
        self.cancel = cancel
        self.progress: Callable[[], None] | None = None
        self.top_bound = 0.0  # no trains start.. routes beat max(best, top_bound)
        self.best = 0
        self.best_pick: list[int] = []
        self.ticks = 0
        self.last_base: tuple[int, int, int] | None = None  # (used, clash, hi) for the last train
        # Per distinct table (equal trains share one): word masks, bit matrix, revenues.
        self._tables: dict[int, _Table] = {}
        self._users: dict[int, list[int]] = {}
        for order, revs, masks in per_train:
            key = id(order)
            if key not in self._tables:
                words = _words(masks, self.n_words)
                self._tables[key] = (words, np.asarray(revs, dtype=np.float64))
                self._users[key] = _bit_users(words, self.n_bits)
        self.tables = [self._tables[id(order)] for order, _, _ in per_train]
        self.neg_revs = [[-r for r in revs] for _, revs, _ in per_train]
        self.users = [self._users[id(order)] for order, _, _ in per_train]
        self.set_prices(np.zeros(self.n_bits))

    # -- prices -----------------------------------------------------------------------------

    def set_prices(self, lam: np.ndarray, matrices: dict[int, np.ndarray] | None = None) -> None:
        """Use prices ``lam`` (``matrices``: the bit matrices by table, when already built)."""
        self.lam = lam
        self.lam_list = lam.tolist()
        self.lam_total = float(lam.sum())
        adj_by_table = {}
        for key, (words, revs) in self._tables.items():
            if lam.any():
                bits = matrices[id(words)] if matrices else _bit_matrix(words, self.n_bits)
                adj_by_table[key] = revs - bits @ lam.astype(np.float32)
            else:
                adj_by_table[key] = revs.copy()
        self.adj = [adj_by_table[id(order)] for order, _, _ in self.per_train]
        self.adj_list = [a.tolist() for a in self.adj]

    def tune_prices(
        self, lower: int, iterations: int = 200, report: Callable[..., None] | None = None
    ) -> float:
        """Subgradient steps towards the prices giving the tightest root bound (each step
        checks cancel and the deadline)."""
        lam = np.zeros(self.n_bits)
        best_bound = float("inf")
        best_lam = lam
        theta = 2.0
        stall = 0
        matrices = {id(w): _bit_matrix(w, self.n_bits) for w, _ in self.tables}
        for it in range(iterations):
            self.check(force=True)
            if report is not None:
                report("prices", it, iterations, bound=best_bound)
            bound = float(lam.sum())
            g = np.ones(self.n_bits)
            lam32 = lam.astype(np.float32)
            for words, revs in self.tables:
                bits = matrices[id(words)]
                adj = revs - bits @ lam32
                p = int(np.argmax(adj)) if len(adj) else -1
                if p >= 0 and adj[p] > 0:
                    bound += float(adj[p])
                    g -= bits[p]
            if bound < best_bound - EPS:
                best_bound, best_lam, stall = bound, lam.copy(), 0
            else:
                stall += 1
                if stall >= 8:
                    theta /= 2.0
                    stall = 0
            if best_bound < lower + 1 - EPS or theta < 1e-4:
                break
            norm = float(g @ g)
            if norm == 0.0:
                break
            step = theta * max(bound - lower, 1.0) / norm
            lam = np.maximum(0.0, lam - step * g)
        self.check(force=True)
        self.set_prices(best_lam, matrices)
        return best_bound

    def clash_of(self, j: int, used: int, hi: int) -> int:
        """The set of train j's path positions below ``hi`` that share track with ``used``."""
        users = self.users[j]
        window = (1 << hi) - 1
        clash = 0
        while used:
            low = used & -used
            clash |= users[low.bit_length() - 1] & window
            used ^= low
        return clash

    def first_fit(
        self, j: int, used: int, lo: int = 0, hi: int | None = None, clash: int = 0
    ) -> int:
        """Position of train j's first path in [lo, hi) that shares no track with ``used``
        (``hi`` if none), ``clash`` being positions already known to clash: one OR per used
        bit over per-bit sets of paths, cut to ``hi``."""
        if hi is None:
            hi = len(self.per_train[j][0])
        if hi <= lo:
            return hi
        clash |= self.clash_of(j, used, hi)
        clash >>= lo
        pos = lo + ((clash + 1) & ~clash).bit_length() - 1
        return min(pos, hi)

    def clear_positions(self, j: int, used: int, lo: int, hi: int) -> list[int]:
        """Positions in [lo, hi) of train j's paths that share no track with ``used``."""
        if hi <= lo:
            return []
        window = (1 << hi) - 1
        clash = self.clash_of(j, used, hi)
        clear = (window & ~clash) >> lo
        if not clear:
            return []
        raw = clear.to_bytes((clear.bit_length() + 7) // 8, "little")
        bits = np.unpackbits(np.frombuffer(raw, dtype=np.uint8), bitorder="little")
        return (np.flatnonzero(bits) + lo).tolist()

    def free_prices(self, used: int) -> float:
        """Sum of the prices of the track bits not in ``used``."""
        total = self.lam_total
        lam = self.lam_list
        while used:
            low = used & -used
            total -= lam[low.bit_length() - 1]
            used ^= low
        return total

    def best_adjusted(self, j: int, used: int, lo: int) -> float:
        """Train j's best price-adjusted value over paths from ``lo`` clear of ``used``.

        Over the whole list, a numpy scan of the word masks beats ``clear_positions`` (the
        per-bit sets pay off on the short windows the candidate loops look at)."""
        words = self.tables[j][0]
        adj = self.adj[j]
        if lo >= len(adj):
            return 0.0
        if not used:
            return max(0.0, float(adj[lo:].max()))
        clash = None
        for w in range(self.n_words):
            uw = (used >> (64 * w)) & _WORD
            if uw:
                c = (words[lo:, w] & np.uint64(uw)) != 0
                clash = c if clash is None else clash | c
        if clash is None:
            return max(0.0, float(adj[lo:].max()))
        free = adj[lo:][~clash]
        return max(0.0, float(free.max())) if len(free) else 0.0

    # -- search -----------------------------------------------------------------------------

    def check(self, force: bool = False) -> None:
        """Every 64 calls (a few ms): stop on cancel or the deadline, report progress."""
        self.ticks += 1
        if force or self.ticks & 63 == 0:
            if self.cancel is not None and self.cancel():
                raise _Stopped
            if self.deadline is not None and time.monotonic() > self.deadline:
                raise _Stopped
            if self.progress is not None:
                self.progress()

    def solve(
        self, start: int, same_type_prev: list[bool], initial_best: int = 0
    ) -> tuple[int, list[int]]:
        """Exact best for trains start.. (no previous choices)."""
        self.best = initial_best
        self.best_pick = []
        revs = self.per_train[start][1]
        self.top_bound = (revs[0] if revs else 0) + self.suffix[start + 1]
        self.check(force=True)
        pick = [-1] * self.k
        self._dfs(start, 0, 0, pick, same_type_prev, start)
        return self.best, list(self.best_pick)

    def _dfs(
        self, i: int, used: int, total: int, pick: list[int], same_prev: list[bool], start: int
    ) -> None:
        k = self.k
        if i == k:
            if total > self.best:
                self.best = total
                self.best_pick = pick[start:]
            return
        top = i == start
        order, revs, masks = self.per_train[i]
        n = len(order)
        # Symmetry: a train of the same type as the one before takes a later path (or none
        # if the one before took none), so positions rise along a run of equal trains.
        lo = 0
        if not top and same_prev[i]:
            prev = pick[i - 1]
            lo = n if prev == -1 else prev + 1
        if i == k - 1:
            # The last train: its best path that fits is the first one clear of ``used``,
            # and only paths that would beat the best so far are worth looking at.
            hi = bisect_left(self.neg_revs[i], total - self.best)
            base = self.last_base
            if base is not None and used & base[0] == base[0] and hi <= base[2]:
                pos = self.first_fit(i, used & ~base[0], lo, hi, base[1])
            else:
                pos = self.first_fit(i, used, lo, hi)
            if pos < hi and total + revs[pos] > self.best:
                pick[i] = pos
                self.best = total + revs[pos]
                self.best_pick = pick[start:]
                pick[i] = -1
            elif total > self.best:
                self.best = total
                self.best_pick = pick[start:]
            self.check()
            return
        run = 0
        while i + 1 + run < k and same_prev[i + 1 + run]:
            run += 1
        suffix_rest = self.suffix[i + 1]
        # Lagrangian values of the later trains (trains of i's run start after i's path).
        free = self.free_prices(used)
        later = 0.0
        for j in range(i + 1, k):
            later += self.best_adjusted(j, used, lo + 1 + (j - i - 1) if j <= i + run else 0)
        if not top:
            own = self.best_adjusted(i, used, lo)
            bound = min(self.suffix[i], own + later + free)
            if total + bound < self.best + 1 - EPS:
                return
        adj = self.adj_list[i]
        threshold = self.best + 1 - EPS - total - later - free
        self.check(force=top)
        # Only paths clear of the used track, and rich enough to beat the best with the most
        # the later trains could add, are candidates: found at once from the per-bit sets.
        hi = bisect_left(self.neg_revs[i], total + suffix_rest - self.best)
        if i == k - 2:
            # The last train's clashes with the track used so far, once for all candidates.
            last_hi = bisect_left(self.neg_revs[k - 1], total - self.best)
            self.last_base = (used, self.clash_of(k - 1, used, last_hi), last_hi)
        for pos in self.clear_positions(i, used, lo, hi):
            r = revs[pos]
            rest = min(suffix_rest, run * r + self.suffix[i + 1 + run]) if run else suffix_rest
            if total + r + rest <= self.best:
                break
            if top:
                self.top_bound = r + suffix_rest
                self.check()
            if adj[pos] < threshold:
                continue
            pick[i] = pos
            self._dfs(i + 1, used | masks[pos], total + r, pick, same_prev, start)
            threshold = self.best + 1 - EPS - total - later - free
        self.last_base = None
        pick[i] = -1
        # Train i runs no route (then neither does the rest of its run).
        none_rest = self.suffix[i + 1 + run] if run else suffix_rest
        if total + none_rest > self.best:
            self._dfs(i + 1 + run, used, total, pick, same_prev, start)


def _bit_matrix(words: np.ndarray, n_bits: int) -> np.ndarray:
    """The (paths x track bits) 0/1 matrix of word masks, as float32 for price products."""
    bits = np.unpackbits(words.view(np.uint8), axis=1, bitorder="little")
    return bits[:, :n_bits].astype(np.float32)


def _bit_users(words: np.ndarray, n_bits: int) -> list[int]:
    """For every track bit, the set of positions of the paths using it, as a Python int
    (bit p set when the path at position p uses the track bit)."""
    users = []
    for b in range(n_bits):
        column = (words[:, b >> 6] >> np.uint64(b & 63)) & np.uint64(1)
        packed = np.packbits(column.astype(bool), bitorder="little")
        users.append(int.from_bytes(packed.tobytes(), "little"))
    return users


def _revenue_of(per_train: Sequence[PathTable], picks: Sequence[int]) -> int:
    total = 0
    for i, p in enumerate(picks):
        if p != -1 and i < len(per_train):
            total += per_train[i][1][p]
    return total


def _greedy(per_train: Sequence[PathTable]) -> list[int]:
    """A quick feasible answer: each train in turn takes its best path that still fits."""
    used = 0
    picks = []
    for order, _revs, masks in per_train:
        choice = -1
        for pos in range(len(order)):
            if not used & masks[pos]:
                choice = pos
                used |= masks[pos]
                break
        picks.append(choice)
    return picks
