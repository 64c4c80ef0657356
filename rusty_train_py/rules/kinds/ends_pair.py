"""The ``ends_pair`` bonus kind: once per route counting a stop of each side of a pair, the two
stops' icon values added (1846's East-West; 18 Los Angeles east-west or north-south). The
pair effect (effects.py), which the exact model states.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from ..bonus_kinds import BONUS_KINDS, BonusFacts, BonusKind
from ..effects import PairEffect
from ..facts import TrainTable
from ..params import KindParams
from ..registry import RuleDataError, shown, strings, table_of, whole


def _sides(v: Any, where: str) -> tuple[tuple[str, tuple[tuple[str, int], ...]], ...]:
    return table_of(table_of(whole(0)))(v, where)


def _pairs(v: Any, where: str) -> tuple[tuple[str, str], ...]:
    if not isinstance(v, list) or not v:
        raise RuleDataError(f"{where} should be a list of pairs of sides, got {shown(v)}")
    out = []
    for x in v:
        pair = strings(x, where)
        if len(pair) != 2:
            raise RuleDataError(f"{where} should be a list of pairs of sides, got {shown(x)}")
        out.append((pair[0], pair[1]))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class EndsPairParams(KindParams):
    sides: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]  # side -> hex -> value
    pairs: tuple[tuple[str, str], ...]


@BONUS_KINDS.register("ends_pair")
class EndsPairBonus(BonusKind[EndsPairParams]):
    """Once per route counting a stop of each side of a pair: the two stops' icon values
    added (1846 East-West; 18 Los Angeles east-west or north-south)."""

    Params = EndsPairParams
    keys = {"sides": _sides, "pairs": _pairs}

    def parse(self, table: Mapping[str, Any], where: str, hexes: Collection[str]) -> EndsPairParams:
        params = super().parse(table, where, hexes)
        for side, values in params.sides:
            for h, _ in values:
                if h not in hexes:
                    raise RuleDataError(f"{where}: side {side} names {h!r}, not a hex of the map")
        names = {s for s, _ in params.sides}
        for pair in params.pairs:
            if not set(pair) <= names:
                raise RuleDataError(f"{where}: a pair names two of the sides {sorted(names)}")
        return params

    def apply(self, bonus: BonusFacts, t: TrainTable, scale: int) -> None:
        p: EndsPairParams = bonus.params
        sides = {s: dict(v) for s, v in p.sides}
        options = []
        for x, y in p.pairs:
            a = {c: sides[x][t.centre_hex(c)] * scale for c in t.centres_on(sides[x])}
            b = {c: sides[y][t.centre_hex(c)] * scale for c in t.centres_on(sides[y])}
            if a and b:
                options.append((a, b))
        if options:
            t.add_effect(PairEffect(bonus.id, tuple(options)))
