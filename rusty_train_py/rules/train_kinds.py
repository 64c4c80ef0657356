"""Train rule kinds: which stops a train may visit and count, and what it is paid.

Each kind is one registered object (the name is what a game file's ``rule`` says). A kind
states, for a train compiled on one track graph (a ``TrainTable``, facts.py):

- ``Params``: its parameters, a typed frozen dataclass read from the game file (``keys``: a
  checker per key; unknown and missing keys are refused with the file and line);
- ``readings``: the game's rule readings it reads (the finder names them in its output);
- ``prepare``: its own per-train state, computed once (``table.state``);
- ``limit`` and ``centre_cost`` / ``corridor_cost``: the distance a path uses and the most the
  train may use (path enumeration keeps a path only if some train's distance allows it);
- ``row_multiplier`` and ``centre_value``: what one counted stop is worth to it;
- ``split``: for a path's stops, which are always counted, which may be counted, how many of
  those, and which positions one counted stop must come from (a token, when the kind says);
- ``fast``: the exact revenue on a path when no bonus makes the choice harder (the search's
  hot path), or None to let the exact general chooser decide;
- ``earned``: what each counted stop of a choice earns it (the per-stop breakdown);
- ``model_counting``: its counted stops in the exact model (route/exact.py);
- ``rides`` and ``ride_effect``: a train that runs no route of its own but rides with another
  route of the run (18EU's Pullman, kinds/pullman.py): the effect it adds to that route.

Kinds in ``kinds/`` register the same way (one file per kind, found by the package).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic

from ..grid.tile_code import REVENUE_COLUMNS
from .facts import CorridorFacts, RouteEffect, StopFacts, TrainTable
from .params import KindParams, P, read_params
from .registry import Checker, Registry, RuleDataError, one_of, strings, table_of, whole

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import CpModel, IntVar


GAUGES = ("broad", "narrow", "dual")
NO_ROUTE = 1 << 20  # a distance no train has: what a train may not use at all


@dataclass(frozen=True, slots=True)
class Split:
    """How a train may count the stops of one path (positions into the path's stops)."""

    forced: tuple[int, ...]
    optional: tuple[int, ...]
    cap: int  # how many optional stops may be counted
    need: frozenset[int] | None = None  # one counted stop must be one of these


@dataclass(frozen=True, slots=True)
class StopsParams(KindParams):
    """An N-train's parameters: ``stops`` (None: unlimited) and a revenue ``column``."""

    stops: int | None = None
    column: str | None = None


class TrainKind(Generic[P]):
    """Base of the train rule kinds, over the kind's parameters ``P`` (its ``Params``); the
    defaults are those of a train counting every stop it visits, with no limit."""

    name = ""
    Params: type[P]
    keys: Mapping[str, Checker] = {}
    readings: tuple[str, ...] = ()  # the [rules] readings the kind reads
    rides = False  # runs no route of its own: rides with another route (``ride_effect``)

    def parse(self, table: Mapping[str, Any], where: str) -> P:
        return read_params(self.Params, table, self.keys, where)

    # -- distance --------------------------------------------------------------------------

    def limit(self, p: P) -> int | None:
        """The most distance a route of this train uses (None: no limit)."""
        return None

    def centre_cost(self, p: P, c: StopFacts) -> int:
        return c.visit_cost

    def corridor_cost(self, p: P, k: CorridorFacts) -> int:
        return 0

    def max_counted(self, p: P) -> int | None:
        """The most stops a route of this train counts (None: no limit)."""
        return None

    def min_stops(self, p: P) -> int:
        """The fewest stops a route of this train visits (1: the token city alone is a route)."""
        return 2

    def admits(self, t: TrainTable, stops: Sequence[int]) -> bool:
        """Whether the train may run a path over ``stops`` at all, beyond its distance (1824's
        mines, 18MT's end towns): the earner asks only kinds that override this."""
        return True

    @property
    def gates_paths(self) -> bool:
        """Whether the kind overrides ``admits`` (the earner skips the call otherwise)."""
        return type(self).admits is not TrainKind.admits

    reworks_total = False  # ``route_total`` changes a route's revenue (1822MX's 3/2P)

    def route_total(self, p: P, revenue: int) -> int:
        """What the train earns on a route whose stops and bonuses earn ``revenue`` (never
        less for more: the best stops stay the best)."""
        return revenue

    def model_total(self, m: CpModel, p: P, revenue: Any) -> Any:
        """``route_total`` in the exact model: an expression of the linear ``revenue``."""
        return revenue

    def exclusive_centres(self, t: TrainTable) -> frozenset[int]:
        """The centres whose visit a route of this train holds against every other route of
        a train naming them in the same run (1822's local trains: each city once); none for
        most kinds."""
        return frozenset()

    # -- value -----------------------------------------------------------------------------

    def centre_value(self, p: P, c: StopFacts) -> int:
        return c.value

    def row_multiplier(self, p: P, c: StopFacts) -> int:
        return 1

    # -- choosing stops --------------------------------------------------------------------

    def prepare(self, t: TrainTable) -> object:
        """The kind's own per-train state, kept as ``t.state`` for its hot path (readings it
        reads, values it needs on every path); None when it needs none."""
        return None

    def split(self, t: TrainTable, stops: Sequence[int]) -> Split | None:
        return Split(tuple(range(len(stops))), (), 0)

    def fast(self, t: TrainTable, stops: Sequence[int]) -> int | None:
        worth = t.worth
        return sum([worth[s] for s in stops])

    def earned(self, t: TrainTable, stops: Sequence[int], chosen: set[int]) -> list[int]:
        """What each stop of the path earns the train when it counts ``chosen`` (positions):
        its worth (value, column, multipliers and stop bonuses) where counted, else 0."""
        worth = t.worth
        return [worth[s] if i in chosen else 0 for i, s in enumerate(stops)]

    def describe(self, p: P) -> str:
        return self.name

    def ride_effect(
        self, p: P, t: TrainTable, name: str, at: Collection[str] | None = None
    ) -> RouteEffect | None:
        """A riding train (``rides``): what it adds to the route of the train ``t`` it rides
        with (``at``: only at stops on these hexes), or None when it can add nothing."""
        return None

    # -- the exact model (route/exact.py) ---------------------------------------------------

    modelled = True  # the kind states its counted stops for the exact model

    def model_counting(
        self,
        m: CpModel,
        t: TrainTable,
        v: list[IntVar],
        s: list[IntVar],
        end: list[IntVar],
        run: IntVar,
        tokens: list[int],
    ) -> list[IntVar] | None:
        """The counted-stop variables of a route in the CP-SAT model ``m`` (``v``: visited,
        ``s``/``end``: the route starts/ends there, ``run``: the train runs, ``tokens``: the
        company's token centres), constrained as ``split`` says; this default: every stop
        visited counts."""
        return v

    @staticmethod
    def _counted_vars(m: CpModel, v: list[IntVar]) -> list[IntVar]:
        counted = [m.new_bool_var("") for _ in v]
        for c, visited in zip(counted, v, strict=True):
            m.add_implication(c, visited)
        return counted

    @classmethod
    def _majors_counted(
        cls, m: CpModel, t: TrainTable, v: list[IntVar]
    ) -> tuple[list[IntVar], list[int]]:
        """Counted-stop variables where every city and off-board visited counts and they use
        at most ``stops`` distance; with the major positions."""
        counted = cls._counted_vars(m, v)
        majors = [i for i in range(len(v)) if t.is_major[i]]
        for i in majors:
            m.add(counted[i] == v[i])
        m.add(sum(t.visit[i] * v[i] for i in majors) <= t.params.stops)
        return counted, majors


TRAIN_RULES: Registry[TrainKind[Any]] = Registry("train rule")


def fill_best(t: TrainTable, stops: Sequence[int], forced: Sequence[int], room: int | None) -> int:
    """The forced positions of ``stops`` plus the best others that fit in ``room`` distance:
    a stop costing no distance is counted whenever it pays, one costing more than is left
    never (the data's visit costs are 0, 1 or out of reach, so filling best first is exact)."""
    worth = t.worth
    visit = t.visit
    fset = set(forced)
    total = sum(worth[stops[i]] for i in forced)
    paid = []
    for i, s in enumerate(stops):
        if i in fset or worth[s] <= 0:
            continue
        if visit[s] == 0:
            total += worth[s]
        elif room is None or visit[s] <= room:
            paid.append(worth[s])
    if room is not None and len(paid) > room:
        paid.sort(reverse=True)
        del paid[room:]
    return total + sum(paid)


def split_fill(
    t: TrainTable,
    stops: Sequence[int],
    forced: Sequence[int],
    room: int | None,
    need: frozenset[int] | None = None,
) -> Split:
    """``forced`` counted; stops costing no distance counted when they pay; the others that
    could fit are optional, ``room`` of them at most."""
    visit, worth = t.visit, t.worth
    fset = set(forced)
    free = [i for i, s in enumerate(stops) if i not in fset and visit[s] == 0 and worth[s] > 0]
    optional = tuple(
        i
        for i, s in enumerate(stops)
        if i not in fset and visit[s] > 0 and (room is None or visit[s] <= room)
    )
    cap = len(optional) if room is None else room
    return Split(tuple(sorted(fset | set(free))), optional, cap, need)


@TRAIN_RULES.register("stops")
class StopsTrain(TrainKind[StopsParams]):
    """Counts every stop it visits, at most ``stops`` distance (1830, 1889, most games)."""

    Params = StopsParams
    keys = {"stops": whole(1), "column": one_of(*sorted(REVENUE_COLUMNS))}

    def limit(self, p: StopsParams) -> int | None:
        return p.stops

    def max_counted(self, p: StopsParams) -> int | None:
        return p.stops

    def centre_value(self, p: StopsParams, c: StopFacts) -> int:
        col = p.column
        if col is not None:
            alt = dict(c.columns).get(col)
            if alt is not None:
                return alt
        return c.value

    def describe(self, p: StopsParams) -> str:
        out = "unlimited stops" if p.stops is None else f"up to {p.stops} stops"
        if p.column:
            out += f", {p.column} values"
        return out


@dataclass(frozen=True, slots=True)
class NStopsParams(KindParams):
    """A train that must name how many stops it counts."""

    stops: int


@TRAIN_RULES.register("towns_free")
class TownsFreeTrain(TrainKind[NStopsParams]):
    """Up to N cities/off-boards; towns passed freely, the best fill spare places (1861/1867)."""

    Params = NStopsParams
    keys = {"stops": whole(1)}

    def limit(self, p: NStopsParams) -> int | None:
        return p.stops

    def max_counted(self, p: NStopsParams) -> int | None:
        return p.stops

    def centre_cost(self, p: NStopsParams, c: StopFacts) -> int:
        return c.visit_cost if c.kind != "town" else 0

    @staticmethod
    def _room(e: TrainTable, stops: Sequence[int]) -> tuple[tuple[int, ...], int | None]:
        forced = tuple(i for i, s in enumerate(stops) if e.is_major[s])
        limit: int | None = e.params.stops
        if limit is None:
            return forced, None
        return forced, limit - sum(e.visit[stops[i]] for i in forced)

    def split(self, e: TrainTable, stops: Sequence[int]) -> Split | None:
        forced, room = self._room(e, stops)
        if room is not None and room < 0:
            return None
        return split_fill(e, stops, forced, room)

    def fast(self, e: TrainTable, stops: Sequence[int]) -> int | None:
        if not e.visit_all_one:
            forced, room = self._room(e, stops)
            return -1 if room is not None and room < 0 else fill_best(e, stops, forced, room)
        # every stop costs 1 (the usual case): cities and off-boards, then the best towns
        worth = e.worth
        is_major = e.is_major
        total = 0
        count = 0
        towns = []
        for s in stops:
            if is_major[s]:
                total += worth[s]
                count += 1
            elif worth[s] > 0:
                towns.append(worth[s])
        limit: int = e.params.stops
        if count > limit:
            return -1
        room = limit - count
        if len(towns) > room:
            towns.sort(reverse=True)
            del towns[room:]
        return total + sum(towns)

    def describe(self, p: NStopsParams) -> str:
        return f"up to {p.stops} cities and off-boards, towns free"

    def model_counting(
        self,
        m: CpModel,
        e: TrainTable,
        v: list[IntVar],
        s: list[IntVar],
        end: list[IntVar],
        run: IntVar,
        tokens: list[int],
    ) -> list[IntVar]:
        counted, _ = self._majors_counted(m, e, v)
        m.add(sum(e.visit[i] * counted[i] for i in range(len(v))) <= e.params.stops)
        return counted


@dataclass(frozen=True, slots=True)
class PlusTownsParams(KindParams):
    stops: int
    city_multiplier: int | None = None  # None: 1


@TRAIN_RULES.register("plus_towns")
class PlusTownsTrain(TrainKind[PlusTownsParams]):
    """Up to N cities/off-boards plus every town, all paid, towns use no distance (18AL, 18GA,
    18MS ``N+``); ``city_multiplier`` multiplies cities and off-boards only (18AL 4D)."""

    Params = PlusTownsParams
    keys = {"stops": whole(1), "city_multiplier": whole(1)}

    def limit(self, p: PlusTownsParams) -> int | None:
        return p.stops

    def centre_cost(self, p: PlusTownsParams, c: StopFacts) -> int:
        return c.visit_cost if c.kind != "town" else 0

    def row_multiplier(self, p: PlusTownsParams, c: StopFacts) -> int:
        return (p.city_multiplier or 1) if c.kind != "town" else 1

    def describe(self, p: PlusTownsParams) -> str:
        m = p.city_multiplier or 1
        mult = f" (x{m})" if m != 1 else ""
        return f"{p.stops} cities and off-boards{mult} plus every town"


@dataclass(frozen=True, slots=True)
class CitiesPlusTownsParams(KindParams):
    stops: int
    towns: int


@TRAIN_RULES.register("n_plus_m")
class CitiesPlusTownsTrain(TrainKind[CitiesPlusTownsParams]):
    """Counts up to ``stops`` cities/off-boards plus up to ``towns`` towns."""

    Params = CitiesPlusTownsParams
    keys = {"stops": whole(1), "towns": whole(0)}

    def limit(self, p: CitiesPlusTownsParams) -> int | None:
        return p.stops

    def centre_cost(self, p: CitiesPlusTownsParams, c: StopFacts) -> int:
        return c.visit_cost if c.kind != "town" else 0

    def max_counted(self, p: CitiesPlusTownsParams) -> int | None:
        return p.stops + p.towns

    def split(self, e: TrainTable, stops: Sequence[int]) -> Split | None:
        forced = tuple(i for i, s in enumerate(stops) if e.is_major[s])
        if len(forced) > e.params.stops:
            return None
        optional = tuple(i for i, s in enumerate(stops) if not e.is_major[s])
        return Split(forced, optional, e.params.towns)

    def fast(self, e: TrainTable, stops: Sequence[int]) -> int | None:
        return None

    def describe(self, p: CitiesPlusTownsParams) -> str:
        return f"{p.stops} cities and off-boards + {p.towns} towns"

    def model_counting(
        self,
        m: CpModel,
        e: TrainTable,
        v: list[IntVar],
        s: list[IntVar],
        end: list[IntVar],
        run: IntVar,
        tokens: list[int],
    ) -> list[IntVar]:
        counted, majors = self._majors_counted(m, e, v)
        m.add(sum(counted[i] for i in range(len(v)) if not e.is_major[i]) <= e.params.towns)
        return counted


def _gauge_costs(v: Any, where: str) -> tuple[tuple[str, int], ...]:
    costs = table_of(whole(1))(v, where)
    for g, _ in costs:
        if g not in GAUGES:
            raise RuleDataError(f"{where}: unknown gauge {g!r} (one of {', '.join(GAUGES)})")
    return costs


@dataclass(frozen=True, slots=True)
class EdgesParams(KindParams):
    edges: int
    edge_cost: tuple[tuple[str, int], ...] | None = None  # None: every edge costs 1
    gauges: tuple[str, ...] | None = None  # None: every gauge
    double_at: tuple[str, ...] | None = None


@TRAIN_RULES.register("edges")
class EdgesTrain(TrainKind[EdgesParams]):
    """Distance is the hex edges crossed, each costing by its gauge; every stop is paid (1849
    H trains; R6H with broad edges costing 2; E barred from narrow track, doubling some cities)."""

    keys = {
        "edges": whole(1),
        "edge_cost": _gauge_costs,
        "gauges": strings,
        "double_at": strings,
    }
    Params = EdgesParams

    def limit(self, p: EdgesParams) -> int | None:
        return p.edges

    def centre_cost(self, p: EdgesParams, c: StopFacts) -> int:
        return 0

    def corridor_cost(self, p: EdgesParams, k: CorridorFacts) -> int:
        allowed = GAUGES if p.gauges is None else p.gauges
        costs = dict(p.edge_cost or ())
        total = 0
        for gauge, n in k.gauge_crossings:
            if n and gauge not in allowed:
                return NO_ROUTE
            total += n * costs.get(gauge, 1)
        return total

    def row_multiplier(self, p: EdgesParams, c: StopFacts) -> int:
        return 2 if p.double_at is not None and c.hex in p.double_at else 1

    def describe(self, p: EdgesParams) -> str:
        return f"up to {p.edges} hex edges"
