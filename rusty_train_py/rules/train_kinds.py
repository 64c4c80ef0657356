"""Train rule kinds: which stops a train may visit and count, and what it is paid.

Each kind is one registered object (the name is what a game file's ``rule`` says). A kind
states, for a compiled train (an ``Earner``, route/earner.py):

- ``limit`` and ``centre_cost`` / ``corridor_cost``: the distance a path uses and the most the
  train may use (path enumeration keeps a path only if some train's distance allows it);
- ``row_multiplier`` and ``centre_value``: what one counted stop is worth to it;
- ``split``: for a path's stops, which are always counted, which may be counted, how many of
  those, and which positions one counted stop must come from (a token, when the kind says);
- ``fast``: the exact revenue on a path when no bonus makes the choice harder (the search's
  hot path), or None to let the exact general chooser decide.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .registry import Checker, Registry, parse_params, strings, table_of, text, whole

if TYPE_CHECKING:
    from ..route.earner import Earner
    from ..route.graph import Centre, Corridor

GAUGES = ("broad", "narrow", "dual")
NO_ROUTE = 1 << 20  # a distance no train has: what a train may not use at all


@dataclass(frozen=True, slots=True)
class Split:
    """How a train may count the stops of one path (positions into the path's stops)."""

    forced: tuple[int, ...]
    optional: tuple[int, ...]
    cap: int  # how many optional stops may be counted
    need: frozenset[int] | None = None  # one counted stop must be one of these


class TrainKind:
    """Base of the train rule kinds; the defaults are those of a plain N-train."""

    name = ""
    keys: Mapping[str, Checker] = {}
    required: tuple[str, ...] = ()

    def parse(self, table: Mapping[str, Any], where: str) -> tuple[tuple[str, Any], ...]:
        return parse_params(table, self.keys, self.required, where)

    # -- distance --------------------------------------------------------------------------

    def limit(self, p: Mapping[str, Any]) -> int | None:
        return p.get("stops")

    def centre_cost(self, p: Mapping[str, Any], c: Centre) -> int:
        return c.visit_cost

    def corridor_cost(self, p: Mapping[str, Any], k: Corridor) -> int:
        return 0

    def max_counted(self, p: Mapping[str, Any]) -> int | None:
        """The most stops a route of this train counts (None: no limit)."""
        return p.get("stops")

    # -- value -----------------------------------------------------------------------------

    def centre_value(self, p: Mapping[str, Any], c: Centre) -> int:
        return c.value

    def row_multiplier(self, p: Mapping[str, Any], c: Centre) -> int:
        return 1

    # -- choosing stops --------------------------------------------------------------------

    def prepare(self, e: Earner) -> None:
        """Keep on the compiled train what ``fast`` needs on every path (readings, params)."""

    def split(self, e: Earner, stops: Sequence[int]) -> Split | None:
        return Split(tuple(range(len(stops))), (), 0)

    def fast(self, e: Earner, stops: Sequence[int]) -> int | None:
        worth = e.worth
        return sum([worth[s] for s in stops])

    def describe(self, p: Mapping[str, Any]) -> str:
        n = p.get("stops")
        return "unlimited stops" if n is None else f"up to {n} stops"

    # -- the exact model (route/exact.py) ---------------------------------------------------

    modelled = True  # the kind states its counted stops for the exact model

    def model_counting(self, m: Any, e: Earner, v: list, s: list, end: list, run: Any, tokens):
        """The counted-stop variables of a route in the CP-SAT model ``m`` (``v``: visited,
        ``s``/``end``: the route starts/ends there, ``run``: the train runs, ``tokens``: the
        company's token centres), constrained as ``split`` says; this default: every stop
        visited counts."""
        return v

    @staticmethod
    def _counted_vars(m: Any, v: list) -> list:
        counted = [m.new_bool_var("") for _ in v]
        for c, visited in zip(counted, v, strict=True):
            m.add_implication(c, visited)
        return counted

    @classmethod
    def _majors_counted(cls, m: Any, e: Earner, v: list) -> tuple[list, list[int]]:
        """Counted-stop variables where every city and off-board visited counts and they use
        at most ``stops`` distance; with the major positions."""
        counted = cls._counted_vars(m, v)
        majors = [i for i in range(len(v)) if e.is_major[i]]
        for i in majors:
            m.add(counted[i] == v[i])
        m.add(sum(e.visit[i] * v[i] for i in majors) <= e.params["stops"])
        return counted, majors


TRAIN_RULES: Registry[TrainKind] = Registry("train rule")

_COMMON: dict[str, Checker] = {}


def _fill(e: Earner, stops: Sequence[int], forced, room: int | None) -> int:
    """The forced positions of ``stops`` plus the best others that fit in ``room`` distance:
    a stop costing no distance is counted whenever it pays, one costing more than is left
    never (the data's visit costs are 0, 1 or out of reach, so filling best first is exact)."""
    worth = e.worth
    visit = e.visit
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


def _split_fill(e: Earner, stops: Sequence[int], forced, room: int | None, need=None) -> Split:
    """``forced`` counted; stops costing no distance counted when they pay; the others that
    could fit are optional, ``room`` of them at most."""
    visit, worth = e.visit, e.worth
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
class StopsTrain(TrainKind):
    """Counts every stop it visits, at most ``stops`` distance (1830, 1889, most games)."""

    keys = {"stops": whole(1), "column": text}

    def centre_value(self, p, c):
        col = p.get("column")
        if col is not None:
            alt = dict(c.columns).get(col)
            if alt is not None:
                return alt
        return c.value

    def describe(self, p):
        out = super().describe(p)
        if p.get("column"):
            out += f", {p['column']} values"
        return out


@TRAIN_RULES.register("towns_free")
class TownsFreeTrain(TrainKind):
    """Up to N cities/off-boards; towns passed freely, the best fill spare places (1861/1867)."""

    keys = {"stops": whole(1)}
    required = ("stops",)

    def centre_cost(self, p, c):
        return c.visit_cost if c.kind != "town" else 0

    @staticmethod
    def _room(e: Earner, stops: Sequence[int]) -> tuple[tuple[int, ...], int | None]:
        forced = tuple(i for i, s in enumerate(stops) if e.is_major[s])
        limit = p_stops(e)
        if limit is None:
            return forced, None
        return forced, limit - sum(e.visit[stops[i]] for i in forced)

    def split(self, e, stops):
        forced, room = self._room(e, stops)
        if room is not None and room < 0:
            return None
        return _split_fill(e, stops, forced, room)

    def fast(self, e, stops):
        if not e.visit_all_one:
            forced, room = self._room(e, stops)
            return -1 if room is not None and room < 0 else _fill(e, stops, forced, room)
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
        limit = e.params["stops"]
        if count > limit:
            return -1
        room = limit - count
        if len(towns) > room:
            towns.sort(reverse=True)
            del towns[room:]
        return total + sum(towns)

    def describe(self, p):
        return f"up to {p['stops']} cities and off-boards, towns free"

    def model_counting(self, m, e, v, s, end, run, tokens):
        counted, _ = self._majors_counted(m, e, v)
        m.add(sum(e.visit[i] * counted[i] for i in range(len(v))) <= e.params["stops"])
        return counted


@TRAIN_RULES.register("express")
class ExpressTrain(TrainKind):
    """Counts the best ``stops`` of the stops it passes, skipping the others (1861/1867 5+5E).
    Which stops it must count is the game's ``express_stops`` reading (the route's two ends, or
    its off-boards); whether one counted stop must hold a token, ``express_token``."""

    keys = {"stops": whole(2)}
    required = ("stops",)

    def limit(self, p):
        return None

    def centre_cost(self, p, c):
        return 0

    def prepare(self, e):
        e.express_offboards = e.readings.get("express_stops") == "offboards"
        e.express_token = e.readings.get("express_token") == "counted"

    @staticmethod
    def _forced(e: Earner, stops: Sequence[int]) -> tuple[int, ...]:
        if e.express_offboards:  # off-boards are always ends of a path
            last = len(stops) - 1
            return tuple(i for i in (0, last) if e.is_offboard[stops[i]])
        return (0, len(stops) - 1)

    def split(self, e, stops):
        forced = self._forced(e, stops)
        room = e.params["stops"] - sum(e.visit[stops[i]] for i in forced)
        if room < 0:
            return None
        need = e.token_positions(stops) if e.express_token else None
        return _split_fill(e, stops, forced, room, need)

    def fast(self, e, stops):
        if not e.visit_all_one:
            if e.express_token:
                return None  # the token rule with visit costs: the general chooser
            forced = self._forced(e, stops)
            room = e.params["stops"] - sum(e.visit[stops[i]] for i in forced)
            return -1 if room < 0 else _fill(e, stops, forced, room)
        # every stop costs 1 (the usual case); off-boards are always at a path's ends
        worth = e.worth
        token = e.token
        last = len(stops) - 1
        first_s, last_s = stops[0], stops[last]
        if e.express_offboards:
            f0, f1 = e.is_offboard[first_s], e.is_offboard[last_s]
        else:
            f0 = f1 = True
        room = e.params["stops"] - f0 - f1
        if room < 0:
            return -1
        base = 0
        has_token = False
        if f0:
            base += worth[first_s]
            has_token = token[first_s]
        if f1:
            base += worth[last_s]
            has_token = has_token or token[last_s]
        rest = stops[(1 if f0 else 0) : (last if f1 else last + 1)]
        counted = sorted([w for w in [worth[s] for s in rest] if w > 0], reverse=True)[:room]
        if has_token or not e.express_token:
            return base + sum(counted)
        # one counted stop must hold the token: the best tokened other stop if none is counted
        best_token = max((worth[s] for s in rest if token[s]), default=None)
        if best_token is None or room == 0:
            return -1
        if best_token > 0 and (len(counted) < room or best_token >= counted[-1]):
            return base + sum(counted)  # it is (or ties with) one of the counted stops
        kept = counted if len(counted) < room else counted[: room - 1]
        return base + sum(kept) + best_token

    def describe(self, p):
        return f"express: the best {p['stops']} stops, the others skipped"

    def model_counting(self, m, e, v, s, end, run, tokens):
        counted = self._counted_vars(m, v)
        for i in range(len(v)):
            if e.express_offboards:
                if e.is_offboard[i]:
                    m.add(counted[i] == v[i])
            else:
                m.add_implication(s[i], counted[i])
                m.add_implication(end[i], counted[i])
        m.add(sum(e.visit[i] * counted[i] for i in range(len(v))) <= e.params["stops"])
        if e.express_token:
            m.add(sum(counted[i] for i in tokens) >= run)
        return counted


@TRAIN_RULES.register("plus_towns")
class PlusTownsTrain(TrainKind):
    """Up to N cities/off-boards plus every town, all paid, towns use no distance (18AL, 18GA,
    18MS ``N+``); ``city_multiplier`` multiplies cities and off-boards only (18AL 4D)."""

    keys = {"stops": whole(1), "city_multiplier": whole(1)}
    required = ("stops",)

    def centre_cost(self, p, c):
        return c.visit_cost if c.kind != "town" else 0

    def row_multiplier(self, p, c):
        return p.get("city_multiplier", 1) if c.kind != "town" else 1

    def max_counted(self, p):
        return None

    def describe(self, p):
        m = p.get("city_multiplier", 1)
        mult = f" (x{m})" if m != 1 else ""
        return f"{p['stops']} cities and off-boards{mult} plus every town"


@TRAIN_RULES.register("pay_best")
class PayBestTrain(TrainKind):
    """Visits up to ``visit`` cities and off-boards (no towns), pays the best ``pay``, one paid
    stop holding the company's token (1846 and 18 Los Angeles N/M trains)."""

    keys = {"pay": whole(1), "visit": whole(1)}
    required = ("pay", "visit")

    def parse(self, table, where):
        params = super().parse(table, where)
        d = dict(params)
        if d["pay"] > d["visit"]:
            from .registry import RuleDataError

            raise RuleDataError(f"{where}: pays more stops ({d['pay']}) than it visits")
        return params

    def centre_cost(self, p, c):
        # its distance list has no row for towns: a route of it cannot visit one
        return c.visit_cost if c.kind != "town" or c.visit_cost == 0 else NO_ROUTE

    def limit(self, p):
        return p["visit"]

    def max_counted(self, p):
        return p["pay"]

    def split(self, e, stops):
        return Split((), tuple(range(len(stops))), e.params["pay"], e.token_positions(stops))

    def fast(self, e, stops):
        worth = e.worth
        values = sorted(((worth[s], i) for i, s in enumerate(stops)), key=lambda t: -t[0])
        room = e.params["pay"]
        chosen = [v for v in values[:room] if v[0] > 0]
        tokens = e.token_positions(stops)
        if any(i in tokens for _, i in chosen):
            return sum(v for v, _ in chosen)
        best_token = max((worth[stops[i]] for i in tokens), default=None)
        if best_token is None:
            return -1
        kept = chosen if len(chosen) < room else chosen[: room - 1]
        return sum(v for v, _ in kept) + best_token

    def describe(self, p):
        return f"visits up to {p['visit']}, pays the best {p['pay']}"

    def model_counting(self, m, e, v, s, end, run, tokens):
        counted = self._counted_vars(m, v)
        m.add(sum(counted) <= e.params["pay"])
        m.add(sum(counted[i] for i in tokens) >= run)
        return counted


@TRAIN_RULES.register("n_plus_m")
class CitiesPlusTownsTrain(TrainKind):
    """Counts up to ``stops`` cities/off-boards plus up to ``towns`` towns."""

    keys = {"stops": whole(1), "towns": whole(0)}
    required = ("stops", "towns")

    def centre_cost(self, p, c):
        return c.visit_cost if c.kind != "town" else 0

    def max_counted(self, p):
        return p["stops"] + p["towns"]

    def split(self, e, stops):
        forced = tuple(i for i, s in enumerate(stops) if e.is_major[s])
        if len(forced) > e.params["stops"]:
            return None
        optional = tuple(i for i, s in enumerate(stops) if not e.is_major[s])
        return Split(forced, optional, e.params["towns"])

    def fast(self, e, stops):
        return None

    def describe(self, p):
        return f"{p['stops']} cities and off-boards + {p['towns']} towns"

    def model_counting(self, m, e, v, s, end, run, tokens):
        counted, majors = self._majors_counted(m, e, v)
        m.add(sum(counted[i] for i in range(len(v)) if not e.is_major[i]) <= e.params["towns"])
        return counted


def _gauge_costs(v: Any, where: str) -> tuple[tuple[str, int], ...]:
    costs = table_of(whole(1))(v, where)
    for g, _ in costs:
        if g not in GAUGES:
            from .registry import RuleDataError

            raise RuleDataError(f"{where}: unknown gauge {g!r} (one of {', '.join(GAUGES)})")
    return costs


@TRAIN_RULES.register("edges")
class EdgesTrain(TrainKind):
    """Distance is the hex edges crossed, each costing by its gauge; every stop is paid (1849
    H trains; R6H with broad edges costing 2; E barred from narrow track, doubling some cities)."""

    keys = {
        "edges": whole(1),
        "edge_cost": _gauge_costs,
        "gauges": strings,
        "double_at": strings,
    }
    required = ("edges",)

    def limit(self, p):
        return p["edges"]

    def centre_cost(self, p, c):
        return 0

    def corridor_cost(self, p, k):
        allowed = p.get("gauges", GAUGES)
        costs = dict(p.get("edge_cost", ()))
        total = 0
        for gauge, n in k.gauge_crossings:
            if n and gauge not in allowed:
                return NO_ROUTE
            total += n * costs.get(gauge, 1)
        return total

    def max_counted(self, p):
        return None

    def row_multiplier(self, p, c):
        return 2 if c.hex in p.get("double_at", ()) else 1

    def describe(self, p):
        return f"up to {p['edges']} hex edges"


def p_stops(e: Earner) -> int | None:
    return e.params.get("stops")
