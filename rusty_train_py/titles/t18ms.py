"""18MS: the New Orleans token bonus is paid once per route (the finder's rule), and trains
rust by sets of operating rounds (the replay's).

The game's ``revenue_for`` adds ``hex_bonus_amount``: +10 to a route whose stops include
New Orleans I1 (18xx.games lib/engine/game/g_18_ms/game.rb; the reference route note: "+10 on
each of its routes whose paid stops include I1"). I1 holds a city and a town joined only to
it, and a route may count both: the common ``visit`` rule would pay +10 at each, so this
game pays it once, at the first counted stop on I1.
"""

from __future__ import annotations

from ..rules.bonus_kinds import BonusFacts
from ..rules.effects import OnceAtEffect
from ..rules.facts import TrainTable
from ..rules.kinds.visit import VisitParams
from .finder import GameRules
from .moves import Action, Moves
from .registry import TitleHome, title
from .specials import GameSpecials

NEW_ORLEANS_BONUS = "new_orleans"


class Rules18MS(GameRules):
    def apply_bonus(self, bonus: BonusFacts, table: TrainTable, scale: int) -> None:
        if bonus.id != NEW_ORLEANS_BONUS:
            super().apply_bonus(bonus, table, scale)
            return
        p: VisitParams = bonus.params
        at = frozenset(table.centres_on(p.at))
        if at:
            table.add_effect(OnceAtEffect(bonus.id, at, (p.amount or 0) * scale))


class RustByRound18MS(GameSpecials):
    """18MS: trains rust at the end of a set of operating rounds, not when a train is bought
    (``rust_after_or_sets``: the number of sets ended = the train that rusts), and a phase
    starts with an operating round (``phase_at_or``: the round's number = the phase). A set
    ends where the actions show the stock round starting (a par, shares bought, a bid, a
    player passing) after operating actions; a round ends there too, or where a company
    operates again after others did."""

    OPERATING = frozenset({"lay_tile", "run_routes", "dividend", "buy_train", "place_token"})
    STOCK = frozenset({"par", "buy_shares", "bid"})

    def __init__(self) -> None:
        self.in_or = False
        self.sets_ended = 0
        self.rounds = 0
        self.operated: set[str] = set()
        self.last_operator: str | None = None

    def before_action(self, r: Moves, a: Action) -> None:
        kind = a.get("type")
        player = a.get("entity_type") == "player"
        if self.in_or and (kind in self.STOCK or (kind == "pass" and player)):
            self.in_or = False
            self.sets_ended += 1
            rusting = r.table.rust_after_or_sets.get(str(self.sets_ended))
            if rusting:
                for owner in r.holders():
                    ids = r.trains_of(owner)
                    r.keep_trains(owner, [t for t in ids if r.train_name(t) != rusting])
        company = r.company(a.get("entity")) if a.get("entity_type") == "corporation" else None
        if kind not in self.OPERATING or company is None:
            return
        again = company.abbrev in self.operated and company.abbrev != self.last_operator
        if not self.in_or or again:
            self.rounds += 1
            self.operated = set()
            phase = r.table.phase_at_or.get(str(self.rounds))
            names = [p.name for p in r.game.phases]
            if phase in names and names.index(phase) > names.index(r.phase):
                r.set_phase(phase)
        self.in_or = True
        self.operated.add(company.abbrev)
        self.last_operator = company.abbrev


@title("18MS")
class Home18MS(TitleHome):
    rules = Rules18MS
    specials = RustByRound18MS
