"""Runs: which trains run, and which train gets each bonus that pays one route of a run.

Most searches are one run: every train, each with the per-route bonuses. A bonus paid to one
route of the run (``once_per_run``: 1846 Mail Contract, 18AL Robert E. Lee) is handed to each
kind of train in turn; a whole-run adjustment (``adjusts_run``: 18TN Civil War drops the lowest
route) becomes the runs of all trains but one. The search solves each run exactly and keeps the
best, so no bound ever has to cover a non-additive bonus.

A train that rides with another route (``rides``: 18EU's Pullman) is handed out the same way
as a once-per-run bonus (``ride:`` and its name among the variant's extras); it is never placed
on a path, and with no other train it earns nothing.

A locked train (its route fixed by the player) is a kind of its own: it may get a
once-per-run bonus, and it may be the train a whole-run adjustment leaves out (its route still
runs and keeps its track, but is not paid).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from ..gamedata.game import Bonus, Game, TrainType

Variant = tuple[str, frozenset[str]]  # train name, the once-per-run bonuses it gets
RIDE = "ride:"  # an extra naming a train that rides with the variant's route


def rider_names(extra: frozenset[str]) -> list[str]:
    """The trains riding with a variant's route (from its extras)."""
    return sorted(x[len(RIDE) :] for x in extra if x.startswith(RIDE))


@dataclass(frozen=True)
class Run:
    variants: tuple[Variant, ...]  # the trains the search places
    # per locked train, in the order of the locks: its variant, or None when the run leaves
    # it out (paid nothing)
    locked: tuple[Variant | None, ...] = ()


def plan_runs(
    game: Game,
    trains: Sequence[TrainType],
    bonuses: Sequence[Bonus],
    locked: Sequence[TrainType] = (),
    riders: Sequence[TrainType] = (),
) -> list[Run]:
    """Every run to solve, in a fixed order (the first best one wins ties). ``trains``: the
    trains the search places; ``locked``: the trains whose routes are fixed; ``riders``: the
    trains riding with another route (each handed to one train of the run)."""
    names = [t.name for t in trains]
    order = [t.name for t in game.trains]

    # A slot is a train: (name, None) for a train the search places, (name, i) for lock i.
    def kind_key(kind: tuple[str, int | None]) -> tuple[bool, int, int]:
        name, lock = kind
        return (lock is not None, -1 if lock is None else lock, order.index(name))

    slots: list[tuple[str, int | None]] = [(n, None) for n in names]
    slots += [(t.name, i) for i, t in enumerate(locked)]
    slot_sets: list[list[tuple[str, int | None]]] = [slots]
    if any(b.kind.adjusts_run for b in bonuses):
        # all but one train (each kind left out once); one train alone earns nothing
        slot_sets = []
        for left_out in sorted(set(slots), key=kind_key):
            rest = list(slots)
            rest.remove(left_out)
            slot_sets.append(rest)
    once = sorted([b.id for b in bonuses if b.once_per_run] + [RIDE + t.name for t in riders])
    runs = []
    seen = set()
    for ss in slot_sets:
        kinds = sorted(set(ss), key=kind_key)
        for assign in product(kinds, repeat=len(once)) if kinds else [()]:
            extra: dict[tuple[str, int | None], set[str]] = {}
            for bid, kind in zip(once, assign, strict=False):
                extra.setdefault(kind, set()).add(bid)
            variants = []
            given: set[str] = set()
            for name in sorted((n for n, lock in ss if lock is None), key=order.index):
                if (name, None) in extra and name not in given:
                    variants.append((name, frozenset(extra[(name, None)])))
                    given.add(name)
                else:
                    variants.append((name, frozenset()))
            fixed: list[Variant | None] = []
            for i, t in enumerate(locked):
                if (t.name, i) in ss:
                    fixed.append((t.name, frozenset(extra.get((t.name, i), ()))))
                else:
                    fixed.append(None)
            key = (tuple(variants), tuple(fixed))
            if key not in seen:
                seen.add(key)
                runs.append(Run(tuple(variants), tuple(fixed)))
    return runs
