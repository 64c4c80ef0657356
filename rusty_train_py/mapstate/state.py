"""The state of a live map: tile and rotation per hex, station tokens, and the game phase.

Every change is a value (an edit) with ``apply`` and ``revert``; the UI's undo stack stores
them. Edits are built by the ``*_edit`` functions, which validate before anything changes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..base.errors import EditError
from ..gamedata.game import Game
from ..grid.hexgrid import HexAddressError
from ..grid.tile import SPECIAL_TILE_COLOURS, NodeKind, Tile, own_colour_lay_allowed


class MapEditError(EditError):
    """An edit that the map does not allow; the message names the hex."""


@dataclass(frozen=True, slots=True)
class HexState:
    """What is on one hex: a laid tile (None: the printed hex), its rotation, its tokens.

    ``tokens`` holds ``(token_space_index, company)`` pairs sorted by space; ``extra`` the
    tokens in a city's extra slot, beside its spaces (1870's destination tokens), as
    ``(city, company)`` pairs sorted (``city`` counts the tile's cities in its order): such a
    token is its company's in that city and takes no space, so it never fills the city.
    """

    tile: str | None = None
    rotation: int = 0
    tokens: tuple[tuple[int, str], ...] = ()
    extra: tuple[tuple[int, str], ...] = ()

    @property
    def is_default(self) -> bool:
        return self.tile is None and self.rotation == 0 and not self.tokens and not self.extra


EMPTY = HexState()


@dataclass(frozen=True, slots=True)
class HexEdit:
    """Replace the whole state of one hex (tile, rotation, tokens) with another."""

    hex: str
    before: HexState
    after: HexState
    text: str = "edit hex"

    def apply(self, state: MapState) -> None:
        state._set_hex(self.hex, self.after)

    def revert(self, state: MapState) -> None:
        state._set_hex(self.hex, self.before)


@dataclass(frozen=True, slots=True)
class PhaseEdit:
    before: str
    after: str
    text: str = "change phase"

    def apply(self, state: MapState) -> None:
        state.phase = self.after

    def revert(self, state: MapState) -> None:
        state.phase = self.before


@dataclass(frozen=True, slots=True)
class EditGroup:
    """Several hex edits made as one step (a plan's lays of one round), in order; each was
    built on the map the ones before it leave."""

    edits: tuple[HexEdit, ...]
    text: str = "edit hexes"

    def apply(self, state: MapState) -> None:
        for e in self.edits:
            e.apply(state)

    def revert(self, state: MapState) -> None:
        for e in reversed(self.edits):
            e.revert(state)


Edit = HexEdit | PhaseEdit | EditGroup


class MapState:
    """A mutable map: the game (static) plus what has been laid and placed (dynamic)."""

    def __init__(self, game: Game, phase: str | None = None):
        self.game = game
        self.phase = phase if phase is not None else game.default_phase
        game.phase(self.phase)  # validates
        self._hexes: dict[str, HexState] = {}
        # company -> station tokens the game gave it beyond its charter (a minor's token
        # taken over, a private's free token, a merger's): the engine's Token.new
        self._token_grants: dict[str, int] = {}

    # ---- queries --------------------------------------------------------------------------

    def hex_state(self, name: str) -> HexState:
        return self._hexes.get(name, EMPTY)

    def tile_at(self, name: str) -> tuple[Tile, int]:
        """The tile showing on hex ``name`` and its rotation (the printed hex if none laid)."""
        hs = self._hexes.get(name)
        if hs is not None and hs.tile is not None:
            return self.game.tile(hs.tile), hs.rotation
        return self.game.hexes[name].tile, 0

    def laid_tile(self, name: str) -> str | None:
        hs = self._hexes.get(name)
        return hs.tile if hs else None

    def tokens_at(self, name: str) -> dict[int, str]:
        return dict(self.hex_state(name).tokens)

    def laid_tiles(self) -> dict[str, tuple[str, int]]:
        """Hex -> (tile name, rotation) for every laid tile, in map order."""
        out = {}
        for h in self.game.hex_order:
            hs = self._hexes.get(h)
            if hs is not None and hs.tile is not None:
                out[h] = (hs.tile, hs.rotation)
        return out

    def extra_tokens_at(self, name: str) -> tuple[tuple[int, str], ...]:
        """(city, company) of each token in an extra slot of hex ``name``."""
        return self.hex_state(name).extra

    def all_extra_tokens(self) -> list[tuple[str, int, str]]:
        """(hex, city, company) for every token in an extra slot, in map order."""
        return [
            (h, city, company)
            for h in self.game.hex_order
            for city, company in self.hex_state(h).extra
        ]

    def all_tokens(self) -> list[tuple[str, int, str]]:
        """(hex, token space, company) for every token, in map order."""
        out = []
        for h in self.game.hex_order:
            for space, company in self.hex_state(h).tokens:
                out.append((h, space, company))
        return out

    def tiles_in_use(self) -> Counter[str]:
        return Counter(hs.tile for hs in self._hexes.values() if hs.tile is not None)

    def tiles_available(self, tile_name: str) -> int | None:
        """Copies of a tile left (manifest minus tiles on the map); None for unlimited."""
        if tile_name not in self.game.manifest:
            return 0
        total = self.game.manifest[tile_name]
        if total is None:
            return None
        return total - self.tiles_in_use()[tile_name]

    def tokens_placed(self, company: str) -> int:
        return sum(1 for _, _, c in self.all_tokens() if c == company)

    def tokens_given(self, company: str) -> int:
        """The station tokens ``company`` has: its charter's and those the game gave it since."""
        abbrev = self.game.company(company).abbrev
        return self.game.company(abbrev).tokens + self._token_grants.get(abbrev, 0)

    def token_grants(self) -> dict[str, int]:
        """Company -> station tokens the game gave it beyond its charter, in game order."""
        return {
            c.abbrev: self._token_grants[c.abbrev]
            for c in self.game.companies
            if self._token_grants.get(c.abbrev)
        }

    def grant_tokens(self, company: str, n: int = 1) -> None:
        """``company`` gets ``n`` more station tokens than its charter gives (the engine's
        ``Token.new``: a minor's token it takes over, a private's free token)."""
        abbrev = self.game.company(company).abbrev
        total = self._token_grants.get(abbrev, 0) + n
        if total:
            self._token_grants[abbrev] = total
        else:
            self._token_grants.pop(abbrev, None)

    def tokens_left(self, company: str) -> int:
        return self.tokens_given(company) - self.tokens_placed(company)

    def companies_on_map(self) -> list[str]:
        placed = {c for _, _, c in self.all_tokens() + self.all_extra_tokens()}
        return [c.abbrev for c in self.game.companies if c.abbrev in placed]

    @property
    def phase_colours(self) -> tuple[str, ...]:
        return self.game.phase(self.phase).tiles

    # ---- applying edits -------------------------------------------------------------------

    def apply(self, edit: Edit) -> None:
        edit.apply(self)

    def revert(self, edit: Edit) -> None:
        edit.revert(self)

    def _set_hex(self, name: str, hs: HexState) -> None:
        if hs.is_default:
            self._hexes.pop(name, None)
        else:
            self._hexes[name] = hs

    def copy(self) -> MapState:
        other = MapState(self.game, self.phase)
        other._hexes = dict(self._hexes)
        other._token_grants = dict(self._token_grants)
        return other

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, MapState)
            and other.game.id == self.game.id
            and other.phase == self.phase
            and other._hexes == self._hexes
            and other._token_grants == self._token_grants
        )

    # ---- building edits -------------------------------------------------------------------

    def _check_hex(self, name: str) -> str:
        try:
            return self.game.hex(name).name
        except HexAddressError as exc:
            raise MapEditError(str(exc)) from None

    def place_tile_edit(
        self, name: str, tile_name: str, rotation: int = 0, check_available: bool = True
    ) -> HexEdit:
        """Lay (or replace with) ``tile_name``; tokens move to the matching cities.

        A hex that takes no tiles (red, blue, grey) takes one of its own colour only where
        the game has such tiles (a private's red or blue tile in 1888, a sea tile on 1822MX's
        ports: ``own_colour_lay_allowed``). ``check_available=False`` reads a record of the
        table (a save, a log): a grey tile on a grey hex is then laid, and
        files.checks.rule_warnings warns of it."""
        name = self._check_hex(name)
        if tile_name not in self.game.catalogue:
            raise MapEditError(f"{name}: unknown tile {tile_name!r}")
        if not isinstance(rotation, int) or not 0 <= rotation <= 5:
            raise MapEditError(f"{name}: bad rotation {rotation!r} (0-5)")
        mh = self.game.hexes[name]
        colour = self.game.tile(tile_name).colour
        if not mh.accepts_tiles and colour != mh.colour:
            raise MapEditError(f"{name}: a {mh.colour} hex cannot take tiles")
        if not mh.accepts_tiles and check_available and not own_colour_lay_allowed(colour):
            raise MapEditError(
                f"{name}: a {mh.colour} hex cannot take tiles (only"
                f" {' and '.join(SPECIAL_TILE_COLOURS)} hexes take a tile of their own colour)"
            )
        before = self.hex_state(name)
        if check_available and before.tile != tile_name:
            left = self.tiles_available(tile_name)
            if left is not None and left <= 0:
                raise MapEditError(f"{name}: no tile {tile_name} left")
        old_tile, old_rot = self.tile_at(name)
        new_tile = self.game.tile(tile_name)
        tokens = carry_tokens(old_tile, old_rot, before.tokens, new_tile, rotation, where=name)
        extra = carry_extra(old_tile, old_rot, before.extra, new_tile, rotation, where=name)
        after = HexState(tile_name, rotation, tokens, extra)
        return HexEdit(name, before, after, f"lay {tile_name} on {name}")

    def rotate_tile_edit(self, name: str, steps: int) -> HexEdit:
        name = self._check_hex(name)
        before = self.hex_state(name)
        if before.tile is None:
            raise MapEditError(f"{name}: no tile laid to rotate")
        rotation = (before.rotation + steps) % 6
        tile = self.game.tile(before.tile)
        tokens = carry_tokens(tile, before.rotation, before.tokens, tile, rotation, where=name)
        after = HexState(before.tile, rotation, tokens, before.extra)
        return HexEdit(name, before, after, f"rotate {before.tile} on {name}")

    def remove_tile_edit(self, name: str) -> HexEdit:
        """Remove the laid tile; tokens stay only if the printed hex has room for them."""
        name = self._check_hex(name)
        before = self.hex_state(name)
        if before.tile is None:
            raise MapEditError(f"{name}: no tile laid to remove")
        old_tile, old_rot = self.tile_at(name)
        printed = self.game.hexes[name].tile
        try:
            tokens = carry_tokens(old_tile, old_rot, before.tokens, printed, 0, where=name)
        except MapEditError:
            tokens = ()
        try:
            extra = carry_extra(old_tile, old_rot, before.extra, printed, 0, where=name)
        except MapEditError:
            extra = ()
        after = HexState(None, 0, tokens, extra)
        return HexEdit(name, before, after, f"remove {before.tile} from {name}")

    def set_tokens_edit(
        self, name: str, tokens: dict[int, str], check_available: bool = True
    ) -> HexEdit:
        """Set every token on a hex at once (validated).

        ``check_available=False`` (loading a saved game) lets a company hold more tokens
        than the game gives it: a real table can, and the loader warns about it.
        """
        name = self._check_hex(name)
        before = self.hex_state(name)
        tile, _ = self.tile_at(name)
        n_spaces = len(tile.token_spaces)
        counts: Counter[str] = Counter()
        for space, company in tokens.items():
            if not isinstance(space, int) or not 0 <= space < n_spaces:
                raise MapEditError(f"{name}: no token space {space} (the tile has {n_spaces})")
            try:
                company = self.game.company(company).abbrev
            except KeyError as exc:
                raise MapEditError(f"{name}: {exc.args[0]}") from None
            counts[company] += 1
        old = Counter(c for _, c in before.tokens)
        for company, n in counts.items():
            extra = n - old[company]
            if check_available and extra > 0 and extra > self.tokens_left(company):
                raise MapEditError(f"{name}: {company} has no station tokens left")
        norm = tuple(sorted((s, self.game.company(c).abbrev) for s, c in tokens.items()))
        after = HexState(before.tile, before.rotation, norm, before.extra)
        return HexEdit(name, before, after, f"tokens on {name}")

    def place_token_edit(
        self, name: str, space: int, company: str, check_available: bool = True
    ) -> HexEdit:
        name = self._check_hex(name)
        current = self.tokens_at(name)
        if space in current:
            raise MapEditError(f"{name}: token space {space} is taken by {current[space]}")
        current[space] = company
        return self.set_tokens_edit(name, current, check_available)

    def remove_token_edit(self, name: str, space: int) -> HexEdit:
        name = self._check_hex(name)
        current = self.tokens_at(name)
        if space not in current:
            raise MapEditError(f"{name}: no token in space {space}")
        del current[space]
        return self.set_tokens_edit(name, current)

    def set_extra_tokens_edit(self, name: str, extra: Iterable[tuple[int, str]]) -> HexEdit:
        """Set the tokens in the extra slots of a hex's cities (``(city, company)`` pairs),
        validated: a city of the tile showing, a known company, one token of a company per
        city. They take no token space and are not counted against the company's tokens."""
        name = self._check_hex(name)
        before = self.hex_state(name)
        tile, _ = self.tile_at(name)
        norm = []
        for city, company in extra:
            if not isinstance(city, int) or not 0 <= city < len(tile.cities):
                raise MapEditError(
                    f"{name}: no city {city} for an extra-slot token"
                    f" (tile {tile.name} has {len(tile.cities)})"
                )
            try:
                norm.append((city, self.game.company(company).abbrev))
            except KeyError as exc:
                raise MapEditError(f"{name}: {exc.args[0]}") from None
        if len(set(norm)) != len(norm):
            raise MapEditError(f"{name}: two extra-slot tokens of one company in one city")
        after = HexState(before.tile, before.rotation, before.tokens, tuple(sorted(norm)))
        return HexEdit(name, before, after, f"extra-slot tokens on {name}")

    def place_extra_token_edit(self, name: str, city: int, company: str) -> HexEdit:
        """Place ``company``'s token in the extra slot of city ``city`` of hex ``name``."""
        return self.set_extra_tokens_edit(name, (*self.extra_tokens_at(name), (city, company)))

    def remove_extra_token_edit(self, name: str, city: int, company: str) -> HexEdit:
        current = list(self.extra_tokens_at(name))
        if (city, company) not in current:
            raise MapEditError(f"{name}: no extra-slot token of {company} in city {city}")
        current.remove((city, company))
        return self.set_extra_tokens_edit(name, current)

    def phase_edit(self, phase: str) -> PhaseEdit:
        try:
            self.game.phase(phase)
        except KeyError as exc:
            raise MapEditError(exc.args[0]) from None
        return PhaseEdit(self.phase, phase, f"phase {phase}")

    def next_phase_edit(self) -> PhaseEdit:
        names = [p.name for p in self.game.phases]
        i = names.index(self.phase)
        return self.phase_edit(names[(i + 1) % len(names)])


def city_edges(tile: Tile, rotation: int) -> list[frozenset[int]]:
    """For each city of the tile (declaration order), the edges its track reaches."""
    conn = tile.connectivity(rotation)
    return [conn.node_edges[n.index] for n in tile.nodes if n.kind is NodeKind.CITY]


def _matching_city(
    old_edges: frozenset[int], new_cities: list[int], new_edges: dict[int, frozenset[int]]
) -> list[int]:
    """The new tile's cities, best match for a city reaching ``old_edges`` first: one
    reaching every edge it reached, then the most shared edges, then tile order."""
    return sorted(
        new_cities,
        key=lambda nc: (not old_edges <= new_edges[nc], -len(old_edges & new_edges[nc]), nc),
    )


def carry_extra(
    old: Tile,
    old_rot: int,
    extra: tuple[tuple[int, str], ...],
    new: Tile,
    new_rot: int,
    where: str = "",
) -> tuple[tuple[int, str], ...]:
    """Move the tokens in extra slots (``(city, company)``) to the matching cities of ``new``
    (as ``carry_tokens`` matches them; an extra slot never runs out of room). Raises
    MapEditError when the new tile has no city."""
    if not extra:
        return ()
    new_cities = [n.index for n in new.cities]
    if not new_cities:
        raise MapEditError(f"{where}: tile {new.name} has no city for the extra-slot tokens")
    old_edges = city_edges(old, old_rot)
    new_edges = dict(zip(new_cities, city_edges(new, new_rot), strict=True))
    out = set()
    for city, company in extra:
        if not 0 <= city < len(old_edges):
            raise MapEditError(f"{where}: tile {old.name} has no city {city}")
        target = _matching_city(old_edges[city], new_cities, new_edges)[0]
        out.add((new_cities.index(target), company))
    return tuple(sorted(out))


def carry_tokens(
    old: Tile,
    old_rot: int,
    tokens: tuple[tuple[int, str], ...],
    new: Tile,
    new_rot: int,
    where: str = "",
) -> tuple[tuple[int, str], ...]:
    """Move tokens from ``old`` to the matching cities of ``new``.

    A city of the new tile matches an old city when it reaches every edge the old city
    reached (the best overlap wins); tokens keep their slot order. Raises MapEditError when
    the tokens do not fit.
    """
    if not tokens:
        return ()
    old_spaces = old.token_spaces
    by_city: dict[int, list[str]] = {}
    for space, company in sorted(tokens):
        if space >= len(old_spaces):
            raise MapEditError(f"{where}: token in space {space} which the tile does not have")
        by_city.setdefault(old_spaces[space].city, []).append(company)
    old_cities = [n.index for n in old.cities]
    new_cities = [n.index for n in new.cities]
    if not new_cities:
        raise MapEditError(f"{where}: tile {new.name} has no city for the tokens")
    old_edges = dict(zip(old_cities, city_edges(old, old_rot), strict=True))
    new_edges = dict(zip(new_cities, city_edges(new, new_rot), strict=True))
    free = {n.index: n.slots for n in new.cities}
    placed: dict[int, list[str]] = {c: [] for c in new_cities}
    for oc in sorted(by_city):
        companies = by_city[oc]
        if len(old_cities) == 1 and len(new_cities) == 1:
            target = new_cities[0]
        else:
            candidates = _matching_city(old_edges[oc], new_cities, new_edges)
            fits = [nc for nc in candidates if free[nc] >= len(companies)]
            if not fits:
                raise MapEditError(f"{where}: no city of tile {new.name} has room for the tokens")
            target = fits[0]
        if free[target] < len(companies):
            raise MapEditError(
                f"{where}: tile {new.name} has {free[target]} token spaces, {len(companies)} tokens"
            )
        free[target] -= len(companies)
        placed[target].extend(companies)
    out = []
    for sp in new.token_spaces:
        lst = placed.get(sp.city, [])
        if sp.slot < len(lst):
            out.append((sp.index, lst[sp.slot]))
    return tuple(out)
