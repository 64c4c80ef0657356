"""18VA: Potomac Yards' token in a city's extra slot (the extra slot mechanism, extra_slot.py)."""

from __future__ import annotations

from .extra_slot import ExtraSlotPrivates
from .registry import TitleHome, title


class PotomacYards18VA(ExtraSlotPrivates):
    """18VA (tobymao/18xx g_18_va): Potomac Yards' token (P3) is an extra, nonblocking one
    beside the city's spaces."""

    EXTRA_SLOT_PRIVATES = frozenset({"P3"})


@title("18VA")
class Home18VA(TitleHome):
    specials = PotomacYards18VA
