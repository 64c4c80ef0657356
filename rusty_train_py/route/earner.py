"""A train's rule compiled against one track graph, with the bonuses it gets: what each stop
is worth to it, the distance each stop and corridor uses, and the exact best choice of counted
stops on a path (bonuses included), with what each stop earned.

The train's kind and the bonus kinds (rules/) fill it in through the ``TrainTable`` interface
(rules/facts.py): stop worths, the kind's own state, route effects. The game's own rules
(rules/games/) wrap the stop values and the bonuses. ``revenue`` is the search's hot path
(every path, every train), ``choose`` the exact general chooser that the hot path falls back
to and the route report uses. Nothing here names a kind.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from ..game import Bonus, TrainType
from ..rules.facts import Need, RouteEffect
from ..rules.games import GameRules
from .graph import TrackGraph


@dataclass(frozen=True, slots=True)
class Choice:
    """The stops a train counts on a path and what it earns there: ``earned`` per stop (0
    where skipped; stop bonuses in), ``bonuses`` with ``bonus_stops`` (the position each is
    paid at, None for the route as a whole). ``revenue`` is the sum of ``earned`` and the
    route's own bonuses."""

    revenue: int
    counted: tuple[bool, ...]  # per stop of the path
    bonuses: tuple[tuple[str, int], ...]
    earned: tuple[int, ...] = ()
    bonus_stops: tuple[int | None, ...] = ()


class Earner:
    """One train type on one graph, with the bonuses it gets (a rules ``TrainTable``)."""

    def __init__(
        self,
        train: TrainType,
        graph: TrackGraph,
        bonuses: Iterable[Bonus] = (),
        readings: Mapping[str, Any] | None = None,
        rules: GameRules | None = None,
    ):
        self.train = train
        self.kind = kind = train.kind
        self.params = p = train.params
        self.readings: Mapping[str, Any] = dict(readings or {})
        self.rules = rules = rules if rules is not None else GameRules()
        self.mult = m = train.multiplier
        self.graph = graph
        self.company = graph.company
        centres = graph.centres
        self.is_major = [c.kind != "town" for c in centres]
        self.is_city = [c.kind == "city" for c in centres]
        self.is_offboard = [c.kind == "offboard" for c in centres]
        self.visit = [c.visit_cost for c in centres]
        self.visit_all_one = all(v == 1 for v in self.visit)
        self.token = [c.token for c in centres]
        self.worth = [
            rules.stop_value(c, kind.centre_value(p, c)) * kind.row_multiplier(p, c) * m
            for c in centres
        ]
        self.stop_bonuses: list[list[tuple[str, int]]] = [[] for _ in centres]
        self.effects: list[RouteEffect] = []
        self._by_hex: dict[str, list[int]] = {}
        for c in centres:
            self._by_hex.setdefault(c.hex, []).append(c.id)
        given = [b for b in bonuses if b.train is None or b.train.upper() == train.name.upper()]
        self.held = frozenset(b.id for b in given)
        for b in given:
            rules.apply_bonus(b, self, m if b.multiplied else 1)
        for effect in self.effects:
            effect.finalize(self)
        self.per_visit = sum(effect.per_visit for effect in self.effects)
        special: set[int] = set()
        for effect in self.effects:
            special |= effect.centres()
        self.special = frozenset(special)
        self.limit = kind.limit(p)
        self.max_counted = kind.max_counted(p)
        self.centre_cost = [kind.centre_cost(p, c) for c in centres]
        self.corridor_cost = [kind.corridor_cost(p, k) for k in graph.corridors]
        self.state = kind.prepare(self)

    # -- what bonus kinds call (rules/facts.py TrainTable) ---------------------------------

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

    def add_effect(self, effect: RouteEffect) -> None:
        self.effects.append(effect)

    def token_positions(self, stops: Sequence[int]) -> frozenset[int]:
        token = self.token
        return frozenset(i for i, s in enumerate(stops) if token[s])

    @property
    def modelled(self) -> bool:
        """Whether the exact model states this train's rule and effects (route/exact.py)."""
        return bool(self.kind.modelled) and all(effect.modelled for effect in self.effects)

    # -- distance --------------------------------------------------------------------------

    def distance(self, stops: Sequence[int], corridors: Sequence[int]) -> int:
        cc, kc = self.centre_cost, self.corridor_cost
        return sum(cc[s] for s in stops) + sum(kc[k] for k in corridors)

    # -- revenue ---------------------------------------------------------------------------

    def revenue(self, stops: Sequence[int], distance: int) -> int:
        """Best revenue of this train on the path (``distance`` in its own measure); -1 if it
        cannot run it. The hot path: the kind's fast sum unless an effect needs the chooser."""
        if len(stops) < 2 or (self.limit is not None and distance > self.limit):
            return -1
        special = self.special
        if not special or special.isdisjoint(stops) or not self._needs(stops):
            r = self.kind.fast(self, stops)
            if r is not None:
                return r + self.per_visit * len(stops) if r >= 0 else -1
        ch = self.choose(stops, distance)
        return -1 if ch is None else ch.revenue

    def _needs(self, stops: Sequence[int]) -> list[list[Need | None]]:
        """Per effect that can matter on this path: the alternatives the chooser tries."""
        out = []
        for effect in self.effects:
            needs = effect.needs(self, stops)
            if needs:
                out.append(needs)
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
        optional_set = set(sp.optional)
        ranked = sorted(sp.optional, key=lambda i: (-worth[stops[i]], i))
        best: Choice | None = None
        for combo in product(*self._needs(stops)):
            must = set(forced)
            excluded: set[int] = set()
            mins = 0
            trigger: set[int] = set()
            for need in combo:
                if need is None:
                    continue
                must |= need.must
                excluded |= need.excluded
                if need.min_stops:
                    mins = max(mins, need.min_stops)
                    trigger |= need.at
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
            if mins and not trigger.isdisjoint(chosen):
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
        """What the train earns counting ``chosen``: per stop (the kind's breakdown, plus what
        an effect pays at a stop) and the route's own bonuses."""
        earned = list(self.kind.earned(self, stops, chosen))
        bonuses: list[tuple[str, int]] = []
        at: list[int | None] = []
        for i in sorted(chosen):
            for bonus in self.stop_bonuses[stops[i]]:
                bonuses.append(bonus)
                at.append(i)
        to_route = 0
        for effect in self.effects:
            for pos, amount in effect.pays(self, stops, chosen):
                bonuses.append((effect.id, amount))
                at.append(pos)
                if pos is None:
                    to_route += amount
                else:
                    earned[pos] += amount
        counted = tuple(i in chosen for i in range(len(stops)))
        return Choice(sum(earned) + to_route, counted, tuple(bonuses), tuple(earned), tuple(at))
