"""A train's rule compiled against one track graph, with the bonuses it gets: what each stop
is worth to it, the distance each stop and corridor uses, and the exact best choice of counted
stops on a path (bonuses included).

The rule kind (rules/train_kinds.py) and the bonus kinds (rules/bonus_kinds.py) fill it in;
``revenue`` is the search's hot path (every path, every train), ``choose`` the exact general
chooser that the hot path falls back to and the route report uses.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from ..game import Bonus, TrainType
from ..rules.bonus_kinds import PairBonus, PortRule
from .graph import TrackGraph


@dataclass(frozen=True, slots=True)
class Choice:
    """The stops a train counts on a path and what it earns there."""

    revenue: int
    counted: tuple[bool, ...]  # per stop of the path
    bonuses: tuple[tuple[str, int], ...]


class Earner:
    """One train type on one graph, with the bonuses it gets."""

    # what a train kind keeps here for its hot path (set by its ``prepare``)
    express_offboards = False
    express_token = False

    def __init__(
        self,
        train: TrainType,
        graph: TrackGraph,
        bonuses: Iterable[Bonus] = (),
        readings: Mapping[str, Any] | None = None,
    ):
        self.train = train
        self.kind = kind = train.kind
        self.params = p = train.params_dict
        self.readings = dict(readings or {})
        self.mult = m = train.multiplier
        self.graph = graph
        centres = graph.centres
        self.is_major = [c.kind != "town" for c in centres]
        self.is_city = [c.kind == "city" for c in centres]
        self.is_offboard = [c.kind == "offboard" for c in centres]
        self.visit = [c.visit_cost for c in centres]
        self.visit_all_one = all(v == 1 for v in self.visit)
        self.token = [c.token for c in centres]
        self.worth = [kind.centre_value(p, c) * kind.row_multiplier(p, c) * m for c in centres]
        self.stop_bonuses: list[list[tuple[str, int]]] = [[] for _ in centres]
        self.pairs: list[PairBonus] = []
        self.ports: list[PortRule] = []
        self.per_stop = 0
        self.per_stop_ids: list[tuple[str, int]] = []
        self._by_hex: dict[str, list[int]] = {}
        for c in centres:
            self._by_hex.setdefault(c.hex, []).append(c.id)
        for b in bonuses:
            if b.train is not None and b.train.upper() != train.name.upper():
                continue
            b.kind.apply(b, self, m if b.multiplied else 1)
        self.port_value = {
            port: self.worth[port] for r in self.ports if r.per_token for port in r.ports
        }
        for port in self.port_value:
            self.worth[port] = 0
        special: set[int] = set()
        for pb in self.pairs:
            special |= pb.centres()
        for r in self.ports:
            special |= r.ports
        self.special = frozenset(special)
        self.limit = kind.limit(p)
        self.max_counted = kind.max_counted(p)
        self.centre_cost = [kind.centre_cost(p, c) for c in centres]
        self.corridor_cost = [kind.corridor_cost(p, k) for k in graph.corridors]
        kind.prepare(self)

    # -- what bonus kinds call -------------------------------------------------------------

    def centres_on(self, hexes: Iterable[str]) -> list[int]:
        return [c for h in hexes for c in self._by_hex.get(h, ())]

    def centre_hex(self, c: int) -> str:
        return self.graph.centres[c].hex

    def icon_count(self, hex_name: str, icon: str) -> int:
        return self.graph.icons.get(hex_name, {}).get(icon, 0)

    def add_stop_bonus(self, hex_name: str, bonus_id: str, amount: int) -> None:
        for c in self._by_hex.get(hex_name, ()):
            self.worth[c] += amount
            self.stop_bonuses[c].append((bonus_id, amount))

    def add_pair(self, pair: PairBonus) -> None:
        self.pairs.append(pair)

    def add_port(self, rule: PortRule) -> None:
        self.ports.append(rule)

    def add_per_stop(self, bonus_id: str, amount: int) -> None:
        self.per_stop += amount
        self.per_stop_ids.append((bonus_id, amount))

    def token_positions(self, stops: Sequence[int]) -> frozenset[int]:
        token = self.token
        return frozenset(i for i, s in enumerate(stops) if token[s])

    # -- distance --------------------------------------------------------------------------

    def distance(self, stops: Sequence[int], corridors: Sequence[int]) -> int:
        cc, kc = self.centre_cost, self.corridor_cost
        return sum(cc[s] for s in stops) + sum(kc[k] for k in corridors)

    # -- revenue ---------------------------------------------------------------------------

    def revenue(self, stops: Sequence[int], distance: int) -> int:
        """Best revenue of this train on the path (``distance`` in its own measure); -1 if it
        cannot run it. The hot path: the kind's fast sum unless a bonus needs the chooser."""
        if len(stops) < 2 or (self.limit is not None and distance > self.limit):
            return -1
        special = self.special
        if not special or special.isdisjoint(stops) or not self._choices(stops):
            r = self.kind.fast(self, stops)
            if r is not None:
                return r + self.per_stop * len(stops) if r >= 0 else -1
        ch = self.choose(stops, distance)
        return -1 if ch is None else ch.revenue

    def _choices(self, stops: Sequence[int]) -> list[list]:
        """Per pair bonus that can pay on this path: None or a pair of positions that pays;
        per port on it: counted or not."""
        out: list[list] = []
        for pb in self.pairs:
            ia = [i for i, s in enumerate(stops) if s in pb.side_a]
            if not ia:
                continue
            ib = [j for j, t in enumerate(stops) if t in pb.side_b]
            if not ib:
                continue
            pos = [
                (i, j)
                for i in ia
                for j in ib
                if i != j and any(stops[i] in a and stops[j] in b for a, b in pb.options)
            ]
            if pos:
                out.append([None, *pos])
        for r in self.ports:
            at = frozenset(i for i, s in enumerate(stops) if s in r.ports)
            if at:
                out.append([(r, at, False), (r, at, True)])
        return out

    def choose(self, stops: Sequence[int], distance: int | None = None) -> Choice | None:
        """The exact best choice of counted stops, bonuses included, or None."""
        if len(stops) < 2 or (
            distance is not None and self.limit is not None and distance > self.limit
        ):
            return None
        sp = self.kind.split(self, stops)
        if sp is None:
            return None
        worth = self.worth
        forced = set(sp.forced)
        optional = sp.optional
        optional_set = set(optional)
        ranked = sorted(optional, key=lambda i: (-worth[stops[i]], i))
        best: Choice | None = None
        for combo in product(*self._choices(stops)):
            must = set(forced)
            excluded: set[int] = set()
            mins = 0
            for item in combo:
                if item is None:
                    continue
                if len(item) == 2:
                    must.update(item)
                else:
                    rule, at, allowed = item
                    if allowed:
                        mins = max(mins, rule.min_stops)
                    else:
                        excluded |= at
            if not (must - forced) <= optional_set or must & excluded:
                continue
            room = sp.cap - len(must - forced)
            if room < 0:
                continue
            rest = [i for i in ranked if i not in must and i not in excluded]
            fill = [i for i in rest if worth[stops[i]] > 0][:room]
            if sp.need is not None and not (sp.need & (must | set(fill))):
                cands = [i for i in rest if i in sp.need]
                if not cands or room == 0:
                    continue
                if len(fill) == room:
                    fill = fill[: room - 1]
                fill.append(cands[0])
            chosen = must | set(fill)
            if mins and any(
                i in chosen for r, at, ok in (c for c in combo if c and len(c) == 3) for i in at
            ):
                extra = [i for i in rest if i not in chosen][: max(0, room - len(fill))]
                while len(chosen) < mins and extra:
                    chosen.add(extra.pop(0))
                if len(chosen) < mins:
                    continue
            ch = self._finish(stops, chosen)
            if best is None or ch.revenue > best.revenue:
                best = ch
        return best

    def _finish(self, stops: Sequence[int], chosen: set[int]) -> Choice:
        worth = self.worth
        total = sum(worth[stops[i]] for i in chosen)
        counted_ids = {stops[i] for i in chosen}
        bonuses: list[tuple[str, int]] = []
        for i in sorted(chosen):
            bonuses.extend(self.stop_bonuses[stops[i]])
        for pb in self.pairs:
            amount = pb.pays(counted_ids)
            if amount is not None:
                total += amount
                bonuses.append((pb.id, amount))
        for r in self.ports:
            if r.per_token:
                cities = sum(
                    1 for c in counted_ids if self.token[c] and self.is_city[c] and c not in r.ports
                )
                for c in counted_ids & r.ports:
                    total += self.port_value[c] * cities
                    bonuses.append((r.id, self.port_value[c] * cities))
        if self.per_stop:
            total += self.per_stop * len(stops)
            for bid, amount in self.per_stop_ids:
                bonuses.append((bid, amount * len(stops)))
        counted = tuple(i in chosen for i in range(len(stops)))
        return Choice(total, counted, tuple(bonuses))
