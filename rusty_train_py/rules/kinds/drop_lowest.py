"""The ``drop_lowest`` bonus kind: the lowest route is not paid when every train runs, and one
train alone earns nothing (18TN's Civil War). A rule of the run (``adjusts_run``): the finder
solves it as the best run of all trains but one (route/runs.py).
"""

from __future__ import annotations

from ..bonus_kinds import BONUS_KINDS, BonusKind
from ..params import KindParams


@BONUS_KINDS.register("drop_lowest")
class DropLowest(BonusKind[KindParams]):
    """The lowest route is not paid when every train runs; one train alone earns nothing
    (18TN Civil War). Solved as the best run of all trains but one."""

    Params = KindParams
    adjusts_run = True
    left_out_because = "the lowest route is not paid when every train runs"
