"""Runs: which trains run, and which train gets each bonus that pays one route of a run.

Most searches are one run: every train, each with the per-route bonuses. A bonus paid to one
route of the run (``once_per_run``: 1846 Mail Contract, 18AL Robert E. Lee) is handed to each
kind of train in turn; a whole-run adjustment (``adjusts_run``: 18TN Civil War drops the lowest
route) becomes the runs of all trains but one. The search solves each run exactly and keeps the
best, so no bound ever has to cover a non-additive bonus.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from ..game import Bonus, Game, TrainType

Variant = tuple[str, frozenset[str]]  # train name, the once-per-run bonuses it gets


@dataclass(frozen=True)
class Run:
    variants: tuple[Variant, ...]


def plan_runs(game: Game, trains: Sequence[TrainType], bonuses: Sequence[Bonus]) -> list[Run]:
    """Every run to solve, in a fixed order (the first best one wins ties)."""
    names = [t.name for t in trains]
    order = [t.name for t in game.trains]
    train_sets: list[list[str]] = [names]
    if any(b.kind.adjusts_run for b in bonuses):
        # all but one train (each kind left out once); one train alone earns nothing
        kinds = sorted(set(names), key=order.index)
        train_sets = []
        for left_out in kinds:
            rest = list(names)
            rest.remove(left_out)
            train_sets.append(rest)
    once = sorted(b.id for b in bonuses if b.once_per_run)
    runs = []
    seen = set()
    for ts in train_sets:
        kinds = sorted(set(ts), key=order.index)
        for assign in product(kinds, repeat=len(once)) if kinds else [()]:
            extra: dict[str, set[str]] = {}
            for bid, name in zip(once, assign, strict=False):
                extra.setdefault(name, set()).add(bid)
            variants = []
            given: set[str] = set()
            for name in sorted(ts, key=order.index):
                if name in extra and name not in given:
                    variants.append((name, frozenset(extra[name])))
                    given.add(name)
                else:
                    variants.append((name, frozenset()))
            key = tuple(variants)
            if key not in seen:
                seen.add(key)
                runs.append(Run(key))
    return runs
