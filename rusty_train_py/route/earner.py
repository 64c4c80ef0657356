"""A train's rule compiled against one track graph, with the bonuses it gets: what each stop
is worth to it, the distance each stop and corridor uses, and the exact best choice of counted
stops on a path (bonuses included), with what each stop earned.

The train's kind and the bonus kinds (rules/) fill it in through the ``TrainTable`` interface
(rules/facts.py): stop worths, the kind's own state, route effects. The game's own rules
(titles/) wrap the stop values and the bonuses. ``revenue`` is the search's hot path
(every path, every train), ``choose`` the exact general chooser that the hot path falls back
to and the route report uses. Nothing here names a kind.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import product
from typing import Any

from ..gamedata.game import Bonus, TrainType
from ..rules.facts import Need, RouteEffect
from ..titles import GameRules
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
        riders: Sequence[tuple[TrainType, Collection[str] | None]] = (),
    ):
        self.train = train
        self.train_name = train.name
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
        # cities this train may only end at (full of tokens other trains pass: graph.py)
        self.no_pass = frozenset(
            c.id for c in centres if c.pass_only and train.name not in c.pass_only
        )
        self.extra_token = [c.extra_token for c in centres]
        self.worth = [
            rules.stop_value(c, kind.centre_value(p, c)) * kind.row_multiplier(p, c) * m
            for c in centres
        ]
        self.base_value = [rules.stop_value(c, c.value) for c in centres]
        self.phase_colours = rules.phase_colours
        self.base_worth = list(self.worth)  # before any bonus
        self.stop_bonuses: list[list[tuple[str, int]]] = [[] for _ in centres]
        self.effects: list[RouteEffect] = []
        self.track_bonus: dict[str, list[tuple[str, int]]] = {}  # hex -> (bonus id, amount)
        self._by_hex: dict[str, list[int]] = {}
        for c in centres:
            self._by_hex.setdefault(c.hex, []).append(c.id)
        given = [b for b in bonuses if b.train is None or b.train.upper() == train.name.upper()]
        self.held = frozenset(b.id for b in given)
        for b in given:
            rules.apply_bonus(b, self, m if b.multiplied else 1)
        for rider, at in riders:  # trains riding with this one's route (a Pullman)
            effect = rider.kind.ride_effect(rider.params, self, rider.name, at)
            if effect is not None:
                self.effects.append(effect)
        for effect in self.effects:
            effect.finalize(self)
        # per corridor, the hexes of track bonuses it runs through (its first end's hex too)
        self.corridor_marks: list[frozenset[str]] = [
            frozenset(h for h in (centres[k.a].hex, *k.hexes) if h in self.track_bonus)
            for k in (graph.corridors if self.track_bonus else ())
        ]
        self.per_visit = sum(effect.per_visit for effect in self.effects)
        special: set[int] = set()
        for effect in self.effects:
            special |= effect.centres()
        self.special = frozenset(special)
        self.restricting = [effect for effect in self.effects if effect.required]
        self.gated = kind.gates_paths  # the kind's own check of a path (``admits``)
        self.limit = kind.limit(p)
        self.min_stops = kind.min_stops(p)
        self.reworks_total = bool(kind.reworks_total)
        self.exclusive = kind.exclusive_centres(self)
        self.has_exclusive = bool(self.exclusive)
        self.max_counted = kind.max_counted(p)
        self.centre_cost = [kind.centre_cost(p, c) for c in centres]
        self.corridor_cost = [kind.corridor_cost(p, k) for k in graph.corridors]
        self.state = kind.prepare(self)
        self.limits = kind.limits(self)  # the kind's rule on a route's stops, stated once

    # -- what bonus kinds call (rules/facts.py TrainTable) ---------------------------------

    def centres_on(self, hexes: Iterable[str]) -> list[int]:
        return [c for h in hexes for c in self._by_hex.get(h, ())]

    def centre_hex(self, c: int) -> str:
        return self.graph.centres[c].hex

    def centre_node(self, c: int) -> int:
        return self.graph.centres[c].node

    def icon_count(self, hex_name: str, icon: str) -> int:
        return self.graph.icons.get(hex_name, {}).get(icon, 0)

    def add_stop_bonus(self, hex_name: str, bonus_id: str, amount: int) -> None:
        for c in self._by_hex.get(hex_name, ()):
            self.worth[c] += amount
            self.stop_bonuses[c].append((bonus_id, amount))

    def add_centre_bonus(self, c: int, bonus_id: str, amount: int) -> None:
        self.worth[c] += amount
        self.stop_bonuses[c].append((bonus_id, amount))

    def add_track_bonus(self, hex_name: str, bonus_id: str, amount: int) -> None:
        self.track_bonus.setdefault(hex_name, []).append((bonus_id, amount))

    def add_effect(self, effect: RouteEffect) -> None:
        self.effects.append(effect)

    def track_pays(self, corridors: Sequence[int]) -> list[tuple[str, int]]:
        """The track bonuses of a route over ``corridors``: each marked hex it runs through
        once, in map order of the hexes."""
        if not self.track_bonus:
            return []
        marks = self.corridor_marks
        passed: set[str] = set()
        for k in corridors:
            passed |= marks[k]
        return [b for h in sorted(passed) for b in self.track_bonus[h]]

    def track_money(self, corridors: Sequence[int]) -> int:
        return sum(a for _, a in self.track_pays(corridors)) if self.track_bonus else 0

    def exclusive_mask(self, stops: Sequence[int]) -> int:
        """The centres (a bit per centre id) this train's route on ``stops`` holds against
        the other routes of trains with exclusive centres (the kind's ``exclusive_centres``)."""
        mask = 0
        for c in stops:
            if c in self.exclusive:
                mask |= 1 << c
        return mask

    def token_positions(self, stops: Sequence[int]) -> frozenset[int]:
        token = self.token
        return frozenset(i for i, s in enumerate(stops) if token[s])

    @property
    def required(self) -> bool:
        """Whether this train must run (an effect ``required`` it: 1870's connection run)."""
        return bool(self.restricting)

    @property
    def modelled(self) -> bool:
        """Whether the exact model states this train's rule and effects (route/exact.py)."""
        return bool(self.kind.modelled) and all(effect.modelled for effect in self.effects)

    # -- distance --------------------------------------------------------------------------

    def distance(self, stops: Sequence[int], corridors: Sequence[int]) -> int:
        cc, kc = self.centre_cost, self.corridor_cost
        return sum(cc[s] for s in stops) + sum(kc[k] for k in corridors)

    # -- revenue ---------------------------------------------------------------------------

    def revenue(self, stops: Sequence[int], distance: int, corridors: Sequence[int] = ()) -> int:
        """Best revenue of this train on the path (``distance`` in its own measure, its
        ``corridors`` for the track bonuses); -1 if it cannot run it."""
        r = self.stop_revenue(stops, distance)
        return r + self.track_money(corridors) if r >= 0 and self.track_bonus else r

    def stop_revenue(self, stops: Sequence[int], distance: int) -> int:
        """``revenue`` without the track bonuses. The hot path: the kind's fast sum unless an
        effect needs the chooser."""
        if len(stops) < self.min_stops or (self.limit is not None and distance > self.limit):
            return -1
        if self.no_pass and not self.no_pass.isdisjoint(stops[1:-1]):
            return -1
        if self.restricting and not all(e.allows(self, stops) for e in self.restricting):
            return -1
        if self.gated and not self.kind.admits(self, stops):
            return -1
        special = self.special
        if not special or special.isdisjoint(stops) or not self._needs(stops):
            r = self.kind.fast(self, stops)
            if r is not None:
                if r < 0:
                    return -1
                r += self.per_visit * len(stops)
                return self.kind.route_total(self.params, r) if self.reworks_total else r
        ch = self._choose(stops, distance)
        return -1 if ch is None else ch.revenue

    def _needs(self, stops: Sequence[int]) -> list[list[Need | None]]:
        """Per effect that can matter on this path: the alternatives the chooser tries."""
        out = []
        for effect in self.effects:
            needs = effect.needs(self, stops)
            if needs:
                out.append(needs)
        return out

    def choose(
        self, stops: Sequence[int], distance: int | None = None, corridors: Sequence[int] = ()
    ) -> Choice | None:
        """The exact best choice of counted stops, bonuses included (the track bonuses of
        ``corridors`` paid to the route), or None."""
        best = self._choose(stops, distance)
        track = self.track_pays(corridors)
        if best is None or not track:
            return best
        return replace(
            best,
            revenue=best.revenue + sum(a for _, a in track),
            bonuses=best.bonuses + tuple(track),
            bonus_stops=best.bonus_stops + (None,) * len(track),
        )

    def _choose(self, stops: Sequence[int], distance: int | None = None) -> Choice | None:
        if len(stops) < self.min_stops or (
            distance is not None and self.limit is not None and distance > self.limit
        ):
            return None
        if self.no_pass and not self.no_pass.isdisjoint(stops[1:-1]):
            return None
        if self.restricting and not all(e.allows(self, stops) for e in self.restricting):
            return None
        if self.gated and not self.kind.admits(self, stops):
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
        total = sum(earned) + to_route
        if self.reworks_total:  # the difference is the route's own (the stops add up)
            reworked = self.kind.route_total(self.params, total)
            if reworked != total:
                bonuses.append((self.kind.name, reworked - total))
                at.append(None)
            total = reworked
        return Choice(total, counted, tuple(bonuses), tuple(earned), tuple(at))
