"""1882: the North West Rebellion and the NWR private's neutral token."""

from __future__ import annotations

from .moves import Action, Handler, Moves
from .registry import TitleHome, title
from .specials import GameSpecials, Lcg


class Rebellion1882(GameSpecials):
    """1882: the North West Rebellion when the phase in ``rebellion_on`` starts (the first 6
    train of a type the set-up draws among ``rebellion_trains``, the engine's first random
    number): every yellow tile laid on a hex of ``rebellion_hexes`` goes back to the printed
    hex. The NWR private removing its owner's home token leaves a neutral token of
    ``neutral_token_company`` (CN) in its place."""

    def __init__(self) -> None:
        self.rebellion: str | None = None

    def setup(self, r: Moves) -> None:
        super().setup(r)
        trains = r.table.rebellion_trains
        if trains:
            self.rebellion = str(trains[Lcg(r.seed).next() % len(trains)])

    def handlers(self) -> dict[str, Handler]:
        return {"remove_token": self.remove_token}

    def remove_token(self, r: Moves, a: Action) -> None:
        hex_name, part = r.city_of(a.get("city"))
        owner = r.acting_company()
        r.common(a)
        neutral = r.table.neutral_token_company
        if owner is not None and neutral and owner.home is not None:
            if r.game.hex(owner.home).name == hex_name:
                slot = a.get("slot", 0)
                r.place_token(hex_name, r.city_space(hex_name, part, int(slot)), neutral)

    def on_first(self, r: Moves, train: str) -> None:
        if train != self.rebellion:
            return
        for hex_name in r.table.rebellion_hexes:
            name = r.hex_name(hex_name)
            if r.laid_tile(name) is None:
                continue
            tile, _ = r.tile_at(name)
            if tile.colour == "yellow":
                r.remove_tile(name)


@title("1882")
class Home1882(TitleHome):
    specials = Rebellion1882
