"""The CP-SAT model of one run (exact.py solves it): each train's route as a circuit through a
dummy node over the corridors, its distance, its counted stops (the train kind states them)
and its revenue (stop worths and the effects' terms), the shared track used once per class."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from ..rules.facts import ModelRoute, ModelTrain
from .earner import Earner
from .graph import TrackGraph
from .paths import RoutePath


class Unsupported(Exception):
    """The run uses a rule the model does not state (the caller keeps enumeration)."""


def bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class RunModel:
    """The model of one run, built train by train (``add_train``), then ``finish``ed."""

    def __init__(
        self,
        m: Any,
        graph: TrackGraph,
        useful: Sequence[int],
        track_class: Sequence[int],
        taken: Sequence[int],
        taken_exclusive: int = 0,
    ):
        self.m = m
        self.graph = graph
        self.useful = useful
        self.track_class = track_class
        self.taken = taken
        self.taken_exclusive = taken_exclusive  # centres locked local routes hold
        self.exclusive_users: dict[int, list[Any]] = {}  # centre -> visits holding it
        self.n = len(graph.centres)
        self.tokens = [c.id for c in graph.centres if c.token]
        self.track_users: dict[tuple[int, int], list[Any]] = {}
        self.revenues: list[Any] = []
        self.earners: list[Earner] = []
        # per train, for decoding: (start vars, [(corridor, arc var)], runs var)
        self.decode_vars: list[tuple[list[Any], list[tuple[int, Any]], Any]] = []

    def add_train(self, e: Earner) -> None:
        m, n, t = self.m, self.n, len(self.earners)
        run = m.new_bool_var(f"run{t}")
        v = [m.new_bool_var("") for _ in range(n)]
        s = [m.new_bool_var("") for _ in range(n)]
        end = [m.new_bool_var("") for _ in range(n)]
        used, dist = self._circuit(e, t, run, v, s, end)
        m.add(sum(v[i] for i in self.tokens) >= run)
        # A route and its reverse are one route: the start is the lower-numbered end (the
        # same centre for a route of one stop, where the train's rule allows one).
        single = 0 if e.min_stops < 2 else run
        m.add(sum(i * s[i] for i in range(n)) + single <= sum(i * end[i] for i in range(n)))
        for c in sorted(e.exclusive):
            if self.taken_exclusive >> c & 1:
                m.add(v[c] == 0)
            self.exclusive_users.setdefault(c, []).append(v[c])
        if e.limit is not None:
            dist += [e.centre_cost[i] * v[i] for i in range(n) if e.centre_cost[i]]
            m.add(sum(dist) <= e.limit)
        rev = self._revenue(e, run, v, s, end) + self._track_money(e, used)
        r = m.new_int_var(-(10**9), 10**9, f"rev{t}")
        m.add(r == rev)
        m.add(r >= 1).only_enforce_if(run)  # a route earning nothing is not run
        tc = self.track_class
        if t > 0 and self.earners[t - 1] is e and tc[t - 1] == tc[t]:
            m.add(self.revenues[-1] >= r)  # equal trains: in falling revenue order
        self.revenues.append(r)
        self.earners.append(e)
        self.decode_vars.append((s, used, run))

    def _circuit(
        self, e: Earner, t: int, run: Any, v: list[Any], s: list[Any], end: list[Any]
    ) -> tuple[list[tuple[int, Any]], list[Any]]:
        """The route as one circuit; the corridors' arcs and their distance terms."""
        m, centres, corrs = self.m, self.graph.centres, self.graph.corridors
        n_track = self.graph.n_track_bits
        arcs = [(0, 0, ~run)]
        inner_users: dict[int, list[Any]] = {}
        for c in centres:
            i = c.id
            arcs += [(i + 1, i + 1, ~v[i]), (0, i + 1, s[i]), (i + 1, 0, end[i])]
            if e.min_stops >= 2:
                m.add(s[i] + end[i] <= 1)
            m.add_implication(v[i], run)  # else the circuit could skip the dummy node
            if c.terminal or c.blocked or i in e.no_pass:
                m.add(s[i] + end[i] == v[i])
            for b in bits(c.bit):
                inner_users.setdefault(b, []).append(v[i])
        used: list[tuple[int, Any]] = []
        dist: list[Any] = []
        cls = self.track_class[t]
        off = self.taken[cls] if cls < len(self.taken) else 0
        for k in self.useful:
            corr = corrs[k]
            cost = e.corridor_cost[k]
            if (e.limit is not None and cost > e.limit) or corr.track_mask & off:
                continue
            y = m.new_bool_var("")
            arcs.append((corr.a + 1, corr.b + 1, y))
            used.append((k, y))
            if corr.a_terminal:
                m.add_implication(y, s[corr.a])
            if corr.b_terminal:
                m.add_implication(y, end[corr.b])
            # Bits shared with its own end centre are that centre's (the walk allows it).
            for b in bits(corr.inner_mask & ~centres[corr.b].bit):
                if b < n_track:
                    self.track_users.setdefault((cls, b), []).append(y)
                else:
                    inner_users.setdefault(b, []).append(y)
            if cost:
                dist.append(cost * y)
        m.add_circuit(arcs)
        for users in inner_users.values():
            if len(users) > 1:
                m.add_at_most_one(users)
        return used, dist

    def _revenue(self, e: Earner, run: Any, v: list[Any], s: list[Any], end: list[Any]) -> Any:
        """The route's revenue: its counted stops (as the kind states them) and the effects."""
        counted = e.kind.model_counting(ModelTrain(self.m, e, v, s, end, run, self.tokens))
        if counted is None:
            raise Unsupported
        rev: Any = sum(e.worth[i] * counted[i] for i in range(self.n) if e.worth[i])
        route = ModelRoute(v, counted, s, end)
        for effect in e.effects:
            term = effect.model(self.m, e, route)
            if term is None:
                raise Unsupported
            rev += term
        if e.reworks_total:
            rev = e.kind.model_total(self.m, e.params, rev)
        return rev

    def _track_money(self, e: Earner, used: list[tuple[int, Any]]) -> Any:
        """The track bonuses: each marked hex paid once when any corridor the route takes
        runs through it."""
        money: Any = 0
        for h, pays in sorted(e.track_bonus.items()):
            users = [y for k, y in used if h in e.corridor_marks[k]]
            if not users:
                continue
            passed = self.m.new_bool_var("")
            for y in users:
                self.m.add_implication(y, passed)
            self.m.add(passed <= sum(users))
            money += sum(a for _, a in pays) * passed
        return money

    def finish(self) -> None:
        for users in self.track_users.values():
            if len(users) > 1:
                self.m.add_at_most_one(users)
        for users in self.exclusive_users.values():
            if len(users) > 1:
                self.m.add_at_most_one(users)
        self.m.maximize(sum(self.revenues))

    def paths(self, value: Any) -> list[RoutePath | None]:
        """Each train's route in a solution (``value``: the solver's value of a variable)."""
        corrs = self.graph.corridors
        out: list[RoutePath | None] = []
        for s, used, run in self.decode_vars:
            if not value(run):
                out.append(None)
                continue
            first = next(i for i in range(self.n) if value(s[i]))
            leaving = {corrs[k].a: k for k, y in used if value(y)}
            stops = [first]
            route = []
            track = 0
            while stops[-1] in leaving:
                k = leaving[stops[-1]]
                route.append(k)
                track |= corrs[k].track_mask
                stops.append(corrs[k].b)
            out.append(RoutePath(tuple(stops), track, (), tuple(route), 0))
        return out
