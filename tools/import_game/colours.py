"""Company colours: the engine names them as CSS does (``darkmagenta``, ``#ff0``); the game
files take ``#rrggbb`` and a text colour of ``#ffffff`` or ``#000000``."""

from __future__ import annotations

from PySide6.QtGui import QColor  # a development tool: Qt knows every CSS colour name


def css_colour(name: str | None) -> str:
    colour = QColor(name or "gray")
    if not colour.isValid() and name and name.startswith("#"):
        colour = QColor(name[1:])  # a few titles write "#white"
    if not colour.isValid():
        raise ValueError(f"unknown colour {name!r}")
    return colour.name()


def _bright(hex_colour: str) -> bool:
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return (r * 299 + g * 587 + b * 114) / 1000 >= 128


def text_colour_for(background: str, given: str | None) -> str:
    """The game's own text colour when it gives one, else black on light, white on dark."""
    shade = css_colour(given) if given else background
    light = _bright(shade)
    if given:
        return "#ffffff" if light else "#000000"
    return "#000000" if light else "#ffffff"
