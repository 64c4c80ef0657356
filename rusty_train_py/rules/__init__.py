"""The rules layer: train and bonus kinds, their parameters, route effects, per-game rules.

Importing it registers every kind (train_kinds.py, bonus_kinds.py and the files of kinds/)
and every game's own rules (games/).
"""

from . import bonus_kinds, games, kinds, train_kinds

__all__ = ["bonus_kinds", "games", "kinds", "train_kinds"]
