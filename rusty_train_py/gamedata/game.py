"""Games: the printed map, companies, trains, phases, tile manifest and route bonuses.

A game is a data file ``games/<id>.toml`` (schema in games/README.md), read and validated
by gamefile.py (the one loader); this module is the data only.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from ..base.errors import DataError, UnknownNameError
from ..base.money import DOLLARS, money
from ..grid import hexgrid
from ..grid.catalogue import Catalogue
from ..grid.hexgrid import HexAddressError, Orientation
from ..grid.tile import Border, Tile
from ..grid.tile_lays import LayRules
from ..rules.bonus_kinds import BONUS_KINDS, BonusKind
from ..rules.train_kinds import TRAIN_RULES, TrainKind
from .eighteen_xx import EighteenXX


class GameDataError(DataError):
    """Bad game data; the message names the file and the entry at fault."""


# Company kinds. A "neutral" company only owns tokens placed at set-up (1882's CN tokens, 18GA
# Montgomery/Tallahassee, 1867 Timmins); its tokens never block (unless the game's rule
# ``neutral_tokens_block`` says so) and it is not offered as a company that runs trains.
COMPANY_KINDS: tuple[str, ...] = ("major", "minor", "national", "neutral")


@dataclass(frozen=True, slots=True)
class TrainType:
    """A train type: its name, price and counts, and the rule kind deciding what it earns."""

    name: str
    price: int = 0
    count: int | None = None  # None: unlimited
    rule: str = "stops"  # the registered train rule kind (rules/train_kinds.py)
    params: Any = None  # the kind's typed parameters (its ``Params``, rules/params.py)
    multiplier: int = 1
    track_class: str = "train"  # routes of different classes may share track
    rusts_on: str | None = None
    obsolete_on: str | None = None
    available_on: str | None = None

    @property
    def kind(self) -> TrainKind[Any]:
        return TRAIN_RULES.get(self.rule, f"train {self.name}")

    @property
    def params_dict(self) -> dict[str, Any]:
        """The parameters the game file gives, by key."""
        return {} if self.params is None else dict(self.params.as_dict())

    @property
    def stops(self) -> int | None:
        return self.params_dict.get("stops")

    @property
    def description(self) -> str:
        mult = f", x{self.multiplier}" if self.multiplier != 1 else ""
        return f"{self.name}: {self.kind.describe(self.params)}{mult}"


@dataclass(frozen=True, slots=True)
class Phase:
    name: str
    tiles: tuple[str, ...]
    on: str | None = None
    train_limit: Any = None


@dataclass(frozen=True, slots=True)
class Company:
    abbrev: str
    name: str
    kind: str = "major"
    shares: int = 10
    tokens: int = 1
    colour: str = "#808080"
    text_colour: str = "#ffffff"
    home: str | None = None
    home_city: int | None = None
    aliases: tuple[str, ...] = ()
    neutral_tokens: bool = False  # a company that runs trains from tokens that never block

    @property
    def is_neutral(self) -> bool:
        """Whether the company only holds tokens and runs no trains (kind ``neutral``)."""
        return self.kind == "neutral"

    @property
    def tokens_neutral(self) -> bool:
        """Whether the company's tokens are neutral: they never block other companies' routes
        (kind ``neutral``, or ``neutral_tokens = true``: 1882 CN). The game rule
        ``neutral_tokens_block`` can make them block after all."""
        return self.is_neutral or self.neutral_tokens


@dataclass(frozen=True, slots=True)
class Bonus:
    """A route bonus of a registered kind (rules/bonus_kinds.py) and its parameters."""

    id: str
    name: str
    kind_name: str
    params: Any = None  # the kind's typed parameters (its ``Params``, rules/params.py)
    always: bool = True
    multiplied: bool = False
    train: str | None = None
    removed_on: str | None = None
    placed_at: str | None = None  # the hex a placed bonus is on (chosen by the player)

    @property
    def kind(self) -> BonusKind[Any]:
        return BONUS_KINDS.get(self.kind_name, f"bonus {self.id}")

    @property
    def params_dict(self) -> dict[str, Any]:
        """The parameters the game file gives, by key."""
        return {} if self.params is None else dict(self.params.as_dict())

    @property
    def once_per_run(self) -> bool:
        return self.kind.once_per_run(self.params)

    @property
    def placed(self) -> bool:
        return self.kind.placed

    def place(self, hex_name: str) -> Bonus:
        """This bonus placed on ``hex_name`` (one of the hexes it may go to; a kind placed on
        several hexes takes them joined by ``+``: ``B7+C14``)."""
        allowed = self.params_dict.get("hexes", ())
        names = hex_name.split("+") if self.kind.placed_many else [hex_name]
        for name in names:
            if name not in allowed:
                raise UnknownNameError(
                    f"bonus {self.id} cannot be placed on {name} (only {', '.join(allowed)})"
                )
        return replace(self, placed_at="+".join(dict.fromkeys(names)))


@dataclass(frozen=True, slots=True)
class UpgradeRule:
    """Which tiles may replace a tile, where a game's rule goes beyond labels and colours.

    The rule applies when the hex is one of ``hexes`` (any hex when empty), the tile showing
    there has colour ``from_colour`` (any when None) and its name is in ``from_tiles`` (any
    when empty). Then only the tiles of ``to`` may be laid there (none when empty), and they
    need not carry the hex's label; colour, track and tokens are checked as usual.
    """

    hexes: tuple[str, ...] = ()
    from_colour: str | None = None
    from_tiles: tuple[str, ...] = ()
    to: tuple[str, ...] = ()

    def applies(self, hex_name: str, tile: Tile) -> bool:
        return (
            (not self.hexes or hex_name in self.hexes)
            and (self.from_colour is None or tile.colour == self.from_colour)
            and (not self.from_tiles or tile.name in self.from_tiles)
        )


@dataclass(frozen=True, slots=True)
class MapHex:
    name: str
    coord: tuple[int, int]
    colour: str
    tile: Tile  # the pre-printed content (possibly blank)
    location: str | None = None  # the place's name alone ("Timmins")
    location_note: str | None = None  # what the data wrote after it ("$80 if includes T/M/Q")

    @property
    def written_name(self) -> str | None:
        """The name as the data writes it: the place, then its note in brackets."""
        if self.location and self.location_note:
            return f"{self.location} ({self.location_note})"
        return self.location

    @property
    def accepts_tiles(self) -> bool:
        """Whether players may lay a tile here (white, or a yellow/green/brown printed tile)."""
        return self.colour in ("white", "yellow", "green", "brown")


def split_location(text: str | None) -> tuple[str | None, str | None]:
    """A place name as the data writes it, apart from a bonus written after it in brackets
    (a note with a number: ``Timmins ($80 if includes T/M/Q)``, ``Lincoln, NE (SLC +100)``)."""
    if text is None or not text.endswith(")") or " (" not in text:
        return text, None
    name, _, note = text[:-1].rpartition(" (")
    if not name or not any(ch.isdigit() for ch in note):
        return text, None
    return name, note


@dataclass
class Game:
    id: str
    title: str
    orientation: Orientation
    hexes: dict[str, MapHex]
    catalogue: Catalogue
    manifest: dict[str, int | None]
    companies: tuple[Company, ...]
    trains: tuple[TrainType, ...]
    phases: tuple[Phase, ...]
    bonuses: tuple[Bonus, ...] = ()
    default_phase: str = ""
    parity: int = 0
    source: str = ""
    rusty_train: dict[str, Any] = field(default_factory=dict)
    eighteen_xx: EighteenXX = field(default_factory=EighteenXX)  # [eighteen_xx]: log import
    upgrade_max_exits: tuple[str, ...] = ()  # node kinds whose hexes take only the most exits
    partitions_block: bool = False  # partitions restrict tile lays (partitions.py)
    readings: dict[str, Any] = field(default_factory=dict)  # rule readings ([rules])
    upgrade_rules: tuple[UpgradeRule, ...] = ()  # [[upgrade_rules]]: special tiles by hex
    numbers: str = ""  # what the number of a hex name counts: "rows" or "columns"
    # revenue by phase name (1849's gray centres): hex -> phase name -> revenue
    phase_revenue: dict[str, dict[str, int]] = field(default_factory=dict)
    lay_rules: LayRules = field(default_factory=LayRules)  # [[tile_lays]], [lay_costs]
    currency: str = DOLLARS  # how amounts are written: "$%s", "%s₽" (base/money.py)

    def money(self, amount: int) -> str:
        """``amount`` in the game's currency: ``$1,160``, ``1,160₽``."""
        return money(amount, self.currency)

    def __post_init__(self) -> None:
        if not self.numbers:
            self.numbers = hexgrid.default_numbers(self.orientation)

    @cached_property
    def by_coord(self) -> dict[tuple[int, int], str]:
        return {h.coord: h.name for h in self.hexes.values()}

    @cached_property
    def hex_order(self) -> tuple[str, ...]:
        """Hex names in a stable map order (by coordinate)."""
        return tuple(sorted(self.hexes, key=lambda n: self.hexes[n].coord))

    def coord_of(self, name: str) -> tuple[int, int]:
        """The doubled coordinate of a hex name written exactly (case-sensitive)."""
        return hexgrid.name_to_coord(self.orientation, name, self.numbers)

    def name_of(self, coord: tuple[int, int]) -> str:
        """The printed name of the hex at a doubled coordinate (on the map or not)."""
        return hexgrid.coord_to_name(self.orientation, coord, self.numbers)

    def hex(self, name: str) -> MapHex:
        """The hex of a name as a user types it.

        The exact name wins (``a12`` is a row before ``A`` in 1849); when it names no hex of
        the map, the upper-cased name is tried, so ``e5`` finds ``E5`` (unless the map also
        has a hex ``e5``).
        """
        text = name.strip() if isinstance(name, str) else name
        found = None
        try:
            found = self.by_coord.get(self.coord_of(text))
        except HexAddressError as exc:
            error: HexAddressError | None = exc
        else:
            error = None
        if found is None and isinstance(text, str) and text != text.upper():
            try:
                found = self.by_coord.get(self.coord_of(text.upper()))
            except HexAddressError:
                pass
        if found is None:
            if error is not None:
                raise HexAddressError(f"{self.id}: {error}") from None
            raise HexAddressError(f"{self.id}: there is no hex {name!r} on the map")
        return self.hexes[found]

    def revenue_in_phase(self, hex_name: str, phase: str) -> int | None:
        """The revenue a ``[[phase_revenue]]`` hex pays in ``phase`` (None: not such a hex)."""
        values = self.phase_revenue.get(hex_name)
        return None if values is None else values[phase]

    def has_hex(self, name: str) -> bool:
        try:
            self.hex(name)
        except HexAddressError:
            return False
        return True

    def neighbour(self, name: str, edge: int) -> str | None:
        """The hex across ``edge`` of hex ``name``, or None off the map."""
        coord = hexgrid.neighbour(self.orientation, self.hexes[name].coord, edge)
        return self.by_coord.get(coord)

    def border(self, name: str, edge: int) -> Border | None:
        """The border printed on ``edge`` of ``name`` (or its partner across), if any."""
        for b in self.hexes[name].tile.borders:
            if b.edge == edge:
                return b
        other = self.neighbour(name, edge)
        if other is not None:
            for b in self.hexes[other].tile.borders:
                if b.edge == hexgrid.opposite_edge(edge):
                    return b
        return None

    @property
    def operating_companies(self) -> tuple[Company, ...]:
        """The companies that run trains (every kind but ``neutral``)."""
        return tuple(c for c in self.companies if not c.is_neutral)

    def company(self, abbrev: str) -> Company:
        key = abbrev.strip().upper()
        for c in self.companies:
            if c.abbrev.upper() == key or key in (a.upper() for a in c.aliases):
                return c
        raise UnknownNameError(
            f"{self.id}: unknown company {abbrev!r}"
            f" (companies: {', '.join(c.abbrev for c in self.companies)})"
        )

    def phase(self, name: str) -> Phase:
        for p in self.phases:
            if p.name == name:
                return p
        raise UnknownNameError(f"{self.id}: unknown phase {name!r}")

    def phase_index(self, name: str) -> int:
        return [p.name for p in self.phases].index(name)

    def train(self, name: str) -> TrainType:
        for t in self.trains:
            if t.name.upper() == name.strip().upper():
                return t
        raise UnknownNameError(
            f"{self.id}: unknown train {name!r} (trains: {', '.join(t.name for t in self.trains)})"
        )

    def bonus(self, bonus_id: str) -> Bonus:
        for b in self.bonuses:
            if b.id.lower() == bonus_id.strip().lower():
                return b
        raise UnknownNameError(
            f"{self.id}: unknown bonus {bonus_id!r} (bonuses: {', '.join(b.id for b in self.bonuses)})"
        )

    def tile(self, name: str) -> Tile:
        return self.catalogue[name]

    @property
    def placeable_tiles(self) -> list[Tile]:
        """Tiles of the manifest, in catalogue order."""
        return [t for t in self.catalogue if t.name in self.manifest]


__all__ = [
    "Bonus",
    "Company",
    "Game",
    "GameDataError",
    "MapHex",
    "Phase",
    "TrainType",
    "UpgradeRule",
]
