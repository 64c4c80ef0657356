"""How many trains a company may hold (the phase's ``train_limit``, games/README.md), and the
check of a route request against it: more trains than the game lets the company hold is
refused before any search starts, naming the limit and where the game data gives it.

Trains beyond the number of routes the company's stations could ever start never run: every
route counts a city holding the company's token and uses one of that city's track pieces,
which no other route may use, so at most ``MAX_EXITS`` routes per token. Copies of one
train beyond that are dropped (exact: the copies are interchangeable), which bounds the
search of a company whose limit is "no limit" (1861's national: 99).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..base.errors import EditError
from ..gamedata.game import Company, Game
from .state import MapState

MAX_EXITS = 6  # track pieces a city can touch: one per hex side


class TrainLimitError(EditError):
    """A request for more trains than the company may hold; the message says the limit."""


def train_limit(game: Game, company: Company, phase: str) -> tuple[int | None, str]:
    """The trains ``company`` may hold in ``phase`` and where that is read: the phase's own
    limit for the company's kind, else that of the latest earlier phase naming the kind
    (1867's minors are gone in phase 8), else the highest limit the game gives anyone (a
    kind the game never limits). None when the game gives no limit at all."""
    names = [p.name for p in game.phases]
    at = names.index(phase) if phase in names else len(names) - 1
    for i in range(at, -1, -1):
        limit = game.phases[i].train_limit
        if isinstance(limit, dict):
            limit = limit.get(company.kind)
        if isinstance(limit, int):
            where = f"phase {game.phases[i].name}"
            if i != at:
                where += f" (phase {names[at]} gives none for {company.kind}s)"
            return limit, where
    highest = [
        v
        for p in game.phases
        for v in (p.train_limit.values() if isinstance(p.train_limit, dict) else [p.train_limit])
        if isinstance(v, int)
    ]
    if not highest:
        return None, "no phase gives a train limit"
    return max(highest), f"the game's highest ({game.id} gives none for {company.kind}s)"


def check_train_count(
    state: MapState, company: str, trains: Sequence[str], warnings: list[str] | None = None
) -> list[str]:
    """``trains`` for a route request by ``company`` on ``state``: more than the company may
    hold in the map's phase is a TrainLimitError, or, given a ``warnings`` list, a warning
    appended to it (a table may hold one more for a moment, or the game data may be wrong);
    copies of a train beyond MAX_EXITS per station token on the map dropped (they could
    never run)."""
    game = state.game
    try:
        comp = game.company(company)
    except KeyError:
        return list(trains)  # the search names the unknown company
    limit, where = train_limit(game, comp, state.phase)
    if limit is not None and len(trains) > limit:
        message = (
            f"{comp.abbrev} may hold at most {limit} train{'s' if limit != 1 else ''} in"
            f" {game.id} phase {state.phase} ({comp.kind}; train_limit of {where} in"
            f" {game.source or game.id}), not {len(trains)}"
        )
        if warnings is None:
            raise TrainLimitError(message)
        warnings.append(message)
    runnable = max(1, MAX_EXITS * state.tokens_placed(comp.abbrev))
    kept: Counter[str] = Counter()
    out = []
    for t in trains:
        key = str(t).strip().upper()
        if kept[key] < runnable:
            kept[key] += 1
            out.append(t)
    return out
