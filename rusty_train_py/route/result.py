"""Route-search results: each train's route, stops, revenue and bonuses; net revenue; dividends."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..base.money import DOLLARS, money


@dataclass(frozen=True, slots=True)
class Stop:
    """A revenue centre on a route; ``skipped`` when the train passes without counting it."""

    hex: str
    node: int
    kind: str  # "city" | "town" | "offboard"
    printed: int  # what the map prints for the stop in this phase
    skipped: bool = False
    name: str | None = None
    # what the train earned there: its column, doubling, multiplier and the bonuses paid at
    # the stop (0 when skipped); a route's stops and its route bonuses add up to its revenue
    earned: int = 0

    @property
    def label(self) -> str:
        return self.name or self.hex


@dataclass(frozen=True, slots=True)
class TrainRoute:
    """One train's route: its stops in order, the track it uses, and what it earns."""

    train: str
    revenue: int
    stops: tuple[Stop, ...]
    hexes: tuple[str, ...]  # hexes in travel order (a hex may appear once per visit)
    track: tuple[tuple[str, int], ...]  # (hex, index of the tile's path) for every piece used
    bonuses: tuple[tuple[str, int], ...] = ()  # (bonus id, amount earned)
    # per bonus: the position in ``stops`` it was paid at (in that stop's ``earned``), or
    # None for a bonus paid to the route as a whole
    bonus_stops: tuple[int | None, ...] = ()
    multiplier: int = 1
    locked: bool = False  # fixed by the player, not chosen by the search
    dropped: bool = False  # runs but is not paid (a whole-run rule left it out: drop_lowest)

    @property
    def visited(self) -> tuple[Stop, ...]:
        return tuple(s for s in self.stops if not s.skipped)

    @property
    def skipped(self) -> tuple[Stop, ...]:
        return tuple(s for s in self.stops if s.skipped)

    @property
    def route_bonuses(self) -> tuple[tuple[str, int], ...]:
        """The bonuses paid to the route as a whole (not at one stop)."""
        return tuple(b for b, at in zip(self.bonuses, self._bonus_at(), strict=True) if at is None)

    def stop_bonuses(self, position: int) -> tuple[tuple[str, int], ...]:
        """The bonuses in the ``earned`` of the stop at ``position``."""
        return tuple(
            b for b, at in zip(self.bonuses, self._bonus_at(), strict=True) if at == position
        )

    def _bonus_at(self) -> tuple[int | None, ...]:
        return self.bonus_stops or (None,) * len(self.bonuses)

    def stop_text(self, position: int) -> str:
        """One stop as the route lists it: ``Toronto 120 (+20 tb)``, ``(Guelph skipped)``."""
        s = self.stops[position]
        if s.skipped:
            return f"({s.label} skipped)"
        extra = "".join(f" +{a} {b}" for b, a in self.stop_bonuses(position))
        return f"{s.label} {s.earned}" + (f" (incl.{extra})" if extra else "")

    def describe(self, currency: str = DOLLARS) -> str:
        """The route in one line; the stop values and the bonuses after them add up to the
        revenue (the multiplier is already in the stop values); amounts in ``currency``."""
        parts = [self.stop_text(i) for i in range(len(self.stops))]
        bonus = "".join(f" +{a} {b}" for b, a in self.route_bonuses)
        mult = f" (x{self.multiplier})" if self.multiplier != 1 else ""
        flags = " (locked)" if self.locked else ""
        if self.dropped:
            flags += " (not paid: the lowest route)"
        revenue = money(self.revenue, currency)
        return f"{self.train}: {revenue}{mult}: " + ", ".join(parts) + bonus + flags

    @property
    def lock_text(self) -> str:
        """The route as a lock for the command line: ``5:F16,E17,D16``."""
        return f"{self.train}:{','.join(s.hex for s in self.stops)}"


@dataclass(frozen=True, slots=True)
class Dividends:
    """What a payout gives per share, for a full and a half payout."""

    revenue: int
    shares: int
    full_per_share: int
    half_per_share: int
    half_retained: int  # what the company keeps on a half payout


def dividends(revenue: int, shares: int) -> Dividends:
    """Full payout: revenue split across ``shares`` (rounded down); half payout: the company
    keeps half (rounded up to a whole amount per share) and pays out the rest."""
    shares = max(1, shares)
    full = revenue // shares
    paid_half = (revenue // 2) // shares * shares
    return Dividends(revenue, shares, full, paid_half // shares, revenue - paid_half)


@dataclass(frozen=True)
class RouteResult:
    company: str
    trains: tuple[str, ...]
    routes: tuple[TrainRoute, ...]
    net_revenue: int
    optimal: bool = True  # False when stopped by a time limit or cancel before the proof
    cancelled: bool = False
    paths_found: int = 0
    elapsed: float = 0.0
    stats: dict[str, Any] = field(default_factory=dict, compare=False)
    readings: tuple[str, ...] = ()  # the rule readings the search used, in words
    notes: tuple[str, ...] = ()  # how the locks were resolved, where there was a choice

    def dividends(self, shares: int) -> Dividends:
        return dividends(self.net_revenue, shares)

    def to_json(self) -> dict[str, Any]:
        return {
            "company": self.company,
            "trains": list(self.trains),
            "net_revenue": self.net_revenue,
            "optimal": self.optimal,
            "paths_found": self.paths_found,
            "readings": list(self.readings),
            "notes": list(self.notes),
            "routes": [
                {
                    "train": r.train,
                    "revenue": r.revenue,
                    "stops": [
                        {
                            "hex": s.hex,
                            "name": s.name,
                            "kind": s.kind,
                            "revenue": s.earned,
                            "printed": s.printed,
                            "skipped": s.skipped,
                        }
                        for s in r.stops
                    ],
                    "hexes": list(r.hexes),
                    "bonuses": [
                        {"bonus": b, "amount": a, "at": None if at is None else r.stops[at].hex}
                        for (b, a), at in zip(r.bonuses, r._bonus_at(), strict=True)
                    ],
                    "track": [[h, i] for h, i in r.track],
                    "locked": r.locked,
                    "dropped": r.dropped,
                }
                for r in self.routes
            ],
        }
