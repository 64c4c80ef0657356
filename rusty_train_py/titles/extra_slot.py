"""The extra slot, shared by titles whose private company puts a token beside a city's spaces
(an ``extra_slot`` token: 18FL's Terminal Company, 18VA's Potomac Yards), placed in the
city's extra slot, and whose 5-share corporations convert to 10 shares (nothing on the map
changes, but they may get more station tokens). A title's home names its privates
(``EXTRA_SLOT_PRIVATES``) and what converting gives (``CONVERT_TOKENS``, ``FIVE_SHARE``,
``FORCED_ON``)."""

from __future__ import annotations

from .moves import Action, Handler, Moves
from .specials import GameSpecials


class ExtraSlotPrivates(GameSpecials):
    """The token of a private of ``EXTRA_SLOT_PRIVATES`` goes in the extra slot of the city
    the action names, as the token of the corporation it is placed for (the action's
    ``tokener``); a ``convert`` action changes nothing on the map."""

    EXTRA_SLOT_PRIVATES: frozenset[str] = frozenset()

    def handlers(self) -> dict[str, Handler]:
        return {"place_token": self.place_token, "convert": self.convert}

    def place_token(self, r: Moves, a: Action) -> None:
        if a.get("entity_type") != "company" or a.get("entity") not in self.EXTRA_SLOT_PRIVATES:
            r.common(a)
            return
        company = r.company(a.get("tokener")) or r.acting_company()
        if company is None:
            tokener = str(a.get("tokener"))[:20]
            r.warn(f"{a.get('entity')}'s token for {tokener}, none of our companies: not placed")
            return
        hex_name, part = r.city_of(a.get("city"))
        r.place_extra_token(hex_name, r.city_of_part(hex_name, part), company.abbrev)

    # the station tokens a 5-share corporation gets when it converts (18VA's two), and the
    # train whose first purchase converts every 5-share corporation left (forced_conversions)
    CONVERT_TOKENS = 0
    FIVE_SHARE: tuple[str, ...] = ()
    FORCED_ON: str | None = None

    def __init__(self) -> None:
        self.converted: set[str] = set()

    def convert(self, r: Moves, a: Action) -> None:
        """A 5-share corporation becomes a 10-share one: nothing on the map changes, but it
        may get more station tokens (``CONVERT_TOKENS``)."""
        company = r.company(a.get("entity"))
        if company is not None:
            self._convert(r, company.abbrev)

    def _convert(self, r: Moves, company: str) -> None:
        if not self.CONVERT_TOKENS or company in self.converted:
            return
        self.converted.add(company)
        r.grant_tokens(company, self.CONVERT_TOKENS)

    def on_first(self, r: Moves, train: str) -> None:
        if train == self.FORCED_ON:
            for name in self.FIVE_SHARE:
                company = r.company(name)
                if company is not None:
                    self._convert(r, company.abbrev)
