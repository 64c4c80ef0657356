"""The ``linked_port`` bonus kind: ports each linked to a city hex (18VA's ``PORT_TO_CITY``,
tobymao/18xx g_18_va ``check_port``: "Train cannot visit port without token in connecting
city"). A route may visit a port only while the company holds a token in the first city of
its linked hex; a train of ``pays_again`` counting a port earns the port and that city again,
their worth before other bonuses (18VA's ``freight_port_bonus``: freight trains double the
port and the first city of its linked hex). One file: its parameters, the barred ports as a
route effect (stated in the exact model) and the payment as a stop bonus at the port.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bonus_kinds import BONUS_KINDS, BonusFacts, BonusKind
from ..effects import BarredEffect
from ..facts import TrainTable
from ..params import KindParams
from ..registry import RuleDataError, strings, table_of, text


@dataclass(frozen=True, slots=True)
class LinkedPortParams(KindParams):
    ports: tuple[tuple[str, str], ...]  # port hex -> its linked city hex
    pays_again: tuple[str, ...] | None = None  # trains whose port and city pay twice


def _ports(v: object, where: str) -> tuple[tuple[str, str], ...]:
    return table_of(text)(v, where)


@BONUS_KINDS.register("linked_port")
class LinkedPortBonus(BonusKind[LinkedPortParams]):
    """Ports open to the routes of a company holding a token in their linked hex's first
    city; the trains of ``pays_again`` earn a port and that city twice."""

    Params = LinkedPortParams
    keys = {"ports": _ports, "pays_again": strings}
    hex_keys = ("ports",)

    def check(self, p: LinkedPortParams, where: str) -> None:
        for port, city in p.ports:
            if port == city:
                raise RuleDataError(f"{where}: port {port} is linked to itself")

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p: LinkedPortParams = bonus.params
        again = t.train_name.upper() in {x.upper() for x in p.pays_again or ()}
        barred: set[int] = set()
        for port_hex, city_hex in p.ports:
            ports = t.centres_on((port_hex,))
            first = [c for c in t.centres_on((city_hex,)) if t.is_city[c]][:1]
            if not first or not t.token[first[0]]:
                barred.update(ports)
                continue
            if again:
                for port in ports:
                    amount = (t.base_worth[port] + t.base_worth[first[0]]) * scale
                    t.add_centre_bonus(port, bonus.id, amount)
        if barred:
            t.add_effect(BarredEffect(bonus.id, frozenset(barred)))
