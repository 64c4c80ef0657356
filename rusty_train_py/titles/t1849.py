"""1849: the Messina earthquake and the privates a choice closes."""

from __future__ import annotations

from .moves import Action, Handler, Moves
from .registry import TitleHome, title
from .specials import GameSpecials


class Earthquake1849(GameSpecials):
    """1849: the Messina earthquake when the phase in ``earthquake_on`` starts: the tokens
    on ``earthquake_hex`` leave the game and the hex goes back to its printed tile. A
    ``choose`` closes a private ("Close SMS") or is about money (a loan, leaving the game)."""

    def handlers(self) -> dict[str, Handler]:
        return {"choose": self.choose}

    def choose(self, r: Moves, a: Action) -> None:
        choice = a.get("choice")
        if isinstance(choice, str) and choice.startswith("Close "):
            r.drop_private(choice.removeprefix("Close ").strip())

    def on_phase(self, r: Moves, phase: str) -> None:
        hex_name = r.table.earthquake_hex
        if phase != r.table.earthquake_on or not hex_name:
            return
        for space in list(r.tokens_at(hex_name)):
            r.remove_token(hex_name, space)
        r.remove_tile(hex_name)


@title("1849")
class Home1849(TitleHome):
    specials = Earthquake1849
