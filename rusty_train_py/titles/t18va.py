"""18VA: Potomac Yards' token in a city's extra slot (the extra slot mechanism, extra_slot.py)."""

from __future__ import annotations

from .extra_slot import ExtraSlotPrivates
from .registry import TitleHome, title


class PotomacYards18VA(ExtraSlotPrivates):
    """18VA (tobymao/18xx g_18_va): Potomac Yards' token (P3) is an extra, nonblocking one
    beside the city's spaces; a 5-share corporation converting gets two more tokens (G18VA
    convert), all of them at the first 5 train (forced_conversions)."""

    EXTRA_SLOT_PRIVATES = frozenset({"P3"})
    CONVERT_TOKENS = 2
    FIVE_SHARE = ("C&O", "SR", "N&W", "WMR", "RFPR", "VR")
    FORCED_ON = "5"


@title("18VA")
class Home18VA(TitleHome):
    specials = PotomacYards18VA
