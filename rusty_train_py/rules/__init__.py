"""The rules layer: train and bonus kinds, their parameters, route effects, per-game rules.

Importing it registers every kind (the modules of kinds/, on the bases in train_kinds.py and
bonus_kinds.py) and every game's own rules (games/).
"""

from . import bonus_kinds, games, kinds, train_kinds

__all__ = ["bonus_kinds", "games", "kinds", "train_kinds"]
