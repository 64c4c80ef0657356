"""Why no plan joins a target (Qt-free): the first of the reasons that holds, found by
lifting one restriction of the relaxed graph (``relaxed.py``) at a time."""

from __future__ import annotations

from ..advisor.reach import Reach, passable_nodes
from ..grid.tile import NodeKind
from ..mapstate.state import MapState
from .relaxed import INF, exhausted_tiles, relaxed_bounds


def _blocked_cities(state: MapState, passable: dict[tuple[str, int], bool]) -> list[str]:
    out = []
    for (h, n), ok in passable.items():
        if not ok and state.tile_at(h)[0].nodes[n].kind is NodeKind.CITY and h not in out:
            out.append(h)
    return out


def _exhausted_tiles(state: MapState) -> list[str]:
    """The placeable tiles of the phase's colours with no copy left, in catalogue order."""
    gone = exhausted_tiles(state)
    return [
        t.name
        for t in state.game.placeable_tiles
        if t.name in gone and t.colour in state.phase_colours
    ]


def explain_unreachable(
    state: MapState, company: str, targets: frozenset[str], reach: Reach, searched: bool
) -> str:
    """The reason no plan joins ``targets``; ``searched``: the relaxed graph reached them
    but no sequence of legal lays did."""
    names = ", ".join(sorted(targets))
    passable, _ = passable_nodes(state, company)
    if not searched:
        if (
            relaxed_bounds(
                state, passable, reach.sides, targets, reach.token_hexes, counts=False
            ).lays
            != INF
        ):
            gone = _exhausted_tiles(state)
            return (
                f"{names}: no copy is left of the tiles the track there needs"
                f" (none left of {', '.join(gone)})"
            )
        blocked = _blocked_cities(state, passable)
        if blocked:
            free = {k: True for k in passable}
            if relaxed_bounds(state, free, reach.sides, targets, reach.token_hexes).lays != INF:
                return (
                    f"{names}: every way there passes a city full of other companies' tokens"
                    f" ({', '.join(blocked)})"
                )
        game = state.game
        last = game.phases[-1].name
        if state.phase != last:
            later = state.copy()
            later.phase = last
            if relaxed_bounds(later, passable, reach.sides, targets, reach.token_hexes).lays != INF:
                return (
                    f"{names}: phase {state.phase} allows only {', '.join(state.phase_colours)}"
                    " tiles; the track there needs a later colour"
                )
        return (
            f"{names}: no track can get there from {company}'s network (impassable borders,"
            " water, off-boards, full grey hexes or the map's edge are in the way)"
        )
    gone = _exhausted_tiles(state)
    if gone:
        return (
            f"{names}: no sequence of legal lays gets there; no copy is left of tile"
            f" {', '.join(gone)}"
        )
    return (
        f"{names}: no sequence of legal lays gets there (the tiles of phase {state.phase}"
        " cannot join the track on the way: colours, labels, kept track or exits)"
    )
