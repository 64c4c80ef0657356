"""The ``friendly_double`` train kind: a train counting every stop it visits (up to
``stops``, or without limit) whose stops on a hex where the company holds a city token pay
double (18SJ's E train: tobymao/18xx g_18_sj ``revenue_for`` adds, for an E train, the
revenue of every stop ``friendly_city?``, a hex with a city tokened by the train's owner).
Bonuses are not doubled. One file: its parameters and what a stop is worth to it; the
distance, the choice of stops and the exact model are those of the ``stops`` kind.
"""

from __future__ import annotations

from ..facts import StopFacts
from ..registry import whole
from ..train_kinds import TRAIN_RULES
from .stops import StopsParams, StopsTrain


@TRAIN_RULES.register("friendly_double")
class FriendlyDoubleTrain(StopsTrain):
    """As ``stops``; a stop on a hex holding the company's token pays double."""

    keys = {"stops": whole(1)}

    def row_multiplier(self, p: StopsParams, c: StopFacts) -> int:
        return 2 if c.hex_token else 1

    def describe(self, p: StopsParams) -> str:
        return super().describe(p) + ", stops on hexes holding the company's token doubled"
