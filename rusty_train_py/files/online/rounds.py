"""The operating rounds of a log, counted from its actions (they hold no round numbers), and
the run points a log's runs are chosen by."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# a player's actions between operating rounds (a stock round, a merger round, an auction)
SHARE_DEALS = frozenset({"par", "buy_shares", "sell_shares", "bid", "pass"})
# a company's actions outside its turn (a train discarded over the limit), or no move at all
NOT_A_TURN = frozenset({"discard_train", "undo", "redo", "message"})
# a company's actions in a round between operating rounds (1867's mergers)
ROUND_BETWEEN = frozenset({"merge", "convert"})
# what only an operating round's turn does: after players acted, these start the next one
OPERATING = frozenset({"lay_tile", "run_routes", "buy_train", "dividend"})


@dataclass(frozen=True, slots=True)
class RunPoint:
    """A ``run_routes`` action: its id, the company and the routes as recorded."""

    action_id: int
    company: str
    routes: tuple[dict[str, Any], ...]
    round_no: int  # counts the operating rounds' turns for the picker (1 = the first run)
    # the operating round it is in, counted from the game's start (read from the actions:
    # Replay.count_turn); 0: unknown
    operating_round: int = 0

    def describe(self) -> str:
        """``Run 65: before C&O runs its trains (action 557, operating round 12)``."""
        where = f"action {self.action_id}" + (
            f", operating round {self.operating_round}" if self.operating_round else ""
        )
        return f"Run {self.round_no}: before {self.company} runs its trains ({where})"


@dataclass
class RoundCounter:
    """The operating rounds so far, the companies that had a turn in the last, whose turn it
    is, and whether players acted (a stock or merger round) since the last company's turn."""

    operating_round: int = 0
    round_pending: bool = False  # a round began: it counts at its first operating action
    had_turn: set[str] = field(default_factory=set)
    turn_of: str | None = None
    shares_dealt: bool = False

    def count(self, a: dict[str, Any]) -> None:
        """Count the operating rounds: players acting between companies' turns (a stock
        round, a merger round, the auction) end one, unless the company whose turn it was
        goes on (a president selling to buy a train); so does a company's second turn. A
        round counts once a company lays track, runs, pays or buys a train in it (a round
        of companies only passing is a merger round offered)."""
        who, kind = a.get("entity_type"), a.get("type")
        if who == "player" and kind in SHARE_DEALS:
            self.shares_dealt = True
            return
        entity = a.get("entity")
        if who not in ("corporation", "minor") or kind in NOT_A_TURN:
            return
        if kind in ROUND_BETWEEN:  # a merger round: the players' round goes on
            self.shares_dealt = True
            return
        if entity == self.turn_of:
            self.shares_dealt = False
        elif self.shares_dealt and kind not in OPERATING:
            return  # a home token chosen, a merger passed: still the players' round
        else:
            self.turn_of = str(entity)
            if self.shares_dealt or self.turn_of in self.had_turn or not self.operating_round:
                self.round_pending, self.shares_dealt, self.had_turn = True, False, set()
            self.had_turn.add(self.turn_of)
        if self.round_pending and kind in OPERATING:
            self.operating_round += 1
            self.round_pending = False
