"""1893: AGV and HGK founded from the minors (tobymao/18xx g_1893 game.rb ``form_mergable``):
each minor's token in its city becomes the founded corporation's, its trains go with it, and
the minor closes."""

from __future__ import annotations

from .moves import Action, Handler, Moves
from .registry import TitleHome, title
from .specials import GameSpecials

# the minors each corporation is founded from (G1893 mergers_agv, mergers_hgk; HdSK, the
# third of HGK's, is a private with no token or train)
MERGERS: dict[str, tuple[str, ...]] = {"AGV": ("EKB", "KSZ", "BKB"), "HGK": ("KFBE", "KBE")}


class Mergers1893(GameSpecials):
    """A merger round's votes (``special_buy`` actions, yes or no) found AGV or HGK when
    half the votes say yes; from phase 5 (AGV) and 6 (HGK) the next merger round founds
    it without a vote. The log does not say which vote decided, nor when a merger round
    without votes starts; what it shows is who acts next: after the votes, a corporation
    that acts before any of its minors does was founded by them. Founded without a vote,
    it is founded at its first action (its minors no longer act by then; the tokens in
    between are the minors' rather than its own, which no route of another company can
    tell apart)."""

    def __init__(self) -> None:
        self.founded: set[str] = set()
        self.voting = False

    def handlers(self) -> dict[str, Handler]:
        return {"special_buy": self.vote}

    def vote(self, r: Moves, a: Action) -> None:
        """A player's vote in a merger round (G1893 Step::Merger): nothing moves yet."""
        self.voting = True

    def before_action(self, r: Moves, a: Action) -> None:
        if self.voting and a.get("type") != "special_buy":
            self.voting = False
            for target in MERGERS:
                if target not in self.founded and self._acts_first(r, a, target):
                    self.found(r, target)
        company = r.company(a.get("entity"))
        if company is not None and company.abbrev in MERGERS:
            if company.abbrev not in self.founded:
                self.found(r, company.abbrev)

    @staticmethod
    def _acts_first(r: Moves, a: Action, target: str) -> bool:
        """Whether ``target`` acts, from action ``a`` on, before any of its minors does."""
        actions = r.kept_actions()
        start = next((i for i, b in enumerate(actions) if b is a), len(actions))
        for b in actions[start:]:
            company = r.company(b.get("entity"))
            if company is None:
                continue
            if company.abbrev == target:
                return True
            if company.abbrev in MERGERS[target]:
                return False
        return False

    def found(self, r: Moves, target: str) -> None:
        self.founded.add(target)
        r.home_placed(target)
        for minor in MERGERS[target]:
            r.move_tokens(minor, target)
            r.move_trains(minor, target)
            r.close(minor)


@title("1893")
class Home1893(TitleHome):
    specials = Mergers1893
