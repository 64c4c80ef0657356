"""18 Los Angeles (2nd edition; built on 1846, whose specials it extends: t1846.py): the
set-up's home tokens, the drafted minors and the two-player removals."""

from __future__ import annotations

from .moves import Moves
from .registry import TitleHome, title
from .specials import GameSpecials, Lcg
from .t1846 import Setup1846


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

    def setup(self, r: Moves) -> None:
        GameSpecials.setup(self, r)
        if r.players == 2:
            lcg = Lcg(r.seed)
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
        for c in r.game.companies:
            if c.kind != "minor" and c.home is not None:
                r.place_home(c)
        self.start_minors(r)

    def start_minors(self, r: Moves) -> None:
        """Each minor drafted (bid for) starts with its home token and its 2 train; the
        trains of the others leave the depot."""
        drafted = {a.get("company") for a in r.kept_actions() if a["type"] == "bid"}
        for minor, train_id in self.MINOR_TRAINS.items():
            company = r.company(minor)
            if company is not None and minor in drafted:
                r.place_home(company)
                r.give_train(company.abbrev, train_id, r.train_name(train_id) or "2")
            r.depart(train_id, r.train_name(train_id) or "2")


@title("18LosAngeles")
class Home18LosAngeles(TitleHome):
    specials = Setup18LosAngeles
