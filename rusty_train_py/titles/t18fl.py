"""18FL: hotels pay double from phase 5 (the finder's rule); hotels, the Steamboat assigned
to the operating corporation, the hurricane, and the Terminal Company's extra token (the
replay's).

The game's ``hotel_value`` is $10, $20 while the phase has the status ``hotels_doubled``
(phases 5 and 6, the phases allowing brown tiles; tobymao/18xx g_18_fl game.rb). The
``hotels`` bonus (rules/kinds/hotels.py) states $10; this game pays it twice over when the
phase allows brown tiles.
"""

from __future__ import annotations

from ..rules.bonus_kinds import BonusFacts
from ..rules.facts import TrainTable
from ..rules.kinds.hotels import SEPARATOR
from .extra_slot import ExtraSlotPrivates
from .finder import GameRules
from .moves import Action, Handler, Moves
from .registry import TitleHome, title

HOTELS = "hotels"
DOUBLED_WITH = "brown"  # the first phase allowing brown tiles (5) doubles the hotels


class Rules18FL(GameRules):
    def apply_bonus(self, bonus: BonusFacts, table: TrainTable, scale: int) -> None:
        doubled = bonus.id == HOTELS and DOUBLED_WITH in self.phase_colours
        super().apply_bonus(bonus, table, scale * 2 if doubled else scale)


class Hotels18FL(ExtraSlotPrivates):
    """18FL (tobymao/18xx g_18_fl): a ``hex_token`` puts the corporation's hotel on a town
    (G18FL::Step::Token#process_hex_token); its routes earn the ``hotels`` bonus there. The
    Steamboat's ``assign`` pays the corporation whose turn it is (G18FL::Step::Assign: the
    next to act). The first 6 (or 3E) brings the hurricane (event_hurricane!): the tiles of
    the Florida Keys go back to the printed hexes and Key West's hotels are gone. The
    Terminal Company's token goes in the extra slot beside a city's spaces."""

    HOTELS = "hotels"  # the bonus id of games/hand/18FL.toml
    HURRICANE_ON = "6"  # the 3E is a variant of the 6: its purchase departs a 6
    HURRICANE_HEXES = ("M24", "M26")
    HOTELS_LOST = ("M24",)
    EXTRA_SLOT_PRIVATES = frozenset({"TC"})

    def __init__(self) -> None:
        super().__init__()
        self.hotels: dict[str, list[str]] = {}  # our company -> hexes of its hotels

    def handlers(self) -> dict[str, Handler]:
        return super().handlers() | {"hex_token": self.hex_token, "assign": self.assign}

    def hex_token(self, r: Moves, a: Action) -> None:
        company = r.acting_company()
        if company is None:
            r.warn(f"a hotel of {r.shown(a.get('entity'))}, none of our companies: not kept")
            return
        hexes = self.hotels.setdefault(company.abbrev, [])
        hex_name = r.hex_name(a.get("hex"))
        if hex_name not in hexes:
            hexes.append(hex_name)

    def assign(self, r: Moves, a: Action) -> None:
        r.common(a)
        operating = self.operating_at(r, a)
        if a.get("target_type") == "hex" and operating is not None:
            r.assign_to(str(a.get("entity")), operating)

    @staticmethod
    def operating_at(r: Moves, a: Action) -> str | None:
        """The corporation whose turn it is at action ``a``: the next one to act (the engine
        passes the turn on by itself when a corporation can do nothing more, so the last one
        to act may be done: the Steamboat of log 185897's action 46 pays SAL, not FECR)."""
        after = False
        for action in r.kept_actions():
            if action is a:
                after = True
            elif after and action.get("entity_type") == "corporation":
                entity = action.get("entity")
                return entity if isinstance(entity, str) else None
        return None

    def on_first(self, r: Moves, train: str) -> None:
        if train != self.HURRICANE_ON:
            return
        for hex_name in self.HURRICANE_HEXES:
            name = r.hex_name(hex_name)
            if r.laid_tile(name) is not None:
                r.remove_tile(name)
        for hexes in self.hotels.values():
            hexes[:] = [h for h in hexes if h not in self.HOTELS_LOST]

    def bonuses(self, r: Moves, company: str) -> list[str]:
        hexes = self.hotels.get(company)
        return [f"{self.HOTELS}:{SEPARATOR.join(hexes)}"] if hexes else []


@title("18FL")
class Home18FL(TitleHome):
    rules = Rules18FL
    specials = Hotels18FL
