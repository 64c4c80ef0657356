"""A game's ``[eighteen_xx]`` table (games/README.md) as a frozen, typed value: how
18xx.games names the game's titles, tiles, trains and companies, and what its engine does
without an action. The loader (gamedata/loader/eighteen_xx.py) checks every key on load,
naming the file and line at fault; the log replay and a title's specials read it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType
from typing import Any, Literal

HomeTiming = Literal["par", "float", "operate", "operating_round"]
HOME_TIMINGS: tuple[HomeTiming, ...] = ("par", "float", "operate", "operating_round")

_NONE: Mapping[str, Any] = MappingProxyType({})


def _empty() -> Mapping[str, Any]:
    return _NONE


@dataclass(frozen=True, slots=True)
class PrivateToken:
    """A private company's token placed as another company's (``private_tokens``)."""

    company: str
    bonus: str | None = None  # the bonus every company earns on the token's hex


@dataclass(frozen=True, slots=True)
class EighteenXX:
    """The ``[eighteen_xx]`` table; every key optional (a default that does nothing)."""

    titles: tuple[str, ...] = ()  # 18xx.games titles of this game (none: its id)
    home_token_timing: HomeTiming = "operate"
    token_choice_on_lay: bool = True
    printed_ids_kept: bool = False  # a laid tile keeps the printed hex's city ids
    tiles: Mapping[str, str] = field(default_factory=_empty)  # engine name -> ours
    trains: Mapping[str, str] = field(default_factory=_empty)
    companies: Mapping[str, str] = field(default_factory=_empty)
    setup_tokens: tuple[tuple[str, int, str], ...] = ()  # (hex, city, company)
    national: str | None = None
    national_reservations: tuple[str, ...] = ()
    national_operates: tuple[str, ...] = ()
    national_home: tuple[str, int] | None = None  # (hex, city)
    national_token_tile: str | None = None
    national_takes_assets: bool = False
    minors_nationalized_on: str | None = None
    minors_close_on: str | None = None
    merger_on: str | None = None
    trainless_nationalization_on: tuple[str, ...] = ()
    private_bonuses: Mapping[str, tuple[str, ...]] = field(default_factory=_empty)
    privates_close_on: str | None = None
    export_phases: tuple[str, ...] = ()
    export_after_set: tuple[str, ...] = ()
    earthquake_on: str | None = None
    earthquake_hex: str | None = None
    private_trains: Mapping[str, str] = field(default_factory=_empty)  # private -> train id
    private_trains_until: str | None = None
    setup_trains: Mapping[str, str] = field(default_factory=_empty)  # company -> train id
    rights: Mapping[str, str] = field(default_factory=_empty)  # right or private -> bonus
    closes_unless_bid: Mapping[str, str] = field(default_factory=_empty)  # company -> private
    private_tokens: Mapping[str, PrivateToken] = field(default_factory=_empty)
    private_new_tokens: tuple[str, ...] = ()  # privates whose token is one more of the company's
    rebellion_trains: tuple[str, ...] = ()
    rebellion_hexes: tuple[str, ...] = ()
    float_percent: int = 60
    neutral_token_company: str | None = None
    neutral_tokens_removed_on: str | None = None
    other_editions: Mapping[str, str] = field(default_factory=_empty)  # title -> what it is
    coal_railways: Mapping[str, str] = field(default_factory=_empty)  # coal -> regional
    coal_exchange_on: str | None = None
    coal_blocker: str | None = None
    staatsbahn_minors: Mapping[str, tuple[str, ...]] = field(default_factory=_empty)
    staatsbahn_on: Mapping[str, str] = field(default_factory=_empty)  # national -> train
    staatsbahn_one_token: str | None = None
    rust_after_or_sets: Mapping[str, str] = field(default_factory=_empty)  # sets -> train
    phase_at_or: Mapping[str, str] = field(default_factory=_empty)  # round -> phase
    phase_on: Mapping[str, tuple[str, ...]] = field(default_factory=_empty)
    readings: tuple[str, ...] = ()  # what the real-game check shows the import does not follow
    destination_tokens: Mapping[str, str] = field(default_factory=_empty)  # company -> hex
    refused_options: Mapping[str, str] = field(default_factory=_empty)  # option -> what it is
    not_tiles: tuple[str, ...] = ()  # tile names of lay_tile actions that lay no tile (icons)


KEYS: tuple[str, ...] = tuple(f.name for f in fields(EighteenXX))
