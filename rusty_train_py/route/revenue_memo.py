"""Path revenues remembered across searches of one company on maps that differ a little (the
advisor scores one map per tile lay): a path's revenue for a train depends only on what its
stops are (hex, node, kind, value, token, other revenue columns, visit cost, name, a token
on the hex, the trains that alone may pass it) and its distance, so a path seen in an earlier search is not valued again.

A memo serves one game and one company; ``for_search`` keeps a table per choice of train
variants, bonuses, rule readings and phase colours, so searches for other trains get a table
of their own, and so does another phase: a game's own rules (titles/) may pay a stop by
the phase whatever its printed value (1836Jr30's ports pay nothing in phase 2, 20 in phase 3),
and a bonus paid for a token off the route (1894's London bonus) keys its table by that token.
``find_routes(..., revenue_memo=...)`` uses it; the results are the same with or without.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..gamedata.game import Bonus
from ..titles import GameRules
from .graph import TrackGraph

PathKey = tuple[tuple[int, ...], tuple[int, ...]]


class RevenueMemo:
    """Revenue per train variant of every path valued so far, by the identity of its stops."""

    def __init__(self) -> None:
        self._ids: dict[tuple[object, ...], int] = {}
        self._tables: dict[tuple[object, ...], dict[PathKey, tuple[int, ...]]] = {}

    def __len__(self) -> int:
        return sum(len(t) for t in self._tables.values())

    def for_search(
        self,
        graph: TrackGraph,
        variants: Sequence[tuple[str, frozenset[str]]],
        bonuses: Sequence[Bonus],
        readings: Mapping[str, Any],
        rules: GameRules,
    ) -> tuple[dict[PathKey, tuple[int, ...]], list[int]]:
        """The table for this choice of train variants, bonuses, readings and the game's rules
        (in their phase), and each centre's identity number on ``graph``."""
        choice = (
            tuple((name, tuple(sorted(extra))) for name, extra in variants),
            tuple(repr(b) for b in bonuses),
            tuple(sorted((k, repr(v)) for k, v in readings.items())),
            rules.valuation_key(),
            tuple(
                (h, any(c.token for c in graph.centres if c.hex == h))
                for b in bonuses
                for h in b.kind.token_hexes(b.params)
            ),
        )
        table = self._tables.setdefault(choice, {})
        ids = self._ids
        ident = []
        for c in graph.centres:
            key = (
                *(c.hex, c.node, c.kind, c.value, c.token, c.columns, c.visit_cost, c.name),
                *(c.hex_token, c.pass_only),  # 18SJ's E doubles tokened hexes, passes SJ's
            )
            ident.append(ids.setdefault(key, len(ids)))
        return table, ident
