"""18 Los Angeles, 1st edition (tobymao/18xx g_18_los_angeles1: the 2nd edition's Game on its
own map, privates and corporations; its specials extend the 2nd edition's, t18losangeles.py):
no home token at set-up, the random removal of LA, SF or SP with fewer than five players, the
drafted minors."""

from __future__ import annotations

from .moves import Action, Handler, Moves
from .registry import TitleHome, title
from .specials import GameSpecials, Lcg
from .t18losangeles import Setup18LosAngeles


class Setup18LosAngeles1(Setup18LosAngeles):
    """18 Los Angeles 1st edition (G18LosAngeles1::Game): its ``post_setup`` places no home
    token (each corporation places its own when parred: ``home_token_timing = "par"``); with 4
    players one, with 2 or 3 players two of the green group (LA, SF, SP) are removed at random,
    each leaving its home token and a second token in the first city of its hex
    (``REMOVED_CORP_SECOND_TOKEN``, not deferred); the minors drafted (GT, OCR) start with a 2
    train and a token, as the 2nd edition's (a minor nobody drafts closes).

    Dewey, Cheatham, and Howe places its owner's token in a city with no open slot (a
    ``cheater`` token: City#get_slot takes a slot neither tokened nor reserved, else one more
    beyond the city's slots): a slot another corporation's reservation holds (ELA's Culver
    City, SF's Montebello, SP's Los Angeles, until phase IV or that corporation's token
    there) is no open slot. The replay puts such a token in the city's extra slot, and into the
    first space a later tile opens there (the engine's slot beyond the others becomes one of
    the new tile's)."""

    # the engine's draws before the green group is shuffled: one per private of the orange (2)
    # and the blue (3) groups, shuffled whatever the number of players (1846's
    # remove_from_group!: sort_by { rand }); checked against the engine's set-up for 2, 3 and 4
    # players and 12 seeds each (tools/engine_check)
    DRAWS_18LA1 = 5
    GREEN_GROUP = ["LA", "SF", "SP"]
    SECOND_TOKEN_18LA1 = {"LA": "B9", "SF": "C8", "SP": "C6"}

    CHEATER_PRIVATES = frozenset({"DC&H"})
    RESERVATIONS = {"C4": "ELA", "C8": "SF", "C6": "SP"}  # hex -> corporation (first city)
    RESERVATIONS_UNTIL = "IV"

    def __init__(self) -> None:
        super().__init__()
        self.reserved: dict[str, str] = {}  # hex -> the corporation holding its reservation
        self.cheaters: list[tuple[str, int, str]] = []  # (hex, city, company) in extra slots

    def handlers(self) -> dict[str, Handler]:
        return super().handlers() | {"place_token": self.place_token, "lay_tile": self.lay_tile}

    def _open_spaces(self, r: Moves, hex_name: str, city: int, company: str) -> int:
        """The spaces of the city ``company`` may take: free ones, less one another
        corporation's reservation holds."""
        tile, _ = r.tile_at(hex_name)
        taken = r.tokens_at(hex_name)
        node = tile.cities[city].index
        free = sum(1 for t in tile.token_spaces if t.city == node and t.index not in taken)
        holder = self.reserved.get(hex_name)
        held = city == 0 and holder is not None and holder != company
        return free - (1 if held else 0)

    def place_token(self, r: Moves, a: Action) -> None:
        hex_name, part = r.city_of(a.get("city"))
        company = r.acting_company()
        cheater = a.get("entity_type") == "company" and a.get("entity") in self.CHEATER_PRIVATES
        if company is not None and self.reserved.get(hex_name) == company.abbrev:
            del self.reserved[hex_name]  # the reservation is used
        if not cheater or company is None:
            r.common(a)
            return
        city = r.city_of_part(hex_name, part)
        if self._open_spaces(r, hex_name, city, company.abbrev) > 0:
            r.common(a)
            return
        r.place_extra_token(hex_name, city, company.abbrev)
        self.cheaters.append((hex_name, city, company.abbrev))

    def lay_tile(self, r: Moves, a: Action) -> None:
        r.common(a)
        for hex_name, city, company in list(self.cheaters):
            if self._open_spaces(r, hex_name, city, company) <= 0:
                continue
            space = r.free_space(hex_name, city)
            if space is None:
                continue
            r.remove_extra_token(hex_name, city, company)
            r.place_token(hex_name, space, company)
            self.cheaters.remove((hex_name, city, company))

    def on_phase(self, r: Moves, phase: str) -> None:
        super().on_phase(r, phase)
        if phase == self.RESERVATIONS_UNTIL:
            self.reserved.clear()

    @staticmethod
    def removals(players: int) -> int:
        """G18LosAngeles1::Game#num_removals for the green group."""
        return 0 if players >= 5 else 1 if players == 4 else 2

    def setup(self, r: Moves) -> None:
        GameSpecials.setup(self, r)
        self.reserved = {h: c for h, c in self.RESERVATIONS.items() if r.company(c) is not None}
        lcg = Lcg(r.seed)
        for _ in range(self.DRAWS_18LA1):
            lcg.next()
        for name in lcg.shuffled(list(self.GREEN_GROUP))[: self.removals(r.players)]:
            company = r.company(name)
            if company is None:
                continue
            self.reserved = {h: c for h, c in self.reserved.items() if c != name}
            r.place_home(company)
            hex_name = r.hex_name(self.SECOND_TOKEN_18LA1[name])
            space = r.free_space(hex_name, 0)
            if space is not None:
                r.place_token(hex_name, space, company.abbrev)
        self.start_minors(r)


@title("18LosAngeles1")
class Home18LosAngeles1(TitleHome):
    specials = Setup18LosAngeles1
