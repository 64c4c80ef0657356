"""The door of the bonus kinds: the base ``BonusKind``, its registry, and what a kind sees of a
game's bonus. Every kind lives in ``kinds/`` (one module per kind), registered by
``@BONUS_KINDS.register(name)`` (the name is what a game file's bonus ``kind`` says).

A kind parses its keys into its typed ``Params`` (checking the hexes against the map) and, for
one train on one track graph, adds what it pays to the compiled train (a ``TrainTable``): a
value at a stop, or a route effect (effects.py: a pair of stops paying together, a port rule,
money per visited stop). ``once_per_run`` bonuses pay one route of a run and ``adjusts_run``
ones change which routes are paid; the search solves both exactly by trying each assignment
(route/runs.py), so every bound stays a bound.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, Generic, Protocol

from .facts import TrainTable
from .params import P, read_params
from .registry import Checker, Registry, RuleDataError


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
