"""1846 (and the family of 18 Los Angeles, built on it: t18losangeles.py): the seeded set-up removals, the minors, their
trains and tokens, bankruptcy."""

from __future__ import annotations

from .moves import Action, Handler, Moves
from .registry import TitleHome, title
from .specials import GameSpecials, Lcg


class Setup1846(GameSpecials):
    """1846: the set-up removes corporations at random (the engine's seeded draws; a removed
    corporation's home token stays as a blocker), the two minors start with a 2 train and a
    token, a corporation buying a minor takes its train and its token (or drops the token
    where it has one), and the minors close when the phase in ``minors_close_on`` starts."""

    # the engine's draws before the corporation removal: one per player, then 10 (first
    # edition) or 12, then one per private of the orange and blue groups (3 and 3 in the
    # first edition, 4 and 4 in the second): read from the engine's generator state in
    # every fixture (tools/engine_check)
    DRAWS_BEFORE = {"first_ed": 16, "": 20}
    GROUPS = (["C&O", "ERIE", "PRR"],)
    GROUPS_2P = (["ERIE", "GT", "NYC", "PRR"], ["B&O", "C&O", "IC"])
    MINOR_TRAINS = {"MS": "2-0", "BIG4": "2-1"}

    def __init__(self) -> None:
        self.owner: dict[str, object] = {}  # minor or corporation -> the player owning it

    def handlers(self) -> dict[str, Handler]:
        return {
            "buy_company": self.buy_company,
            "bid": self.bid,
            "par": self.par,
            "bankrupt": self.bankrupt,
        }

    def bid(self, r: Moves, a: Action) -> None:
        """The draft: a player taking a minor owns it (1846's draft has no auction)."""
        if a.get("company") in self.MINOR_TRAINS:
            self.owner[str(a["company"])] = a.get("entity")

    def par(self, r: Moves, a: Action) -> None:
        r.common(a)
        self.owner[str(a.get("corporation"))] = a.get("entity")

    def bankrupt(self, r: Moves, a: Action) -> None:
        """The president goes bankrupt: the corporation stays (in receivership, its tokens
        and trains kept); the minors the player owns close."""
        player = self.owner.get(str(a.get("entity")))
        for minor, owner in self.owner.items():
            company = r.company(minor)
            if minor in self.MINOR_TRAINS and owner == player and company is not None:
                r.close(company.abbrev)

    def setup(self, r: Moves) -> None:
        super().setup(r)
        lcg = Lcg(r.seed)
        edition = "first_ed" if "first_ed" in r.options else ""
        for _ in range(self.DRAWS_BEFORE[edition] + r.players):
            lcg.next()
        two = r.players == 2
        removals = 1 if two else max(0, 5 - r.players)
        removed = []
        for group in self.GROUPS_2P if two else self.GROUPS:
            removed += lcg.shuffled(list(group))[:removals]
        started = {a.get("corporation") for a in r.kept_actions() if a["type"] == "par"}
        for name in removed:
            company = r.company(name)
            if company is None:
                continue
            if name in started:
                r.setup_warning(
                    f"set-up: the replay removes {name} at random as the engine does, but the"
                    " log starts it: its home token is not placed as a blocker"
                )
                continue
            r.place_home(company)
        for minor, train_id in self.MINOR_TRAINS.items():
            company = r.company(minor)
            if company is not None:
                r.place_home(company)
                r.give_train(company.abbrev, train_id, r.train_name(train_id) or "2")
                r.depart(train_id, r.train_name(train_id) or "2")

    def buy_company(self, r: Moves, a: Action) -> None:
        r.common(a)
        minor = r.company(a.get("company"))
        buyer = r.acting_company()
        if minor is None or buyer is None or minor.kind != "minor":
            return
        r.move_trains(minor.abbrev, buyer.abbrev)
        for hex_name, space, owner in r.all_tokens():
            if owner == minor.abbrev:
                if buyer.abbrev in r.tokens_at(hex_name).values():
                    r.remove_token(hex_name, space)
        r.move_tokens(minor.abbrev, buyer.abbrev)

    def on_phase(self, r: Moves, phase: str) -> None:
        if phase == r.table.minors_close_on:
            for minor in self.MINOR_TRAINS:
                company = r.company(minor)
                if company is not None:
                    r.close(company.abbrev)


@title("1846")
class Home1846(TitleHome):
    specials = Setup1846
