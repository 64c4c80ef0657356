"""1836Jr30: the ports are worth nothing while only yellow tiles are allowed (phase 2).

Harwich E3, Dover G1 and Paris J2 print ``green_20|brown_30``; the 18xx.games engine pays a
stop its revenue for the phase's tile colour, which a port does not list in phase 2 (the
reference route note: "worth nothing while only yellow tiles are allowed"). The common rule
pays a revenue listing no colour of the phase its first column.
"""

from __future__ import annotations

from ..rules.facts import StopFacts
from .finder import GameRules
from .registry import TitleHome, title

PORTS = frozenset({"E3", "G1", "J2"})
PORT_COLOURS = frozenset({"green", "brown"})


class Rules1836Jr30(GameRules):
    def stop_value(self, stop: StopFacts, value: int) -> int:
        value = super().stop_value(stop, value)
        if stop.hex in PORTS and PORT_COLOURS.isdisjoint(self.phase_colours):
            return 0
        return value


@title("1836Jr30")
class Home1836Jr30(TitleHome):
    rules = Rules1836Jr30
