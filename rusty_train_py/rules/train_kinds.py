"""The door of the train rule kinds: the base ``TrainKind``, its registry, and the helpers
the kinds share. Every kind lives in ``kinds/`` (one module per kind), registered by
``@TRAIN_RULES.register(name)`` (the name is what a game file's ``rule`` says).

A kind states, for a train compiled on one track graph (a ``TrainTable``, facts.py):

- ``Params``: its parameters, a typed frozen dataclass read from the game file (``keys``: a
  checker per key; unknown and missing keys are refused with the file and line);
- ``readings``: the game's rule readings it reads (the finder names them in its output);
- ``prepare``: its own per-train state, computed once (``table.state``);
- ``limit`` and ``centre_cost`` / ``corridor_cost``: the distance a path uses and the most the
  train may use (path enumeration keeps a path only if some train's distance allows it);
- ``row_multiplier`` and ``centre_value``: what one counted stop is worth to it;
- which stops it counts, in one of two ways:
  - every stop visited counts, and ``limits`` (facts.py ``Limit``) say which routes it may
    run, stated once: the hot path's check of a path (``admits``) and the exact model derive
    from them;
  - or ``split``: for a path's stops, which are always counted, which may be counted, how
    many of those, and which positions one counted stop must come from (a token, when the
    kind says); the exact general chooser takes it, ``fast`` may add a hot path (the exact
    revenue when no bonus makes the choice harder, or None), and ``model_counting`` states
    the counted stops in the exact model (route/exact_model.py) from one ``ModelTrain``;
- ``earned``: what each counted stop of a choice earns it (the per-stop breakdown);
- ``rides`` and ``ride_effect``: a train that runs no route of its own but rides with another
  route of the run (18EU's Pullman, kinds/pullman.py): the effect it adds to that route.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic

from .facts import CorridorFacts, Limit, ModelTrain, RouteEffect, StopFacts, TrainTable
from .params import P, read_params
from .registry import Checker, Registry

if TYPE_CHECKING:
    from ortools.sat.python.cp_model import CpModel, IntVar


NO_ROUTE = 1 << 20  # a distance no train has: what a train may not use at all


@dataclass(frozen=True, slots=True)
class Split:
    """How a train may count the stops of one path (positions into the path's stops)."""

    forced: tuple[int, ...]
    optional: tuple[int, ...]
    cap: int  # how many optional stops may be counted
    need: frozenset[int] | None = None  # one counted stop must be one of these


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

    def limits(self, t: TrainTable) -> tuple[Limit, ...]:
        """The kind's rule on the stops a route visits, as linear limits (facts.py ``Limit``:
        at most N cities, exactly one mine, ...), every stop visited counting; computed once
        per compiled train (``t.limits``). ``admits`` and ``model_counting`` derive from them."""
        return ()

    def admits(self, t: TrainTable, stops: Sequence[int]) -> bool:
        """Whether the train may run a path over ``stops`` at all, beyond its distance (1824's
        mines, 18MT's end towns): by default, whether it keeps every one of ``t.limits``. The
        earner asks only kinds that state limits or override this."""
        for limit in t.limits:
            if not limit.admits(stops):
                return False
        return True

    @property
    def gates_paths(self) -> bool:
        """Whether the kind states limits or overrides ``admits`` (the earner skips the call
        otherwise)."""
        kind = type(self)
        return kind.admits is not TrainKind.admits or kind.limits is not TrainKind.limits

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

    def model_counting(self, r: ModelTrain) -> list[IntVar] | None:
        """The counted-stop variables of the train's route in the exact model (``r``: the
        model, the train, the route's visit, start and end variables), constrained as
        ``split`` says, or None when the model cannot state the kind; this default: every
        stop visited counts, within ``t.limits``."""
        for limit in r.t.limits:
            limit.state(r)
        return r.visited


TRAIN_RULES: Registry[TrainKind[Any]] = Registry("train rule")


def forced_sum(t: TrainTable, stops: Sequence[int], split: Split | None) -> int | None:
    """``fast`` derived from ``split``: -1 where the train cannot run the path, the worth of
    the forced stops where nothing else may count, else None (the exact chooser decides)."""
    if split is None:
        return -1
    if split.optional or split.need is not None:
        return None
    worth = t.worth
    return sum([worth[stops[i]] for i in split.forced])


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
