"""Bonus kinds: extra (or less) revenue for routes, each one registered object.

A kind parses its keys into its typed ``Params`` (checking the hexes against the map) and, for
one train on one track graph, adds what it pays to the compiled train (a ``TrainTable``): a
value at a stop, or a route effect (effects.py: a pair of stops paying together, a port rule,
money per visited stop). ``once_per_run`` bonuses pay one route of a run and ``adjusts_run``
ones change which routes are paid; the search solves both exactly by trying each assignment
(route/runs.py), so every bound stays a bound.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol

from .effects import PairEffect, PerVisitEffect, PortEffect
from .facts import TrainTable
from .params import KindParams, P, read_params
from .registry import (
    Checker,
    Registry,
    RuleDataError,
    flag,
    integer,
    one_of,
    shown,
    strings,
    table_of,
    text,
    whole,
)


class BonusFacts(Protocol):
    """A bonus of a game (game.py ``Bonus``) as a kind sees it."""

    @property
    def id(self) -> str: ...
    @property
    def params(self) -> Any: ...
    @property
    def placed_at(self) -> str | None: ...
    @property
    def kind(self) -> BonusKind[Any]: ...


COMMON_KEYS = ("id", "name", "kind", "always", "multiplied", "train", "removed_on")


class BonusKind(Generic[P]):
    """Base of the bonus kinds, over the kind's parameters ``P`` (its ``Params``)."""

    name = ""
    Params: type[P]
    keys: Mapping[str, Checker] = {}
    hex_keys: tuple[str, ...] = ()  # keys naming hexes of the map
    placed = False  # the player names the hex it is placed on
    placed_many = False  # on several hexes, named ``A1+B2`` (placed kinds)
    adjusts_run = False  # changes which routes of the run are paid
    # what a route it leaves out reads (adjusts_run): "not paid: ..."
    left_out_because = ""

    def parse(self, table: Mapping[str, Any], where: str, hexes: Collection[str]) -> P:
        params = read_params(self.Params, table, self.keys, where)
        for key in self.hex_keys:
            for h in _hexes_in(getattr(params, key, None) or ()):
                if h not in hexes:
                    raise RuleDataError(
                        f"{where}: {key} names {h!r}, which is not a hex of the map"
                    )
        self.check(params, where)
        return params

    def check(self, p: P, where: str) -> None:
        """Further checks of the parameters (raise RuleDataError)."""

    def once_per_run(self, p: P) -> bool:
        return False

    def for_company(self, p: P, company: str) -> bool:
        """Whether the bonus can matter to ``company``'s runs: one whose parameters name a
        company (1888's and 1870's destinations, 1870's connection run) to that one's only."""
        owner = getattr(p, "company", None)
        return not isinstance(owner, str) or owner.upper() == company.upper()

    def token_hexes(self, p: P) -> tuple[str, ...]:
        """Hexes off the route whose token of the company changes what the bonus pays (a
        memo of path revenues keeps a table per answer: route/revenue_memo.py)."""
        return ()

    def placeable(self, p: P) -> tuple[str, ...]:
        """The hexes the player may place it on (placed kinds)."""
        return ()

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        """Add what the bonus pays to the compiled train ``t`` (money times ``scale``)."""


def _hexes_in(v: Any) -> list[str]:
    if isinstance(v, tuple) and v and isinstance(v[0], tuple):  # a table: keys are hexes
        return [k for k, _ in v]
    return list(v)


BONUS_KINDS: Registry[BonusKind[Any]] = Registry("bonus kind")


@dataclass(frozen=True, slots=True)
class VisitParams(KindParams):
    at: tuple[str, ...]
    amount: int | None = None
    amounts: tuple[tuple[str, int], ...] | None = None  # per hex, over amount


@BONUS_KINDS.register("visit")
class VisitBonus(BonusKind[VisitParams]):
    """Money at every counted stop on a hex of ``at`` (1867 NFB, MB ...)."""

    Params = VisitParams
    keys = {"at": strings, "amount": whole(0), "amounts": table_of(whole(0))}
    hex_keys = ("at", "amounts")

    def check(self, p: VisitParams, where: str) -> None:
        if p.amount is None and p.amounts is None:
            raise RuleDataError(f"{where}: needs amount or amounts")
        for h, _ in p.amounts or ():
            if h not in p.at:
                raise RuleDataError(f"{where}: amounts names {h!r}, which is not in at")

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p: VisitParams = bonus.params
        amounts = dict(p.amounts or ())
        for h in p.at:
            t.add_stop_bonus(h, bonus.id, amounts.get(h, p.amount or 0) * scale)


@dataclass(frozen=True, slots=True)
class PlacedParams(KindParams):
    hexes: tuple[str, ...]
    amount: int
    amounts: tuple[tuple[str, int], ...] | None = None  # per hex, over amount
    per_icon: str | None = None  # times the icons of this name on the hex


@BONUS_KINDS.register("placed")
class PlacedBonus(BonusKind[PlacedParams]):
    """An option the player places on one hex; paid once per route counting it (one stop per
    hex, or one per group, keeps that exact). Negative amounts are penalties."""

    Params = PlacedParams
    keys = {
        "hexes": strings,
        "amount": integer,
        "amounts": table_of(integer),
        "per_icon": text,
    }
    hex_keys = ("hexes", "amounts")
    placed = True

    def placeable(self, p: PlacedParams) -> tuple[str, ...]:
        return tuple(p.hexes)

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p: PlacedParams = bonus.params
        h = bonus.placed_at
        if h is None:
            return
        amount = dict(p.amounts or ()).get(h, p.amount)
        if p.per_icon is not None:
            amount *= t.icon_count(h, p.per_icon)
        t.add_stop_bonus(h, bonus.id, amount * scale)


@dataclass(frozen=True, slots=True)
class ConnectionParams(KindParams):
    at: tuple[str, ...]
    with_any: tuple[str, ...]
    amount: int
    once_per_run: bool | None = None  # None: every route


@BONUS_KINDS.register("connection")
class ConnectionBonus(BonusKind[ConnectionParams]):
    """Once per route counting a stop in ``at`` and one in ``with_any``; ``once_per_run``:
    to one route of the run only."""

    Params = ConnectionParams
    keys = {"at": strings, "with_any": strings, "amount": whole(0), "once_per_run": flag}
    hex_keys = ("at", "with_any")

    def once_per_run(self, p: ConnectionParams) -> bool:
        return bool(p.once_per_run)

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p: ConnectionParams = bonus.params
        a = {c: p.amount * scale for c in t.centres_on(p.at)}
        b = {c: 0 for c in t.centres_on(p.with_any)}
        if a and b:
            t.add_effect(PairEffect(bonus.id, ((a, b),)))


def _sides(v: Any, where: str) -> tuple[tuple[str, tuple[tuple[str, int], ...]], ...]:
    return table_of(table_of(whole(0)))(v, where)


def _pairs(v: Any, where: str) -> tuple[tuple[str, str], ...]:
    if not isinstance(v, list) or not v:
        raise RuleDataError(f"{where} should be a list of pairs of sides, got {shown(v)}")
    out = []
    for x in v:
        pair = strings(x, where)
        if len(pair) != 2:
            raise RuleDataError(f"{where} should be a list of pairs of sides, got {shown(x)}")
        out.append((pair[0], pair[1]))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class EndsPairParams(KindParams):
    sides: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]  # side -> hex -> value
    pairs: tuple[tuple[str, str], ...]


@BONUS_KINDS.register("ends_pair")
class EndsPairBonus(BonusKind[EndsPairParams]):
    """Once per route counting a stop of each side of a pair: the two stops' icon values
    added (1846 East-West; 18 Los Angeles east-west or north-south)."""

    Params = EndsPairParams
    keys = {"sides": _sides, "pairs": _pairs}

    def parse(self, table: Mapping[str, Any], where: str, hexes: Collection[str]) -> EndsPairParams:
        params = super().parse(table, where, hexes)
        for side, values in params.sides:
            for h, _ in values:
                if h not in hexes:
                    raise RuleDataError(f"{where}: side {side} names {h!r}, not a hex of the map")
        names = {s for s, _ in params.sides}
        for pair in params.pairs:
            if not set(pair) <= names:
                raise RuleDataError(f"{where}: a pair names two of the sides {sorted(names)}")
        return params

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p: EndsPairParams = bonus.params
        sides = {s: dict(v) for s, v in p.sides}
        options = []
        for x, y in p.pairs:
            a = {c: sides[x][t.centre_hex(c)] * scale for c in t.centres_on(sides[x])}
            b = {c: sides[y][t.centre_hex(c)] * scale for c in t.centres_on(sides[y])}
            if a and b:
                options.append((a, b))
        if options:
            t.add_effect(PairEffect(bonus.id, tuple(options)))


@dataclass(frozen=True, slots=True)
class PerStopParams(KindParams):
    amount: int
    once_per_run: bool | None = None  # None: one route of the run


@BONUS_KINDS.register("per_stop")
class PerStopBonus(BonusKind[PerStopParams]):
    """Money per stop visited on one route of the run (1846 Mail Contract)."""

    Params = PerStopParams
    keys = {"amount": whole(0), "once_per_run": flag}

    def once_per_run(self, p: PerStopParams) -> bool:
        return p.once_per_run is not False

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        t.add_effect(PerVisitEffect(bonus.id, bonus.params.amount * scale))


@dataclass(frozen=True, slots=True)
class PortParams(KindParams):
    at: tuple[str, ...]
    min_stops: int
    pays: str | None = None  # "self" (None) or "token_cities"


@BONUS_KINDS.register("port")
class PortBonus(BonusKind[PortParams]):
    """A route counting a port needs ``min_stops`` counted stops; ``pays = "token_cities"``:
    the port pays its value once per counted city with the company's token (1836Jr30)."""

    Params = PortParams
    keys = {"at": strings, "min_stops": whole(1), "pays": one_of("self", "token_cities")}
    hex_keys = ("at",)

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p: PortParams = bonus.params
        ports = frozenset(t.centres_on(p.at))
        if ports:
            t.add_effect(PortEffect(bonus.id, ports, p.min_stops, p.pays == "token_cities"))


@BONUS_KINDS.register("drop_lowest")
class DropLowest(BonusKind[KindParams]):
    """The lowest route is not paid when every train runs; one train alone earns nothing
    (18TN Civil War). Solved as the best run of all trains but one."""

    Params = KindParams
    adjusts_run = True
    left_out_because = "the lowest route is not paid when every train runs"
