"""18JP-T: TR's second starting token (tobymao/18xx g_18_jpt game.rb ``place_home_token``):
when the engine puts Tobu's home token down (A77, at its first action), it puts its second
token in Kasukabe's city (``TR_SECOND_STARTING_TOKEN``, H76) too. The destination hexes that
pay double are data (games/hand/18JPT.toml, the ``company_double`` kind)."""

from __future__ import annotations

from .moves import Action, Moves
from .registry import TitleHome, title
from .specials import GameSpecials

SECOND_HOME = ("TR", "H76")  # the company and the hex of its second starting token


class Homes18JPT(GameSpecials):
    """Before TR's first action: its home token (the replay's own move) and the second one
    in H76's city, once."""

    def __init__(self) -> None:
        self.placed = False

    def before_action(self, r: Moves, a: Action) -> None:
        company = r.company(a.get("entity"))
        name, hex_name = SECOND_HOME
        if self.placed or company is None or company.abbrev != name:
            return
        if a.get("entity_type") != "corporation":
            return
        self.placed = True
        r.place_home(company)
        if name in r.tokens_at(hex_name).values():
            return
        space = r.free_space(hex_name, 0)
        if space is None:
            r.warn(f"{name}'s second home {hex_name}: no free token space")
            return
        r.place_token(hex_name, space, name)


@title("18JPT")
class Home18JPT(TitleHome):
    specials = Homes18JPT
