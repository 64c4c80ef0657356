"""What a rule kind sees of the finder, as protocols: a revenue centre, a corridor of track,
and a train compiled on one track graph (``TrainTable``, route/earner.py's ``Earner``); and
what the finder calls of a bonus's route effect (``RouteEffect``, concrete ones in
effects.py). Also the values a kind hands the finder: a ``Limit`` on the stops a route visits
(a train kind's rule stated once: the check of a path on the hot path and the constraints of
the exact model both derive from it) and what the exact model hands a kind (``ModelTrain``).

The kinds (kinds/, on the bases of train_kinds.py and bonus_kinds.py) and the per-game rules
(games/) are written against these; the finder implements them and never names a kind.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import CpModel, IntVar, LinearExprT


class StopFacts(Protocol):
    """A revenue centre of the track graph (route/graph.py ``Centre``)."""

    @property
    def id(self) -> int: ...
    @property
    def hex(self) -> str: ...
    @property
    def kind(self) -> str: ...  # "city" | "town" | "offboard"
    @property
    def value(self) -> int: ...  # what it pays in the current phase
    @property
    def token(self) -> bool: ...
    @property
    def visit_cost(self) -> int: ...
    @property
    def columns(self) -> tuple[tuple[str, int], ...]: ...  # other revenue columns (diesel)
    @property
    def hex_token(self) -> bool: ...  # a city of its hex holds the company's token


class CorridorFacts(Protocol):
    """Track between two centres (route/graph.py ``Corridor``)."""

    @property
    def gauge_crossings(self) -> tuple[tuple[str, int], ...]: ...


class TrainTable(Protocol):
    """One train compiled on one track graph, per centre id: what the kinds read and fill in.

    ``params`` are the train kind's typed parameters, ``readings`` the game's rule readings,
    ``state`` what the train kind's ``prepare`` returned (its own per-train state),
    ``limits`` what its ``limits`` stated."""

    params: Any
    readings: Mapping[str, Any]
    state: Any
    limits: tuple[Limit, ...]
    worth: list[int]  # what a counted stop earns the train (multipliers and stop bonuses in)
    base_value: list[int]  # what the stop pays in the phase, before any train's rule
    phase_colours: tuple[str, ...]  # the tile colours of the map's phase
    base_worth: list[int]  # the same before any bonus (the stop's value, the multipliers)
    stop_bonuses: list[list[tuple[str, int]]]  # per centre: the stop bonuses in its worth
    visit: list[int]  # the distance a visit uses
    is_major: list[bool]  # city or off-board
    is_city: list[bool]
    is_offboard: list[bool]
    token: list[bool]  # holds the company's token
    extra_token: list[bool]  # holds it in the city's extra slot (1870's destination token)
    visit_all_one: bool  # every visit costs 1
    company: str | None  # the company running (its abbreviation; None: no company)
    train_name: str  # the train's name (``3E``)
    held: frozenset[str]  # the ids of the bonuses it gets (the options the company holds)

    def token_positions(self, stops: Sequence[int]) -> frozenset[int]: ...
    def centres_on(self, hexes: Iterable[str]) -> list[int]: ...
    def centre_hex(self, c: int) -> str: ...
    def centre_node(self, c: int) -> int: ...  # the index of its node on its hex's tile
    def icon_count(self, hex_name: str, icon: str) -> int: ...
    def add_stop_bonus(self, hex_name: str, bonus_id: str, amount: int) -> None: ...
    def add_centre_bonus(self, c: int, bonus_id: str, amount: int) -> None: ...
    def add_track_bonus(self, hex_name: str, bonus_id: str, amount: int) -> None:
        """``amount`` once to a route whose track runs through the hex, a stop there or not
        (paid to the route as a whole)."""

    def add_effect(self, effect: RouteEffect) -> None: ...


Pay = tuple[int | None, int]  # (position in the path, or None for the route; amount)


@dataclass(frozen=True, slots=True)
class ModelRoute:
    """One train's route in the exact model: per centre, whether it is ``visited``,
    ``counted``, where the route ``starts`` and where it ``ends`` (CP-SAT boolean vars)."""

    visited: list[IntVar]
    counted: list[IntVar]
    starts: list[IntVar]
    ends: list[IntVar]


@dataclass(frozen=True, slots=True)
class ModelTrain:
    """One train in the exact model as its kind sees it (``TrainKind.model_counting``): the
    CP-SAT model ``m``, the compiled train ``t``, per centre whether the route ``visited`` it,
    ``starts`` or ``ends`` there, whether the train ``runs`` at all, and the company's
    ``tokens`` (the centres holding its token)."""

    m: CpModel
    t: TrainTable
    visited: list[IntVar]
    starts: list[IntVar]
    ends: list[IntVar]
    runs: IntVar
    tokens: list[int]

    def fresh_counted(self) -> list[IntVar]:
        """A counted variable per centre, counted only where visited (the kind constrains
        them further)."""
        m = self.m
        counted = [m.new_bool_var("") for _ in self.visited]
        for c, visited in zip(counted, self.visited, strict=True):
            m.add_implication(c, visited)
        return counted

    def majors_counted(self) -> list[IntVar]:
        """Counted variables where every city and off-board visited counts, using at most
        the train's ``stops`` distance."""
        m, t, v = self.m, self.t, self.visited
        counted = self.fresh_counted()
        majors = [i for i in range(len(v)) if t.is_major[i]]
        for i in majors:
            m.add(counted[i] == v[i])
        m.add(sum(t.visit[i] * v[i] for i in majors) <= t.params.stops)
        return counted


@dataclass(frozen=True, slots=True)
class Limit:
    """The sum over a route's stops of ``weight`` (per centre id), plus ``at_ends`` (per centre
    id) for each of its two ends, is at most ``most`` and, for a train that runs, at least
    ``least`` (both: exactly). ``most = 0`` alone bars the centres of positive weight."""

    weight: tuple[int, ...]
    most: int | None = None
    least: int | None = None
    at_ends: tuple[int, ...] | None = None
    barred: frozenset[int] | None = field(init=False)

    def __post_init__(self) -> None:
        bars = self.most == 0 and self.least is None and self.at_ends is None
        barred = frozenset(c for c, w in enumerate(self.weight) if w > 0) if bars else None
        object.__setattr__(self, "barred", barred)

    def admits(self, stops: Sequence[int]) -> bool:
        """Whether a path over ``stops`` (centre ids) keeps the limit."""
        if self.barred is not None:
            return self.barred.isdisjoint(stops)
        w = self.weight
        total = sum([w[s] for s in stops])
        if self.at_ends is not None and stops:
            a = self.at_ends
            total += sum([a[stops[i]] for i in {0, len(stops) - 1}])
        return (self.most is None or total <= self.most) and (
            self.least is None or total >= self.least
        )

    def state(self, r: ModelTrain) -> None:
        """The limit as constraints of the exact model on the route's visits."""
        m, v = r.m, r.visited
        if self.barred is not None:
            for c in sorted(self.barred):
                m.add(v[c] == 0)
            return
        w = self.weight
        total: Any = sum(w[c] * v[c] for c in range(len(v)) if w[c])
        if self.at_ends is not None:
            a = self.at_ends
            total = total + sum(a[c] * (r.starts[c] + r.ends[c]) for c in range(len(v)) if a[c])
        if self.least is not None and self.least == self.most:
            m.add(total == self.least * r.runs)
            return
        if self.most is not None:
            m.add(total <= self.most)
        if self.least is not None:
            m.add(total >= self.least * r.runs)


def weights(flags: Sequence[bool], by: Sequence[int] | None = None) -> tuple[int, ...]:
    """A weight per centre: ``by``'s (1 without it) where ``flags`` holds, else 0."""
    if by is None:
        return tuple(1 if f else 0 for f in flags)
    return tuple(b if f else 0 for f, b in zip(flags, by, strict=True))


@dataclass(frozen=True, slots=True)
class Need:
    """One alternative for the chooser: positions that ``must`` be counted, positions that may
    not (``excluded``), and ``min_stops`` counted stops when one of ``at`` is counted."""

    must: frozenset[int] = frozenset()
    excluded: frozenset[int] = frozenset()
    min_stops: int = 0
    at: frozenset[int] = frozenset()


class RouteEffect:
    """Base: an effect paying nothing, asking nothing, stated in the model as 0."""

    id: str
    per_visit = 0  # money per stop visited (counted or not)
    modelled = True  # ``model`` states it (False: the finder keeps path enumeration)
    # the train holding it must run a route it ``allows`` (it may not stay idle); the finder
    # searches such a run as one where that train's routes come first
    required = False

    def allows(self, t: TrainTable, stops: Sequence[int]) -> bool:
        """Whether the train may run a path with these stops at all (``required`` effects)."""
        return True

    def centres(self) -> frozenset[int]:
        return frozenset()

    def finalize(self, t: TrainTable) -> None:
        """Called once every bonus of the train is applied (an effect may take over a stop's
        worth here)."""

    def needs(self, t: TrainTable, stops: Sequence[int]) -> list[Need | None] | None:
        return None

    def pays(self, t: TrainTable, stops: Sequence[int], chosen: set[int]) -> list[Pay]:
        return []

    def model(self, m: CpModel, t: TrainTable, route: ModelRoute) -> LinearExprT | None:
        """The revenue term (a linear expression over the model's variables of one route),
        or None when the model cannot state the effect."""
        return 0
