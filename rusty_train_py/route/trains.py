"""What a train earns on a path: which stops it counts (exactly, bonuses included) and the revenue.

Each train type is compiled against a track graph into an ``Earner`` holding plain lists of
ints, so the search can call ``revenue(stops)`` on tens of thousands of paths quickly.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

import numpy as np

from ..game import Bonus, TrainType
from .graph import TrackGraph


@dataclass(frozen=True, slots=True)
class ConnectionBonus:
    id: str
    at: frozenset[int]  # centre ids
    with_any: frozenset[int]
    amount: int  # already times the multiplier when the bonus is multiplied


@dataclass(frozen=True, slots=True)
class Choice:
    """The stops a train counts on a path and what it earns there."""

    revenue: int
    counted: tuple[bool, ...]  # per stop of the path
    bonuses: tuple[tuple[str, int], ...]


class Earner:
    """The revenue rule of one train type on one graph, with the chosen bonuses."""

    def __init__(self, train: TrainType, graph: TrackGraph, bonuses: list[Bonus]):
        self.train = train
        self.mult = m = train.multiplier
        centres = graph.centres
        self.is_major = [c.is_major for c in centres]
        self.worth = [c.value * m for c in centres]
        self.visit: list[list[tuple[str, int]]] = [[] for _ in centres]
        conns = []
        hex_ids: dict[str, list[int]] = {}
        for c in centres:
            hex_ids.setdefault(c.hex, []).append(c.id)
        for b in bonuses:
            if b.train is not None and b.train != train.name:
                continue
            scale = m if b.multiplied else 1
            if b.kind == "visit":
                for h in b.at:
                    for cid in hex_ids.get(h, ()):
                        amount = b.amount_at(h) * scale
                        self.worth[cid] += amount
                        self.visit[cid].append((b.id, amount))
            else:
                at = frozenset(i for h in b.at for i in hex_ids.get(h, ()))
                with_any = frozenset(i for h in b.with_any for i in hex_ids.get(h, ()))
                if at and with_any:
                    conns.append(ConnectionBonus(b.id, at, with_any, b.amount * scale))
        self.connections = tuple(conns)
        self.conn_ids = frozenset(i for c in conns for i in c.at)
        self.skip = train.skip
        self.limit = train.stops
        self.towns_limit = train.towns
        self.hex_limit = train.hexes

    # -- feasibility -------------------------------------------------------------------------

    def may_extend(self, majors: int, towns: int, crossings: int) -> bool:
        """Whether a path with these counts (or a longer one) could still be run."""
        if self.hex_limit is not None and crossings + 1 > self.hex_limit:
            return False
        if self.limit is None:
            return True
        if self.towns_limit is not None or self.skip == "towns":
            return majors <= self.limit
        if self.skip == "none":
            return majors + towns <= self.limit
        return True

    # -- revenue -----------------------------------------------------------------------------

    def split(self, stops: tuple[int, ...]) -> tuple[list[int], list[int], int] | None:
        """(forced stop positions, optional stop positions, how many optional fit) or None."""
        n = len(stops)
        if n < 2:
            return None
        limit = self.limit
        is_major = self.is_major
        if self.towns_limit is not None:
            forced = [i for i in range(n) if is_major[stops[i]]]
            if limit is not None and len(forced) > limit:
                return None
            optional = [i for i in range(n) if not is_major[stops[i]]]
            return forced, optional, self.towns_limit
        if self.skip == "none" or self.hex_limit is not None:
            if limit is not None and n > limit:
                return None
            return list(range(n)), [], 0
        if self.skip == "towns":
            forced = [i for i in range(n) if is_major[stops[i]]]
            if limit is not None and len(forced) > limit:
                return None
            optional = [i for i in range(n) if not is_major[stops[i]]]
            cap = len(optional) if limit is None else limit - len(forced)
            return forced, optional, cap
        # skip any: the ends are always stopped
        if limit is not None and limit < 2:
            return None
        optional = list(range(1, n - 1))
        cap = len(optional) if limit is None else limit - 2
        return [0, n - 1], optional, cap

    def fits(self, majors: np.ndarray, towns: np.ndarray, crossings: np.ndarray) -> np.ndarray:
        """``may_extend`` on arrays of counts."""
        ok = np.ones(majors.shape, dtype=bool)
        if self.hex_limit is not None:
            ok &= crossings + 1 <= self.hex_limit
        if self.limit is None:
            return ok
        if self.towns_limit is not None or self.skip == "towns":
            ok &= majors <= self.limit
        elif self.skip == "none":
            ok &= majors + towns <= self.limit
        return ok

    def revenue(self, stops: tuple[int, ...], crossings: int = 0) -> int:
        """Best revenue of this train on the path with these stops; -1 if it cannot run it.

        The hot path of the search (every path, every train type): without a connection
        bonus on the path the best stops are a sum and a partial sort, done inline here; the
        general case goes through ``choose`` (which the oracle tests check this against)."""
        if self.hex_limit is not None and crossings + 1 > self.hex_limit:
            return -1
        if self.towns_limit is not None or (self.conn_ids and not self.conn_ids.isdisjoint(stops)):
            ch = self.choose(stops, crossings)
            return -1 if ch is None else ch.revenue
        worth = self.worth
        limit = self.limit
        skip = self.skip
        if skip == "none" or self.hex_limit is not None:
            if limit is not None and len(stops) > limit:
                return -1
            return sum([worth[s] for s in stops])
        if skip == "towns":
            is_major = self.is_major
            total = 0
            count = 0
            towns = []
            for s in stops:
                if is_major[s]:
                    total += worth[s]
                    count += 1
                else:
                    towns.append(worth[s])
            if limit is not None:
                if count > limit:
                    return -1
                cap = limit - count
                if len(towns) > cap:
                    towns.sort(reverse=True)
                    del towns[cap:]
            return total + sum(towns)
        # skip any
        if len(stops) < 2 or (limit is not None and limit < 2):
            return -1
        middle = [worth[s] for s in stops[1:-1]]
        if limit is not None and len(middle) > limit - 2:
            middle.sort(reverse=True)
            del middle[limit - 2 :]
        return worth[stops[0]] + worth[stops[-1]] + sum(middle)

    def choose(self, stops: tuple[int, ...], crossings: int = 0) -> Choice | None:
        """The exact best choice of counted stops (bonuses included), or None."""
        if self.hex_limit is not None and crossings + 1 > self.hex_limit:
            return None
        sp = self.split(stops)
        if sp is None:
            return None
        forced, optional, cap = sp
        worth = self.worth
        conns = [c for c in self.connections if any(s in c.at for s in stops)]
        if not conns:
            chosen = set(forced)
            if cap > 0 and optional:
                best = sorted(optional, key=lambda i: (-worth[stops[i]], i))[:cap]
                chosen.update(best)
            return self._finish(stops, chosen)
        # Enumerate, per connection bonus, "not forced" or a forced (at, with) pair.
        options = []
        for c in conns:
            pairs = [None]
            for i, s in enumerate(stops):
                if s in c.at:
                    for j, t in enumerate(stops):
                        if t in c.with_any and j != i:
                            pairs.append((i, j))
            options.append(pairs)
        best_choice = None
        forced_set = set(forced)
        optional_set = set(optional)
        for combo in product(*options):
            must = set(forced_set)
            for pair in combo:
                if pair is not None:
                    must.update(pair)
            if not must - forced_set <= optional_set:
                continue
            extra = len(must - forced_set)
            if extra > cap:
                continue
            rest = [i for i in optional if i not in must]
            room = cap - extra
            chosen = set(must)
            if room > 0 and rest:
                chosen.update(sorted(rest, key=lambda i: (-worth[stops[i]], i))[:room])
            ch = self._finish(stops, chosen)
            if best_choice is None or ch.revenue > best_choice.revenue:
                best_choice = ch
        return best_choice

    def _finish(self, stops: tuple[int, ...], chosen: set[int]) -> Choice:
        worth = self.worth
        total = sum(worth[stops[i]] for i in chosen)
        counted_ids = {stops[i] for i in chosen}
        bonuses: list[tuple[str, int]] = []
        for i in sorted(chosen):
            bonuses.extend(self.visit[stops[i]])
        for c in self.connections:
            if counted_ids & c.at and counted_ids & c.with_any:
                total += c.amount
                bonuses.append((c.id, c.amount))
        counted = tuple(i in chosen for i in range(len(stops)))
        return Choice(total, counted, tuple(bonuses))
