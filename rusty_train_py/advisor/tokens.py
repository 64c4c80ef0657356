"""Where a company may place one station token: a city its network reaches (``reach.py``),
with a free token space, on a hex where it has no token yet, while it has tokens left.

The token goes in the city's first free space. Token costs are not game data in this
project (``games/README.md`` has no key for them), so none is given: ``TOKEN_COST_NOTE``
says so rather than inventing one.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..mapstate.state import HexEdit, MapState
from .reach import Reach, company_reach

TOKEN_COST_NOTE = "the game data sets no token cost"


@dataclass(frozen=True, slots=True)
class TokenPlace:
    """One station token: ``space`` (the tile's token space index) of city node ``city`` on
    ``hex``."""

    hex: str
    space: int
    city: int

    def describe(self) -> str:
        return f"token on {self.hex} space {self.space}"

    def edit(self, state: MapState, company: str) -> HexEdit:
        """The map edit placing the token (one undo step)."""
        return state.place_token_edit(self.hex, self.space, company)


def legal_tokens(state: MapState, company: str, reach: Reach | None = None) -> list[TokenPlace]:
    """Every city where ``company`` may place a token now, in map order then city order."""
    game = state.game
    abbrev = game.company(company).abbrev
    if state.tokens_left(abbrev) <= 0:
        return []
    reach = reach if reach is not None else company_reach(state, abbrev)
    out = []
    for h in game.hex_order:
        held = state.tokens_at(h)
        if abbrev in held.values() or any(c == abbrev for _, c in state.extra_tokens_at(h)):
            continue  # a second token of the company on one hex
        tile, _ = state.tile_at(h)
        for city in tile.cities:
            if (h, city.index) not in reach.centres:
                continue
            free = [
                sp.index
                for sp in tile.token_spaces
                if sp.city == city.index and sp.index not in held
            ]
            if free:
                out.append(TokenPlace(h, free[0], city.index))
    return out
