"""1822NRS's own actions and engine events in a replayed log (tobymao/18xx g_1822, g_1822_nrs):
1822's rules on the north of Great Britain, replayed as 1822MX's (its home's class) where the
two agree: the pullman, the private companies' trains, a major acquiring a minor, the
destination tokens the engine places by an auto action, a depot train bought under a stale id.

What 1822 does that 1822MX does not (G1822::Game, G1822::Round::Stock):

- Set-up: the private companies, concessions and minors in play (the title's
  ``STARTING_COMPANIES``; with two players ``STARTING_COMPANIES_TWOPLAYER``) are shuffled by
  the engine's random numbers (``sort_by { rand }``); the minors keep that order (no minor is
  put first: ``BIDDING_BOX_START_MINOR`` is nil).
- At each stock round's end the bid box of minors (the first four unsold) is settled: every
  minor there with no bid sends the depot's next L away, while the next is an L; if the first
  of them had no bid it closes and the depot's next train leaves too (its phase and rusting
  follow, ``phase.buying_train!``).
- LNWR (``TWO_HOME_CORPORATION``) puts its destination token in Manchester I22 when its home
  token goes down (``place_home_token``), in the first city there (a slot added if full).
"""

from __future__ import annotations

from .moves import Action, Handler, Moves
from .registry import TitleHome, title
from .specials import GameSpecials, Lcg
from .t1822mx import Specials1822MX

# the order of 1822's COMPANIES (G1822::Entities), which init_companies keeps
PRIVATE_ORDER = tuple(f"P{i}" for i in range(1, 22))
CONCESSION_ORDER = tuple(f"C{i}" for i in range(1, 11))
MINOR_ORDER = tuple(f"M{i}" for i in range(1, 31))


class Specials1822(Specials1822MX):
    """1822's replay on a map of its own; a member of the family names its companies."""

    NATIONAL = ""  # no national company
    START_MINOR: str | None = None  # the minor put first in the bid boxes (1822: M24)
    PRIVATES: frozenset[str] = frozenset()  # STARTING_COMPANIES: privates, concessions, minors
    TWO_PLAYER_PRIVATES: frozenset[str] | None = None  # STARTING_COMPANIES_TWOPLAYER
    PRIVATE_TRAINS = {"P1": "5P-0", "P3": "2P-0", "P4": "2P-1", "P19": "LP-0"}
    PULLMAN_PRIVATES = {"P13": "P+-0", "P14": "P+-1"}
    PULLMANS = tuple(PULLMAN_PRIVATES.values())
    DESTINATION_AT_HOME: dict[str, str] = {}
    TAX_HAVEN = "P16"  # COMPANY_OSTH: its choose_ability buys a share in a stock round  # a major placing its destination with its home

    def __init__(self) -> None:
        super().__init__()
        self.destined: set[str] = set()  # the majors whose home-time destination is down

    def setup(self, r: Moves) -> None:
        GameSpecials.setup(self, r)
        r.mark_gone(tuple(self.PRIVATE_TRAINS.values()))
        r.mark_gone(self.PULLMANS)
        play = self.PRIVATES
        if r.players == 2 and self.TWO_PLAYER_PRIVATES is not None:
            play = self.TWO_PLAYER_PRIVATES
        ids = [c for c in (*PRIVATE_ORDER, *CONCESSION_ORDER, *MINOR_ORDER) if c in play]
        order = [c for c in Lcg(r.seed).shuffled(ids) if c.startswith("M")]
        if self.START_MINOR is not None and self.START_MINOR in order:
            order.remove(self.START_MINOR)
            order.insert(0, self.START_MINOR)
        self.minors = order

    def stock_round_end(self, r: Moves) -> None:
        box = self.minors[: self.BIDBOX]
        bidless = [m for m in box if m not in self.bids]
        for m in box:
            if m in self.bids:
                self.minors.remove(m)
        for _ in bidless:  # remove_l_trains: while the depot's next is an L
            nxt = self.next_depot(r)
            if nxt is None or nxt[1] != self.LOCAL:
                break
            r.depart(*nxt)
        if box and box[0] in bidless:  # remove_minor_and_first_train
            nxt = self.next_depot(r)
            if nxt is not None:
                r.depart(*nxt)
            minor = r.company(box[0][1:])
            if minor is not None:
                r.close(minor.abbrev)
            self.minors.remove(box[0])
        self.bids = {}

    def national_open(self, r: Moves) -> bool:
        return False

    def handlers(self) -> dict[str, Handler]:
        out = super().handlers()
        for kind in ("payoff_player_debt", "payoff_player_debt_partial"):
            out[kind] = _money_only  # a player's loan repaid: nothing on the map
        return out

    def before_action(self, r: Moves, a: Action) -> None:
        if a.get("entity") == self.TAX_HAVEN and a.get("entity_type") == "company":
            return  # P16 buying a share for its owner: a stock round action
        super().before_action(r, a)
        company = r.company(a.get("entity")) if a.get("entity_type") == "corporation" else None
        if company is None or company.abbrev in self.destined:
            return
        hex_name = self.DESTINATION_AT_HOME.get(company.abbrev)
        if hex_name is None:
            return
        self.destined.add(company.abbrev)
        space = r.free_space(hex_name, 0)
        if space is None:  # the engine adds a slot to the full city: our extra slot
            r.place_extra_token(hex_name, 0, company.abbrev)
        else:
            r.place_token(hex_name, space, company.abbrev)
        r.grant_tokens(company.abbrev)  # the destination token, beyond the charter


def _money_only(r: Moves, a: Action) -> None:
    """An action that moves money only."""


class Specials1822NRS(Specials1822):
    """1822NRS: see the module's text."""

    PRIVATES = frozenset(
        [f"P{i}" for i in (1, 2, 3, 4, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16, 18, 19, 20, 21)]
        + [f"C{i}" for i in (1, 5, 6, 7, 8, 10)]
        + [f"M{i}" for i in (*range(1, 11), 15, 16, 26, 27, 28, 29)]
    )
    TWO_PLAYER_PRIVATES = frozenset(
        [f"P{i}" for i in (1, 2, 3, 4, 6, 7, 8, 9, 11, 12)]
        + [f"C{i}" for i in (1, 5, 6, 7, 8, 10)]
        + [f"M{i}" for i in (*range(1, 11), 15, 16, 26, 27, 28, 29)]
    )
    DESTINATION_AT_HOME = {"LNWR": "I22"}


@title("1822NRS")
class Home1822NRS(TitleHome):
    specials = Specials1822NRS
