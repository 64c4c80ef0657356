"""18DE: 1817 on a map of Germany (tobymao/18xx g_1817_de: its Game is g_1817's, revenue_for
and the log's steps included), followed by 1817's specials (t1817.py: UBC's bridge tokens on
Frankfurt and Dresden, MINC's and MAJC's coal mines, mergers and acquisitions, the depot's
export). Its own part: the modern trains option (``modern_trains``, both fixtures play it),
whose 7 and 8 trains earn 10 and 20 per counted city holding their company's token
(g_1817 ``revenue_for``): every company holds the ``modern_7`` and ``modern_8`` options of
games/hand/18DE.toml while the log's game has the option."""

from __future__ import annotations

from .moves import Action, Moves
from .registry import TitleHome, title
from .t1817 import Markers1817


class NamedBuyer1817(Markers1817):
    """1817's specials, with the buyer of an acquisition no action names read from the
    log's runs to come (18DE and 1877: Venezuela, whose home uses this class)."""

    def bid(self, r: Moves, a: Action) -> None:
        """A bid on another corporation while the one won before is still unnamed (its
        buyer's loan pass is recorded as the player's: G1817::Step::Acquire#post_win_bid
        bought it with no action): that one was acquired, by the corporation that runs one
        of its trains first (``named_by_run``)."""
        company = r.company(a.get("corporation"))
        if company is not None and self.auctioned not in (None, company.abbrev):
            self.unnamed.add(str(self.auctioned))
            self.auctioned = None
        super().bid(r, a)

    def before_action(self, r: Moves, action: Action) -> None:
        """1817's, and an acquired corporation no action has named the buyer of is taken
        over at once by the corporation that runs one of its trains first in the log (the
        engine's buyer: ``post_win_bid`` acquires with the winner's one corporation able
        to), not only at that run."""
        super().before_action(r, action)
        for target in sorted(self.unnamed):
            buyer = self.first_runner(r, target, action)
            if buyer is not None:
                self.unnamed.discard(target)
                self.absorb(r, buyer, target)

    @staticmethod
    def first_runner(r: Moves, target: str, action: Action) -> str | None:
        """The first corporation after ``action`` to run a train ``target`` holds now."""
        kept = r.kept_actions()
        start = next((i for i, a in enumerate(kept) if a is action), len(kept))
        for later in kept[start:]:
            if later.get("type") != "run_routes":
                continue
            runner = r.company(later.get("entity"))
            for route in later.get("routes") or []:
                train = route.get("train") if isinstance(route, dict) else None
                if isinstance(train, str) and r.owner_of_train(train) == target:
                    return None if runner is None or runner.abbrev == target else runner.abbrev
        return None


class Markers18DE(NamedBuyer1817):
    """The above, and the modern trains option for every company."""

    MODERN = ("modern_7", "modern_8")

    def bonuses(self, r: Moves, company: str) -> list[str]:
        return list(self.MODERN) if "modern_trains" in r.options else []


@title("18DE")
class Home18DE(TitleHome):
    specials = Markers18DE
