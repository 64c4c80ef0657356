"""1846 and 18 Los Angeles (built on it): the seeded set-up removals, the minors, their
trains and tokens, bankruptcy."""

from __future__ import annotations

from typing import Any

from .replay import Handler, Replay
from .specials_base import GameSpecials, Lcg, register


@register("1846")
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

    def bid(self, r: Replay, a: dict[str, Any]) -> None:
        """The draft: a player taking a minor owns it (1846's draft has no auction)."""
        if a.get("company") in self.MINOR_TRAINS:
            self.owner[str(a["company"])] = a.get("entity")

    def par(self, r: Replay, a: dict[str, Any]) -> None:
        from .actions import par

        par(r, a)
        self.owner[str(a.get("corporation"))] = a.get("entity")

    def bankrupt(self, r: Replay, a: dict[str, Any]) -> None:
        """The president goes bankrupt: the corporation stays (in receivership, its tokens
        and trains kept); the minors the player owns close."""
        player = self.owner.get(str(a.get("entity")))
        for minor, owner in self.owner.items():
            company = r.company(minor)
            if minor in self.MINOR_TRAINS and owner == player and company is not None:
                r.close(company.abbrev)

    def setup(self, r: Replay) -> None:
        super().setup(r)
        lcg = Lcg(r.log.seed)
        edition = "first_ed" if "first_ed" in r.log.options else ""
        for _ in range(self.DRAWS_BEFORE[edition] + r.log.players):
            lcg.next()
        two = r.log.players == 2
        removals = 1 if two else max(0, 5 - r.log.players)
        removed = []
        for group in self.GROUPS_2P if two else self.GROUPS:
            removed += lcg.shuffled(list(group))[:removals]
        started = {
            a.get("corporation") for a, kept in zip(r.log.actions, r.log.kept, strict=True)
            if kept and a["type"] == "par"
        }  # fmt: skip
        for name in removed:
            company = r.company(name)
            if company is None:
                continue
            if name in started:
                r.warnings.append(
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
                r.depart(train_id, r.train_names[train_id])

    def buy_company(self, r: Replay, a: dict[str, Any]) -> None:
        from .actions import buy_company

        buy_company(r, a)
        minor = r.company(a.get("company"))
        buyer = r.acting_company()
        if minor is None or buyer is None or minor.kind != "minor":
            return
        r.move_trains(minor.abbrev, buyer.abbrev)
        for hex_name, space, owner in r.state.all_tokens():
            if owner == minor.abbrev:
                if buyer.abbrev in r.state.tokens_at(hex_name).values():
                    r.remove_token(hex_name, space)
        r.move_tokens(minor.abbrev, buyer.abbrev)

    def on_phase(self, r: Replay, phase: str) -> None:
        if phase == r.table.get("minors_close_on"):
            for minor in self.MINOR_TRAINS:
                company = r.company(minor)
                if company is not None:
                    r.close(company.abbrev)


@register("18LosAngeles")
class Setup18LosAngeles(Setup1846):
    """18 Los Angeles (built on 1846): at set-up every corporation with a fixed home places
    its home token, and the minors drafted (GT, OCR) start with a 2 train and a token (a
    minor nobody drafts closes); a corporation buying a minor takes its train and token. Its
    two-player removal of corporations is not followed (a warning says so)."""

    MINOR_TRAINS = {"GT": "2-0", "OCR": "2-1"}
    # two players: 2 of these are removed at random after the engine's 8 draws (the orange
    # and blue groups of privates, 4 each; read from the engine's generator state), each
    # leaving its home token and a second token
    DRAWS_18LA = 8
    GROUP_2P = ["ELA", "LA", "LAIR", "PER", "SF", "SP", "UP"]
    SECOND_TOKEN = {"ELA": "C4", "LA": "B9", "LAIR": "E6", "SF": "D11", "SP": "C6", "UP": "B13"}

    def setup(self, r: Replay) -> None:
        GameSpecials.setup(self, r)
        if r.log.players == 2:
            lcg = Lcg(r.log.seed)
            for _ in range(self.DRAWS_18LA):
                lcg.next()
            for name in lcg.shuffled(list(self.GROUP_2P))[:2]:
                company = r.company(name)
                second = self.SECOND_TOKEN.get(name)
                if company is None or second is None:
                    continue
                r.place_home(company)
                space = r.free_space(r.hex_name(second), 0)
                if space is not None:
                    r.place_token(r.hex_name(second), space, company.abbrev)
        drafted = {
            a.get("company") for a, kept in zip(r.log.actions, r.log.kept, strict=True)
            if kept and a["type"] == "bid"
        }  # fmt: skip
        for c in r.game.companies:
            if c.kind != "minor" and c.home is not None:
                r.place_home(c)
        for minor, train_id in self.MINOR_TRAINS.items():
            company = r.company(minor)
            if company is not None and minor in drafted:
                r.place_home(company)
                r.give_train(company.abbrev, train_id, r.train_name(train_id) or "2")
            r.depart(train_id, r.train_name(train_id) or "2")
