"""What a rule kind sees of the finder, as protocols: a revenue centre, a corridor of track,
and a train compiled on one track graph (``TrainTable``, route/earner.py's ``Earner``).

The kinds (train_kinds.py, bonus_kinds.py, kinds/) and the per-game rules (games/) are
written against these; the finder implements them and never names a kind.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from .effects import RouteEffect


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


class CorridorFacts(Protocol):
    """Track between two centres (route/graph.py ``Corridor``)."""

    @property
    def gauge_crossings(self) -> tuple[tuple[str, int], ...]: ...


class TrainTable(Protocol):
    """One train compiled on one track graph, per centre id: what the kinds read and fill in.

    ``params`` are the train kind's typed parameters, ``readings`` the game's rule readings,
    ``state`` what the train kind's ``prepare`` returned (its own per-train state)."""

    params: Any
    readings: Mapping[str, Any]
    state: Any
    worth: list[int]  # what a counted stop earns the train (multipliers and stop bonuses in)
    visit: list[int]  # the distance a visit uses
    is_major: list[bool]  # city or off-board
    is_city: list[bool]
    is_offboard: list[bool]
    token: list[bool]  # holds the company's token
    visit_all_one: bool  # every visit costs 1
    company: str | None  # the company running (its abbreviation; None: no company)

    def token_positions(self, stops: Sequence[int]) -> frozenset[int]: ...
    def centres_on(self, hexes: Iterable[str]) -> list[int]: ...
    def centre_hex(self, c: int) -> str: ...
    def icon_count(self, hex_name: str, icon: str) -> int: ...
    def add_stop_bonus(self, hex_name: str, bonus_id: str, amount: int) -> None: ...
    def add_effect(self, effect: RouteEffect) -> None: ...
