"""Games whose private company puts a token beside a city's spaces (an ``extra_slot``
token: 18FL's Terminal Company, 18VA's Potomac Yards), which our saves cannot hold, and
whose 5-share corporations convert to 10 shares (nothing on the map changes)."""

from __future__ import annotations

from typing import Any

from .replay import Handler, Replay
from .specials_base import GameSpecials, register


class ExtraSlotPrivates(GameSpecials):
    """The token of a private of ``EXTRA_SLOT_PRIVATES`` is named in a warning, not placed;
    a ``convert`` action changes nothing on the map."""

    EXTRA_SLOT_PRIVATES: frozenset[str] = frozenset()

    def handlers(self) -> dict[str, Handler]:
        return {"place_token": self.place_token, "convert": self.convert}

    def place_token(self, r: Replay, a: dict[str, Any]) -> None:
        from .actions import place_token

        if a.get("entity_type") == "company" and a.get("entity") in self.EXTRA_SLOT_PRIVATES:
            tokener, city = str(a.get("tokener"))[:20], str(a.get("city"))[:20]
            r.warn(
                f"{tokener}'s token of {a.get('entity')} in {city} sits beside the city's"
                " spaces (an extra slot, which our saves do not hold): not placed"
            )
            return
        place_token(r, a)

    def convert(self, r: Replay, a: dict[str, Any]) -> None:
        """A 5-share corporation becomes a 10-share one: nothing on the map changes."""


@register("18VA")
class PotomacYards18VA(ExtraSlotPrivates):
    """18VA (tobymao/18xx g_18_va): Potomac Yards' token (P3) is an extra, nonblocking one
    beside the city's spaces."""

    EXTRA_SLOT_PRIVATES = frozenset({"P3"})
