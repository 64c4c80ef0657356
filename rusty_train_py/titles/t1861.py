"""1861: the family of 1867 (its mergers and nationalisations, t1867.py) with the RSR, the
national that operates and buys trains of its own; the Rusty Train import's tile cities."""

from __future__ import annotations

from .registry import CityEdges, TitleHome, title
from .t1867 import Mergers1867

CITIES: dict[str, CityEdges] = {
    "635": ((1, (0, 1)), (1, (2, 3)), (1, (4, 5))),
    "637": ((1, (0, 1)), (1, (2, 3)), (1, (4, 5))),
    "Moscow": ((1, (0,)), (1, (2,)), (1, (4,))),
    "Kiev": ((1, (0,)), (1, (2,)), (1, (4,))),
    "St Petersburg": ((1, (1,)), (1, (5,))),
}


@title("1861")
class Home1861(TitleHome):
    specials = Mergers1867
    rusty_train_cities = CITIES
