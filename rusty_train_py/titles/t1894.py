"""1894's own actions (tobymao/18xx g_1894): ferry markers bought, the two home cities of
Ouest, Nord and CFOR, the late corporations' chosen homes, and the split brown cities whose
tokens the owners place again."""

from __future__ import annotations

import re

from .moves import Action, Handler, Moves
from .registry import TitleHome, title
from .specials import GameSpecials

FERRY_OPTION = "ferry"  # the marker bonus of games/hand/1894.toml


class Specials1894(GameSpecials):
    """- ``special_buy`` of a ferry marker: the corporation holds the ``ferry`` option;
    - Ouest, Nord and CFOR put a token on both their home hexes (place_home_token; our
      company has the first as its home);
    - a late corporation's home is the hex its president ``choose``s after the par (Paris:
      its second city, late_corporation_home_hex); its token goes down when it operates;
    - a brown tile splitting a green city (X16 to X24) takes every token off the hex; each
      owner places its token again in a city it chooses (UpdateTokens). Either city may be
      chosen, even a full one (a second token in a one-space city); our cities hold their
      printed spaces only, so such a city's space holds the token of the company acting
      (the one whose run is looked at) when it is one of the two, else the first's: the
      city is full for every other company either way, as in the engine."""

    SECOND_HOMES = {"Ouest": "E6", "Nord": "G14", "CFOR": "H3"}
    SPLIT_TILES = frozenset(f"X{n}" for n in range(16, 25))
    PARIS = "G6"

    def __init__(self) -> None:
        self.second_done: set[str] = set()
        self.last_par: str | None = None
        self.late_home: dict[str, str] = {}  # late corporation -> hex it chose
        self.lifted: dict[str, list[str]] = {}  # hex -> owners whose tokens were lifted
        self.shared: dict[tuple[str, int], list[str]] = {}  # (hex, space) -> its two owners

    def handlers(self) -> dict[str, Handler]:
        return {
            "special_buy": self.special_buy,
            "choose": self.choose,
            "lay_tile": self.lay_tile,
            "place_token": self.place_token,
        }

    def special_buy(self, r: Moves, a: Action) -> None:
        company = r.acting_company()
        if company is None or a.get("description") != "Ferry marker":
            r.warn("a special buy that is not a corporation's ferry marker: not replayed")
            return
        r.hold_option(company.abbrev, FERRY_OPTION)

    def choose(self, r: Moves, a: Action) -> None:
        m = re.search(r"\(([A-Z]+[0-9]+)\)\s*$", str(a.get("choice", "")))
        if m is None or self.last_par is None:
            r.warn("a choice that names no home hex after a par: not replayed")
            return
        self.late_home[self.last_par] = r.hex_name(m.group(1))

    def before_action(self, r: Moves, action: Action) -> None:
        if action.get("type") == "par":
            company = r.company(action.get("corporation"))
            self.last_par = company.abbrev if company is not None else None
        if action.get("entity_type") != "corporation":
            return
        company = r.company(action.get("entity"))
        if company is None:
            return
        self._share(r, company.abbrev)
        if company.abbrev in self.second_done:
            return
        abbrev = company.abbrev
        second = self.SECOND_HOMES.get(abbrev) or self.late_home.get(abbrev)
        if second is None:
            return
        self.second_done.add(abbrev)
        r.place_home(company)
        if any(c == abbrev for c in r.tokens_at(second).values()):
            return
        tile, _ = r.tile_at(second)
        order = [1, 0] if second == self.PARIS and len(tile.cities) > 1 else range(len(tile.cities))
        for city in order:
            space = r.free_space(second, city)
            if space is not None:
                r.place_token(second, space, abbrev)
                return
        r.warn(f"{abbrev}'s home {second}: no free token space")

    def lay_tile(self, r: Moves, a: Action) -> None:
        hex_name = r.hex_name(a.get("hex"))
        if r.tile_name(a.get("tile")) in self.SPLIT_TILES:
            tokens = r.tokens_at(hex_name)
            self.lifted[hex_name] = list(tokens.values())
            for space in list(tokens):
                r.remove_token(hex_name, space)
        r.common(a)

    def place_token(self, r: Moves, a: Action) -> None:
        company = r.acting_company()
        hex_name, part = r.city_of(a.get("city"))
        owners = self.lifted.get(hex_name, [])
        if company is None or company.abbrev not in owners:
            r.common(a)
            return
        owners.remove(company.abbrev)
        space = r.free_space_of_part(hex_name, part)
        if space is None:  # a second token in a full city: it shares the city's space
            space = r.city_space(hex_name, part, 0)
            holder = r.tokens_at(hex_name).get(space)
            if holder is not None:
                self.shared[(hex_name, space)] = [holder, company.abbrev]
            return
        r.place_token(hex_name, space, company.abbrev)

    def _share(self, r: Moves, acting: str) -> None:
        """Each shared space holds the acting company's token when it is one of its two."""
        for (hex_name, space), owners in list(self.shared.items()):
            tokens = r.tokens_at(hex_name)
            if tokens.get(space) not in owners:  # the tile or the tokens changed since
                del self.shared[(hex_name, space)]
                continue
            want = acting if acting in owners else owners[0]
            if tokens[space] != want:
                r.remove_token(hex_name, space)
                r.place_token(hex_name, space, want)


@title("1894")
class Home1894(TitleHome):
    specials = Specials1894
