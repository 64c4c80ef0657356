"""Hex grid geometry: orientations, faces (edges 0-5), corners, rotation, hex names and pixels.

Coordinates are "doubled" coordinates ``(x, y)`` as printed 18xx maps use them: every
existing hex has ``x + y`` of one parity. Edges are numbered 0-5 clockwise on a screen whose
y axis points down: on a flat-top map edge 0 is the bottom side, on a pointed-top map edge 0
is the lower-left side (the whole hex turned 30 degrees clockwise).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

from ..base.errors import DataError

SQRT3 = math.sqrt(3.0)


class HexAddressError(DataError):
    """A hex name or coordinate that does not exist on the map or cannot be parsed."""


class Orientation(Enum):
    FLAT = "flat"
    POINTY = "pointy"

    @property
    def base_angle(self) -> float:
        """Screen angle in degrees (y down, clockwise) of the middle of edge 0."""
        return 90.0 if self is Orientation.FLAT else 120.0


FACE_NAMES = {
    Orientation.FLAT: ("bottom", "lower_left", "upper_left", "top", "upper_right", "lower_right"),
    Orientation.POINTY: ("lower_left", "left", "upper_left", "upper_right", "right", "lower_right"),
}
# Corner k lies between edge k and edge k+1.
CORNER_NAMES = {
    Orientation.FLAT: ("bottom_left", "left", "top_left", "top_right", "right", "bottom_right"),
    Orientation.POINTY: ("lower_left", "upper_left", "top", "upper_right", "lower_right", "bottom"),
}

# Neighbour offsets in doubled coordinates, by edge.
NEIGHBOUR_DELTAS = {
    Orientation.FLAT: ((0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1), (1, 1)),
    Orientation.POINTY: ((-1, 1), (-2, 0), (-1, -1), (1, -1), (2, 0), (1, 1)),
}


def rotate_edge(edge: int, rotation: int) -> int:
    """The edge that ``edge`` becomes when its tile turns ``rotation`` sixths clockwise."""
    return (edge + rotation) % 6


def opposite_edge(edge: int) -> int:
    return (edge + 3) % 6


def face_name(orientation: Orientation, edge: int) -> str:
    return FACE_NAMES[orientation][edge % 6]


def face_by_name(orientation: Orientation, name: str) -> int:
    try:
        return FACE_NAMES[orientation].index(name)
    except ValueError:
        raise HexAddressError(f"unknown face {name!r} for {orientation.value} hexes") from None


def corner_name(orientation: Orientation, corner: int) -> str:
    return CORNER_NAMES[orientation][corner % 6]


def neighbour(orientation: Orientation, coord: tuple[int, int], edge: int) -> tuple[int, int]:
    """The doubled coordinate of the hex across ``edge`` of ``coord``."""
    dx, dy = NEIGHBOUR_DELTAS[orientation][edge % 6]
    return (coord[0] + dx, coord[1] + dy)


def edge_angle(orientation: Orientation, edge: float) -> float:
    """Screen angle (radians, clockwise from +x with y down) from the centre to edge ``edge``.

    Fractional edges such as 2.5 point at corners (2.5 = corner between edges 2 and 3).
    """
    return math.radians(orientation.base_angle + 60.0 * edge)


@dataclass(frozen=True, slots=True)
class HexLayout:
    """Pixel layout of a map: orientation and hex size (centre-to-corner radius)."""

    orientation: Orientation
    size: float = 50.0

    @property
    def inradius(self) -> float:
        return self.size * SQRT3 / 2.0

    def centre(self, coord: tuple[int, int]) -> tuple[float, float]:
        x, y = coord
        if self.orientation is Orientation.FLAT:
            return (x * 1.5 * self.size, y * self.inradius)
        return (x * self.inradius, y * 1.5 * self.size)

    def corner_offsets(self) -> list[tuple[float, float]]:
        """Corner points relative to the centre, corner 0 first."""
        return [
            (
                self.size * math.cos(edge_angle(self.orientation, k + 0.5)),
                self.size * math.sin(edge_angle(self.orientation, k + 0.5)),
            )
            for k in range(6)
        ]

    def corners(self, coord: tuple[int, int]) -> list[tuple[float, float]]:
        cx, cy = self.centre(coord)
        return [(cx + dx, cy + dy) for dx, dy in self.corner_offsets()]

    def edge_midpoint_offset(self, edge: float) -> tuple[float, float]:
        a = edge_angle(self.orientation, edge)
        return (self.inradius * math.cos(a), self.inradius * math.sin(a))

    def coord_at(self, px: float, py: float, parity: int = 0) -> tuple[int, int]:
        """The doubled coordinate of the hex containing pixel (px, py).

        ``parity`` is the map's parity of x + y (``Game.parity``: 1 for 1889).
        """
        # Shift an odd-parity lattice onto the even one, then axial conversion and back.
        odd = parity % 2
        if odd:
            if self.orientation is Orientation.FLAT:
                py -= self.inradius
            else:
                px -= self.inradius
        if self.orientation is Orientation.FLAT:
            q = (2.0 / 3.0 * px) / self.size
            r = (-1.0 / 3.0 * px + SQRT3 / 3.0 * py) / self.size
        else:
            q = (SQRT3 / 3.0 * px - 1.0 / 3.0 * py) / self.size
            r = (2.0 / 3.0 * py) / self.size
        q, r = _axial_round(q, r)
        if self.orientation is Orientation.FLAT:
            return (q, 2 * r + q + odd)
        return (2 * q + r + odd, r)


def _axial_round(q: float, r: float) -> tuple[int, int]:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)


# ---------------------------------------------------------------------------------------------
# Hex names


NUMBERS = ("rows", "columns")
MAX_HEX_NAME = 12  # letters and number of the longest name any map could print ("AAA-100")


def default_numbers(orientation: Orientation) -> str:
    """What the number of a hex name counts when a game does not say: rows on flat maps,
    columns on pointed-top maps (the 18xx.games default axes)."""
    return "rows" if orientation is Orientation.FLAT else "columns"


def letters_for(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA (bijective base 26); -1 -> a, -2 -> b ... -26 -> z.

    Lowercase letters name the rows (or columns) before A (18xx.games ``NEGATIVE_LETTERS``:
    1849 a12, 18 Los Angeles a5).
    """
    if index < 0:
        if index < -26:
            raise HexAddressError(f"letter index {index} is before z (-26)")
        return chr(ord("a") - index - 1)
    out = ""
    n = index + 1
    while n:
        n, rem = divmod(n - 1, 26)
        out = chr(ord("A") + rem) + out
    return out


def letters_index(letters: str) -> int:
    """The inverse of letters_for: ``A`` -> 0, ``AA`` -> 26, ``a`` -> -1, ``b`` -> -2."""
    if len(letters) == 1 and "a" <= letters <= "z":
        return -(ord(letters) - ord("a") + 1)
    n = 0
    for ch in letters:
        if not "A" <= ch <= "Z":
            raise HexAddressError(f"bad hex letters {letters!r}")
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n - 1


def parse_hex_name(name: str) -> tuple[str, int]:
    """Split ``"E5"`` into ``("E", 5)`` and ``"a12"`` into ``("a", 12)``.

    Case-sensitive: uppercase letters (``A``, ``AA``) count from 0, one lowercase letter is
    a row or column before ``A``. Raise HexAddressError for anything else (``"aA5"``,
    ``"ab5"``: mixed or several lowercase letters).
    """
    text = name.strip() if isinstance(name, str) else ""
    if len(text) > MAX_HEX_NAME:
        raise HexAddressError(
            f"bad hex address {_shown(name)}: {len(text):,} characters (hex names have at most"
            f" {MAX_HEX_NAME})"
        )
    i = 0
    while i < len(text) and text[i].isascii() and text[i].isalpha():
        i += 1
    letters, digits = text[:i], text[i:]
    number = digits[1:] if digits.startswith("-") else digits
    if (
        not letters
        or not (letters.isupper() or (len(letters) == 1 and letters.islower()))
        or not number
        or not (number.isascii() and number.isdigit())
    ):
        raise HexAddressError(
            f"bad hex address {_shown(name)}: expected letters then a number, e.g. E5"
        )
    return letters, int(digits)


def _shown(name: object) -> str:
    """``name`` for a message, cut to 40 characters."""
    text = repr(name) if isinstance(name, str) else f"of type {type(name).__name__}"
    return text if len(text) <= 42 else text[:40] + "..."


def _letters_are_columns(orientation: Orientation, numbers: str | None) -> bool:
    numbers = numbers or default_numbers(orientation)
    if numbers not in NUMBERS:
        raise HexAddressError(f"numbers should be 'rows' or 'columns', not {numbers!r}")
    return numbers == "rows"


def name_to_coord(
    orientation: Orientation, name: str, numbers: str | None = None
) -> tuple[int, int]:
    """Hex name as printed on the board -> doubled coordinate ``(x, y)``.

    ``numbers`` says what the number counts (``"rows"`` or ``"columns"``; None: the default
    of the orientation). Flat-top maps usually have the letter as the column and the number
    as the row, pointed-top maps the other way round; 1882, 18AL and 1849 are flat maps whose
    numbers are columns. The pixel layout (and so the neighbours by edge) depends only on
    the orientation.
    """
    letters, number = parse_hex_name(name)
    a, b = letters_index(letters), number - 1
    return (a, b) if _letters_are_columns(orientation, numbers) else (b, a)


def coord_to_name(
    orientation: Orientation, coord: tuple[int, int], numbers: str | None = None
) -> str:
    x, y = coord
    if _letters_are_columns(orientation, numbers):
        return f"{letters_for(x)}{y + 1}"
    return f"{letters_for(y)}{x + 1}"


def coord_to_offset(orientation: Orientation, coord: tuple[int, int]) -> tuple[int, int]:
    """Doubled coordinate -> (row, col) offset coordinate, before any per-game shift."""
    x, y = coord
    if orientation is Orientation.FLAT:
        return (y // 2, x)
    return (y, x // 2)


def offset_to_coord(orientation: Orientation, row: int, col: int, parity: int) -> tuple[int, int]:
    """(row, col) offset coordinate -> doubled coordinate on a map whose x + y has ``parity``."""
    if orientation is Orientation.FLAT:
        x = col
        y = 2 * row + ((parity - x) % 2)
        return (x, y)
    y = row
    x = 2 * col + ((parity - y) % 2)
    return (x, y)
