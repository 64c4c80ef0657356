"""1882's North West Rebellion and 1889's home tokens at each operating round's start."""

from __future__ import annotations

from typing import Any

from .replay import Handler, Replay
from .specials_base import GameSpecials, Lcg, register


@register("1882")
class Rebellion1882(GameSpecials):
    """1882: the North West Rebellion when the phase in ``rebellion_on`` starts (the first 6
    train of a type the set-up draws among ``rebellion_trains``, the engine's first random
    number): every yellow tile laid on a hex of ``rebellion_hexes`` goes back to the printed
    hex. The NWR private removing its owner's home token leaves a neutral token of
    ``neutral_token_company`` (CN) in its place."""

    def __init__(self) -> None:
        self.rebellion: str | None = None

    def setup(self, r: Replay) -> None:
        super().setup(r)
        trains = r.table.get("rebellion_trains", [])
        if trains:
            self.rebellion = str(trains[Lcg(r.log.seed).next() % len(trains)])

    def handlers(self) -> dict[str, Handler]:
        return {"remove_token": self.remove_token}

    def remove_token(self, r: Replay, a: dict[str, Any]) -> None:
        from .actions import remove_token

        hex_name, part = r.city_of(a.get("city"))
        owner = r.acting_company()
        remove_token(r, a)
        neutral = r.table.get("neutral_token_company")
        if owner is not None and neutral and owner.home is not None:
            if r.game.hex(owner.home).name == hex_name:
                slot = a.get("slot", 0)
                r.place_token(hex_name, r.city_space(hex_name, part, int(slot)), neutral)

    def on_first(self, r: Replay, train: str) -> None:
        if train != self.rebellion:
            return
        for hex_name in r.table.get("rebellion_hexes", []):
            name = r.hex_name(hex_name)
            if r.state.laid_tile(name) is None:
                continue
            tile, _ = r.state.tile_at(name)
            if tile.colour == "yellow":
                r.state.apply(r.state.remove_tile_edit(name))
                for tile_id, where in list(r.tile_hex.items()):
                    if where == name:
                        del r.tile_hex[tile_id]


@register("1889")
class OperatingRoundHomes(GameSpecials):
    """1889 (HOME_TOKEN_TIMING :operating_round): every floated corporation's home token
    goes down when an operating round starts. A corporation floats when ``float_percent``
    of it has been sold from the IPO: its president's share at its par, then the shares
    bought that were not in the market pool (shares sold go to the pool)."""

    PRESIDENT_PERCENT = 20
    OPERATING = frozenset({"lay_tile", "place_token", "run_routes", "dividend", "buy_train"})
    STOCK = frozenset({"par", "buy_shares", "sell_shares", "bid"})

    def __init__(self) -> None:
        self.sold: dict[str, float] = {}
        self.pool: set[str] = set()
        self.in_or = False

    def before_action(self, r: Replay, a: dict[str, Any]) -> None:
        kind, player = a.get("type"), a.get("entity_type") == "player"
        if kind in self.STOCK and player or (kind == "pass" and player):
            self.in_or = False
        elif kind in self.OPERATING and not self.in_or:
            self.in_or = True
            limit = float(r.table.get("float_percent", 60))
            for c in r.game.companies:
                if self.sold.get(c.abbrev, 0) >= limit:
                    r.place_home(c)
        if kind == "par":
            company = r.company(a.get("corporation"))
            if company is not None:
                self.sold[company.abbrev] = self.PRESIDENT_PERCENT
        shares = a.get("shares")
        if kind in ("buy_shares", "sell_shares") and isinstance(shares, list) and shares:
            each = float(a.get("percent", 10)) / len(shares)
            for share in map(str, shares):
                if kind == "sell_shares":
                    self.pool.add(share)
                elif share in self.pool:
                    self.pool.discard(share)
                else:
                    company = r.company(share.rsplit("_", 1)[0])
                    if company is not None:
                        self.sold[company.abbrev] = self.sold.get(company.abbrev, 0) + each
