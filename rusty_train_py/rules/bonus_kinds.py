"""Bonus kinds: extra (or less) revenue for routes, each one registered object.

A kind parses its keys (checking the hexes against the map) and, for one train on one track
graph, adds what it pays to the compiled train (an ``Earner``): a value at a stop, a pair of
stops paying together, a port rule, money per visited stop. ``once_per_run`` bonuses pay one
route of a run and ``adjusts_run`` ones change which routes are paid; the search solves both
exactly by trying each assignment (route/search.py), so every bound stays a bound.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .registry import (
    Checker,
    Registry,
    RuleDataError,
    flag,
    integer,
    one_of,
    parse_params,
    strings,
    table_of,
    text,
    whole,
)

if TYPE_CHECKING:
    from ..game import Bonus
    from ..route.earner import Earner

COMMON_KEYS = ("id", "name", "kind", "always", "multiplied", "train", "removed_on")


@dataclass(frozen=True, slots=True)
class PairBonus:
    """Pays once per route whose counted stops hold a stop of one side and one of the other
    (centre id -> value on each side); the best pair when several match."""

    id: str
    options: tuple[tuple[Mapping[int, int], Mapping[int, int]], ...]
    side_a: frozenset[int] = field(init=False)
    side_b: frozenset[int] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "side_a", frozenset(c for a, _ in self.options for c in a))
        object.__setattr__(self, "side_b", frozenset(c for _, b in self.options for c in b))

    def centres(self) -> frozenset[int]:
        return self.side_a | self.side_b

    def pays(self, counted: set[int] | frozenset[int]) -> int | None:
        best = None
        for a, b in self.options:
            for x, va in a.items():
                if x not in counted:
                    continue
                for y, vb in b.items():
                    if y != x and y in counted and (best is None or va + vb > best):
                        best = va + vb
        return best


@dataclass(frozen=True, slots=True)
class PortRule:
    """A route counting one of ``ports`` needs ``min_stops`` counted stops; with ``per_token``
    the port pays its value once per counted city holding the company's token."""

    id: str
    ports: frozenset[int]
    min_stops: int
    per_token: bool


class BonusKind:
    name = ""
    keys: Mapping[str, Checker] = {}
    required: tuple[str, ...] = ()
    hex_keys: tuple[str, ...] = ()  # keys naming hexes of the map
    placed = False  # the player names the hex it is placed on
    adjusts_run = False  # changes which routes of the run are paid

    def parse(self, table: Mapping[str, Any], where: str, hexes) -> tuple[tuple[str, Any], ...]:
        params = parse_params(table, self.keys, self.required, where)
        d = dict(params)
        for key in self.hex_keys:
            for h in _hexes_in(d.get(key, ())):
                if h not in hexes:
                    raise RuleDataError(
                        f"{where}: {key} names {h!r}, which is not a hex of the map"
                    )
        self.check(d, where)
        return params

    def check(self, p: Mapping[str, Any], where: str) -> None:
        """Further checks of the parameters (raise RuleDataError)."""

    def once_per_run(self, p: Mapping[str, Any]) -> bool:
        return False

    def apply(self, bonus: Bonus, e: Earner, scale: int) -> None:
        """Add what the bonus pays to the compiled train ``e`` (money times ``scale``)."""


def _hexes_in(v: Any) -> list[str]:
    if isinstance(v, tuple) and v and isinstance(v[0], tuple):  # a table: keys are hexes
        return [k for k, _ in v]
    return list(v)


BONUS_KINDS: Registry[BonusKind] = Registry("bonus kind")


@BONUS_KINDS.register("visit")
class VisitBonus(BonusKind):
    """Money at every counted stop on a hex of ``at`` (1867 NFB, MB ...)."""

    keys = {"at": strings, "amount": integer, "amounts": table_of(integer)}
    required = ("at",)
    hex_keys = ("at", "amounts")

    def check(self, p, where):
        if "amount" not in p and "amounts" not in p:
            raise RuleDataError(f"{where}: needs amount or amounts")
        for h, _ in p.get("amounts", ()):
            if h not in p["at"]:
                raise RuleDataError(f"{where}: amounts names {h!r}, which is not in at")

    def apply(self, bonus, e, scale):
        p = bonus.params_dict
        amounts = dict(p.get("amounts", ()))
        for h in p["at"]:
            e.add_stop_bonus(h, bonus.id, amounts.get(h, p.get("amount", 0)) * scale)


@BONUS_KINDS.register("placed")
class PlacedBonus(BonusKind):
    """An option the player places on one hex; paid once per route counting it (one stop per
    hex, or one per group, keeps that exact). Negative amounts are penalties."""

    keys = {
        "hexes": strings,
        "amount": integer,
        "amounts": table_of(integer),
        "per_icon": text,
    }
    required = ("hexes", "amount")
    hex_keys = ("hexes", "amounts")
    placed = True

    def apply(self, bonus, e, scale):
        p = bonus.params_dict
        h = bonus.placed_at
        if h is None:
            return
        amount = dict(p.get("amounts", ())).get(h, p["amount"])
        icon = p.get("per_icon")
        if icon is not None:
            amount *= e.icon_count(h, icon)
        e.add_stop_bonus(h, bonus.id, amount * scale)


@BONUS_KINDS.register("connection")
class ConnectionBonus(BonusKind):
    """Once per route counting a stop in ``at`` and one in ``with_any``; ``once_per_run``:
    to one route of the run only."""

    keys = {"at": strings, "with_any": strings, "amount": integer, "once_per_run": flag}
    required = ("at", "with_any", "amount")
    hex_keys = ("at", "with_any")

    def once_per_run(self, p):
        return p.get("once_per_run", False)

    def apply(self, bonus, e, scale):
        p = bonus.params_dict
        a = {c: p["amount"] * scale for c in e.centres_on(p["at"])}
        b = {c: 0 for c in e.centres_on(p["with_any"])}
        if a and b:
            e.add_pair(PairBonus(bonus.id, ((a, b),)))


def _sides(v: Any, where: str):
    return table_of(table_of(integer))(v, where)


@BONUS_KINDS.register("ends_pair")
class EndsPairBonus(BonusKind):
    """Once per route counting a stop of each side of a pair: the two stops' icon values
    added (1846 East-West; 18 Los Angeles east-west or north-south)."""

    keys = {"sides": _sides, "pairs": lambda v, w: tuple(strings(x, w) for x in v)}
    required = ("sides", "pairs")

    def parse(self, table, where, hexes):
        params = super().parse(table, where, hexes)
        d = dict(params)
        for side, values in d["sides"]:
            for h, _ in values:
                if h not in hexes:
                    raise RuleDataError(f"{where}: side {side} names {h!r}, not a hex of the map")
        names = {s for s, _ in d["sides"]}
        for pair in d["pairs"]:
            if len(pair) != 2 or not set(pair) <= names:
                raise RuleDataError(f"{where}: a pair names two of the sides {sorted(names)}")
        return params

    def apply(self, bonus, e, scale):
        p = bonus.params_dict
        sides = {s: dict(v) for s, v in p["sides"]}
        options = []
        for x, y in p["pairs"]:
            a = {c: sides[x][e.centre_hex(c)] * scale for c in e.centres_on(sides[x])}
            b = {c: sides[y][e.centre_hex(c)] * scale for c in e.centres_on(sides[y])}
            if a and b:
                options.append((a, b))
        if options:
            e.add_pair(PairBonus(bonus.id, tuple(options)))


@BONUS_KINDS.register("per_stop")
class PerStopBonus(BonusKind):
    """Money per stop visited on one route of the run (1846 Mail Contract)."""

    keys = {"amount": integer, "once_per_run": flag}
    required = ("amount",)

    def once_per_run(self, p):
        return p.get("once_per_run", True)

    def apply(self, bonus, e, scale):
        e.add_per_stop(bonus.id, bonus.params_dict["amount"] * scale)


@BONUS_KINDS.register("port")
class PortBonus(BonusKind):
    """A route counting a port needs ``min_stops`` counted stops; ``pays = "token_cities"``:
    the port pays its value once per counted city with the company's token (1836Jr30)."""

    keys = {"at": strings, "min_stops": whole(1), "pays": one_of("self", "token_cities")}
    required = ("at", "min_stops")
    hex_keys = ("at",)

    def apply(self, bonus, e, scale):
        p = bonus.params_dict
        ports = frozenset(e.centres_on(p["at"]))
        if ports:
            e.add_port(
                PortRule(bonus.id, ports, p["min_stops"], p.get("pays", "self") == "token_cities")
            )


@BONUS_KINDS.register("drop_lowest")
class DropLowest(BonusKind):
    """The lowest route is not paid when every train runs; one train alone earns nothing
    (18TN Civil War). Solved as the best run of all trains but one."""

    adjusts_run = True
