"""What became of every train given to a search that has no paid route: left out by a
whole-run rule (18TN Civil War), riding with another route (a Pullman), or no route of it
earns anything on the track the others leave."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..base.money import DOLLARS, money
from .result import TrainRoute
from .runs import Run


def train_notes(
    given: Sequence[str],
    routes: Sequence[TrainRoute],
    optimal: bool,
    bonuses: Sequence[Any],
    riders: Sequence[Any],
    won: Run | None,
    currency: str = DOLLARS,
) -> tuple[str, ...]:
    """The notes for the trains ``given`` that ``routes`` (the answer) do not pay: ``won`` is
    the run the answer came from, ``bonuses`` the selected bonuses, ``riders`` the trains
    that ride with another route."""
    left = list(given)
    for r in routes:
        if r.train in left:
            left.remove(r.train)
    adjusting = [b for b in bonuses if b.kind.adjusts_run]
    why = "; ".join(
        b.name if b.name != b.id else f"{b.id}: {b.kind.left_out_because}" for b in adjusting
    )
    notes = []
    for rider in riders:
        left.remove(rider.name)
        rode = [(r.train, a) for r in routes for b, a in r.bonuses if b == rider.name]
        if rode:
            notes.append(
                f"{rider.name}: rides with the {rode[0][0]}'s route (+{money(rode[0][1], currency)})"
            )
        else:
            notes.append(f"{rider.name}: runs only with another route: it earns nothing here")
    for r in routes:
        if r.dropped:
            notes.append(
                f"{r.train}: runs for nothing ({money(r.revenue, currency)} not paid): {why}"
            )
    run_left_out = won is not None and len(won.variants) + len(
        [x for x in won.locked if x is not None]
    ) < len(given)
    for name in left:
        if adjusting and run_left_out:
            notes.append(f"{name}: runs for nothing (no route paid): {why}")
            run_left_out = False  # one train left out per run
        elif optimal:
            notes.append(f"{name}: no route: none earns anything on the track left to it")
        else:
            notes.append(f"{name}: no route found before the search stopped")
    return tuple(notes)
