"""1849 Boot (1849: Kingdom of the Two Sicilies): the Avezzano earthquake, a corporation the
market closed started again, and 1849's private closing choices (tobymao/18xx
``G1849Boot::Game``, a ``G1849::Game``)."""

from __future__ import annotations

from .moves import Action, Handler, Moves
from .registry import TitleHome, title
from .t1849 import Earthquake1849

# G1849Boot#event_earthquake! (the first 12H train): Avezzano loses its track to Rome and pays
# 10; the engine lays a new gray tile it names after the hex (AVZ_CODE: the code-made tile C7
# of tiles/1849Boot.tiles, tools/import_game's --code-tile)
EARTHQUAKE_ON = "12H"
AVEZZANO = "C7"


class Avezzano1849Boot(Earthquake1849):
    """1849's ``choose`` (a private closed); the earthquake is Avezzano's, not Messina's: when
    the 12H phase starts, the gray tile C7 replaces the printed Avezzano.

    A corporation whose share price falls into the market's close cell closes (the engine's
    ``close_corporations_in_close_cell!``, G1849#close_corporation: it may be started again).
    The log holds no action for it and the replay keeps no share prices, so the close is
    seen at the ``par`` that starts it again: a corporation parred while it still holds
    tokens or trains closes first (its tokens leave the map, its trains the game), then
    places its home token as any par does."""

    def handlers(self) -> dict[str, Handler]:
        return {**super().handlers(), "par": self.par}

    def par(self, r: Moves, a: Action) -> None:
        company = r.company(a.get("corporation"))
        if company is not None:
            abbrev = company.abbrev
            if r.trains_of(abbrev) or any(c == abbrev for _, _, c in r.all_tokens()):
                r.close(abbrev)
        r.common(a)

    def on_phase(self, r: Moves, phase: str) -> None:
        if phase == EARTHQUAKE_ON:
            r.lay(AVEZZANO, AVEZZANO, 0)


@title("1849Boot")
class Home1849Boot(TitleHome):
    specials = Avezzano1849Boot
