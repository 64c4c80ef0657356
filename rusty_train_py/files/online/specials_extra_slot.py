"""Games whose private company puts a token beside a city's spaces (an ``extra_slot``
token: 18FL's Terminal Company, 18VA's Potomac Yards), placed in the city's extra slot, and
whose 5-share corporations convert to 10 shares (nothing on the map changes; 18VA's get two
more station tokens)."""

from __future__ import annotations

from typing import Any

from .replay import Handler, Replay, city_of_part
from .specials_base import GameSpecials, register


class ExtraSlotPrivates(GameSpecials):
    """The token of a private of ``EXTRA_SLOT_PRIVATES`` goes in the extra slot of the city
    the action names, as the token of the corporation it is placed for (the action's
    ``tokener``); a ``convert`` action changes nothing on the map."""

    EXTRA_SLOT_PRIVATES: frozenset[str] = frozenset()

    def handlers(self) -> dict[str, Handler]:
        return {"place_token": self.place_token, "convert": self.convert}

    def place_token(self, r: Replay, a: dict[str, Any]) -> None:
        from .actions import place_token

        if a.get("entity_type") != "company" or a.get("entity") not in self.EXTRA_SLOT_PRIVATES:
            place_token(r, a)
            return
        company = r.company(a.get("tokener")) or r.acting_company()
        if company is None:
            tokener = str(a.get("tokener"))[:20]
            r.warn(f"{a.get('entity')}'s token for {tokener}, none of our companies: not placed")
            return
        hex_name, part = r.city_of(a.get("city"))
        tile, _ = r.state.tile_at(hex_name)
        r.place_extra_token(hex_name, city_of_part(tile.code, part), company.abbrev)

    # the station tokens a 5-share corporation gets when it converts (18VA's two), and the
    # train whose first purchase converts every 5-share corporation left (forced_conversions)
    CONVERT_TOKENS = 0
    FIVE_SHARE: tuple[str, ...] = ()
    FORCED_ON: str | None = None

    def __init__(self) -> None:
        self.converted: set[str] = set()

    def convert(self, r: Replay, a: dict[str, Any]) -> None:
        """A 5-share corporation becomes a 10-share one: nothing on the map changes, but it
        may get more station tokens (``CONVERT_TOKENS``)."""
        company = r.company(a.get("entity"))
        if company is not None:
            self._convert(r, company.abbrev)

    def _convert(self, r: Replay, company: str) -> None:
        if not self.CONVERT_TOKENS or company in self.converted:
            return
        self.converted.add(company)
        r.state.grant_tokens(company, self.CONVERT_TOKENS)

    def on_first(self, r: Replay, train: str) -> None:
        if train == self.FORCED_ON:
            for name in self.FIVE_SHARE:
                company = r.company(name)
                if company is not None:
                    self._convert(r, company.abbrev)


@register("18VA")
class PotomacYards18VA(ExtraSlotPrivates):
    """18VA (tobymao/18xx g_18_va): Potomac Yards' token (P3) is an extra, nonblocking one
    beside the city's spaces; a 5-share corporation converting gets two more tokens (G18VA
    convert), all of them at the first 5 train (forced_conversions)."""

    EXTRA_SLOT_PRIVATES = frozenset({"P3"})
    CONVERT_TOKENS = 2
    FIVE_SHARE = ("C&O", "SR", "N&W", "WMR", "RFPR", "VR")
    FORCED_ON = "5"
