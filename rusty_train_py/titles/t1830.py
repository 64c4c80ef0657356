"""1830: the Rusty Train import's cities of its tiles with two or more (Rust's order)."""

from __future__ import annotations

from .registry import CityEdges, TitleHome, title

CITIES: dict[str, CityEdges] = {
    "54": ((1, (2, 3)), (1, (0, 1))),
    "59": ((1, (2,)), (1, (4,))),
    "62": ((2, (2, 3)), (2, (0, 1))),
    "64": ((1, (0, 5)), (1, (2, 4))),
    "65": ((1, (0, 1)), (1, (2, 4))),
    "66": ((1, (2, 5)), (1, (3, 4))),
    "67": ((1, (0, 3)), (1, (2, 4))),
    "68": ((1, (1, 4)), (1, (2, 5))),
    "Detroit/Windsor": ((1, ()), (1, ())),
    "Hamilton/Toronto": ((1, ()), (1, ())),
    "Buffalo/Dunkirk": ((1, ()), (1, ())),
    "Trenton/Philadelphia": ((1, ()), (1, ())),
    "New York": ((1, (3,)), (1, (0,))),
}


@title("1830")
class Home1830(TitleHome):
    rusty_train_cities = CITIES
