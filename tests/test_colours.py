"""Route colours: far apart for colour-blind players, and apart from every map colour."""

from __future__ import annotations

import itertools
import math

import pytest

from rusty_train_py.render.colours import HEX_FILL, PHASE_FILL, ROUTE_COLOURS

# Machado, Oliveira and Fernandes (2009), severity 1.0, on linear RGB.
CVD = {
    "normal": None,
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def seen(colour: str, vision: str) -> tuple[float, float, float]:
    """CIE Lab of ``colour`` as seen with ``vision``."""
    rgb = [_linear(int(colour[i : i + 2], 16) / 255) for i in (1, 3, 5)]
    m = CVD[vision]
    if m is not None:
        rgb = [min(1.0, max(0.0, sum(m[i][j] * rgb[j] for j in range(3)))) for i in range(3)]
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


def distance(a: str, b: str, vision: str) -> float:
    return math.dist(seen(a, vision), seen(b, vision))


@pytest.mark.parametrize("vision", list(CVD))
def test_the_first_four_route_colours_stay_far_apart(vision):
    pairs = itertools.combinations(ROUTE_COLOURS[:4], 2)
    assert min(distance(a, b, vision) for a, b in pairs) >= 25


@pytest.mark.parametrize("vision", list(CVD))
def test_all_route_colours_differ(vision):
    pairs = itertools.combinations(ROUTE_COLOURS, 2)
    assert min(distance(a, b, vision) for a, b in pairs) >= 12


@pytest.mark.parametrize("vision", list(CVD))
def test_no_route_colour_looks_like_a_tile_or_offboard(vision):
    fills = [*HEX_FILL.values(), *PHASE_FILL.values()]
    assert min(distance(r, f, vision) for r in ROUTE_COLOURS for f in fills) >= 15


def test_the_measure_rejects_the_old_red_on_red():
    """The window's old train 2 red against the red off-boards (issue 9)."""
    assert distance("#d7301f", HEX_FILL["red"], "normal") < 15
