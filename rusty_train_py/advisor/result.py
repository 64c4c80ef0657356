"""What the advisor answers: each lay, token and (lay, token) pair with the finder's optimum
after it and the gain over not making it, best first; how much was searched; and as JSON."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..base.money import DOLLARS, money
from .lays import Lay
from .tokens import TOKEN_COST_NOTE, TokenPlace


def _signed(gain: int) -> str:
    return f"+{gain}" if gain >= 0 else str(gain)


@dataclass(frozen=True, slots=True)
class ScoredLay:
    """A lay and the optimum after it. ``how``: "searched" (the finder ran on the map after
    the lay), "unchanged" (the trains can use nothing new: the map's own optimum, no search)
    or "shared" (the same usable graph as another lay: its search). ``next_net_revenue``:
    with the tie break, the best optimum after one more lay next round (None: not asked)."""

    lay: Lay
    net_revenue: int
    gain: int
    how: str
    optimal: bool = True
    order: int = 0  # position among the legal lays (map, catalogue, rotation): the tie break
    next_net_revenue: int | None = None

    def describe(self, currency: str = DOLLARS) -> str:
        revenue = money(self.net_revenue, currency)
        return f"{self.lay.describe(currency)}: {revenue} ({_signed(self.gain)})"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "hex": self.lay.hex,
            "tile": self.lay.tile,
            "rotation": self.lay.rotation,
            "cost": self.lay.cost,
            "net_revenue": self.net_revenue,
            "gain": self.gain,
            "terrain_cost": self.lay.terrain_cost,
            "border_cost": self.lay.border_cost,
            "scored_by": self.how,
            "optimal": self.optimal,
        }
        if self.next_net_revenue is not None:
            out["next_net_revenue"] = self.next_net_revenue
        return out


@dataclass(frozen=True, slots=True)
class ScoredToken:
    """A token placement and the optimum after it; ``cost`` None: the game sets none."""

    token: TokenPlace
    net_revenue: int
    gain: int
    optimal: bool = True
    order: int = 0
    cost: int | None = None

    def describe(self, currency: str = DOLLARS) -> str:
        revenue = money(self.net_revenue, currency)
        return f"{self.token.describe()}: {revenue} ({_signed(self.gain)})"

    def to_json(self) -> dict[str, Any]:
        return {
            "hex": self.token.hex,
            "space": self.token.space,
            "cost": self.cost,
            "net_revenue": self.net_revenue,
            "gain": self.gain,
            "optimal": self.optimal,
        }


@dataclass(frozen=True, slots=True)
class ScoredPair:
    """A lay, then a token placed on the map after it, and the optimum after both."""

    lay: Lay
    token: TokenPlace
    net_revenue: int
    gain: int
    optimal: bool = True

    def describe(self, currency: str = DOLLARS) -> str:
        return (
            f"{self.lay.describe(currency)}, then {self.token.describe()}:"
            f" {money(self.net_revenue, currency)} ({_signed(self.gain)})"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "lay": {
                "hex": self.lay.hex,
                "tile": self.lay.tile,
                "rotation": self.lay.rotation,
                "cost": self.lay.cost,
            },
            "token": {"hex": self.token.hex, "space": self.token.space, "cost": None},
            "net_revenue": self.net_revenue,
            "gain": self.gain,
            "optimal": self.optimal,
        }


@dataclass(frozen=True, slots=True)
class AdviceStats:
    """How the answer was found. Lays: ``legal`` = ``pruned`` (nothing new for the trains,
    no search) + ``shared`` (the same usable graph as a searched lay) + ``searched``;
    ``searches``: runs of the route finder in all (the map itself, lays, tokens, pairs)."""

    lays_legal: int = 0
    lays_pruned: int = 0
    lays_shared: int = 0
    lays_searched: int = 0
    tokens_legal: int = 0
    pairs_scored: int = 0
    searches: int = 0

    def to_json(self) -> dict[str, int]:
        return {
            "lays_legal": self.lays_legal,
            "lays_pruned": self.lays_pruned,
            "lays_shared": self.lays_shared,
            "lays_searched": self.lays_searched,
            "tokens_legal": self.tokens_legal,
            "pairs_scored": self.pairs_scored,
            "searches": self.searches,
        }


@dataclass(frozen=True)
class Advice:
    """The advisor's answer for one company and its trains on one map.

    ``lays`` (and ``tokens``) best first: by net revenue, then (with the tie break) the next
    round's, then map order, catalogue order and rotation (tokens: map order, city order).
    ``complete`` False: cancelled, and only what was scored by then is listed."""

    company: str
    trains: tuple[str, ...]
    bonuses: tuple[str, ...]
    phase: str
    base_net_revenue: int
    base_optimal: bool
    lays: tuple[ScoredLay, ...]
    tokens: tuple[ScoredToken, ...] | None = None
    two_step: ScoredPair | None = None
    two_step_asked: bool = False
    complete: bool = True
    stats: AdviceStats = field(default_factory=AdviceStats)

    @property
    def best_lay(self) -> ScoredLay | None:
        return self.lays[0] if self.lays else None

    def to_json(self, top: int | None = None) -> dict[str, Any]:
        lays = self.lays if top is None else self.lays[:top]
        out: dict[str, Any] = {
            "company": self.company,
            "trains": list(self.trains),
            "bonuses": list(self.bonuses),
            "phase": self.phase,
            "base_net_revenue": self.base_net_revenue,
            "base_optimal": self.base_optimal,
            "complete": self.complete,
            "lays": [s.to_json() for s in lays],
        }
        if self.tokens is not None:
            toks = self.tokens if top is None else self.tokens[:top]
            out["tokens"] = [s.to_json() for s in toks]
            out["token_cost"] = None
            out["token_cost_note"] = TOKEN_COST_NOTE
        if self.two_step_asked:
            out["two_step"] = self.two_step.to_json() if self.two_step is not None else None
        out["stats"] = self.stats.to_json()
        return out
