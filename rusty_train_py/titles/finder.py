"""The finder's common rules every game follows unless its title's home says otherwise: the
hooks a title may wrap (a GameRules subclass named by its home), each calling the common rule
by default (tobymao/18xx puts these in the game's override of ``revenue_for``)."""

from __future__ import annotations

from ..rules.bonus_kinds import BonusFacts
from ..rules.facts import StopFacts, TrainTable


class GameRules:
    """The common rules. A game's subclass overrides a hook and calls ``super()`` for the
    common part, adding only its exception."""

    game_id = ""

    def __init__(self, phase_colours: tuple[str, ...] = ()):
        self.phase_colours = tuple(phase_colours)

    def valuation_key(self) -> tuple[object, ...]:
        """What the hooks' answers depend on beyond the stops and the train (a memo of path
        revenues keeps a table per key): the game and its phase's colours."""
        return (self.game_id, self.phase_colours)

    def stop_value(self, stop: StopFacts, value: int) -> int:
        """What ``stop`` pays before the train's rule (``value``: the printed value of the
        phase, or the train's column)."""
        return value

    def apply_bonus(self, bonus: BonusFacts, table: TrainTable, scale: int) -> None:
        """Add what ``bonus`` pays to the compiled train (its kind's rule)."""
        bonus.kind.apply(bonus, table, scale)
