"""The tile catalogue: tiles by name, loaded from ``tiles/*.tiles`` files.

Each non-blank, non-comment line is ``NAME COLOUR CODE`` (see tiles/README.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from ..base.errors import UnknownNameError
from ..base.paths import tiles_dir
from .tile import SPECIAL_TILE_COLOURS, TILE_COLOURS, Tile, TileDataError, normalise_colour
from .tile_code import parse_tile


def parse_tile_file(path: Path) -> list[Tile]:
    """Read one tile file; errors name the file and line."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise TileDataError(f"{path}: cannot read tile file ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        bad_line = path.read_bytes()[: exc.start].count(b"\n") + 1
        raise TileDataError(f"{path}:{bad_line}: not UTF-8 text (byte {exc.start})") from None
    tiles: list[Tile] = []
    seen: dict[str, int] = {}
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        fields = line.split(None, 2)
        where = f"{path}:{lineno}"
        if len(fields) < 2:
            raise TileDataError(f"{where}: expected NAME COLOUR CODE, got {line!r}")
        name, colour = fields[0], normalise_colour(fields[1])
        code = fields[2] if len(fields) > 2 else ""
        if colour not in TILE_COLOURS + SPECIAL_TILE_COLOURS:
            known = ", ".join(TILE_COLOURS + SPECIAL_TILE_COLOURS)
            raise TileDataError(f"{where}: tile {name}: colour {fields[1]!r} is not one of {known}")
        if name in seen:
            raise TileDataError(f"{where}: tile {name} already defined on line {seen[name]}")
        seen[name] = lineno
        tiles.append(parse_tile(name, colour, code, where=f"{where}: tile {name}"))
    return tiles


class Catalogue:
    """Tiles by name; later sources override earlier ones of the same name."""

    def __init__(self, tiles: Iterable[Tile] = ()):
        self._tiles: dict[str, Tile] = {}
        for t in tiles:
            self._tiles[t.name] = t

    @classmethod
    def load(cls, names: Iterable[str], folder: Path | None = None) -> Catalogue:
        folder = folder or tiles_dir()
        cat = cls()
        for n in names:
            for t in parse_tile_file(folder / f"{n}.tiles"):
                cat._tiles[t.name] = t
        return cat

    def __getitem__(self, name: str) -> Tile:
        try:
            return self._tiles[name]
        except KeyError:
            raise UnknownNameError(f"unknown tile {name!r}") from None

    def get(self, name: str) -> Tile | None:
        return self._tiles.get(name)

    def __contains__(self, name: object) -> bool:
        return name in self._tiles

    def __iter__(self) -> Iterator[Tile]:
        return iter(sorted(self._tiles.values(), key=tile_sort_key))

    def __len__(self) -> int:
        return len(self._tiles)

    def names(self) -> list[str]:
        return [t.name for t in self]


def tile_sort_key(tile: Tile) -> tuple[int, tuple[int, int, str]]:
    """Sort by colour order, then name (numbers numerically)."""
    order = {c: i for i, c in enumerate(TILE_COLOURS)}
    return (order.get(tile.colour, 9), name_sort_key(tile.name))


def name_sort_key(name: str) -> tuple[int, int, str]:
    digits = "".join(ch for ch in name if ch.isdigit())
    prefix = name[: len(name) - len(name.lstrip("0123456789"))]
    if prefix:
        return (0, int(prefix), name)
    return (1, int(digits) if digits else 0, name)
